"""Kemuri triggered abilities with a ``when`` (``kind = "trigger"``; engine/triggers.py): the events
a card's ``when`` may name, how the rules' events become them, and the index kept as cards come
onto the field and leave it. docs/cards.md (K4b) describes them for card writers.

A ``trigger`` ability **without** ``when`` is the trigger of the source rules (KM-V6): it happens
when its card is called in, and is not indexed here. One **with** ``when`` waits on the field — on
the top card of a cast on a floor (KM-K3: a card under a cross has no abilities) or on the event
on the field — for an event (card language <- the event the rules emit):

- ``enters``: a cast is placed on a floor (``place``); ``from`` = ``hand`` (placed from the hand,
  or the zone an effect took it from: ``backyard``, ``seating``, ``deck``...); ``from = "effect"``:
  placed by an effect, from anywhere.
- ``leaves``: a cast leaves a floor (``cast_leaves``), for any reason; ``to``: where its cards went
  (``backyard``, ``hand``, ``deck``, ``seating``); ``card``: its top card.
- ``destroyed``: a cast is destroyed (a lost CP comparison, a ``destroy``: ``cast_leaves`` with why
  ``destroyed``, which the event itself does not tell).
- ``serves`` / ``served``: a cast serves (``serve``; ``card``: the server) / is served (``card``:
  the receiver, ``player``: its owner; not an イケイケ serving).
- ``wins``: a cast wins a CP comparison (``cp_contest``; ``card``: the winner).
- ``call_in``: a card is called in (``call_in``; ``card``: the card, shown to both; ``player``).
- ``draw``: a player draws (``draw``; the card drawn is secret: no ``card``).
- ``refresh``: a player's deck is refreshed (``refresh``, KM-R1).
- ``turn_start``: a turn starts (``turn_start``; its triggers resolve before the draw phase);
  ``turn_end``: the end phase of a turn starts (the rules fire it themselves: no new event, so
  the event logs of games without triggers stay as they were).

When several trigger at once the source says nothing of their order: the turn player's resolve
first, then the other player's, each in the order they triggered (the events' order; for one
event, the order their cards came onto the field, then the abilities' order on the card)."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine import triggers as T
from ...engine.triggers import TriggerGame, When, event_matches, event_table, fire
from . import select as KS
from .state import Cast, KMState, printed

DESTS = ("backyard", "hand", "deck", "seating")
FROMS = ("hand", "backyard", "seating", "deck", "event")
#: the events a card's ``when`` may name and what each is (in this order in messages)
EVENTS = event_table({
    "enters": "a cast is placed on a floor",
    "leaves": "a cast leaves a floor",
    "destroyed": "a cast is destroyed",
    "serves": "a cast serves",
    "served": "a cast is served",
    "wins": "a cast wins a CP comparison",
    "call_in": "a card is called in",
    "draw": "a player draws (the card is secret)",
    "refresh": "a player's deck is refreshed",
    "turn_start": "a turn starts (player: the turn player)",
    "turn_end": "a turn's end phase (player: the turn player)",
}, enters=FROMS + ("effect",), leaves=DESTS, players=("draw", "refresh", "turn_start", "turn_end"))
#: where a card's triggers may be (zone -> hidden); only the field (a cast's top card on a floor,
#: the event) is built
WHERE = {"field": False, "hand": True, "deck": True, "backyard": False, "seating": False}
TRIGGERS = TriggerGame(EVENTS, WHERE, ("field",), "field", KS.SELECTORS)


def _find(s: KMState, card: int, owner: int) -> Any:
    """The event's card for its filter: a cast on a floor, else (it left, it was called in) its
    printed facts, as a card in the backyard has them."""
    obj = s.players[owner].cast(card)
    return obj if isinstance(obj, Cast) else KS.Loose(card, owner, "backyard")


def match(s: KMState, iid: int, idx: int, when: When, info: Mapping[str, Any]) -> int | None:
    """The controller of ability ``idx`` of the card ``iid`` if this event (``info``) triggers
    it, else None."""
    c = event_matches(s, iid, when, info, KS.SELECTORS, _find)
    if c is None:
        return None
    ab = s.cards[iid].abilities[idx]
    if ab.cond is not None and not s.condition_holds(s, _Ctx(c, iid), ab.cond):
        return None
    return c


class _Ctx:
    """An effect context for a condition (``engine/effects.EffectCtx``'s fields)."""
    __slots__ = ("controller", "source", "extra")

    def __init__(self, controller: int, source: int):
        self.controller, self.source, self.extra = controller, source, None


def _indexed(tr, iid: int) -> bool:
    return any(w[0] == iid for waiting in tr.index.values() for w in waiting)


def on_event(s: KMState, etype: str, ev: Mapping[str, Any], why: str | None = None) -> None:
    """An event the rules emitted (``KMState.emit``, only while some dealt card has a ``when``
    trigger): keep the index and fire what it means."""
    tr = s.trig
    whens = printed(s).whens
    if etype == "place":
        iid = ev["card"]
        if whens[iid]:
            tr.add(iid, whens[iid])  # before firing: "when this cast enters"
        if "enters" in tr.index:
            effect = ev.get("why") == "effect"
            fire(tr, s, "enters", {"card": iid, "player": ev["player"], "by_effect": effect,
                                   "from": ev.get("from", "hand")}, match)
    elif etype == "cast_leaves":
        cards = ev["cards"]
        if "leaves" in tr.index or "destroyed" in tr.index:
            info = {"card": cards[0], "player": ev["player"], "to": ev["to"]}
            fire(tr, s, "leaves", info, match)
            if why == "destroyed":
                fire(tr, s, "destroyed", info, match)
        for i in cards:  # after firing: "when this cast leaves" looks back
            if whens[i]:
                tr.remove(i)
    elif etype == "cross":  # KM-K3: only the top card's abilities work
        cards = ev["cards"]
        for i in cards[1:]:
            if whens[i]:
                tr.remove(i)
        if whens[cards[0]] and not _indexed(tr, cards[0]):
            tr.add(cards[0], whens[cards[0]])
    elif etype == "cross_end":
        for i in ev["cards"][1:]:
            if whens[i]:
                tr.add(i, whens[i])
    elif etype == "event":
        if whens[ev["card"]]:
            tr.add(ev["card"], whens[ev["card"]])
    elif etype == "event_removed" or (etype == "move" and ev.get("from") == "event"):
        if ev.get("card") is not None and whens[ev["card"]]:
            tr.remove(ev["card"])
    elif etype == "serve":
        fire(tr, s, "serves", {"card": ev["cast"], "player": ev["player"]}, match)
        if ev["receiver"] >= 0 and "served" in tr.index:
            fire(tr, s, "served", {"card": ev["receiver"], "player": 1 - ev["player"]}, match)
    elif etype == "cp_contest":
        if "wins" in tr.index:
            server = ev["server"]
            win = server if ev["winner"] == s.owner[server] else ev["receiver"]
            fire(tr, s, "wins", {"card": win, "player": ev["winner"]}, match)
    elif etype == "call_in":
        fire(tr, s, "call_in", {"card": ev["card"], "player": ev["player"]}, match)
    elif etype == "draw":
        fire(tr, s, "draw", {"player": ev["player"]}, match)
    elif etype == "refresh":
        fire(tr, s, "refresh", {"player": ev["player"]}, match)
    elif etype == "turn_start":
        tr.new_turn()
        fire(tr, s, "turn_start", {"player": ev["player"]}, match)


def reindex(s: KMState) -> None:
    """Build the index afresh from the field (a state laid out by hand, as tests do): the top
    card of each cast, then the event."""
    whens = printed(s).whens
    on_field = [c.iid for ps in s.players for c in ps.floor] + ([s.event] if s.event >= 0 else [])
    T.reindex(s, ((iid, whens[iid]) for iid in on_field))


KMState.trigger_hook = staticmethod(on_event)
