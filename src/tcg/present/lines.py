"""Presentation helpers the games' text layers (tcg/games/<id>/text.py) and the terminal front
end share, whatever the game: folding repeated lines, and the parts of a card's label."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..engine.keywords import keyword_text
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


def cards_in(x: Any, owner: Any = None, *, owner_field: bool = True) -> list[tuple[dict, Any]]:
    """Every card an observation (or any part of one) shows: ``(card, owner)`` for each dict with
    an integer ``iid``, at any depth, in document order. ``owner`` is the owner of what ``x``
    holds; with ``owner_field`` a dict's own integer ``owner`` overrides it for everything inside."""
    out: list[tuple[dict, Any]] = []

    def in_dict(d: dict, own: Any) -> None:
        if owner_field and type(d.get("owner")) is int:
            own = d["owner"]
        if type(d.get("iid")) is int:
            out.append((d, own))
        for v in d.values():
            t = type(v)
            if t is dict:
                in_dict(v, own)
            elif t is list:
                in_list(v, own)

    def in_list(items: list, own: Any) -> None:
        for v in items:
            t = type(v)
            if t is dict:
                in_dict(v, own)
            elif t is list:
                in_list(v, own)

    t = type(x)
    if t is dict:
        in_dict(x, owner)
    elif t is list:
        in_list(x, owner)
    return out


def printed(x: Any, lang: str) -> str:
    """The text printed on a card or ability, in ``lang`` (the Japanese one if there is no English)."""
    return getattr(x, "text", "") if lang == "ja" else (getattr(x, "text_en", "") or getattr(x, "text", ""))


def card_text_with(card: Any, lang: str, ability_text: Callable[[Any, str], str]) -> str:
    """The printed card text, with the card's keywords and their reminder texts (engine/keywords.py
    ``keyword_text``); for a card without a text, its abilities in words (``ability_text``; a
    keyword's by its line)."""
    if card is None:
        return ""
    text = printed(card, lang)
    if not text:
        text = "\n".join(ability_text(ab, lang) for ab in getattr(card, "abilities", ()) or ()
                         if not getattr(ab, "keyword", ""))
    return keyword_text(text, getattr(card, "keywords", ()) or (), lang)


def card_text_by(ability_text: Callable[[Any, str], str]) -> Callable[[Any, str], str]:
    """A game's ``card_text(card, lang)`` (``card_text_with``), its abilities told by ``ability_text``."""
    def card_text(card: Any, lang: str = "en") -> str:
        """The printed card text, with the card's keywords and their reminder texts; for a card
        without a text, its abilities in words."""
        return card_text_with(card, lang, ability_text)
    return card_text
