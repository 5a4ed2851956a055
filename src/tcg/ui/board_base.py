"""What the four game boards share: printed cards by id, card names with their English gloss, and
the titled card-text lists of ``card_info`` (the "i" key of ``tcg play``).

A board subclasses ``BoardRenderer`` and sets ``facts = staticmethod(card_facts)``, its module's
``card_facts(card, lang)``
(the short facts line: "character · red · cost 2"); it may override ``card_text_of`` (the text
shown under a card), ``label_style`` and ``card_place`` (e.g. the square a Z/X stands on).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from rich.text import Text

from . import GenericRenderer, card_text


def _no_text(lang: str) -> str:
    from ..text import catalog
    return catalog().t("ui.no_text", lang)


class BoardRenderer(GenericRenderer):
    #: ``card_facts(card, lang) -> list[str]`` of the game's board module (as a staticmethod)
    facts: Callable[[Any, str], list[str]] | None = None

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        rules = getattr(game, "rules", None)
        try:
            self._cards = rules.cards if rules is not None else None
        except Exception:  # noqa: BLE001 - a renderer must never break the game
            self._cards = None
        self._known: dict[int, dict[str, Any]] = {}  # iid -> card view seen (names of cards in events)

    def card(self, cid: Any):
        """The printed card of a card id, or None."""
        if not isinstance(cid, str) or self._cards is None:
            return None
        try:
            return self._cards.find(cid)
        except Exception:  # noqa: BLE001 - a renderer must never break the game
            return None

    def label(self, view: Mapping[str, Any] | None) -> str:
        """Card name, with the English gloss when lang is not "ja"."""
        if not view:
            return "?"
        name, en = view.get("name") or view.get("id") or "?", view.get("name_en")
        if self.lang != "ja" and en:
            return f"{name} ({en})"
        return str(name)

    def kind_name(self, kind: Any) -> str:
        return str(kind or "?")

    # --- card_info ----------------------------------------------------------------------------
    def card_text_of(self, card: Any) -> str:
        """The text shown under a card in ``card_info``."""
        return card_text(card, self.lang) if card is not None else ""

    def label_style(self, card: Any) -> str:
        return "bold"

    def card_place(self, view: Mapping[str, Any]) -> str:
        """Where a listed card is, shown after its name ("" : nothing to add)."""
        return ""

    def card_section(self, out: Text, title: str, views: Iterable[Mapping[str, Any] | None],
                     numbered: bool = False) -> None:
        """Append a titled list of cards to ``out``: name, facts and text of each. Cards without an
        id (face down) are left out; an unnumbered list shows each printed card once."""
        views = [v for v in views if v and v.get("id")]
        if not views:
            return
        out.append(title + "\n", style="bold underline")
        seen: set[str] = set()
        for i, v in enumerate(views, 1):
            if not numbered and v["id"] in seen:
                continue
            seen.add(v["id"])
            c = self.card(v["id"])
            out.append(f"  {i}. " if numbered else "  - ")
            out.append(self.label(v), style=self.label_style(c))
            place = self.card_place(v)
            if place:
                out.append(f"  {place}", style="dim")
            facts = (self.facts(c, self.lang) if c is not None and self.facts is not None
                     else [self.kind_name(v.get("kind"))])
            out.append("  " + " · ".join(facts), style="dim")
            out.append("\n")
            text = self.card_text_of(c)
            for line in (text or _no_text(self.lang)).splitlines():
                out.append(f"      {line}\n", style="" if text else "dim")
