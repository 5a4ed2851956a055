"""The Kemuri heuristic and choices (card language step 5, tests/corpus/kemuri/choices.toml): the
mode worth most, the best card of a look, the order of a look's rest (its own deck best first, the
opponent's worst first), its least valuable card when the opponent's effect lets it choose."""
from __future__ import annotations


from tcg.agents.heuristics import kemuri as KM

from .corpus_cards import kemuri_choice, strict_fixture
from ..corpus.test_kemuri_choices import game
from ..games.kemuri.harness import decision, do


strict = strict_fixture(KM)


def card(g, a) -> str:
    return g.state.cards[a.get("card", a.get("target"))].id


def test_it_chooses_the_mode_worth_most(monkeypatch):
    g = game(p0=dict(hand=["KCHO-01"]))
    do(g, "support", card="KCHO-01")
    assert kemuri_choice(g, monkeypatch).get("mode") == 0                     # two cards over one call-in


def test_it_takes_the_best_cast_of_a_look(monkeypatch):
    g = game(p0=dict(hand=["KCHO-03"], deck=["S-DRAW", "K-F1", "K-EB", "K-F3"]))
    do(g, "support", card="KCHO-03")
    a = kemuri_choice(g, monkeypatch)
    assert a.type == "look_take" and card(g, a) == "K-EB"


def test_it_puts_the_opponents_worst_card_on_top(monkeypatch):
    g = game(p0=dict(floor=["KCHO-04"]), p1=dict(deck=["K-LB", "S-DRAW", "K-F1"]))
    do(g, "activate", card="KCHO-04", ability=0)
    assert decision(g) == (0, "look_order")
    assert card(g, kemuri_choice(g, monkeypatch)) == "S-DRAW"


def test_chosen_for_the_opponents_effect_it_gives_up_its_least_card(monkeypatch):
    g = game(p0=dict(floor=["K-EA"], hand=["K-BIG", "K-F1"]), p1=dict(hand=["KCHO-08"]), start="serving_start")
    do(g, "trouble", card="KCHO-08")
    assert decision(g) == (0, "target_hidden")
    assert card(g, kemuri_choice(g, monkeypatch)) == "K-F1"


def test_a_for_each_amount_is_weighed_as_a_number(monkeypatch):
    g = game(p0=dict(hand=["KCHO-06"], floor=["K-EA"]))
    a = kemuri_choice(g, monkeypatch)                                          # the support weighed, no crash
    assert a.type in ("support", "end_operation", "leader_draw", "charm")
    assert KM._num(g.rules.cards.find("KCHO-07").abilities[0].effects[0].args["amount"]) == 4
