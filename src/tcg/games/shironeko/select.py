"""What Shironeko card files may name in a selector table (engine/select.py): the zones, the card
properties and states, and the old target names as preset selectors. docs/cards.md §7 describes
them for card writers.

A selector's objects are the ``Unit`` of a character or leader on the field, or a ``Loose`` card
in a player's pile (hand, deck, discard, town...)."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import parse_amount
from ...engine.select import Loose, Prop, Selector, SelectorSchema, Zone, card_of, names_of, pile
from . import flow as F
from .cards import COLORS, KINDS
from .state import SNState, Unit

#: a player's piles a selector may name (zone name -> ``PlayerState`` list)
PILES = F.PILE_FIELDS
#: the zones a ``move`` may put a card into (``characters``: onto the field as a character, unpaid)
DESTINATIONS = ("hand", "deck", "discard", "removed", "characters")
#: the zones whose cards are on the field (Units)
FIELD = ("characters", "leader")




def locate(s: SNState, iid: int) -> Unit | Loose | None:
    """The character or leader on the field with this card on top, or the card in its owner's
    pile or under a character (zone ``runes``), or None (elsewhere: being used)."""
    p = s.owner[iid]
    ps = s.players[p]
    for u in ps.chars:
        if u.iid == iid:
            return u
    if ps.leader is not None and ps.leader.iid == iid:
        return ps.leader
    for zone, attr in PILES.items():
        if iid in getattr(ps, attr):
            return Loose(iid, p, zone)
    if F.holder_of(s, iid) is not None:
        return Loose(iid, p, "runes")
    return None


def _chars(s: SNState, p: int) -> list:
    return list(s.players[p].chars)


def _leader(s: SNState, p: int) -> list:
    ld = s.players[p].leader
    return [] if ld is None else [ld]


def _under(s: SNState, p: int) -> list:
    """The cards under player ``p``'s characters and leader (their extra runes: SN-R1, SN-K6),
    character by character, oldest first."""
    ps = s.players[p]
    units = list(ps.chars) + ([ps.leader] if ps.leader is not None else [])
    return [Loose(i, p, "runes") for u in units for i in u.under]


def _holder(s: SNState, x: Any) -> int:
    u = F.holder_of(s, x.iid)
    return -1 if u is None else u.iid


def _runes(s: SNState, x: Any) -> tuple:
    if isinstance(x, Unit):
        return tuple(F.runes(s, x))
    r = s.cards[x.iid].rune
    return () if r is None else (r,)


def _attack(s: SNState, x: Any) -> int:
    return F.attack_of(s, x) if isinstance(x, Unit) else s.cards[x.iid].attack


def _hp(s: SNState, x: Any) -> int:
    return F.hp_of(s, x) if isinstance(x, Unit) else s.cards[x.iid].hp


def _on(s: SNState, x: Any) -> bool:
    if isinstance(x, Unit):
        return x.on
    return x.iid not in s.players[x.owner].souls_off  # a soul (zone town)


ZONES = {
    "characters": Zone(_chars),
    "leader": Zone(_leader),
    "hand": Zone(pile("hand", PILES["hand"]), hidden="opponent"),
    "deck": Zone(pile("deck", PILES["deck"]), hidden="all"),
    "discard": Zone(pile("discard", PILES["discard"])),
    "town": Zone(pile("town", PILES["town"])),
    "town_deck": Zone(pile("town_deck", PILES["town_deck"]), hidden="all"),
    "damage_area": Zone(pile("damage_area", PILES["damage_area"])),
    "removed": Zone(pile("removed", PILES["removed"])),
    "leader_hand": Zone(pile("leader_hand", PILES["leader_hand"]), hidden="opponent"),
    # the cards under a character (its extra runes), open to both players
    "runes": Zone(_under, holder=_holder),
}
_UNITS = ("characters",)
PROPS = {
    "kind": Prop("enum", lambda s, x: card_of(s, x).kind, choices=KINDS, doc="the card kind"),
    "name": Prop("text", names_of, many=True, doc="the name (Japanese or English)"),
    "color": Prop("enum", lambda s, x: card_of(s, x).color, choices=COLORS,
                  doc="the colour of its cost field (a soul: its colour)"),
    "rune": Prop("enum", _runes, choices=COLORS, many=True,
                 doc="on the field: any rune it holds (its own and those under it); elsewhere its rune icon"),
    "cost": Prop("number", lambda s, x: card_of(s, x).cost, doc="the printed cost"),
    "level": Prop("number", lambda s, x: card_of(s, x).level, doc="the printed level"),
    "attack": Prop("number", _attack, printed=lambda s, x: card_of(s, x).attack,
                   doc="on the field the attack now; elsewhere the printed attack; printed = true: printed"),
    "hp": Prop("number", _hp, printed=lambda s, x: card_of(s, x).hp,
               doc="on the field the HP now; elsewhere the printed HP; printed = true: printed"),
    "stop": Prop("flag", lambda s, x: card_of(s, x).stop, doc="has STOP!"),
    "damage": Prop("number", lambda s, x: x.damage, zones=_UNITS, doc="its damage counters"),
    "damaged": Prop("flag", lambda s, x: x.damage > 0, zones=_UNITS, doc="has a damage counter"),
    "on": Prop("flag", _on, zones=("characters", "leader", "town"), doc="ON"),
    "off": Prop("flag", lambda s, x: not _on(s, x), zones=("characters", "leader", "town"), doc="OFF"),
    "shock": Prop("flag", lambda s, x: x.shock, zones=_UNITS, doc="has a shock marker (感電)"),
    "poison": Prop("flag", lambda s, x: x.poison, zones=_UNITS, doc="has a poison marker (毒)"),
    "attacked": Prop("flag", lambda s, x: x.attacked, zones=_UNITS, doc="has attacked this turn"),
}


def _preset(side: str, choose: int = 0, other: bool = False) -> Selector:
    raw: tuple = (("choose", choose),) if choose else (("all", True),)
    raw += (("side", side),) + ((("other", True),) if other else ())
    return Selector("characters", side, (), other, choose, False, not choose, 0, raw=raw)


#: the old target names (the same cards, in the same order: see ``rules.py``'s ``_characters``)
PRESETS = {
    "choose_opponent_character": _preset("opponent", 1),
    "choose_own_character": _preset("own", 1),
    "choose_own_other_character": _preset("own", 1, True),
    "choose_character": _preset("either", 1),
    "all_opponent_characters": _preset("opponent"),
    "all_own_characters": _preset("own"),
    "all_own_other_characters": _preset("own", other=True),
    "all_characters": _preset("either"),
}
SELECTORS = SelectorSchema(ZONES, PROPS, "characters", PRESETS, counts=parse_amount)
SNState.selectors = SELECTORS  # what a static's "for each" amount counts over (flow.py)


#: a selector table for an op acting on characters (damage, destroy, modify, markers, heal)
unit_table = SELECTORS.table("characters")
#: a selector table for ``set_state``: characters, the leader or souls in the town area
state_table = SELECTORS.table("characters", "leader", "town")
#: a selector table for ``move`` (any zone)
any_table = SELECTORS.table()
#: the objects a selector names now (``SelectorSchema.candidates``)
candidates = SELECTORS.candidates
