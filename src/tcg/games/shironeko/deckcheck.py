"""Shironeko deck construction (SN-D1..SN-D7): every problem at once, each with rule and card."""
from __future__ import annotations

from collections import Counter

from ...engine.deck import Deck, DeckProblem, Takes, setup_problems as check_sections
from .cards import CHARACTER_KINDS, MAIN_KINDS, SOUL_QUARRY

SECTIONS = ("main", "town", "leader")


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    P = profile.get
    out: list[DeckProblem] = []
    for sec in deck.sections:
        if sec not in SECTIONS:
            out.append(DeckProblem("SN-D1", f"unknown deck section [{sec}] (use {', '.join(SECTIONS)})"))
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
                msg = (f"{cid!r} in [{sec}] is ambiguous: cards {', '.join(c.id for c in same)} share "
                       f"that name; write the card id")
            else:
                msg = f"unknown card {cid!r} in [{sec}]" + (f" ({n} copies)" if n > 1 else "")
            out.append(DeckProblem(rule, msg, cid))
    main, town, leaders = resolved["main"], resolved["town"], resolved["leader"]

    # SN-D1: exactly 40 main-deck (black-backed) cards
    size = P("deck.main_size")
    if len(deck.section("main")) != size:
        out.append(DeckProblem("SN-D1", f"main deck has {len(deck.section('main'))} cards, must be exactly {size}"))
    for c in sorted({c.id: c for c in main if c.kind not in MAIN_KINDS}.values(), key=lambda c: c.id):
        out.append(DeckProblem("SN-D1", f"{c.name} is a {c.kind} card and cannot be in the main deck", c.id))
    # SN-D2: 32 characters (incl. awakened) and 8 monsters
    nchar = sum(1 for c in main if c.kind in CHARACTER_KINDS)
    nmon = sum(1 for c in main if c.kind == "monster")
    if nchar != P("deck.characters"):
        out.append(DeckProblem("SN-D2", f"main deck has {nchar} character/awakened cards, must be exactly {P('deck.characters')}"))
    if nmon != P("deck.monsters"):
        out.append(DeckProblem("SN-D2", f"main deck has {nmon} monster cards, must be exactly {P('deck.monsters')}"))
    # SN-D3: at most 3 of one name and kind
    limit = P("deck.max_copies")
    for (name, kind), n in sorted(Counter((c.name, c.kind) for c in main).items()):
        if n > limit:
            cid = next(c.id for c in main if c.name == name and c.kind == kind)
            out.append(DeckProblem("SN-D3", f"{n} copies of {kind} {name!r}, at most {limit} of one name and kind", cid))
    # SN-D4: at most 3 STOP! cards
    stops = [c for c in main if c.stop]
    if len(stops) > P("deck.max_stop"):
        out.append(DeckProblem("SN-D4", f"{len(stops)} cards with STOP!, at most {P('deck.max_stop')}",
                               ", ".join(sorted({c.id for c in stops}))))
    # SN-D5: 10 town cards, at most 3 of a name except Soul Quarries
    tsize = P("deck.town_size")
    if len(deck.section("town")) != tsize:
        out.append(DeckProblem("SN-D5", f"town deck has {len(deck.section('town'))} cards, must be exactly {tsize}"))
    for c in sorted({c.id: c for c in town if c.kind != "town"}.values(), key=lambda c: c.id):
        out.append(DeckProblem("SN-D5", f"{c.name} is a {c.kind} card, the town deck takes only town cards", c.id))
    tlimit = P("deck.town_max_copies")
    for name, n in sorted(Counter(c.name for c in town if c.kind == "town").items()):
        if n > tlimit and SOUL_QUARRY not in name:
            cid = next(c.id for c in town if c.name == name)
            out.append(DeckProblem("SN-D5", f"{n} copies of town {name!r}, at most {tlimit} (only {SOUL_QUARRY} is unlimited)", cid))
    # SN-D6: leader cards one-to-one with the Leaderize cards of the main deck
    for c in sorted({c.id: c for c in leaders if c.kind != "leader"}.values(), key=lambda c: c.id):
        out.append(DeckProblem("SN-D6", f"{c.name} is a {c.kind} card, the leader section takes only leader cards", c.id))
    want = Counter(c.leaderize for c in main if c.leaderize)
    have = Counter(c.id for c in leaders if c.kind == "leader")
    for lid in sorted(set(want) | set(have)):
        w, h = want.get(lid, 0), have.get(lid, 0)
        if h > w:
            out.append(DeckProblem("SN-D6", f"{h} leader card(s) {cards[lid].name!r} but only {w} main-deck card(s) that leaderize into it", lid))
        elif h < w:
            out.append(DeckProblem("SN-D6", f"{w} main-deck card(s) leaderize into {cards[lid].name!r} but the leader section has {h}", lid))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): the
    sections and the kinds of card they take (SN-D1, SN-D5, SN-D6), and a main deck that can
    deal a starting hand without becoming empty (SN-S2; an empty main deck loses at once)."""
    hand = max(profile.get("start.hand_first"), profile.get("start.hand_second"))
    return check_sections(cards, deck, {
        "main": Takes(MAIN_KINDS, "SN-D1", least=hand + 1, why=f"to deal a starting hand of {hand} and keep a card"),
        "town": Takes(("town",), "SN-D5"),
        "leader": Takes(("leader",), "SN-D6")})
