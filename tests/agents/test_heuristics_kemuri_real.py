"""The Kemuri heuristic plays the sample cards KMS-071..KMS-075 (set 1.4.0, "Real cards, part 1",
the deck Before Closing), reading their data, never their text: a search whose filter is a
selector table, a static over all the late-shift casts of a side, a look at the opponent's hand,
and the numbered keyword 客引き Touting. One scenario each where the new card is clearly the best
play and the heuristic takes it."""
from __future__ import annotations

import pytest

from tcg.agents.heuristics import kemuri as KM

from ..games.kemuri.harness import card_id, decision, zone
from .test_heuristics_kemuri_set14 import choice, km, used


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    """A decision must be the heuristic's own, never its crash fallback's."""
    monkeypatch.setattr(KM, "STRICT", True)


def test_the_rota_is_rewritten_for_the_best_late_cast():
    g = km(dict(hand=["KMS-071"], deck=["KMS-059", "KMS-069", "KMS-053", "KMS-051"]))
    a = choice(g)
    assert a.type == "support" and used(g, a) == "KMS-071"
    g.apply(a)
    assert decision(g) == (0, "pick_card")
    assert card_id(g, choice(g).card) == "KMS-053"                  # CP 3 and a call-in, not Minto's CP 1


def test_luna_runs_the_late_shift_placed_before_a_plain_cast():
    g = km(dict(hand=["KMS-045", "KMS-072"], floor=["KMS-053", "KMS-068"], seating=["K-F1"] * 2))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-072"            # CP 3, +1 for each of the two late casts


def test_scouting_takes_their_biggest_cast():
    g = km(dict(hand=["KMS-073"]), dict(hand=["KMS-009", "KMS-002"], seating=["K-F1"] * 3))
    a = choice(g)
    assert a.type == "support" and used(g, a) == "KMS-073"
    g.apply(a)
    assert decision(g) == (0, "look_take")
    assert card_id(g, choice(g).card) == "KMS-002"                  # CP 5 for two seats, not CP 1


def test_touting_1_is_placed_over_the_same_cast_without_it():
    g = km(dict(hand=["KMS-012", "KMS-074"], seating=["K-F1"]))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-074"            # the same CP and cost, one call-in more


def test_touting_2_is_placed_for_two_call_ins():
    g = km(dict(hand=["KMS-013", "KMS-075"], seating=["K-F1"] * 2))
    a = choice(g)
    assert a.type == "place" and used(g, a) == "KMS-075"
    g.apply(a)
    while decision(g) and decision(g)[1] != "operation" and g.decision.player == 0:
        g.apply(choice(g))
    assert zone(g, 0, "floor") == ["KMS-075"] and len(zone(g, 0, "seating")) == 2


def test_scouting_waits_while_their_hand_is_empty():
    g = km(dict(hand=["KMS-073"]), dict(hand=[]))
    assert choice(g).type == "end_operation"
