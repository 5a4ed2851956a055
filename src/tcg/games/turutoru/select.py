"""What Turu-turu card files may name in a selector table (engine/select.py): the zones, the card
properties and states, and the old target names as preset selectors. docs/cards.md (T7) describes
them for card writers.

Zones (each player's): ``field`` (the characters on the field), ``devices`` (the devices in play
the player owns: on a field or attached to a character), ``hand`` (hidden from the opponent),
``deck`` (hidden from both), ``discard``, ``resolved`` (the resolved programs, face up) and
``programs`` (the unresolved programs, face down: their owner knows them, the opponent does not).
A card running now as a program is in no zone."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import parse_amount
from ...engine.amounts import value as amount_value
from ...engine.select import Loose, Prop, Selector, SelectorSchema, Zone, card_of, names_of, pile_zones
from . import flow as F
from .cards import GENDERS, KINDS, MOUNTS, PROGRAMS
from .state import TTState, Unit

#: a player's piles a selector may name (``PlayerState`` lists of instance ids)
PILES = ("hand", "deck", "discard", "resolved", "programs")
#: the zones a ``move`` may put a card into (``field``: a character onto its owner's field)
DESTINATIONS = ("hand", "deck", "discard", "field")
PUBLIC_ZONES = F.PUBLIC_ZONES




def _devices(s: TTState, p: int) -> list:
    """The devices player ``p`` owns in play: on their field, then attached to characters (the
    owner's characters first)."""
    out = [Loose(d, p, "devices") for d in s.players[p].devices]
    owner = s.owner
    for q in (p, 1 - p):
        for u in s.players[q].chars:
            for d in u.devices:
                if owner[d] == p:
                    out.append(Loose(d, p, "devices"))
    return out


def device_holder(s: TTState, d: int) -> Unit | None:
    """The character the device ``d`` is attached to, or None (on a field, or not in play)."""
    for ps in s.players:
        for u in ps.chars:
            if d in u.devices:
                return u
    return None


def locate(s: TTState, iid: int) -> Unit | Loose | None:
    """The character on the field with this card, or the device in play, or the card in its
    owner's pile, or None (running as a program, or nowhere)."""
    p = s.owner[iid]
    ps = s.players[p]
    u = ps.unit(iid)
    if u is not None:
        return u
    if iid in ps.devices or device_holder(s, iid) is not None:
        return Loose(iid, p, "devices")
    for zone in PILES:
        if iid in getattr(ps, zone):
            return Loose(iid, p, zone)
    return None


def _units(s: TTState, p: int) -> list:
    return list(s.players[p].chars)


def _power(s: TTState, x: Any) -> int:
    return F.power_of(s, x) if isinstance(x, Unit) else s.cards[x.iid].power


def _toughness(s: TTState, x: Any) -> int:
    return F.toughness_of(s, x) if isinstance(x, Unit) else s.cards[x.iid].toughness


ZONES = {
    "field": Zone(_units),
    "devices": Zone(_devices),
    **pile_zones({"hand": "opponent", "deck": "all", "discard": "none", "resolved": "none", "programs": "opponent"}),
}
PROPS = {
    "kind": Prop("enum", lambda s, x: card_of(s, x).kind, choices=KINDS, doc="the card kind"),
    "name": Prop("text", names_of, many=True, doc="the name (Japanese or English)"),
    "gender": Prop("enum", lambda s, x: card_of(s, x).gender, choices=GENDERS,
                   doc="the gender (devices and applications: none)"),
    "work": Prop("text", lambda s, x: card_of(s, x).work, doc="the source work (出典作品)"),
    "program": Prop("enum", lambda s, x: tuple(p.kind for p in card_of(s, x).programs), choices=PROGRAMS,
                    many=True, doc="one of the card's printed programs"),
    "segment": Prop("number", lambda s, x: card_of(s, x).segment, doc="the printed segment value"),
    "power": Prop("number", _power, printed=lambda s, x: card_of(s, x).power,
                  doc="the power now on the field (printed elsewhere); printed = true: the printed power"),
    "toughness": Prop("number", _toughness, printed=lambda s, x: card_of(s, x).toughness,
                      doc="the toughness now on the field (printed elsewhere); printed = true: the printed one"),
    "mount": Prop("enum", lambda s, x: card_of(s, x).mount, choices=MOUNTS, doc="a device's mount (field or character)"),
    "awake": Prop("flag", lambda s, x: x.awake, zones=("field",), doc="awake (ウェイクアップ)"),
    "asleep": Prop("flag", lambda s, x: not x.awake, zones=("field",), doc="in bed (ベッドイン)"),
    "damaged": Prop("flag", lambda s, x: x.damage > 0, zones=("field",), doc="has damage this round"),
    "damage": Prop("number", lambda s, x: x.damage, zones=("field",), doc="the damage on it this round"),
    "placed_this_round": Prop("flag", lambda s, x: x.placed == s.round, zones=("field",),
                              doc="placed this round (cannot Attack, TT-A6)"),
    "attached": Prop("flag", lambda s, x: device_holder(s, x.iid) is not None, zones=("devices",),
                     doc="a device attached to a character (not on a field itself)"),
}
PRESETS = {
    "choose_opponent_character": Selector("field", "opponent", choose=1, raw=(("choose", 1), ("side", "opponent"))),
    "choose_own_character": Selector("field", "own", choose=1, raw=(("choose", 1), ("side", "own"))),
    "choose_character": Selector("field", "either", choose=1, raw=(("choose", 1),)),
    "all_opponent_characters": Selector("field", "opponent", all=True, raw=(("all", True), ("side", "opponent"))),
    "all_own_characters": Selector("field", "own", all=True, raw=(("all", True), ("side", "own"))),
    "all_characters": Selector("field", "either", all=True, raw=(("all", True),)),
}
SELECTORS = SelectorSchema(ZONES, PROPS, "field", PRESETS, counts=parse_amount)  # "as many as": engine/amounts.py
#: a static's "for each" power amount, counted for the card holding it (flow.py reads it so)
F.count_amount = lambda s, amount, iid: amount_value(amount, s, s.owner[iid], iid, SELECTORS)
#: a static's target table (printed properties only: cards.py ``_static_target``) over the dealt
#: cards (``facts.cards``: the properties read ``s.cards[x.iid]``)
F.table_ids = lambda facts, sel: frozenset(i for i in range(len(facts.cards))
                                           if SELECTORS.matches(facts, Loose(i, 0, "field"), sel.tests))


#: a selector table for an op acting on characters on the field (damage, destroy, modify,
#: heal, set_state)
unit_table = SELECTORS.table("field")
#: a selector table for ``move`` (any zone)
any_table = SELECTORS.table()
#: the objects a selector names now (``SelectorSchema.candidates``)
candidates = SELECTORS.candidates
