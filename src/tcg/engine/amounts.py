"""Amounts: the number an op takes, written as a whole number or as a "for each" table.

    amount = 2                                                        # a number, as always
    amount = {count = {zone = "board", side = "own", kind = "zx", other = true}, times = 1000}
    amount = {count = {zone = "trash", side = "own"}, times = 1, max = 3}

``count`` is a selector table without a count (engine/select.py: the game's zones and card
properties); the amount is ``times`` for each card it matches when the op resolves, at most
``max`` (for a negative ``times``: at least ``-max``), and always inside the parameter's own
range. Counting the cards of a hidden zone is allowed (how many there are is public); testing
what they are is not (that would reveal them), as for conditions.

``parse_amount`` checks a table at load time (raising ``SelectorError`` with the key path:
``.count.zone``, ``.times``, nearest valid word for a misspelt one); ``value`` evaluates it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import brief
from .select import Selector, SelectorError, SelectorSchema, _frozen, nearest

#: the keys of an amount table
KEYS = ("count", "times", "max")


@dataclass(frozen=True)
class Amount:
    """A parsed "for each" amount (immutable, hashable: it lives in the ops of a card): ``times``
    per card ``count`` matches, capped by ``max`` and by the parameter's range ``lo``..``hi``."""

    count: Selector
    times: int = 1
    max: int | None = None
    lo: int = 0
    hi: int = 99
    #: the table as written
    raw: tuple = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.raw}


def _whole(raw: Mapping, key: str, lo: int, hi: int, default: Any) -> Any:
    v = raw.get(key, default)
    if key in raw and (isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi):
        raise SelectorError(f".{key}", f"{key} must be a whole number {lo}..{hi}, got {brief(v)}")
    return v


def counted_cards(raw: Any, schema: SelectorSchema, what: str = "an amount") -> Selector:
    """The selector table of cards that are counted (an amount's ``count``, a condition's): no
    count of its own, and no test of a card in a hidden zone (it would reveal the cards)."""
    sel = schema.parse(raw, counted=False)
    if schema.zones[sel.zone].hidden != "none" and sel.tests:
        raise SelectorError(f".{sel.tests[0].prop}",
                            f"the {sel.zone} is hidden: {what} may count its cards but not test what they are"
                            f" (that would reveal them)")
    return sel


def parse_amount(raw: Mapping, schema: SelectorSchema, lo: int, hi: int) -> Amount:
    """The amount table ``raw`` of a parameter whose range is ``lo``..``hi``, checked."""
    for key in raw:
        if key not in KEYS:
            raise SelectorError(f".{key}", f"unknown amount key {brief(key)}{nearest(key, KEYS)}"
                                           f" (known: {', '.join(KEYS)})")
    if "count" not in raw:
        raise SelectorError("", "an amount table says what to count: {count = {zone = \"board\", side = \"own\"},"
                                " times = 1000}")
    try:
        sel = counted_cards(raw["count"], schema)
    except SelectorError as e:
        raise SelectorError(".count" + e.path, e.message) from None
    times = _whole(raw, "times", min(lo, -hi), hi, 1)
    if times == 0:
        raise SelectorError(".times", "times must not be 0")
    cap = _whole(raw, "max", 0, max(hi, -lo), None)
    return Amount(sel, times, cap, lo, hi, raw=tuple((k, _frozen(v)) for k, v in raw.items()))


def value(amount: Amount, state: Any, controller: int, source: int, schema: SelectorSchema) -> int:
    """The amount now, for an effect of ``controller`` from the card ``source``."""
    n = len(schema.candidates(state, controller, source, amount.count)) * amount.times
    if amount.max is not None:
        n = min(n, amount.max) if amount.times > 0 else max(n, -amount.max)
    return max(amount.lo, min(amount.hi, n))


def least(amount: Any) -> int:
    """The least a whole number or a "for each" amount can be (a static's floor: a game skips
    its destruction checks while no card can fall below its damage)."""
    if not isinstance(amount, Amount):
        return amount
    return min(0, amount.lo) if amount.times < 0 else max(0, amount.lo)


def has_amounts(args: Mapping[str, Any]) -> bool:
    """Whether an op's arguments hold an ``Amount`` (then its handler evaluates them first)."""
    return any(type(v) is Amount for v in args.values())


def evaluated(args: Mapping[str, Any], state: Any, controller: int, source: int,
              schema: SelectorSchema) -> dict[str, Any]:
    """``args`` with each ``Amount`` replaced by its value now."""
    return {k: value(v, state, controller, source, schema) if type(v) is Amount else v for k, v in args.items()}
