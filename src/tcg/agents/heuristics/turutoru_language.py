"""The Turu-turu card language read on a player's observation, for the heuristic (``turutoru.py``).

Only data: a card's parsed abilities (the public card database) and the observation. Three
readings:

- ``holds(obs, player, cond)``: a parsed condition (``engine.conditions``) on the observation,
  from the numbers it shows (zone sizes, HP, the segment, whose program runs, the phase); what it
  cannot tell holds;
- ``matches(sel, x, printed_card)``: whether a card view (a character on the field, a card of a
  pile) passes the tests of a selector table (``engine.select.Selector``: kind, name, gender,
  work, program, segment, power, toughness, mount, awake / asleep, damage, placed this round);
- ``candidates(obs, player, sel, source)``: (owner, card view) of each card of a selector table
  the observation shows (the field, the discard piles, the resolved programs, the devices, our
  own hand and face-down programs); None for a zone it does not list (a deck, the opponent's
  hand or programs: only their number is known)."""
from __future__ import annotations

from typing import Any, Callable

from ...engine import conditions as C
from .card_language import observed_holds
from ...engine.select import passes

#: the zones the observation lists card by card for both players
PUBLIC = ("discard", "resolved", "devices")
#: the zones the observation lists card by card for their owner only
OWN_ONLY = ("hand", "programs")


# --- conditions --------------------------------------------------------------------------------

def _pv(obs: dict, player: int) -> dict:
    return obs["players"][player]


def number(obs: dict, player: int, name: str) -> int:
    """A player's number a ``compare`` reads (a zone's size, ``hp``, ``segments_used``)."""
    pv = _pv(obs, player)
    if name == "field":
        return len(pv.get("characters") or ())
    if name == "hand":
        return pv.get("hand_count", len(pv.get("hand") or ()))
    if name == "deck":
        return pv.get("deck", 0)
    if name == "hp":
        return pv.get("hp", 0)
    if name == "programs":
        return pv.get("program_count", len(pv.get("programs") or ()))
    if name == "segments_used":
        running = pv.get("running")
        if isinstance(running, dict) and isinstance(running.get("start"), int):
            return running["start"]
        return pv.get("next_start", 0) or 0
    if name == "devices":
        return len(pv.get("devices") or ()) + sum(
            1 for p in obs["players"] for u in p.get("characters") or () for d in u.get("devices") or ()
            if d.get("owner", p.get("player")) == player)
    return len(pv.get(name) or ())


def whose_program(obs: dict, player: int) -> str:
    """``own`` / ``opponent``: whose program runs now (``own`` when none runs: a program we value
    while stacking runs as ours)."""
    if _pv(obs, 1 - player).get("running") and not _pv(obs, player).get("running"):
        return "opponent"
    return "own"


def holds(obs: dict, player: int, cond: Any) -> bool:
    """Whether ``cond`` holds for ``player`` as far as the observation tells (True when it cannot
    be told: a filtered count of a zone it does not list); the turn is whose program runs."""
    return observed_holds(obs, player, cond, _count, number, turn=whose_program)

def _count(obs: dict, player: int, what: Any) -> int | None:
    if isinstance(what, C.Zone):
        sides = (player,) if what.side == "own" else (1 - player,) if what.side == "opponent" else (0, 1)
        n = 0
        for p in sides:
            if not what.filter:
                n += number(obs, p, what.zone)
                continue
            cards = _pv(obs, p).get("characters" if what.zone == "field" else what.zone)
            if what.zone not in ("field",) + PUBLIC or cards is None:
                return None
            n += sum(1 for c in cards if all(_simple(c, k, v) for k, v in what.filter))
        return n
    if isinstance(what, str):
        own, opp = number(obs, player, "field"), number(obs, 1 - player, "field")
        if "opponent" in what:
            return opp
        if "own" in what:
            return own
        if what == "self":
            return None
        return own + opp
    return None


def _simple(c: dict, key: str, value: Any) -> bool:
    """A count's ``filter`` pair (kind, gender, work, name) on a card view."""
    if key == "name":
        return value in (c.get("name"), c.get("name_en"))
    return c.get(key) == value


# --- selector tables ---------------------------------------------------------------------------

def _read(x: dict, prop: str, printed: bool, card: Any) -> tuple:
    """The values of a card view's property ``prop`` (the props of ``games/turutoru/select.py``)."""
    on_field = "power_now" in x or "awake" in x
    if prop == "name":
        return (x.get("name"), x.get("name_en"))
    if prop == "program":
        return tuple(p.kind for p in getattr(card, "programs", ()) or ())
    if prop in ("power", "toughness"):
        if on_field and not printed:
            return (x.get(prop + "_now", x.get(prop)),)
        return (x.get(prop) if x.get(prop) is not None else getattr(card, prop, None),)
    if prop == "awake":
        return (bool(x.get("awake")),)
    if prop == "asleep":
        return (not x.get("awake"),)
    if prop == "damaged":
        return (bool(x.get("damage")),)
    if prop == "attached":
        return (bool(x.get("_attached")),)
    got = x.get(prop)
    if got is None and card is not None:
        got = getattr(card, prop, None)
    return (got,)


def matches(sel: Any, x: dict, card: Any = None) -> bool:
    """Whether the card view ``x`` (``card``: its printed card, for what the view does not show)
    passes every test of the selector, as ``engine.select`` does."""
    for t in sel.tests:
        if not passes(t, _read(x, t.prop, t.printed, card)):
            return False
    return True


def candidates(obs: dict, player: int, sel: Any, card_of: Callable[[Any], Any],
               source: Any = None) -> list[tuple[int, dict]] | None:
    """(owner, card view) of each card of the selector table ``sel`` that the observation shows,
    ``player`` the controller (``source``: the iid of the card whose ability it is, for
    ``other``; ``card_of``: a card id's printed card); None for a zone it does not list."""
    zone, side = sel.zone, sel.side
    sides = (player,) if side == "own" else (1 - player,) if side == "opponent" else (player, 1 - player)
    found: list[tuple[int, dict]] = []
    for p in sides:
        pv = _pv(obs, p)
        if zone == "field":
            found += [(p, u) for u in pv.get("characters") or ()]
        elif zone == "devices":
            found += [(p, d) for d in pv.get("devices") or ()]
            found += [(p, dict(d, _attached=True)) for q in obs["players"] for u in q.get("characters") or ()
                      for d in u.get("devices") or () if d.get("owner", q.get("player")) == p]
        elif zone in PUBLIC or (zone in OWN_ONLY and p == player):
            found += [(p, c) for c in pv.get(zone) or () if isinstance(c, dict) and "id" in c]
        else:
            return None
    return [(p, x) for p, x in found if not (sel.other and x.get("iid") == source)
            and matches(sel, x, card_of(x.get("id")))]


def how_many(sel: Any) -> int:
    """How many cards the table takes at most (``choose``, ``random``; ``all``: every one)."""
    how, n, _ = sel.count
    return 99 if how == "all" else n


__all__ = ["OWN_ONLY", "PUBLIC", "candidates", "holds", "how_many", "matches", "number", "whose_program"]
