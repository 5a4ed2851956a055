"""Kemuri deck construction (KM-D1..KM-D6): every problem, with rule and card."""
from __future__ import annotations

from collections import Counter

from ...engine.deck import Deck, DeckProblem, Takes, setup_problems as check_sections
from .cards import DECK_KINDS


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    P = profile.get
    out: list[DeckProblem] = []
    for sec in deck.sections:
        if sec not in ("main", "leader"):
            out.append(DeckProblem("KM-D1", f"unknown deck section [{sec}] (use main, leader)"))
    main = []
    by_name: Counter = Counter()  # 「同一カードはデッキに 4枚まで」: reprints (same name) share the limit
    ids_of: dict[str, list[str]] = {}
    for cid, n in Counter(cards.resolve(c) or c for c in deck.section("main")).items():
        c = cards.find(cid)
        if c is None:
            out.append(DeckProblem("KM-D1", f"unknown card {cid!r} in [main]", cid))
            continue
        main.extend([c] * n)
        if c.kind == "leader":  # KM-D1
            out.append(DeckProblem("KM-D1", f"{c.name} is a leader card; leaders go in [leader], not the deck", cid))
            continue
        by_name[c.name] += n
        ids_of.setdefault(c.name, []).append(cid)
    for name, n in by_name.items():
        first = cards.find(ids_of[name][0])
        ids = ", ".join(sorted(ids_of[name]))
        also = f" (card ids {ids}: the same card by name)" if len(ids_of[name]) > 1 else ""
        if first.kind == "event" and n > P("deck.max_event_copies"):  # KM-D2
            out.append(DeckProblem("KM-D2", f"{n} copies of event {name!r}, at most "
                                            f"{P('deck.max_event_copies')}{also}", ids))
        elif n > P("deck.max_copies"):
            out.append(DeckProblem("KM-D2", f"{n} copies of {name!r}, at most {P('deck.max_copies')}{also}", ids))
    troubles = [c for c in main if c.kind == "trouble"]
    if len(troubles) > P("deck.max_troubles"):  # KM-D3
        out.append(DeckProblem("KM-D3", f"{len(troubles)} trouble cards, at most {P('deck.max_troubles')}",
                               ", ".join(sorted({c.id for c in troubles}))))
    lv3 = [c for c in main if c.kind != "leader" and c.level == 3]
    if len(lv3) > P("deck.max_level3"):  # KM-D4
        out.append(DeckProblem("KM-D4", f"{len(lv3)} level-3 cards, at most {P('deck.max_level3')}",
                               ", ".join(sorted({c.id for c in lv3}))))
    if not main:
        out.append(DeckProblem("KM-D1", "the deck has no cards"))
    leaders = deck.section("leader")  # KM-D5
    if len(leaders) != 1:
        out.append(DeckProblem("KM-D5", f"exactly one leader card is needed in [leader], found {len(leaders)}"))
    for cid in leaders:
        c = cards.find(cid)
        if c is None:
            out.append(DeckProblem("KM-D5", f"unknown card {cid!r} in [leader]", cid))
        elif c.kind != "leader":
            out.append(DeckProblem("KM-D5", f"{c.name} is a {c.kind} card, not a leader", cid))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): the
    deck takes no leader (KM-D1) and [leader] exactly one leader card (KM-D5: a player closes
    with their leader to win), every card known."""
    return check_sections(cards, deck, {
        "main": Takes(DECK_KINDS, "KM-D1", least=1),
        "leader": Takes(("leader",), "KM-D5", least=1, most=1, why="(a player closes with their leader to win)")})
