"""What the four game boards share: printed cards by id, card names with their English gloss, and
the titled card-text lists of ``card_info`` (the "i" key of ``tcg play``).

A board subclasses ``BoardRenderer`` and sets ``facts = staticmethod(card_facts)``, its module's
``card_facts(card, lang)``
(the short facts line: "character · red · cost 2"); it may override ``card_text_of`` (the text
shown under a card), ``label_style`` and ``card_place`` (e.g. the square a Z/X stands on).

``VoicedBoard`` adds what the boards whose words come from a ``tcg.present.voice`` text module share
(Turu-turu, Kemuri, Z/X): the viewer's ``CardBook`` and ``Voice``, and the event lines, menus and
action labels of that module.
"""
from __future__ import annotations

import functools
from types import ModuleType
from typing import Any, Callable, Iterable, Mapping, Sequence

from rich.text import Text

from ..present.text import card_title
from . import GenericRenderer, card_text, label_players


#: ``section(title, views, numbered=False)``: a titled list of cards (``BoardRenderer.card_section``)
Section = Callable[..., None]


def _no_text(lang: str) -> str:
    from ..present.text import catalog
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
        return card_title(view.get("name") or view.get("id") or "?", view.get("name_en"), self.lang)

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

    def seat_sections(self, obs: Mapping[str, Any], seat: Callable[[Section, int, Mapping[str, Any]], None]) -> Text:
        """The card lists of ``card_info``, seat by seat, the viewer's first: ``seat(section, p,
        pv)`` adds those of player ``p`` (``pv``: its part of ``obs``) through ``section(title,
        views, numbered=False)`` (``card_section`` into the text returned)."""
        out = Text()
        section = functools.partial(self.card_section, out)
        players = obs.get("players") or []
        viewer = obs.get("viewer")
        for p in sorted(range(len(players)), key=lambda q: q != viewer):
            seat(section, p, players[p])
        return out


class VoicedBoard(BoardRenderer):
    """A board whose words come from its game's text module ``words`` (``t``, ``CardBook``,
    ``Voice``, ``narrate``, ``lines``, ``menu``, ``label``, ``hidden_label``, ``card_text``,
    ``kind_name``, ``reason_text``, ``decision_source``). ``line_options`` adds a game's own
    arguments to ``lines``; ``keep_options`` may drop menu entries."""
    words: ModuleType

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        # players are named by the game's words ("You" / "あなた"), unless the caller named them
        custom = names is not None and dict(names) != label_players(viewer, 2)
        self._names = dict(names) if custom else None
        self.book = self.words.CardBook(self._cards, game, viewer)
        self.voice = self.words.Voice(viewer, lang, self.book, self._names)
        self._sources: dict[Any, tuple] = {}  # action -> the card whose effect it continues

    # --- words -------------------------------------------------------------------------------
    def t(self, key: str, /, **params: Any) -> str:
        return self.words.t(key, self.lang, **params)

    def who(self, player: Any) -> str:
        return self.voice.who(player)

    def whose(self, player: Any) -> str:
        """ "Your", "Opponent's", "P1's" (あなたの...): at the start of a title or line."""
        return self.voice.Whose(player)

    def poss(self, player: Any) -> str:
        """Possessive inside a sentence: "your", "Opponent's", "P1's"."""
        return self.voice.whose(player)

    def kind_name(self, kind: Any) -> str:
        return self.words.kind_name(kind, self.lang)

    def reason_text(self, reason: Any) -> str:
        return self.words.reason_text(reason, self.lang)

    # --- cards and names -----------------------------------------------------------------------
    def card_text_of(self, card: Any) -> str:
        return self.words.card_text(card, self.lang) if card is not None else ""

    def remember(self, obs: Mapping[str, Any]) -> None:
        """Learn the names and owners of every card visible in ``obs`` (to name cards in events)."""
        self.book.see(obs)

    def name_of(self, iid: Any, cid: Any = None) -> str:
        return self.voice.card(iid, cid)

    # --- events -------------------------------------------------------------------------------
    def line_options(self) -> dict[str, Any]:
        """The game's own arguments to its ``lines`` (none here)."""
        return {}

    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        return self.words.narrate(ev, self.viewer, self.lang, self.book, self._names)

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Summarised lines (the game's ``text.lines``): a player's draws in one line, effects
        named with their card."""
        return self.words.lines(events, self.viewer, self.lang, self.book, self._names, **self.line_options())

    def step_lines(self, player: Any, action: Any, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The events under a step, without the one that only repeats the action line (which
        already names the card, its numbers and its effect)."""
        return self.words.lines(events, self.viewer, self.lang, self.book, self._names, action=action,
                                actor=player, step=True, **self.line_options(),
                                source=self._sources.pop(action, None) if action is not None else None)

    # --- actions: how they read, which are offered -----------------------------------------
    def hidden_label(self, action: Any) -> str:
        return self.words.hidden_label(action, self.lang)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """One action per path of the game's ``text.menu`` (copies of one card offered once)."""
        if game.decision is None:
            return list(legal)
        seen: set[tuple[str, ...]] = set()
        out = []
        for path, a in self.words.menu(game, legal, self.viewer, self.lang):
            if path not in seen:
                seen.add(path)
                out.append(a)
        return self.keep_options(game, out)

    def keep_options(self, game: Any, options: list[Any]) -> list[Any]:
        """The options offered, from one per menu path (all of them here)."""
        return options

    def decision_source(self, game: Any) -> tuple | None:
        """The card whose effect goes on once the pending decision is answered, or None."""
        return self.words.decision_source(game)

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        src = self.decision_source(game)
        if src is not None:
            # the effect goes on once this is chosen: its lines name the card (step_lines)
            self._sources[action] = src
        return self.words.label(game, action, self.viewer, self.lang, actor, self._names, self.book)
