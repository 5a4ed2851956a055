"""What Kemuri card files may name in a selector table (engine/select.py): the zones, the card
properties and states, and the old target names as preset selectors. docs/cards.md (K6) describes
them for card writers.

Zones (a player's, seen from the effect's controller by ``side``): ``floor`` (the casts on the
floor: a flavour cross is one cast, read as KM-K3 says: its CP is the sum of its cards', its other
values are its top card's), ``hand`` (hidden from the opponent), ``deck`` (hidden from both),
``backyard``, ``seating`` (the customers: only their level means something there, KM-Z1),
``event`` (the event on the field, its owner's) and ``leader``."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import value as amount_value
from ...engine.select import Loose, Prop, Selector, SelectorSchema, Test, Zone, card_of, names_of, pile_zones
from . import flow as F
from .cards import KINDS, SHIFTS
from .state import Cast, KMState, printed

#: a player's piles a selector may name (``PlayerState`` lists of instance ids)
PILES = ("hand", "deck", "backyard", "seating")
#: where a ``move`` may put cards (``floor``: as a cast, unpaid; ``event``: as the event on the
#: field, KM-K4)
DESTINATIONS = ("hand", "deck", "backyard", "seating", "floor", "event")
#: the zones where a card's printed text means something (KM-Z1: in the seating zone only its
#: level counts)
TEXT_ZONES = ("floor", "hand", "deck", "backyard", "event", "leader")




def locate(s: KMState, iid: int) -> Cast | Loose | None:
    """The cast whose top card this is, or the card in its owner's pile, the event on the field,
    the leader; None elsewhere (under a cross, resolving, used as help)."""
    p = s.owner[iid]
    ps = s.players[p]
    c = ps.cast(iid)
    if c is not None:
        return c
    for zone in PILES:
        if iid in getattr(ps, zone):
            return Loose(iid, p, zone)
    if s.event == iid:
        return Loose(iid, p, "event")
    if ps.leader == iid:
        return Loose(iid, p, "leader")
    return None


def _floor(s: KMState, p: int) -> list:
    return s.players[p].floor


def _event(s: KMState, p: int) -> list:
    return [Loose(s.event, p, "event")] if s.event >= 0 and s.owner[s.event] == p else []


def _leader(s: KMState, p: int) -> list:
    i = s.players[p].leader
    return [Loose(i, p, "leader")] if i >= 0 else []


def _cp(s: KMState, x: Any) -> int:
    return F.cp_of(s, x) if isinstance(x, Cast) else s.cards[x.iid].cp


def _printed_cp(s: KMState, x: Any) -> int:
    if isinstance(x, Cast):  # KM-K3: a cross's CP is its cards' together
        return sum(s.cards[i].cp for i in x.members)
    return s.cards[x.iid].cp


def _call_in(s: KMState, x: Any) -> int:
    return F.call_in_of(s, x) if isinstance(x, Cast) else s.cards[x.iid].call_in


def _serving(role: int):
    def read(s: KMState, x: Any) -> bool:
        return s.serving is not None and s.serving[role] == x.iid
    return read


def _active(s: KMState, x: Any) -> bool:
    return s.players[x.owner].leader_active


ZONES = {
    "floor": Zone(_floor),
    **pile_zones({"hand": "opponent", "deck": "all", "backyard": "none", "seating": "none"}),
    "event": Zone(_event),
    "leader": Zone(_leader),
}
PROPS = {
    "kind": Prop("enum", lambda s, x: card_of(s, x).kind, choices=KINDS, zones=TEXT_ZONES, doc="the card kind"),
    "name": Prop("text", names_of, many=True, zones=TEXT_ZONES, doc="the name (Japanese or English)"),
    "person": Prop("text", lambda s, x: card_of(s, x).person, zones=TEXT_ZONES, doc="the staff member shown"),
    "shift": Prop("enum", lambda s, x: card_of(s, x).shift, choices=SHIFTS, zones=TEXT_ZONES,
                  doc="a cast's shift (early / late)"),
    "help_shift": Prop("enum", lambda s, x: card_of(s, x).help_shift, choices=SHIFTS, zones=TEXT_ZONES,
                       doc="the shift its help is for"),
    "level": Prop("number", lambda s, x: card_of(s, x).level, doc="the printed level (also in the seating zone)"),
    "cost": Prop("number", lambda s, x: card_of(s, x).cost, zones=TEXT_ZONES, doc="a cast's printed cost"),
    "cp": Prop("number", _cp, printed=_printed_cp, zones=TEXT_ZONES,
               doc="CP: on a floor now (a cross: its cards' together), elsewhere printed; printed = true: printed"),
    "call_in": Prop("number", _call_in, printed=lambda s, x: card_of(s, x).call_in, zones=TEXT_ZONES,
                    doc="call-in value: on a floor now, elsewhere printed; printed = true: printed"),
    "help_cp": Prop("number", lambda s, x: card_of(s, x).help_cp, zones=TEXT_ZONES, doc="the CP its help adds"),
    "removal_cost": Prop("number", lambda s, x: card_of(s, x).removal_cost, zones=TEXT_ZONES,
                         doc="an event's removal cost"),
    "trigger": Prop("flag", lambda s, x: printed(s).trigger[x.iid], zones=TEXT_ZONES,
                    doc="has a trigger (applied when called in)"),
    "served": Prop("flag", lambda s, x: x.served, zones=("floor",), doc="has served this turn"),
    "ready": Prop("flag", lambda s, x: not x.served, zones=("floor",),
                  doc="has not served this turn (may still serve; a cost may make it take a break)"),
    "crossed": Prop("flag", lambda s, x: bool(x.below), zones=("floor",), doc="is a flavour cross"),
    "serving": Prop("flag", _serving(0), zones=("floor",), doc="is serving now"),
    "receiving": Prop("flag", _serving(1), zones=("floor",), doc="is receiving the serving now"),
    "active": Prop("flag", _active, zones=("leader",), doc="the leader is active"),
    "locked": Prop("flag", lambda s, x: not _active(s, x), zones=("leader",), doc="the leader is locked"),
}


def _preset(zone: str, side: str, *tests: Test, choose: int = 0) -> Selector:
    raw: tuple = (("choose", choose),) if choose else (("all", True),)
    raw += (("zone", zone), ("side", side)) + tuple((t.prop, t.values[0]) for t in tests)
    return Selector(zone, side, tests, choose=choose, all=not choose, raw=raw)


_SERVING = Test("serving", "flag", (True,))
_RECEIVING = Test("receiving", "flag", (True,))
#: the old target names, as the selector tables they are (``self`` and ``same`` stay names: this
#: card, the previous op's targets). The serving selectors pick the cast of the serving under
#: way: ``serving_cast`` / ``receiving_cast`` whoever's it is, the ``own_`` / ``opponent_`` ones
#: only the controller's / the other player's
PRESETS = {
    "choose_own_cast": _preset("floor", "own", choose=1),
    "choose_opponent_cast": _preset("floor", "opponent", choose=1),
    "all_own_casts": _preset("floor", "own"),
    "all_opponent_casts": _preset("floor", "opponent"),
    "all_casts": _preset("floor", "either"),
    "serving_cast": _preset("floor", "either", _SERVING),
    "receiving_cast": _preset("floor", "either", _RECEIVING),
    "own_serving_cast": _preset("floor", "own", _SERVING),
    "opponent_serving_cast": _preset("floor", "opponent", _SERVING),
    "own_receiving_cast": _preset("floor", "own", _RECEIVING),
    "opponent_receiving_cast": _preset("floor", "opponent", _RECEIVING),
    "own_leader": _preset("leader", "own"),
    "opponent_leader": _preset("leader", "opponent"),
}
SELECTORS = SelectorSchema(ZONES, PROPS, "floor", PRESETS)

#: the ``filter`` table's keys (docs/cards.md K7): each is the selector key of the same name
FILTER_KEYS = ("kind", "shift", "level", "person")


#: a selector table for an op acting on casts (``modify``, ``destroy``): the floor only
cast_table = SELECTORS.table("floor")
#: a selector table for ``set_state``: leaders only
leader_table = SELECTORS.table("leader")
#: a selector table for ``move`` (any zone)
any_table = SELECTORS.table()
#: the objects a selector names now (``SelectorSchema.candidates``)
candidates = SELECTORS.candidates


def _amount_value(s: KMState, amount, owner: int, source: int) -> int:
    """A "for each" amount of a static ability counted now (flow.holding)."""
    return amount_value(amount, s, owner, source, SELECTORS)


KMState.amount_value = staticmethod(_amount_value)
KMState.static_matches = staticmethod(SELECTORS.matches)
