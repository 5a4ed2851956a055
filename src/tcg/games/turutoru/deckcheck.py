"""Turu-turu deck construction (TT-D1, TT-D2): every problem, with rule and card."""
from __future__ import annotations

from collections import Counter
from functools import partial

from ...engine.deck import Deck, DeckProblem, Takes, setup_problems as check_sections
from .cards import KINDS

GAME = "turutoru"


#: a problem whose sentence is a key of the game's words (``games/turutoru/text.toml``): ``DeckProblem.of``
_problem = partial(DeckProblem.of, GAME)


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    out: list[DeckProblem] = []
    size, limit = profile.get("deck.size"), profile.get("deck.max_copies")
    for sec in deck.sections:
        if sec != "main":
            out.append(_problem("TT-D1", "deck.unknown_section.main_only", section=sec))
    main = [(cards.resolve(c) or c) for c in deck.section("main")]
    if len(main) != size:
        out.append(_problem("TT-D1", "deck.size", size=len(main), want=size))
    for cid, n in sorted(Counter(main).items()):
        if cards.find(cid) is None:
            out.append(_problem("TT-D1", "deck.unknown_card", cid, card=cid, section="main"))
        elif n > limit:
            out.append(_problem("TT-D1", "deck.copies", cid, count=n, card=cid, most=limit))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): only
    [main], of known cards, with enough cards to draw the starting hand (TT-S2)."""
    hand = profile.get("start.hand_size")
    return check_sections(cards, deck, {
        "main": Takes(KINDS, "TT-D1", least=hand, why={"key": "deck.why.hand", "params": {"hand": hand}})})
