"""What Kemuri declares for conditions (``engine/conditions.py``): its zones, numbers, phases, the
target names a count may name, and how to count. docs/cards.md (K4) describes them for card
writers."""
from __future__ import annotations

from typing import Any

from ...engine.conditions import ConditionGame, Zone, count_in_zone, filter_choices, holds
from . import flow as F
from . import select as KS
from .cards import KINDS, SHIFTS
from .state import KMState

#: zone -> hidden: a hand and a deck may be counted, never filtered (``floor``: the casts, a
#: flavour cross counting one; ``event``: the event on the field, its owner's)
ZONES = {"hand": True, "deck": True, "backyard": False, "seating": False, "floor": False, "event": False}
#: the old target names a count may name (``same`` has no meaning outside an effect)
TARGETS = ("self",) + tuple(k for k in KS.PRESETS if not k.endswith("_leader"))
#: the phases of a turn (``serving``: the serving phase, KM-T4/T5)
PHASES = ("draw", "charcoal", "operation", "serving", "end")
FILTER_KEYS = {"kind": str, "shift": str, "level": int, "person": str}


def _floor_matches(s: KMState, c: Any, flt: tuple) -> bool:
    top = s.cards[c.iid]  # KM-K3: a cross is read by its top card
    return all(getattr(top, k, None) == v for k, v in flt)


def _on_floor(s: KMState, p: int, flt: tuple) -> int:
    """The casts on player ``p``'s floor that match ``flt``."""
    return sum(1 for c in s.players[p].floor if not flt or _floor_matches(s, c, flt))


def _zone_cards(s: KMState, p: int, zone: str) -> list[int]:
    """Player ``p``'s cards of a pile, or the event on the field when it is theirs."""
    if zone == "event":
        return [s.event] if s.event >= 0 and s.owner[s.event] == p else []
    return getattr(s.players[p], zone)


def count_cards(s: KMState, ctx: Any, what: Any) -> int:
    """How many cards ``what`` (a target name of ``TARGETS`` or a ``Zone``) names now."""
    me = ctx.controller
    if isinstance(what, Zone):
        return count_in_zone(s, me, what, _zone_cards, "floor", _on_floor)
    if what == "self":
        return 1 if ctx.source >= 0 and s.players[s.owner[ctx.source]].cast(ctx.source) is not None else 0
    return len(KS.candidates(s, me, ctx.source, KS.PRESETS[what]))


def _pile(zone: str):
    return lambda s, p: len(getattr(s.players[p], zone))


#: the per-player numbers a ``compare`` may name: the size of a zone (public, even of a hidden
#: one), the seats (席数, KM-Z1), the cards on the floor (a cross counts each of its casts, as the
#: floor's limit does) and the casts (a cross counts one), the refreshes of the deck so far
NUMBERS = {**{z: _pile(z) for z in ("hand", "deck", "backyard", "seating")},
           "seats": F.seats,
           "floor": F.floor_count,
           "casts": lambda s, p: len(s.players[p].floor),
           "refreshes": lambda s, p: s.players[p].refreshes}

CONDITIONS = ConditionGame(selectors=KS.SELECTORS, zones=ZONES, numbers=NUMBERS, phases=PHASES, targets=TARGETS, count_cards=count_cards,
                           active=lambda s: s.active, in_phase=lambda s, ph: s.phase == ph, filter_keys=FILTER_KEYS,
                           check_filter=filter_choices({"kind": KINDS, "shift": SHIFTS, "level": (1, 2, 3)}))


def _holds(s: KMState, ctx: Any, cond: Any) -> bool:
    return holds(s, ctx, cond, CONDITIONS)


KMState.condition_holds = staticmethod(_holds)
