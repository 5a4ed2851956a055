"""The Z/X heuristic with costs (docs/cards.md Z6c): it pays with its least valuable cards, uses
an activated ability from the hand when it is worth its cost, and answers "you may pay …; if you
do, …" by weighing the two. The corpus cards (tests/corpus/zx/costs.toml) stand in for the card
database the heuristic reads."""
from __future__ import annotations


from tcg.agents.heuristics import zx as ZX

from ..corpus.test_zx_costs import game
from ..games.zx.harness import do
from .corpus_cards import corpus_fixture
from .scenario import act


corpus = corpus_fixture("zx")


def test_pays_a_discard_with_the_least_valuable_card(corpus):
    g = corpus(game(p0={"hand": ["Z-R5", "Z-R1", "E-DRAW"], "resources": ["Z-G1"]}, board={3: "CC-01"}))
    do(g, "activate", square=3, ability=0)
    a = act(g, ZX.policy)
    assert a.type == "target" and g.state.cards[a.target].id == "Z-R1"   # not the 5000 Z/X


def test_puts_to_sleep_the_zx_with_the_least_attack_left(corpus):
    g = corpus(game(board={3: "CC-04", 4: "Z-R1", 5: "Z-R5", 6: "Z-R3", 0: dict(card="Z-R1", owner=1)}))
    do(g, "activate", square=3, ability=0)
    a = act(g, ZX.policy)
    assert a.type == "target" and g.state.cards[a.target].id != "Z-R5"


def test_uses_a_discard_from_the_hand_to_destroy_a_valuable_zx(corpus):
    g = corpus(game(p0={"hand": ["CC-02"]}, board={1: dict(card="Z-R2", owner=1), 3: "Z-R1"}))
    a = act(g, ZX.policy)
    assert a.type == "activate_card" and g.state.cards[a.card].id == "CC-02"


def test_you_may_pay_when_what_follows_is_worth_more(corpus):
    g = corpus(game(p0={"hand": ["CC-08", "Z-R1"], "resources": ["Z-G1"]}))
    do(g, "place", card="CC-08", square=3)
    assert g.decision.kind == "optional"
    a = act(g, ZX.policy)
    assert a.type == "optional" and a.get("use")             # a 1000 Z/X for two cards
    do(g, "optional", use=True)                              # (one card: taken without asking)
    assert g.decision.kind == "main"
