"""Text board of 白猫プロジェクト TCG (Shironeko) for the terminal, drawn with rich.

The table is the game's board description (``tcg.games.shironeko.board.describe``) drawn by the
generic ``tcg.ui.table`` (each town folded to its counters, see ``terminal_view``); this module
keeps the rest of the terminal's words: event lines, options and action labels, the decision,
card texts (the "i" key) and the columns of ``tcg cards shironeko``. Every word comes from the
game's presentation layer ``tcg.games.shironeko.text`` and its table ``games/shironeko/text.toml``."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.text import Text

from . import text as T
from .board import describe
from ...present.cards import head_columns
from ...ui import card_text, label_players, table
from ...ui.board_base import BoardRenderer

COLOR_STYLE = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green",
               "purple": "magenta", "orange": "dark_orange", "rainbow": "bold bright_white",
               "colorless": "bright_black"}
#: colour -> Japanese name, from the text table (``tcg cards --color`` reads it)
COLOR_JA = {c: T.color_name(c, "ja") for c in COLOR_STYLE}


def card_columns(lang: str) -> list[tuple[str, Any, dict]]:
    """The columns of ``tcg cards shironeko`` (the headers are the ids ``tcg cards`` uses)."""
    def is_char(c) -> bool:
        return getattr(c, "kind", "") in ("character", "awakened_character")

    def has_cost(c) -> bool:
        return getattr(c, "kind", "") not in ("town", "leader") and hasattr(c, "cost")
    return [
        *head_columns(lang, lambda kind: T.kind_name(kind, lang, short=True), T.card_label),
        ("Colour", lambda c: T.color_name(c.color, lang) if getattr(c, "color", None) else "", {"no_wrap": True}),
        ("Cost", lambda c: str(c.cost) if has_cost(c) else "", {"justify": "right"}),
        ("Chg", lambda c: "" if getattr(c, "change_cost", None) is None else str(c.change_cost),
         {"justify": "right"}),
        ("Lv", lambda c: str(c.level) if is_char(c) else "", {"justify": "right"}),
        ("ATK/HP", lambda c: f"{c.attack}/{c.hp}" if is_char(c) else "", {"justify": "right", "no_wrap": True}),
        ("Rune", lambda c: T.color_name(c.rune, lang) if getattr(c, "rune", None) else "", {"no_wrap": True}),
        ("STOP!", lambda c: "STOP!" if getattr(c, "stop", False) else "", {"no_wrap": True}),
        ("Text / abilities", lambda c: card_text(c, lang), {"ratio": 3}),
    ]


def card_facts(card: Any, lang: str) -> list[str]:
    """The facts line of a card on narrow terminals: "char · red · cost 2 (change 1) · Lv2 3/3"."""
    kind = getattr(card, "kind", "")
    facts = [T.kind_name(kind, lang, short=True)] if kind else []
    if getattr(card, "color", None):
        facts.append(T.color_name(card.color, lang))
    if kind not in ("town", "leader") and hasattr(card, "cost"):
        change = getattr(card, "change_cost", None)
        facts.append(T.t("facts.cost", lang, cost=card.cost) if change is None else
                      T.t("facts.cost_change", lang, cost=card.cost, change=change))
    if kind in ("character", "awakened_character"):
        facts.append(T.t("card.stats", lang, level=card.level, attack=card.attack, hp=card.hp))
    if getattr(card, "rune", None):
        facts.append(T.t("facts.rune", lang, rune=T.color_name(card.rune, lang)))
    if getattr(card, "stop", False):
        facts.append("STOP!")
    return facts


def terminal_view(desc: Mapping[str, Any]) -> dict[str, Any]:
    """The description as the terminal draws it: each town shown by its counters alone (ON souls
    by colour, one line shared with the player's counters) instead of a line per town card: ten
    souls a side would take twenty of the 24 lines of a terminal, and the colours are what a
    player pays with. Everything else is drawn as described."""
    areas = [dict(a, layout="counters", cards=[]) if str(a.get("id", "")).endswith(".town") else a
             for a in desc.get("areas") or []]
    return {**desc, "areas": areas}


class Renderer(BoardRenderer):
    #: the cards marked for a mulligan are the player's secret

    facts = staticmethod(card_facts)

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        super().__init__(game, lang, viewer, names)
        players = getattr(getattr(game, "rules", None), "players", 2)
        # the usual names ("You" / "Opponent") come from the text table in the board's language;
        # other names (a replay's "P0" / "P1") are kept as given
        default = names is None or dict(names) == label_players(viewer, players)
        self._names = None if default else dict(names)

    # --- words ----------------------------------------------------------------------------
    @property
    def voice(self) -> T.Voice:
        return T.Voice(self.viewer, self.lang, self._card_lookup(), self._names)

    def _card_lookup(self) -> Any:
        """The game's cards by instance id (to name the cards an event shows), if there is a game."""
        state = getattr(self.game, "state", None)
        return getattr(state, "cards", None)

    def t(self, key: str, /, **params: Any) -> str:
        return T.t(key, self.lang, **params)

    def who(self, player: Any) -> str:
        return self.voice.who(player)

    def kind_name(self, kind: Any) -> str:
        return T.kind_name(kind, self.lang) if kind else "?"

    def reason_text(self, reason: Any) -> str:
        return T.reason_text(reason, self.lang)

    def hidden_label(self, action: Any) -> str:
        return self.t("action.hidden")

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        return T.describe(game.state, action, self.lang, viewer=self.viewer, names=self._names)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """Every legal action, except that actions with the same menu path (two copies of a card
        in hand) are offered once."""
        seen: set[tuple[str, ...]] = set()
        out = []
        for path, action in T.menu(game, legal, self.viewer, self.lang):
            if path not in seen:
                seen.add(path)
                out.append(action)
        return out

    def label_style(self, card: Any) -> str:
        return "bold " + COLOR_STYLE.get(getattr(card, "color", None) or "", "")

    # --- the board -----------------------------------------------------------------------
    def describe(self, obs: Mapping[str, Any]) -> dict[str, Any]:
        """The board description of ``obs`` (games/shironeko/board.py) in the board's language."""
        return describe(obs, self.lang, self._cards, names=self._names)

    def board(self, obs: Mapping[str, Any]):
        return table.render(terminal_view(self.describe(obs)))

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        return T.prompt(obs.get("decision"), obs.get("viewer", self.viewer), self.lang,
                        self._card_lookup(), obs=obs, names=self._names)

    def card_info(self, obs: Mapping[str, Any]):
        """Texts of your hand, your leader cards and every card on the field."""
        v = self.voice
        viewer = obs.get("viewer")

        def seat(section: Any, p: int, pv: Mapping[str, Any]) -> None:
            if pv.get("hand"):  # only the viewer's own hand is shown
                section(self.t("board.hand_of.you") if p == viewer else v.say("board.hand_of", p),
                        pv["hand"], numbered=True)
            field = list(pv.get("characters") or [])
            if pv.get("leader"):
                field.append(pv["leader"])
            section(v.say("board.field_of", p), field)
            section(v.say("board.leader_cards_of", p), pv.get("leader_hand") or [])
        out = self.seat_sections(obs, seat)
        return out if out.plain else Text(self.t("board.no_cards"))

    # --- events --------------------------------------------------------------------------
    def event_text(self, ev: Mapping[str, Any]) -> str | None:
        return T.narrate(ev, self.viewer, self.lang, self._card_lookup(), names=self._names)
