"""The Shironeko card language read on a player's observation, for the heuristic (``shironeko.py``).

Only data: a card's parsed abilities (the public card database) and the observation. Readings:

- ``holds(obs, player, cond)``: a parsed condition (``engine.conditions``) on the observation,
  from the numbers it shows (pile sizes, characters, whose turn, the phase); what it cannot tell
  holds;
- ``units(pool, sel, source)``: the characters of ``pool`` (observation dicts) a selector table over
  the character area (``engine.select.Selector``) names: its tests (kind, name, colour, rune, cost,
  level, attack, HP, damage, ON/OFF, markers, attacked) and ``other``;
- ``pile(obs, player, sel)``: the cards of a public pile (discard, town, damage area, removed, and
  the player's own hand) a table names, from the controller ``player``'s point of view; None for a
  pile the observation does not list (a deck, the opponent's hand);
- ``amount_now`` / ``evaluated``: a "for each" amount (``engine.amounts``) counted on the
  observation."""
from __future__ import annotations

from typing import Any

from ...engine import conditions as C
from .card_language import observed_holds
from ...engine.amounts import Amount
from ...engine.select import passes

#: the piles whose cards the observation lists for both players
PUBLIC = ("discard", "town", "damage_area", "removed")
_FIELDS = {"damage": "damage_area"}


# --- conditions --------------------------------------------------------------------------------

def _size(pv: dict, zone: str) -> int:
    zone = _FIELDS.get(zone, zone)
    if zone == "hand":
        return pv.get("hand_count", len(pv.get("hand") or ()))
    if zone in ("deck", "town_deck"):
        return pv.get(zone, 0)
    if zone == "leader_hand":
        return pv.get("leader_hand_count", len(pv.get("leader_hand") or ()))
    if zone == "runes":  # the cards under the characters and the leader (open)
        return sum(len(u.get("under") or ()) for u in list(pv.get("characters") or ()) + [pv.get("leader") or {}])
    return len(pv.get(zone) or ())


def holds(obs: dict, player: int, cond: Any) -> bool:
    """Whether ``cond`` holds for ``player`` as far as the observation tells (True when it cannot
    be told)."""
    return observed_holds(obs, player, cond, _count, lambda o, p, name: _size(o["players"][p], name))

def _count(obs: dict, player: int, what: Any) -> int | None:
    players = obs["players"]
    if isinstance(what, C.Zone):
        sides = (player,) if what.side == "own" else (1 - player,) if what.side == "opponent" else (0, 1)
        n = 0
        for p in sides:
            pv = players[p]
            if not what.filter:
                n += _size(pv, what.zone)
                continue
            zone = _FIELDS.get(what.zone, what.zone)
            cards = pv.get(zone) if zone in PUBLIC + ("characters",) or (zone == "hand" and p == player) else None
            if cards is None:
                return None
            n += sum(1 for c in cards if all(c.get(k) == v or (k == "name" and v == c.get("name_en"))
                                             for k, v in what.filter))
        return n
    if isinstance(what, str):
        if "opponent" in what:
            return len(players[1 - player]["characters"])
        if "own" in what:
            return len(players[player]["characters"])
        return len(players[0]["characters"]) + len(players[1]["characters"])
    return None


# --- selector tables ---------------------------------------------------------------------------

def _read(c: dict, prop: str, printed: bool) -> tuple:
    """The values of a card view's property ``prop`` (the keys of ``games/shironeko/select.py``)."""
    if prop == "name":
        return (c.get("name"), c.get("name_en"))
    if prop == "rune":
        return tuple(c.get("runes") or (c.get("rune"),))
    if prop in ("attack", "hp") and printed:
        return (c.get("printed_" + prop, c.get(prop)),)
    if prop == "damaged":
        return (bool(c.get("damage")),)
    if prop == "off":
        return (not c.get("on", True),)
    return (c.get(prop),)


def matches(sel: Any, c: dict) -> bool:
    """Whether the card view ``c`` passes every test of the selector (as ``engine.select`` does)."""
    for t in sel.tests:
        if not passes(t, _read(c, t.prop, t.printed)):
            return False
    return True


def units(pool: list[dict], sel: Any, source: int | None = None) -> list[dict]:
    """The characters of ``pool`` the character-area table ``sel`` names (its side aside)."""
    return [u for u in pool if not (sel.other and u["iid"] == source) and matches(sel, u)]


def pile(obs: dict, player: int, sel: Any) -> list[tuple[bool, dict]] | None:
    """(ours, card view) of each card of a pile table ``sel`` the observation shows, for ``player``
    as the controller; None for a pile it does not list."""
    zone = _FIELDS.get(sel.zone, sel.zone)
    side = sel.side
    sides = (player,) if side == "own" else (1 - player,) if side == "opponent" else (player, 1 - player)
    out = []
    for p in sides:
        if zone in PUBLIC or (zone == "hand" and p == player):
            out.extend((p == player, c) for c in obs["players"][p].get(zone) or () if matches(sel, c))
        else:
            return None
    return out


def amount_now(obs: dict, player: int, amount: Any, source: int | None = None) -> int:
    """A "for each" amount (``engine.amounts.Amount``) as the observation tells it for ``player``
    as the controller: the characters or listed cards its count names; a pile the observation
    does not list by its size (an amount never tests the cards of a hidden pile)."""
    sel = amount.count
    sides = (player,) if sel.side == "own" else (1 - player,) if sel.side == "opponent" else (player, 1 - player)
    players = obs["players"]
    if sel.zone in ("characters", "leader"):
        n = 0
        for p in sides:
            pool = players[p]["characters"] if sel.zone == "characters" else \
                [players[p]["leader"]] if players[p].get("leader") else []
            n += len(units(pool, sel, source))
    else:
        found = pile(obs, player, sel)
        n = len(found) if found is not None else sum(_size(players[p], sel.zone) for p in sides)
    n *= amount.times
    if amount.max is not None:
        n = min(n, amount.max) if amount.times > 0 else max(n, -amount.max)
    return max(amount.lo, min(amount.hi, n))


def evaluated(obs: dict, player: int, args: dict, source: int | None = None) -> dict:
    """An op's arguments with each "for each" amount counted as the observation tells."""
    return {k: amount_now(obs, player, v, source) if type(v) is Amount else v for k, v in args.items()}


def how_many(sel: Any) -> int:
    """How many cards the table takes at most (``choose``, ``random``; ``all``: every one)."""
    how, n, _ = sel.count
    return 99 if how == "all" else n


__all__ = ["PUBLIC", "amount_now", "evaluated", "holds", "how_many", "matches", "pile", "units"]
