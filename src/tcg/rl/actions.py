"""Fixed action catalogues: every legal action of a game gets an id in ``0..N-1`` whose meaning
never changes ("place the card in my hand slot 3", "attack from square 4 to square 1"), built
from the action's type and the *slots* its parameters name in the observation — never from its
position in ``legal_actions()``.

A game's ``encode.py`` lists ``ACTIONS``: ``(type, ((param, spec), ...))`` rows. The id of an
action is the row's base plus the mixed-radix number of its parameters' slot indices. Specs:

* ``Loc(zone, ...)``: a card instance id, by where the viewer sees it: the first listed zone
  (``me.hand``, ``opp.characters``, ``decision.candidates``...) that holds it, at its slot index
  there. ``offered=K`` adds K more slots for cards the observation does not show (a search of
  the own deck): the K-th of them in instance order. ``none=V`` adds one slot for the value V.
* ``Vals(v0, v1, ...)``: a value from a fixed list (colours, ability 0/1, program 0/1...).
* ``Sq(none=False)``: a Z/X square 0..8 (and -1 if ``none``), turned round for seat 1.
* ``Seq(elem, lengths, ordered)``: a tuple of distinct elements of ``elem`` (a ``Loc`` or
  ``Sq``) of one of ``lengths``; ordered (every order its own id) or a set (sorted).
"""
from __future__ import annotations

import itertools
from collections.abc import Hashable
from typing import Any, Sequence

from .schema import relative_square


class Spec:
    size = 0
    offered = 0

    def index(self, value: Any, ctx: "ActionCtx") -> int | None:  # pragma: no cover - interface
        raise NotImplementedError

    def describe(self, i: int) -> str:  # pragma: no cover - interface
        raise NotImplementedError


class Loc(Spec):
    def __init__(self, *zones: str, offered: int = 0, none: Any = "<no none>"):
        self.zone_names = zones
        self.offered = offered
        self.none = none
        self.slots: list[tuple[str, int]] = []
        self.base: dict[str, int] = {}

    def bind(self, zones: dict[str, int]) -> None:
        self.slots = []
        for z in self.zone_names:
            if z not in zones:
                raise KeyError(f"action table names zone {z!r}, which the observation schema lacks "
                               f"(zones: {sorted(zones)})")
            self.base[z] = len(self.slots)
            self.slots += [(z, i) for i in range(zones[z])]
        self.has_none = self.none != "<no none>"
        self.size = len(self.slots) + self.offered + (1 if self.has_none else 0)
        self.limits = {z: (self.base[z], zones[z]) for z in self.zone_names}   # zone -> (base, slots)

    def index_seen(self, value, ctx):
        for zone, slot in ctx.locs.get(value, ()):
            b = self.base.get(zone)
            if b is not None and slot < ctx.zones[zone]:
                return b + slot
        return None

    def index(self, value, ctx):
        if self.has_none and value == self.none:
            return self.size - 1
        i = self.index_seen(value, ctx)
        if i is not None:
            return i
        if self.offered:
            rank = ctx.offered_rank(self, value)
            if rank is not None and rank < self.offered:
                return len(self.slots) + rank
        return None

    def describe(self, i):
        if i < len(self.slots):
            z, s = self.slots[i]
            return f"{z}[{s}]"
        if self.has_none and i == self.size - 1:
            return f"none ({self.none!r})"
        return f"offered#{i - len(self.slots)}"


class Vals(Spec):
    def __init__(self, *values: Any):
        self.values = list(values)
        self.pos = {v: i for i, v in enumerate(self.values)}
        self.size = len(self.values)

    def index(self, value, ctx):
        return self.pos.get(value)

    def describe(self, i):
        return repr(self.values[i])


class Sq(Spec):
    def __init__(self, none: bool = False):
        self.none = none
        self.size = 10 if none else 9

    def index(self, value, ctx):
        if not isinstance(value, int) or not (-1 if self.none else 0) <= value <= 8:
            return None
        if value < 0:
            return 9
        return relative_square(value, ctx.viewer)

    def describe(self, i):
        return "none" if i == 9 else f"sq{i}"


class Seq(Spec):
    def __init__(self, elem: Spec, lengths: Sequence[int], ordered: bool = True):
        self.elem, self.lengths, self.ordered = elem, tuple(lengths), ordered

    def bind(self, zones):
        if isinstance(self.elem, Loc):
            self.elem.bind(zones)
        n = self.elem.size
        combos: list[tuple[int, ...]] = []
        for k in self.lengths:
            gen = itertools.permutations(range(n), k) if self.ordered else itertools.combinations(range(n), k)
            combos += list(gen)
        self.combos = combos
        self.pos = {c: i for i, c in enumerate(combos)}
        self.size = len(combos)

    def index(self, value, ctx):
        if not isinstance(value, tuple):
            return None
        idx = []
        for x in value:
            i = self.elem.index(x, ctx)
            if i is None:
                return None
            idx.append(i)
        key = tuple(idx) if self.ordered else tuple(sorted(idx))
        return self.pos.get(key)

    def describe(self, i):
        return "(" + ",".join(self.elem.describe(j) for j in self.combos[i]) + ")"


class _Viewer:
    """What ``Sq.index`` reads of a context: the viewer."""
    __slots__ = ("viewer",)

    def __init__(self, viewer: int):
        self.viewer = viewer


_VIEWERS = (_Viewer(0), _Viewer(1))


class ActionCtx:
    """What the action table needs from one encoded observation."""

    __slots__ = ("viewer", "_locs", "_src", "zones", "legal", "_ranks")

    def __init__(self, viewer: int, locs: dict | None, zones: dict[str, int], legal, src: Any = None):
        """``locs`` ({iid: [(zone, slot), ...]}), or ``src``: an object whose ``locs`` gives them,
        read only when an action names a card (most decisions' ids need no card slot)."""
        self.viewer, self._locs, self._src, self.zones, self.legal = viewer, locs, src, zones, legal
        self._ranks: dict | None = None

    @property
    def locs(self) -> dict:
        locs = self._locs
        if locs is None:
            locs = self._locs = self._src.locs
        return locs

    def offered_rank(self, spec: Loc, value: Any) -> int | None:
        """Rank (in instance-id order) of ``value`` among the values of the legal actions that
        ``spec`` cannot find in the observation."""
        if self._ranks is None:
            self._ranks = {}
        ranks = self._ranks.get(id(spec))
        if ranks is None:
            vals = set()
            for a in self.legal:
                if a.type == spec.row_type:
                    v = a.get(spec.param)
                    if isinstance(v, int) and not isinstance(v, bool) and spec.index_seen(v, self) is None:
                        vals.add(v)
            ranks = self._ranks[id(spec)] = {v: i for i, v in enumerate(sorted(vals))}
        return ranks.get(value)


class ActionTable:
    """The fixed catalogue of one game: ``size`` ids, ``ids(legal, ctx)`` and descriptions."""

    def __init__(self, rows: Sequence[tuple[str, Sequence[tuple[str, Spec]]]], zones: dict[str, int]):
        self.rows = []
        self._plans: dict[Any, Any] = {}   # action -> plan (see _plan)
        self.by_sig: dict[tuple, tuple[int, list[tuple[str, Spec, int]]]] = {}
        base = 0
        for type_, params in rows:
            specs = []
            for name, spec in params:
                if hasattr(spec, "bind"):
                    spec.bind(zones)
                if isinstance(spec, Loc):
                    spec.row_type, spec.param = type_, name
            radix = 1
            for name, spec in reversed(list(params)):
                specs.append((name, spec, radix))
                radix *= spec.size
            specs.reverse()
            sig = (type_, tuple(sorted(n for n, _ in params)))
            if sig in self.by_sig:
                raise ValueError(f"action row {sig} listed twice")
            self.by_sig[sig] = (base, specs)
            self.rows.append((type_, list(params), base, radix))
            base += radix
        self.size = base

    def action_id(self, action, ctx: ActionCtx) -> int | None:
        viewer = ctx.viewer
        if viewer.__class__ is not int or not 0 <= viewer <= 1:
            return self._direct(action, ctx)
        plan = self._plans.get(action)
        if plan is None:
            plan = self._plan(action)
        aid = plan[viewer]
        if aid < 0:
            return None
        for spec, value, radix in plan[2]:
            i = spec.index(value, ctx)
            if i is None:
                return None
            aid += i * radix
        return aid

    def _direct(self, action, ctx: ActionCtx) -> int | None:
        """The id of ``action`` computed from its parameters (what the plans memoize)."""
        params = action.params
        entry = self.by_sig.get((action.type, tuple(k for k, _ in params)))
        if entry is None:
            return None
        base, specs = entry
        pv = dict(params)
        aid = base
        for name, spec, radix in specs:
            i = spec.index(pv[name], ctx)
            if i is None:
                return None
            aid += i * radix
        return aid

    #: the memo of plans is emptied past this many actions (values such as card combinations)
    PLAN_LIMIT = 100_000

    def _plan(self, action) -> tuple[int, int, tuple, frozenset, Any]:
        """How to number ``action``, worked out once per action value (actions are immutable
        values, hashable and compared by value): ``(base for viewer 0, base for viewer 1,
        dynamic, cards)``. A base is the row's first id plus what does not depend on the
        observation (``Vals``; squares and sets of squares, seat-relative, hence one base per
        viewer), -1 when the action has no id for that viewer; ``dynamic`` the
        ``(spec, value, radix)`` left to look up in each observation (card slots); ``cards`` the
        card values those name (where to look them up); ``one``: ``(zone -> (first slot id,
        slots), card, radix)`` when that is a single card found only among the observation's
        zones (most actions), else None."""
        params = action.params
        entry = self.by_sig.get((action.type, tuple(k for k, _ in params)))
        if entry is None:
            plan = (-1, -1, (), frozenset(), None)
        else:
            base, specs = entry
            pv = dict(params)
            bases = [base, base]
            dyn = []
            for name, spec, radix in specs:
                value = pv[name]
                if isinstance(spec, Vals):
                    i = spec.pos.get(value)
                    bases = [-1 if b < 0 or i is None else b + i * radix for b in bases]
                elif isinstance(spec, Sq) or (isinstance(spec, Seq) and isinstance(spec.elem, Sq)):
                    for v in (0, 1):   # a function of the value and the viewer alone
                        i = spec.index(value, _VIEWERS[v])
                        bases[v] = -1 if bases[v] < 0 or i is None else bases[v] + i * radix
                else:
                    dyn.append((spec, value, radix))
            cards = frozenset(v for spec, v, _ in dyn if isinstance(spec, Loc) and isinstance(v, Hashable))
            one = None   # the common case: one card, looked up in the observation alone
            if len(dyn) == 1:
                spec, value, radix = dyn[0]
                if (isinstance(spec, Loc) and not spec.offered and isinstance(value, Hashable)
                        and not (spec.has_none and value == spec.none)):
                    one = (spec.limits, value, radix)
            plan = (bases[0], bases[1], tuple(dyn), cards, one)
        if len(self._plans) > self.PLAN_LIMIT:
            self._plans.clear()
        self._plans[action] = plan
        return plan

    def describe(self, aid: int) -> str:
        for type_, params, base, n in self.rows:
            if base <= aid < base + n:
                rest = aid - base
                parts = []
                for name, spec in params:
                    radix = 1
                    for _, later in params[params.index((name, spec)) + 1:]:
                        radix *= later.size
                    parts.append(f"{name}={spec.describe(rest // radix)}")
                    rest %= radix
                return f"{type_}({', '.join(parts)})"
        raise IndexError(aid)

    def summary(self) -> list[tuple[int, int, str]]:
        """(first id, count, "type(param=spec...)") per row, for the documentation."""
        out = []
        for type_, params, base, n in self.rows:
            ps = ", ".join(f"{name}: {_spec_text(spec)}" for name, spec in params)
            out.append((base, n, f"{type_}({ps})"))
        return out


def _spec_text(spec: Spec) -> str:
    if isinstance(spec, Loc):
        z = " | ".join(spec.zone_names)
        extra = ""
        if spec.offered:
            extra += f" + {spec.offered} offered (unseen cards, instance order)"
        if spec.has_none:
            extra += f" + none ({spec.none!r})"
        return f"slot of [{z}] ({len(spec.slots)}){extra}"
    if isinstance(spec, Vals):
        return "|".join(map(repr, spec.values))
    if isinstance(spec, Sq):
        return "square 0..8 (seat-relative)" + (" or -1" if spec.none else "")
    if isinstance(spec, Seq):
        kind = "ordered" if spec.ordered else "set"
        return f"{kind} tuple of {'/'.join(map(str, spec.lengths))} x ({_spec_text(spec.elem)}) ({spec.size})"
    return type(spec).__name__
