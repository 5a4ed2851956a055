"""What Shironeko declares for conditions (``engine/conditions.py``): its zones, numbers, phases,
the target strings a count may name, and how to count. docs/cards.md (section 5) describes them."""
from __future__ import annotations

from typing import Any

from ...engine.conditions import ConditionGame, Zone, count_in_zone, filter_choices
from .cards import CHARACTER_KINDS, COLORS
from .state import SNState
from .select import SELECTORS

#: zone -> hidden (``characters``: the character area; ``damage``: the damage area, face up;
#: ``town``: the souls in the town area)
ZONES = {"hand": True, "deck": True, "town_deck": True, "leader_hand": True, "town": False, "discard": False,
         "damage": False, "removed": False, "characters": False,
         # the damage area under the selector tables' name too (games/shironeko/select.py)
         "damage_area": False}
_FIELDS = {"damage": "damage_area"}
TARGETS = ("all_own_characters", "all_opponent_characters", "all_own_other_characters", "all_characters",
           "choose_own_character", "choose_opponent_character", "choose_own_other_character", "choose_character")
PHASES = ("start", "main", "end")
FILTER_KEYS = {"kind": str, "color": str, "name": str}


def _cards(s: SNState, p: int, zone: str) -> list[int]:
    ps = s.players[p]
    if zone == "characters":
        return [u.iid for u in ps.chars]
    return getattr(ps, _FIELDS.get(zone, zone))


def count_cards(s: SNState, ctx: Any, what: Any) -> int:
    """How many cards ``what`` (a target string of ``TARGETS`` or a ``Zone``) names now."""
    me = ctx.controller
    if isinstance(what, Zone):
        return count_in_zone(s, me, what, _cards)
    whose = what.split("_", 1)[1].rsplit("_", 1)[0]  # own, opponent, own_other, "" (all)
    if whose == "opponent":
        return len(s.players[1 - me].chars)
    if whose == "own":
        return len(s.players[me].chars)
    if whose == "own_other":
        return sum(1 for u in s.players[me].chars if u.iid != ctx.source)
    return len(s.players[0].chars) + len(s.players[1].chars)


def _number(zone: str):
    return lambda s, p: len(_cards(s, p, zone))


NUMBERS = {z: _number(z) for z in ZONES}

CONDITIONS = ConditionGame(selectors=SELECTORS, zones=ZONES, numbers=NUMBERS, phases=PHASES, targets=TARGETS, count_cards=count_cards,
                           active=lambda s: s.active, in_phase=lambda s, ph: s.phase == ph, filter_keys=FILTER_KEYS,
                           check_filter=filter_choices({"color": COLORS,
                                                        "kind": CHARACTER_KINDS + ("monster", "leader", "town")}))
