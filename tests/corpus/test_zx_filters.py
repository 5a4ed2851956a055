"""Mechanics corpus, Z/X: one scenario test per card of tests/corpus/zx/filters.toml (an exact
state, the card played, the exact outcome): a search's filter as a selector table
(engine/select.py ``old_or_table``); then the load errors."""
from __future__ import annotations

import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.engine.errors import CardDataError
from tcg.games.zx.cards import load_cards
from tcg.present.errors import translate

from ..games.zx.harness import FILL, check, decision, do, options, scenario, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "filters.toml"


def game(p0: dict | None = None, p1: dict | None = None, **kw):
    """A scenario with the corpus cards: each player has a deck and four life cards unless told."""
    p0 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p0 or {})}
    p1 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p1 or {})}
    return scenario(p0=p0, p1=p1, cards=CORPUS, **kw)


# --- FI-01: a Z/X with cost 2 or less ------------------------------------------------------------

def test_fi01_offers_the_zx_of_cost_2_or_less_and_reveals_the_one_taken():
    g = game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "Z-R1", "E-DRAW", "Z-B2", "Z-R5"]})
    do(g, "event", card="FI-01")
    assert decision(g) == (0, "pick_card")
    assert sorted(options(g, "pick")) == ["Z-B2", "Z-R1"]  # not Red Three (cost 3), not the event, not Red Five
    do(g, "pick", card="Z-B2")
    assert zone(g, 0, "hand") == ["Z-B2"] and sorted(zone(g, 0, "deck")) == ["E-DRAW", "Z-R1", "Z-R3", "Z-R5"]
    seen = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert seen and seen[0].get("id") == "Z-B2"          # reveal = true: the other player sees it
    assert decision(g) == (0, "main")
    check(g)


def test_fi01_with_nothing_that_matches_only_taking_nothing_is_offered():
    g = game(p0={"hand": ["FI-01"], "resources": ["Z-B1"], "deck": ["Z-R3", "E-DRAW", "Z-R5"]})
    do(g, "event", card="FI-01")
    assert options(g, "pick") == []
    do(g, "pick_none")
    assert zone(g, 0, "hand") == [] and len(zone(g, 0, "deck")) == 3


# --- FI-02: "Blue" in its name, unseen by the other player --------------------------------------------

def test_fi02_name_contains_and_the_card_stays_secret():
    g = game(p0={"hand": ["FI-02"], "resources": ["Z-B1"], "deck": ["Z-R1", "Z-B1", "Z-R2", "Z-B2"]})
    do(g, "event", card="FI-02")
    assert sorted(options(g, "pick")) == ["Z-B1", "Z-B2"]
    do(g, "pick", card="Z-B1")
    assert zone(g, 0, "hand") == ["Z-B1"]
    theirs = [e for e in g.log.for_player(1) if e["type"] == "pick"]
    assert theirs and "id" not in theirs[0] and "card" not in theirs[0]


# --- load errors ------------------------------------------------------------------------------------

HEAD = '[set]\ngame = "zx"\nname = "bad"\nversion = "1"\n[[cards]]\nid = "BAD-1"\nkind = "event"\nname = "bad"\n' \
       'color = "red"\ncost = 1\n[[cards.abilities]]\nkind = "use"\n'


def load_error(effects: str) -> str:
    with pytest.raises(CardDataError) as e:
        load_cards(CardText("bad.toml", HEAD + f"effects = [{effects}]\n"))
    return str(e.value)


@pytest.mark.parametrize("effects, field, words", [
    ('{ op = "search", filter = { kind = "zx", cost = { mx = 2 } } }', "effects[0].filter.cost.mx", "did you mean 'max'"),
    ('{ op = "search", filter = { colr = ["red"] } }', "effects[0].filter.colr", "did you mean 'color'"),
    ('{ op = "search", filter = { side = "own", cost = { max = 1 } } }', "effects[0].filter.side", "card properties only"),
    ('{ op = "search", filter = { awake = true, cost = { max = 1 } } }', "effects[0].filter.awake", "only in zone"),
    ('{ op = "search", filter = { cost = "2" } }', "effects", "wrong type"),  # the old form: as before
])
def test_load_errors(effects, field, words):
    msg = load_error(effects)
    assert field in msg and words in msg, msg
    ja = translate(msg)
    assert ja != msg and field in ja, ja                   # the Japanese names the same place
