"""Turu-turu deck construction (TT-D1, TT-D2): every problem, with rule and card."""
from __future__ import annotations

from collections import Counter

from ...engine.deck import Deck, DeckProblem, Takes, setup_problems as check_sections
from .cards import KINDS


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    out: list[DeckProblem] = []
    size, limit = profile.get("deck.size"), profile.get("deck.max_copies")
    for sec in deck.sections:
        if sec != "main":
            out.append(DeckProblem("TT-D1", f"unknown deck section [{sec}] (a deck has only [main])"))
    main = [(cards.resolve(c) or c) for c in deck.section("main")]
    if len(main) != size:
        out.append(DeckProblem("TT-D1", f"deck has {len(main)} cards, must be exactly {size}"))
    for cid, n in sorted(Counter(main).items()):
        if cards.find(cid) is None:
            out.append(DeckProblem("TT-D1", f"unknown card {cid!r} in [main]", cid))
        elif n > limit:
            out.append(DeckProblem("TT-D1", f"{n} copies of card number {cid}, at most {limit}", cid))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): only
    [main], of known cards, with enough cards to draw the starting hand (TT-S2)."""
    hand = profile.get("start.hand_size")
    return check_sections(cards, deck, {
        "main": Takes(KINDS, "TT-D1", least=hand, why=f"to draw the starting hand of {hand}")})
