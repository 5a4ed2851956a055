"""A small schema language for turning a game's ``observe(player)`` dict into a fixed-size vector.

Each game's ``games/<id>/encode.py`` describes its observation with these nodes (``OBSERVATION``)
and its fixed action catalogue (``ACTIONS``, see ``tcg.rl.actions``). The schema is the whole
contract between the engine's JSON view and the tensor a learner sees:

* every key of the observation is named by the schema (or is a printed fact of the card named by
  the card's ``id``, which the card-set row encodes); strict encoding (the tests) raises
  ``EncodingError`` on any key, value, enum word or list length the schema does not cover, so
  nothing the player sees is silently dropped and nothing else is ever read;
* the encoding is seat-relative: seats come as ``me`` then ``opp``, seat numbers become
  "mine / the opponent's" (and the viewer's absolute seat is one feature of its own);
* card lists keep their order; each card slot holds the card-set index and the instance id of
  the card (so two observations that differ give two encodings), and the "detailed" zones add
  the card's printed numbers (precomputed per card) and its state on the table.

No node imports numpy: ``enc`` writes into whatever indexable float buffer it is given.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence


class EncodingError(ValueError):
    """The observation holds something the schema does not describe (strict mode only)."""


class Ctx:
    """State of one encoding pass."""

    __slots__ = ("viewer", "strict", "locs", "prefix", "cards", "path", "outer")

    def __init__(self, viewer: int, strict: bool, cards: "CardTable"):
        self.viewer = viewer
        self.strict = strict
        self.locs: dict[int, list[tuple[str, int]]] = {}   # iid -> [(zone, slot), ...]
        self.prefix = ""
        self.cards = cards
        self.path = ""
        self.outer = 0   # slot of the enclosing zoned list item (nested zones number across it)

    def fail(self, what: str) -> None:
        raise EncodingError(f"{self.path or '<root>'}: {what}")


class Node:
    size = 0

    def enc(self, v: Any, out, off: int, ctx: Ctx) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def layout(self, name: str) -> list[tuple[str, int, str]]:
        """(name, size, description) rows for the documentation."""
        return [(name, self.size, self.describe())]

    def describe(self) -> str:
        return type(self).__name__

    def bounds(self) -> list[tuple[float, float]]:
        return [(0.0, 1.0)] * self.size

    def kinds(self) -> list[str]:
        """Per feature: ``"f"`` (a number), or an integer id for an embedding: ``"card"`` (card-set
        index + 1), ``"iid"`` (instance id + 1) or ``"name"`` (name index)."""
        return ["f"] * self.size

    def zones(self, prefix: str) -> dict[str, int]:
        """Zones (for the action table) found under this node: name -> slots."""
        return {}


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class Num(Node):
    """A number ``lo..hi``, stored as ``(v + shift) / scale``."""

    size = 1

    def __init__(self, lo: float, hi: float, scale: float = 1.0, shift: float = 0.0):
        self.lo, self.hi, self.scale, self.shift = lo, hi, float(scale), float(shift)
        self.kind = "f"   # "iid" for a Ref

    def enc(self, v, out, off, ctx):
        if ctx.strict and (not _is_num(v) or not self.lo <= v <= self.hi):
            ctx.fail(f"expected a number {self.lo}..{self.hi}, got {v!r}")
        out[off] = (v + self.shift) / self.scale

    def bounds(self):
        return [((self.lo + self.shift) / self.scale, (self.hi + self.shift) / self.scale)]

    def kinds(self):
        return [self.kind]

    def describe(self):
        s = f"number {self.lo}..{self.hi}"
        if self.shift:
            s += f" (+{self.shift:g})"
        if self.scale != 1:
            s += f" /{self.scale:g}"
        return s


def Ref(max_iid: int = 255) -> Num:
    """A card instance id (``-1`` = none), stored as iid + 1 (0 = none): an integer id."""
    n = Num(-1, max_iid, shift=1)
    n.kind = "iid"
    return n


class Bool(Node):
    size = 1

    def enc(self, v, out, off, ctx):
        if ctx.strict and not isinstance(v, bool):
            ctx.fail(f"expected true/false, got {v!r}")
        out[off] = 1.0 if v else 0.0

    def describe(self):
        return "0/1"


class Enum(Node):
    """One word of a fixed vocabulary, one-hot."""

    def __init__(self, values: Sequence[Any]):
        self.values = list(values)
        self.index = {v: i for i, v in enumerate(self.values)}
        self.size = len(self.values)

    def enc(self, v, out, off, ctx):
        i = self.index.get(v)
        if i is None:
            if ctx.strict:
                ctx.fail(f"{v!r} is not one of {self.values}")
            return
        out[off + i] = 1.0

    def describe(self):
        return "one-hot " + "|".join(map(str, self.values))


class Seat(Node):
    """A seat number, stored relative to the viewer: 0 = the viewer, 1 = the opponent."""

    size = 1

    def enc(self, v, out, off, ctx):
        if ctx.strict and (not isinstance(v, int) or isinstance(v, bool) or v not in (0, 1)):
            ctx.fail(f"expected a seat 0/1, got {v!r}")
        out[off] = 0.0 if v == ctx.viewer else 1.0

    def describe(self):
        return "seat: 0 = viewer, 1 = opponent"


class Square(Node):
    """A Z/X board square 0..8 (or -1 = none/the player), turned round for seat 1 (8 - sq) so
    that the viewer's own player square is always 7; stored as relative square + 1."""

    size = 1

    def enc(self, v, out, off, ctx):
        if ctx.strict and (not _is_num(v) or not -1 <= v <= 8):
            ctx.fail(f"expected a square -1..8, got {v!r}")
        out[off] = 0.0 if v < 0 else float(relative_square(v, ctx.viewer) + 1)

    def bounds(self):
        return [(0.0, 9.0)]

    def describe(self):
        return "square relative to the viewer + 1 (0 = none)"


def relative_square(sq: int, viewer: int) -> int:
    return sq if viewer == 0 or sq < 0 else 8 - sq


class Name(Node):
    """A card name (Japanese or English), stored as its index + 1 among the card set's names (an
    integer id for an embedding): the cards' own names, then the other words their effects name
    (a part of a name an effect looks for); any word not in the card set is the one id
    ``len(names) + 1``."""

    size = 1

    def __init__(self):
        self.n_names = 0   # set by bind()

    def bind(self, table: "CardTable") -> None:
        self.n_names = len(table.names)

    def enc(self, v, out, off, ctx):
        names = ctx.cards.names
        i = names.get(v)
        if i is None:
            if ctx.strict and not isinstance(v, str):
                ctx.fail(f"expected a name, got {v!r}")
            i = len(names) + 1   # another word
        out[off] = i

    def bounds(self):
        return [(0.0, float(self.n_names + 1))]

    def kinds(self):
        return ["name"]

    def describe(self):
        return ("card name: index + 1 among the card set's names and the words its effects name "
                "(any other word: their count + 1)")


class Const(Node):
    """A value that never changes (checked in strict mode, no features)."""

    size = 0

    def __init__(self, value: Any):
        self.value = value

    def enc(self, v, out, off, ctx):
        if ctx.strict and v != self.value:
            ctx.fail(f"expected the constant {self.value!r}, got {v!r}")

    def layout(self, name):
        return []


class Opt(Node):
    """A value that may be missing or null: one presence flag, then the value."""

    def __init__(self, node: Node):
        self.node = node
        self.size = 1 + node.size

    def enc(self, v, out, off, ctx):
        if v is None:
            return
        out[off] = 1.0
        self.node.enc(v, out, off + 1, ctx)

    def layout(self, name):
        return [(f"{name}?", 1, "present")] + self.node.layout(name)

    def bounds(self):
        return [(0.0, 1.0)] + self.node.bounds()

    def kinds(self):
        return ["f"] + self.node.kinds()

    def zones(self, prefix):
        return self.node.zones(prefix)


class Obj(Node):
    """A dict with known keys (in this order). A key may be missing only under ``Opt``."""

    def __init__(self, fields: Sequence[tuple[str, Node]] | dict[str, Node], open_keys: bool = False):
        self.open_keys = open_keys   # other keys are checked by the owner (a Card's printed facts)
        self.fields = list(fields.items()) if isinstance(fields, dict) else list(fields)
        self.keys = frozenset(k for k, _ in self.fields)
        self.size = sum(n.size for _, n in self.fields)
        offs, o = [], 0
        for k, n in self.fields:
            offs.append((k, n, o))
            o += n.size
        self._offs = [t for t in offs if t[1].size or isinstance(t[1], Const)]

    def enc(self, v, out, off, ctx):
        if ctx.strict:
            if not isinstance(v, dict):
                ctx.fail(f"expected an object, got {v!r}")
            extra = set(v) - self.keys
            if extra and not self.open_keys:
                ctx.fail(f"keys not in the schema: {sorted(extra)}")
            base = ctx.path
            for k, n, o in self._offs:
                ctx.path = f"{base}.{k}"
                if k not in v and not isinstance(n, Opt):
                    ctx.fail("missing")
                x = v.get(k)
                if x is None and not isinstance(n, Opt):
                    ctx.fail("null where a value is required")
                n.enc(x, out, off + o, ctx)
            ctx.path = base
            return
        get = v.get
        for k, n, o in self._offs:
            n.enc(get(k), out, off + o, ctx)

    def layout(self, name):
        rows = []
        for k, n in self.fields:
            rows += n.layout(f"{name}.{k}" if name else k)
        return rows

    def bounds(self):
        b = []
        for _, n in self.fields:
            b += n.bounds()
        return b

    def kinds(self):
        k = []
        for _, n in self.fields:
            k += n.kinds()
        return k

    def zones(self, prefix):
        z = {}
        for k, n in self.fields:
            z.update(n.zones(prefix))
        return z


class List(Node):
    """A list of at most ``cap`` values, in order: its length, then ``cap`` slots. ``zone`` names
    the list for the action table (the slot of a card is its index here)."""

    def __init__(self, node: Node, cap: int, zone: str | None = None):
        self.node, self.cap, self.zone = node, cap, zone
        self.size = 1 + cap * node.size

    def enc(self, v, out, off, ctx):
        n = len(v)
        out[off] = n
        if n > self.cap:
            if ctx.strict:
                ctx.fail(f"{n} items, more than the {self.cap} slots")
            v = v[:self.cap]
        node, step = self.node, self.node.size
        o = off + 1
        if self.zone is not None:
            zone, locs, outer, cap = ctx.prefix + self.zone, ctx.locs, ctx.outer, self.cap
            base = ctx.path
            for i, x in enumerate(v):
                iid = x.get("iid") if isinstance(x, dict) else x
                slot = outer * cap + i
                if isinstance(iid, int):
                    locs.setdefault(iid, []).append((zone, slot))
                if ctx.strict:
                    ctx.path = f"{base}[{i}]"
                ctx.outer = slot
                node.enc(x, out, o + i * step, ctx)
            ctx.outer = outer
            ctx.path = base
        elif ctx.strict:
            base = ctx.path
            for i, x in enumerate(v):
                ctx.path = f"{base}[{i}]"
                node.enc(x, out, o + i * step, ctx)
            ctx.path = base
        else:
            for i, x in enumerate(v):
                node.enc(x, out, o + i * step, ctx)

    def layout(self, name):
        rows = [(f"{name}#", 1, f"count (slots: {self.cap})")]
        inner = self.node.layout("")
        parts = ", ".join(f"{n.lstrip('.') or 'value'} ({s})" for n, s, _ in inner)
        rows.append((f"{name}[]", self.cap * self.node.size,
                     f"{self.cap} slots of {self.node.size}: {parts}"))
        return rows

    def bounds(self):
        return [(0.0, float(self.cap))] + self.node.bounds() * self.cap

    def kinds(self):
        return ["f"] + self.node.kinds() * self.cap

    def zones(self, prefix):
        """This list's zone, and zones nested in its items numbered across them (item slot *
        inner cap + inner index)."""
        if not self.zone:
            return {}
        z = {prefix + self.zone: self.cap}
        for k, n in self.node.zones(prefix).items():
            z[k] = n * self.cap
        return z


class Seats(Node):
    """The per-player list, reordered viewer first: ``me`` then ``opp``."""

    def __init__(self, node: Node, players: int = 2):
        self.node, self.players = node, players
        self.size = players * node.size

    def enc(self, v, out, off, ctx):
        if ctx.strict and (not isinstance(v, list) or len(v) != self.players):
            ctx.fail(f"expected {self.players} players, got {v!r}")
        viewer = ctx.viewer
        step = self.node.size
        base = ctx.path
        for rel in range(self.players):
            p = (viewer + rel) % self.players
            ctx.prefix = "me." if rel == 0 else "opp."
            ctx.path = f"{base}[{p}]"
            self.node.enc(v[p], out, off + rel * step, ctx)
        ctx.prefix = ""
        ctx.path = base

    def layout(self, name):
        rows = []
        for who in ("me", "opp")[:self.players]:
            rows += self.node.layout(f"{name}.{who}")
        return rows

    def bounds(self):
        return self.node.bounds() * self.players

    def kinds(self):
        return self.node.kinds() * self.players

    def zones(self, prefix):
        z = {}
        for who in ("me.", "opp."):
            z.update(self.node.zones(who))
        return z


class Board(Node):
    """The Z/X board: 9 squares (null = empty), stored seat-relative (square ``sq`` of seat 1's
    view is slot ``8 - sq``), each as a presence flag and the node. Zone ``zone`` for actions."""

    def __init__(self, node: Node, zone: str = "board"):
        self.node, self.zone = node, zone
        self.size = 9 * (1 + node.size)

    def enc(self, v, out, off, ctx):
        if ctx.strict and (not isinstance(v, list) or len(v) != 9):
            ctx.fail(f"expected 9 squares, got {v!r}")
        step = 1 + self.node.size
        base = ctx.path
        for rel in range(9):
            sq = rel if ctx.viewer == 0 else 8 - rel
            x = v[sq]
            if x is None:
                continue
            o = off + rel * step
            out[o] = 1.0
            if ctx.strict:
                ctx.path = f"{base}[{sq}]"
            self.node.enc(x, out, o + 1, ctx)
            iid = x.get("iid")
            if isinstance(iid, int):
                ctx.locs.setdefault(iid, []).append((self.zone, rel))
        ctx.path = base

    def layout(self, name):
        inner = self.node.layout("")
        parts = ", ".join(f"{n.lstrip('.') or 'value'} ({s})" for n, s, _ in inner)
        return [(f"{name}[]", self.size, f"9 squares (seat-relative) of {1 + self.node.size}: "
                 f"occupied (1), {parts}")]

    def bounds(self):
        return ([(0.0, 1.0)] + self.node.bounds()) * 9

    def kinds(self):
        return (["f"] + self.node.kinds()) * 9

    def zones(self, prefix):
        return {self.zone: 9}


class Variant(Node):
    """A value of one of several shapes: a one-hot of which shape, then each shape's slots."""

    def __init__(self, cases: Sequence[tuple[str, Callable[[Any], bool], Node]]):
        self.cases = list(cases)
        self.size = len(self.cases) + sum(n.size for _, _, n in self.cases)

    def enc(self, v, out, off, ctx):
        o = off + len(self.cases)
        for i, (_, test, node) in enumerate(self.cases):
            if test(v):
                out[off + i] = 1.0
                node.enc(v, out, o, ctx)
                return
            o += node.size
        if ctx.strict:
            ctx.fail(f"no case of {[c[0] for c in self.cases]} matches {v!r}")

    def layout(self, name):
        rows = [(f"{name}:case", len(self.cases), "one-hot " + "|".join(c[0] for c in self.cases))]
        for cname, _, node in self.cases:
            rows += node.layout(f"{name}<{cname}>")
        return rows

    def bounds(self):
        b = [(0.0, 1.0)] * len(self.cases)
        for _, _, n in self.cases:
            b += n.bounds()
        return b

    def kinds(self):
        k = ["f"] * len(self.cases)
        for _, _, n in self.cases:
            k += n.kinds()
        return k

    def zones(self, prefix):
        z = {}
        for _, _, n in self.cases:
            z.update(n.zones(prefix))
        return z


_NAME_KEYS = ("name", "names", "name_en")


def _named_words(card, depth: int = 10) -> set[str]:
    """The strings under a ``name`` / ``names`` key of a dict anywhere in a card's fields (its
    effects' filters and the names they grant), beside its own name. Walks dicts, sequences and
    the attributes of the engine's own objects (abilities, effect ops)."""
    found: set[str] = set()
    seen: set[int] = set()

    def attrs(v):
        out = {}
        for cls in type(v).__mro__:
            for k in getattr(cls, "__slots__", ()):
                if hasattr(v, k):
                    out[k] = getattr(v, k)
        if hasattr(v, "__dict__"):
            out.update(vars(v))
        return out

    def walk(v, key, d):
        if d < 0 or v is None or isinstance(v, (bool, int, float)):
            return
        if isinstance(v, str):
            if key in _NAME_KEYS:
                found.add(v)
            return
        if id(v) in seen:
            return
        seen.add(id(v))
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, k, d - 1)
        elif isinstance(v, (list, tuple, set, frozenset)):
            for x in v:
                walk(x, key, d - 1)
        elif type(v).__module__.startswith("tcg."):
            # an object's own attributes are not keys of the card data (an effect op's ``name``
            # is the op): only dict keys name words
            for k, x in attrs(v).items():
                if not k.startswith("__"):
                    walk(x, None, d - 1)

    for k, x in attrs(card).items():
        if k not in _NAME_KEYS and k != "id":   # its own name is a card name already
            walk(x, None, depth)
    return found


class CardTable:
    """The loaded card set as numbers: card id -> (index + 1, printed-facts row, printed facts).

    The printed facts of a card (cost, power, colour...) are a function of its id, so a card slot
    stores them from this table instead of reading them off each view."""

    IGNORED = ("id", "name", "name_en")
    MAX_VOCAB = 48

    def __init__(self, cards: Iterable[Any], printed: Callable[[Any], dict[str, Any]]):
        cards = sorted(cards, key=lambda c: c.id)
        self.facts = {c.id: printed(c) for c in cards}
        self.index = {c.id: i + 1 for i, c in enumerate(cards)}
        keys: dict[str, list[Any]] = {}
        for f in self.facts.values():
            for k, v in f.items():
                if k not in self.IGNORED:
                    keys.setdefault(k, []).append(v)
        self.columns: list[tuple[str, str, Any]] = []   # (key, kind, vocabulary/scale)
        for k in sorted(keys):
            vals = [v for v in keys[k] if v is not None]
            if vals and all(isinstance(v, bool) for v in vals):
                self.columns.append((k, "bool", None))
            elif vals and all(_is_num(v) for v in vals):
                top = max(abs(v) for v in vals) or 1
                scale = 1000.0 if top >= 1000 else 1.0
                self.columns.append((k, "num", scale))
            elif vals and all(isinstance(v, str) for v in vals):
                vocab = sorted(set(vals))
                if len(vocab) <= self.MAX_VOCAB:
                    self.columns.append((k, "enum", vocab))
            elif vals and all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in vals):
                vocab = sorted({x for v in vals for x in v})
                if len(vocab) <= self.MAX_VOCAB:
                    self.columns.append((k, "multi", vocab))
        words = sorted({w for f in self.facts.values() for w in (f.get("name"), f.get("name_en")) if w})
        # then the other words the cards' effects name ("a card whose name contains ソラ"): each
        # its own id after the card names
        named = set(words)
        extra = sorted({w for c in cards for w in _named_words(c)} - named)
        self.names = {w: i + 1 for i, w in enumerate(words + extra)}
        self.width = sum(self._col_size(c) for c in self.columns)
        self.rows = {cid: self._row(f) for cid, f in self.facts.items()}
        self.zero = [0.0] * self.width

    @staticmethod
    def _col_size(col) -> int:
        _, kind, extra = col
        return {"bool": 1, "num": 2}.get(kind) or len(extra)

    def _row(self, facts: dict[str, Any]) -> list[float]:
        row: list[float] = []
        for k, kind, extra in self.columns:
            v = facts.get(k)
            if kind == "bool":
                row.append(1.0 if v else 0.0)
            elif kind == "num":
                row += [0.0, 0.0] if v is None else [1.0, v / extra]
            elif kind == "enum":
                row += [1.0 if v == w else 0.0 for w in extra]
            else:
                row += [float((v or []).count(w)) for w in extra]
        return row

    def layout(self) -> list[tuple[str, int, str]]:
        rows = []
        for k, kind, extra in self.columns:
            if kind == "bool":
                rows.append((k, 1, "0/1"))
            elif kind == "num":
                rows.append((k, 2, "present, value" + (f" /{extra:g}" if extra != 1 else "")))
            elif kind == "enum":
                rows.append((k, len(extra), "one-hot " + "|".join(map(str, extra))))
            else:
                rows.append((k, len(extra), "counts of " + "|".join(map(str, extra))))
        return rows

    def bounds(self) -> list[tuple[float, float]]:
        lo = [min(r[i] for r in self.rows.values()) if self.rows else 0.0 for i in range(self.width)]
        hi = [max(r[i] for r in self.rows.values()) if self.rows else 1.0 for i in range(self.width)]
        return [(min(0.0, a), max(1.0, b)) for a, b in zip(lo, hi)]


class Card(Node):
    """A face-up card view ``{"iid", "id", <printed facts>, <state>}``.

    Slots: card-set index + 1 (0 = empty slot), instance id + 1, then (``printed=True``) the
    card-set row of its printed facts, then the ``state`` fields. Any key that is neither a state
    field nor an unchanged printed fact is an error in strict mode. ``zone`` names a single-card
    place (e.g. a leader) for the action table."""

    def __init__(self, state: Sequence[tuple[str, Node]] | dict[str, Node] | None = None,
                 printed: bool = True, zone: str | None = None, max_iid: int = 255):
        self.state = Obj(state or {}, open_keys=True)
        self.printed = printed
        self.zone = zone
        self.max_iid = max_iid
        self.width: int | None = None   # set by bind(): the card table's row width
        self.n_cards = 4096             # set by bind(): the card set's size
        self.size = 2 + self.state.size

    def bind(self, table: CardTable) -> None:
        self.width = table.width if self.printed else 0
        self.n_cards = len(table.index)
        self.size = 2 + self.width + self.state.size

    def enc(self, v, out, off, ctx):
        table = ctx.cards
        cid = v.get("id")
        iid = v.get("iid")
        idx = table.index.get(cid, 0)
        if ctx.strict:
            if not isinstance(iid, int) or not 0 <= iid <= self.max_iid:
                ctx.fail(f"card without a valid iid: {v!r}")
            if idx == 0:
                ctx.fail(f"card id {cid!r} is not in the card set")
            facts = table.facts[cid]
            skeys = self.state.keys
            for k, x in v.items():
                if k in ("iid", "id") or k in skeys:
                    continue
                if k not in facts or facts[k] != x:
                    ctx.fail(f"key {k!r}={x!r} is neither a state field nor the printed fact "
                             f"({facts.get(k, '<absent>')!r})")
        out[off] = idx
        out[off + 1] = iid + 1
        w = self.width
        if w:
            out[off + 2:off + 2 + w] = table.rows.get(cid, table.zero)
        if self.state.size:
            self.state.enc(v, out, off + 2 + w, ctx)
        if self.zone is not None:
            ctx.locs.setdefault(iid, []).append((ctx.prefix + self.zone, ctx.outer))

    def layout(self, name):
        rows = [(f"{name}.card", 1, "card-set index + 1 (0 = none)"),
                (f"{name}.iid", 1, "instance id + 1")]
        if self.printed:
            rows.append((f"{name}.printed", self.width or 0, "printed facts (card-set row)"))
        rows += self.state.layout(name)
        return rows

    def bounds(self):
        b = [(0.0, float(self.n_cards)), (0.0, float(self.max_iid + 1))]
        if self.printed:
            b += self._table_bounds
        return b + self.state.bounds()

    def kinds(self):
        return ["card", "iid"] + ["f"] * (self.width if self.printed else 0) + self.state.kinds()

    def zones(self, prefix):
        z = {prefix + self.zone: 1} if self.zone else {}
        z.update(self.state.zones(prefix))
        return z


def bind_cards(node: Node, table: CardTable) -> None:
    """Give every Card node its card-set row width (and recompute the sizes above it)."""
    tb = table.bounds()

    def walk(n: Node) -> None:
        if isinstance(n, Name):
            n.bind(table)
        elif isinstance(n, Card):
            walk(n.state)
            n.bind(table)
            n._table_bounds = tb if n.printed else []
        elif isinstance(n, Opt):
            walk(n.node)
            n.size = 1 + n.node.size
        elif isinstance(n, Obj):
            for _, c in n.fields:
                walk(c)
            n.__init__(n.fields, n.open_keys)
        elif isinstance(n, List):
            walk(n.node)
            n.size = 1 + n.cap * n.node.size
        elif isinstance(n, Seats):
            walk(n.node)
            n.size = n.players * n.node.size
        elif isinstance(n, Board):
            walk(n.node)
            n.size = 9 * (1 + n.node.size)
        elif isinstance(n, Variant):
            for _, _, c in n.cases:
                walk(c)
            n.size = len(n.cases) + sum(c.size for _, _, c in n.cases)

    walk(node)


#: why a game ended, over all four games (``result.reason``)
REASONS = ["concede", "decision_limit", "step_limit", "deck_out", "life", "hp", "close", "card",
           "refresh_loop"]


def Result() -> Opt:
    """``result``: null while playing, else the winner (seat-relative, null for a draw) and why."""
    return Opt(Obj({"winner": Opt(Seat()), "reason": Enum(REASONS)}))
