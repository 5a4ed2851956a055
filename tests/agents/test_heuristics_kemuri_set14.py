"""The Kemuri heuristic plays the sample cards of set 1.4.0 (KMS-059..KMS-070, the deck Before
Closing), written with the card language's costs, choices and keywords, reading their data
(``agents/heuristics/kemuri.py``, ``kemuri_language.py``), never their text.

One scenario per family where using the new card is clearly best and the heuristic takes it, with
a twin where it is not: costs (Minto's break, Hinata from the backyard, Yuzu from the hand, the
Supplier's "you may discard"), choices and looks (the Menu Board's mode, Stock Check's take, the
Urgent Call chosen by the opponent), amounts (Kanna's count of big customers), keywords
(Hospitality when behind, Last Order when a cast may fall)."""
from __future__ import annotations

import pytest

from tcg.agents.base import AgentView
from tcg.agents.heuristics import kemuri as KM
from tcg.engine.rng import Rng

from ..games.kemuri.harness import card_id, decision, do, scenario, zone

#: a locked leader whose charm is spent: the leader's draw and charm are no option
NO_LEADER = dict(leader_active=False, charm_used=True)
FILL = ["K-F1"] * 6


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    """A decision must be the heuristic's own, never its crash fallback's."""
    monkeypatch.setattr(KM, "STRICT", True)


def choice(g):
    return KM.policy(AgentView(g, g.legal_actions()), Rng(0))


def km(p0: dict, p1: dict | None = None, **kw):
    return scenario(p0={**NO_LEADER, "deck": FILL, **p0}, p1={**NO_LEADER, "deck": FILL, **(p1 or {})},
                    samples=True, **kw)


def reads_fixture_cards(g, monkeypatch):
    """The heuristic's card database with the test fixture's cards too (cards seen in a look are
    read by their id)."""
    monkeypatch.setattr(KM, "_db", lambda cid: g.rules.cards.find(cid))


def used(g, a) -> str:
    return card_id(g, a.card) if a.type in ("activate", "support", "trouble", "place") else a.type


# --- costs -------------------------------------------------------------------------------------

def test_minto_takes_her_break_to_look_when_her_serving_would_call_in_nothing(monkeypatch):
    g = km(dict(floor=["KMS-059"], deck=["K-F1", "K-EB", "K-F3"] + FILL), dict(floor=["K-LA"]))
    reads_fixture_cards(g, monkeypatch)
    a = choice(g)
    assert a.type == "activate" and used(g, a) == "KMS-059"       # call-in 0: her serving brings no seat
    g.apply(a)
    assert decision(g) == (0, "look_take")
    a = choice(g)
    assert card_id(g, a.card) == "K-EB"                             # the best card in hand
    g.apply(a)
    if decision(g) == (0, "look_take"):
        g.apply(choice(g))
    assert decision(g) == (0, "look_order")
    assert card_id(g, choice(g).card) == "K-F3"                     # the level-3 customer on top: the next call-in


def test_minto_serves_instead_into_an_empty_floor():
    g = km(dict(floor=["KMS-059"]))                                 # イケイケ: her serving calls in once
    assert choice(g).type == "end_operation"


def test_hinata_comes_back_from_the_backyard_while_seats_are_plenty():
    g = km(dict(backyard=["KMS-060"], seating=["K-F1"] * 6))
    a = choice(g)
    assert a.type == "activate" and used(g, a) == "KMS-060"


def test_hinata_stays_in_the_backyard_when_seats_are_short():
    g = km(dict(backyard=["KMS-060"], seating=["K-F1"] * 3))        # a seat of three: the close comes first
    assert choice(g).type == "end_operation"


def test_yuzu_trades_herself_and_a_card_for_two_call_ins_when_she_cannot_be_placed():
    g = km(dict(hand=["KMS-061", "K-F1"]))                          # no seat to place her
    a = choice(g)
    assert a.type == "activate" and used(g, a) == "KMS-061"
    g = km(dict(hand=["KMS-061", "K-F1"], seating=["K-F2"] * 3))   # a seat to pay: she is placed instead
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-061"


def test_the_supplier_discard_is_taken_for_a_call_in_and_pays_with_the_least_card():
    g = km(dict(hand=["KMS-062", "K-BIG", "K-F1"]), dict(floor=["K-LA"]))
    a = choice(g)
    assert a.type == "support" and used(g, a) == "KMS-062"
    g.apply(a)
    assert decision(g) == (0, "optional")
    assert choice(g).get("use") is True                             # a card for a call-in
    g.apply(choice(g))
    assert decision(g) == (0, "target_hidden")
    assert card_id(g, choice(g).target) == "K-F1"                   # not the big cast


# --- choices, looks, the opponent's choice -------------------------------------------------------------

def test_the_menu_board_sends_a_big_cast_back():
    g = km(dict(hand=["KMS-063"], floor=["K-EA"]), dict(floor=["K-LB"]))
    a = choice(g)
    assert a.type == "support" and used(g, a) == "KMS-063"
    g.apply(a)
    assert decision(g) == (0, "choose_mode") and choice(g).get("mode") == 1


def test_the_menu_board_draws_two_when_no_big_cast_is_there():
    g = km(dict(hand=["KMS-063"], floor=["K-EA"]), dict(floor=["K-LA"]))
    do(g, "support", card="KMS-063")
    assert choice(g).get("mode") == 0


def test_stock_check_takes_the_best_cast_it_finds(monkeypatch):
    g = km(dict(hand=["KMS-066"], deck=["K-F1", "K-LA", "K-EB", "K-F3"] + FILL))
    reads_fixture_cards(g, monkeypatch)
    a = choice(g)
    assert a.type == "support" and used(g, a) == "KMS-066"
    g.apply(a)
    assert card_id(g, choice(g).card) == "K-EB"


def test_the_urgent_call_is_used_against_a_floor_and_the_opponent_gives_back_its_least_cast():
    g = km(dict(floor=["K-LB", "K-EA"]), dict(hand=["KMS-064"]), start="serving_start")
    assert decision(g) == (1, "trouble")
    a = choice(g)
    assert a.type == "trouble" and used(g, a) == "KMS-064"
    g.apply(a)
    assert decision(g) == (0, "target")
    assert card_id(g, choice(g).target) == "K-EA"                   # the CP 3 cast, not the CP 6 one


def test_the_urgent_call_waits_when_the_floor_is_empty():
    g = km(dict(), dict(hand=["KMS-064"]), start="serving_start")
    if decision(g) == (1, "trouble"):
        assert choice(g).type == "pass"


# --- amounts -----------------------------------------------------------------------------------

def test_kanna_is_placed_first_with_big_customers_seated():
    g = km(dict(hand=["KMS-011", "KMS-065"], seating=["K-F3", "K-F3", "K-F2"]))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-065"            # CP 3 +3


def test_kanna_waits_without_them():
    g = km(dict(hand=["KMS-011", "KMS-065"], seating=["K-F1"] * 8))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-011"            # CP 4 against Kanna's 3


# --- keywords ----------------------------------------------------------------------------------

def test_hospitality_is_placed_first_while_behind():
    g = km(dict(hand=["K-EA", "KMS-069"], seating=["K-F1"] * 2), dict(seating=["K-F3"] * 2))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-069"            # a card drawn as it comes out


def test_hospitality_waits_while_ahead():
    g = km(dict(hand=["K-EA", "KMS-069"], seating=["K-F3"] * 2), dict(seating=["K-F1"] * 2))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "K-EA"               # free, the same CP and call-in


def test_a_last_order_cast_serves_into_a_bigger_one():
    g = km(dict(floor=["KMS-068"]), dict(floor=["K-LB"]), start="serve")
    a = choice(g)
    assert a.type == "serve" and card_id(g, a.get("cast")) == "KMS-068"   # it falls, but calls in twice


def test_a_cast_without_it_does_not():
    g = km(dict(floor=["KMS-012"]), dict(floor=["K-LB"]), start="serve")   # the same CP, call-in and cost
    assert choice(g).type == "end_serving"
    assert zone(g, 0, "floor") == ["KMS-012"]
