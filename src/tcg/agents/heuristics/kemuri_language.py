"""The Kemuri card language read on a player's observation, for the heuristic (``kemuri.py``).

Only data: a card's parsed abilities (the public card database) and the observation. Readings:

- ``is_language(ability)``: whether an ability uses the card language (docs/cards.md K4a, K4b,
  K4c, K4d, K6): an ``if``, a ``when``, an op with ``if`` / ``if_done`` / ``optional``, a selector
  table as its target, a "for each" amount, or the ops ``pay``, ``choose_one`` and ``look``. The
  heuristic values only those with the readings below, so the cards written before keep exactly
  the worth they had;
- ``holds(obs, player, cond)``: a parsed condition (``engine.conditions``) on the observation,
  from the numbers it shows (seats, pile sizes, casts, whose turn, the phase); what it cannot tell
  holds. ``floor_extra``: casts about to be placed, counted as if on the floor already;
- ``matches(sel, card)``: whether a card view passes a selector table's tests (kind, name,
  person, shift, level, cost, CP and call-in — now on a floor, else printed —, served, crossed,
  serving, receiving, the leader's state); ``casts(pool, sel, source)``: the casts of a floor a
  table names;
- ``pile(obs, player, sel)``: (ours, card view) of each card of a public pile a table names (a
  backyard, a seating zone, the event, the player's own hand), from the controller ``player``'s
  point of view; None for a pile the observation does not list (a deck, the opponent's hand);
- ``amount_now(v, obs, player, source)``: a "for each" amount (``engine.amounts.Amount``) as the
  number it comes to on the observation (a pile it cannot see counted by its size, or as two)."""
from __future__ import annotations

from typing import Any

from ...engine import conditions as C
from ...engine.amounts import Amount
from .card_language import observed_holds
from ...engine.select import Selector, passes

#: the piles whose cards the observation lists for both players
PUBLIC = ("backyard", "seating")
#: the ops of the card language's steps 4 and 5 (docs/cards.md K4c, K4d)
CHOICE_OPS = frozenset({"pay", "choose_one", "look"})


def is_table(target: Any) -> bool:
    """Whether an op's target is a selector table (not a target name)."""
    return isinstance(target, Selector)


def is_language(ab: Any) -> bool:
    """Whether the ability uses the card language (see the module docstring)."""
    if ab.cond is not None or ab.when is not None:
        return True
    return any(op.cond is not None or op.if_done or op.optional or is_table(op.args.get("target"))
               or op.name in CHOICE_OPS or any(isinstance(v, Amount) for v in op.args.values())
               for op in ab.effects)


# --- conditions --------------------------------------------------------------------------------

def _casts(pv: dict) -> list:
    return pv.get("floor") or []


def number(obs: dict, player: int, name: str, floor_extra: int = 0) -> int:
    """A player's number a ``compare`` reads (docs/cards.md K4a)."""
    pv = obs["players"][player]
    extra = floor_extra if player == obs.get("viewer") else 0
    if name == "seats":
        return pv.get("seats", 0)
    if name == "hand":
        return pv.get("hand_count", len(pv.get("hand") or ()))
    if name == "deck":
        return pv.get("deck", 0)
    if name == "casts":
        return len(_casts(pv)) + extra
    if name == "floor":
        return sum(1 + len(c.get("cross") or ()) for c in _casts(pv)) + extra
    if name == "refreshes":
        return pv.get("refreshes", 0)
    return len(pv.get(name) or ())


def holds(obs: dict, player: int, cond: Any, floor_extra: int = 0) -> bool:
    """Whether ``cond`` holds for ``player`` as far as the observation tells (True when it cannot
    be told); ``floor_extra`` casts more on the own floor than it shows."""
    return observed_holds(obs, player, cond, lambda o, p, what: _count(o, p, what, floor_extra),
                          lambda o, p, name: number(o, p, name, floor_extra))

def _sides(side: str, player: int) -> tuple:
    return (player,) if side == "own" else (1 - player,) if side == "opponent" else (player, 1 - player)


def _count(obs: dict, player: int, what: Any, floor_extra: int) -> int | None:
    players = obs["players"]
    if isinstance(what, C.Zone):
        n = 0
        for p in _sides(what.side, player):
            pv = players[p]
            if what.zone == "floor":
                cards = list(_casts(pv))
                n += floor_extra if p == player and not what.filter else 0
            elif what.zone == "event":
                ev = obs.get("event")
                cards = [ev] if ev and ev.get("owner") == p else []
            elif what.zone in PUBLIC:
                cards = pv.get(what.zone) or []
            else:  # hand, deck: only their size (a filter there is a load error)
                n += number(obs, p, what.zone)
                continue
            n += sum(1 for c in cards if all(c.get(k) == v for k, v in what.filter))
        return n
    if isinstance(what, str):
        mine, theirs = len(_casts(players[player])) + floor_extra, len(_casts(players[1 - player]))
        if what == "self":
            return None
        if "opponent" in what:
            return theirs
        if "own" in what:
            return mine
        return mine + theirs if what == "all_casts" else None
    return None


# --- selector tables ---------------------------------------------------------------------------

def _read(obs: dict | None, c: dict, prop: str, printed: bool) -> tuple:
    """The values of a card view's property ``prop`` (the keys of ``games/kemuri/select.py``)."""
    if prop == "name":
        return (c.get("name"), c.get("name_en"))
    if prop in ("cp", "call_in") and not printed:
        return (c.get(prop + "_now", c.get(prop)),)
    if prop == "crossed":
        return (bool(c.get("cross")),)
    if prop in ("serving", "receiving"):
        sv = (obs or {}).get("serving") or {}
        return (sv.get("server" if prop == "serving" else "receiver") == c.get("iid"),)
    if prop == "locked":
        return (not c.get("active", True),)
    return (c.get(prop),)


def matches(sel: Any, c: dict, obs: dict | None = None) -> bool:
    """Whether the card view ``c`` passes every test of the selector (as ``engine.select`` does)."""
    for t in sel.tests:
        if not passes(t, _read(obs, c, t.prop, t.printed)):
            return False
    return True


def casts(pool: list[dict], sel: Any, source: int | None = None, obs: dict | None = None) -> list[dict]:
    """The casts of ``pool`` the floor table ``sel`` names (its side aside)."""
    return [c for c in pool if not (sel.other and c["iid"] == source) and matches(sel, c, obs)]


def pile(obs: dict, player: int, sel: Any, source: int | None = None) -> list[tuple[bool, dict]] | None:
    """(ours, card view) of each card of a pile table ``sel`` the observation shows, for ``player``
    as the controller; None for a pile it does not list."""
    out = []
    for p in _sides(sel.side, player):
        pv = obs["players"][p]
        if sel.zone in PUBLIC or (sel.zone == "hand" and p == player):
            cards = pv.get(sel.zone)
            if cards is None:  # a hand this observation does not show
                return None
        elif sel.zone == "event":
            ev = obs.get("event")
            cards = (ev,) if ev and ev.get("owner") == p else ()
        elif sel.zone == "floor":
            cards = _casts(pv)
        else:
            return None
        out.extend((p == player, c) for c in cards
                   if not (sel.other and c.get("iid") == source) and matches(sel, c, obs))
    return out


def amount_now(v: Any, obs: dict, player: int, source: int | None = None) -> Any:
    """``v`` as a number: a "for each" amount counted on the observation for ``player`` (the
    cards its table names, times ``times``, within ``max``); any other value as it is."""
    if not isinstance(v, Amount):
        return v
    sel = v.count
    found = pile(obs, player, sel, source)
    if found is not None:
        n = len(found)
    elif sel.zone in ("hand", "deck") and not sel.tests:
        n = sum(number(obs, p, sel.zone) for p in _sides(sel.side, player))
    else:  # what the observation does not show: two of them
        n = 2
    n *= v.times
    if v.max is not None:
        n = max(-v.max, min(v.max, n))
    return max(v.lo, min(v.hi, n))


def how_many(sel: Any) -> int:
    """How many cards the table takes at most (``choose``, ``random``; ``all``: every one)."""
    if sel.all:
        return 99
    return sel.choose or sel.random or 1


__all__ = ["CHOICE_OPS", "PUBLIC", "amount_now", "casts", "holds", "how_many", "is_language", "is_table", "matches", "number", "pile"]
