"""Shironeko triggered abilities on the field (``kind = "trigger"`` with ``when``;
engine/triggers.py): the events a card's ``when`` may name, how the rules' events become them, and
the index kept as characters enter and leave the character area. docs/cards.md (§5) describes
them for card writers. A ``trigger`` without ``when`` is the damage trigger of SN-A6 (a card
revealed into the damage area): that stays hard-wired in rules.py and is not indexed here.

The events (card language <- the event the rules emit):

- ``enters``: a character enters the character area (``place``, ``change``, ``awaken``: from the
  hand; ``place`` with ``why = "effect"``: put there by an effect, ``from`` the pile it came
  from); ``from = "effect"``: by any effect.
- ``leaves``: a character leaves the field (``leave_field``) for any reason; ``to``: where its
  card went (``discard``, ``hand``, ``deck``, ``removed``). A leader is not a character (SN-L3).
- ``retreats``: a character retreats (撤退: its damage reached its HP, SN-K8);
  ``destroyed``: a character is destroyed by an effect (``destroy``).
- ``attacks``: a character attacks (``attack``; ``card``: the attacker);
  ``defends``: a character defends (``defend``; ``card``: the defender). Attacks always target the
  player (SN-A8): no character "is attacked".
- ``damaged``: a character gets damage counters (``damage``, and both sides of a ``battle``).
- ``player_damaged``: damage is dealt to a player's deck (``player_damage``, amount > 0; an
  undefended attack or an effect); ``player``: whose deck.
- ``turn_start``: a turn starts (``turn_start``; ``player``: the turn player); ``turn_end``: the
  end phase of a turn starts (the ``phase`` event of the end phase).
- ``draw``: a player draws a card (``draw``, one event a card; the card is secret: no ``card``).

A card's triggers work while it is a character on the field (``where = "characters"``, the only
zone built); a trigger of a character leaving the field still sees that event (it looks back).
A changed or awakened character is a new character (SN-K6/K7): the card that went under it loses
its triggers. When several trigger at once the Shironeko rules say nothing of their order: the
turn player's resolve first, then the other player's, each in the order they triggered."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine.conditions import holds
from ...engine.effects import EffectCtx
from ...engine import triggers as T
from ...engine.triggers import TriggerGame, When, event_matches, event_table, fire
from . import flow as F
from .conditions import CONDITIONS
from .select import SELECTORS, Loose, locate
from .state import SNState, Unit

PILES = ("hand", "deck", "discard", "removed", "damage_area", "town", "town_deck", "leader_hand")
#: the events a card's ``when`` may name and what each is (in this order in messages)
EVENTS = event_table({
    "enters": "a character enters the character area",
    "leaves": "a character leaves the field",
    "retreats": "a character retreats (damage >= HP)",
    "destroyed": "a character is destroyed by an effect",
    "attacks": "a character attacks",
    "defends": "a character defends",
    "damaged": "a character gets damage counters",
    "player_damaged": "damage is dealt to a player's deck",
    "turn_start": "a turn starts (player: the turn player)",
    "turn_end": "a turn's end phase starts (player: the turn player)",
    "draw": "a player draws a card (the card is secret)",
}, enters=PILES + ("effect",), leaves=("hand", "deck", "discard", "removed"),
    players=("player_damaged", "turn_start", "turn_end", "draw"))
#: where a card's triggers may be (zone -> hidden); only the character area is built
WHERE = {"characters": False, "discard": False, "removed": False, "damage_area": False,
         "hand": True, "deck": True, "leader_hand": True}
TRIGGERS = TriggerGame(EVENTS, WHERE, ("characters",), "characters", SELECTORS)


def _find(s: SNState, card: int, owner: int) -> Unit | Loose:
    """The event's card for its filter: on the field or in a pile, else being used."""
    return locate(s, card) or Loose(card, owner, "using")


def match(s: SNState, iid: int, idx: int, when: When, info: Mapping[str, Any]) -> int | None:
    """The controller of ability ``idx`` of the card ``iid`` if this event (``info``) triggers
    it, else None: the event's filters, the ability's runes (held by the character now) and its
    ``if``."""
    c = event_matches(s, iid, when, info, SELECTORS, _find)
    if c is None:
        return None
    ab = s.cards[iid].abilities[idx]
    if ab.runes:
        u = locate(s, iid)
        if not isinstance(u, Unit) or not F.runes_met(F.runes(s, u), ab.runes):
            return None
    if ab.cond is not None and not holds(s, EffectCtx(c, iid, -1), ab.cond, CONDITIONS):
        return None
    return c


def _enters(tr, s: SNState, iid: int, p: int, frm: str | None, by_effect: bool) -> None:
    table = s.deal.triggers
    if table[iid]:
        tr.add(iid, table[iid])  # before firing: "when this character enters"
    if "enters" in tr.index:
        fire(tr, s, "enters", {"card": iid, "player": p, "from": frm, "by_effect": by_effect}, match)


def on_event(s: SNState, etype: str, ev: Mapping[str, Any]) -> None:
    """An event the rules emitted (``SNState.emit``, only while some dealt card has a trigger):
    keep the index and fire what it means."""
    tr = s.trig
    if etype == "place":
        by_effect = ev.get("why") == "effect"
        _enters(tr, s, ev["card"], ev["player"], ev.get("from") if by_effect else "hand", by_effect)
    elif etype in ("change", "awaken"):
        old = ev.get("onto", -1)
        if old >= 0 and s.deal.triggers[old]:
            tr.remove(old)  # SN-K6: the card under it loses its abilities
        _enters(tr, s, ev["card"], ev["player"], "hand", False)
    elif etype == "leave_field":
        iid = ev["card"]
        if s.cards[iid].kind == "leader":
            return
        if "leaves" in tr.index or "retreats" in tr.index or "destroyed" in tr.index:
            info = {"card": iid, "player": ev["player"], "to": ev.get("to")}
            fire(tr, s, "leaves", info, match)
            why = ev.get("why")
            if why == "retreat":
                fire(tr, s, "retreats", info, match)
            elif why == "destroyed":
                fire(tr, s, "destroyed", info, match)
        if s.deal.triggers[iid]:
            tr.remove(iid)  # after firing: "when this character leaves" looks back
    elif etype == "attack":
        fire(tr, s, "attacks", {"card": ev["attacker"], "player": ev["player"]}, match)
    elif etype == "defend":
        fire(tr, s, "defends", {"card": ev["defender"], "player": ev["player"]}, match)
    elif etype == "damage":
        if "damaged" in tr.index:
            iid = ev["card"]
            fire(tr, s, "damaged", {"card": iid, "player": s.owner[iid]}, match)
    elif etype == "battle":
        if "damaged" in tr.index:
            for key, amount in (("attacker", "damage_to_attacker"), ("defender", "damage_to_defender")):
                if ev.get(amount):
                    fire(tr, s, "damaged", {"card": ev[key], "player": s.owner[ev[key]]}, match)
    elif etype == "player_damage":
        if ev.get("amount"):
            fire(tr, s, "player_damaged", {"player": ev["player"]}, match)
    elif etype == "turn_start":
        tr.new_turn()
        fire(tr, s, "turn_start", {"player": ev["player"]}, match)
    elif etype == "phase":
        if ev.get("phase") == "end":
            fire(tr, s, "turn_end", {"player": ev["player"]}, match)
    elif etype == "draw":
        fire(tr, s, "draw", {"player": ev["player"]}, match)


def reindex(s: SNState) -> None:
    """Build the index afresh from the character areas (a state laid out by hand, as tests do)."""
    table = s.deal.triggers
    T.reindex(s, ((u.iid, table[u.iid]) for ps in s.players for u in ps.chars))


SNState.trigger_hook = staticmethod(on_event)
