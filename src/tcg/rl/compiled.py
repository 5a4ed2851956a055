"""The fast path of the encoding: the schema compiled into one generated Python function.

The nodes of ``schema.py`` interpret an observation one method call per field, which is what
strict mode (the tests) needs: paths in error messages, every key and range checked. Training needs
speed instead, so ``compile_schema`` writes the same walk out as straight-line Python code (offsets
folded into constants, card rows copied with one slice each) into an ``array('f')`` that numpy then
reads without a copy. The tests check that both paths give identical vectors and card locations.
"""
from __future__ import annotations

import itertools
import operator
from array import array
from typing import Any, Callable

from . import schema as S


class _CG:
    def __init__(self, table: S.CardTable):
        self.lines: list[str] = []
        self.ind = 1
        self.consts: dict[str, Any] = {}
        self.n = 0
        self.prefix = ""
        self.outer = "0"
        self.table = table
        self.locs_only = False   # generate the card locations alone (``compile_locate``)
        self.wanted: frozenset | None = None   # ... and only those of these zones (None: all)
        self.listed: set[str] = set()   # the zones of the card locations the lines so far list

    def wants(self, zone: str) -> bool:
        """Whether the walk lists the cards of ``zone`` (a full name, ``me.hand``)."""
        return not self.locs_only or self.wanted is None or zone in self.wanted

    def zone(self, name: str) -> str:
        """``name``, for a line listing a card location in that zone (noted in ``listed``)."""
        self.listed.add(name)
        return name

    def write(self, s: str) -> None:
        """A line that only writes the buffer (left out when only the locations are wanted)."""
        if not self.locs_only:
            self.emit(s)

    def var(self, p: str = "v") -> str:
        self.n += 1
        return f"{p}{self.n}"

    def const(self, obj: Any) -> str:
        name = f"K{len(self.consts)}"
        self.consts[name] = obj
        return name

    def emit(self, s: str) -> None:
        self.lines.append("    " * self.ind + s)


def _add(off, k: int):
    """``off + k`` with the constants folded: ``"o7+3"`` plus 2 is ``"o7+5"`` (one addition
    left at run time, not one per nesting level)."""
    if k == 0:
        return off
    if isinstance(off, int):
        return off + k
    head, plus, tail = off.rpartition("+")
    if plus and tail.isdigit() and "+" not in head and "*" not in head:
        return f"{head}+{int(tail) + k}"
    return f"{off}+{k}"


def _emit(node: S.Node, cg: _CG, v: str, off) -> None:
    t = type(node)
    if cg.locs_only:   # the card locations alone: nothing to write, no subtree without them
        if not _locates(node, cg.prefix, cg.wanted):
            return
        if t is S.Obj:
            _emit_obj(node, cg, v, off)
            return
    if t is S.Num:
        e = v
        if node.shift:
            e = f"({e}+{node.shift!r})"
        if node.scale != 1:
            e = f"{e}/{node.scale!r}"
        cg.write(f"b[{off}] = {e}")
    elif t is S.Bool:
        cg.emit(f"if {v}: b[{off}] = 1.0")
    elif t is S.Enum:
        m, j = cg.const(node.index), cg.var("j")
        cg.emit(f"{j} = {m}.get({v})")
        cg.emit(f"if {j} is not None: b[{off}+{j}] = 1.0")
    elif t is S.Seat:
        cg.emit(f"if {v} != viewer: b[{off}] = 1.0")
    elif t is S.Square:
        cg.emit(f"if {v} >= 0: b[{off}] = ({v} if viewer == 0 else 8 - {v}) + 1")
    elif t is S.Name:
        names = cg.table.names

        def name(w, names=names, other=len(names) + 1):
            i = names.get(w)
            return i if i is not None else other
        cg.write(f"b[{off}] = {cg.const(name)}({v})")
    elif t is S.Const:
        pass
    elif t is S.Opt:
        cg.emit(f"if {v} is not None:")
        cg.ind += 1
        cg.write(f"b[{off}] = 1.0")
        _emit(node.node, cg, v, _add(off, 1))
        cg.ind -= 1
    elif t is S.Obj:
        _emit_obj(node, cg, v, off)
    elif t is S.List:
        n, i, x, base = cg.var("n"), cg.var("i"), cg.var("x"), cg.var("o")
        cg.emit(f"{n} = len({v})")
        cg.write(f"b[{off}] = {n}")
        cg.emit(f"if {n} > {node.cap}: {v} = {v}[:{node.cap}]")
        cg.emit(f"for {i}, {x} in enumerate({v}):")
        cg.ind += 1
        cg.write(f"{base} = {_add(off, 1)}+{i}*{node.node.size}")
        saved = cg.outer
        if node.zone is not None:
            slot = cg.var("s")
            cg.emit(f"{slot} = {saved}*{node.cap}+{i}" if saved != "0" else f"{slot} = {i}")
            iid = f"{x}['iid']" if _is_dict_node(node.node) else x
            if cg.wants(cg.prefix + node.zone):
                cg.emit(f"L.append(({iid}, {cg.zone(cg.prefix + node.zone)!r}, {slot}))")
            cg.outer = slot
        _emit(node.node, cg, x, base)
        cg.outer = saved
        cg.ind -= 1
    elif t is S.Seats:
        for rel in range(node.players):
            pv = cg.var("p")
            cg.emit(f"{pv} = {v}[(viewer+{rel})%{node.players}]")
            cg.prefix = "me." if rel == 0 else "opp."
            _emit(node.node, cg, pv, _add(off, rel * node.node.size))
        cg.prefix = ""
    elif t is S.Board:
        r, x, base = cg.var("r"), cg.var("x"), cg.var("o")
        step = 1 + node.node.size
        cg.emit(f"for {r} in range(9):")
        cg.ind += 1
        cg.emit(f"{x} = {v}[{r} if viewer == 0 else 8-{r}]")
        cg.emit(f"if {x} is None: continue")
        cg.write(f"{base} = {off}+{r}*{step}")
        cg.write(f"b[{base}] = 1.0")
        if cg.wants(node.zone):
            cg.emit(f"if 'iid' in {x}: L.append(({x}['iid'], {cg.zone(node.zone)!r}, {r}))")
        _emit(node.node, cg, x, f"{base}+1")
        cg.ind -= 1
    elif t is S.Variant:
        o = len(node.cases)
        for i, (_, test, n) in enumerate(node.cases):
            cg.emit(f"{'if' if i == 0 else 'elif'} {cg.const(test)}({v}):")
            cg.ind += 1
            cg.write(f"b[{_add(off, i)}] = 1.0")
            _emit(n, cg, v, _add(off, o))
            cg.emit("pass")
            cg.ind -= 1
            o += n.size
    elif t is S.Card:
        k, iid = cg.var("k"), cg.var("d")
        cg.write(f"{k} = IDX.get({v}['id'], 0)")
        cg.emit(f"{iid} = {v}['iid']")
        cg.write(f"b[{off}] = {k}")
        cg.write(f"b[{_add(off, 1)}] = {iid}+1")
        w = node.width or 0
        if w:
            cg.write(f"b[{_add(off, 2)}:{_add(off, 2 + w)}] = ROWS[{k}]")
        if node.zone is not None and cg.wants(cg.prefix + node.zone):
            cg.emit(f"L.append(({iid}, {cg.zone(cg.prefix + node.zone)!r}, {cg.outer}))")
        _emit(node.state, cg, v, _add(off, 2 + w))
    else:  # pragma: no cover - a new node type must be taught here
        raise TypeError(f"cannot compile {t.__name__}")



def _emit_obj(node: S.Obj, cg: _CG, v: str, off) -> None:
    # Optional fields are skipped as a run (3 or more in a row) when the dict has no more keys
    # than the required ones, which it must all have (``v[k]`` raises otherwise): then none
    # of them is there. (Decisions and counters are mostly their required keys alone.)
    required = sum(1 for _, n in node.fields if n.size and not isinstance(n, S.Opt))
    fields = [(k, n, o) for (k, n), o in zip(node.fields, _offsets(node))
              if n.size and (not cg.locs_only or _locates(n, cg.prefix, cg.wanted))]
    j = 0
    while j < len(fields):
        run = j
        while run < len(fields) and isinstance(fields[run][1], S.Opt):
            run += 1
        guarded = run - j >= 3
        if guarded:
            cg.emit(f"if len({v}) > {required}:")
            cg.ind += 1
        for k, n, o in fields[j:max(run, j + 1)]:
            w = cg.var()
            cg.emit(f"{w} = {v}.get({k!r})" if isinstance(n, S.Opt) else f"{w} = {v}[{k!r}]")
            _emit(n, cg, w, _add(off, o))
        if guarded:
            cg.ind -= 1
        j = max(run, j + 1)

def _scalar(node: S.Node) -> bool:
    """A number, flag, seat, square or word (or an optional one): equal values encode equally."""
    if isinstance(node, S.Opt):
        node = node.node
    return type(node) in (S.Num, S.Bool, S.Seat, S.Enum, S.Square)


def _offsets(node: S.Obj) -> list[int]:
    out, o = [], 0
    for _, n in node.fields:
        out.append(o)
        o += n.size
    return out


def _locates(node: S.Node, prefix: str = "", wanted: frozenset | None = None) -> bool:
    """Whether the walk of ``node`` (under the seat prefix ``prefix``) lists any card location
    (of a zone in ``wanted``, when given)."""
    t = type(node)

    def zoned(zone):
        return zone is not None and (wanted is None or prefix + zone in wanted)
    if t is S.Board:
        return wanted is None or node.zone in wanted
    if t is S.List:
        return zoned(node.zone) or _locates(node.node, prefix, wanted)
    if t is S.Card:
        return zoned(node.zone) or _locates(node.state, prefix, wanted)
    if t is S.Opt:
        return _locates(node.node, prefix, wanted)
    if t is S.Seats:
        return any(_locates(node.node, who, wanted) for who in ("me.", "opp."))
    if t is S.Obj:
        return any(_locates(n, prefix, wanted) for _, n in node.fields)
    if t is S.Variant:
        return any(_locates(n, prefix, wanted) for _, _, n in node.cases)
    return False


def _is_dict_node(node: S.Node) -> bool:
    return isinstance(node, (S.Card, S.Obj, S.Variant, S.Opt))


def compile_schema(root: S.Node, table: S.CardTable) -> Callable[[dict, int], tuple[array, list]]:
    """``fn(obs, viewer) -> (array('f') of root.size, [(iid, zone, slot), ...])``."""
    cg = _CG(table)
    _emit(root, cg, "o", 0)
    width = table.width
    rows = [array("f", [0.0] * width)] + [None] * len(table.index)
    for cid, k in table.index.items():
        rows[k] = array("f", table.rows[cid])
    consts = dict(cg.consts, IDX=table.index, ROWS=rows)
    src = "def _enc(o, viewer, b, L):\n" + "\n".join(cg.lines or ["    pass"]) + "\n"
    ns: dict[str, Any] = dict(consts)
    exec(compile(src, f"<tcg.rl encoder {id(root):x}>", "exec"), ns)
    inner = ns["_enc"]
    zero = array("f", [0.0] * root.size)

    def encode(obs: dict, viewer: int):
        b = array("f", zero)
        L: list = []
        inner(obs, viewer, b, L)
        return b, L

    encode.source = src  # type: ignore[attr-defined]
    return encode


def compile_locate(root: S.Node, table: S.CardTable, zones: frozenset | None = None
                   ) -> Callable[[dict, int], list]:
    """``fn(obs, viewer) -> [(iid, zone, slot), ...]``: the card locations ``compile_schema``'s
    function lists, in the same order, from the same generated walk with every line that only
    writes the vector left out (what the action ids need, at a fraction of the encoding). With
    ``zones`` (full names, ``me.hand``), only the locations in those zones, still in walk order:
    the first of them where a card is seen is the one ``Loc`` numbers, so the ids of actions
    whose ``Loc``s name only those zones are the same."""
    cg = _CG(table)
    cg.locs_only = True
    cg.wanted = zones
    _emit(root, cg, "o", 0)
    src = "def _locate(o, viewer, L):\n" + "\n".join(cg.lines or ["    pass"]) + "\n"
    ns: dict[str, Any] = dict(cg.consts, IDX=table.index)
    exec(compile(src, f"<tcg.rl locate {id(root):x}>", "exec"), ns)
    inner = ns["_locate"]

    def locate(obs: dict, viewer: int) -> list:
        L: list = []
        inner(obs, viewer, L)
        return L

    locate.source = src  # type: ignore[attr-defined]
    return locate


# --- the incremental fast path -------------------------------------------------------------------
#
# An environment encodes the same seat's observation again after every decision, and most of it
# is unchanged: the engine's shared observation (``observe(p, shared=True)``) keeps the *same*
# read-only view objects (``FrozenView`` / ``FrozenList``) for cards, units and piles while they
# show the same. ``Incremental`` writes the walk of ``compile_schema`` once more, cut into *sites*:
# every field of the root object and of each seat's player object (their numbers, flags and
# words together as one tuple per object). One buffer per seat is kept between calls. A site
# whose value is the same as last time -- the same object of a safe type (read-only views,
# ``None``, numbers, strings), a new list of the very same such items, or for the tuple of
# numbers an equal tuple -- is skipped: its floats are in the buffer, its card locations in its
# memo. Any other site has its region zeroed and is encoded as ``compile_schema`` would; in a
# list of cards, or on the Z/X board, only the items that are not the same object as last time
# at that index. Values of other types (plain dicts and lists the engine builds for each call)
# never match: the memo holds the objects it compared, so no new object can take their
# identity. The result is the from-scratch vector bit for bit, and the same card locations in
# the same order (tests/rl/test_incremental.py compares them at every decision of seeded games).

#: values safe to recognise by identity: immutable, or read-only by the engine's contract
def _safe_types() -> tuple[set, set]:
    from ..engine.cards import FrozenList, FrozenView
    items = {FrozenView, FrozenList, type(None), int, float, str, bool}
    return set(items), items


class _Not:
    """The memo of a site that matches nothing (a value that is not safe to recognise)."""
    __slots__ = ()

    def __repr__(self) -> str:
        return "<no memo>"


NOT = _Not()
SMALL = 8        # fields of at most this many floats are simply encoded again
ITEM_MIN = 6     # list items of at least this many floats are remembered one by one


def _has_zone(node: S.Node) -> bool:
    return bool(node.zones("x."))


class Incremental:
    """The compiled incremental encoder of one schema: ``state()`` makes one seat's memo, and
    ``fn(obs, viewer, b, L, C, CL, CI, CIL, BM)`` encodes into that seat's buffer ``b``."""

    def __init__(self, root: S.Node, table: S.CardTable):
        if not isinstance(root, S.Obj):
            raise TypeError("the incremental encoder needs an object at the root")
        self.size = root.size
        self._zero_sizes: set[int] = set()
        self.cg = cg = _CG(table)
        self.sites: list[tuple[str, int]] = []   # (kind: "plain"/"list"/"board"/"group", items)
        #: per site, the zones of the card locations it lists in ``CL[k]`` (empty: none)
        self.site_zones: list[frozenset] = []
        self._obj(root, "o", 0)
        assert len(self.site_zones) == len(self.sites)
        # the card locations: every site's CL[k], in the order of the walk, read by the caller
        # (only when an action names a card: ``IncState.encode``, ``SeatEncoder``)
        safe, items = _safe_types()
        frozen_list = next(t for t in items if t.__name__ == "FrozenList")
        seqs = (tuple, frozen_list)
        lists = (list, frozen_list)

        def key(x, safe=safe, items=items, lists=lists):
            t = x.__class__
            if t in safe:
                return x
            if t is list and all(map(items.__contains__, map(type, x))):
                return tuple(x)
            return NOT

        def same(x, c, seqs=seqs, lists=lists):
            return (c.__class__ in seqs and x.__class__ in lists and len(x) == len(c)
                    and all(map(operator.is_, x, c)))

        width = table.width
        rows = [array("f", [0.0] * width)] + [None] * len(table.index)
        for cid, k in table.index.items():
            rows[k] = array("f", table.rows[cid])
        zeros = {f"Z{n}": array("f", [0.0] * n) for n in self._zero_sizes}
        consts = dict(cg.consts, IDX=table.index, ROWS=rows, KEY=key, SAME=same, NOT=NOT,
                      ITEMS=items, SAFE=safe, SEQS=frozenset(seqs), LISTS=frozenset(lists), IS=operator.is_, NOT_=operator.not_, COMPRESS=itertools.compress,
                      CHAIN=itertools.chain.from_iterable, CHAIN2=itertools.chain, R9=range(9), ZM=memoryview(array("f", [0.0] * self.size)), **zeros)
        src = ("def _inc(o, viewer, b, L, C, CL, CI, CIL, BM):\n" + "\n".join(cg.lines) + "\n")
        ns: dict[str, Any] = dict(consts)
        exec(compile(src, f"<tcg.rl incremental encoder {id(root):x}>", "exec"), ns)
        self.fn = ns["_inc"]
        self.source = src

    # --- the code generator ---
    def _zero(self, a: int, n: int) -> None:
        if n == 1:
            self.cg.emit(f"b[{a}] = 0.0")
        elif n > 1:
            self._zero_sizes.add(n)
            self.cg.emit(f"b[{a}:{a + n}] = Z{n}")

    def _obj(self, node: S.Obj, v: str, off: int) -> None:
        cg = self.cg
        o = 0
        group = [(k, n, off + o) for (k, n), o in zip(node.fields, _offsets(node)) if n.size and _scalar(n)]
        if group:   # the numbers, flags and words of this dict, as one tuple: encoded when it changed
            k = len(self.sites)
            self.sites.append(("group", 0))
            self.site_zones.append(frozenset())
            t = cg.var("t")
            # the required values with one C-level ``itemgetter``, then the optional ones
            req = [g for g in group if not isinstance(g[1], S.Opt)]
            opt = [g for g in group if isinstance(g[1], S.Opt)]
            group = req + opt
            gets = "(" + "".join(f"{v}.get({f!r}), " for f, _, _ in opt) + ")"
            if len(req) >= 2:
                getter = cg.const(operator.itemgetter(*(f for f, _, _ in req)))
                cg.emit(f"{t} = {getter}({v})" + (f" + {gets}" if opt else ""))
            else:
                cg.emit(f"{t} = (" + "".join(f"{v}[{f!r}], " for f, _, _ in req) + ")"
                        + (f" + {gets}" if opt else ""))
            cg.emit(f"if {t} != C[{k}]:")
            cg.ind += 1
            cg.emit(f"C[{k}] = {t}")
            for j, (f, n, a) in enumerate(group):
                w = cg.var()
                cg.emit(f"{w} = {t}[{j}]")
                if type(n) not in (S.Num, S.Name):
                    self._zero(a, n.size)
                _emit(n, cg, w, a)
            cg.ind -= 1
        for k, n in node.fields:
            if n.size and not _scalar(n):
                if isinstance(n, S.Seats) and isinstance(n.node, S.Obj):
                    for rel in range(n.players):
                        pv = cg.var("p")
                        cg.emit(f"{pv} = {v}[{k!r}][(viewer+{rel})%{n.players}]")
                        cg.prefix = "me." if rel == 0 else "opp."
                        self._obj(n.node, pv, off + o + rel * n.node.size)
                    cg.prefix = ""
                else:
                    w = cg.var()
                    cg.emit(f"{w} = {v}.get({k!r})" if isinstance(n, S.Opt) else f"{w} = {v}[{k!r}]")
                    self._field(n, w, off + o)
            o += n.size

    def _field(self, n: S.Node, x: str, a: int) -> None:
        cg = self.cg
        if n.size <= SMALL and not _has_zone(n):
            if type(n) not in (S.Num, S.Name):   # (those two always write their float)
                self._zero(a, n.size)
            _emit(n, cg, x, a)
            return
        k = len(self.sites)
        zoned = _has_zone(n)
        lst = n.node if isinstance(n, S.Opt) and isinstance(n.node, S.List) else n
        items = isinstance(lst, S.List) and _is_dict_node(lst.node)
        board = isinstance(n, S.Board)
        self.sites.append(("list" if items else "board" if board else "plain", 9 if board else 0))
        listy = isinstance(lst, (S.List, S.Board))
        if listy:   # (a list can be a new one holding the same items)
            c = cg.var("c")
            cg.emit(f"{c} = C[{k}]")
            cg.emit(f"if {x} is {c} or ({x}.__class__ in LISTS and {c}.__class__ in SEQS and len({x}) == len({c})"
                    f" and all(map(IS, {x}, {c}))):")
        else:
            cg.emit(f"if {x} is C[{k}]:")
        cg.ind += 1
        cg.emit("pass")   # (its card locations CL[k] are still right)
        cg.ind -= 1
        cg.emit("else:")
        cg.ind += 1
        if zoned:
            cg.emit("L = []")   # this site's card locations
        outside, cg.listed = cg.listed, set()
        if items:
            self._items(n, lst, x, a, k)
        elif board:
            self._board(n, x, a, k)
        else:
            self._zero(a, n.size)
            _emit(n, cg, x, a)
        cg.emit(f"C[{k}] = KEY({x})" if listy else f"C[{k}] = {x} if {x}.__class__ in SAFE else NOT")
        if zoned:
            cg.emit(f"CL[{k}] = L")
        self.site_zones.append(frozenset(cg.listed) if zoned else frozenset())
        cg.listed |= outside
        cg.ind -= 1

    def _items(self, n: S.Node, lst: S.List, x: str, a: int, k: int) -> None:
        """A list of cards (``n`` is the list or an Opt of it), item by item: the items that
        are the same objects as last time at the same index (found by one C-level comparison)
        keep their floats and card locations; only the others are encoded. ``CI[k]``: the items
        last encoded (``NOT`` for one that is not safe to recognise); ``CIL[k]``: the card
        locations of each."""
        cg = self.cg
        lo = a
        if n is not lst:   # Opt(List)
            cg.emit(f"if {x} is None:")
            cg.ind += 1
            self._zero(a, n.size)
            cg.emit(f"CI[{k}] = []; CIL[{k}] = []")
            cg.ind -= 1
            cg.emit("else:")
            cg.ind += 1
            cg.emit(f"b[{a}] = 1.0")
            lo = a + 1
        step, cap = lst.node.size, lst.cap
        zoned = _has_zone(lst)
        cnt, i, it, base, pi, pl, pn, eq, ni, nl, keep = (cg.var(p) for p in (
            "n", "i", "x", "o", "pi", "pl", "pn", "eq", "ni", "nl", "L"))
        cg.emit(f"{cnt} = len({x})")
        cg.emit(f"b[{lo}] = {cnt}")
        cg.emit(f"if {cnt} > {cap}: {x} = {x}[:{cap}]; {cnt} = {cap}")
        cg.emit(f"{pi} = CI[{k}]; {pl} = CIL[{k}]; {pn} = len({pi})")
        cg.emit(f"{eq} = list(map(IS, {x}, {pi}))")
        cg.emit(f"if {cnt} <= {pn}: {ni} = {pi}[:{cnt}]; {nl} = {pl}[:{cnt}]")
        cg.emit(f"else: {ni} = {pi} + [NOT] * ({cnt} - {pn}); {nl} = {pl} + [()] * ({cnt} - {pn})")
        if zoned:
            cg.emit(f"{keep} = L")
        cg.emit(f"for {i} in CHAIN2(COMPRESS(range(len({eq})), map(NOT_, {eq})), range(len({eq}), {cnt})):")
        cg.ind += 1
        cg.emit(f"{it} = {x}[{i}]")
        cg.emit(f"{base} = {lo + 1}+{i}*{step}")
        self._zero_sizes.add(step)
        cg.emit(f"if {i} < {pn}: b[{base}:{base}+{step}] = Z{step}")
        if zoned:
            cg.emit("L = []")
        saved = cg.outer
        if lst.zone is not None:
            iid = f"{it}['iid']" if _is_dict_node(lst.node) else it
            cg.emit(f"L.append(({iid}, {cg.zone(cg.prefix + lst.zone)!r}, {i}))")
            cg.outer = i
        _emit(lst.node, cg, it, base)
        cg.outer = saved
        cg.emit(f"{ni}[{i}] = {it} if {it}.__class__ in ITEMS else NOT")
        if zoned:
            cg.emit(f"{nl}[{i}] = L")
        cg.ind -= 1
        if zoned:
            cg.emit(f"L = {keep}")
            cg.emit(f"L.extend(CHAIN({nl}))")
        cg.emit(f"if {pn} > {cnt}: BM[{lo + 1}+{cnt}*{step}:{lo + 1}+{pn}*{step}] = ZM[:({pn}-{cnt})*{step}]")
        cg.emit(f"CI[{k}] = {ni}; CIL[{k}] = {nl}")
        if n is not lst:
            cg.ind -= 1

    def _board(self, n: S.Board, x: str, a: int, k: int) -> None:
        """The Z/X board, square by square: the squares whose view is the same object as last
        time (one C-level comparison) keep their floats and card locations."""
        cg = self.cg
        step = 1 + n.node.size
        self._zero_sizes.add(step)
        sq, pi, pl, eq, r, u, base, keep = (cg.var(p) for p in ("sq", "pi", "pl", "eq", "r", "u", "o", "L"))
        cg.emit(f"{sq} = {x} if viewer == 0 else {x}[::-1]")
        cg.emit(f"{pi} = CI[{k}]; {pl} = CIL[{k}]")
        cg.emit(f"{eq} = list(map(IS, {sq}, {pi}))")
        cg.emit(f"if len({eq}) != 9: raise IndexError('a board has 9 squares')")
        cg.emit(f"if False in {eq}:")
        cg.ind += 1
        cg.emit(f"{keep} = L")
        cg.emit(f"for {r} in COMPRESS(R9, map(NOT_, {eq})):")
        cg.ind += 1
        cg.emit("L = []")
        cg.emit(f"{u} = {sq}[{r}]")
        cg.emit(f"{base} = {a}+{r}*{step}")
        cg.emit(f"b[{base}:{base}+{step}] = Z{step}")
        cg.emit(f"if {u} is not None:")
        cg.ind += 1
        cg.emit(f"b[{base}] = 1.0")
        cg.emit(f"if 'iid' in {u}: L.append(({u}['iid'], {cg.zone(n.zone)!r}, {r}))")
        _emit(n.node, cg, u, f"{base}+1")
        cg.ind -= 1
        cg.emit(f"{pi}[{r}] = {u} if {u}.__class__ in ITEMS else NOT")
        cg.emit(f"{pl}[{r}] = L")
        cg.ind -= 1
        cg.emit(f"L = {keep}")
        cg.ind -= 1
        cg.emit(f"L.extend(CHAIN({pl}))")

    def state(self) -> "IncState":
        return IncState(self)


class IncState:
    """One seat's memo for ``Incremental``: the buffer of its last encoding and, per site, the
    value it encoded (``NOT`` when none) and the card locations it listed."""

    __slots__ = ("inc", "b", "BM", "C", "CL", "CI", "CIL", "viewer")

    def __init__(self, inc: Incremental):
        self.inc = inc
        self.viewer = None
        self.b = array("f", bytes(4 * inc.size))   # one buffer for good (numpy reads it)
        self.BM = memoryview(self.b)
        self.clear()

    def clear(self) -> None:
        """Forget every memo: a zero buffer, no site remembered."""
        inc = self.inc
        self.BM[:] = array("f", bytes(4 * inc.size))
        n = len(inc.sites)
        self.C = [NOT] * n
        self.CL = [()] * n
        self.CI = [[NOT] * 9 if kind == "board" else [] for kind, _ in inc.sites]
        self.CIL = [[()] * 9 if kind == "board" else [] for kind, _ in inc.sites]

    def encode(self, obs: dict, viewer: int) -> tuple[array, list]:
        """The buffer (updated in place: copy before handing it out) and the card locations."""
        if viewer != self.viewer:
            self.clear()
            self.viewer = viewer
        L: list = []
        self.inc.fn(obs, viewer, self.b, L, self.C, self.CL, self.CI, self.CIL, self.BM)
        L.extend(itertools.chain.from_iterable(self.CL))
        return self.b, L
