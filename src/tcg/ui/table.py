"""The terminal's drawing of a board description (``tcg.board``): one renderer for every game.

Compact by design, so a whole table fits 80x24 with the options under it: counters and piles of a
side share lines, a row of cards is one line per card (name, kind, cost, stats, states), grids and
tracks are tables whose cells hold the cards on them. Wider terminals get wider cells, never more
cut names.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

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


def card_line(c: Mapping[str, Any], viewer: Any = None, *, number: int | None = None,
              with_text: bool = False) -> Text:
    """One card on one line: "1. Seirena (深藍の歌姫セイレナ) · Z/X · Blue 2 · Power 3000 · Asleep"."""
    t = Text()
    if number is not None:
        t.append(f"{number}. ", style="bold")
    if c.get("face_down"):
        t.append(str(c.get("title") or "?"), style="dim")
        return t
    t.append(str(c.get("title") or "?"), style=owner_style(c.get("owner"), viewer))
    bits: list[tuple[str, str]] = []
    if c.get("kind"):
        bits.append((str(c["kind"]), "dim"))
    colour = str(c.get("color_label") or "")
    if colour or c.get("cost") is not None:
        cost = "" if c.get("cost") is None else str(c["cost"])
        bits.append(((colour + " " + cost).strip(), COLOR_STYLE.get(str(c.get("color")), "")))
    for label, value in c.get("stats") or []:
        bits.append((f"{label} {value}".strip(), ""))
    for s in c.get("states") or []:
        bits.append((str(s), "magenta"))
    for text, style in bits:
        t.append(" · ", style="dim")
        t.append(text, style=style)
    if with_text and c.get("text"):
        t.append("\n    " + str(c["text"]).replace("\n", "\n    "), style="dim")
    return t


def cell_text(ce: Mapping[str, Any], viewer: Any) -> Text:
    lines = [Text(str(ce.get("label") or ""), style=TONE_STYLE.get(ce.get("tone") or "", "bold")
                  if ce.get("tone") else "dim")]
    for m in ce.get("marks") or []:
        lines.append(Text(str(m), style="yellow"))
    for c in ce.get("cards") or []:
        if c.get("face_down"):
            lines.append(Text(str(c.get("title") or "?"), style="dim"))
            continue
        lines.append(Text(str(c.get("title") or "?"), style=owner_style(c.get("owner"), viewer)))
        facts = [f"{k} {v}".strip() for k, v in c.get("stats") or []] + [str(s) for s in c.get("states") or []]
        if facts:
            lines.append(Text(" · ".join(facts), style="dim"))
    return Text("\n").join(lines)


def counters_text(a: Mapping[str, Any]) -> Text:
    t = Text()
    for i, k in enumerate(a.get("counters") or []):
        if i:
            t.append("  ")
        t.append(f"{k.get('label')} ", style="dim")
        value = str(k.get("value"))
        if k.get("max") is not None:
            value += f"/{k['max']}"
        t.append(value, style=TONE_STYLE.get(k.get("tone") or "", "bold"))
    return t


def pile_text(a: Mapping[str, Any], viewer: Any) -> Text:
    t = Text()
    t.append(f"{a.get('label')} ", style="dim")
    t.append(str(a.get("count") if a.get("count") is not None else len(a.get("cards") or [])), style="bold")
    cards = a.get("cards") or []
    if cards:
        t.append(": ", style="dim")
        t.append(str(cards[-1].get("title") or "?"), style=owner_style(cards[-1].get("owner"), viewer))
    return t


def grid_table(a: Mapping[str, Any], viewer: Any, width: int) -> Table:
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
        row = [cell_text(ce, viewer) for ce in cells[r:r + cols]]
        row += [Text("")] * (cols - len(row))
        tab.add_row(*row)
    return tab


def area_parts(a: Mapping[str, Any], viewer: Any, width: int) -> list[Any]:
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
        return [head, grid_table(a, viewer, width)]
    # a row of cards
    cards = a.get("cards") or []
    head = Text()
    head.append(str(a.get("label") or ""), style="bold underline")
    count = a.get("count")
    head.append(f" ({count if count is not None else len(cards)})", style="dim")
    if a.get("counters"):
        head.append("  ")
        head.append_text(counters_text(a))
    if cards and all(c.get("face_down") for c in cards):
        return [head]
    numbered = a.get("owner") == viewer and viewer is not None and str(a.get("id", "")).endswith("hand")
    return [head] + [card_line(c, viewer, number=i if numbered else None)
                     for i, c in enumerate(cards, 1)]


def _compact(areas: Sequence[Mapping[str, Any]], viewer: Any, width: int) -> list[Any]:
    """Counters and piles of one side share lines; other areas follow in order."""
    parts: list[Any] = []
    line = Text()
    for a in areas:
        if a.get("layout") in ("counters", "pile"):
            piece = area_parts(a, viewer, width)[0]
            if line.plain and cell_len(line.plain) + 3 + cell_len(piece.plain) > width:
                parts.append(line)
                line = Text()
            if line.plain:
                line.append(" │ ", style="dim")
            line.append_text(piece)
            continue
        if line.plain:
            parts.append(line)
            line = Text()
        parts.extend(area_parts(a, viewer, width))
    if line.plain:
        parts.append(line)
    return parts


class Table_:
    """A rich renderable of a board description, laid out for the console's width."""

    def __init__(self, desc: Mapping[str, Any]):
        self.desc = desc

    def __rich_console__(self, console, options):
        d = self.desc
        width = options.max_width
        viewer = d.get("viewer")
        yield Text(str(d.get("title") or ""), style="bold magenta")
        if d.get("status"):
            yield Text(str(d["status"]), style="bold green")
        if d.get("banner"):
            yield Text(str(d["banner"]), style="bold white on red")
        areas = list(d.get("areas") or [])
        for side in ("top", "middle", "bottom"):
            group = [a for a in areas if a.get("side") == side]
            if group:
                yield from _compact(group, viewer, width)


def render(desc: Mapping[str, Any]) -> Any:
    """The board description as a rich renderable."""
    return Group(Table_(desc))


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


__all__ = ["card_line", "card_texts", "render"]
