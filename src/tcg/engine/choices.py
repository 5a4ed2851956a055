"""Choices an effect makes as it resolves: modes ("choose one —") and looking at the top of a deck.

Card data (a game binds these ops with ``OpRegistry.define``)::

    {op = "choose_one", count = 1, modes = [
        {text = "カードを1枚引く。", text_en = "Draw a card.", effects = [{op = "draw"}]},
        {text = "...", text_en = "...", effects = [...]},
    ]}
    {op = "look", amount = 3, side = "own", rest = "bottom", reveal = false,
     take = {choose = 1, up_to = true, filter = {kind = "zx"}, to = "hand"}}

* ``choose_one``: the controller chooses ``count`` different modes, one ``choose_mode`` decision
  each (a public choice: a ``mode`` event tells both players); the chosen modes then resolve in
  their printed order, each as an effect of its own. Any mode may be chosen, also one that would
  do nothing now. A mode is a table with ``text`` / ``text_en`` (its label) and ``effects``, or
  just a list of ops.
* ``look``: the controller looks at the top ``amount`` cards of their own (``side = "own"``) or
  their opponent's deck — or, where the game allows it (``look_params``' ``zones``), at all the
  cards of another hidden zone (``zone = "hand"``: the opponent's hand; Z/X's face-down life),
  whose cards not taken stay where they are; a ``look`` event tells everyone how many (and the
  zone), only the looker which (its private part). With ``take``, they take up to / exactly
  ``choose`` of those matching ``filter`` (selector properties, engine/select.py), one secret
  ``look_take`` decision each (``look_done``
  stops an ``up_to`` early, and is the only choice when nothing more matches; the looker is asked
  even then, so that the others learn nothing from whether they are); the game
  moves each taken card ``to`` its zone (``reveal``: shown to both first). The others go to the
  ``rest``: the deck's ``bottom`` or ``top`` in an order the looker chooses — one secret
  ``look_order`` decision per card but the last, the first chosen ending highest (none for one
  card; copies of one card are ordered too: skipping them would tell the others) — or the ``trash``.

Hidden information: the decisions are secret kinds (a game lists them among its secret
decisions and hides their ``info`` from others); the events others see carry counts only. While
a look is under way the looked-at cards stay where they are (the top of the deck).

The game provides, on its rules (the ``ChoiceRunner`` mixin next to ``EffectRunner``):
``look_zone`` (the selector zone of the deck, ``"deck"``), ``look_top(s, player, n)`` (the
instance ids of the top n cards, top first), ``look_move(s, ctx, iid, owner, to, reveal, zone)``
(one taken card from the deck or ``zone`` to its zone) and ``look_put(s, owner, iids, where)``
(the rest, top first, to the deck's ``top`` / ``bottom`` or the game's discard pile: the word
``look_params`` was given for it)."""
from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, NamedTuple, Sequence

from .action import Action, ActionTable
from .effects import EffectCtx, Param, effect_step, player_of
from .errors import brief
from .select import Selector, SelectorError, filter_table, nearest
from .state import new_record

#: the decisions of the choices, and their ops, in the order the games' observation encodings
#: list them (``encode.py``'s decision kinds and ops)
CHOICE_DECISIONS = ("choose_mode", "look_take", "look_order")
CHOICE_OPS = ("choose_one", "look")
#: the ``choose_mode`` decision's actions (``MODE[i]``: mode i, from 0)
MODE = ActionTable("mode", "mode")
#: the ``look_take`` decision's actions (``LOOK_TAKE[iid]``), and "take no more"
LOOK_TAKE = ActionTable("look_take", "card")
LOOK_DONE = Action.of("look_done", ())
#: the ``look_order`` decision's actions: the next card of the rest (``LOOK_ORDER[iid]``)
LOOK_ORDER = ActionTable("look_order", "card")

#: where the cards looked at and not taken go (a game may name its discard pile otherwise:
#: ``look_params``'s ``trash``)
REST = ("bottom", "top", "trash")
#: the rest put back into the deck, in the looker's order
DECK_ENDS = ("bottom", "top")
#: the zone a look looks at the top of (each game's selector zone of its deck: ``look_zone``)
LOOK_DECK = "deck"
#: the keys of a ``take`` table
TAKE_KEYS = ("choose", "up_to", "filter", "to")
#: the most modes a ``choose_one`` may have
MAX_MODES = 8
#: the keys of a mode table
MODE_KEYS = ("text", "text_en", "effects")


class Mode(NamedTuple):
    """One mode of a ``choose_one``: its label in both languages and its parsed ops."""
    text: str
    text_en: str
    ops: tuple


class Take(NamedTuple):
    """A look's ``take``: up to / exactly ``choose`` cards matching ``filter`` (a ``Selector``
    without a count, or None: any card) go ``to`` a zone."""
    choose: int
    up_to: bool
    filter: Selector | None
    to: str


class ModeStep(NamedTuple):
    """A ``choose_one`` resolving, and the pending data of its ``choose_mode`` decision: the
    modes ``chosen`` so far (indices, in the order chosen) of the ``pick`` to choose."""
    kind: str
    controller: int
    source: int
    modes: tuple
    pick: int
    chosen: tuple
    extra: Any


class LookStep(NamedTuple):
    """A ``look`` resolving, and the pending data of its ``look_take`` decision: the cards
    ``looked`` at (top first) of ``owner``'s deck, or of their ``zone`` (a hand, face-down life...:
    all its cards) and those ``taken`` so far."""
    kind: str
    controller: int
    source: int
    owner: int
    looked: tuple
    take: Take | None
    rest: str
    reveal: bool
    taken: tuple
    extra: Any
    zone: str


class OrderStep(NamedTuple):
    """The rest of a look going back, and the pending data of its ``look_order`` decision: the
    cards ``left`` (top first as they were) and those ``ordered`` so far (top first)."""
    kind: str
    controller: int
    source: int
    owner: int
    left: tuple
    ordered: tuple
    where: str


# --- parsing ------------------------------------------------------------------------------------

def parse_modes(raw: Any, registry: Any, at: Callable[[str, str], Any]) -> tuple:
    """``choose_one``'s ``modes``: a list of at least two modes, each a table ``{text, text_en,
    effects}`` or a list of ops; ``at(message, path)`` raises (``path``: ``"[1].effects[0]"``)."""
    if not 2 <= len(raw) <= MAX_MODES:
        at(f"choose_one has 2..{MAX_MODES} modes, got {len(raw)}", "")
    out = []
    for i, mode in enumerate(raw):
        here = f"[{i}]"
        text = text_en = ""
        effects = mode
        if isinstance(mode, Mapping):
            for key in mode:
                if key not in MODE_KEYS:
                    at(f"a mode has no key {brief(key)}{nearest(key, MODE_KEYS)} (known: {', '.join(MODE_KEYS)})",
                       f"{here}.{key}")
            text, text_en = mode.get("text", ""), mode.get("text_en", "")
            if not isinstance(text, str) or not isinstance(text_en, str):
                at("text and text_en are text", here)
            effects, here = mode.get("effects"), f"{here}.effects"
        if not isinstance(effects, list) or not effects:
            at(f"a mode is a table {{text, text_en, effects = [...]}} or a list of ops, got {brief(mode)}", here)
        ops = registry.parse_list(effects, lambda m, h=here: at(m, h), lambda m, p, h=here: at(m, f"{h}{p}"))
        out.append(Mode(text, text_en, ops))
    return tuple(out)


def check_modes(args: dict, at: Callable[[str, str], Any]) -> None:
    """``count`` is a whole number (not a "for each" table: the modes offered are fixed when the
    card is written), at most the number of modes."""
    if type(args["count"]) is not int:
        at("count is a whole number of modes, not a \"for each\" table", "count")
    if args["count"] > len(args["modes"]):
        at(f"count {args['count']} is more than the {len(args['modes'])} modes", "count")


def take_param(destinations: tuple[str, ...], zone: str) -> Param:
    """A look's ``take`` parameter: its table checked at load time (``filter``: card properties
    of the game's selectors, tested in ``zone``; ``to``: one of ``destinations``)."""
    def parse(raw: Any, registry: Any, at: Callable[[str, str], Any]) -> Take:
        for key in raw:
            if key not in TAKE_KEYS:
                at(f"take has no key {brief(key)}{nearest(key, TAKE_KEYS)} (known: {', '.join(TAKE_KEYS)})", f".{key}")
        choose = raw.get("choose", 1)
        if isinstance(choose, bool) or not isinstance(choose, int) or not 1 <= choose <= 99:
            at(f"choose must be a whole number 1..99, got {brief(choose)}", ".choose")
        up_to = raw.get("up_to", False)
        if not isinstance(up_to, bool):
            at(f"up_to must be true or false, got {brief(up_to)}", ".up_to")
        to = raw.get("to", "hand")
        if to not in destinations:
            at(f"to = {brief(to)} is not one of: {', '.join(destinations)}{nearest(to, destinations)}", ".to")
        flt = raw.get("filter")
        sel = None
        if flt is not None:
            try:
                sel = filter_table(registry.selectors, flt, zone)
            except SelectorError as e:
                at(e.message, ".filter" + e.path)
        return Take(choose, up_to, sel, to)
    parse.destinations, parse.zone = destinations, zone  # type: ignore[attr-defined] # (engine/card_schema.py)
    return Param(dict, default=None, doc="the cards to take: {choose, up_to, filter, to}", nested=parse)


def look_params(destinations: tuple[str, ...], zone: str, most: int = 10, trash: str = "trash",
                zones: tuple[str, ...] = ()) -> dict[str, Param]:
    """The parameters of the ``look`` op of a game whose ``take`` may go to ``destinations``
    (``amount``: at most ``most`` cards; ``trash``: the game's name of the discard pile, the
    ``rest`` besides the deck's ``bottom`` / ``top``; ``zones``: the hidden zones besides the deck
    a look may look at whole, with ``zone = ...``: a hand, face-down life...)."""
    params = {"amount": Param(int, default=1, min=0, max=most, doc="how many cards from the top (0: none)"),
              "side": Param(str, default="own", choices=("own", "opponent"), doc="whose deck"),
              "take": take_param(destinations, zone),
              "rest": Param(str, default="bottom", choices=REST[:2] + (trash,), doc="where the others go"),
              "reveal": Param(bool, default=False, doc="the cards taken are shown to both players")}
    if zones:
        params["zone"] = Param(str, default=zone, choices=(zone,) + tuple(zones),
                               doc=f"where: the top of the {zone}, or all the cards of another zone")
    return params


def check_look(args: Mapping[str, Any], at: Callable[[str, str], Any]) -> None:
    """A look at a zone other than the deck sees all its cards and leaves those not taken where
    they are: it has no ``amount`` or ``rest`` of its own (their defaults), and takes its cards
    to another zone."""
    zone, deck = args.get("zone"), LOOK_DECK
    if zone is None or zone == deck:
        return
    if args["amount"] != 1:
        at(f"a look at the {zone} sees all its cards: amount is for the {deck}", "amount")
    if args["rest"] != "bottom":
        at(f"the cards of the {zone} not taken stay there: rest is for the {deck}", "rest")
    if args["take"] is not None and args["take"].to == zone:
        at(f"the cards are in the {zone} already", "take")


#: the parameters of ``choose_one``
CHOOSE_ONE_PARAMS = {"modes": Param(list, required=True, doc="the modes", nested=parse_modes),
                     "count": Param(int, default=1, min=1, doc="how many modes are chosen")}


def walk(ops: tuple, path: str = "effects"):
    """``(path, op)`` for each op of ``ops`` and, inside a ``choose_one``, of its modes
    (``effects[0].modes[1].effects[0]``): for a game's own checks of every op of an ability."""
    for n, op in enumerate(ops):
        here = f"{path}[{n}]"
        yield here, op
        modes = op.args.get("modes") if op.name == "choose_one" else None
        for i, mode in enumerate(modes or ()):
            yield from walk(mode.ops, f"{here}.modes[{i}].effects")


def checked_ops(ops: tuple, check: Callable[[Any, Callable[[str, str], Any]], Any],
                fail: Callable[..., Any]) -> Iterator[Any]:
    """Each op of ``ops`` as ``walk`` finds them (also the ops of a choose_one's modes), once the
    game's ``check(op, fail_at)`` has checked it: ``fail_at(message, key)`` is ``fail`` naming the
    op's path and ``key``."""
    for path, op in walk(ops):
        def fail_at(message: str, key: str, path: str = path) -> Any:
            return fail(message, f"{path}.{key}")
        check(op, fail_at)
        yield op


def check_ops(ops: tuple, check: Callable[[Any, Callable[[str, str], Any]], Any], fail: Callable[..., Any]) -> None:
    """Check each op of ``ops`` (``checked_ops``) when the game has nothing more to do with them."""
    for _ in checked_ops(ops, check, fail):
        pass


def put_on_deck(deck: list, iids: Sequence[int], where: str) -> None:
    """The rest of a look, top first, onto the ``top`` or ``bottom`` of ``deck`` (a list, its top
    last), the first of them highest: the games' ``look_put`` for a deck end."""
    deck[:] = [i for i in deck if i not in iids]
    if where == "top":
        deck.extend(reversed(iids))
    else:
        deck[0:0] = reversed(iids)


def put_rest(s: Any, owner: int, iids: Sequence[int], where: str, discard: str,
             move: Callable[[Any, int, int, str, str], Any]) -> bool:
    """The rest of a look, top first, to the ``top`` or ``bottom`` of the owner's deck
    (``put_on_deck``) or, ``where`` is the game's ``discard`` pile, each into it by the game's
    ``move(s, iid, owner, "deck", discard)``: the games' ``look_put``. Whether they were
    discarded."""
    if where == discard:
        for iid in iids:
            move(s, iid, owner, "deck", discard)
        return True
    put_on_deck(s.players[owner].deck, iids, where)
    return False


# --- the ops --------------------------------------------------------------------------------------

def op_choose_one(rules, s, ctx: EffectCtx, op, targets) -> None:
    """``choose_one``: the modes are chosen (a ``modes`` step) and then resolve."""
    s.steps.append(new_record(ModeStep, ("modes", ctx.controller, ctx.source, op["modes"], op["count"], (),
                                         ctx.extra)))


def op_look(rules, s, ctx: EffectCtx, op, targets) -> bool:
    """``look``: the top cards of a deck are looked at (a ``look`` event), then taken and put
    back (a ``look`` step). Nothing when the deck is empty (the op has not acted)."""
    owner = player_of(ctx, "self" if op["side"] == "own" else "opponent")
    zone = op.get("zone") or rules.look_zone
    if zone == rules.look_zone:
        looked = tuple(rules.look_top(s, owner, op["amount"]))
    else:  # all the cards of a hidden zone (a hand, face-down life)
        looked = tuple(o.iid for o in rules.selectors.zones[zone].cards(s, owner))
    if not looked:
        return False
    seen = {"player": ctx.controller, "whose": owner, "count": len(looked), "card": ctx.source}
    if zone != rules.look_zone:
        seen["zone"] = zone
    s.emit("look", seen, {"cards": list(looked), "ids": [s.cards[i].id for i in looked]}, (ctx.controller,))
    s.steps.append(new_record(LookStep, ("look", ctx.controller, ctx.source, owner, looked, op["take"], op["rest"],
                                         op["reveal"], (), ctx.extra, zone)))
    return True


def define_choice_ops(registry: Any, look_to: tuple[str, ...], trash: str = "trash",
                      zones: tuple[str, ...] = ()) -> None:
    """Define a game's choice ops on its op registry: 「次から1つを選ぶ」 ``choose_one`` (the chosen
    modes resolve in printed order) and 「デッキの上からN枚見て…」 ``look`` (a card taken goes to one
    of ``look_to``; the rest to the deck's top or bottom, or into ``trash``, the game's discard
    pile; ``zones``: the other zones whose cards a look may see all of, e.g. 「相手の手札を見て…」).
    The game's rules do the looking (``look_*``)."""
    registry.define("choose_one", CHOOSE_ONE_PARAMS, op_choose_one, check_modes)
    registry.define("look", look_params(look_to, "deck", trash=trash, zones=zones), op_look, check_look)


class ChoiceRunner:
    """Mixin for a ``Ruleset`` with ``EffectRunner``: the steps and decisions of ``choose_one``
    and ``look`` (see the module docstring). The game provides ``look_zone``, ``look_top``,
    ``look_move`` and ``look_put``; ``selectors`` and ``_decide`` are the ``EffectRunner``'s."""

    look_zone = LOOK_DECK
    selectors: Any
    _decide: Callable[..., None]
    effect_done: Callable[..., None]

    def look_top(self, s, player: int, n: int) -> list:  # pragma: no cover - the game's
        raise NotImplementedError

    def look_move(self, s, ctx: EffectCtx, iid: int, owner: int, to: str, reveal: bool,
                  zone: str = "deck") -> None:  # pragma: no cover - the game's
        raise NotImplementedError

    def look_put(self, s, owner: int, iids: list, where: str) -> None:  # pragma: no cover - the game's
        raise NotImplementedError

    # --- choose_one -------------------------------------------------------------------------------
    def _step_modes(self, s, step: ModeStep) -> None:
        left = [i for i in range(len(step.modes)) if i not in step.chosen]
        need = step.pick - len(step.chosen)
        if need > 0 and len(left) > need:
            self._decide(s, step.controller, "choose_mode", step, source=step.source, count=step.pick,
                         remaining=need, modes_chosen=list(step.chosen), modes=len(step.modes))
            return
        chosen = sorted(step.chosen + tuple(left[:max(0, need)]))  # they resolve in printed order
        for i in reversed(chosen):
            s.steps.append(effect_step(step.controller, step.source, step.modes[i].ops, step.extra))

    def _legal_choose_mode(self, s, p: int, pending: ModeStep) -> list:
        return [MODE[i] for i in range(len(pending.modes)) if i not in pending.chosen]

    def _apply_choose_mode(self, s, p: int, pending: ModeStep, a) -> None:
        """The mode is chosen in view of both players (a ``mode`` event with its label)."""
        i = a.params[0][1]  # (("mode", i),)
        mode = pending.modes[i]
        s.emit("mode", {"player": p, "card": pending.source, "id": s.cards[pending.source].id, "mode": i,
                        "text": mode.text, "text_en": mode.text_en})
        s.steps.append(pending._replace(chosen=pending.chosen + (i,)))

    # --- look -------------------------------------------------------------------------------------
    def _look_matches(self, s, step: LookStep) -> list:
        """The cards looked at, not yet taken, that the ``take`` filter matches (top first)."""
        left = [i for i in step.looked if i not in step.taken]
        flt = step.take.filter if step.take is not None else None
        if flt is None or not flt.tests:
            return left
        objs = {o.iid: o for o in self.selectors.zones[step.zone].cards(s, step.owner)}
        return [i for i in left if i in objs and self.selectors.matches(s, objs[i], flt.tests)]

    def _step_look(self, s, step: LookStep) -> None:
        take = step.take
        if take is not None and len(step.taken) < take.choose and len(step.taken) < len(step.looked):
            # asked even when nothing or too little matches (then "take no more" is offered), so
            # that whether the looker is asked tells the others nothing of the cards
            info: dict[str, Any] = {"source": step.source, "candidates": self._look_matches(s, step),
                                    "remaining": take.choose - len(step.taken), "to": take.to, "whose": step.owner}
            if step.zone != self.look_zone:
                info["zone"] = step.zone
            if take.up_to:
                info["up_to"] = True
            if step.taken:
                info["chosen"] = list(step.taken)
            self._decide(s, step.controller, "look_take", step, **info)
            return
        self._look_finish(s, step)

    def _legal_look_take(self, s, p: int, pending: LookStep) -> list:
        out = [LOOK_TAKE[i] for i in s.decision.info["candidates"]]
        if not out or (pending.take is not None and pending.take.up_to):
            out.append(LOOK_DONE)
        return out

    def _apply_look_take(self, s, p: int, pending: LookStep, a) -> None:
        if a.type == "look_done":
            self._look_finish(s, pending)
            return
        s.steps.append(pending._replace(taken=pending.taken + (a.params[0][1],)))

    def _look_finish(self, s, step: LookStep) -> None:
        """The cards taken go to their zone, then the rest goes back (ordered by the looker)."""
        if step.take is not None:
            self.effect_done(s, bool(step.taken))  # "if you do" after a look that takes: a card was taken
        ctx = EffectCtx(step.controller, step.source, step.extra)
        to = step.take.to if step.take is not None else "hand"
        # (onto a square: a step each, pushed so that the first taken is placed first)
        for iid in reversed(step.taken) if to == "square" else step.taken:
            self.look_move(s, ctx, iid, step.owner, to, step.reveal, step.zone)
        rest = tuple(i for i in step.looked if i not in step.taken)
        if rest and step.zone == self.look_zone:  # (the cards of another zone not taken stay where they are)
            s.steps.append(new_record(OrderStep, ("look_order", step.controller, step.source, step.owner, rest, (),
                                                  step.rest)))

    def _step_look_order(self, s, step: OrderStep) -> None:
        left = [i for i in step.left if i not in step.ordered]
        if step.where in DECK_ENDS and len(left) > 1:  # (copies too: skipping them would tell the others)
            info: dict[str, Any] = {"source": step.source, "candidates": left, "to": step.where, "whose": step.owner}
            if step.ordered:
                info["chosen"] = list(step.ordered)
            self._decide(s, step.controller, "look_order", step, **info)
            return
        cards = list(step.ordered) + left
        self.look_put(s, step.owner, cards, step.where)
        if step.where in DECK_ENDS:
            s.emit("look_rest", {"player": step.controller, "whose": step.owner, "count": len(cards),
                                 "to": step.where})

    def _legal_look_order(self, s, p: int, pending: OrderStep) -> list:
        return [LOOK_ORDER[i] for i in s.decision.info["candidates"]]

    def _apply_look_order(self, s, p: int, pending: OrderStep, a) -> None:
        s.steps.append(pending._replace(ordered=pending.ordered + (a.params[0][1],)))
