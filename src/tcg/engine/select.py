"""Selectors: which cards an effect acts on, written as a table in a card file.

A target in a card file is either a game's preset name (``"choose_opponent_zx"``...) or a table::

    target = {choose = 2, up_to = true, zone = "board", side = "opponent",
              kind = "zx", cost = {max = 2}, square = "normal"}

This module is game-agnostic: a game **declares** what a selector may name (``SelectorSchema``):
its zones (name -> how to list one side's cards there, and who may not see them) and its card
properties (name -> how to read a card's value, what values it takes). ``SelectorSchema.parse``
checks a table at card-load time (unknown keys and values are errors naming the field path and
the nearest valid word); ``SelectorSchema.candidates`` lists the cards a parsed ``Selector``
matches in a state. The count (``choose`` / ``up_to`` / ``all`` / ``random``) is read by the
effect runner (``engine/effects.py``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Mapping, NamedTuple, NoReturn, Sequence

from .errors import brief, nearest

#: the sides a selector may name, from the effect's controller's point of view
SIDES = ("own", "opponent", "either")
#: the keys every selector understands (the game's properties come on top)
BASE_KEYS = ("zone", "side", "choose", "up_to", "all", "random", "other", "chooser", "holder")
#: who chooses the cards of a ``choose = n`` selector: the effect's controller (the default) or
#: their opponent (「相手は自分の…を選ぶ」)
CHOOSERS = ("controller", "opponent")
#: a count's range (``choose = n``, ``random = n``)
COUNT_MAX = 99


class Loose(NamedTuple):
    """A card that is not a unit on a game's board, as an effect's or a filter's object: its
    instance id, its owner and the zone it is in (a pile, or a game's zone off the board; each
    game's ``locate`` says which). The card properties a game declares read it as they read a
    unit; a property whose ``Prop.zones`` leaves that zone out does not apply to it."""
    iid: int
    owner: int
    zone: str


def pile(zone: str, attr: str | None = None) -> Callable[[Any, int], list]:
    """A ``Zone``'s cards of a pile: each card of player p's list ``attr`` (the zone's own name
    unless given) as a ``Loose`` in ``zone``."""
    field = attr or zone

    def cards(s: Any, p: int) -> list:
        return [Loose(i, p, zone) for i in getattr(s.players[p], field)]
    return cards


def card_of(s: Any, x: Any) -> Any:
    """The card a found object (a ``Loose`` or a game's unit) stands for: ``s.cards[x.iid]``."""
    return s.cards[x.iid]


def names_of(s: Any, x: Any) -> tuple:
    """The names a ``name`` test matches: the card's, and its English name when it has one."""
    c = s.cards[x.iid]
    return (c.name, c.name_en) if c.name_en else (c.name,)


class SelectorError(ValueError):
    """A selector table that does not parse: ``path`` is the key it is about (``""``: the table
    itself, ``".zone"``, ``".cost.max"``...), ``message`` what is wrong."""

    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path, self.message = path, message




@dataclass(frozen=True)
class Zone:
    """A zone a selector may name. ``cards(state, player)`` lists that player's cards there (the
    objects effects act on: each has an ``iid``); ``hidden``: who may not look at them —
    ``"none"`` (public), ``"opponent"`` (a hand: its owner sees it), ``"all"`` (a deck, face-down
    life). Cards in a zone the chooser may not see can be taken ``all`` or at ``random``, never
    chosen, and a random pick among them may not test their properties. ``holder(state, obj)``:
    for a zone of cards held under a card (Z/X force, the cards under a Shironeko character), the
    instance id of the card they are under; a selector of such a zone may say ``holder = "self"``
    (only the cards under this very card)."""

    cards: Callable[[Any, int], list]
    hidden: str = "none"
    holder: Callable[[Any, Any], int] | None = None


def pile_zones(hidden: Mapping[str, str]) -> dict[str, Zone]:
    """The ``Zone`` of each of the players' piles in ``hidden`` (the pile's name, also the
    player's list holding it -> who may not look at it, ``Zone.hidden``), in that order."""
    return {name: Zone(pile(name), hidden=who) for name, who in hidden.items()}


@dataclass(frozen=True)
class Prop:
    """A card property a selector may test. ``type``: ``"enum"`` (one of ``choices``; a list in
    the file matches any of them), ``"text"`` (a string, or ``{eq = ..}`` / ``{contains = ..}``;
    a list matches any), ``"number"`` (a whole number, or ``{min, max, eq}``; ``printed = true``
    reads the printed value instead of the current one), ``"flag"`` (``true`` / ``false``).
    ``read(state, obj)`` gives the value now (for ``many``: a tuple of values, any of which may
    match), ``printed(state, obj)`` the printed value when it can differ; ``zones``: the only
    zones where the property means something (None: everywhere)."""

    type: str
    read: Callable[[Any, Any], Any]
    choices: tuple[str, ...] | None = None
    many: bool = False
    printed: Callable[[Any, Any], Any] | None = None
    zones: tuple[str, ...] | None = None
    doc: str = ""


@dataclass(frozen=True)
class Test:
    """One property test of a selector: ``op`` is ``eq`` (``values``: any of them), ``contains``
    (``values``: any substring), ``range`` (``lo``..``hi``) or ``flag`` (``values[0]``);
    ``printed``: read the printed number."""

    prop: str
    op: str
    values: tuple = ()
    lo: int | None = None
    hi: int | None = None
    printed: bool = False


@dataclass(frozen=True)
class Selector:
    """A parsed selector table (immutable, hashable: it lives in the ops of a card)."""

    zone: str
    side: str = "either"
    tests: tuple[Test, ...] = ()
    other: bool = False
    choose: int = 0
    up_to: bool = False
    all: bool = False
    random: int = 0
    #: who chooses (``CHOOSERS``): the controller, or their opponent
    chooser: str = "controller"
    #: a "for each" count (engine/amounts.py) given for ``choose`` or ``random``: counted when the
    #: op resolves (``choose`` / ``random`` hold 1 until then), or None
    amount: Any = None
    #: ``holder = "self"``: only the cards held under this very card (a zone with a ``holder``)
    held: bool = False
    #: the table as written (for messages and views)
    raw: tuple = field(default=(), compare=False)

    @property
    def count(self) -> tuple[str, int, bool]:
        """(``"choose"`` / ``"all"`` / ``"random"``, how many, up to)."""
        if self.choose:
            return "choose", self.choose, self.up_to
        if self.random:
            return "random", self.random, False
        return "all", 0, False

    def to_dict(self) -> dict[str, Any]:
        return dict(self.raw)


class SelectorSchema:
    """What one game's selectors may name: its ``zones`` and card ``props`` (see ``Zone``,
    ``Prop``), the ``default_zone`` when a table names none, ``presets``: the game's target
    names that are selectors (``"all_own_zx"`` -> a ``Selector``), and ``counts``: how to parse
    a "for each" ``choose`` / ``random`` (engine/amounts.py's ``parse_amount``), if allowed."""

    def __init__(self, zones: Mapping[str, Zone], props: Mapping[str, Prop], default_zone: str,
                 presets: Mapping[str, Selector] | None = None, counts: Callable[..., Any] | None = None):
        #: ``parse_amount`` (engine/amounts.py) when ``choose`` / ``random`` may be "for each" tables
        self.counts = counts
        self.zones = dict(zones)
        self.props = dict(props)
        self.default_zone = default_zone
        self.presets = dict(presets or {})
        self.keys = BASE_KEYS + tuple(self.props)

    # --- parsing ------------------------------------------------------------------------
    def parse(self, raw: Any, zones: Sequence[str] | None = None, counted: bool = True) -> Selector:
        """Check a selector table; ``zones``: the zones this use allows (None: any declared);
        ``counted``: the table must say how many (``choose``, ``all``, ``random``). Raises
        ``SelectorError``."""
        if not isinstance(raw, Mapping):
            raise SelectorError("", f"a selector must be a table like {{all = true, zone = \"{self.default_zone}\"}},"
                                    f" got {brief(raw)}")
        for key in raw:
            if key not in self.keys:
                raise SelectorError(f".{key}", f"unknown selector key {brief(key)}{nearest(key, self.keys)}"
                                               f" (known: {', '.join(self.keys)})")
        zone = raw.get("zone", self.default_zone)
        allowed = tuple(zones) if zones is not None else tuple(self.zones)
        if not isinstance(zone, str) or zone not in self.zones:
            raise SelectorError(".zone", f"unknown zone {brief(zone)}{nearest(zone, tuple(self.zones))}"
                                         f" (known: {', '.join(self.zones)})")
        if zone not in allowed:
            raise SelectorError(".zone", f"zone {zone!r} is not allowed here (allowed: {', '.join(allowed)})")
        side = raw.get("side", "either")
        if not isinstance(side, str) or side not in SIDES:
            raise SelectorError(".side", f"side {brief(side)} is not one of: {', '.join(SIDES)}{nearest(side, SIDES)}")
        other = self._bool(raw, "other")
        up_to = self._bool(raw, "up_to")
        every = self._bool(raw, "all")
        amount = None
        for key in ("choose", "random"):
            if isinstance(raw.get(key), Mapping) and self.counts is not None:  # "as many as ...": "for each"
                try:
                    amount = self.counts(raw[key], self, 0, COUNT_MAX)
                except SelectorError as e:
                    raise SelectorError(f".{key}{e.path}", e.message) from None
        choose = 1 if amount is not None and "choose" in raw else self._count(raw, "choose")
        rand = 1 if amount is not None and "random" in raw else self._count(raw, "random")
        given = [k for k, v in (("choose", choose), ("all", every), ("random", rand)) if v]
        if len(given) > 1:
            raise SelectorError("", f"say how many once: {' and '.join(given)} together")
        if counted and not given:
            raise SelectorError("", "say how many: choose = n (up_to = true), all = true or random = n")
        if not counted and given:
            raise SelectorError(f".{given[0]}", "this selector takes no count")
        if up_to and not choose:
            raise SelectorError(".up_to", "up_to goes with choose = n")
        chooser = raw.get("chooser", "controller")
        if chooser not in CHOOSERS:
            raise SelectorError(".chooser", f"chooser {brief(chooser)} is not one of: {', '.join(CHOOSERS)}"
                                            f"{nearest(chooser, CHOOSERS)}")
        if "chooser" in raw and not choose:
            raise SelectorError(".chooser", "chooser goes with choose = n")
        held = self._held(raw, zone)
        tests = []
        for key, value in raw.items():
            if key in BASE_KEYS:
                continue
            prop = self.props[key]
            if prop.zones is not None and zone not in prop.zones:
                raise SelectorError(f".{key}", f"{key!r} means something only in zone {', '.join(prop.zones)},"
                                               f" not in {zone!r}")
            tests.append(self._test(key, prop, value))
        hidden = self.zones[zone].hidden
        if hidden != "none" and (choose or (rand and tests)):
            mine_only = hidden == "opponent" and side == ("own" if chooser == "controller" else "opponent")
            if not mine_only:
                if choose:
                    whose = ("your opponent's" if chooser == "controller" else "your") if hidden == "opponent" else "a"
                    raise SelectorError(".choose", f"cards in {whose} {zone} are hidden: they cannot be chosen"
                                                   f" (use random = n or all = true)")
                raise SelectorError(f".{tests[0].prop}", f"a random card of a hidden {zone} cannot be tested"
                                                         f" for {tests[0].prop!r} (that would reveal it)")
        return Selector(zone, side, tuple(tests), other, choose, up_to, every, rand, chooser, amount, held,
                        raw=tuple((k, _frozen(v)) for k, v in raw.items()))

    def _held(self, raw: Mapping, zone: str) -> bool:
        """``holder = "self"``: only in a zone of cards held under a card (``Zone.holder``)."""
        if "holder" not in raw:
            return False
        if raw["holder"] != "self":
            raise SelectorError(".holder", f"holder is \"self\" (the cards under this very card), got {brief(raw['holder'])}")
        if self.zones[zone].holder is None:
            held = [z for z, d in self.zones.items() if d.holder is not None]
            if not held:
                raise SelectorError(".holder", "no zone of this game holds cards under a card: leave holder out")
            raise SelectorError(".holder", f"the cards of zone {zone!r} are under no card (holder goes with zone "
                                           f"{', '.join(held)})")
        return True

    @staticmethod
    def _bool(raw: Mapping, key: str) -> bool:
        v = raw.get(key, False)
        if not isinstance(v, bool):
            raise SelectorError(f".{key}", f"{key} must be true or false, got {brief(v)}")
        return v

    @staticmethod
    def _count(raw: Mapping, key: str) -> int:
        v = raw.get(key, 0)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= COUNT_MAX or (key in raw and v == 0):
            raise SelectorError(f".{key}", f"{key} must be a whole number 1..{COUNT_MAX}, got {brief(v)}")
        return v

    def _test(self, key: str, prop: Prop, value: Any) -> Test:
        t = prop.type
        if t == "flag":
            if not isinstance(value, bool):
                raise SelectorError(f".{key}", f"{key} must be true or false, got {brief(value)}")
            return Test(key, "flag", (value,))
        if t == "enum":
            values = value if isinstance(value, list) else [value]
            for v in values:
                if not isinstance(v, str) or (prop.choices is not None and v not in prop.choices):
                    raise SelectorError(f".{key}", f"{key} = {brief(v)} is not one of:"
                                                   f" {', '.join(prop.choices or ())}{nearest(v, prop.choices or ())}")
            if not values:
                raise SelectorError(f".{key}", f"{key} needs at least one value")
            return Test(key, "eq", tuple(values))
        if t == "text":
            if isinstance(value, Mapping):
                words = ("eq", "contains")
                for k in value:
                    if k not in words:
                        raise SelectorError(f".{key}.{k}", f"unknown key {brief(k)}{nearest(k, words)} (known: eq, contains)")
                if len(value) != 1:
                    raise SelectorError(f".{key}", f"{key} takes one of eq or contains")
                (op, v), = value.items()
                values = v if isinstance(v, list) else [v]
            else:
                op, values = "eq", value if isinstance(value, list) else [value]
            if not values or any(not isinstance(v, str) or not v for v in values):
                raise SelectorError(f".{key}", f"{key} must be text (or a list of texts), got {brief(value)}")
            return Test(key, op, tuple(values))
        # a number
        if isinstance(value, int) and not isinstance(value, bool):
            return Test(key, "range", lo=value, hi=value)
        if not isinstance(value, Mapping):
            raise SelectorError(f".{key}", f"{key} must be a whole number or a table like {{min = 1, max = 3}},"
                                           f" got {brief(value)}")
        keys = ("min", "max", "eq", "printed")
        for k, v in value.items():
            if k not in keys:
                raise SelectorError(f".{key}.{k}", f"unknown key {brief(k)}{nearest(k, keys)} (known: {', '.join(keys)})")
            if k == "printed":
                if not isinstance(v, bool):
                    raise SelectorError(f".{key}.printed", f"printed must be true or false, got {brief(v)}")
            elif isinstance(v, bool) or not isinstance(v, int):
                raise SelectorError(f".{key}.{k}", f"{k} must be a whole number, got {brief(v)}")
        if "eq" in value and ("min" in value or "max" in value):
            raise SelectorError(f".{key}", "eq goes alone, without min or max")
        lo, hi = (value["eq"], value["eq"]) if "eq" in value else (value.get("min"), value.get("max"))
        if lo is None and hi is None:
            raise SelectorError(f".{key}", "a number test needs min, max or eq")
        if lo is not None and hi is not None and lo > hi:
            raise SelectorError(f".{key}", f"min {lo} is more than max {hi}")
        printed = bool(value.get("printed", False))
        if printed and prop.printed is None:
            raise SelectorError(f".{key}.printed", f"{key} has only its printed value (leave printed out)")
        return Test(key, "range", lo=lo, hi=hi, printed=printed)

    # --- evaluation ---------------------------------------------------------------------
    def table(self, *zones: str) -> Callable[[Any], Selector]:
        """The parser of the selector table an op parameter takes (``Param.table``): one naming
        only ``zones`` (none given: any zone)."""
        return partial(self.parse, zones=zones) if zones else self.parse

    def candidates(self, state: Any, controller: int, source: int, sel: Selector) -> list:
        """The cards ``sel`` matches now (its count aside), for an effect of ``controller`` from
        the card ``source``: the controller's side first, each zone in its own order."""
        zone = self.zones[sel.zone]
        sides = (controller,) if sel.side == "own" else (1 - controller,) if sel.side == "opponent" \
            else (controller, 1 - controller)
        out = []
        for p in sides:
            for obj in zone.cards(state, p):
                if sel.other and obj.iid == source:
                    continue
                if sel.held and zone.holder is not None and zone.holder(state, obj) != source:
                    continue
                if self.matches(state, obj, sel.tests):
                    out.append(obj)
        return out

    def apply_in(self, zone: str, tests: tuple[Test, ...]) -> bool:
        """Whether every test names a property a card in ``zone`` has (``Prop.zones``)."""
        for t in tests:
            zones = self.props[t.prop].zones
            if zones is not None and zone not in zones:
                return False
        return True

    def matching_ids(self, state: Any, owner: int, zone: str, ids: Sequence[int], sel: Selector) -> tuple[int, ...]:
        """The cards of ``ids`` (``owner``'s, in ``zone``: a pile) that pass ``sel``'s tests, in
        order (a search's filter table: ``old_or_table``)."""
        return tuple(i for i in ids if self.matches(state, Loose(i, owner, zone), sel.tests))

    def matches(self, state: Any, obj: Any, tests: tuple[Test, ...]) -> bool:
        props = self.props
        for t in tests:
            prop = props[t.prop]
            value = (prop.printed if t.printed and prop.printed is not None else prop.read)(state, obj)
            if not passes(t, value if prop.many else (value,)):
                return False
        return True


def passes(t: Test, have: Sequence[Any]) -> bool:
    """Whether a card passes the test ``t``, given the values it has for the test's property
    (``have``: one value, or each of a property of many values). The one reading of a test: the
    rules' ``SelectorSchema.matches`` and the heuristics' readers of card views use it."""
    if t.op == "flag":
        return bool(have[0]) == t.values[0]
    if t.op == "eq":
        return any(h in t.values for h in have)
    if t.op == "contains":
        return any(isinstance(h, str) and w in h for h in have for w in t.values)
    return any(isinstance(h, int) and (t.lo is None or h >= t.lo) and (t.hi is None or h <= t.hi) for h in have)


def _frozen(v: Any) -> Any:
    if isinstance(v, Mapping):
        return tuple((k, _frozen(x)) for k, x in v.items())
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


def filter_table(schema: SelectorSchema, raw: Any, zone: str, op: str = "look") -> Selector:
    """A ``filter`` table of an op that itself says where it looks and how many it takes (a
    look's ``take``, a search): card properties only, read as a selector of ``zone`` without a
    count; ``op``: the op's name, for messages. Raises ``SelectorError`` (``.zone``, ``.side``...:
    the op says those)."""
    if not isinstance(raw, Mapping):
        raise SelectorError("", f"filter is a table of card properties such as {{kind = \"zx\"}}, got {brief(raw)}")
    for key in raw:
        if key in BASE_KEYS:
            raise SelectorError(f".{key}", f"a {op}'s filter names card properties only, not {key!r}"
                                           f" (the {op} says where and how many)")
    return schema.parse({**raw, "zone": zone}, counted=False)


def old_or_table(schema: SelectorSchema, zone: str, old: Sequence[str]) -> Callable[[Any], Any]:
    """The parser of an op's ``filter`` that was a flat table before selectors (a search's): a
    table in that old form (only the keys ``old``, each with one plain value: no table, no list)
    is kept as it is, a dict meaning what it always meant (the game checks it as before);
    any other table is a selector table of ``zone``'s cards (``filter_table``). The parser's
    ``filter_zone`` tells the JSON Schema (engine/card_schema.py) what it reads."""
    def parse(raw: Any) -> Any:
        if isinstance(raw, Mapping) and all(k in old and not isinstance(v, (Mapping, list)) for k, v in raw.items()):
            return dict(raw)
        return filter_table(schema, raw, zone, "search")
    parse.filter_zone = zone  # type: ignore[attr-defined]
    return parse


def fail_path(fail_at: Callable[[str, str], NoReturn], prefix: str) -> Callable[[SelectorError], NoReturn]:
    """Turn a ``SelectorError`` into the caller's failure at ``prefix`` + its path."""
    def fail(e: SelectorError) -> NoReturn:
        fail_at(prefix + e.path, e.message)
    return fail
