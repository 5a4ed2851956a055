"""What Turu-turu declares for conditions (``engine/conditions.py``): its zones, numbers, phases,
the target strings a count may name, and how to count. docs/cards.md (T5) describes them.

Turu-turu has no turns: both players act in every round. ``{turn = "own"}`` reads "the program
running now is yours" (an effect of your program, or a trigger of yours while your program
runs); between programs, the player who goes first at a shared segment (TT-G4: the lower HP,
then the priority player) counts as the turn player."""
from __future__ import annotations

from typing import Any

from ...engine.conditions import ConditionGame, Zone, count_in_zone, filter_choices
from .cards import GENDERS, KINDS
from .state import TTState
from .select import SELECTORS

#: zone -> hidden: a hand, a deck and the face-down unresolved programs may be counted, never
#: filtered (``field``: the characters on the field; ``devices``: the devices in play a player
#: owns; ``resolved``: the resolved programs, face up)
ZONES = {"hand": True, "deck": True, "programs": True, "discard": False, "resolved": False,
         "field": False, "devices": False}
#: the old target strings a count may name (``same`` has no meaning outside an effect)
TARGETS = ("self", "attached", "all_own_characters", "all_opponent_characters", "all_characters",
           "choose_own_character", "choose_opponent_character", "choose_character")
PHASES = ("draw", "programming", "main", "prepare")
FILTER_KEYS = {"kind": str, "gender": str, "work": str, "name": str}


def _devices(s: TTState, p: int) -> list[int]:
    owner = s.owner
    out = list(s.players[p].devices)
    for ps in s.players:
        for u in ps.chars:
            out.extend(d for d in u.devices if owner[d] == p)
    return out


def _cards(s: TTState, p: int, zone: str) -> list[int]:
    ps = s.players[p]
    if zone == "field":
        return [u.iid for u in ps.chars]
    if zone == "devices":
        return _devices(s, p)
    return getattr(ps, zone)


def count_cards(s: TTState, ctx: Any, what: Any) -> int:
    """How many cards ``what`` (a target string of ``TARGETS`` or a ``Zone``) names now."""
    me = ctx.controller
    if isinstance(what, Zone):
        return count_in_zone(s, me, what, _cards)
    if what == "self":
        return 1 if s.players[s.owner[ctx.source]].unit(ctx.source) is not None else 0
    if what == "attached":
        return sum(1 for ps in s.players for u in ps.chars if ctx.source in u.devices)
    if "opponent" in what:
        return len(s.players[1 - me].chars)
    if "own" in what:
        return len(s.players[me].chars)
    return len(s.players[0].chars) + len(s.players[1].chars)


def active(s: TTState) -> int:
    """The player whose program runs now; between programs, the one who goes first (TT-G4)."""
    p0, p1 = s.players
    if p0.running is not None:
        return 0
    if p1.running is not None:
        return 1
    if p0.hp != p1.hp:
        return 0 if p0.hp < p1.hp else 1
    return s.priority


def _number(zone: str):
    return lambda s, p: len(_cards(s, p, zone))


#: the per-player numbers a ``compare`` may name: the size of a zone (public, even of a hidden
#: zone), the HP, and the segments used so far this main phase (where the player's next program
#: starts, or the one running now started: TT-G2)
NUMBERS = {**{z: _number(z) for z in ZONES},
           "hp": lambda s, p: s.players[p].hp,
           "segments_used": lambda s, p: s.players[p].clock if s.phase == "main" else 0}

CONDITIONS = ConditionGame(selectors=SELECTORS, zones=ZONES, numbers=NUMBERS, phases=PHASES, targets=TARGETS, count_cards=count_cards,
                           active=active, in_phase=lambda s, ph: s.phase == ph, filter_keys=FILTER_KEYS,
                           check_filter=filter_choices({"gender": GENDERS, "kind": KINDS}))
