"""What each Z/X player may see; how actions read is in text.py."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import FrozenView, PrintedViews
from ...engine.state import pile_places
from . import flow as F
from .state import PLAYER_SQUARE, Unit, ZXState


def printed_card(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.color:
        d["color"] = c.color
    if c.kind in ("zx", "event", "zx_ex", "ev_ex"):
        d["cost"] = c.cost
    if c.is_unit:
        d.update(power=c.power, race=c.race)
    if c.ignition:
        d["ignition"] = True
    if c.kind == "zx_ex":
        d.update(condition=c.condition, count=c.count, counter=c.counter, awaken=c.awaken)
    if c.kind in ("event", "ev_ex"):
        d["timing"] = c.timing
    for mark in ("start_card", "gate_card", "life_recovery", "void_bringer"):
        if getattr(c, mark):
            d[mark] = True
    return d


_PRINTED = PrintedViews(printed_card)


def card_view(s: ZXState, iid: int) -> dict[str, Any]:
    return _PRINTED.view(s.cards[iid], iid)


def unit_view(s: ZXState, sq: int, u: Unit, viewer, sources=None, cv=None) -> dict[str, Any]:
    """A Z/X on the board as ``viewer`` sees it (``sources``: ``F.static_sources(s)`` when the
    caller has them; ``cv(iid)``: the card views to use, fresh ones by default)."""
    if s.phase == "setup" and viewer != u.owner:  # a start card lies face down until set-up ends
        return {"square": sq, "owner": u.owner, "face_down": True}
    d = card_view(s, u.iid)
    d.update(square=sq, owner=u.owner, asleep=u.asleep, damage=u.damage, power_now=F.power_of(s, u, sources),
             force=len(u.force), shift=(cv or (lambda i: card_view(s, i)))(u.shift) if u.shift >= 0 else None,
             used=u.used, player_square=sq in PLAYER_SQUARE)
    if u.shift >= 0:  # ZX-X6: the SHIFT adds its name, colour and race
        d.update(names=list(F.unit_names(s, u)), colors=list(F.unit_colors(s, u)), races=list(F.unit_races(s, u)))
    return d


def _shared_views(s: ZXState) -> tuple[list, list, list]:
    """By instance id: each card's shared printed view, and the shared views of a resource
    (asleep False / True) and of one of its owner's dynamis cards (face_up False / True); built
    once per dealt card set (the state's CardTable, shared by its clones)."""
    memo = s.table.memo
    got = memo.get("shared_views")
    if got is None:
        views = [_PRINTED.shared(c, i) for i, c in enumerate(s.cards)]
        res = [(FrozenView({**v, "asleep": False}), FrozenView({**v, "asleep": True})) for v in views]
        dyn = [(FrozenView({**v, "face_up": False}), FrozenView({**v, "face_up": True})) for v in views]
        got = memo["shared_views"] = (views, res, dyn)
    return got


def _board(s: ZXState, viewer, cv) -> list:
    sources = None
    out = []
    for sq, u in enumerate(s.board):
        if u is None:
            out.append(None)
            continue
        if sources is None:
            sources = F.static_sources(s)
        out.append(unit_view(s, sq, u, viewer, sources, cv))
    return out


def _shared_board(s: ZXState, viewer, views: list) -> list:
    """The board as ``unit_view`` shows it, each Z/X's view a shared read-only dict kept on the
    Unit (``Unit.view``) with everything it shows that can change: it is built again only when
    one of those changed (its card, owner and the dealt cards never change)."""
    sources = None
    setup = s.phase == "setup"
    cards = s.cards
    board = s.board
    out: list = [None] * 9
    for sq in range(9):
        u = board[sq]
        if u is None:
            continue
        if setup and viewer != u.owner:
            out[sq] = {"square": sq, "owner": u.owner, "face_down": True}
            continue
        if sources is None:
            sources = F.static_sources(s)
        if sources:
            power = F.power_of(s, u, sources)
        else:  # F.power_of with no static effect at work
            power = max(0, cards[u.iid].power + u.power_mod)
        key = (sq, power, u.asleep, u.damage, len(u.force), u.shift, u.used)
        hit = u.view
        if hit is None or hit[0] != key:
            d = {**views[u.iid], "square": sq, "owner": u.owner, "asleep": u.asleep, "damage": u.damage,
                 "power_now": power, "force": len(u.force), "shift": views[u.shift] if u.shift >= 0 else None,
                 "used": u.used, "player_square": sq in PLAYER_SQUARE}
            if u.shift >= 0:  # ZX-X6: the SHIFT adds its name, colour and race
                d.update(names=list(F.unit_names(s, u)), colors=list(F.unit_colors(s, u)),
                         races=list(F.unit_races(s, u)))
            hit = u.view = (key, FrozenView(d))
        out[sq] = hit[1]
    return out


def observe(rules, s: ZXState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    if shared:
        return _observe_shared(s, viewer)
    cv = lambda i: card_view(s, i)  # noqa: E731
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        pv: dict[str, Any] = {
            "player": p, "life": len(ps.life), "deck": len(ps.deck), "hand_count": len(ps.hand),
            "hand": [cv(i) for i in ps.hand] if mine else None,
            "trash": [cv(i) for i in ps.trash],
            "charge": [cv(i) for i in ps.charge],
            "resources": [{**cv(i), "asleep": i in ps.asleep_res} for i in ps.resources],
            "dynamis_count": len(ps.dynamis),
            "dynamis_face_up": [cv(i) for i in ps.dynamis if i in ps.face_up],
            "dynamis": [{**cv(i), "face_up": i in ps.face_up} for i in ps.dynamis] if mine else None,
            "player_card": (cv(ps.player_card) if ps.player_card >= 0 else {"name": "(nameless)"})
            if ps.player_face_up or mine else {"face_down": True},
            "player_face_up": ps.player_face_up,
            "ob_bottom": ps.ob_bottom >= 0,
            "counters": dict(ps.counters),
            "used": {"zx_ex": ps.used_ex, "ev_ex": ps.used_ev_ex, "shift": ps.used_shift},
            "revealed": cv(ps.revealed) if ps.revealed >= 0 else None,
            "resolving": [cv(i) for i in ps.resolving],
            "mulliganed": ps.mulliganed,
        }
        if ps.removed:  # cards removed from the game by an effect (shown only when there are some)
            pv["removed"] = [cv(i) for i in ps.removed]
        if mine and s.phase == "setup":  # ZX-S2/S3: your own secret set-up choices
            pv["chosen"] = {"start_card": cv(ps.chosen[0]) if ps.chosen[0] >= 0 else None,
                            "gate_card": cv(ps.chosen[1]) if ps.chosen[1] >= 0 else None}
        players.append(pv)
    return _frame(s, viewer, _board(s, viewer, cv), players)


def _observe_shared(s: ZXState, viewer: int | None) -> dict[str, Any]:
    """``observe(..., shared=True)``: the same content as the front ends' view, its cards'
    printed facts (alone, as a resource, as a dynamis card) shared read-only views."""
    views, res_views, dyn_views = _shared_views(s)
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        face_up, asleep = ps.face_up, ps.asleep_res
        pc = ps.player_card
        # the dynamis as both lists show it, kept on the player's state with what it was made of
        key = (tuple(ps.dynamis), frozenset(face_up))
        dyn = ps.dyn_view
        if dyn is None or dyn[0] != key:
            dyn = ps.dyn_view = (key, tuple([views[i] for i in ps.dynamis if i in face_up]),
                                 tuple([dyn_views[i][i in face_up] for i in ps.dynamis]))
        trash = tuple(ps.trash)  # the longest pile: its views kept with the trash they show
        tv = ps.trash_view
        if tv is None or tv[0] != trash:
            tv = ps.trash_view = (trash, tuple([views[i] for i in trash]))
        pv: dict[str, Any] = {
            "player": p, "life": len(ps.life), "deck": len(ps.deck), "hand_count": len(ps.hand),
            "hand": [views[i] for i in ps.hand] if mine else None,
            "trash": list(tv[1]),
            "charge": [views[i] for i in ps.charge] if ps.charge else [],
            "resources": [res_views[i][i in asleep] for i in ps.resources],
            "dynamis_count": len(ps.dynamis),
            "dynamis_face_up": list(dyn[1]),
            "dynamis": list(dyn[2]) if mine else None,
            "player_card": (views[pc] if pc >= 0 else {"name": "(nameless)"})
            if ps.player_face_up or mine else {"face_down": True},
            "player_face_up": ps.player_face_up,
            "ob_bottom": ps.ob_bottom >= 0,
            "counters": dict(ps.counters),
            "used": {"zx_ex": ps.used_ex, "ev_ex": ps.used_ev_ex, "shift": ps.used_shift},
            "revealed": views[ps.revealed] if ps.revealed >= 0 else None,
            "resolving": [views[i] for i in ps.resolving] if ps.resolving else [],
            "mulliganed": ps.mulliganed,
        }
        if ps.removed:  # cards removed from the game by an effect (shown only when there are some)
            pv["removed"] = [views[i] for i in ps.removed]
        if mine and s.phase == "setup":  # ZX-S2/S3: your own secret set-up choices
            pv["chosen"] = {"start_card": views[ps.chosen[0]] if ps.chosen[0] >= 0 else None,
                            "gate_card": views[ps.chosen[1]] if ps.chosen[1] >= 0 else None}
        players.append(pv)
    return _frame(s, viewer, _shared_board(s, viewer, views), players)


def _frame(s: ZXState, viewer, board: list, players: list) -> dict[str, Any]:
    decision = s.decision_view(viewer, ("pick_card", "start_card", "gate_card", "target_hidden", "look_take",
                                        "look_order"))
    battle = None
    if s.battle is not None:
        battle = {"attacker": s.battle[0], "target": s.battle[2]}
    return {"game": "zx", "viewer": viewer, "turn": s.turn, "active": s.active, "first_player": s.first,
            "phase": s.phase, "player_squares": list(PLAYER_SQUARE), "board": board, "battle": battle,
            "decision": decision, "result": s.result_view(),
            "players": players}


def all_zones(s: ZXState) -> Iterator[tuple[str, int]]:
    for p, ps in enumerate(s.players):
        yield from pile_places(p, ps, ("deck", "hand", "trash", "charge", "life", "resources", "dynamis", "resolving",
                                        "removed"))
        if ps.player_card >= 0:
            yield f"p{p}.player_card", ps.player_card
        if ps.ob_bottom >= 0:
            yield f"p{p}.ob_bottom", ps.ob_bottom
        if ps.revealed >= 0:
            yield f"p{p}.revealed", ps.revealed
    for sq, u in enumerate(s.board):
        if u is None:
            continue
        yield f"sq{sq}", u.iid
        for i in u.force:
            yield f"sq{sq}.force", i
        if u.shift >= 0:
            yield f"sq{sq}.shift", u.shift
        if u.bottom >= 0:
            yield f"sq{sq}.bottom", u.bottom


def describe(rules, s: ZXState, a: Action, lang: str = "en") -> str:
    """How an action reads: the words are the game's table (games/zx/text.toml, via text.py)."""
    from .text import describe as describe_action
    return describe_action(s, a, lang)
