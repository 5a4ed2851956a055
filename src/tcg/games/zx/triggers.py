"""Z/X triggered abilities (``kind = "trigger"``; engine/triggers.py): the events a card's
``when`` may name, how the rules' events become them, and the index kept as Z/X come onto and
leave the board. docs/cards.md (Z6) describes them for card writers.

The events (card language <- the event the rules emit):

- ``enters``: a Z/X comes onto a square (``place``); ``from`` = ``hand`` (played), ``dynamis``
  (a Z/X EX or OB), ``deck`` (overdrive: the ignition card), ``life`` (a life card), or the zone
  an effect took it from (``trash``, ``charge``...); ``from = "effect"``: put there by an effect,
  from anywhere.
- ``leaves``: a Z/X leaves its square (``leave_board``), for any reason; ``to``: where its card
  went (``charge``, ``trash``, ``hand``, ``deck``, ``dynamis``...).
- ``destroyed``: a Z/X is destroyed (``leave_board`` with why ``destroyed``).
- ``attacks``: a Z/X attacks (``attack``; ``card``: the attacker); ``attacked``: a Z/X is
  attacked (``card``: the target; ``player``: the defender).
- ``turn_start``: a turn starts (``turn_start``; ``player``: the turn player);
  ``turn_end``: the end phase of a turn (the rules fire it themselves: no new event is emitted,
  so the event logs of games without triggers stay as they were).
- ``draw``: a player draws (``draw``; ``player``; the card drawn is secret: no ``card`` filter).

A card's triggers work while it is on the board (``where = "board"``, the only zone built); a
trigger of a card leaving the board still sees that event (it looks back). When several trigger
at once the Z/X rules say nothing of their order: the turn player's resolve first, then the
other player's, each player's in the order they triggered (the events' order; for one event,
the order their cards came onto the board, then the abilities' order on the card)."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine.triggers import EventSpec, TriggerGame, When, fire
from . import flow as F
from .select import SELECTORS, Loose, locate
from .state import ZXState

ZONES = ("hand", "deck", "trash", "charge", "resources", "life", "removed", "dynamis")
EVENTS = {
    "enters": EventSpec(("card", "from", "player"), froms=ZONES + ("effect",), doc="a Z/X comes onto a square"),
    "leaves": EventSpec(("card", "to", "player"), tos=ZONES, doc="a Z/X leaves its square"),
    "destroyed": EventSpec(("card", "player"), doc="a Z/X is destroyed"),
    "attacks": EventSpec(("card", "player"), doc="a Z/X attacks"),
    "attacked": EventSpec(("card", "player"), doc="a Z/X is attacked"),
    "turn_start": EventSpec(("player",), doc="a turn starts (player: the turn player)"),
    "turn_end": EventSpec(("player",), doc="a turn's end phase (player: the turn player)"),
    "draw": EventSpec(("player",), doc="a player draws (the card is secret)"),
}
#: where a card's triggers may be (zone -> hidden); only the board is built
WHERE = {"board": False, "trash": False, "charge": False, "resources": False, "removed": False,
         "dynamis": True, "hand": True, "deck": True, "life": True}
TRIGGERS = TriggerGame(EVENTS, WHERE, ("board",), "board", SELECTORS)
#: a ``place`` event's why -> the zone the Z/X came from (``effect``: the event says)
FROM = {"place": "hand", "zx_ex": "dynamis", "overboost": "dynamis", "overdrive": "deck", "life": "life"}


def match(s: ZXState, iid: int, idx: int, when: When, info: Mapping[str, Any]) -> int | None:
    """The controller of ability ``idx`` of the card ``iid`` if this event (``info``) triggers
    it, else None."""
    c = s.owner[iid]
    if when.player != "either" and (info["player"] == c) != (when.player == "own"):
        return None
    if when.frm is not None and info.get("from") != when.frm and not (when.frm == "effect" and info.get("by_effect")):
        return None
    if when.to is not None and info.get("to") != when.to:
        return None
    card = info.get("card", -1)
    if when.this and card != iid:
        return None
    sel = when.card
    if sel is not None:
        if card < 0 or (sel.other and card == iid):
            return None
        owner = s.owner[card]
        if (sel.side == "own" and owner != c) or (sel.side == "opponent" and owner == c):
            return None
        obj = locate(s, card) or Loose(card, owner, "dynamis")
        if isinstance(obj, Loose):  # left the board: only what a card off the board has
            for t in sel.tests:
                zones = SELECTORS.props[t.prop].zones
                if zones is not None and obj.zone not in zones:
                    return None
        if not SELECTORS.matches(s, obj, sel.tests):
            return None
    ab = s.cards[iid].abilities[idx]
    if ab.conditional and not F.ability_on(s, c, ab, iid):
        return None
    return c


def on_event(s: ZXState, etype: str, ev: Mapping[str, Any]) -> None:
    """An event the rules emitted (``ZXState.emit``, only while some dealt card has a trigger):
    keep the index and fire what it means."""
    tr = s.trig
    if etype == "place":
        iid = ev["card"]
        if s.table.triggers[iid]:
            tr.add(iid, s.table.triggers[iid])  # before firing: "when this Z/X enters"
        if "enters" in tr.index:
            why = ev["why"]
            fire(tr, s, "enters", {"card": iid, "player": ev["player"], "by_effect": why == "effect",
                                   "from": ev.get("from") if why == "effect" else FROM.get(why)}, match)
    elif etype == "leave_board":
        iid = ev["card"]
        if "leaves" in tr.index or "destroyed" in tr.index:
            x = locate(s, iid)
            info = {"card": iid, "player": ev["player"], "to": x.zone if isinstance(x, Loose) else "dynamis"}
            fire(tr, s, "leaves", info, match)
            if ev["why"] == "destroyed":
                fire(tr, s, "destroyed", info, match)
        if s.table.triggers[iid]:
            tr.remove(iid)  # after firing: "when this Z/X leaves" looks back
    elif etype == "attack":
        fire(tr, s, "attacks", {"card": ev["card"], "player": ev["player"]}, match)
        if ev["target"] >= 0 and "attacked" in tr.index:
            fire(tr, s, "attacked", {"card": s.board[ev["target"]].iid, "player": 1 - ev["player"]}, match)
    elif etype == "turn_start":
        tr.new_turn()
        fire(tr, s, "turn_start", {"player": ev["player"]}, match)
    elif etype == "draw":
        fire(tr, s, "draw", {"player": ev["player"]}, match)


def turn_end(s: ZXState) -> None:
    """The end phase starts (ZX-T6): ``turn_end`` triggers."""
    if s.trig is not None:
        fire(s.trig, s, "turn_end", {"player": s.active}, match)


def reindex(s: ZXState) -> None:
    """Build the index afresh from the board (a state laid out by hand, as tests do)."""
    if s.trig is None:
        return
    s.trig.index = {}
    for u in s.board:
        if u is not None and s.table.triggers[u.iid]:
            s.trig.add(u.iid, s.table.triggers[u.iid])


ZXState.trigger_hook = staticmethod(on_event)
