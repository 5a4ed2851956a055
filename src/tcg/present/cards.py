"""The card lists of ``tcg cards`` and of the web's card pages: a game's columns (its spec's
terminal part gives ``card_columns(lang)`` and ``card_facts(card, lang)``) or, for a game the
registry does not know, generic ones; a card's title and printed text."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from .text import card_title
from .renderer import game_spec

Column = tuple[str, Callable[[Any], str], dict]

ABILITY_EN = {"static": "Static", "activated": "Activated", "trigger": "Trigger", "burst": "Burst",
              "on_enter": "On enter", "use": "Use", "apply": "Apply"}
ABILITY_JA = {"static": "常時", "activated": "起動", "trigger": "トリガー", "burst": "バースト",
              "on_enter": "登場時", "use": "使用", "apply": "アプライ"}


def card_label(card: Any, lang: str) -> str:
    """The card's title (``tcg.present.text.card_title``: in English, the English name first)."""
    return card_title(getattr(card, "name", ""), getattr(card, "name_en", ""), lang)


def card_text(card: Any, lang: str) -> str:
    """The printed card text; for cards without one, the texts (or a summary) of the abilities."""
    text = getattr(card, "text", "") if lang == "ja" else (getattr(card, "text_en", "") or getattr(card, "text", ""))
    if text:
        return text
    parts = []
    for ab in getattr(card, "abilities", ()) or ():
        t = getattr(ab, "text", "") if lang == "ja" else (getattr(ab, "text_en", "") or getattr(ab, "text", ""))
        if not t:
            kind = getattr(ab, "kind", "")
            head = (ABILITY_JA if lang == "ja" else ABILITY_EN).get(kind, kind)
            cost = getattr(ab, "cost", 0)
            if cost:
                head += f" ({cost} {getattr(ab, 'color', '')})"
            ops = "; ".join(getattr(op, "name", "?") + "(" + ", ".join(
                f"{k}={v}" for k, v in getattr(op, "args", {}).items() if v is not None) + ")"
                for op in getattr(ab, "effects", ()) or ())
            t = f"{head}: {ops}"
        parts.append(t)
    return "\n".join(parts)


def head_columns(lang: str, kind_name: Callable[[str], str],
                 label: Callable[[Any, str], str] = card_label) -> list[Column]:
    """The first columns of every game's ``tcg cards``: the card's id, its kind (``kind_name`` of
    it; empty for a card without one) and its title (``label``)."""
    def kind(c: Any) -> str:
        k = getattr(c, "kind", "")
        return kind_name(k) if k else ""
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", kind, {"no_wrap": True}),
        ("Name", lambda c: label(c, lang), {"ratio": 2}),
    ]


def column_facts(card: Any, columns: list[Column], said: Mapping[str, Callable[[str], str] | None]) -> list[str]:
    """A card's facts line on narrow terminals, made of its ``tcg cards`` columns: its kind, then
    the value of each column named in ``said`` that the card has (not empty), in that order, put
    into words by the function ``said`` gives it (None: the value as it is)."""
    get = {header: getter for header, getter, _ in columns}
    out = [get["Kind"](card)]
    for header, say in said.items():
        value = get[header](card)
        if value:
            out.append(say(value) if say else value)
    return out


def generic_card_columns(lang: str) -> list[Column]:
    return [*head_columns(lang, str), ("Text / abilities", lambda c: card_text(c, lang), {"ratio": 3})]


def card_columns(game_id: str, lang: str) -> tuple[list[Column], Callable[[Any], list[str]]]:
    """The ``tcg cards`` columns of a game and its narrow-terminal facts function.

    Taken from the game's terminal part (``card_columns(lang)``, ``card_facts(card, lang)``);
    for a game the registry does not know, id, kind, name and text, and facts made of the columns."""
    found = game_spec(game_id)
    if found is not None:
        game_facts = found.card_facts
        return found.card_columns(lang), lambda card: game_facts(card, lang)
    cols = generic_card_columns(lang)

    def facts(card: Any, lang: str = lang) -> list[str]:
        out = []
        for header, get, _ in cols:
            if header in ("Id", "Name", "Text / abilities"):
                continue
            value = get(card)
            if value:
                out.append(value if header == "Kind" else f"{header.lower()} {value}")
        return out
    return cols, facts
