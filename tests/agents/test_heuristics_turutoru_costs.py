"""The Turu-turu heuristic with costs (docs/cards.md T5c): it pays with its least valuable cards,
uses an activated ability from the hand when it is worth its cost, and answers "you may pay …; if
you do, …" by weighing the two. The corpus cards (tests/corpus/turutoru/costs.toml) stand in for
the card database the heuristic reads."""
from __future__ import annotations

import pytest

from tcg.agents.heuristics import turutoru as TT

from ..corpus.test_turutoru_costs import ACTIVATE, APPLY, main
from ..games.turutoru.harness import do
from .scenario import act

#: the heuristic's memos of what it read of the card texts
MEMOS = ("_ABILITIES", "_PROGS", "_BONUS", "_BURNS", "_VALUES", "_VIEW_VALUES")


def _forget() -> None:
    TT._TEXTS._set, TT._TEXTS._by_id = None, {}
    for name in MEMOS:
        getattr(TT, name).clear()
    TT._facts.memo.clear()


@pytest.fixture
def corpus():
    """The heuristic reads the corpus's cards (and forgets what it read of other sets)."""
    def use(g):
        _forget()
        TT._TEXTS._set = g.rules.cards
        return g
    yield use
    _forget()


def cid(g, a) -> str:
    return g.state.cards[a.target if a.type == "target" else a.card].id


def test_discards_its_least_valuable_card(corpus):
    g = corpus(main(dict(programs=ACTIVATE, chars=["TCOST-01"], hand=["T-BIG", "T-SMALL"]), dict(chars=["T-PLACE2"])))
    do(g, "activate", card="TCOST-01", ability=0)
    a = act(g, TT.policy)
    assert a.type == "target" and cid(g, a) == "T-SMALL"




def test_uses_the_hand_ability_against_a_character_and_skips_without_one(corpus):
    g = corpus(main(dict(programs=ACTIVATE, hand=["TCOST-03"]), dict(chars=["T-BIG", "T-PLACE2"])))
    a = act(g, TT.policy)
    assert a.type == "activate_card" and cid(g, a) == "TCOST-03"


def test_puts_to_bed_its_weakest_awake_character(corpus):
    g = corpus(main(dict(programs=["T-EFFECT", "T-DRAW2"], devices=["TCOST-05"], chars=["T-BIG", "T-SMALL"])))
    do(g, "effect", card="TCOST-05", ability=0)
    a = act(g, TT.policy)
    assert a.type == "target" and cid(g, a) == "T-SMALL"


@pytest.mark.parametrize("theirs, use", [("T-ATK", True), ("T-SMALL", False)])
def test_you_may_discard_weighs_the_damage_against_the_card(corpus, theirs, use):
    """3 damage that destroys a 3/3 attacker is worth our weakest card; a 1/1 is not."""
    g = corpus(main(dict(programs=APPLY, hand=["TCOST-08", "T-WALL"]), dict(chars=[theirs])))
    do(g, "apply", card="TCOST-08")
    a = act(g, TT.policy)
    assert a.type == "optional" and a.get("use") is use
