"""What Shironeko costs may name (engine/costs.py), in the game's own words, and how each part is
paid. docs/cards.md §5c describes them for card writers.

- ``souls``: N souls of the town area turned OFF (SN-C2), at least one of the ability's colour
  (SN-C3): the ``pay`` decision as for any cost; ``printed``: as many souls as the card's cost;
- ``discard``: N cards of your hand matching ``filter`` into your discard pile (chosen one at
  a time, secretly: ``target_hidden``);
- ``move``: this very card (``card = "self"``: a character returned to the hand, a card used from
  the hand or the discard pile removed from the game...) or N matching cards of a zone (a soul of
  the town area, a card of the discard pile) into the hand, the deck, the discard pile or out of
  the game;
- ``off``: this character, or N other ON characters of yours matching ``filter``, turned OFF;
- ``runes``: N of the cards under this character (its extra runes: SN-R1, SN-K6) matching
  ``filter`` into your discard pile, chosen by you (they lie open: a public ``target``)."""
from __future__ import annotations

from typing import Any, Callable

from ...engine import costs as C
from ...engine.effects import EffectCtx
from ...engine.state import new_record, with_iid
from . import payment as P
from . import select as SS
from .state import PayStep, SNState, Unit

#: the zones a cost may move cards into (not onto the field: that is no cost)
DESTINATIONS = tuple(z for z in SS.DESTINATIONS if z != "characters")
#: the zones an activated ability may be used from (``from`` on the ability): the field (a
#: character or the leader), the hand, the discard pile
ABILITY_ZONES = ("field", "hand", "discard")
#: the game's words for the engine's parts
WORDS = {"souls": "resources", "off": "sleep", "runes": "under"}


def _zone_of(x: Any) -> str:
    return "characters" if isinstance(x, Unit) else getattr(x, "zone", "leader")


def _souls_on(s: SNState, p: int) -> int:
    ps = s.players[p]
    return len(ps.town) - len(ps.souls_off)


def _locate(s: SNState, iid: int) -> Any:
    """A card where it is, as the selectors give it; the leader is no character (not ``off``)."""
    x = SS.locate(s, iid)
    if isinstance(x, Unit) and x not in s.players[s.owner[iid]].chars:
        return SS.Loose(iid, s.owner[iid], "leader")
    return x


GAME = C.CostGame(
    selectors=SS.SELECTORS, hand="hand", trash="discard", board="characters", awake="on",
    destinations=DESTINATIONS, counters=(), resources=_souls_on,
    printed=lambda s, iid: s.cards[iid].cost, held=lambda s, p, c: 0,
    locate=_locate, zone_of=_zone_of, words=WORDS, under="runes",
)

#: a parsed cost list (engine/costs.py)
Cost = C.Cost


# --- the ops that pay (engine/costs.py cost_ops) ----------------------------------------------------

def pay_souls(rules, s: SNState, ctx: EffectCtx, op, targets) -> None:
    """Souls turned OFF (SN-C2/C3), at least one of the colour ``color`` (the ability's; a
    ``pay`` op's: its card's): the ``pay`` step, a decision when the payment is not forced."""
    n = s.cards[ctx.source].cost if op["printed"] else op["amount"]
    color = op.get("color") or s.cards[ctx.source].color or "colorless"
    if n > 0:
        s.steps.append(new_record(PayStep, ("pay", ctx.controller, color, n, (), ctx.source, "activate")))


def pay_move(move: Callable) -> Callable:
    """The handler of a ``move`` or ``discard`` part around the game's ``move`` op handler: the
    chosen cards (or this very card) go to their owner's ``to`` zone (a ``move`` event with its
    ``from``). It has not acted when this very card is no longer there to pay."""
    return C.pay_move(move, SS.locate)


def pay_off(set_state: Callable) -> Callable:
    """The handler of an ``off`` part around the game's ``set_state`` op handler: the chosen
    characters (or this very one) are turned OFF."""
    return C.pay_state(set_state, "off", lambda s, iid: with_iid(s.players[s.owner[iid]].chars, iid))


def parser(handlers: dict) -> Callable[[list], Cost]:
    """The parser of a cost list whose parts are paid by ``handlers`` (part -> op handler)."""
    return C.parser(GAME, handlers)


def souls_payable(s: SNState, p: int, color: str, n: int) -> bool:
    """SN-C2..C4: ``n`` ON souls, one of them matching ``color`` (none needed for 0)."""
    if n <= 0:
        return True
    n_on, mask = P.on_mask(s, p)
    return bool(n_on >= n and mask & P.cost_bit(color, n))


def can_pay(s: SNState, p: int, source: int, cost: Cost, color: str | None = None) -> bool:
    """Whether ``p`` can pay every part now for an ability of the card ``source``: its souls
    with one of ``color`` (None: the card's colour) and every other part."""
    card = s.cards[source]
    return souls_payable(s, p, color or card.color or "colorless", cost.resources(card.cost)) and \
        C.can_pay(s, p, source, cost.parts, GAME)


_pay_now = C.pay_op(GAME)


def op_pay(rules, s: SNState, ctx: EffectCtx, op, targets) -> bool:
    """The ``pay`` op: its cost paid now (souls of its card's colour), or nothing (it has not
    acted) when it cannot be paid in full."""
    if not can_pay(s, ctx.controller, ctx.source, op["cost"]):
        return False
    return _pay_now(rules, s, ctx, op, targets)
