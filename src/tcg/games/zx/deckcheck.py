"""Z/X deck construction (ZX-D1..ZX-D6): every problem, with rule and card."""
from __future__ import annotations

from collections import Counter
from functools import partial

from ...engine.deck import Deck, DeckProblem, Takes, unknown_sections
from ...engine.deck import setup_problems as check_sections
from .cards import DECK_KINDS, DYNAMIS_KINDS

GAME = "zx"


#: a problem whose sentence is a key of the game's words (``games/zx/text.toml``): ``DeckProblem.of``
_problem = partial(DeckProblem.of, GAME)


def check_deck(cards, profile, deck: Deck) -> list[DeckProblem]:
    P = profile.get
    out = unknown_sections(GAME, "ZX-D1", deck, ["main", "dynamis", "player", "ob_bottom"])

    def resolve(sec: str, rule: str) -> list:
        got = []
        for cid, n in Counter(cards.resolve(c) or c for c in deck.section(sec)).items():
            c = cards.find(cid)
            if c is None:
                out.append(_problem(rule, "deck.unknown_card", cid, card=cid, section=sec))
            else:
                got.extend([c] * n)
        return got
    main = resolve("main", "ZX-D1")
    if len(deck.section("main")) != P("deck.size"):
        out.append(_problem("ZX-D1", "deck.size", size=len(deck.section("main")), want=P("deck.size")))
    out.extend(_kinds_and_copies(main, DECK_KINDS, "main", P("deck.max_copies"), "ZX-D1"))
    ign = sum(1 for c in main if c.ignition)
    if ign != P("deck.ignition"):
        out.append(_problem("ZX-D2", "deck.ignition", count=ign, want=P("deck.ignition")))
    for flag in ("life_recovery", "void_bringer"):
        n = sum(1 for c in main if getattr(c, flag))
        if n > P(f"deck.max_{flag}"):
            out.append(_problem("ZX-D3", "deck.marked", ", ".join(sorted({c.id for c in main if getattr(c, flag)})),
                                count=n, mark={"key": f"mark.{flag}"}, most=P(f"deck.max_{flag}")))
    dyn = resolve("dynamis", "ZX-D4")
    if len(dyn) > P("dynamis.max_size"):
        out.append(_problem("ZX-D4", "deck.dynamis_size", size=len(dyn), most=P("dynamis.max_size")))
    out.extend(_kinds_and_copies(dyn, DYNAMIS_KINDS, "dynamis", P("dynamis.max_copies"), "ZX-D4"))
    ob = sum(1 for c in dyn if c.kind == "zx_ob")
    if ob > P("dynamis.max_ob"):
        out.append(_problem("ZX-D4", "deck.dynamis_ob", count=ob, most=P("dynamis.max_ob")))
    other = sum(1 for c in dyn if c.kind != "zx_ob")
    if other > P("dynamis.max_other"):
        out.append(_problem("ZX-D4", "deck.dynamis_other", count=other, most=P("dynamis.max_other")))
    players = resolve("player", "ZX-D5")
    bottoms = resolve("ob_bottom", "ZX-D5")
    for sec, got in (("player", players), ("ob_bottom", bottoms)):  # the section takes its kind
        if len(got) > 1:
            out.append(_problem("ZX-D5", f"deck.one.{sec}", ", ".join(sorted({c.id for c in got})), section=sec,
                                count=len(got)))
        for c in got:
            if c.kind != sec:
                out.append(_problem("ZX-D5", f"deck.not.{sec}", c.id, name=c.name, kind={"kind": c.kind}))
    # ZX-X7 「プレイヤーごとの専用カード」: an EV EX naming a player belongs in that player's deck only
    mine = players[0].id if len(players) == 1 and players[0].kind == "player" else None
    for cid in sorted({c.id for c in dyn if c.kind == "ev_ex" and c.player and c.player != mine}):
        c = cards[cid]
        owner = cards.find(c.player)
        out.append(_problem("ZX-X7", "deck.ev_ex_player" if mine else "deck.ev_ex_player.none", cid,
                            name=c.name, owner=owner.name if owner else c.player,
                            player=players[0].name if mine else ""))
    if any(c.kind != "player" for c in players) or any(c.kind != "ob_bottom" for c in bottoms) \
            or len(players) > 1 or len(bottoms) > 1:
        return out
    elif bottoms and (not players or bottoms[0].player != players[0].id):
        out.append(_problem("ZX-D5", "deck.ob_bottom_player", bottoms[0].id, name=bottoms[0].name))
    return out


def _kinds_and_copies(got: list, kinds: tuple[str, ...], where: str, most: int, rule: str) -> list[DeckProblem]:
    """The cards of a section (``got``, a card per copy; ``where``: main or dynamis) not of the
    ``kinds`` it takes, then those over ``most`` copies (``_same_card``)."""
    out = [_problem(rule, f"deck.takes.{where}", c.id, name=c.name, kind={"kind": c.kind})
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
            key = f"deck.copies.{where}" + (".reprints" if len(ids) > 1 else "")
            out.append(_problem(rule, key, ", ".join(ids), count=len(cs), name=name, ids={"join": ids}, most=limit))
    return out


def setup_problems(cards, profile, deck: Deck) -> list[DeckProblem]:
    """What keeps a deck from being set up or played even unchecked (``validate=False``): the
    sections and the kinds of card they take (ZX-D1, ZX-D4, ZX-D5), and a deck that can deal the
    starting hand, life and resources (ZX-S5, ZX-S6) after a start card and a gate card, if it
    has any, are taken out of it (ZX-S2, ZX-S3)."""
    P = profile.get
    need = P("start.hand_size") + P("start.life_cards") + P("start.resource_cards")
    main = [c for c in map(cards.find, deck.section("main")) if c is not None]
    taken = [{"key": f"deck.why.{flag}"} for flag in ("start_card", "gate_card") if any(getattr(c, flag) for c in main)]
    return check_sections(cards, deck, {
        "main": Takes(DECK_KINDS, "ZX-D1", least=need + len(taken),
                      why={"key": "deck.why.deal.besides", "params": {"need": need, "taken": {"join": taken, "sep": "and"}}}
                      if taken else {"key": "deck.why.deal"}),
        "dynamis": Takes(DYNAMIS_KINDS, "ZX-D4"),
        "player": Takes(("player",), "ZX-D5", most=1),
        "ob_bottom": Takes(("ob_bottom",), "ZX-D5", most=1)})
