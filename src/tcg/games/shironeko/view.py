"""What each player may see (``observe``) and how actions read (``describe``, worded by text.py)."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import PrintedViews
from ...engine.state import pile_places
from . import flow as F
from .state import SNState, Unit


def _printed(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.is_main:
        d.update(color=c.color, cost=c.cost, rune=c.rune, stop=c.stop)
        if c.is_character:
            d.update(level=c.level, change_cost=c.change_cost, attack=c.attack, hp=c.hp)
    return d


_PRINTED = PrintedViews(_printed)


def card_view(s: SNState, iid: int) -> dict[str, Any]:
    """A face-up card: identity plus its printed numbers (what a player reads off the card)."""
    return _PRINTED.view(s.cards[iid], iid)


def unit_view(s: SNState, u: Unit) -> dict[str, Any]:
    c = s.cards[u.iid]
    d = card_view(s, u.iid)
    d.update(on=u.on, runes=F.runes(s, u), under=[card_view(s, i) for i in u.under])
    if c.kind != "leader":
        d.update(printed_attack=c.attack, printed_hp=c.hp)
    if c.kind == "leader":
        d["leader"] = True
        return d
    d.update(level=c.level, attack=F.attack_of(s, u), hp=F.hp_of(s, u), damage=u.damage,
             shock=u.shock, poison=u.poison, sick=u.entered == s.turn, attacked=u.attacked)
    return d


def observe(rules, s: SNState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    # shared (agents' observations): cards' printed facts as one read-only dict per card
    cv = (lambda i: _PRINTED.shared(s.cards[i], i)) if shared else (lambda i: card_view(s, i))  # noqa: E731
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        pv: dict[str, Any] = {
            "player": p,
            "deck": len(ps.deck),
            "hand_count": len(ps.hand),
            "hand": [cv(i) for i in ps.hand] if mine else None,
            "town_deck": len(ps.town_deck),
            "town": [{**cv(i), "color": s.cards[i].color, "pays_any_color": s.cards[i].pays_any_color,
                      "on": i not in ps.souls_off} for i in ps.town],
            "characters": [unit_view(s, u) for u in ps.chars],
            "leader": unit_view(s, ps.leader) if ps.leader is not None else None,
            # SN-S1: leader cards are a second hand (第2の手札), hidden from the opponent until used
            "leader_hand": [cv(i) for i in ps.leader_hand] if mine else None,
            "leader_hand_count": len(ps.leader_hand),
            "discard": [cv(i) for i in ps.discard],
            "removed": [cv(i) for i in ps.removed],
            "damage_area": [cv(i) for i in ps.damage_area],
            "using": [cv(i) for i in ps.using],
            "mulliganed": ps.mulliganed,
        }
        if mine and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    decision = s.decision_view(viewer, ("search",))
    return {
        "game": "shironeko",
        "viewer": viewer,
        "turn": s.turn,
        "active": s.active,
        "first_player": s.first,
        "phase": s.phase,
        "decision": decision,
        "result": s.result_view(),
        "players": players,
    }


def all_zones(s: SNState) -> Iterator[tuple[str, int]]:
    """Every card with the place it is in (for the card-conservation invariant)."""
    for p, ps in enumerate(s.players):
        yield from pile_places(p, ps, ("deck", "hand", "town_deck", "town", "leader_hand", "discard", "removed",
                                       "damage_area", "using"))
        units = ps.chars if ps.leader is None else ps.chars + [ps.leader]
        for u in units:
            yield f"p{p}.field", u.iid
            for i in u.under:
                yield f"p{p}.under", i


def describe(rules, s: SNState, a: Action, lang: str = "en") -> str:
    """How an action reads: the words are in text.toml, put together by text.py."""
    from .text import describe as describe_action
    return describe_action(s, a, lang)
