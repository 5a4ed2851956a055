"""The Shironeko heuristic with costs (docs/cards.md §5c): it pays with its least valuable cards
(a card of the hand, a soul already OFF, the character that would do least), uses an activated
ability from the hand when it is worth its cost, and answers "you may pay …; if you do, …" by
weighing the two. The corpus cards (tests/corpus/shironeko/costs.toml) stand in for the card
database the heuristic reads."""
from __future__ import annotations


from tcg.agents.heuristics import shironeko as SH

from ..corpus.test_shironeko_costs import ANY, game
from ..games.shironeko.harness import do
from .corpus_cards import corpus_fixture
from .scenario import act


corpus = corpus_fixture("shironeko")


def _id(g, iid):
    return g.state.cards[iid].id


def test_discards_its_least_useful_card(corpus):
    g = corpus(game(p0={"chars": ["CCO-01"], "hand": ["F-R3", "F-B1"], "town": [ANY] * 3}))
    do(g, "activate", card="CCO-01", ability=0)
    a = act(g, SH.policy)
    assert a.type == "target" and _id(g, a.target) == "F-B1"     # a level-1 vanilla, not the level-3


def test_gives_up_a_soul_already_off(corpus):
    g = corpus(game(p0={"chars": [dict(card="CCO-04", damage=1)], "town": ["F-T-RED", ("F-T-BLUE", False)]}))
    do(g, "activate", card="CCO-04", ability=0)
    a = act(g, SH.policy)
    assert a.type == "target" and _id(g, a.target) == "F-T-BLUE"


def test_turns_off_the_characters_that_would_do_least(corpus):
    g = corpus(game(p0={"chars": ["CCO-03", "F-R3", dict(card="F-B1", attacked=True), dict(card="F-R1", sick=True)]},
                    p1={"chars": ["F-B1"]}))
    do(g, "activate", card="CCO-03", ability=0)
    a = act(g, SH.policy)
    assert a.type == "target" and _id(g, a.target) != "F-R3"    # the 5-attack one may still attack


def test_uses_an_ability_from_the_hand_to_finish_a_character(corpus):
    g = corpus(game(p0={"hand": ["CCO-05"], "town": [ANY]}, p1={"chars": ["F-R1"]}))
    a = act(g, SH.policy)
    assert a.type == "activate_card" and _id(g, a.card) == "CCO-05"


def test_you_may_pay_when_what_follows_is_worth_more(corpus):
    g = corpus(game(p0={"hand": ["CCO-07", "F-B1"], "town": [ANY], "deck": ["F-B1"] * 30}))
    do(g, "place", card="CCO-07")
    assert g.decision.kind == "optional"
    a = act(g, SH.policy)
    assert a.type == "optional" and a.get("use")                  # a card for two
