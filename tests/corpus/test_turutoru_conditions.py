"""Mechanics corpus, Turu-turu Stage, step 2 (docs/card-language-design.md): one scenario test per
card of tests/corpus/turutoru/conditions.toml (an exact state, the program that uses the card, the
exact outcome), the optional decision's words and encoding, and the load errors of conditions."""
from __future__ import annotations

import functools
import pathlib

import pytest


from . import cardfile
from .cardfile import header, load_error_cases
from ..games.harness_base import encoded_ids
from ..games.turutoru.harness import ACTIVATE, EFFECT, apply_from_hand, decision, do, events, hp, unit, zone
from ..games.turutoru.harness import main as tt_main

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "conditions.toml"


#: a main phase with the corpus cards
main = functools.partial(tt_main, cards=CORPUS)


#: a main phase with the corpus cards where player 0's first program applies a card from the hand
apply = functools.partial(apply_from_hand, cards=CORPUS)


# --- TCON-01: if on an op (compare HP) ------------------------------------------------------------

@pytest.mark.parametrize("mine, theirs, gained", [(10, 20, 4), (20, 10, 0), (15, 15, 0)])
def test_tcon01_gains_hp_only_when_behind_and_always_draws(mine, theirs, gained):
    g = apply("TCON-01", p0=dict(hp=mine), p1=dict(hp=theirs))
    assert hp(g, 0) == mine + gained
    assert zone(g, 0, "hand") == ["T-SMALL"]                  # the draw has no condition
    assert decision(g) == (0, "library_draw")


# --- TCON-02: if on an activated ability (a count of the discard pile) --------------------------------

def test_tcon02_is_usable_only_with_three_cards_in_the_discard_pile():
    g = main(dict(programs=ACTIVATE, chars=["TCON-02"], discard=["T-SMALL"] * 2), dict(chars=["T-PLACE2"]))
    # the Activate program has no ability it may use: discarded unrun (TT-P13), no segment used
    assert decision(g) == (0, "library_draw")
    assert zone(g, 0, "discard")[-1] == "T-ACTV" and [e["program"] for e in events(g, "program_discarded")] == [None]
    g = main(dict(programs=ACTIVATE, chars=["TCON-02"], discard=["T-SMALL"] * 3), dict(chars=["T-PLACE2"]))
    assert decision(g) == (0, "activate")
    do(g, "activate", card="TCON-02", ability=0)
    assert zone(g, 1, "chars") == [] and zone(g, 1, "discard") == ["T-PLACE2"]


# --- TCON-03: optional, then if_done -----------------------------------------------------------------

def test_tcon03_you_may_discard_a_card_and_if_you_do_draw_two():
    g = apply("TCON-03", p0=dict(hand=["T-BIG", "T-WALL"], deck=["T-PLACE", "T-PLACE2"] + ["T-SMALL"] * 5))
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "move"
    do(g, "optional", use=True)
    assert decision(g) == (0, "target_hidden")
    do(g, "target", target="T-WALL")
    assert zone(g, 0, "hand") == ["T-BIG", "T-PLACE", "T-PLACE2"] and zone(g, 0, "discard") == ["TCON-03", "T-WALL"]


def test_tcon03_declined_nothing_is_discarded_and_nothing_drawn():
    g = apply("TCON-03", p0=dict(hand=["T-BIG", "T-WALL"]))
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == ["T-BIG", "T-WALL"] and zone(g, 0, "discard") == ["TCON-03"]
    assert [e["use"] for e in events(g, "optional")] == [False]


def test_tcon03_with_an_empty_hand_nothing_is_asked():
    g = apply("TCON-03")
    assert decision(g) == (0, "library_draw") and zone(g, 0, "hand") == []


# --- TCON-04: a targeted op, then if_done -------------------------------------------------------------

def test_tcon04_hits_the_opponent_only_if_it_damaged_a_character():
    g = apply("TCON-04", p1=dict(chars=["T-BIG"]))
    assert unit(g, 1, "T-BIG").damage == 1 and hp(g, 1) == 19
    g = apply("TCON-04")
    assert hp(g, 1) == 20


# --- TCON-05: if on an op reading the segment the program runs at ------------------------------------

def test_tcon05_at_segment_0_it_only_wakes_up():
    g = main(dict(programs=ACTIVATE, chars=[dict(card="TCON-05", awake=False)]))
    do(g, "activate", card="TCON-05", ability=0)
    u = unit(g, 0, "TCON-05")
    assert u.awake and u.pow_mod == 0


def test_tcon05_at_segment_3_it_also_gets_power():
    g = main(dict(programs=["T-PLACE3", "T-ACTV", "T-DRAW2"], hand=["T-SMALL"],
                  chars=[dict(card="TCON-05", awake=False)]))
    do(g, "place", card="T-SMALL")                            # a 3-segment program: the next starts at 3
    assert decision(g) == (0, "activate") and g.decision.info["segment"] == 3
    do(g, "activate", card="TCON-05", ability=0)
    u = unit(g, 0, "TCON-05")
    assert u.awake and u.pow_mod == 2


# --- TCON-06: any = [...] over counts ------------------------------------------------------------------

@pytest.mark.parametrize("mine, theirs, destroyed", [
    ([], ["T-PLACE"], True),                                  # no character of yours
    (["T-SMALL"], ["T-PLACE", "T-PLACE2"], False),            # neither holds
])
def test_tcon06_destroys_only_when_behind_on_the_field(mine, theirs, destroyed):
    g = apply("TCON-06", p0=dict(chars=mine), p1=dict(chars=theirs))
    assert (len(zone(g, 1, "chars")) < len(theirs)) == destroyed


def test_tcon06_against_three_characters_you_choose_one():
    g = apply("TCON-06", p0=dict(chars=["T-SMALL"]), p1=dict(chars=["T-PLACE", "T-PLACE2", "T-BIG"]))
    assert decision(g) == (0, "target")
    do(g, "target", target="T-BIG")
    assert zone(g, 1, "chars") == ["T-PLACE", "T-PLACE2"]


# --- TCON-07: if on a device's ability (a count with a filter) -----------------------------------------

def test_tcon07_the_effect_program_may_use_it_only_with_two_female_characters():
    sleepy = [dict(card="T-PLACE", awake=False), dict(card="T-REBOOT", awake=False), dict(card="T-SMALL", awake=False)]
    g = main(dict(programs=EFFECT, devices=["TCON-07"], chars=sleepy))
    assert decision(g) == (0, "effect")
    do(g, "effect", card="TCON-07", ability=0)
    assert all(u.awake for u in g.state.players[0].chars)
    g = main(dict(programs=EFFECT, devices=["TCON-07"], chars=sleepy[1:]))   # one female left
    assert decision(g) == (0, "library_draw") and zone(g, 0, "discard") == ["T-EFFECT"]


# --- TCON-08: not = ..., and an optional op with its own if --------------------------------------------

def test_tcon08_no_programs_left_hits_for_three():
    g = apply("TCON-08", p1=dict(chars=["T-PLACE"]))
    assert hp(g, 1) == 17 and unit(g, 1, "T-PLACE").awake and events(g, "optional") == []


def test_tcon08_with_programs_left_you_may_put_a_character_to_bed():
    g = apply("TCON-08", p1=dict(chars=["T-PLACE"], programs=["T-BIG"]))
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "set_state"
    do(g, "optional", use=True)                               # one candidate: taken without asking
    assert hp(g, 1) == 20 and not unit(g, 1, "T-PLACE").awake


# --- words, encoding, agents ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang, prompt, yes, told", [
    ("en", "you may move cards", "Yes, do it: move cards", "chose not to move cards"),
    ("ja", "カードを移動するか選んでください（任意）", "する：カードを移動する", "任意の効果を使わなかった"),
])
def test_the_optional_decision_in_both_languages(lang, prompt, yes, told):
    from tcg.games.turutoru import text as T
    g = apply("TCON-03", p0=dict(hand=["T-BIG"]))
    obs = g.observe(0)
    assert prompt in T.prompt(obs["decision"], 0, lang, obs=obs, cards=g.rules.cards)
    assert T.prompt(g.observe(1)["decision"], 1, lang, obs=g.observe(1), cards=g.rules.cards)
    labels = [T.label(g, a, 0, lang) for a in g.legal_actions()]
    assert labels[0] == yes, labels
    do(g, "optional", use=False)
    said = T.lines(g.log.for_player(1), 1, lang, cards=g.rules.cards)
    assert any(told in line for line in said), said


def test_the_optional_decision_is_encodable():
    g = apply("TCON-03", p0=dict(hand=["T-BIG"]))
    enc, ids = encoded_ids(g)
    assert int(enc.mask(ids).sum()) == 2


def test_agents_answer_the_optional_decision():
    from tcg.agents.base import AgentView, make_agent
    for name in ("random", "heuristic"):
        g = apply("TCON-03", p0=dict(hand=["T-BIG"]))
        assert make_agent(name, seed=1).act(AgentView(g, g.legal_actions())).type == "optional"


# --- load errors ---------------------------------------------------------------------------------------

HEAD = header("turutoru")


@pytest.mark.parametrize("ability, field, words", load_error_cases("turutoru", "conditions"))
def test_load_errors(ability, field, words):
    e = cardfile.load_error("turutoru", HEAD + "[[cards.abilities]]\n" + ability + "\n")
    assert f"field '{field}'" in str(e) and words in str(e), str(e)
