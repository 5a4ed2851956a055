"""What Z/X card files may name in a selector table (engine/select.py): the zones, the card
properties and states, and the old target names as preset selectors."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import parse_amount
from ...engine.select import Loose, Prop, Selector, SelectorSchema, Zone, card_of, pile_zones
from . import flow as F
from .cards import COLORS, KINDS
from .state import PLAYER_SQUARE, Unit, ZXState

#: a player's piles a selector may name (``PlayerState`` lists of instance ids)
PILES = ("hand", "deck", "trash", "charge", "resources", "life", "removed")
#: the zones a ``move`` may put a card into (``square``: onto a square, as a Z/X; ``force``: face
#: down under this very Z/X, ZX-Z3)
DESTINATIONS = ("hand", "deck", "trash", "charge", "resources", "life", "removed", "square", "force")




def locate(s: ZXState, iid: int) -> Unit | Loose | None:
    """The Z/X on a square with this card, or the card in its owner's pile, dynamis or force
    under a Z/X, or None (elsewhere: a SHIFT, resolving...)."""
    sq = s.square_of(iid)
    if sq >= 0:
        return s.board[sq]
    p = s.owner[iid]
    ps = s.players[p]
    for zone in PILES:
        if iid in getattr(ps, zone):
            return Loose(iid, p, zone)
    if iid in ps.dynamis:
        return Loose(iid, p, "dynamis")
    if F.holder_of(s, iid) is not None:
        return Loose(iid, p, "force")
    return None


def _units(s: ZXState, p: int) -> list:
    return [u for u in s.board if u is not None and u.owner == p]


def _force(s: ZXState, p: int) -> list:
    """The force cards under player ``p``'s Z/X (ZX-Z3), square by square."""
    return [Loose(i, p, "force") for u in s.board if u is not None and u.owner == p for i in u.force]


def _holder(s: ZXState, x: Any) -> int:
    u = F.holder_of(s, x.iid)
    return -1 if u is None else u.iid


def _names(s: ZXState, x: Any) -> tuple:
    cards = F.unit_cards(s, x) if isinstance(x, Unit) else (s.cards[x.iid],)
    return tuple(c.name for c in cards) + tuple(c.name_en for c in cards if c.name_en)


def _colors(s: ZXState, x: Any) -> tuple:
    return F.unit_colors(s, x) if isinstance(x, Unit) else (s.cards[x.iid].color,)


def _races(s: ZXState, x: Any) -> tuple:
    return F.unit_races(s, x) if isinstance(x, Unit) else (s.cards[x.iid].race,)


def _power(s: ZXState, x: Any) -> int:
    return F.power_of(s, x) if isinstance(x, Unit) else s.cards[x.iid].power


def _asleep(s: ZXState, x: Any) -> bool:
    if isinstance(x, Unit):
        return x.asleep
    return x.zone == "resources" and x.iid in s.players[x.owner].asleep_res


def _square(s: ZXState, x: Any) -> str:
    return "player" if s.board.index(x) in PLAYER_SQUARE else "normal"


ZONES = {
    "board": Zone(_units),
    **pile_zones({"hand": "opponent", "deck": "all", "trash": "none", "charge": "none", "resources": "none",
                  "life": "all", "removed": "none",
                  # face down: its owner knows them (ZX-S4, ZX-Z3); the opponent sees how many
                  "dynamis": "opponent"}),
    "force": Zone(_force, hidden="opponent", holder=_holder),
}
PROPS = {
    "kind": Prop("enum", lambda s, x: card_of(s, x).kind, choices=KINDS, doc="the card kind"),
    "name": Prop("text", _names, many=True, doc="the name (Japanese or English; with a SHIFT, its name too)"),
    "color": Prop("enum", _colors, choices=COLORS, many=True, doc="the colour (with a SHIFT, its colour too)"),
    "race": Prop("text", _races, many=True, doc="the race (with a SHIFT, its race too)"),
    "cost": Prop("number", lambda s, x: card_of(s, x).cost, doc="the printed cost"),
    "power": Prop("number", _power, printed=lambda s, x: card_of(s, x).power,
                  doc="the power now on the board (printed elsewhere); printed = true: the printed power"),
    "ignition": Prop("flag", lambda s, x: card_of(s, x).ignition, doc="has the ignition icon"),
    "asleep": Prop("flag", _asleep, zones=("board", "resources"), doc="asleep (スリープ)"),
    "awake": Prop("flag", lambda s, x: not _asleep(s, x), zones=("board", "resources"), doc="rebooted (リブート)"),
    "damaged": Prop("flag", lambda s, x: x.damage > 0, zones=("board",), doc="has damage this turn"),
    "force": Prop("number", lambda s, x: len(x.force), zones=("board",), doc="how many force cards it has"),
    "face_up": Prop("flag", lambda s, x: x.iid in s.players[x.owner].face_up, zones=("dynamis",),
                    doc="face up in the dynamis (used: ZX-X1)"),
    "square": Prop("enum", _square, choices=("normal", "player"), zones=("board",),
                   doc="on a normal square or a player square"),
}
PRESETS = {
    "choose_opponent_zx": Selector("board", "opponent", choose=1, raw=(("choose", 1), ("side", "opponent"))),
    "choose_own_zx": Selector("board", "own", choose=1, raw=(("choose", 1), ("side", "own"))),
    "all_opponent_zx": Selector("board", "opponent", all=True, raw=(("all", True), ("side", "opponent"))),
    "all_own_zx": Selector("board", "own", all=True, raw=(("all", True), ("side", "own"))),
}
#: ``choose`` / ``random`` may be "for each" tables (engine/amounts.py)
SELECTORS = SelectorSchema(ZONES, PROPS, "board", PRESETS, counts=parse_amount)
ZXState.selectors = SELECTORS  # a static's "for each" amount counts over it (flow.py)


#: a selector table for an op acting on Z/X on the board (damage, destroy, modify, set_state)
unit_table = SELECTORS.table("board")
#: a selector table for ``move`` (any zone)
any_table = SELECTORS.table()
#: the objects a selector names now (``SelectorSchema.candidates``)
candidates = SELECTORS.candidates
