"""Effect operations declared in card data, and the registry that validates and binds them.

A card ability lists operations such as ``{op = "draw", amount = 2}``. The engine defines the
generic operations and their parameters once, so every game spells them alike; a game binds a
handler to each generic operation it uses (``implement``) and adds its own (``define``).
Parsing a card checks the operation name, every parameter's type and allowed values, and
reports unknown parameters, so a typo in a card file is an error at load time, never in play."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, NamedTuple, NoReturn, cast

from .action import Action, ActionTable
from .amounts import evaluated, has_amounts, parse_amount
from .amounts import value as amount_value
from .conditions import ConditionGame, holds
from .conditions import parse as parse_condition
from .errors import brief, nearest
from .select import Selector, SelectorError
from .state import new_record

_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true or false", dict: "a table", list: "a list"}

#: the ops a ``target`` decision may be for, in the order every game's observation encoding
#: lists them first (``encode.py``'s ops; a game without one of them never asks for it)
TARGET_OPS = ("add_marker", "damage", "destroy", "heal", "modify", "move", "set_state", "remove_marker")


#: the range of a whole-number parameter that gives no ``min`` / ``max``: effects repeat
#: (draw, mill, call in...) up to this many times, so a typo cannot make a game hang
AMOUNT_MIN = 0
AMOUNT_MAX = 99

#: the ``target`` decision's actions, each built once (``TARGET[iid]``)
TARGET = ActionTable("target", "target")
#: "no more": ends a ``choose = n, up_to = true`` selector's choosing
TARGET_DONE = Action.of("target_done", ())
#: the ``optional`` decision's two actions: do the op (``use`` true) or not
OPTIONAL_YES = Action.of("optional", (("use", True),))
OPTIONAL_NO = Action.of("optional", (("use", False),))
#: the keys every op table may have besides its parameters, in a game whose registry has
#: ``conditions``: ``if`` (a condition), ``if_done`` and ``optional`` (true or false)
OP_FLAGS = ("if", "if_done", "optional")


@dataclass(frozen=True)
class Param:
    """One parameter of an operation. A whole number must lie in ``min``..``max``; a bound not
    given is ``AMOUNT_MIN`` (0) / ``AMOUNT_MAX`` (99)."""

    type: type
    required: bool = False
    default: Any = None
    choices: tuple | None = None
    doc: str = ""
    min: int | None = None
    max: int | None = None
    #: a parser for a table given instead (a selector: ``SelectorSchema.parse``); it gets the
    #: table and raises ``SelectorError`` (engine/select.py) naming the key at fault
    table: Callable[[Mapping], Any] | None = None
    #: a parser for a list given (a cost: engine/costs.py ``parse``); it gets the list and raises
    #: ``SelectorError`` naming the place at fault (``"[0].pay"``)
    items: Callable[[list], Any] | None = None
    #: a parser for a value of ``type`` that holds ops (``choose_one``'s modes: engine/choices.py):
    #: ``nested(value, registry, at)`` gives the parsed value; ``at(message, path)`` raises, with
    #: ``path`` below the parameter (``"[1].effects[0].op"``)
    nested: Callable[[Any, Any, Callable[[str, str], Any]], Any] | None = None

    def bounds(self) -> tuple[int, int]:
        return (AMOUNT_MIN if self.min is None else self.min, AMOUNT_MAX if self.max is None else self.max)


#: The generic operations every game may implement, with their parameters.
GENERIC_OPS: dict[str, dict[str, Param]] = {
    "draw": {"player": Param(str, default="self", doc="whose deck: self or opponent"),
             "amount": Param(int, default=1)},
    "damage": {"target": Param(str, required=True, doc="target selector"),
               "amount": Param(int, required=True)},
    "destroy": {"target": Param(str, required=True)},
    "move": {"target": Param(str, required=True), "to": Param(str, required=True, doc="zone"),
             "position": Param(str, default="top", choices=("top", "bottom"))},
    "modify": {"target": Param(str, required=True), "stat": Param(str, required=True),
               "amount": Param(int, required=True, min=-AMOUNT_MAX, doc="may be negative"),
               "duration": Param(str, default="end_of_turn", choices=("end_of_turn", "static"))},
    "add_marker": {"target": Param(str, required=True), "marker": Param(str, required=True)},
    "remove_marker": {"target": Param(str, required=True), "marker": Param(str, required=True)},
    "search": {"player": Param(str, default="self"), "filter": Param(dict, default=None),
               "to": Param(str, default="hand"), "amount": Param(int, default=1)},
    "shuffle": {"player": Param(str, default="self")},
    "mill": {"player": Param(str, default="opponent"), "amount": Param(int, default=1)},
    "heal": {"target": Param(str, required=True), "amount": Param(int, default=0, doc="0 = all")},
    "set_state": {"target": Param(str, required=True), "state": Param(str, required=True)},
}


class EffectOp:
    """A parsed, validated operation: its name, its arguments and the bound handler; ``cond``
    (``if``: run only while it holds; a parsed condition or None), ``if_done`` (run only if the
    op before it acted), ``optional`` (the controller is asked), ``guard`` (an ability's own
    ``if``, checked when its effects resolve: when it fails the whole effect ends), ``raw``
    (the op's flags as written, for ``to_dict``)."""

    __slots__ = ("name", "args", "handler", "cond", "if_done", "optional", "guard", "raw")

    def __init__(self, name: str, args: dict[str, Any], handler: Callable | None, cond: Any = None,
                 if_done: bool = False, optional: bool = False, guard: bool = False,
                 raw: Mapping[str, Any] | None = None):
        self.name, self.args, self.handler = name, args, handler
        self.cond, self.if_done, self.optional, self.guard = cond, if_done, optional, guard
        self.raw = dict(raw or {})

    def __getitem__(self, key: str) -> Any:
        return self.args[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.name, **self.args, **self.raw}

    def __repr__(self) -> str:
        return f"EffectOp({self.name}, {self.args})"


class OpRegistry:
    """The operations one game understands: generic ones it implements plus its own."""

    def __init__(self, game: str, conditions: ConditionGame | None = None):
        self.game = game
        self._ops: dict[str, tuple[dict[str, Param], Callable]] = {}
        self._checks: dict[str, Callable] = {}
        #: the game's condition words: with them, op tables may carry ``if``, ``if_done`` and
        #: ``optional`` (``OP_FLAGS``); without, those keys are unknown parameters as before
        self.conditions = conditions
        #: the game's trigger declaration (``engine/triggers.py``), when its cards may have
        #: ``kind = "trigger"`` abilities (set by the game after building the registry)
        self.triggers: Any = None
        #: the game's cost parser (``parse(list)``, engine/costs.py), when an ability's ``cost``
        #: may be a list of cost parts (set by the game after building the registry)
        self.costs: Any = None
        #: the game's selector declaration (``engine/select.py``), when a whole-number parameter
        #: may be a "for each" table (``engine/amounts.py``; set by the game)
        self.selectors: Any = None

    def implement(self, name: str, handler: Callable, extra: dict[str, Param] | None = None,
                  **choices: tuple) -> None:
        """Bind ``handler`` to the generic operation ``name``; ``choices`` narrows parameters
        to the values this game understands (e.g. ``target=("self", ...)``); ``extra`` adds
        parameters of this game's own (e.g. a target filter)."""
        if name not in GENERIC_OPS:
            raise KeyError(f"{name!r} is not a generic operation; use define() for game-specific ones")
        params = {**GENERIC_OPS[name], **(extra or {})}
        for pname, values in choices.items():
            params[pname] = replace(params[pname], choices=tuple(values))
        self._ops[name] = (params, handler)

    def define(self, name: str, params: dict[str, Param], handler: Callable,
               check: Callable[[dict, Callable[[str, str], Any]], None] | None = None) -> None:
        """Add a game-specific operation; ``check(args, at)``, if given, checks its parsed
        arguments together (``at(message, key)`` raises naming the parameter)."""
        self._ops[name] = (params, handler)
        if check is not None:
            self._checks[name] = check

    def names(self) -> list[str]:
        return sorted(self._ops)

    def params(self, name: str) -> dict[str, Param]:
        return self._ops[name][0]

    def _parser_for(self, p: Param, value: Any) -> Callable[[Any], Any] | None:
        """How a parameter's table or list value is read: a selector table (``p.table``), a "for
        each" amount for a whole number (engine/amounts.py), a cost list (``p.items``); None: the
        value is a plain one, checked against the parameter's type."""
        if isinstance(value, Mapping):
            if p.table is not None:
                return p.table
            if p.type is int and p.choices is None and self.selectors is not None:
                lo, hi = p.bounds()
                return lambda v: parse_amount(v, self.selectors, lo, hi)
        if isinstance(value, list) and p.items is not None:
            return p.items
        return None

    def parse(self, raw: Any, fail: Callable[[str], NoReturn],
              at: Callable[[str, str], Any] | None = None, first: bool = True) -> EffectOp:
        """Validate one ``{op = ..., ...}`` table; ``fail(message)`` must raise; ``at(message,
        path)`` too, for a problem in the op's ``if`` or in a selector table (``path`` below the
        op: ``".if.count"``, ``".target.zone"``);
        ``first``: the op is its list's first (``if_done`` needs one before it)."""
        if not isinstance(raw, Mapping):
            fail(f"an effect must be a table like {{op = \"draw\", amount = 1}}, got {brief(raw)}")
        name = raw.get("op")
        if not isinstance(name, str) or name not in self._ops:
            fail(f"unknown op {brief(name)}{nearest(name, self.names())} (known: {', '.join(self.names())})")
        params, handler = self._ops[name]
        args: dict[str, Any] = {}
        flags: dict[str, Any] = {}
        for key, value in raw.items():
            if key == "op":
                continue
            if key in OP_FLAGS and self.conditions is not None and key not in params:
                flags[key] = value
                continue
            p = params.get(key)
            if p is None:
                fail(f"op {name!r} has no parameter {brief(key)}{nearest(key, tuple(params))} "
                     f"(known: {', '.join(sorted(params))})")
            parser = self._parser_for(p, value)
            if parser is not None:
                try:
                    args[key] = parser(value)
                except SelectorError as e:
                    self._at(fail, at, e.message, f".{key}{e.path}")  # below the op: ".target.zone", ".cost[0].pay"
                continue
            if not isinstance(value, p.type) or (p.type is int and isinstance(value, bool)):
                fail(f"op {name!r} parameter {key!r} must be {_TYPE_NAMES.get(p.type, p.type.__name__)}, got {brief(value)}")
            if p.nested is not None:
                args[key] = p.nested(value, self, self._below(fail, at, key))
                continue
            if p.choices is not None and value not in p.choices:
                fail(f"op {name!r} parameter {key!r} = {brief(value)} is not one of: {', '.join(map(str, p.choices))}"
                     f"{nearest(value, tuple(map(str, p.choices)))}")
            if p.type is int:
                lo, hi = p.bounds()
                if not lo <= cast(int, value) <= hi:
                    fail(f"op {name!r} parameter {key!r} = {brief(value)} is out of range {lo}..{hi}")
            args[key] = value
        for key, p in params.items():
            if key not in args:
                if p.required:
                    fail(f"op {name!r} needs parameter {key!r}")
                args[key] = p.default
        check = self._checks.get(name)
        if check is not None:
            check(args, lambda m, k: self._below(fail, at, k)(m, ""))
        if has_amounts(args):
            handler = with_amounts(handler)
        if not flags:
            return EffectOp(name, args, handler)
        return self._flagged(name, args, handler, flags, fail, at, first)

    @classmethod
    def _below(cls, fail: Callable[[str], NoReturn], at: Callable[[str, str], Any] | None,
               key: str) -> Callable[[str, str], NoReturn]:
        """``at(message, path)`` for a problem at ``path`` below the op's parameter ``key``."""
        def below(message: str, path: str) -> NoReturn:
            cls._at(fail, at, message, f".{key}{path}")
        return below

    @staticmethod
    def _at(fail: Callable[[str], NoReturn], at: Callable[[str, str], Any] | None, message: str, path: str) -> NoReturn:
        """Fail for a problem at ``path`` below the op (``at`` when given, else ``fail``)."""
        if at is not None:
            at(message, path)
        fail(f"{path[1:]}: {message}")

    def _flagged(self, name: str, args: dict[str, Any], handler: Callable, flags: dict[str, Any],
                 fail: Callable[[str], NoReturn], at: Callable[[str, str], Any] | None,
                 first: bool) -> EffectOp:
        """The op with its ``if`` / ``if_done`` / ``optional`` checked."""
        for key in ("if_done", "optional"):
            if key in flags and not isinstance(flags[key], bool):
                fail(f"op {name!r}: {key} must be true or false, got {brief(flags[key])}")
        if flags.get("if_done") and first:
            fail(f"op {name!r}: if_done = true needs an op before it (\"if you do\" refers to the previous op)")
        cond = None
        if "if" in flags:
            assert self.conditions is not None
            where = at if at is not None else (lambda m, p: fail(f"{p[1:]}: {m}"))
            cond = parse_condition(flags["if"], self.conditions, where, ".if")
        return EffectOp(name, args, handler, cond, bool(flags.get("if_done")), bool(flags.get("optional")),
                        raw=flags)

    def parse_list(self, raw: Any, fail: Callable[[str], Any],
                   at: Callable[[str, str], Any] | None = None) -> tuple[EffectOp, ...]:
        """Each op table of an ability's ``effects``; ``at(message, path)`` (optional) raises for
        a problem inside op ``i``'s ``if``, ``path`` as ``"[i].if.count"``."""
        if not isinstance(raw, list):
            fail(f"effects must be a list of op tables, got {brief(raw)}")
        out = []
        for i, r in enumerate(raw):
            here = (lambda m, p, i=i: at(m, f"[{i}]{p}")) if at is not None else None
            out.append(self.parse(r, fail, here, first=i == 0))
        return tuple(out)


def search_filter(flt: Any) -> Any:
    """A search's ``filter`` as its step keeps it: the old flat table as sorted (key, value) pairs
    (``()`` for none), a selector table (engine/select.py ``old_or_table``) as it is."""
    return flt if isinstance(flt, Selector) else tuple(sorted((flt or {}).items()))


def with_amounts(handler: Callable) -> Callable:
    """``handler`` for an op with "for each" amounts (engine/amounts.py): it gets the op with
    each amount counted when the op resolves (over the rules' ``selectors``)."""
    def run(rules, s, ctx, op, targets):
        args = evaluated(op.args, s, ctx.controller, ctx.source, rules.selectors)
        return handler(rules, s, ctx, EffectOp(op.name, args, handler, op.cond, op.if_done, op.optional, op.guard,
                                               op.raw), targets)
    return run


def guarded(ops: tuple, cond: Any) -> tuple:
    """``ops`` as an ability with the condition ``cond`` (its ``if``) runs them: a first op that
    checks the condition when the effect resolves and ends the effect unless it holds. No
    condition: ``ops`` as they are."""
    if cond is None:
        return ops
    return (EffectOp("if", {}, None, cond, guard=True),) + tuple(ops)


class EffectCtx:
    """Who resolves an effect, from which card, and one game-defined extra (e.g. the attacker)."""

    __slots__ = ("controller", "source", "extra")

    def __init__(self, controller: int, source: int, extra: Any = None):
        self.controller, self.source, self.extra = controller, source, extra


class EffectStep(NamedTuple):
    """The plain-data step that runs ``ops`` (see ``EffectRunner``): a tuple, equal to the
    plain tuple of the same fields (``kind`` = ``"effect"``) that states of earlier versions hold
    (those have no ``done`` / ``accepted``: read them with ``step_done`` / ``step_accepted``)."""
    kind: str
    controller: int
    source: int
    ops: tuple
    #: the next op to run (its place in ``ops``)
    next_op: int
    #: the previous op's targets (for a ``same`` selector)
    last: tuple
    #: what the game passes to the ops (``EffectCtx.extra``)
    extra: Any
    #: the targets already chosen for the op at ``next_op`` (a ``target`` decision), or None
    preset: tuple | None
    #: the op before ``next_op`` acted (on a card, or paid, or found one): for ``if_done``
    done: bool = True
    #: the controller said yes to the ``optional`` op at ``next_op``
    accepted: bool = False


def step_done(step: tuple) -> bool:
    return bool(step[8]) if len(step) > 8 else True


def step_accepted(step: tuple) -> bool:
    return bool(step[9]) if len(step) > 9 else False


class TargetPending(NamedTuple):
    """The pending data of a ``target`` decision: where the effect stopped."""
    controller: int
    source: int
    ops: tuple
    next_op: int
    last: tuple
    extra: Any


class TargetPicks(NamedTuple):
    """The pending data of a ``target`` decision of a selector table choosing several cards
    (``choose = n``, ``up_to``): where the effect stopped and the instance ids ``picked`` so far."""
    controller: int
    source: int
    ops: tuple
    next_op: int
    last: tuple
    extra: Any
    picked: tuple


class OptionalPending(NamedTuple):
    """The pending data of an ``optional`` decision: where the effect stopped (the op at
    ``next_op`` is the one asked about) and whether the op before it acted."""
    controller: int
    source: int
    ops: tuple
    next_op: int
    last: tuple
    extra: Any
    done: bool


def random_pick(rng, items: list, n: int) -> list:
    """``n`` of ``items`` (all when fewer) at random, in their order."""
    if n >= len(items):
        return list(items)
    pool = list(range(len(items)))
    take = sorted(pool.pop(rng.below(len(pool))) for _ in range(n))
    return [items[i] for i in take]


def effect_step(controller: int, source: int, ops: tuple, extra: Any = None) -> EffectStep:
    """The step that runs ``ops`` from the first (see ``EffectRunner``)."""
    return new_record(EffectStep, ("effect", controller, source, ops, 0, (), extra, None))


def _resume(c: int, source: int, ops: tuple, idx: int, last: tuple, extra: Any, preset: tuple | None,
            done: bool = True, accepted: bool = False) -> EffectStep:
    """An effect step going on at op ``idx``: the plain 8 fields while ``done`` and ``accepted``
    are their defaults (as every effect without conditions has them), else all 10."""
    if done and not accepted:
        return new_record(EffectStep, ("effect", c, source, ops, idx, last, extra, preset))
    return new_record(EffectStep, ("effect", c, source, ops, idx, last, extra, preset, done, accepted))


def player_of(ctx: EffectCtx, who: str) -> int:
    """The player an op's ``player`` parameter names: ``"self"`` is the effect's controller,
    anything else (``"opponent"``) the other player."""
    return ctx.controller if who == "self" else 1 - ctx.controller


def draw_op(draw: Callable[[Any, int, int], Any]) -> Callable:
    """The ``draw`` op handler of a game whose ``draw(state, player, n)`` draws cards."""
    def op_draw(rules, s, ctx, op, targets):
        draw(s, player_of(ctx, op["player"]), op["amount"])
    return op_draw


def damage_op(check: Callable[[Any], Any]) -> Callable:
    """The ``damage`` op handler of a game whose units count damage (``unit.damage``): each
    target takes ``amount`` (a ``damage`` event each), then ``check(state)`` removes the dead."""
    def op_damage(rules, s, ctx, op, targets):
        for u in targets:
            u.damage += op["amount"]
            s.emit("damage", {"card": u.iid, "amount": op["amount"], "total": u.damage})
        check(s)
    return op_damage


def mill_op(mill: Callable[[Any, int, int], Any]) -> Callable:
    """The ``mill`` op handler of a game whose ``mill(state, player, n)`` mills cards."""
    def op_mill(rules, s, ctx, op, targets):
        mill(s, player_of(ctx, op["player"]), op["amount"])
    return op_mill


def modify_op(stat_fields: Mapping[str, str], check: Callable[[Any], Any] | None = None) -> Callable:
    """The ``modify`` op handler of a game whose units keep each stat's modifier in a field
    (``stat_fields``: stat -> field): each target's field grows by ``amount`` (a ``modify``
    event each), then ``check(state)``, if given, removes the dead."""
    def op_modify(rules, s, ctx, op, targets):
        field = stat_fields[op["stat"]]
        for u in targets:
            setattr(u, field, getattr(u, field) + op["amount"])
            s.emit("modify", {"card": u.iid, "stat": op["stat"], "amount": op["amount"]})
        if check is not None:
            check(s)
    return op_modify


def move_params(table: Callable[..., Any], **more: Param) -> dict[str, Param]:
    """The parameters of a game's ``move`` op besides those the engine gives every op: its
    ``target`` (a selector name, or a table that ``table`` accepts), ``shuffle`` (to = deck: then
    shuffle that deck) and the game's ``more``."""
    return {"target": Param(str, required=True, doc="target selector", table=table),
            "shuffle": Param(bool, default=False, doc="to = deck: then shuffle that deck"), **more}


def op_heal(rules, s, ctx, op, targets):
    """The ``heal`` op of a game whose units count damage: ``amount`` of it goes (0: all)."""
    for u in targets:
        u.damage = 0 if op["amount"] == 0 else max(0, u.damage - op["amount"])
        s.emit("heal", {"card": u.iid, "damage": u.damage})


def op_shuffle(rules, s, ctx, op, targets):
    """The ``shuffle`` op: the named player's deck is shuffled (a ``shuffle`` event)."""
    shuffle_decks(s, (player_of(ctx, op["player"]),))


def shuffle_decks(s, players, **told: Any) -> None:
    """Each of ``players``' decks is shuffled with the state's seeded generator, a ``shuffle`` event
    each (``told``: more fields of the event)."""
    for p in players:
        s.rng.shuffle(s.players[p].deck)
        s.emit("shuffle", {"player": p, **told})


class EffectRunner:
    """Mixin for a ``Ruleset``: runs effect steps op by op. A target selector starting with
    ``choose_`` opens a ``target`` decision when it has several candidates (one is taken
    without asking; none skips the op); ``same`` reuses the previous op's targets. A selector
    table (engine/select.py) with ``choose = n`` asks one card at a time (``TargetPicks``) until
    n are chosen, or the player is done (``target_done``, with ``up_to``); n or fewer candidates
    without ``up_to`` are all taken without asking; among cards of a zone hidden from others
    (a hand) the decision is ``target_hidden`` (a secret kind); ``random = n`` picks with the
    state's seeded generator, ``all = true`` takes every match. With ``chooser = "opponent"``
    the decisions go to the controller's opponent (their info names the ``controller``); a
    "for each" ``choose`` / ``random`` (engine/amounts.py) is counted when the op's turn comes. An op that
    pushes rule flow (a search, player damage...) is resumed after that flow.

    Conditions (``engine/conditions.py``; only in a game whose ``conditions`` are set): an op
    with ``if`` is skipped unless its condition holds when its turn comes; an ability's own
    ``if`` (a ``guarded`` first op) ends the effect unless it holds; an op with ``if_done`` runs
    only if the op before it acted — it had targets, or its handler did not return False, or
    the flow it pushed reported so (``effect_done``); a skipped op has not acted. An op with
    ``optional`` opens an ``optional`` decision (yes / no) for the controller first, unless it
    has no target to act on or cannot act (``effect_can_act``): then it is skipped without asking.

    The game provides ``effect_candidates(s, ctx, selector, op)`` and ``effect_select(s, ctx,
    selector, last, op)`` (objects with an ``iid``, or card iids), ``effect_target(s, iid)``
    (the object for a chosen iid, or None if gone), ``after_op(s)`` (state checks) and
    ``_decide(s, player, kind, pending, **info)``."""

    # the hooks, declared for the type checker only (no value here: the game's, or the
    # ``StepRuleset``'s after this mixin in the method order, are the ones found)
    effect_candidates: Callable[..., list]
    effect_select: Callable[..., list]
    effect_target: Callable[[Any, int], Any]
    after_op: Callable[[Any], None]
    _decide: Callable[..., None]
    #: the game's condition words (``engine/conditions.py``), or None: no conditions
    conditions: ConditionGame | None = None

    def effect_holds(self, s, ctx: EffectCtx, cond: Any) -> bool:
        """Whether a parsed condition holds now for ``ctx``."""
        return cond is None or holds(s, ctx, cond, cast(ConditionGame, self.conditions))

    def _step_effect(self, s, step: EffectStep) -> None:
        c, source, ops, extra = step.controller, step.source, step.ops, step.extra
        idx, last, preset = step.next_op, step.last, step.preset  # (the loop below moves them on)
        done, accepted = step_done(step), step_accepted(step)
        ctx = EffectCtx(c, source, extra)
        steps = s.steps
        while idx < len(ops):
            op = ops[idx]
            sel = op.args.get("target")
            # --- conditions: if / if_done / optional (engine/conditions.py) ---
            if preset is None and (op.cond is not None or op.if_done or op.optional):
                if op.guard and not op.optional:
                    if not self.effect_holds(s, ctx, op.cond):
                        return  # the ability's own "if": nothing of it happens
                    idx += 1
                    continue
                if (op.if_done and not done) or not self.effect_holds(s, ctx, op.cond):
                    idx, done = idx + 1, False
                    continue
                if op.optional and not accepted:
                    if sel is not None and not self._has_targets(s, ctx, sel, last, op):
                        idx, done, last = idx + 1, False, ()
                        continue
                    if not self.effect_can_act(s, ctx, op):
                        idx, done = idx + 1, False
                        continue
                    self._decide(s, c, "optional", new_record(OptionalPending, (c, source, ops, idx, last, extra, done)),
                                 source=source, op=op.name)
                    return
            accepted = False
            # --- the op itself ---
            if preset is not None:
                targets = self.effect_targets(s, preset)
                preset = None
            elif sel is None:
                targets = []
            elif isinstance(sel, Selector):
                if sel.amount is not None:  # "as many as ...": counted now
                    ops, op, sel = self._counted(s, ctx, ops, idx)
                    if sel is None:
                        idx, last, done = idx + 1, (), False
                        continue
                if sel.choose:
                    cands = self.effect_candidates(s, ctx, sel, op)
                    if cands and (sel.up_to or len(cands) > sel.choose):
                        self._ask_targets(s, new_record(TargetPicks, (c, source, ops, idx, last, extra, ())),
                                          sel, op, cands)
                        return
                    targets = cands
                else:
                    targets = self.effect_select(s, ctx, sel, last, op)
                    if sel.random:
                        targets = random_pick(s.rng, targets, sel.random)
            elif sel.startswith("choose_"):
                cands = self.effect_candidates(s, ctx, sel, op)
                if not cands:
                    idx += 1
                    last = ()  # a following "same" has nothing to act on
                    done = False
                    continue
                if len(cands) > 1:
                    self._decide(s, c, "target", new_record(TargetPending, (c, source, ops, idx, last, extra)),
                                 source=source, op=op.name, candidates=[u.iid for u in cands])
                    return
                targets = cands
            else:
                targets = self.effect_select(s, ctx, sel, last, op)
            if not targets and sel is not None:
                idx += 1
                last = ()
                done = False
                continue
            depth = len(steps)
            acted = op.handler(self, s, ctx, op, targets)
            done = acted is not False
            self.after_op(s)
            if s.over:
                return
            if sel is not None:
                last = tuple(t.iid for t in targets if hasattr(t, "iid"))
            idx += 1
            if len(steps) != depth:  # the op pushed rule flow: resume after it
                steps.insert(depth, _resume(c, source, ops, idx, last, extra, None, done))
                return

    def _counted(self, s, ctx: EffectCtx, ops: tuple, idx: int) -> tuple:
        """``ops`` with op ``idx``'s selector counted: its ``choose`` / ``random`` "for each"
        (engine/amounts.py) replaced by the number now; (ops, that op, its selector), the
        selector None when the number is 0 (the op has nothing to act on)."""
        op = ops[idx]
        sel = op.args["target"]
        n = amount_value(sel.amount, s, ctx.controller, ctx.source, self.selectors)
        if n <= 0:
            return ops, op, None
        sel = replace(sel, choose=n if sel.choose else 0, random=n if sel.random else 0, amount=None)
        op = EffectOp(op.name, {**op.args, "target": sel}, op.handler, op.cond, op.if_done, op.optional, op.guard,
                      op.raw)
        return ops[:idx] + (op,) + ops[idx + 1:], op, sel

    def effect_can_act(self, s, ctx: EffectCtx, op: EffectOp) -> bool:
        """Whether an op without a target could do anything now (a game's own hook: an optional
        op that cannot act is skipped without asking). By default it can."""
        return True

    def _has_targets(self, s, ctx: EffectCtx, sel: "str | Selector", last: tuple, op: EffectOp) -> bool:
        if isinstance(sel, Selector):
            return bool(self.effect_candidates(s, ctx, sel, op) if sel.choose else self.effect_select(s, ctx, sel, last, op))
        if sel.startswith("choose_"):
            return bool(self.effect_candidates(s, ctx, sel, op))
        return bool(self.effect_select(s, ctx, sel, last, op))

    def effect_done(self, s, acted: bool) -> None:
        """A flow an op pushed (a search, a card to pick) tells the effect waiting under it
        whether the op acted, for a following ``if_done``: the effect step on top of the stack
        (the one the op's flow returns to) gets ``done = acted``. Nothing else is changed."""
        steps = s.steps
        if steps and steps[-1][0] == "effect":
            st = steps[-1]
            steps[-1] = _resume(st[1], st[2], st[3], st[4], st[5], st[6], st[7], acted, step_accepted(st))

    def effect_targets(self, s, iids) -> list:
        """The objects (``effect_target``) of these instance ids that are still there; a
        negative id (no card) has none."""
        out = []
        for i in iids:
            if i >= 0:
                t = self.effect_target(s, i)
                if t is not None:
                    out.append(t)
        return out

    def _legal_target(self, s, p: int, pending: Any) -> list:
        out = [TARGET[i] for i in s.decision.info["candidates"]]
        if s.decision.info.get("up_to"):
            out.append(TARGET_DONE)
        return out

    def _apply_target(self, s, p: int, pending: TargetPending | TargetPicks, a) -> None:
        if isinstance(pending, TargetPicks):
            self._apply_picks(s, pending, a)
            return
        s.steps.append(_resume(*pending, (a.params[0][1],)))  # (a.target,)

    #: a choice among cards only their owner may see (a selector over the hand): the same
    #: actions, a decision kind whose candidates the other players are not shown
    _legal_target_hidden = _legal_target

    def _apply_target_hidden(self, s, p: int, pending: TargetPicks, a) -> None:
        self._apply_picks(s, pending, a)

    #: the game's selector declaration (engine/select.py), when its cards may use tables
    selectors: Any = None

    def _ask_targets(self, s, pending: TargetPicks, sel: Selector, op, cands: list) -> None:
        """Open the decision for the next card of a ``choose = n`` selector: a ``target``
        action per candidate, ``target_done`` too with ``up_to``."""
        hidden = self.selectors is not None and self.selectors.zones[sel.zone].hidden != "none"
        info: dict[str, Any] = {"source": pending.source, "op": op.name, "candidates": [u.iid for u in cands],
                                "remaining": sel.choose - len(pending.picked)}
        if isinstance(op.args.get("to"), str):  # where the cards go (a move's destination)
            info["to"] = op.args["to"]
        if sel.up_to:
            info["up_to"] = True
        if pending.picked:
            info["chosen"] = list(pending.picked)
        chooser = pending.controller
        if sel.chooser == "opponent":  # 「相手は…を選ぶ」: the decision goes to the other seat
            chooser = 1 - chooser
            info["controller"] = pending.controller
        self._decide(s, chooser, "target_hidden" if hidden else "target", pending, **info)

    def _apply_picks(self, s, pending: TargetPicks, a) -> None:
        op = pending.ops[pending.next_op]
        sel = op.args["target"]
        picked = pending.picked
        if a.type != "target_done":
            picked = picked + (a.params[0][1],)
            if len(picked) < sel.choose:
                ctx = EffectCtx(pending.controller, pending.source, pending.extra)
                cands = [u for u in self.effect_candidates(s, ctx, sel, op) if u.iid not in picked]
                if cands:
                    if sel.up_to or len(cands) > sel.choose - len(picked):
                        self._ask_targets(s, pending._replace(picked=picked), sel, op, cands)
                        return
                    picked = picked + tuple(u.iid for u in cands)
        s.steps.append(_resume(pending.controller, pending.source, pending.ops, pending.next_op, pending.last,
                               pending.extra, picked))

    def _legal_optional(self, s, p: int, pending: OptionalPending) -> list:
        return [OPTIONAL_YES, OPTIONAL_NO]

    def _apply_optional(self, s, p: int, pending: OptionalPending, a) -> None:
        """Yes: the op runs (its checks already made); no: it is skipped and has not acted. An
        ``optional`` event tells both players the answer."""
        c, source, ops, idx, last, extra, done = pending
        use = bool(a.params[0][1])  # (("use", bool),)
        s.emit("optional", {"player": p, "card": source, "op": ops[idx].name, "use": use})
        if use:
            s.steps.append(_resume(c, source, ops, idx, last, extra, None, done, True))
        elif ops[idx].guard:  # a whole ability asked about (an optional trigger): nothing of it
            return
        else:
            s.steps.append(_resume(c, source, ops, idx + 1, last, extra, None, False))
