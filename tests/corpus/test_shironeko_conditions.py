"""Mechanics corpus, Shironeko, step 2 (docs/card-language-design.md): one scenario test per card
of tests/corpus/shironeko/conditions.toml, the optional decision's words and encoding, and the
load errors particular to Shironeko."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, load_error_cases
from ..games.shironeko.harness import DECK, can, decision, do, unit, with_decks, zone

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "conditions.toml"
RED = "F-T-RED"

#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


# --- CS-01: optional draw, then mill if_done ------------------------------------------------------

def test_cs01_you_may_draw_and_if_you_do_mill_one():
    g = game(p0={"hand": ["CS-01"], "town": [RED], "deck": ["F-R1", "F-R2"] + DECK})
    do(g, "place", card="CS-01")
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "draw"
    do(g, "optional", use=True)
    assert zone(g, 0, "hand") == ["F-R1"] and zone(g, 0, "discard") == ["F-R2"]
    assert decision(g) == (0, "main")


def test_cs01_declined_draws_and_mills_nothing():
    g = game(p0={"hand": ["CS-01"], "town": [RED]})
    do(g, "place", card="CS-01")
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == [] and zone(g, 0, "discard") == [] and len(zone(g, 0, "deck")) == 10


# --- CS-02: on_enter, if {compare = "hand", own = "<", opponent = true} ----------------------------

@pytest.mark.parametrize("theirs, drawn", [(2, 2), (0, 0)])
def test_cs02_draws_two_only_when_behind_on_cards(theirs, drawn):
    g = game(p0={"hand": ["CS-02"], "town": [RED]}, p1={"hand": ["F-B1"] * theirs})
    do(g, "place", card="CS-02")       # then an empty hand against theirs
    assert len(zone(g, 0, "hand")) == drawn


# --- CS-03: activated, if {count = {zone = "discard", side = "own"}, at_least = 3} -----------------

def test_cs03_is_offered_only_with_three_in_the_discard_pile():
    g = game(p0={"chars": ["CS-03"], "discard": ["F-B1"] * 2})
    assert not can(g, "activate", card="CS-03", ability=0)
    g = game(p0={"chars": ["CS-03"], "discard": ["F-B1"] * 3})
    do(g, "activate", card="CS-03", ability=0)
    assert unit(g, 0, "CS-03").atk_mod == 2


# --- CS-04: a targeted op, then if_done ------------------------------------------------------------

def test_cs04_draws_only_if_it_dealt_damage():
    g = game(p0={"hand": ["CS-04"], "town": [RED]}, p1={"chars": ["F-B2"]})
    do(g, "monster", card="CS-04")
    assert unit(g, 1, "F-B2").damage == 1 and zone(g, 0, "hand") == ["F-B1"]
    g = game(p0={"hand": ["CS-04"], "town": [RED]})
    do(g, "monster", card="CS-04")
    assert zone(g, 0, "hand") == []


# --- words, encoding -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, prompt, yes, told", [
    ("en", "you may draw cards", "Yes, do it: draw cards", "chose to draw cards"),
    ("ja", "カードを引くか選ぶ（任意）", "する：カードを引く", "任意の効果を使った"),
])
def test_the_optional_decision_in_both_languages_and_encoded(lang, prompt, yes, told):
    from tcg.games.shironeko import text as X
    from tcg.rl.encoder import encoding
    from tcg.ui import get_renderer
    from tcg.ui.terminal import menu_paths

    g = game(p0={"hand": ["CS-01"], "town": [RED]})
    do(g, "place", card="CS-01")
    obs = g.observe(0)
    assert prompt in X.prompt(obs["decision"], 0, lang, g.rules.cards, obs=obs)
    assert X.prompt(g.observe(1)["decision"], 1, lang, g.rules.cards, obs=g.observe(1))
    paths = menu_paths(g, get_renderer("shironeko", g, lang, viewer=0), 0, lang)
    assert {a for _, a in paths} == set(g.legal_actions()) and paths[0][0][0].startswith(yes), paths
    enc = encoding("shironeko")
    _, ctx = enc.encode(obs, 0)
    assert set(enc.legal_ids(g.legal_actions(), ctx, strict=True).values()) == set(g.legal_actions())
    do(g, "optional", use=True)
    said = [X.narrate(e, 1, lang, g.rules.cards) for e in g.log.for_player(1)]
    assert any(told in (line or "") for line in said), said


# --- load errors -----------------------------------------------------------------------------------

HEAD = header("shironeko")


@pytest.mark.parametrize("ability, field, words", load_error_cases("shironeko", "conditions_shironeko_load_errors"))
def test_shironeko_load_errors(ability, field, words):
    e = cardfile.load_error("shironeko", HEAD + "[[cards.abilities]]\n" + ability + "\n")
    assert f"field '{field}'" in str(e) and words in str(e), str(e)


def test_agents_answer_the_optional_decision():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = game(p0={"hand": ["CS-01"], "town": [RED]})
        do(g, "place", card="CS-01")
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "optional"
