"""The Z/X card language read on a player's observation, for the heuristic (``zx.py``).

Only data: a card's parsed abilities (the public card database) and the observation. Three
readings:

- ``op_args(op, ability)``: an op's parameters with its flags as written (``_if``: the conditions
  that must hold, the ability's ``if`` first; ``_if_done``; ``_optional``), added only to the ops
  that carry them, so the cards without these keys are valued as before;
- ``holds(obs, player, cond)``: a parsed condition (``engine.conditions``) on the observation,
  from the numbers it shows (zone sizes, life, whose turn, the phase); what it cannot tell holds;
- ``candidates(ctx, table)``: the cards a selector table (``engine.select.Selector``) names that the
  observation shows: Z/X on the board (side, kind, name, colour, race, cost, power, asleep,
  damage, force, square) or cards of a public zone (trash, charge, resources, removed)."""
from __future__ import annotations

from typing import Any

from ...engine import conditions as C
from .card_language import observed_holds
from ...engine.select import passes

#: the zones whose cards the observation lists (the others only by their number)
PUBLIC = ("trash", "charge", "resources", "removed")


def op_args(op: Any, ability: Any) -> dict:
    """``op.args`` plus ``_if`` / ``_if_done`` / ``_optional`` when the op (or, for ``_if``, its
    ability) carries them."""
    args = dict(op.args)
    conds = tuple(c for c in (getattr(ability, "cond", None), op.cond) if c is not None)
    if conds:
        args["_if"] = conds
    if op.if_done:
        args["_if_done"] = True
    if op.optional:
        args["_optional"] = True
    return args


# --- conditions --------------------------------------------------------------------------------

def _zone_size(pv: dict, zone: str, obs: dict, player: int) -> int:
    if zone == "hand":
        return pv.get("hand_count", len(pv.get("hand") or ()))
    if zone in ("deck", "life"):
        return pv.get(zone, 0)
    if zone == "dynamis":
        return pv.get("dynamis_count", 0)
    if zone == "face_up":
        return len(pv.get("dynamis_face_up") or ())
    if zone == "board":
        return sum(1 for u in obs["board"] if u is not None and u.get("owner") == player)
    if zone == "force":  # the board shows how many force cards each Z/X has
        return sum(u.get("force", 0) for u in obs["board"] if u is not None and u.get("owner") == player)
    return len(pv.get(zone) or ())


def number(obs: dict, player: int, name: str) -> int:
    """A player's number a ``compare`` reads (a zone's size, ``zx``, a counter)."""
    pv = obs["players"][player]
    if name == "zx":
        return _zone_size(pv, "board", obs, player)
    if name in ("dream_key", "memory_piece", "melody"):
        return (pv.get("counters") or {}).get(name, 0)
    return _zone_size(pv, name, obs, player)


def holds(obs: dict, player: int, cond: Any) -> bool:
    """Whether ``cond`` holds for ``player`` as far as the observation tells (True when it cannot
    be told: a count of the Z/X in a battle, a filtered count of a zone it does not list); the
    battle phase is any time a battle goes on."""
    return observed_holds(obs, player, cond, _count, number, phase=_phase_is)


def _phase_is(obs: dict, phase: str) -> bool:
    return phase == "battle" and bool(obs.get("battle")) or obs.get("phase") == phase

def _count(obs: dict, player: int, what: Any) -> int | None:
    if isinstance(what, C.Counted):  # a selector table: the cards of it the observation shows
        found = candidates(obs, player, what.sel)
        return None if found is None else len(found)
    if isinstance(what, C.Zone):
        sides = (player,) if what.side == "own" else (1 - player,) if what.side == "opponent" else (0, 1)
        n = 0
        for p in sides:
            pv = obs["players"][p]
            if not what.filter:
                n += _zone_size(pv, what.zone, obs, p)
            elif what.zone == "board":
                n += sum(1 for u in obs["board"] if u is not None and u.get("owner") == p
                         and all(_matches_simple(u, k, v) for k, v in what.filter))
            elif what.zone in PUBLIC:
                n += sum(1 for c in pv.get(what.zone) or () if all(_matches_simple(c, k, v) for k, v in what.filter))
            else:
                return None
        return n
    if what in ("all_own_zx", "choose_own_zx"):
        return _zone_size(obs["players"][player], "board", obs, player)
    if what in ("all_opponent_zx", "choose_opponent_zx"):
        return _zone_size(obs["players"][1 - player], "board", obs, 1 - player)
    return None


def _matches_simple(c: dict, key: str, value: Any) -> bool:
    """A count's ``filter`` pair (kind, color, race, name) on a card view."""
    if key == "name":
        return value in (c.get("names") or (c.get("name"), c.get("name_en")))
    plural = {"color": "colors", "race": "races"}.get(key)
    if plural and c.get(plural):
        return value in c[plural]
    return c.get(key) == value


# --- selector tables ---------------------------------------------------------------------------

def _read(c: dict, prop: str, printed: bool, on_board: bool) -> tuple:
    """The values of a card view's property ``prop`` (the keys of ``games/zx/select.py``'s props)."""
    if prop == "name":
        return tuple(c.get("names") or (c.get("name"), c.get("name_en")))
    if prop in ("color", "race"):
        return tuple(c.get(prop + "s") or (c.get(prop),))
    if prop == "power":
        return (c.get("power") if printed or not on_board else c.get("power_now", c.get("power")),)
    if prop == "awake":
        return (not c.get("asleep"),)
    if prop == "damaged":
        return (bool(c.get("damage")),)
    if prop == "square":
        return ("player" if c.get("player_square") else "normal",)
    return (c.get(prop, 0 if prop == "force" else None),)


def matches(sel: Any, c: dict, on_board: bool) -> bool:
    """Whether the card view ``c`` passes every test of the selector (as ``engine.select`` does)."""
    for t in sel.tests:
        if not passes(t, _read(c, t.prop, t.printed, on_board)):
            return False
    return True


def candidates(obs: dict, player: int, sel: Any, source: Any = None) -> list[tuple[int, dict]] | None:
    """(owner, card view) of each card of the selector table ``sel`` that the observation shows,
    for ``player`` as the controller (``source``: the iid of the card whose ability it is, for
    ``other``); None for a zone it does not list (a hand, a deck, the life)."""
    zone, side = sel.zone, sel.side
    sides = (player,) if side == "own" else (1 - player,) if side == "opponent" else (player, 1 - player)
    if zone == "board":
        found = [(p, u) for p in sides for u in obs["board"] if u is not None and u.get("owner") == p]
    elif zone in PUBLIC:
        found = [(p, c) for p in sides for c in obs["players"][p].get(zone) or ()]
    else:
        return None
    return [(p, c) for p, c in found if not (sel.other and c.get("iid") == source) and matches(sel, c, zone == "board")]


def how_many(sel: Any) -> int:
    """How many cards the table takes at most (``choose``, ``random``; ``all``: every one)."""
    how, n, _ = sel.count
    return 99 if how == "all" else n


__all__ = ["PUBLIC", "candidates", "holds", "how_many", "matches", "number", "op_args"]
