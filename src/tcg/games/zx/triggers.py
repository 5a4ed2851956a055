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
- ``put``: a card is put into a zone (``to``: ``hand``, ``trash``, ``charge``, ``resources``,
  ``life``, ``deck``, ``removed``) from another (``from``: ``board``, ``hand`` (discarded, or put
  into the resources), ``deck`` (milled, revealed by ignition), ``life``, ``trash``, ``charge``,
  ``resources``, ``removed``), read off ``resource``, ``move``, ``to_charge``, ``to_trash``,
  ``mill``, ``discard``, ``pick``, ``add_life`` and ``leave_board``; the ignition's charge card and
  a revealed card without the icon are fired by the rules themselves (``put``). A draw is not a
  ``put`` (it is ``draw``). ``card`` is the card when the event shows it to both players (a card
  going into or out of a public zone), else nothing a ``card`` filter could match.
- ``life_damage``: a life card is taken as damage (``life_damage``: ``card`` the life card, shown;
  ``player`` whose life).
- ``battle_end``: a battle ends (the rules fire it: no new event), once for each Z/X that took part
  (``card``: the attacker, then the Z/X attacked; ``player``: its owner).
- ``destroys``: a Z/X destroys the Z/X it attacked by the battle's damage (``card``: the attacker).

A card's triggers work while it is on the board (``where = "board"``, the zone indexed); a
trigger of a card leaving the board still sees that event (it looks back). A trigger may also work
from another zone for an event about the card itself taking it out of that zone (``OWN_ZONES``:
``put`` from any pile, ``life_damage`` from the life; ``card = {self = true}``): "when this card
is put from your life into your charge" is ``{event = "put", card = {self = true}, to = "charge",
where = "life"}``. Nothing is indexed for those: the event's own card is looked at
(``CardTable.own_triggers``). When several trigger
at once the Z/X rules say nothing of their order: the turn player's resolve first, then the
other player's, each player's in the order they triggered (the events' order; for one event,
the order their cards came onto the board, then the abilities' order on the card)."""
from __future__ import annotations

from typing import Any, Mapping

from ...engine import triggers as T
from ...engine.triggers import EventSpec, TriggerGame, When, event_matches, event_table, fire
from . import flow as F
from .select import SELECTORS, Loose, locate
from .state import ZXState

ZONES = ("hand", "deck", "trash", "charge", "resources", "life", "removed", "dynamis")
#: the piles a card may be put into or come from (``put``; ``board``: a Z/X leaving its square)
PILES = ("hand", "deck", "trash", "charge", "resources", "life", "removed")
#: the zones both players see: a card put into one is shown
SHOWN = ("trash", "charge", "resources", "removed")
#: the events a card's ``when`` may name and what each is (in this order in messages)
EVENTS = event_table({
    "enters": "a Z/X comes onto a square",
    "leaves": "a Z/X leaves its square",
    "destroyed": "a Z/X is destroyed",
    "attacks": "a Z/X attacks",
    "attacked": "a Z/X is attacked",
    "turn_start": "a turn starts (player: the turn player)",
    "turn_end": "a turn's end phase (player: the turn player)",
    "draw": "a player draws (the card is secret)",
    "put": "a card is put into a zone (to) from another (from)",
    "life_damage": "a life card is taken as damage (card: that card, shown; player: whose life)",
    "battle_end": "a battle ends (card: each Z/X that took part)",
    "destroys": "a Z/X destroys the Z/X it attacked (card: the attacker)",
}, enters=ZONES + ("effect",), leaves=ZONES, players=("turn_start", "turn_end", "draw"),
    put=EventSpec(("card", "from", "to", "player"), froms=("board",) + PILES, tos=PILES, reveals_to=SHOWN),
    life_damage=EventSpec(("card", "player"), reveals=True))
#: where a card's triggers may be (zone -> hidden); the board is indexed, the piles work for an
#: event about the card itself (``OWN_ZONES``)
WHERE = {"board": False, "trash": False, "charge": False, "resources": False, "removed": False,
         "dynamis": True, "hand": True, "deck": True, "life": True}
#: event -> the zones a trigger of the card itself works from for it
OWN_ZONES = {"put": PILES, "life_damage": ("life",)}
TRIGGERS = TriggerGame(EVENTS, WHERE, ("board",), "board", SELECTORS, OWN_ZONES)
#: a ``place`` event's why -> the zone the Z/X came from (``effect``: the event says)
FROM = {"place": "hand", "zx_ex": "dynamis", "overboost": "dynamis", "overdrive": "deck", "life": "life"}


def _find(s: ZXState, card: int, owner: int) -> Any:
    """The event's card for its filter: on the board or in a pile, else in the dynamis."""
    return locate(s, card) or Loose(card, owner, "dynamis")


def match(s: ZXState, iid: int, idx: int, when: When, info: Mapping[str, Any]) -> int | None:
    """The controller of ability ``idx`` of the card ``iid`` if this event (``info``) triggers
    it, else None."""
    c = event_matches(s, iid, when, info, SELECTORS, _find)
    if c is None:
        return None
    ab = s.cards[iid].abilities[idx]
    if ab.conditional and not F.ability_on(s, c, ab, iid):
        return None
    return c


def _own(s: ZXState, iid: int, event: str, where: str) -> tuple:
    """The triggers of the card ``iid`` itself that work from ``where`` for ``event``."""
    mine = s.table.own_triggers[iid]
    return tuple((iid, idx, when, n) for idx, when, n in mine if when.event == event and when.where == where) \
        if mine else ()


def put(s: ZXState, p: int, iid: int, frm: str, to: str) -> None:
    """Player ``p``'s card ``iid`` was put from ``frm`` into ``to`` (-1: a card the event does not
    show): ``put`` triggers, those of the board and the card's own from ``frm``."""
    tr = s.trig
    if tr is None or to not in PILES:
        return
    info = {"card": iid, "player": p, "from": frm, "to": to}
    if "put" in tr.index:
        fire(tr, s, "put", info, match)
    if iid >= 0 and frm in PILES:
        own = _own(s, iid, "put", frm)
        if own:
            fire(tr, s, "put", info, match, own)


def battle_end(s: ZXState, b) -> None:
    """A battle ended (the rules call it): ``battle_end`` triggers of each Z/X that took part."""
    tr = s.trig
    if tr is not None and "battle_end" in tr.index:
        for iid in (b.attacker, b.target):
            if iid >= 0:
                fire(tr, s, "battle_end", {"card": iid, "player": s.owner[iid]}, match)


def destroys(s: ZXState, u) -> None:
    """The Z/X ``u`` destroyed the Z/X it attacked: ``destroys`` triggers."""
    tr = s.trig
    if tr is not None and "destroys" in tr.index:
        fire(tr, s, "destroys", {"card": u.iid, "player": u.owner}, match)


#: the rules' events that put one card into a pile: event -> (from, to), None where the event says
_PUTS = {"resource": ("hand", "resources"), "mill": ("deck", "trash"), "discard": ("hand", "trash"),
         "add_life": ("deck", "life"), "move": (None, None), "to_charge": (None, "charge"),
         "to_trash": (None, "trash"), "pick": (None, "hand")}


def on_event(s: ZXState, etype: str, ev: Mapping[str, Any]) -> None:
    """An event the rules emitted (``ZXState.emit``, only while some dealt card has a trigger):
    keep the index and fire what it means."""
    tr = s.trig
    moved = _PUTS.get(etype)
    if moved is not None:
        frm, to = moved
        if etype in ("to_charge", "to_trash"):
            frm = ev.get("from") or ("deck" if ev.get("why") == "ignition" else "board")
            if frm == "board":
                return  # a Z/X leaving the board: its leave_board event tells it
        put(s, ev["player"], ev.get("card", -1), frm or ev["from"], to or ev["to"])
        return
    if etype == "life_damage":
        iid = ev["card"]
        info = {"card": iid, "player": ev["player"]}
        if "life_damage" in tr.index:
            fire(tr, s, "life_damage", info, match)
        own = _own(s, iid, "life_damage", "life")
        if own:
            fire(tr, s, "life_damage", info, match, own)
        return
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
        if "leaves" in tr.index or "destroyed" in tr.index or "put" in tr.index:
            x = locate(s, iid)
            info = {"card": iid, "player": ev["player"], "to": x.zone if isinstance(x, Loose) else "dynamis"}
            fire(tr, s, "leaves", info, match)
            if ev["why"] == "destroyed":
                fire(tr, s, "destroyed", info, match)
            if info["to"] in PILES and "put" in tr.index:
                fire(tr, s, "put", {**info, "from": "board"}, match)
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


def reindex(s: ZXState) -> None:
    """Build the index afresh from the board (a state laid out by hand, as tests do)."""
    T.reindex(s, ((u.iid, s.table.triggers[u.iid]) for u in s.board if u is not None))


ZXState.trigger_hook = staticmethod(on_event)
