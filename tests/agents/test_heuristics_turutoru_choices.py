"""The Turu-turu heuristic with choices (docs/cards.md T7a): it chooses the mode worth most, takes
the card worth most from a look, orders the opponent's deck top worst first, and gives up its
least valuable character when the opponent's effect lets it choose. The corpus cards
(tests/corpus/turutoru/choices.toml) stand in for the card database the heuristic reads."""
from __future__ import annotations

from tcg.agents.heuristics import turutoru as TT

from ..corpus.test_turutoru_choices import apply
from ..games.turutoru.harness import FILL
from .scenario import act
from .test_heuristics_turutoru_costs import corpus  # noqa: F401 - the fixture


def test_chooses_the_mode_worth_most(corpus):  # noqa: F811
    g = corpus(apply("TCH-01", p0=dict(hand=["T-BIG"] * 6), p1=dict(chars=["T-PLACE2"])))
    a = act(g, TT.policy)
    assert a.type == "mode" and a.mode == 1                   # destroys the 2/2 (a full hand: no draw)


def test_takes_the_character_from_a_look(corpus):  # noqa: F811
    g = corpus(apply("TCH-03", p0=dict(deck=["A-BOLT", "T-BIG", "T-SMALL"] + FILL)))
    a = act(g, TT.policy)
    assert a.type == "look_take" and g.state.cards[a.card].id == "T-BIG"


def test_puts_the_worst_card_on_top_of_the_opponents_deck(corpus):  # noqa: F811
    g = corpus(apply("TCH-04", p1=dict(deck=["T-PLACE6", "T-WALL"] + FILL)))
    a = act(g, TT.policy)
    assert a.type == "look_order" and g.state.cards[a.card].id == "T-WALL"


def test_gives_up_its_least_valuable_character(corpus):  # noqa: F811
    g = corpus(apply("TCH-06", p1=dict(chars=["T-BIG", "T-SMALL"])))
    a = act(g, TT.policy)
    assert a.type == "target" and g.state.cards[a.target].id == "T-SMALL"
