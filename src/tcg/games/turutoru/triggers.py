"""Turu-turu triggered abilities (``kind = "trigger"``; engine/triggers.py): the events a card's
``when`` may name, how the rules' events become them, and the index kept as cards come into and
leave play. docs/cards.md (T5b) describes them for card writers.

The events (card language <- the event the rules emit):

- ``enters``: a character comes onto the field (``place``); ``from`` = ``hand`` (a Place program)
  or the zone an effect took it from (``discard``, ``deck``...); ``from = "effect"``: put there
  by an effect, from anywhere.
- ``leaves``: a character leaves the field (``destroyed``, ``returned``, or a ``move`` from the
  field), for any reason; ``to``: where its card went (``discard``, ``hand``, ``deck``).
- ``destroyed``: a character is destroyed (``destroyed``, by damage, toughness or an effect's
  ``destroy``; not a ``move`` to the discard pile).
- ``attacks``: a character attacks (``attack``; ``card``: the attacker).
- ``blocks``: a character blocks (``blocked``, once per blocker; ``player``: the blocker's).
- ``runs``: a program runs (``program_use``; ``card``: the program card, revealed).
- ``applies``: an application is applied (``apply``; ``card``: the application).
- ``decoded``: a program is decoded (``program_decoded``; ``card``: the decoded program,
  ``player``: its owner).
- ``draw``: a player draws a card (``draw``; the card is secret: no ``card`` filter).
- ``hp_lost``: a player loses HP (``hp`` with a negative change: an unblocked attack, a ``hit``).
- ``round_start``: a round starts (``round_start``), before the draw phase's draws.
- ``main_start``: the main phase starts (``phase``), before the first program.
- ``prepare``: the prepare phase starts (``phase``), before damage is removed.

A character's triggers work while it is on the field, a device's while it is in play (on a field
or attached to a character): ``where = "field"`` for both, the only zone built. A trigger of a
card leaving play still sees that event (it looks back). When several trigger at once, the
order of TT-G4 decides ("the same order applies to any other who-goes-first question"): the
abilities of the player with the lower HP resolve first, on equal HP the priority player's;
each player's in the order they triggered (the events' order; for one event, the order their
cards came into play, then the abilities' order on the card). ``once_per_turn`` means once per
round (Turu-turu's turn)."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine.conditions import holds
from ...engine.effects import EffectCtx
from ...engine import triggers as T
from ...engine.triggers import TriggerGame, When, event_matches, event_table, fire
from .conditions import CONDITIONS
from .select import SELECTORS, Loose, locate
from .state import TTState, triggers_of

#: the zones a character may come onto the field from (by an effect: ``effect``, or the zone)
FROMS = ("hand", "deck", "discard", "resolved", "programs", "effect")
#: where a character's card goes when it leaves the field
TOS = ("hand", "deck", "discard")
#: the events a card's ``when`` may name and what each is (in this order in messages)
EVENTS = event_table({
    "enters": "a character comes onto the field",
    "leaves": "a character leaves the field",
    "destroyed": "a character is destroyed",
    "attacks": "a character attacks",
    "blocks": "a character blocks",
    "runs": "a program runs (card: the program card)",
    "applies": "an application is applied",
    "decoded": "a program is decoded (player: its owner)",
    "draw": "a player draws (the card is secret)",
    "hp_lost": "a player loses HP",
    "round_start": "a round starts",
    "main_start": "the main phase starts",
    "prepare": "the prepare phase starts",
}, enters=FROMS, leaves=TOS, players=("draw", "hp_lost"), bare=("round_start", "main_start", "prepare"))
#: where a card's triggers may be (zone -> hidden); only ``field`` (in play) is built
WHERE = {"field": False, "discard": False, "resolved": False, "hand": True, "deck": True, "programs": True}
TRIGGERS = TriggerGame(EVENTS, WHERE, ("field",), "field", SELECTORS)

def _find(s: TTState, card: int, owner: int) -> Any:
    """The event's card for its filter: on the field, a device or in a pile, else running."""
    return locate(s, card) or Loose(card, owner, "running")


def match(s: TTState, iid: int, idx: int, when: When, info: Mapping[str, Any]) -> int | None:
    """The controller of ability ``idx`` of the card ``iid`` (its owner) if this event
    (``info``) triggers it, else None."""
    c = event_matches(s, iid, when, info, SELECTORS, _find)
    if c is None:
        return None
    ab = s.cards[iid].abilities[idx]
    if ab.cond is not None and not holds(s, EffectCtx(c, iid), ab.cond, CONDITIONS):
        return None
    return c


def _out(s: TTState, iids) -> None:
    """These cards left play: their triggers wait no more."""
    tr = s.trig
    cards = s.cards
    for i in iids:
        if triggers_of(cards[i]):
            tr.remove(i)


def on_event(s: TTState, etype: str, ev: Mapping[str, Any]) -> None:
    """An event the rules emitted (``TTState.emit``, only while some dealt card has a trigger):
    keep the index and fire what it means."""
    tr = s.trig
    if etype == "place":
        iid = ev["card"]
        found = triggers_of(s.cards[iid])
        if found:
            tr.add(iid, found)  # before firing: "when this character enters"
        if "enters" in tr.index:
            by_effect = ev.get("why") == "effect"
            fire(tr, s, "enters", {"card": iid, "player": ev["player"], "by_effect": by_effect,
                                   "from": ev.get("from", "hand")}, match)
    elif etype in ("destroyed", "returned") or (etype == "move" and ev.get("from") == "field"):
        iid = ev["card"]
        if "leaves" in tr.index or "destroyed" in tr.index:
            to = "hand" if etype == "returned" else ev.get("to", "discard")
            info = {"card": iid, "player": ev["player"], "to": to}
            fire(tr, s, "leaves", info, match)
            if etype == "destroyed" and ev.get("why") == "destroyed":
                fire(tr, s, "destroyed", info, match)
        _out(s, (iid, *(ev.get("devices") or ())))  # after firing: "when this leaves" looks back
    elif etype == "mount":
        iid = ev["card"]
        found = triggers_of(s.cards[iid])
        if found:
            tr.add(iid, found)
    elif etype == "release" or (etype == "move" and ev.get("from") == "devices"):
        _out(s, (ev["card"],))
    elif etype == "attack":
        fire(tr, s, "attacks", {"card": ev["attacker"], "player": ev["player"]}, match)
    elif etype == "blocked":
        if "blocks" in tr.index:
            for b in ev["blockers"]:
                fire(tr, s, "blocks", {"card": b, "player": s.owner[b]}, match)
    elif etype == "program_use":
        fire(tr, s, "runs", {"card": ev["card"], "player": ev["player"]}, match)
    elif etype == "apply":
        fire(tr, s, "applies", {"card": ev["card"], "player": ev["player"]}, match)
    elif etype == "program_decoded":
        fire(tr, s, "decoded", {"card": ev["card"], "player": ev["player"]}, match)
    elif etype == "draw":
        fire(tr, s, "draw", {"player": ev["player"]}, match)
    elif etype == "hp":
        if ev.get("change", 0) < 0:
            fire(tr, s, "hp_lost", {"player": ev["player"]}, match)
    elif etype == "round_start":
        tr.new_turn()  # once_per_turn: once per round
        fire(tr, s, "round_start", {}, match)
    elif etype == "phase":
        phase = ev.get("phase")
        if phase == "main":
            fire(tr, s, "main_start", {}, match)
        elif phase == "prepare":
            fire(tr, s, "prepare", {}, match)


def reindex(s: TTState) -> None:
    """Build the index afresh from the cards in play (a state laid out by hand, as tests do):
    each player's characters in field order, each with its attached devices, then the devices
    on each field."""
    in_play: list[int] = []
    for ps in s.players:
        in_play += [i for u in ps.chars for i in (u.iid, *u.devices)] + ps.devices
    T.reindex(s, ((i, triggers_of(s.cards[i])) for i in in_play))


TTState.trigger_hook = staticmethod(on_event)
