"""What Kemuri costs may name (engine/costs.py) and how each part is paid, in Kemuri's terms
(docs/cards.md K4c):

- ``resources`` / ``printed``: seats (KM-Z2: seating cards sent to the backyard, each paying its
  level, the player's choice, overpaying lost; ``printed``: the card's printed cost, an event's
  removal cost);
- ``discard``: cards of your hand into your backyard;
- ``move``: this card, or cards of a zone, into your hand, deck, backyard or seating zone;
- ``sleep``: a cast of yours that has not served this turn takes a break (休憩): it counts as having
  served this turn (KM-T5), so it does not serve again (the game's "awake" is ``ready``).

Kemuri has no counters: ``remove_counter`` is no part of its costs."""
from __future__ import annotations

from typing import Any, Callable

from ...engine import costs as C
from ...engine.effects import EffectCtx
from ...engine.state import new_record
from . import flow as F
from . import select as KS
from .state import Cast, KMState, PayStep

#: the zones a cost may move cards into (not onto the floor or the field: that is no cost)
DESTINATIONS = ("hand", "deck", "backyard", "seating")
#: the zones an activated ability may be used from (``from`` on the ability): ``field`` (a cast
#: on your floor, your event: as always), your hand, your backyard
ABILITY_ZONES = ("field", "hand", "backyard")


def _zone_of(x: Any) -> str:
    return "floor" if isinstance(x, Cast) else x.zone


def _printed(s: KMState, iid: int) -> int:
    c = s.cards[iid]
    return c.removal_cost if c.kind == "event" else c.cost


GAME = C.CostGame(
    selectors=KS.SELECTORS, hand="hand", trash="backyard", board="floor", awake="ready",
    destinations=DESTINATIONS, counters=(),
    resources=F.seats, printed=_printed, held=lambda s, p, c: 0,
    locate=KS.locate, zone_of=_zone_of,
)


# --- the ops that pay (engine/costs.py cost_ops) ----------------------------------------------------

def pay_seats(rules, s: KMState, ctx: EffectCtx, op, targets) -> None:
    """KM-Z2: seats paid (the ``pay`` decision: seating cards, one at a time, until paid)."""
    n = _printed(s, ctx.source) if op["printed"] else op["amount"]
    if n > 0:
        s.steps.append(new_record(PayStep, ("pay", ctx.controller, n, "activate")))


def pay_move(move: Callable) -> Callable:
    """The handler of a ``move`` part (and a ``discard``) around the game's ``move`` op handler:
    the chosen cards (or this very card) go to their owner's ``to`` zone. It has not acted when
    this very card is no longer there to pay."""
    return C.pay_move(move, KS.locate)


def pay_break(rules, s: KMState, ctx: EffectCtx, op, targets) -> bool:
    """A ``sleep`` part: each chosen cast (or this very cast) takes a break: it counts as having
    served this turn (a ``break`` event each)."""
    if op["self"]:
        x = s.players[s.owner[ctx.source]].cast(ctx.source)
        if x is None or x.served:
            return False
        targets = [x]
    for x in targets:
        x.served = True
        s.emit("break", {"player": s.owner[x.iid], "card": x.iid, "id": s.cards[x.iid].id})
    return True


def parser(handlers: dict) -> Callable[[list], C.Cost]:
    """The parser of a Kemuri cost list whose parts are paid by ``handlers`` (part -> op handler)."""
    return C.parser(GAME, handlers)


def can_pay(s: KMState, p: int, source: int, cost: C.Cost) -> bool:
    return C.can_pay(s, p, source, cost.parts, GAME)


#: the ``pay`` op: its cost paid now, or nothing (not acted) when it cannot be paid in full
op_pay = C.pay_op(GAME)
