"""What each Kemuri player may see (``observe``) and how actions read (``describe``, worded by text.py)."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import PrintedViews
from ...engine.state import pile_places
from . import flow as F
from .state import Cast, KMState


def _printed(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.kind != "leader":
        d["level"] = c.level
    if c.kind == "cast":
        d.update(cost=c.cost, shift=c.shift, cp=c.cp, call_in=c.call_in, person=c.person)
    if c.help_shift:
        d.update(help_shift=c.help_shift, help_cp=c.help_cp)
    if c.kind == "event":
        d["removal_cost"] = c.removal_cost
    if c.has_trigger:
        d["trigger"] = True
    return d


_PRINTED = PrintedViews(_printed)


def card_view(s: KMState, iid: int) -> dict[str, Any]:
    return _PRINTED.view(s.cards[iid], iid)


def cast_view(s: KMState, c: Cast) -> dict[str, Any]:
    d = card_view(s, c.iid)
    d.update(cp_now=F.cp_of(s, c), call_in_now=F.call_in_of(s, c), served=c.served,
             cross=[card_view(s, i) for i in c.below])
    return d


def observe(rules, s: KMState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    # shared (agents' observations): cards' printed facts as one read-only dict per card
    cv = (lambda i: _PRINTED.shared(s.cards[i], i)) if shared else (lambda i: card_view(s, i))  # noqa: E731
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        leader = None
        if ps.leader >= 0:
            leader = {**cv(ps.leader), "person": s.cards[ps.leader].person,
                      "active": ps.leader_active, "charm_used": ps.charm_used,
                      "charm_timing": s.cards[ps.leader].abilities_of("charm")[0].timing}
        pv = {
            "player": p, "seats": F.seats(s, p), "deck": len(ps.deck), "hand_count": len(ps.hand),
            "hand": [cv(i) for i in ps.hand] if mine else None,
            "backyard": [cv(i) for i in ps.backyard],
            "seating": [cv(i) for i in ps.seating],
            "floor": [cast_view(s, c) for c in ps.floor],
            "resolving": [cv(i) for i in ps.resolving],
            "leader": leader, "refreshes": ps.refreshes, "mulliganed": ps.mulliganed,
            "event_used": ps.used_event, "support_used": ps.used_support,
        }
        if mine and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    decision = s.decision_view(viewer, ("pick_card",))
    return {
        "game": "kemuri", "viewer": viewer, "turn": s.turn, "active": s.active, "first_player": s.first,
        "phase": s.phase, "close_seats": rules.close_seats,
        "event": cv(s.event) | {"owner": s.owner[s.event]} if s.event >= 0 else None,
        "serving": {"server": s.serving[0], "receiver": s.serving[1],
                    "help": [cv(i) for i in s.help_used]} if s.serving else None,
        "decision": decision,
        "result": s.result_view(),
        "players": players,
    }


def all_zones(s: KMState) -> Iterator[tuple[str, int]]:
    for p, ps in enumerate(s.players):
        yield from pile_places(p, ps, ("deck", "hand", "backyard", "seating", "resolving"))
        for c in ps.floor:
            for m in c.members:
                yield f"p{p}.floor", m
        if ps.leader >= 0:
            yield f"p{p}.leader", ps.leader
    if s.event >= 0:
        yield "event", s.event
    for i in s.help_used:
        yield "help", i


def describe(rules, s: KMState, a: Action, lang: str = "en") -> str:
    """The plain label of an action, worded by the game's text layer (text.py / text.toml)."""
    from .text import describe as describe_action
    return describe_action(s, a, lang)
