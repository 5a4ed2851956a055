"""Shironeko deck construction (SN-D1..SN-D7): every problem at once, each with rule and card."""
from __future__ import annotations

from collections import Counter
from functools import partial

from ...engine.deck import Deck, DeckProblem, Takes, unknown_sections
from ...engine.deck import setup_problems as check_sections
from .cards import CHARACTER_KINDS, MAIN_KINDS, SOUL_QUARRY

SECTIONS = ("main", "town", "leader")
GAME = "shironeko"


#: a problem whose sentence is a key of the game's words (``games/shironeko/text.toml``): ``DeckProblem.of``
_problem = partial(DeckProblem.of, GAME)


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    P = profile.get
    out = unknown_sections(GAME, "SN-D1", deck, SECTIONS)
    resolved: dict[str, list] = {}
    for sec in SECTIONS:
        resolved[sec] = []
        unknown: dict[str, int] = {}
        for cid in deck.section(sec):
            c = cards.find(cid)
            if c is None:
                unknown[cid] = unknown.get(cid, 0) + 1
            else:
                resolved[sec].append(c)
        rule = "SN-D1" if sec == "main" else "SN-D5" if sec == "town" else "SN-D6"
        for cid, n in unknown.items():
            same = cards.named(cid)
            if same:
                out.append(_problem(rule, "deck.ambiguous", cid, card=cid, section=sec,
                                    ids={"join": [c.id for c in same]}))
            else:
                out.append(_problem(rule, "deck.unknown_card.copies" if n > 1 else "deck.unknown_card", cid,
                                    card=cid, section=sec, copies=n))
    main, town, leaders = resolved["main"], resolved["town"], resolved["leader"]

    # SN-D1: exactly 40 main-deck (black-backed) cards
    size = P("deck.main_size")
    if len(deck.section("main")) != size:
        out.append(_problem("SN-D1", "deck.main_size", size=len(deck.section("main")), want=size))
    for c in sorted({c.id: c for c in main if c.kind not in MAIN_KINDS}.values(), key=lambda c: c.id):
        out.append(_problem("SN-D1", "deck.not_main", c.id, name=c.name, kind={"kind": c.kind}))
    # SN-D2: 32 characters (incl. awakened) and 8 monsters
    nchar = sum(1 for c in main if c.kind in CHARACTER_KINDS)
    nmon = sum(1 for c in main if c.kind == "monster")
    if nchar != P("deck.characters"):
        out.append(_problem("SN-D2", "deck.characters", count=nchar, want=P("deck.characters")))
    if nmon != P("deck.monsters"):
        out.append(_problem("SN-D2", "deck.monsters", count=nmon, want=P("deck.monsters")))
    # SN-D3: at most 3 of one name and kind
    limit = P("deck.max_copies")
    for (name, kind), n in sorted(Counter((c.name, c.kind) for c in main).items()):
        if n > limit:
            cid = next(c.id for c in main if c.name == name and c.kind == kind)
            out.append(_problem("SN-D3", "deck.copies", cid, count=n, kind={"kind": kind}, name=name, most=limit))
    # SN-D4: at most 3 STOP! cards
    stops = [c for c in main if c.stop]
    if len(stops) > P("deck.max_stop"):
        out.append(_problem("SN-D4", "deck.stop", ", ".join(sorted({c.id for c in stops})), count=len(stops),
                            most=P("deck.max_stop")))
    # SN-D5: 10 town cards, at most 3 of a name except Soul Quarries
    tsize = P("deck.town_size")
    if len(deck.section("town")) != tsize:
        out.append(_problem("SN-D5", "deck.town_size", size=len(deck.section("town")), want=tsize))
    for c in sorted({c.id: c for c in town if c.kind != "town"}.values(), key=lambda c: c.id):
        out.append(_problem("SN-D5", "deck.not_town", c.id, name=c.name, kind={"kind": c.kind}))
    tlimit = P("deck.town_max_copies")
    for name, n in sorted(Counter(c.name for c in town if c.kind == "town").items()):
        if n > tlimit and SOUL_QUARRY not in name:
            cid = next(c.id for c in town if c.name == name)
            out.append(_problem("SN-D5", "deck.town_copies", cid, count=n, name=name, most=tlimit, quarry=SOUL_QUARRY))
    # SN-D6: leader cards one-to-one with the Leaderize cards of the main deck
    for c in sorted({c.id: c for c in leaders if c.kind != "leader"}.values(), key=lambda c: c.id):
        out.append(_problem("SN-D6", "deck.not_leader", c.id, name=c.name, kind={"kind": c.kind}))
    want = Counter(c.leaderize for c in main if c.leaderize)
    have = Counter(c.id for c in leaders if c.kind == "leader")
    for lid in sorted(set(want) | set(have)):
        w, h = want.get(lid, 0), have.get(lid, 0)
        if h > w:
            out.append(_problem("SN-D6", "deck.leaders_over", lid, have=h, name=cards[lid].name, want=w))
        elif h < w:
            out.append(_problem("SN-D6", "deck.leaders_under", lid, have=h, name=cards[lid].name, want=w))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): the
    sections and the kinds of card they take (SN-D1, SN-D5, SN-D6), and a main deck that can
    deal a starting hand without becoming empty (SN-S2; an empty main deck loses at once)."""
    hand = max(profile.get("start.hand_first"), profile.get("start.hand_second"))
    return check_sections(cards, deck, {
        "main": Takes(MAIN_KINDS, "SN-D1", least=hand + 1, why={"key": "deck.why.hand", "params": {"hand": hand}}),
        "town": Takes(("town",), "SN-D5"),
        "leader": Takes(("leader",), "SN-D6")})
