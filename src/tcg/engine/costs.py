"""Costs (docs/card-language-design.md, step 4): the cost parts a card file may list, checked at
load time, ``can_pay`` (an ability is offered only when its cost can be paid) and the effect ops
that pay them. Imports no game.

A cost is a list of parts, paid in the order written::

    cost = [{ pay = "resources", amount = 1 },
            { pay = "discard", amount = 1, filter = { kind = "zx" } },
            { pay = "move", card = "self", from = "hand", to = "trash" }]

The parts: ``printed`` (the card's printed cost, in the game's resources), ``resources`` (``amount``
of them), ``discard`` (``amount`` cards of your hand matching ``filter`` into your trash), ``move``
(``card = "self"``: this very card, or ``amount`` cards matching the selector table ``card`` of the
zone ``from``, into the zone ``to``), ``sleep`` (``card = "self"``, or ``amount`` of your awake cards
on the board matching ``filter``), ``remove_counter`` (``amount`` of the counter ``counter``) and
``under`` (``amount`` of the cards under this very card matching ``filter`` into the trash: Z/X
force, the cards under a Shironeko character; a game names it with its own word).
A game **declares** what its costs may name (``CostGame``: its selector schema, the zones a
discard and a sleep read, where cards may go, its counters, how to read what can pay now);
``parse`` turns a list into ``CostPart`` tuples (errors name the path below the list, with the
nearest valid word), ``can_pay`` says whether a player can pay them all now, and ``cost_ops``
turns them into effect ops named ``pay`` that the game's ``EffectRunner`` runs: a part that
pays with chosen cards is an op whose target is the selector with ``choose = amount`` (the
player chooses one card at a time, as for any target; a choice among their own hand is the
secret ``target_hidden``), a part paying with this card or with no card an op without target."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from .effects import AMOUNT_MAX, EffectOp, Param, effect_step
from .errors import brief
from .select import Selector, SelectorError, SelectorSchema, nearest

#: the parts a cost may list, and the keys each takes
PARTS: dict[str, tuple[str, ...]] = {
    "printed": ("pay",),
    "resources": ("pay", "amount"),
    "discard": ("pay", "amount", "filter"),
    "move": ("pay", "card", "amount", "from", "to"),
    "sleep": ("pay", "card", "amount", "filter"),
    "remove_counter": ("pay", "counter", "amount"),
    "under": ("pay", "amount", "filter"),
}


class CostError(SelectorError):
    """A cost list that does not parse: ``path`` below the list (``"[1].pay"``), ``message``."""


class CostPart(NamedTuple):
    """One parsed part. ``pay``: ``resources``, ``move``, ``sleep`` or ``remove_counter`` (a
    ``discard`` is a ``move`` from the hand to the trash, ``printed`` the resources of the card's
    printed cost); ``amount`` (for ``printed``: 0, read off the card as it is paid); ``this``: the
    part pays with this very card; ``cards``: the selector (with its zone and ``choose =
    amount``) of the cards that may pay; ``frm``: where this very card must be (None: anywhere);
    ``to``: a move's destination; ``counter``; ``written``: the part's name as written."""
    pay: str
    amount: int
    this: bool = False
    cards: Selector | None = None
    frm: str | None = None
    to: str | None = None
    counter: str | None = None
    written: str = ""

    @property
    def printed(self) -> bool:
        return self.pay == "resources" and self.amount == 0


class CostGame(NamedTuple):
    """What one game's costs may name and how to read what can pay.

    ``selectors``: its selector schema; ``hand`` / ``trash``: the zones a ``discard`` takes from
    and puts into; ``board``: the zone of ``sleep``; ``awake``: the flag property of an awake card
    there; ``destinations``: the zones a ``move`` may put cards into; ``counters``: its counter
    names (none: no ``remove_counter``); ``resources(state, player)``: how many resources the
    player can pay with now; ``printed(state, iid)``: a card's printed cost; ``held(state,
    player, counter)``: how many of a counter the player has; ``locate(state, iid)``: the object
    of a card where it is (as the selectors give them) or None; ``zone_of(obj)``: its zone."""
    selectors: SelectorSchema
    hand: str
    trash: str
    board: str
    awake: str
    destinations: tuple[str, ...]
    counters: tuple[str, ...]
    resources: Callable[[Any, int], int]
    printed: Callable[[Any, int], int]
    held: Callable[[Any, int, str], int]
    locate: Callable[[Any, int], Any]
    zone_of: Callable[[Any], str]
    #: the game's own words for parts (its word -> the part: Shironeko's ``souls`` are
    #: ``resources``, its ``off`` is ``sleep``); a part named here is written only with its word
    words: Mapping[str, str] = {}
    #: the parts the game has at all (empty: every part of ``PARTS``): a game without resources
    #: leaves ``printed`` and ``resources`` out (Turu-turu: its segments are the program's)
    parts: tuple[str, ...] = ()
    #: the selector zone of the cards held under a card (its ``Zone.holder`` says under which):
    #: an ``under`` part takes them from there; empty: the game has no ``under`` part
    under: str = ""

    def known(self) -> tuple[str, ...]:
        """The part names a card file of this game may write."""
        renamed = set(self.words.values())
        parts = [k for k in PARTS if k not in renamed and self._has(k)]
        return tuple(parts) + tuple(w for w, k in self.words.items() if self._has(k))

    def _has(self, part: str) -> bool:
        """Whether the game has the part at all (counters to remove, cards under a card...)."""
        if part == "remove_counter" and not self.counters or part == "under" and not self.under:
            return False
        return not self.parts or part in self.parts


def _amount(raw: Mapping, i: int, default: int | None) -> int:
    v = raw.get("amount", default)
    if v is None:
        raise CostError(f"[{i}].amount", f"a {raw['pay']} part says how many: amount = n")
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= AMOUNT_MAX:
        raise CostError(f"[{i}].amount", f"amount must be a whole number 1..{AMOUNT_MAX}, got {brief(v)}")
    return v


def parse(raw: Any, game: CostGame) -> tuple[CostPart, ...]:
    """Check a cost list (``CostError`` at the first fault, its path below the list)."""
    if not isinstance(raw, list) or not raw:
        raise CostError("", f"a cost is a whole number or a list of parts like [{{pay = \"discard\", amount = 1}}],"
                            f" got {brief(raw)}")
    parts = [_part(r, i, game) for i, r in enumerate(raw)]
    if any(p.this for p in parts):  # "discard a card" beside "this card": another card than this one
        parts = [p._replace(cards=replace(p.cards, other=True)) if p.cards is not None else p for p in parts]
    return tuple(parts)


def _part(raw: Any, i: int, game: CostGame) -> CostPart:
    here = f"[{i}]"
    if not isinstance(raw, Mapping):
        raise CostError(here, f"a cost part is a table like {{pay = \"discard\", amount = 1}}, got {brief(raw)}")
    word = raw.get("pay")
    known = game.known()
    if not isinstance(word, str) or word not in known:
        raise CostError(f"{here}.pay", f"unknown cost part {brief(word)}{nearest(word, known)} (known: {', '.join(known)})")
    pay = game.words.get(word, word)
    keys = PARTS[pay]
    for key in raw:
        if key not in keys:
            raise CostError(f"{here}.{key}", f"a {word} part has no {brief(key)}{nearest(key, keys)}"
                                             f" (it takes: {', '.join(keys)})")
    return _part_of(raw, pay, word, here, i, game)


def _part_of(raw: Mapping, pay: str, word: str, here: str, i: int, game: CostGame) -> CostPart:
    """The checked part ``pay`` (written ``word``)."""
    if pay == "printed":
        return CostPart("resources", 0, written=word)
    if pay == "resources":
        return CostPart("resources", _amount(raw, i, None), written=word)
    if pay == "remove_counter":
        c = raw.get("counter")
        if not isinstance(c, str) or c not in game.counters:
            raise CostError(f"{here}.counter", f"counter = {brief(c)} is not one of: {', '.join(game.counters)}"
                                               f"{nearest(c, game.counters)}")
        return CostPart("remove_counter", _amount(raw, i, 1), counter=c, written=word)
    if pay == "discard":
        table = _filter(raw, here)
        sel = _selector(table, game.hand, "own", _amount(raw, i, 1), game, here, ".filter")
        return CostPart("move", sel.choose, cards=sel, to=game.trash, written=word)
    if pay == "under":
        return _under(raw, word, here, i, game)
    card = raw.get("card")
    if pay == "sleep":
        if card == "self":
            if "filter" in raw or "amount" in raw:
                raise CostError(f"{here}.card", "card = \"self\" is this very card: no filter or amount with it")
            return CostPart("sleep", 1, this=True, frm=game.board, written=word)
        if card is not None:
            raise CostError(f"{here}.card", f"card is \"self\" (this very card) or left out, got {brief(card)}")
        table = _filter(raw, here)
        for key in (game.awake, "asleep", "side", "zone"):
            if key in table:
                raise CostError(f"{here}.filter.{key}", f"a {word} part takes your own {game.awake} cards on the"
                                                        f" {game.board}: leave {key} out")
        sel = _selector({**table, game.awake: True}, game.board, "own", _amount(raw, i, 1), game, here, ".filter")
        return CostPart("sleep", sel.choose, cards=sel, written=word)
    # move
    to = raw.get("to")
    if not isinstance(to, str) or to not in game.destinations:
        raise CostError(f"{here}.to", f"to = {brief(to)} is not one of: {', '.join(game.destinations)}"
                                      f"{nearest(to, game.destinations)}")
    frm = raw.get("from")
    zones = tuple(game.selectors.zones)
    if frm is not None and (not isinstance(frm, str) or frm not in zones):
        raise CostError(f"{here}.from", f"from = {brief(frm)} is not one of: {', '.join(zones)}{nearest(frm, zones)}")
    if frm == to:
        raise CostError(f"{here}.to", f"the cards are in the {to} already")
    if card == "self":
        if "amount" in raw:
            raise CostError(f"{here}.amount", "card = \"self\" is this very card: no amount with it")
        return CostPart("move", 1, this=True, frm=frm, to=to, written=word)
    if not isinstance(card, Mapping):
        raise CostError(f"{here}.card", f"card is \"self\" or a selector table without a count, like"
                                        f" {{kind = \"zx\"}}, got {brief(card)}")
    if frm is None:
        raise CostError(f"{here}.from", "say where the cards are: from = \"trash\", \"charge\", \"hand\"...")
    if "zone" in card:
        raise CostError(f"{here}.card.zone", "from says where the cards are: leave zone out")
    sel = _selector(dict(card), frm, card.get("side", "own"), _amount(raw, i, 1), game, here, ".card")
    return CostPart("move", sel.choose, cards=sel, frm=frm, to=to, written=word)


def _under(raw: Mapping, word: str, here: str, i: int, game: CostGame) -> CostPart:
    """An ``under`` part (written ``word``): ``amount`` of the cards under this very card matching
    ``filter``, chosen by its controller, into the trash."""
    table = _filter(raw, here)
    for key in ("side", "holder"):
        if key in table:
            raise CostError(f"{here}.filter.{key}", f"a {word} part takes the cards under this very card: leave {key} out")
    sel = _selector({**table, "holder": "self"}, game.under, "own", _amount(raw, i, 1), game, here, ".filter")
    return CostPart("move", sel.choose, cards=sel, frm=game.under, to=game.trash, written=word)


def _filter(raw: Mapping, here: str) -> dict:
    table = raw.get("filter", {})
    if not isinstance(table, Mapping):
        raise CostError(f"{here}.filter", f"filter is a selector table without a count, like {{kind = \"zx\"}},"
                                          f" got {brief(table)}")
    if "zone" in table:
        raise CostError(f"{here}.filter.zone", "the part says where the cards are: leave zone out")
    return dict(table)


def _selector(table: dict, zone: str, side: Any, amount: int, game: CostGame, here: str, key: str) -> Selector:
    """The selector of the cards that may pay: ``table`` in ``zone``, ``choose = amount``."""
    for count in ("choose", "all", "random", "up_to"):
        if count in table:
            raise CostError(f"{here}{key}.{count}", "a cost part counts with amount: leave the count out")
    try:
        return game.selectors.parse({**table, "zone": zone, "side": side, "choose": amount})
    except SelectorError as e:
        if e.path in (".zone", ".choose"):  # a zone not declared, or hidden: where the cards are is at fault
            raise CostError(f"{here}.from", e.message) from None
        raise CostError(f"{here}{key}{e.path}", e.message) from None


# --- play ---------------------------------------------------------------------------------------

def amount_of(part: CostPart, state: Any, source: int, game: CostGame) -> int:
    """How much the part costs now (a ``printed`` part: the card's printed cost)."""
    return game.printed(state, source) if part.printed else part.amount


def can_pay(state: Any, controller: int, source: int, parts: Sequence[CostPart], game: CostGame) -> bool:
    """Whether ``controller`` can pay every part now, for an ability of the card ``source``: enough
    resources for all resource parts together, enough of each counter, this very card where the
    part wants it (and awake, to put it to sleep), and for each part paying with chosen cards
    enough matching cards that no part before it took already (first come, first taken)."""
    resources = 0
    counters: dict[str, int] = {}
    taken: set[int] = set()
    for part in parts:
        if part.pay == "resources":
            resources += amount_of(part, state, source, game)
        elif part.pay == "remove_counter":
            counters[part.counter or ""] = counters.get(part.counter or "", 0) + part.amount
        elif part.this:
            obj = game.locate(state, source)
            if obj is None or source in taken:
                return False
            zone = game.zone_of(obj)
            if part.frm is not None and zone != part.frm:
                return False
            if part.pay == "sleep" and (zone != game.board or not game.selectors.props[game.awake].read(state, obj)):
                return False
            taken.add(source)
        else:
            assert part.cards is not None
            found = [c.iid for c in game.selectors.candidates(state, controller, source, part.cards)
                     if c.iid not in taken]
            if len(found) < part.amount:
                return False
            taken.update(found[:part.amount])
    if resources and game.resources(state, controller) < resources:
        return False
    return all(game.held(state, controller, c) >= n for c, n in counters.items())


def cost_ops(parts: Sequence[CostPart], handlers: Mapping[str, Callable]) -> tuple[EffectOp, ...]:
    """The effect ops that pay ``parts`` in order, each named ``pay``, with the game's handler for
    its part (``handlers``: ``resources``, ``move``, ``sleep``, ``remove_counter``, each an op
    handler ``(rules, state, ctx, op, targets)``). Their arguments: ``part`` (as written),
    ``amount``, ``printed``, ``self`` (this very card), ``target`` (the selector of the chosen cards,
    or None), ``to``, ``counter``."""
    ops = []
    for part in parts:
        args: dict[str, Any] = {"part": part.written, "amount": part.amount, "printed": part.printed,
                                "self": part.this, "counter": part.counter}
        if part.cards is not None:
            args["target"] = part.cards
        if part.to is not None:
            args["to"] = part.to
        ops.append(EffectOp("pay", args, handlers[part.pay]))
    return tuple(ops)


# --- a game's cost lists -----------------------------------------------------------------------

class Cost:
    """A parsed cost list: its ``parts`` (for ``can_pay``) and the ``ops`` that pay them."""

    __slots__ = ("parts", "ops", "raw")

    def __init__(self, parts: tuple, ops: tuple, raw: list):
        self.parts, self.ops, self.raw = parts, ops, raw

    def resources(self, printed: int) -> int:
        """The resources its parts ask for together (``printed``: the card's printed cost)."""
        return sum(printed if p.printed else p.amount for p in self.parts if p.pay == "resources")

    def __repr__(self) -> str:
        return f"Cost({self.raw!r})"


def parser(game: CostGame, handlers: Mapping[str, Callable]) -> Callable[[list], Cost]:
    """The parser of a cost list (a ``pay`` op's ``cost``, an activated ability's ``cost``) whose
    parts are paid by ``handlers`` (part -> op handler): ``CostError`` at the first fault."""
    def parse_cost(raw: list) -> Cost:
        parts = parse(raw, game)
        return Cost(parts, cost_ops(parts, handlers), raw)
    return parse_cost


def ability_cost(raw: Any, printed: int, parse_cost: Callable[[list], Cost] | None,
                 fail: Callable, most: int = AMOUNT_MAX) -> tuple[int, Cost | None]:
    """An activated ability's ``cost`` as written on a card: (the resources it pays, its cost list
    or None). A whole number 0..``most`` is resources, as always; a list holds cost parts (read
    by ``parse_cost``; ``printed``: the card's printed cost). ``fail(message, field)`` raises."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        if not 0 <= raw <= most:
            fail(f"must be a whole number 0..{most} or a list of cost parts, got {raw}", "cost")
        return raw, None
    if not isinstance(raw, list) or parse_cost is None:
        fail(f"must be a whole number or a list of cost parts like [{{pay = \"discard\", amount = 1}}],"
             f" got {brief(raw)}", "cost")
    assert parse_cost is not None  # (fail raised otherwise)
    try:
        costs = parse_cost(raw)
    except SelectorError as e:
        fail(e.message, "cost" + e.path)
    return costs.resources(printed), costs


def pay_with(run: Callable, args: Callable[[Any], Mapping[str, Any]], locate: Callable[[Any, int], Any]) -> Callable:
    """The handler of a cost part that runs the game's op handler ``run`` with the arguments
    ``args(part)`` on the chosen cards, or on this very card (``locate(state, iid)``: where it
    is, None when it is gone). It has not acted when this very card is no longer there to pay."""
    def handler(rules, s, ctx, op, targets) -> bool:
        if op["self"]:
            x = locate(s, ctx.source)
            if x is None:
                return False
            targets = [x]
        run(rules, s, ctx, args(op), targets)
        return True
    return handler


def pay_move(move: Callable, locate: Callable[[Any, int], Any]) -> Callable:
    """The handler of a ``move`` part (and of a ``discard``) around the game's ``move`` op
    handler: the chosen cards, or this very card (``locate(state, iid)``: where it is, None when
    it is gone), go to their owner's ``to`` zone (``pay_with``)."""
    return pay_with(move, lambda op: {"to": op["to"], "position": "top", "shuffle": False}, locate)


def pay_state(set_state: Callable, state: str, locate: Callable[[Any, int], Any]) -> Callable:
    """The handler of a part that puts characters in a ``state`` (turned OFF, put to bed...)
    around the game's ``set_state`` op handler: the chosen characters, or this very one
    (``locate(state, iid)``, as for ``pay_with``)."""
    return pay_with(set_state, lambda op: {"state": state}, locate)


def pay_op(game: CostGame) -> Callable:
    """The handler of a game's ``pay`` op: its ``cost`` (a ``Cost``) is paid now, its ops an effect
    step of their own on top (their choices follow); nothing, and it has not acted, when it cannot
    be paid in full (an ``if_done`` op after it runs only if it was paid)."""
    def op_pay(rules, s, ctx, op, targets) -> bool:
        cost: Cost = op["cost"]
        if not can_pay(s, ctx.controller, ctx.source, cost.parts, game):
            return False
        s.steps.append(effect_step(ctx.controller, ctx.source, cost.ops, ctx.extra))
        return True
    return op_pay


def define_pay(registry: Any, parse_cost: Callable[[list], Any], op_pay: Callable, module: str = "engine/costs.py") -> None:
    """The registry's cost lists are read by ``parse_cost`` (a game's ``parser``), and its ``pay``
    op (「…を支払ってもよい」) pays such a list now with ``op_pay`` (``module``: where the parts are
    told, for the op's description)."""
    registry.costs = parse_cost
    registry.define("pay", {"cost": Param(list, required=True, items=parse_cost,
                                          doc=f"cost parts ({module}): paid now; with optional, you may")}, op_pay)
