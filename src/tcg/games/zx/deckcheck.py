"""Z/X deck construction (ZX-D1..ZX-D6): every problem, with rule and card."""
from __future__ import annotations

from collections import Counter

from ...engine.deck import Deck, DeckProblem, Takes, setup_problems as check_sections
from .cards import DECK_KINDS, DYNAMIS_KINDS


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    P = profile.get
    out: list[DeckProblem] = []
    for sec in deck.sections:
        if sec not in ("main", "dynamis", "player", "ob_bottom"):
            out.append(DeckProblem("ZX-D1", f"unknown deck section [{sec}] (use main, dynamis, player, ob_bottom)"))

    def resolve(sec: str, rule: str) -> list:
        got = []
        for cid, n in Counter(cards.resolve(c) or c for c in deck.section(sec)).items():
            c = cards.find(cid)
            if c is None:
                out.append(DeckProblem(rule, f"unknown card {cid!r} in [{sec}]", cid))
            else:
                got.extend([c] * n)
        return got
    main = resolve("main", "ZX-D1")
    if len(deck.section("main")) != P("deck.size"):
        out.append(DeckProblem("ZX-D1", f"deck has {len(deck.section('main'))} cards, must be exactly {P('deck.size')}"))
    out.extend(_kinds_and_copies(main, DECK_KINDS, "the deck takes only Z/X and events", P("deck.max_copies"),
                                 "ZX-D1", ""))
    ign = sum(1 for c in main if c.ignition)
    if ign != P("deck.ignition"):
        out.append(DeckProblem("ZX-D2", f"{ign} cards with the ignition icon, must be exactly {P('deck.ignition')}"))
    for flag, label in (("life_recovery", "Life Recovery"), ("void_bringer", "Void Bringer")):
        n = sum(1 for c in main if getattr(c, flag))
        if n > P(f"deck.max_{flag}"):
            out.append(DeckProblem("ZX-D3", f"{n} cards marked {label}, at most {P(f'deck.max_{flag}')}",
                                   ", ".join(sorted({c.id for c in main if getattr(c, flag)}))))
    dyn = resolve("dynamis", "ZX-D4")
    if len(dyn) > P("dynamis.max_size"):
        out.append(DeckProblem("ZX-D4", f"dynamis has {len(dyn)} cards, at most {P('dynamis.max_size')}"))
    out.extend(_kinds_and_copies(dyn, DYNAMIS_KINDS, "the dynamis takes Z/X EX, Z/X OB, SHIFT, EV EX",
                                 P("dynamis.max_copies"), "ZX-D4", " in the dynamis"))
    ob = sum(1 for c in dyn if c.kind == "zx_ob")
    if ob > P("dynamis.max_ob"):
        out.append(DeckProblem("ZX-D4", f"{ob} Z/X OB in the dynamis, at most {P('dynamis.max_ob')}"))
    other = sum(1 for c in dyn if c.kind != "zx_ob")
    if other > P("dynamis.max_other"):
        out.append(DeckProblem("ZX-D4", f"{other} non-OB dynamis cards, at most {P('dynamis.max_other')}"))
    players = resolve("player", "ZX-D5")
    bottoms = resolve("ob_bottom", "ZX-D5")
    for sec, got, kind, label in (("player", players, "player", "player card"),
                                  ("ob_bottom", bottoms, "ob_bottom", "Z/X OB bottom card")):
        if len(got) > 1:
            out.append(DeckProblem("ZX-D5", f"[{sec}] holds at most one {label}, found {len(got)}",
                                   ", ".join(sorted({c.id for c in got}))))
        for c in got:
            if c.kind != kind:
                out.append(DeckProblem("ZX-D5", f"{c.name} is a {c.kind} card, not a {label}", c.id))
    # ZX-X7 「プレイヤーごとの専用カード」: an EV EX naming a player belongs in that player's deck only
    mine = players[0].id if len(players) == 1 and players[0].kind == "player" else None
    for cid in sorted({c.id for c in dyn if c.kind == "ev_ex" and c.player and c.player != mine}):
        c = cards[cid]
        owner = cards.find(c.player)
        who = f"the player card is {players[0].name!r}" if mine else "the deck has no single player card"
        out.append(DeckProblem("ZX-X7", f"EV EX {c.name!r} is only for the player "
                               f"{owner.name if owner else c.player!r}; {who}", cid))
    if any(c.kind != "player" for c in players) or any(c.kind != "ob_bottom" for c in bottoms) \
            or len(players) > 1 or len(bottoms) > 1:
        return out
    elif bottoms and (not players or bottoms[0].player != players[0].id):
        out.append(DeckProblem("ZX-D5", f"Z/X OB bottom {bottoms[0].name!r} does not match the player card", bottoms[0].id))
    return out


def _kinds_and_copies(got: list, kinds: tuple[str, ...], takes: str, most: int, rule: str, where: str
                      ) -> list[DeckProblem]:
    """The cards of a section (``got``, a card per copy) not of the ``kinds`` it ``takes``, then
    those over ``most`` copies (``_same_card``)."""
    out = [DeckProblem(rule, f"{c.name} is a {c.kind} card; {takes}", c.id)
           for c in sorted({c.id: c for c in got}.values(), key=lambda c: c.id) if c.kind not in kinds]
    return out + _same_card(got, most, rule, where)


def _same_card(got: list, limit: int, rule: str, where: str) -> list[DeckProblem]:
    """「同一カード」 at most ``limit``: copies are counted by card NAME, so reprints (other ids,
    same name) share the limit; the problem names every id of that name."""
    by_name: dict[str, list] = {}
    for c in got:
        by_name.setdefault(c.name, []).append(c)
    out = []
    for name, cs in sorted(by_name.items(), key=lambda kv: min(c.id for c in kv[1])):
        if len(cs) > limit:
            ids = sorted({c.id for c in cs})
            shared = f" (ids {', '.join(ids)} share the name)" if len(ids) > 1 else ""
            out.append(DeckProblem(rule, f"{len(cs)} copies of {name!r}{where}{shared}, at most {limit}", ", ".join(ids)))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): the
    sections and the kinds of card they take (ZX-D1, ZX-D4, ZX-D5), and a deck that can deal the
    starting hand, life and resources (ZX-S5, ZX-S6) after a start card and a gate card, if it
    has any, are taken out of it (ZX-S2, ZX-S3)."""
    P = profile.get
    need = P("start.hand_size") + P("start.life_cards") + P("start.resource_cards")
    main = [c for c in map(cards.find, deck.section("main")) if c is not None]
    taken = [what for what, flag in (("a start card", "start_card"), ("a gate card", "gate_card"))
             if any(getattr(c, flag) for c in main)]
    return check_sections(cards, deck, {
        "main": Takes(DECK_KINDS, "ZX-D1", least=need + len(taken),
                      why="to deal the starting hand, life and resources"
                          + (f" ({need}) besides {' and '.join(taken)}" if taken else "")),
        "dynamis": Takes(DYNAMIS_KINDS, "ZX-D4"),
        "player": Takes(("player",), "ZX-D5", most=1),
        "ob_bottom": Takes(("ob_bottom",), "ZX-D5", most=1)})
