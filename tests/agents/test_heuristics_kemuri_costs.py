"""The Kemuri heuristic and costs (card language step 4, tests/corpus/kemuri/costs.toml): it pays
with its least valuable card, uses an ability with a cost list only when what it gives outweighs
what the cost takes, and says yes to "you may pay …; if you do …" only then."""
from __future__ import annotations


from tcg.agents.heuristics import kemuri as KM

from .corpus_cards import kemuri_choice, strict_fixture
from ..corpus.test_kemuri_costs import game
from ..games.kemuri.harness import decision, do


strict = strict_fixture(KM)


def test_it_discards_its_least_valuable_card_to_pay(monkeypatch):
    g = game(p0=dict(floor=["KCST-01"], hand=["K-BIG", "K-F1"], seating=["K-F1"]))
    do(g, "activate", card="KCST-01", ability=0)
    do(g, "pay", card="K-F1")
    assert decision(g) == (0, "target_hidden")
    a = kemuri_choice(g, monkeypatch)
    assert g.state.cards[a.target].id == "K-F1"                     # not the big cast


def test_the_cast_that_takes_a_break_is_its_least_valuable(monkeypatch):
    g = game(p0=dict(floor=["KCST-04", "K-EA", "K-ED"]))
    do(g, "activate", card="KCST-04", ability=0)
    a = kemuri_choice(g, monkeypatch)
    assert a.type == "target" and g.state.cards[a.target].id == "K-EA"   # CP 3 < K-ED's 4


def test_it_uses_an_ability_worth_its_cost_list_and_not_one_that_is_not(monkeypatch):
    g = game(p0=dict(floor=["KCST-01"], hand=["K-F1"], seating=["K-F1"] * 6, charm_used=True, active=False))
    a = kemuri_choice(g, monkeypatch)
    assert a.type == "activate" and g.state.cards[a.card].id == "KCST-01"   # a card and a seat for two
    g = game(p0=dict(floor=["KCST-03"], seating=["K-F1"] * 6, charm_used=True, active=False))
    assert kemuri_choice(g, monkeypatch).type != "activate"                 # its serving is worth more


def test_it_pays_two_seats_to_draw_two_and_a_card_to_call_in(monkeypatch):
    g = game(p0=dict(hand=["KCST-08"], seating=["K-F1"] * 3))
    do(g, "support", card="KCST-08")
    assert decision(g) == (0, "optional")
    assert kemuri_choice(g, monkeypatch).get("use") is True
    g = game(p0=dict(hand=["KCST-07", "K-LB"]))
    do(g, "place", card="KCST-07")
    assert kemuri_choice(g, monkeypatch).get("use") is True                  # a card for a call-in
