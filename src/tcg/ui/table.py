"""The terminal's drawing of a board description (``tcg.present.board``): one renderer for every game.

Compact by design: counters and piles of a side share lines, a row of cards is one line per card
(name, kind, cost, stats, states; a longer line wraps under itself), grids and tracks are tables
whose cells hold the cards on them. Wider terminals get wider cells, never more cut names.

``render(desc)`` draws the whole table. The play loop gives the drawing a height (``max_lines``,
the lines left above the options and the prompt); a table taller than that is shortened step by
step until it fits (``SHAPES``): identical cards folded into one line (×2) and empty rows moved
onto the counters' lines; each card on one line (its least useful facts left out, never its name);
the hand, then the other rows one at a time, as one line of names; the grid's cells packed, then
listed; at last every row on one line. A shortened table says so in its last line ("b" draws it
whole). When even that does not fit, the title and the status (what is being decided) are drawn at
the bottom, next to the options, since the top of the table scrolls out of view.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping, Sequence

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

COLOR_STYLE = {"red": "bold red", "blue": "bold blue", "white": "bold white", "black": "bold bright_black",
               "green": "bold green", "yellow": "bold yellow", "purple": "bold magenta",
               "colorless": "bold", "rainbow": "bold magenta"}
TONE_STYLE = {"": "bold", "good": "bold green", "bad": "bold red", "warn": "bold yellow"}


def owner_style(owner: Any, viewer: Any) -> str:
    if owner is None:
        return "bold"
    if viewer is None:
        return "bold cyan" if owner == 0 else "bold yellow"
    return "bold cyan" if owner == viewer else "bold yellow"


#: characters a line may not start with (closing brackets and punctuation) or end with (opening ones)
NO_START = set("、。，．・：；？！）」』】〕》〉ー…‥ゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.;:!?)]}›→×")
NO_END = set("（「『【〔《〈([{")
#: characters after which a Japanese line breaks best (between two names, two clauses)
AFTER = set("、。，：；・）」』】〕》〉→")


def _wide(ch: str) -> bool:
    return cell_len(ch) > 1


def _mostly_wide(text: str) -> bool:
    """Japanese more than anything else (a sentence, not a name glossed in English)."""
    return sum(cell_len(ch) > 1 for ch in text) * 2 > len(text)


def _stuck(text: str, start: int, i: int) -> bool:
    """The space at ``i`` follows a short word that is run into Japanese ("。0 で"): no break there."""
    j = i - 1
    while j >= start and text[j] != " " and not _wide(text[j]):
        j -= 1
    return 0 < i - j - 1 <= 2 and j >= start and _wide(text[j])


def breaks(text: str, width: int) -> list[int]:
    """Where ``text`` breaks into lines of at most ``width`` cells: at a space when one falls in the
    second half of a line that is not mostly Japanese (so that a name between spaces, "氷刃のセツナ
    (Setsuna...)", stays whole), else after Japanese punctuation in the second half ("、" between
    two names), else between two characters of which one is Japanese (no line starts with a
    closing bracket or punctuation, none ends with an opening one); a word longer than a line is
    cut where it must."""
    out: list[int] = []
    start, used = 0, 0
    space = join = punct = None  # the last break at a space / between Japanese characters / after
    # Japanese punctuation on this line
    half = None
    i = 0
    while i < len(text):
        ch = text[i]
        w = cell_len(ch)
        if used + w > width and i > start:
            if ch == " ":
                cut = i
            elif space is not None and (join is None or space >= half and not _mostly_wide(text[start:i])):
                cut = space
            elif any(b is not None and b >= half for b in (space, punct)):  # after "、", "）" or a space:
                cut = max(b for b in (space, punct) if b is not None and b >= half)  # no name split
            elif join is not None:
                cut = max(join, space or 0)
            else:
                cut = i
            out.append(cut)
            while cut < len(text) and text[cut] == " ":
                cut += 1
            start, i, used, space, join, punct, half = cut, cut, 0, None, None, None, None
            continue
        used += w
        if half is None and used * 2 >= width:
            half = i + 1
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if ch == " " and not _stuck(text, start, i):
            space = i + 1
        elif nxt and (_wide(ch) or _wide(nxt)) and nxt not in NO_START and ch not in NO_END and nxt != " ":
            join = i + 1
            if ch in AFTER:
                punct = i + 1
        i += 1
    return out


class Hanging:
    """One line of text; when it is wider than the console, it breaks (``breaks``: between words,
    or anywhere between Japanese characters) and its further lines are indented by ``indent``
    cells under its start (a card, an event, an option), instead of starting flush left."""

    def __init__(self, text: Text | str, indent: int = 4):
        self.text = text if isinstance(text, Text) else Text(text)
        self.indent = indent

    def lines(self, width: int) -> list[Text]:
        out: list[Text] = []
        for para in self.text.split("\n", allow_blank=True):
            out.extend(self._lines(para, width))
        return out or [Text("")]

    def _lines(self, text: Text, width: int) -> list[Text]:
        indent = self.indent if width - self.indent >= 20 else 0
        out, room = [], width
        while True:
            cuts = breaks(text.plain, room)
            if not cuts:
                head = text
                head.rstrip()
                out.append(Text(" " * (width - room)) + head if room < width else head)
                return out
            head, text = text[:cuts[0]], _lstrip(text[cuts[0]:])
            head.rstrip()
            out.append(Text(" " * (width - room)) + head if room < width else head)
            room = width - indent

    def __rich_console__(self, console, options):
        for line in self.lines(options.max_width):
            yield line

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement
        return Measurement(1, min(options.max_width, cell_len(self.text.plain)))


def _lstrip(text: Text) -> Text:
    n = len(text.plain) - len(text.plain.lstrip(" "))
    return text[n:] if n else text


@dataclass(frozen=True)
class Shape:
    """How much a drawing is shortened to fit a height (see the module's docstring)."""

    #: identical cards of a row as one line with ×N; empty rows on the counters' lines
    fold: bool = False
    #: each card of a row on one line (facts left out as needed, never the name)
    one_line: bool = False
    #: ids of the rows drawn as one line of names
    names: frozenset[str] = field(default_factory=frozenset)
    #: grid and track cells packed (a card's facts on its name's line, marks on the label's line)
    packed: bool = False
    #: grids and tracks as one line per cell that holds something
    listed: bool = False
    #: ids of the rows drawn on one line: their heading and the names that fit
    heads: frozenset[str] = field(default_factory=frozenset)


FULL = Shape()


# --- cards -------------------------------------------------------------------------------------------

def _bits(c: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The facts after a card's name: (what, text, style), what being kind/cost/stat/state."""
    bits: list[tuple[str, str, str]] = []
    if c.get("kind"):
        bits.append(("kind", str(c["kind"]), "dim"))
    colour = str(c.get("color_label") or "")
    if colour or c.get("cost") is not None:
        cost = "" if c.get("cost") is None else str(c["cost"])
        bits.append(("cost", (colour + " " + cost).strip(), COLOR_STYLE.get(str(c.get("color")), "")))
    for label, value in c.get("stats") or []:
        bits.append(("stat", f"{label} {value}".strip(), ""))
    for s in c.get("states") or []:
        bits.append(("state", str(s), "magenta"))
    return bits


def _drop_order(bits: Sequence[tuple[str, str, str]], in_hand: bool) -> list[int]:
    """Which facts go first when a card must fit one line: its kind, then (in a hand, where the
    cost is what a player looks at) its states or (on the table, where a state such as "asleep" is
    what matters) its colour and cost, then the other, the last ones first, its stats last."""
    idx = {what: [i for i, b in enumerate(bits) if b[0] == what] for what in ("kind", "cost", "stat", "state")}
    later = [idx["state"][::-1], idx["cost"]] if in_hand else [idx["cost"], idx["state"][::-1]]
    return idx["kind"] + later[0] + later[1] + idx["stat"][::-1]


def card_line(c: Mapping[str, Any], viewer: Any = None, *, number: int | str | None = None,
              with_text: bool = False, copies: int = 1, width: int | None = None,
              in_hand: bool = False, lost: list[str] | None = None) -> Text:
    """One card on one line: "1. Seirena (深藍の歌姫セイレナ) · Z/X · Blue 2 · Power 3000 · Asleep".

    ``copies``: how many identical cards the line stands for (×2 after the name). ``width``: the
    line must fit that many cells: facts are left out (``_drop_order``, each added to ``lost``)
    until it does; the name is kept whole (a name wider than the line wraps)."""
    head = Text()
    if number is not None:
        head.append(f"{number}. ", style="bold")
    if c.get("face_down"):
        head.append(str(c.get("title") or "?"), style="dim")
        if copies > 1:
            head.append(f" ×{copies}", style="bold")
        return head
    head.append(str(c.get("title") or "?"), style=owner_style(c.get("owner"), viewer))
    if copies > 1:
        head.append(f" ×{copies}", style="bold")
    bits = _bits(c)
    if width is not None:
        order = _drop_order(bits, in_hand)
        keep = set(range(len(bits)))

        def size() -> int:
            return cell_len(head.plain) + sum(3 + cell_len(bits[i][1]) for i in keep)
        for i in order:
            if size() <= width:
                break
            keep.discard(i)
            if lost is not None:
                lost.append(bits[i][1])
        bits = [b for i, b in enumerate(bits) if i in keep]
    t = head
    for _, text, style in bits:
        t.append(" · ", style="dim")
        t.append(text, style=style)
    if with_text and c.get("text"):
        t.append("\n    " + str(c["text"]).replace("\n", "\n    "), style="dim")
    return t


def _key(c: Mapping[str, Any]) -> tuple:
    return (c.get("face_down"), c.get("title"), c.get("owner"), tuple(b[1] for b in _bits(c)))


def folded(cards: Iterable[Mapping[str, Any]]) -> list[tuple[Mapping[str, Any], int]]:
    """Identical cards (same name, facts and owner) as one entry with their number, in order."""
    out: list[list[Any]] = []
    where: dict[tuple, int] = {}
    for c in cards:
        k = _key(c)
        if k in where:
            out[where[k]][1] += 1
        else:
            where[k] = len(out)
            out.append([c, 1])
    return [(c, n) for c, n in out]


def cell_text(ce: Mapping[str, Any], viewer: Any, packed: bool = False) -> Text:
    label = Text(str(ce.get("label") or ""), style=TONE_STYLE.get(ce.get("tone") or "", "bold")
                 if ce.get("tone") else "dim")
    lines = [label]
    for m in ce.get("marks") or []:
        if packed:
            label.append(" · ", style="dim")
            label.append(str(m), style="yellow")
        else:
            lines.append(Text(str(m), style="yellow"))
    for c in ce.get("cards") or []:
        if c.get("face_down"):
            lines.append(Text(str(c.get("title") or "?"), style="dim"))
            continue
        name = Text(str(c.get("title") or "?"), style=owner_style(c.get("owner"), viewer))
        lines.append(name)
        facts = [f"{k} {v}".strip() for k, v in c.get("stats") or []] + [str(s) for s in c.get("states") or []]
        if facts:
            if packed:
                name.append(" · " + " · ".join(facts), style="dim")
            else:
                lines.append(Text(" · ".join(facts), style="dim"))
    return Text("\n").join(lines)


def counters_text(a: Mapping[str, Any]) -> Text:
    t = Text()
    for i, k in enumerate(a.get("counters") or []):
        if i:
            t.append("  ")
        label = str(k.get("label"))
        t.append(label if label.endswith("：") else label + " ", style="dim")  # a full-width colon needs no space
        value = str(k.get("value"))
        if k.get("max") is not None:
            value += f"/{k['max']}"
        t.append(value, style=TONE_STYLE.get(k.get("tone") or "", "bold"))
    return t


def _count(a: Mapping[str, Any]) -> Any:
    return a.get("count") if a.get("count") is not None else len(a.get("cards") or [])


def pile_text(a: Mapping[str, Any], viewer: Any) -> Text:
    t = Text()
    t.append(f"{a.get('label')} ", style="dim")
    t.append(str(_count(a)), style="bold")
    cards = a.get("cards") or []
    if cards:
        t.append(": ", style="dim")
        t.append(str(cards[-1].get("title") or "?"), style=owner_style(cards[-1].get("owner"), viewer))
    return t


def grid_table(a: Mapping[str, Any], viewer: Any, width: int, packed: bool = False) -> Table:
    cells = list(a.get("cells") or [])
    cols = max(1, int(a.get("columns") or len(cells) or 1))
    if a.get("layout") == "track":  # a track wraps into even rows when it does not fit
        fit = max(1, min(cols, len(cells), max(1, width // 18)))
        rows = -(-len(cells) // fit)
        cols = -(-len(cells) // rows)
    tab = Table(box=box.SQUARE, show_header=False, show_lines=True, padding=(0, 1), expand=True)
    for _ in range(cols):
        tab.add_column(ratio=1, overflow="fold")
    for r in range(0, len(cells), cols):
        row = [cell_text(ce, viewer, packed) for ce in cells[r:r + cols]]
        row += [Text("")] * (cols - len(row))
        tab.add_row(*row)
    return tab


def _is_hand(a: Mapping[str, Any], viewer: Any) -> bool:
    return a.get("owner") == viewer and viewer is not None and str(a.get("id", "")).endswith("hand")


def _row_head(a: Mapping[str, Any]) -> Text:
    head = Text()
    head.append(str(a.get("label") or ""), style="bold underline")
    head.append(f" ({_count(a)})", style="dim")
    if a.get("counters"):
        head.append("  ")
        head.append_text(counters_text(a))
    return head


def names_line(a: Mapping[str, Any], viewer: Any, width: int, lines: int = 2) -> Text:
    """A row as its heading and the names of its cards, at most ``lines`` lines of ``width``: whole
    names only (a line breaks between two names), the ones left over counted ("+3")."""
    entries = []
    for c, n in folded(a.get("cards") or []):
        t = Text(str(c.get("title") or "?"), style="dim" if c.get("face_down") else
                 owner_style(c.get("owner"), viewer))
        if n > 1:
            t.append(f" ×{n}", style="bold")
        entries.append((t, n))
    out = _row_head(a)
    out.append(":", style="dim")
    used, row = 1, cell_len(out.plain)
    left = sum(n for _, n in entries)
    for t, n in entries:
        more = left - n  # cards after this one
        tail = 5 + len(str(more)) if more else 0  # " · +N" after it on the last line
        size = cell_len(t.plain)
        sep = 3 if row and out.plain[-1] != ":" else 1
        if row + sep + size + (tail if used == lines else 0) > width:
            if used >= lines or (row == 0 and size > width):
                break
            if row + sep + size > width or used + 1 == lines and 1 + size + tail > width - 0:
                out.append("\n")
                used, row, sep = used + 1, 0, 0
                if used == lines and size + tail > width:
                    break
        out.append(" · " if sep == 3 else (" " if sep else ""), style="dim")
        out.append_text(t)
        row += sep + size
        left -= n
    if left == sum(n for _, n in entries):  # not even one name fits: the heading alone
        return _row_head(a)
    if left:
        out.append(f" · +{left}", style="bold")
    return out


def cell_lines(a: Mapping[str, Any], viewer: Any) -> list[Any]:
    """A grid or track as one line per cell that holds cards or marks: its label, marks and cards
    with their facts (the rest of its cells are empty)."""
    out: list[Any] = []
    for ce in a.get("cells") or []:
        if not (ce.get("cards") or ce.get("marks")):
            continue
        t = Text(str(ce.get("label") or ""), style=TONE_STYLE.get(ce.get("tone") or "", "bold")
                 if ce.get("tone") else "bold")
        for m in ce.get("marks") or []:
            t.append(" · ", style="dim")
            t.append(str(m), style="yellow")
        for c in ce.get("cards") or []:
            t.append(" · ", style="dim")
            if c.get("face_down"):
                t.append(str(c.get("title") or "?"), style="dim")
                continue
            t.append(str(c.get("title") or "?"), style=owner_style(c.get("owner"), viewer))
            facts = [f"{k} {v}".strip() for k, v in c.get("stats") or []] + [str(s) for s in c.get("states") or []]
            if facts:
                t.append(" · " + " · ".join(facts), style="dim")
        out.append(Hanging(t, 2))
    return out


def area_parts(a: Mapping[str, Any], viewer: Any, width: int, shape: Shape = FULL,
               lost: list[str] | None = None) -> list[Any]:
    """The lines of one area; ``lost``: what the ``shape`` left out is added to it."""
    layout = a.get("layout")
    if layout == "counters":
        t = Text()
        t.append(f"{a.get('label')}  ", style=owner_style(a.get("owner"), viewer))
        t.append_text(counters_text(a))
        return [t]
    if layout == "pile":
        return [pile_text(a, viewer)]
    if layout in ("grid", "track"):
        head = Text(str(a.get("label") or ""), style="bold underline")
        if a.get("counters"):
            head.append("  ")
            head.append_text(counters_text(a))
        if shape.listed:
            return [head] + cell_lines(a, viewer)
        return [head, grid_table(a, viewer, width, shape.packed)]
    # a row of cards
    cards = a.get("cards") or []
    head = _row_head(a)
    if not cards or all(c.get("face_down") for c in cards):
        return [head]
    if a.get("id") in shape.names:  # by its heading alone: the names that fit on its line
        if lost is not None:
            lost.append(str(a.get("id")))
        return [names_line(a, viewer, width, 1 if a.get("id") in shape.heads else 2)]
    if a.get("id") in shape.heads:
        if lost is not None:
            lost.append(str(a.get("id")))
        return [head]
    in_hand = _is_hand(a, viewer)
    entries = folded(cards) if shape.fold else [(c, 1) for c in cards]
    numbered = in_hand and all(n == 1 for _, n in entries)
    fit = width if shape.one_line else None
    return [head] + [Hanging(card_line(c, viewer, number=i if numbered else None, copies=n, width=fit,
                                       in_hand=in_hand, lost=lost), 4 if numbered else 2)
                     for i, (c, n) in enumerate(entries, 1)]


def _inline(a: Mapping[str, Any], shape: Shape) -> bool:
    """Drawn as a piece of a shared line: counters and piles; with ``shape.fold`` an empty row too."""
    if a.get("layout") in ("counters", "pile"):
        return True
    return shape.fold and a.get("layout") == "row" and not (a.get("cards") or []) and not a.get("counters")


def _pieces(a: Mapping[str, Any], viewer: Any) -> list[Text]:
    """The pieces of a counters area that a line may break between: the owner's label with the
    first counter, then each further counter (a counter is never split)."""
    label = Text(f"{a.get('label')}  ", style=owner_style(a.get("owner"), viewer))
    counters = list(a.get("counters") or [])
    if not counters:
        return [label]
    pieces = [counters_text({"counters": [k]}) for k in counters]
    pieces[0] = label + pieces[0]
    return pieces


def _compact(areas: Sequence[Mapping[str, Any]], viewer: Any, width: int, shape: Shape = FULL,
             lost: list[str] | None = None) -> list[Any]:
    """Counters and piles of one side share lines (a line breaks between two counters or piles,
    never inside one); other areas follow in order."""
    parts: list[Any] = []
    line = Text()

    def add(piece: Text, sep: str) -> None:
        nonlocal line
        if line.plain and cell_len(line.plain) + len(sep) + cell_len(piece.plain) > width:
            parts.append(line)
            line = Text()
        if line.plain:
            line.append(sep, style="dim")
        line.append_text(piece)
    for a in areas:
        if _inline(a, shape):
            if a.get("layout") == "counters":
                pieces = _pieces(a, viewer)
                whole = Text("  ").join(pieces)
                if line.plain and cell_len(line.plain) + 3 + cell_len(whole.plain) > width:
                    parts.append(line)  # an area that does not fit the rest of a line starts a new one
                    line = Text()
                for i, piece in enumerate(pieces):
                    add(piece, "  " if i else " │ ")
            else:
                add(pile_text(a, viewer) if a.get("layout") == "pile" else
                    Text(f"{a.get('label')} (0)", style="dim"), " │ ")
            continue
        if line.plain:
            parts.append(line)
            line = Text()
        parts.extend(area_parts(a, viewer, width, shape, lost))
    if line.plain:
        parts.append(line)
    return [Hanging(p, 2) if isinstance(p, Text) and "\n" not in p.plain else p for p in parts]


def shapes(desc: Mapping[str, Any]) -> list[Shape]:
    """The shapes tried in turn to fit a height, from the whole table to the shortest: cards folded,
    then on one line each; the viewer's hand as names, then by its heading alone (the options name
    the cards a player can play from it); the other rows as names, the longest first; the grid
    packed, then listed; at last the other rows by their headings."""
    out = [FULL, Shape(fold=True), Shape(fold=True, one_line=True)]
    viewer = desc.get("viewer")
    rows = [a for a in desc.get("areas") or [] if a.get("layout") == "row"
            and any(not c.get("face_down") for c in a.get("cards") or [])]
    rows.sort(key=lambda a: -len(a.get("cards") or []))

    def more(**kw: Any) -> None:
        out.append(replace(out[-1], **kw))
    for a in (a for a in rows if _is_hand(a, viewer)):
        more(names=out[-1].names | {str(a.get("id"))})
        more(heads=out[-1].heads | {str(a.get("id"))})
    others = [a for a in rows if not _is_hand(a, viewer)]
    for a in others:
        more(names=out[-1].names | {str(a.get("id"))})
    if any(a.get("layout") in ("grid", "track") for a in desc.get("areas") or []):
        more(packed=True)
        more(listed=True)
    for a in others:
        more(heads=out[-1].heads | {str(a.get("id"))})
    return out


class Table_:
    """A rich renderable of a board description, laid out for the console's width; with
    ``max_lines`` set, shortened to that many lines when it can be (see ``shapes``)."""

    def __init__(self, desc: Mapping[str, Any], max_lines: int | None = None):
        self.desc = desc
        self.max_lines = max_lines

    def parts(self, width: int, shape: Shape = FULL, head_last: bool = False) -> list[Any]:
        """The lines of the table in ``shape``; ``head_last``: its title, status and banner at the
        bottom (right above the options that follow it) instead of the top."""
        d = self.desc
        viewer = d.get("viewer")
        top: list[Any] = [Text(str(d.get("title") or ""), style="bold magenta")]
        if d.get("status"):
            top.append(Hanging(Text(str(d["status"]), style="bold green"), 2))
        if d.get("banner"):
            top.append(Hanging(Text(str(d["banner"]), style="bold white on red"), 2))
        out: list[Any] = [] if head_last else top
        areas = list(d.get("areas") or [])
        lost: list[str] = []
        for side in ("top", "middle", "bottom"):
            group = [a for a in areas if a.get("side") == side]
            if group:
                out.extend(_compact(group, viewer, width, shape, lost))
        if lost:  # something is left out: say where to see it
            out.append(Text(_say("ui.board_shortened", d), style="dim italic"))
        if head_last:
            out.extend(top)
        return out

    def __rich_console__(self, console, options):
        width = options.max_width
        if self.max_lines is None:
            yield from self.parts(width)
            return
        for shape in shapes(self.desc):
            parts = self.parts(width, shape)
            if height(console, options, parts) <= self.max_lines:
                yield from parts
                return
        # even the shortest does not fit: its top will scroll out of view, so the turn and what is
        # being decided go to its bottom, next to the options
        yield from self.parts(width, shape, head_last=True)


def height(console, options, parts: Sequence[Any]) -> int:
    """How many lines ``parts`` take at the width of ``options``."""
    return len(console.render_lines(Group(*parts), options.update(height=None), pad=False, new_lines=False))


def _say(key: str, desc: Mapping[str, Any]) -> str:
    from ..present.text import catalog
    return catalog(desc.get("game")).t(key, str(desc.get("lang") or "en"))


def render(desc: Mapping[str, Any], max_lines: int | None = None) -> Any:
    """The board description as a rich renderable (``max_lines``: see ``Table_``)."""
    return Group(Table_(desc, max_lines))


def fit(renderable: Any, max_lines: int | None) -> Any:
    """Give every table drawing in ``renderable`` (a ``render`` result, maybe in a Group) the
    height ``max_lines``; other renderables are left as they are."""
    if isinstance(renderable, Table_):
        renderable.max_lines = max_lines
    for child in getattr(renderable, "renderables", None) or ():
        fit(child, max_lines)
    return renderable


def card_texts(desc: Mapping[str, Any], title: str) -> Text:
    """The texts of every face-up card of a description, each printed card once (the "i" key)."""
    out = Text(title + "\n", style="bold underline")
    seen: set[str] = set()
    for a in desc.get("areas") or []:
        cards = list(a.get("cards") or []) + [c for ce in a.get("cells") or [] for c in ce.get("cards") or []]
        for c in cards:
            if c.get("face_down") or not c.get("id") or c["id"] in seen:
                continue
            seen.add(c["id"])
            out.append("  - ")
            out.append_text(card_line(c, desc.get("viewer"), with_text=True))
            out.append("\n")
    return out


__all__ = ["Hanging", "Shape", "card_line", "card_texts", "fit", "folded", "render", "shapes"]
