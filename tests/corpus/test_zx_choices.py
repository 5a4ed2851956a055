"""Mechanics corpus, Z/X, step 5 (docs/card-language-design.md): one scenario test per card of
tests/corpus/zx/choices.toml (an exact state, the card played, the exact outcome): "for each"
amounts (engine/amounts.py), then the load errors."""
from __future__ import annotations

import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.engine.errors import CardDataError
from tcg.games.zx.cards import load_cards

from ..games.zx.harness import FILL, check, decision, do, power, scenario, zone

CORPUS = pathlib.Path(__file__).parent / "zx" / "choices.toml"


def game(p0: dict | None = None, p1: dict | None = None, **kw):
    """A scenario with the corpus cards: each player has a deck and four life cards unless told."""
    p0 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p0 or {})}
    p1 = {"deck": FILL, "life": ["Z-R1"] * 4, **(p1 or {})}
    return scenario(p0=p0, p1=p1, cards=CORPUS, **kw)


# --- CH-01: +1000 for each other Z/X you have ------------------------------------------------------

def test_ch01_counts_your_other_zx_when_it_resolves():
    g = game(p0={"hand": ["CH-01"], "resources": ["Z-R1"] * 2},
             board={3: "Z-R1", 5: "Z-B1", 0: dict(card="Z-R1", owner=1)})
    do(g, "place", card="CH-01", square=4)
    assert power(g, 4) == 4000                          # two others of yours: +2000 (not theirs, not itself)
    check(g)


def test_ch01_alone_gets_nothing():
    g = game(p0={"hand": ["CH-01"], "resources": ["Z-R1"] * 2})
    do(g, "place", card="CH-01", square=4)
    assert power(g, 4) == 2000


# --- CH-02: draw one for each opponent Z/X, at most two --------------------------------------------

@pytest.mark.parametrize("theirs, drawn", [(0, 0), (1, 1), (3, 2)])
def test_ch02_draws_for_each_opponent_zx_up_to_the_max(theirs, drawn):
    board = {sq: dict(card="Z-R1", owner=1) for sq in (0, 2, 3)[:theirs]}
    g = game(p0={"hand": ["CH-02"], "resources": ["Z-B1"]}, board=board)
    do(g, "event", card="CH-02")
    assert len(zone(g, 0, "hand")) == drawn and decision(g) == (0, "main")


# --- CH-03: -1000 for each card in your charge -------------------------------------------------------

def test_ch03_lowers_by_the_charge_and_destroys_a_damaged_zx():
    g = game(p0={"hand": ["CH-03"], "resources": ["Z-VB"], "charge": ["Z-R1", "Z-R2"]},
             board={3: dict(card="Z-R5", owner=1), 5: dict(card="Z-R3", owner=1, damage=1000)})
    do(g, "event", card="CH-03")
    do(g, "target", target="Z-R3")
    assert g.state.board[5] is None                     # 3000 - 2000 = 1000: at its damage
    assert power(g, 3) == 5000
    check(g)


# --- load errors ------------------------------------------------------------------------------------

HEAD = '[set]\ngame = "zx"\nname = "bad"\nversion = "1"\n[[cards]]\nid = "BAD-1"\nkind = "zx"\nname = "bad"\n' \
       'color = "red"\ncost = 1\npower = 1000\n'


def load_error(ability: str) -> str:
    text = HEAD + '[[cards.abilities]]\n' + ability + '\n'
    with pytest.raises(CardDataError) as e:
        load_cards(CardText("bad.toml", text))
    return str(e.value)


def on_place(*effects: str) -> str:
    return 'kind = "on_place"\neffects = [' + ", ".join(effects) + ']'


@pytest.mark.parametrize("ability, field, words", [
    (on_place('{ op = "draw", amount = { cont = { zone = "trash" } } }'),
     "abilities[0].effects[0].amount.cont", "did you mean 'count'"),
    (on_place('{ op = "draw", amount = { count = { zone = "trsh" } } }'),
     "abilities[0].effects[0].amount.count.zone", "did you mean 'trash'"),
    (on_place('{ op = "draw", amount = { count = { zone = "trash", choose = 1 } } }'),
     "abilities[0].effects[0].amount.count.choose", "takes no count"),
    (on_place('{ op = "draw", amount = { count = { zone = "hand", side = "opponent", kind = "zx" } } }'),
     "abilities[0].effects[0].amount.count.kind", "hidden"),
    (on_place('{ op = "draw", amount = { count = { zone = "trash" }, times = 0 } }'),
     "abilities[0].effects[0].amount.times", "not be 0"),
    (on_place('{ op = "draw", amount = { count = { zone = "trash" }, times = 200 } }'),
     "abilities[0].effects[0].amount.times", "-99..99"),
    (on_place('{ op = "draw", amount = { times = 2 } }'),
     "abilities[0].effects[0].amount", "says what to count"),
    ('kind = "static"\neffects = [{ op = "modify", target = "self", stat = "power", duration = "static", '
     'amount = { count = { zone = "trash", side = "own" }, times = 1000 } }]',
     "abilities[0].effects", "static ability's amount is a number"),
])
def test_load_errors(ability, field, words):
    msg = load_error(ability)
    assert field in msg and words in msg, msg
