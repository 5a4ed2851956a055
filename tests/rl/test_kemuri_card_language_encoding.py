"""The decisions the card language adds to Kemuri encode (docs/card-language-design.md): a
selector table choosing several cards (``target`` with ``remaining`` / ``up_to`` / ``chosen`` /
``to``, ``target_done``), a secret choice among the own hand (``target_hidden``), "you may"
(``optional``), an optional triggered ability (``optional`` with the op ``trigger``), costs (the op
``pay``: its choices and "you may pay", an ability used from the hand or the backyard), with the
card sets of the mechanics corpus (tests/corpus/kemuri)."""
from __future__ import annotations

import pytest

from ..corpus.test_kemuri_choices import game as choices_game
from ..corpus.test_kemuri_conditions import game as conditions_game
from ..corpus.test_kemuri_costs import game as costs_game
from ..corpus.test_kemuri_select import game as select_game
from ..corpus.test_kemuri_triggers import game as triggers_game
from ..games.harness_base import encoded_ids
from ..games.kemuri.harness import do


def _encodes(g) -> dict:
    """Every seat's observation encodes within bounds, the fast encoding equals the strict one and
    every legal action has its own id (the ids)."""
    return encoded_ids(g, fast_too=True)[1]


def test_choosing_several_cards_encodes():
    g = select_game(p0=dict(hand=["KSEL-01"]), p1=dict(floor=["K-EA", "K-EB", "K-LC"]))
    do(g, "place", card="KSEL-01")
    assert len(_encodes(g)) == 3                       # two targets and "done"
    do(g, "target", target="K-LC")
    assert g.decision.info["chosen"]
    _encodes(g)


def test_a_secret_choice_among_the_hand_encodes():
    g = select_game(p0=dict(hand=["KSEL-04", "K-EB", "K-LA"]))
    do(g, "support", card="KSEL-04")
    assert g.decision.kind == "target_hidden"
    assert len(_encodes(g)) == 2


def test_customers_of_the_opponent_as_targets_encode():
    g = select_game(p0=dict(hand=["KSEL-07"]), p1=dict(seating=["K-F1", "K-F2", "K-EA"]))
    do(g, "support", card="KSEL-07")
    assert g.decision.info["to"] == "backyard"
    assert len(_encodes(g)) == 3


@pytest.mark.parametrize("make, p0, play, card, op", [
    (conditions_game, dict(hand=["KCON-03"], seating=["K-F2"]), "support", "KCON-03", "lose_seats"),  # you may
    (triggers_game, dict(hand=["K-EA"], floor=["KTRG-02"]), "place", "K-EA", "trigger"),  # an optional trigger
], ids=["you_may", "optional_trigger"])
def test_you_may_and_an_optional_trigger_encode(make, p0, play, card, op):
    g = make(p0=p0)
    do(g, play, card=card)
    assert g.decision.kind == "optional" and g.decision.info["op"] == op
    assert len(_encodes(g)) == 2
    do(g, "optional", use=True)
    _encodes(g)


def test_costs_encode():
    g = costs_game(p0=dict(floor=["KCST-01"], hand=["K-EA", "K-LB", "KCST-02"], backyard=["KCST-06"],
                           seating=["K-F1", "K-F1"]))
    ids = _encodes(g)
    assert sum(a.type == "activate" for a in ids.values()) == 3     # the floor, the hand, the backyard
    do(g, "activate", card="KCST-01", ability=0)
    _encodes(g)                                        # the seats
    do(g, "pay", card="K-F1")
    assert g.decision.kind == "target_hidden" and g.decision.info["op"] == "pay"
    assert len(_encodes(g)) == 3


def test_you_may_pay_encodes():
    g = costs_game(p0=dict(hand=["KCST-08"], seating=["K-F1", "K-F1"]))
    do(g, "support", card="KCST-08")
    assert g.decision.kind == "optional" and g.decision.info["op"] == "pay"
    assert len(_encodes(g)) == 2


def test_choose_one_encodes():
    g = choices_game(p0=dict(hand=["KCHO-02"], seating=["K-F1"]))
    do(g, "place", card="KCHO-02")
    do(g, "pay", card="K-F1")
    assert g.decision.kind == "choose_mode" and len(_encodes(g)) == 3
    do(g, "mode", mode=1)
    assert len(_encodes(g)) == 2


def test_a_look_encodes():
    g = choices_game(p0=dict(hand=["KCHO-03"], deck=["S-DRAW", "K-EB", "K-F2", "K-F3"]))
    do(g, "support", card="KCHO-03")
    assert g.decision.kind == "look_take" and len(_encodes(g)) == 3   # two casts and "done"
    do(g, "look_take", card="K-EB")
    assert g.decision.kind == "look_order" and len(_encodes(g)) == 2


def test_the_opponent_choosing_encodes():
    g = choices_game(p0=dict(floor=["K-EA"], hand=["K-EB", "K-LB"]), p1=dict(hand=["KCHO-08"]), start="serving_start")
    do(g, "trouble", card="KCHO-08")
    assert g.decision.kind == "target_hidden" and g.decision.info["controller"] == 1
    assert len(_encodes(g)) == 2
