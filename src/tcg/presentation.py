"""Presentation helpers the games' text layers (tcg/games/<id>/text.py) and the terminal front
end share, whatever the game: folding repeated lines, and the parts of a card's label."""
from __future__ import annotations

from typing import Iterable


def fold(lines: Iterable[str | None]) -> list[str]:
    """Drop empty lines; fold runs of identical lines into one ("... (x3)")."""
    out: list[str] = []
    counts: list[int] = []
    for line in lines:
        if not line:
            continue
        if out and out[-1] == line:
            counts[-1] += 1
        else:
            out.append(line)
            counts.append(1)
    return [line if n == 1 else f"{line} (x{n})" for line, n in zip(out, counts)]
