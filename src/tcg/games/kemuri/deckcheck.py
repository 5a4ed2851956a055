"""Kemuri deck construction (KM-D1..KM-D6): every problem, with rule and card."""
from __future__ import annotations

from collections import Counter
from functools import partial

from ...engine.deck import Deck, DeckProblem, Takes, unknown_sections
from ...engine.deck import setup_problems as check_sections
from .cards import DECK_KINDS

GAME = "kemuri"


#: a problem whose sentence is a key of the game's words (``games/kemuri/text.toml``): ``DeckProblem.of``
_problem = partial(DeckProblem.of, GAME)


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    P = profile.get
    out = unknown_sections(GAME, "KM-D1", deck, ["main", "leader"])
    main = []
    by_name: Counter = Counter()  # 「同一カードはデッキに 4枚まで」: reprints (same name) share the limit
    ids_of: dict[str, list[str]] = {}
    for cid, n in Counter(cards.resolve(c) or c for c in deck.section("main")).items():
        c = cards.find(cid)
        if c is None:
            out.append(_problem("KM-D1", "deck.unknown_card", cid, card=cid, section="main"))
            continue
        main.extend([c] * n)
        if c.kind == "leader":  # KM-D1
            out.append(_problem("KM-D1", "deck.leader_in_deck", cid, name=c.name))
            continue
        by_name[c.name] += n
        ids_of.setdefault(c.name, []).append(cid)
    for name, n in by_name.items():
        first = cards.find(ids_of[name][0])
        ids = ", ".join(sorted(ids_of[name]))
        also = ".reprints" if len(ids_of[name]) > 1 else ""
        if first.kind == "event" and n > P("deck.max_event_copies"):  # KM-D2
            out.append(_problem("KM-D2", "deck.event_copies" + also, ids, count=n, name=name,
                                most=P("deck.max_event_copies"), ids=ids))
        elif n > P("deck.max_copies"):
            out.append(_problem("KM-D2", "deck.copies" + also, ids, count=n, name=name, most=P("deck.max_copies"),
                                ids=ids))
    troubles = [c for c in main if c.kind == "trouble"]
    if len(troubles) > P("deck.max_troubles"):  # KM-D3
        out.append(_problem("KM-D3", "deck.troubles", ", ".join(sorted({c.id for c in troubles})),
                            count=len(troubles), most=P("deck.max_troubles")))
    lv3 = [c for c in main if c.kind != "leader" and c.level == 3]
    if len(lv3) > P("deck.max_level3"):  # KM-D4
        out.append(_problem("KM-D4", "deck.level3", ", ".join(sorted({c.id for c in lv3})), count=len(lv3),
                            most=P("deck.max_level3")))
    if not main:
        out.append(_problem("KM-D1", "deck.empty"))
    leaders = deck.section("leader")  # KM-D5
    if len(leaders) != 1:
        out.append(_problem("KM-D5", "deck.one_leader", count=len(leaders)))
    for cid in leaders:
        c = cards.find(cid)
        if c is None:
            out.append(_problem("KM-D5", "deck.unknown_card", cid, card=cid, section="leader"))
        elif c.kind != "leader":
            out.append(_problem("KM-D5", "deck.not_leader", cid, name=c.name, kind={"kind": c.kind}))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): the
    deck takes no leader (KM-D1) and [leader] exactly one leader card (KM-D5: a player closes
    with their leader to win), every card known."""
    return check_sections(cards, deck, {
        "main": Takes(DECK_KINDS, "KM-D1", least=1),
        "leader": Takes(("leader",), "KM-D5", least=1, most=1, why={"key": "deck.why.leader"})})
