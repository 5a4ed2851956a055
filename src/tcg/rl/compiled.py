"""The fast path of the encoding: the schema compiled into one generated Python function.

The nodes of ``schema.py`` interpret an observation one method call per field, which is what
strict mode (the tests) needs: paths in error messages, every key and range checked. Training needs
speed instead, so ``compile_schema`` writes the same walk out as straight-line Python code (offsets
folded into constants, card rows copied with one slice each) into an ``array('f')`` that numpy then
reads without a copy. The tests check that both paths give identical vectors and card locations.
"""
from __future__ import annotations

import zlib
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
    if t is S.Num:
        e = v
        if node.shift:
            e = f"({e}+{node.shift!r})"
        if node.scale != 1:
            e = f"{e}/{node.scale!r}"
        cg.emit(f"b[{off}] = {e}")
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

        def name(w, names=names):
            i = names.get(w)
            return i if i is not None else 65536 + zlib.crc32(str(w).encode()) % (1 << 23)
        cg.emit(f"b[{off}] = {cg.const(name)}({v})")
    elif t is S.Const:
        pass
    elif t is S.Opt:
        cg.emit(f"if {v} is not None:")
        cg.ind += 1
        cg.emit(f"b[{off}] = 1.0")
        _emit(node.node, cg, v, _add(off, 1))
        cg.ind -= 1
    elif t is S.Obj:
        o = 0
        for k, n in node.fields:
            if n.size:
                w = cg.var()
                cg.emit(f"{w} = {v}.get({k!r})" if isinstance(n, S.Opt) else f"{w} = {v}[{k!r}]")
                _emit(n, cg, w, _add(off, o))
            o += n.size
    elif t is S.List:
        n, i, x, base = cg.var("n"), cg.var("i"), cg.var("x"), cg.var("o")
        cg.emit(f"{n} = len({v})")
        cg.emit(f"b[{off}] = {n}")
        cg.emit(f"if {n} > {node.cap}: {v} = {v}[:{node.cap}]")
        cg.emit(f"for {i}, {x} in enumerate({v}):")
        cg.ind += 1
        cg.emit(f"{base} = {_add(off, 1)}+{i}*{node.node.size}")
        saved = cg.outer
        if node.zone is not None:
            slot = cg.var("s")
            cg.emit(f"{slot} = {saved}*{node.cap}+{i}" if saved != "0" else f"{slot} = {i}")
            iid = f"{x}['iid']" if _is_dict_node(node.node) else x
            cg.emit(f"L.append(({iid}, {cg.prefix + node.zone!r}, {slot}))")
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
        cg.emit(f"{base} = {off}+{r}*{step}")
        cg.emit(f"b[{base}] = 1.0")
        cg.emit(f"if 'iid' in {x}: L.append(({x}['iid'], {node.zone!r}, {r}))")
        _emit(node.node, cg, x, f"{base}+1")
        cg.ind -= 1
    elif t is S.Variant:
        o = len(node.cases)
        for i, (_, test, n) in enumerate(node.cases):
            cg.emit(f"{'if' if i == 0 else 'elif'} {cg.const(test)}({v}):")
            cg.ind += 1
            cg.emit(f"b[{_add(off, i)}] = 1.0")
            _emit(n, cg, v, _add(off, o))
            cg.emit("pass")
            cg.ind -= 1
            o += n.size
    elif t is S.Card:
        k, iid = cg.var("k"), cg.var("d")
        cg.emit(f"{k} = IDX.get({v}['id'], 0)")
        cg.emit(f"{iid} = {v}['iid']")
        cg.emit(f"b[{off}] = {k}")
        cg.emit(f"b[{_add(off, 1)}] = {iid}+1")
        w = node.width or 0
        if w:
            cg.emit(f"b[{_add(off, 2)}:{_add(off, 2 + w)}] = ROWS[{k}]")
        if node.zone is not None:
            cg.emit(f"L.append(({iid}, {cg.prefix + node.zone!r}, {cg.outer}))")
        _emit(node.state, cg, v, _add(off, 2 + w))
    else:  # pragma: no cover - a new node type must be taught here
        raise TypeError(f"cannot compile {t.__name__}")


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
