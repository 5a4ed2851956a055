"""What Turu-turu costs may name (engine/costs.py) and how each part is paid.

The game has no resources: a program's segments are its only printed cost (TT-G2), and they are
the Activate / Effect / Apply program's, not the ability's. So a cost list names only what the
card text adds: ``discard`` (cards of your hand into your discard pile), ``move`` (this card, or
cards of a zone, into your hand, deck or discard pile) and ``bed_in`` (ベッドイン: this
character, or your awake characters, put to bed; the engine's ``sleep`` part). There are no
counters on Turu-turu cards (the rules' counters only show numbers), so no ``remove_counter``.

A card never pays a cost of its own with itself through a part that chooses cards ("discard a
card" on an application or on a card used from the hand means another card): only ``card =
"self"`` pays with this very card."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ...engine import costs as C
from ...engine.effects import effect_step
from . import select as TS
from .state import TTState, Unit

#: the zones a cost may move cards into (not onto the field: that is no cost)
DESTINATIONS = tuple(z for z in TS.DESTINATIONS if z != "field")
#: the zones an activated ability may be used from (``from`` on the ability; ``field``: a
#: character on the field, a device in play)
ABILITY_ZONES = ("field", "hand", "discard")
#: the game's word for a cost part (engine/costs.py ``PARTS``): ベッドイン puts a character to bed
WORDS = {"bed_in": "sleep"}
#: the parts the game has (no resources, no counters)
PARTS = ("discard", "move", "sleep")


def _zone_of(x: Any) -> str:
    return "field" if isinstance(x, Unit) else x.zone


def _none(*_: Any) -> int:
    return 0


GAME = C.CostGame(
    selectors=TS.SELECTORS, hand="hand", trash="discard", board="field", awake="awake",
    destinations=DESTINATIONS, counters=(), resources=_none, printed=_none, held=_none,
    locate=TS.locate, zone_of=_zone_of, words=WORDS, parts=PARTS,
)


# --- the ops that pay (engine/costs.py cost_ops) ----------------------------------------------------

def pay_move(move: Callable) -> Callable:
    """The handler of a ``discard`` / ``move`` part around the game's ``move`` op handler: the
    chosen cards (or this very card) go to their owner's ``to`` zone (on top of a deck). It has
    not acted when this very card is no longer where it was to pay."""
    return C.pay_move(move, TS.locate)


def pay_bed_in(set_state: Callable) -> Callable:
    """The handler of a ``bed_in`` part around the game's ``set_state`` op handler: the chosen
    characters (or this very one) are put to bed."""
    return C.pay_state(set_state, "asleep", lambda s, iid: s.players[s.owner[iid]].unit(iid))


def _others(part: C.CostPart) -> C.CostPart:
    """The part with its chosen cards other than this card (see the module's docstring)."""
    return part if part.cards is None else part._replace(cards=replace(part.cards, other=True))


def parser(handlers: dict) -> Callable[[list], C.Cost]:
    """The parser of a cost list (an ability's ``cost``, a ``pay`` op's) whose parts are paid by
    ``handlers`` (engine part -> op handler): ``CostError`` at the first fault."""
    def parse_cost(raw: list) -> C.Cost:
        parts = tuple(_others(p) for p in C.parse(raw, GAME))
        return C.Cost(parts, C.cost_ops(parts, handlers), raw)
    return parse_cost


def can_pay(s: TTState, p: int, source: int, cost: C.Cost) -> bool:
    return C.can_pay(s, p, source, cost.parts, GAME)


def pay_step(p: int, source: int, cost: C.Cost) -> tuple:
    """The effect step that pays ``cost`` for player ``p``'s ability of ``source``."""
    return effect_step(p, source, cost.ops)


#: the ``pay`` op (engine/costs.py): its cost paid now, an ``if_done`` after it only if it was
op_pay = C.pay_op(GAME)
