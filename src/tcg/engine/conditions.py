"""Conditions on abilities and effect operations: a small expression language of TOML tables.

A condition is a table, never a string to parse::

    {count = {zone = "trash", side = "own"}, at_least = 7}     # 7+ cards in your trash
    {count = "all_opponent_zx", at_most = 1}                   # an old target string, counted
    {compare = "life", own = "<", opponent = true}             # fewer life cards than the opponent
    {compare = "hand", opponent = ">=", value = 5}             # the opponent holds 5+ cards
    {turn = "own"}  {turn = "opponent"}
    {phase = "main"}
    {all = [...]}  {any = [...]}  {not = {...}}

The engine knows the shapes; each game declares (``ConditionGame``) the words it understands —
its zones (and which are hidden), its per-player numbers, its phases, the target strings that
may be counted, the filter keys of a count — and how to count (``count_cards``). The engine
imports no game.

``parse(raw, game, fail)`` checks a table at load time and gives the parsed condition (nested
tuples: hashable, cheap to keep in a state); ``fail(message, path)`` must raise, with ``path``
the field path below the condition (``".count"``, ``".all[1].turn"``). A misspelt word gets the
nearest valid one ("did you mean"). ``holds(state, ctx, cond, game)`` evaluates it.

Hidden information: counting the cards of a hidden zone (a hand, a deck, face-down life) is
allowed — how many there are is public — but a count that names properties of the cards
(a ``filter``) in a hidden zone would tell what they are, so it is rejected at load time."""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from .amounts import counted_cards
from .errors import brief
from .errors import nearest as _nearest
from .select import SelectorError

#: ``fail(message, path)``: raises (a card-data error naming the field path)
Fail = Callable[[str, str], Any]

#: the comparison operators a ``compare`` condition may use
OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": operator.ne}
SIDES = ("own", "opponent", "either")
#: the keys of each condition shape (the first one names the shape)
SHAPES: dict[str, tuple[str, ...]] = {
    "count": ("count", "at_least", "at_most"),
    "compare": ("compare", "own", "opponent", "value"),
    "turn": ("turn",),
    "phase": ("phase",),
    "all": ("all",),
    "any": ("any",),
    "not": ("not",),
}
#: how deep ``all`` / ``any`` / ``not`` may nest (a card is not a program)
MAX_DEPTH = 8


class Counted(NamedTuple):
    """A count's selector table (``sel``, no count of its own) and the game's ``SelectorSchema``
    that finds its cards (kept with it: a condition is evaluated with whatever ``ConditionGame``
    the rules hold)."""
    sel: Any
    schema: Any


class Count(NamedTuple):
    """``{count = what, at_least, at_most}``: ``what`` a target string or a ``Zone``."""
    what: Any
    at_least: int | None
    at_most: int | None


class Zone(NamedTuple):
    """``{zone, side, filter}`` inside a count: the cards of that zone of that side (``filter``:
    sorted (key, value) pairs, or ())."""
    zone: str
    side: str
    filter: tuple


class Compare(NamedTuple):
    """``{compare = number, own|opponent = op, opponent = true | value = n}``: ``left`` is the
    side whose number stands left of ``op``; ``value`` None compares with the other side's."""
    number: str
    left: str
    op: str
    value: int | None


class Turn(NamedTuple):
    whose: str


class Phase(NamedTuple):
    phase: str


class All(NamedTuple):
    parts: tuple


class AnyOf(NamedTuple):
    parts: tuple


class Not(NamedTuple):
    part: Any


@dataclass(frozen=True)
class ConditionGame:
    """What a game declares so that its cards may carry conditions.

    ``zones``: zone name -> hidden (a count may name it; a hidden one only without a filter);
    ``numbers``: per-player number name -> ``f(state, player)``; ``phases``: the phase words
    (``in_phase(state, phase)`` tells whether the game is in one); ``targets``: the old target
    strings a count may name; ``filter_keys``: the keys a count's ``filter`` may use (key -> type);
    ``count_cards(state, ctx, what)``: how many cards ``what`` (a target string or a ``Zone``)
    names now; ``active(state)``: whose turn it is."""

    zones: Mapping[str, bool]
    numbers: Mapping[str, Callable[[Any, int], int]]
    phases: tuple[str, ...]
    targets: tuple[str, ...]
    count_cards: Callable[[Any, Any, Any], int]
    active: Callable[[Any], int]
    in_phase: Callable[[Any, str], bool]
    filter_keys: Mapping[str, type] = field(default_factory=dict)
    #: check a filter value the game knows more about (e.g. a colour): message or None
    check_filter: Callable[[str, Any], str | None] | None = None
    #: the game's ``SelectorSchema``: a count may then be a selector table of its own (the same
    #: table as a "for each" amount counts: its zones, its card properties, ``other``)
    selectors: Any = None


def nearest(word: Any, known: Any) -> str:
    """`` (did you mean 'x'?)`` for the closest known word (a stricter match than elsewhere)."""
    return _nearest(word, known, cutoff=0.6)


def _unknown(what: str, word: Any, known: Any) -> str:
    return f"unknown {what} {brief(word)}{nearest(word, known)} (known: {', '.join(map(str, known))})"


def parse(raw: Any, game: ConditionGame, fail: Fail, path: str = "",
          depth: int = 0) -> Any:
    """The condition table ``raw`` checked and parsed (see the module docstring); ``fail(message,
    path)`` raises, ``path`` the place below the condition (``".count"``)."""
    if depth > MAX_DEPTH:
        fail(f"conditions nest at most {MAX_DEPTH} deep", path)
    if not isinstance(raw, Mapping) or not raw:
        fail(f"a condition is a table such as {{turn = \"own\"}} or "
             f"{{count = {{zone = \"trash\", side = \"own\"}}, at_least = 7}}, got {brief(raw)}", path)
    shape = next((k for k in SHAPES if k in raw), None)
    if shape is None:
        first = next(iter(raw))
        fail(_unknown("condition", first, SHAPES), f"{path}.{first}")
    assert shape is not None  # (fail raises)
    for key in raw:
        if key not in SHAPES[shape]:
            others = [k for k in SHAPES if k in raw and k != shape]
            if others:
                fail(f"one condition per table: {shape!r} and {others[0]!r} — combine them with "
                     f"all = [...] or any = [...]", f"{path}.{key}")
            fail(f"a {shape!r} condition has no key {brief(key)}{nearest(key, SHAPES[shape])} "
                 f"(known: {', '.join(SHAPES[shape])})", f"{path}.{key}")
    here = f"{path}.{shape}"
    value = raw[shape]
    if shape == "count":
        what = _what(value, game, fail, here)
        lo, hi = (_whole(raw.get(k), fail, f"{path}.{k}") for k in ("at_least", "at_most"))
        if lo is None and hi is None:
            fail("a count needs at_least or at_most (or both)", here)
        return Count(what, lo, hi)
    if shape == "compare":
        if value not in game.numbers:
            fail(_unknown("number", value, game.numbers), here)
        sides = [k for k in ("own", "opponent") if isinstance(raw.get(k), str)]
        if len(sides) != 1:
            fail("say which side's number is compared: own = \"<\" (your number < ...) or "
                 "opponent = \">=\" (theirs >= ...)", here)
        left = sides[0]
        op = raw[left]
        if op not in OPERATORS:
            fail(_unknown("comparison", op, OPERATORS), f"{path}.{left}")
        other = "opponent" if left == "own" else "own"
        against = raw.get(other)
        if "value" in raw:
            if against is not None:
                fail(f"compare with the other side ({other} = true) or with a value, not both", f"{path}.value")
            return Compare(value, left, op, _whole(raw["value"], fail, f"{path}.value"))
        if against is not True:
            fail(f"compare with the other side ({other} = true) or with a number (value = n)", f"{path}.{other}")
        return Compare(value, left, op, None)
    if shape == "turn":
        if value not in ("own", "opponent"):
            fail(_unknown("turn", value, ("own", "opponent")), here)
        return Turn(value)
    if shape == "phase":
        if value not in game.phases:
            fail(_unknown("phase", value, game.phases), here)
        return Phase(value)
    if shape == "not":
        return Not(parse(value, game, fail, here, depth + 1))
    if not isinstance(value, list) or not value:
        fail(f"{shape} takes a non-empty list of conditions, got {brief(value)}", here)
    parts = tuple(parse(v, game, fail, f"{here}[{i}]", depth + 1) for i, v in enumerate(value))
    return All(parts) if shape == "all" else AnyOf(parts)


def _whole(v: Any, fail: Fail, path: str) -> int | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 99:
        fail(f"must be a whole number 0..99, got {brief(v)}", path)
    return v


def _what(value: Any, game: ConditionGame, fail: Fail, path: str) -> Any:
    """What a count counts: a target string of the game's, or a ``{zone, side, filter}`` table."""
    if isinstance(value, str):
        if value not in game.targets:
            fail(_unknown("target to count", value, game.targets), path)
        return value
    if not isinstance(value, Mapping):
        fail(f"count a target ({', '.join(game.targets)}) or a zone table such as "
             f"{{zone = \"trash\", side = \"own\"}}, got {brief(value)}", path)
    if game.selectors is not None and any(k not in ("zone", "side", "filter") for k in value):
        try:  # a selector table: "a Z/X with 'Knight' in its name on a square of yours"
            return Counted(counted_cards(value, game.selectors, "a condition"), game.selectors)
        except SelectorError as e:
            fail(e.message, path + e.path)
    for key in value:
        if key not in ("zone", "side", "filter"):
            fail(f"a zone table has no key {brief(key)}{nearest(key, ('zone', 'side', 'filter'))} "
                 f"(known: zone, side, filter)", f"{path}.{key}")
    zone = value.get("zone")
    if not isinstance(zone, str) or zone not in game.zones:
        fail(_unknown("zone", zone, game.zones), f"{path}.zone")
    side = value.get("side", "own")
    if side not in SIDES:
        fail(_unknown("side", side, SIDES), f"{path}.side")
    flt = value.get("filter")
    pairs: tuple = ()
    if flt is not None:
        if not isinstance(flt, Mapping) or not flt:
            fail(f"filter is a table such as {{color = \"red\"}}, got {brief(flt)}", f"{path}.filter")
        if game.zones[zone]:
            fail(f"the {zone} is hidden: a condition may count its cards but not name what they are "
                 f"(that would reveal them); drop the filter", f"{path}.filter")
        for k, v in flt.items():
            want = game.filter_keys.get(k)
            if want is None:
                fail(_unknown("filter key", k, game.filter_keys), f"{path}.filter.{k}")
            assert want is not None  # (fail raises)
            if not isinstance(v, want) or (isinstance(v, bool) and want is not bool):
                fail(f"filter {k!r} = {brief(v)} has the wrong type", f"{path}.filter.{k}")
            problem = game.check_filter(k, v) if game.check_filter is not None else None
            if problem:
                fail(problem, f"{path}.filter.{k}")
        pairs = tuple(sorted(flt.items()))
    return Zone(zone, side, pairs)


def holds(state: Any, ctx: Any, cond: Any, game: ConditionGame) -> bool:
    """Whether the parsed condition ``cond`` holds now for the effect context ``ctx`` (its
    ``controller`` is "own"). None (no condition) holds."""
    if cond is None:
        return True
    t = type(cond)
    if t is Count:
        what = cond.what
        n = len(what.schema.candidates(state, ctx.controller, ctx.source, what.sel)) if type(what) is Counted \
            else game.count_cards(state, ctx, what)
        return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)
    if t is Compare:
        f = game.numbers[cond.number]
        me = ctx.controller
        a = f(state, me if cond.left == "own" else 1 - me)
        b = cond.value if cond.value is not None else f(state, 1 - me if cond.left == "own" else me)
        return OPERATORS[cond.op](a, b)
    if t is Turn:
        return (game.active(state) == ctx.controller) == (cond.whose == "own")
    if t is Phase:
        return game.in_phase(state, cond.phase)
    if t is All:
        return all(holds(state, ctx, c, game) for c in cond.parts)
    if t is AnyOf:
        return any(holds(state, ctx, c, game) for c in cond.parts)
    if t is Not:
        return not holds(state, ctx, cond.part, game)
    raise TypeError(f"not a parsed condition: {cond!r}")


def sides_of(side: str, controller: int) -> tuple[int, ...]:
    """The players a zone table's ``side`` names for the controller."""
    return (controller,) if side == "own" else (1 - controller,) if side == "opponent" else (0, 1)


def filter_choices(choices: Mapping[str, Sequence[Any]]) -> Callable[[str, Any], str | None]:
    """A ``ConditionGame.check_filter``: a count filter's key of ``choices`` takes one of its
    values (any other key passes)."""
    def check(key: str, value: Any) -> str | None:
        allowed = choices.get(key)
        if allowed is not None and value not in allowed:
            return f"filter {key} = {value!r} is not one of: {', '.join(map(str, allowed))}"
        return None
    return check


def count_in_zone(s: Any, controller: int, what: Zone, cards: Callable[[Any, int, str], list[int]],
                  field: str = "", on_field: Callable[[Any, int, tuple], int] | None = None) -> int:
    """How many cards a ``Zone`` count names now: those of ``cards(s, player, zone)`` on the sides
    it names whose printed fields have the values of its filter; in the game's ``field`` zone (its
    cards read otherwise), ``on_field(s, player, filter)`` of them."""
    n = 0
    for p in sides_of(what.side, controller):
        if what.zone == field and on_field is not None:
            n += on_field(s, p, what.filter)
            continue
        pile = cards(s, p, what.zone)
        if what.filter:
            n += sum(1 for i in pile if all(getattr(s.cards[i], k, None) == v for k, v in what.filter))
        else:
            n += len(pile)
    return n
