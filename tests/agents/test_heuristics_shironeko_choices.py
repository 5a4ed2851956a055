"""The Shironeko heuristic with choices and amounts (docs/cards.md §6 "Choices, looks,
amounts"): it chooses the mode worth most, takes the card worth most from a look, orders a deck
top to its side's good, gives up its least valuable card when the opponent's effect lets it
choose, and counts "for each" amounts on what it sees. The corpus cards
(tests/corpus/shironeko/choices.toml) stand in for the card database the heuristic reads."""
from __future__ import annotations


from tcg.agents.heuristics import shironeko as SH

from ..corpus.test_shironeko_choices import ANY, DECK, game
from ..games.shironeko.harness import do
from .corpus_cards import corpus_fixture
from .scenario import act


corpus = corpus_fixture("shironeko")


def _id(g, iid):
    return g.state.cards[iid].id


def test_chooses_the_mode_that_finishes_a_character(corpus):
    g = corpus(game(p0={"hand": ["CCH-01"], "town": [ANY], "deck": ["F-B1"] * 30},
                    p1={"chars": [dict(card="F-R3", damage=4)]}))
    do(g, "monster", card="CCH-01")
    a = act(g, SH.policy)
    assert a.type == "mode" and a.get("mode") == 1                # 1 damage retreats their level-3


def test_takes_the_best_character_from_a_look(corpus):
    g = corpus(game(p0={"hand": ["CCH-03"], "town": [ANY], "deck": ["F-R1", "F-R3", "F-MDMG"] + DECK}))
    do(g, "monster", card="CCH-03")
    a = act(g, SH.policy)
    assert a.type == "look_take" and _id(g, a.card) == "F-R3"


def test_orders_the_opponents_deck_top_worst_first(corpus):
    g = corpus(game(p0={"hand": ["CCH-04"], "town": [ANY]}, p1={"deck": ["F-R3", "F-B1"] + DECK}))
    do(g, "monster", card="CCH-04")
    a = act(g, SH.policy)
    assert a.type == "look_order" and _id(g, a.card) == "F-B1"


def test_gives_up_its_least_valuable_card_when_the_opponent_makes_it_choose(corpus):
    g = corpus(game(p0={"hand": ["CCH-10"], "town": [ANY]}, p1={"hand": ["F-R3", "F-B1"]}))
    do(g, "monster", card="CCH-10")
    a = act(g, SH.policy)
    assert a.type == "target" and _id(g, a.target) == "F-B1"


def test_counts_a_for_each_damage_on_the_field(corpus):
    g = corpus(game(p0={"hand": ["CCH-06"], "town": [ANY] * 2, "chars": ["F-R1", "F-B1"]},
                    p1={"chars": ["F-R1", dict(card="F-B2", on=False)]}))
    do(g, "monster", card="CCH-06")
    a = act(g, SH.policy)
    assert a.type == "target" and _id(g, a.target) == "F-R1"     # 2 damage retreats their 2-HP one
