"""What Z/X costs may name (engine/costs.py) and how each part is paid: resources of any colour
(an activated ability's cost needs no colour, see payment.py), cards of the hand into the trash,
cards moved between zones, Z/X put to sleep, counters removed, this Z/X's force into the trash
(``force``: 「このZ/Xのフォースを1枚トラッシュに置く」, ZX-Z3; its owner chooses which, secretly)."""
from __future__ import annotations

from typing import Any, Callable

from ...engine import costs as C
from ...engine.effects import EffectCtx
from . import payment as P
from . import select as ZS
from .cards import COUNTERS
from .state import Unit, ZXState

#: the zones a cost may move cards into (not onto a square, not under a Z/X: that is no cost)
DESTINATIONS = tuple(z for z in ZS.DESTINATIONS if z not in ("square", "force"))
#: the game's words for the engine's parts: ``force`` puts this Z/X's force into the trash
WORDS = {"force": "under"}
#: the zones an activated ability may be used from (``from`` on the ability)
ABILITY_ZONES = ("board", "hand", "charge", "trash")


def _zone_of(x: Any) -> str:
    return "board" if isinstance(x, Unit) else x.zone


GAME = C.CostGame(
    selectors=ZS.SELECTORS, hand="hand", trash="trash", board="board", awake="awake",
    destinations=DESTINATIONS, counters=COUNTERS,
    resources=lambda s, p: sum(P.awake_counts(s, p)),
    printed=lambda s, iid: s.cards[iid].cost,
    held=lambda s, p, c: s.players[p].counters.get(c, 0),
    locate=ZS.locate, zone_of=_zone_of, words=WORDS, under="force",
)


# --- the ops that pay (engine/costs.py cost_ops) ----------------------------------------------------

def pay_resources(rules, s: ZXState, ctx: EffectCtx, op, targets) -> None:
    """Resources of any colour put to sleep (the ``pay`` decision when there is a choice)."""
    n = s.cards[ctx.source].cost if op["printed"] else op["amount"]
    rules._pay(s, ctx.controller, None, n, ctx.source, "activate")


def pay_move(move: Callable) -> Callable:
    """The handler of a ``move`` part around the game's ``move`` op handler: the chosen cards (or
    this very card) go to their owner's ``to`` zone; a ``discard`` is told as a discard. It has
    not acted when this very card is no longer there to pay."""
    def handler(rules, s: ZXState, ctx: EffectCtx, op, targets) -> bool:
        if op["self"]:
            x = ZS.locate(s, ctx.source)
            if x is None:
                return False
            targets = [x]
        if op["part"] == "discard":
            for x in targets:
                ps = s.players[x.owner]
                ps.hand.remove(x.iid)
                ps.trash.append(x.iid)
                s.emit("discard", {"player": x.owner, "card": x.iid, "id": s.cards[x.iid].id})
            return True
        move(rules, s, ctx, {"to": op["to"], "position": "top", "asleep": False, "shuffle": False}, targets)
        return True
    return handler


def pay_sleep(set_state: Callable) -> Callable:
    """The handler of a ``sleep`` part around the game's ``set_state`` op handler: the chosen
    Z/X (or this very one) are put to sleep."""
    def handler(rules, s: ZXState, ctx: EffectCtx, op, targets) -> bool:
        if op["self"]:
            sq = s.square_of(ctx.source)
            if sq < 0:
                return False
            targets = [s.board[sq]]
        set_state(rules, s, ctx, {"state": "asleep"}, targets)
        return True
    return handler


def pay_counter(rules, s: ZXState, ctx: EffectCtx, op, targets) -> None:
    ps = s.players[ctx.controller]
    c = op["counter"]
    ps.counters[c] = ps.counters.get(c, 0) - op["amount"]
    s.emit("counter", {"player": ctx.controller, "counter": c, "total": ps.counters[c]})


#: a parsed cost list (engine/costs.py)
Cost = C.Cost


def parser(handlers: dict) -> Callable[[list], Cost]:
    """The parser of a cost list whose parts are paid by ``handlers`` (part -> op handler)."""
    return C.parser(GAME, handlers)


def can_pay(s: ZXState, p: int, source: int, cost: Cost) -> bool:
    return C.can_pay(s, p, source, cost.parts, GAME)


#: the ``pay`` op: its cost paid now, or nothing (it has not acted) when it cannot be paid in full
op_pay = C.pay_op(GAME)
