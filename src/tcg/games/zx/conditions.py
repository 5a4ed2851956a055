"""What Z/X declares for conditions (``engine/conditions.py``): its zones, numbers, phases, the
target strings a count may name, and how to count. docs/cards.md (Z6) describes them for card
writers."""
from __future__ import annotations

from typing import Any

from ...engine.conditions import ConditionGame, Zone, count_in_zone, filter_choices
from .cards import COLORS, COUNTERS, KINDS
from .state import ZXState

#: zone -> hidden: a hand, a deck, face-down life, the face-down dynamis and the force (face down
#: under the Z/X, ZX-Z3) may be counted, never filtered (``face_up``: the face-up dynamis cards;
#: ``board``: the Z/X on the squares)
ZONES = {"hand": True, "deck": True, "life": True, "dynamis": True, "trash": False, "charge": False,
         "resources": False, "face_up": False, "board": False, "force": True}
#: the old target strings a count may name (``same`` has no meaning outside an effect)
TARGETS = ("self", "all_own_zx", "all_opponent_zx", "choose_own_zx", "choose_opponent_zx", "attacker",
           "battle_target")
#: ``battle``: while a battle is under way (inside the main phase)
PHASES = ("reboot", "draw", "resource", "ignition", "main", "battle", "end")
FILTER_KEYS = {"kind": str, "color": str, "race": str, "name": str}


def _pile(s: ZXState, p: int, zone: str) -> list[int]:
    ps = s.players[p]
    if zone == "face_up":
        return [i for i in ps.dynamis if i in ps.face_up]
    if zone == "force":  # under all of the player's Z/X
        return [i for u in s.board if u is not None and u.owner == p for i in u.force]
    return getattr(ps, zone)


def _on_board(s: ZXState, p: int, flt: tuple) -> int:
    """Player ``p``'s Z/X on the board that match ``flt``."""
    return sum(1 for u in s.board if u is not None and u.owner == p and (not flt or _unit_matches(s, u, flt)))


def count_cards(s: ZXState, ctx: Any, what: Any) -> int:
    """How many cards ``what`` (a target string of ``TARGETS`` or a ``Zone``) names now."""
    me = ctx.controller
    if isinstance(what, Zone):
        return count_in_zone(s, me, what, _pile, "board", _on_board)
    if what == "self":
        return 1 if s.square_of(ctx.source) >= 0 else 0
    if what in ("attacker", "battle_target"):
        b = s.battle
        if b is None:
            return 0
        return 1 if s.square_of(b.attacker if what == "attacker" else b.target) >= 0 else 0
    mine = what in ("all_own_zx", "choose_own_zx")
    return sum(1 for u in s.board if u is not None and (u.owner == me) == mine)


def _unit_matches(s: ZXState, u: Any, flt: tuple) -> bool:
    """A Z/X matches a count's filter: its card's kind; a name, colour or race of its card or of
    its SHIFT (ZX-X6, as ``flow.unit_matches`` reads them)."""
    cards = (s.cards[u.iid], s.cards[u.shift]) if u.shift >= 0 else (s.cards[u.iid],)
    for k, v in flt:
        if k == "kind":
            if cards[0].kind != v:
                return False
        elif all(getattr(c, k) != v for c in cards):
            return False
    return True


def _in_phase(s: ZXState, phase: str) -> bool:
    if phase == "battle":
        return s.battle is not None
    return s.phase == phase


def _number(zone: str):
    return lambda s, p: len(_pile(s, p, zone))


def _counter(name: str):
    return lambda s, p: s.players[p].counters.get(name, 0)


#: the per-player numbers a ``compare`` may name: the size of a zone (public, even of a hidden
#: zone), or a counter tally
NUMBERS = {**{z: _number(z) for z in ZONES if z != "board"},
           "zx": lambda s, p: sum(1 for u in s.board if u is not None and u.owner == p),
           **{c: _counter(c) for c in COUNTERS}}

CONDITIONS = ConditionGame(zones=ZONES, numbers=NUMBERS, phases=PHASES, targets=TARGETS, count_cards=count_cards,
                           active=lambda s: s.active, in_phase=_in_phase, filter_keys=FILTER_KEYS,
                           check_filter=filter_choices({"color": COLORS, "kind": KINDS}))
