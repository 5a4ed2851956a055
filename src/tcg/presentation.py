"""Presentation helpers the games' text layers (tcg/games/<id>/text.py) and the terminal front
end share, whatever the game: folding repeated lines, and the parts of a card's label."""
from __future__ import annotations

from typing import Any, Iterable

from .text import LANGS


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


def known_lang(lang: Any) -> str:
    """``lang`` when the text tables have it, else English."""
    return lang if lang in LANGS else "en"


def cap(text: str) -> str:
    """The text with its first letter in capitals (the rest as it is)."""
    return text[:1].upper() + text[1:]
