"""Terminal front ends.

``get_renderer(game_id, ...)`` gives the board renderer of a game (registered in ``RENDERERS``,
imported only when first needed) or, for games without one, ``GenericRenderer``, which shows
the observation as indented JSON. ``tcg.ui.terminal`` holds the game-independent loops (human
vs computer, replay stepping) that drive a ``Game`` through its public API only.

A renderer is made for one game and one point of view and offers:

* ``board(obs)`` -> a rich renderable of an observation dict (``game.observe(player)``);
* ``decision_text(obs)`` -> one line saying who must decide what;
* ``event_text(event)`` -> one line for an event of ``game.log`` (``None``: not worth showing);
* ``who(player)`` -> how a player is named ("You", "Opponent", "P0"...);
* ``card_info(obs)`` -> the texts of the visible cards (``None`` if the game has none).
"""
from __future__ import annotations

import importlib
import json
from typing import Any, Mapping

#: game id -> module defining ``Renderer`` (a ``GenericRenderer`` subclass)
RENDERERS: dict[str, str] = {
    "shironeko": "tcg.ui.shironeko_board",
}


def label_players(viewer: int | None, players: int = 2) -> dict[int, str]:
    """Player names from a viewer's point of view ("You"/"Opponent"; "P0", "P1"... for others)."""
    if viewer is None or players != 2:
        return {p: f"P{p}" + (" (you)" if p == viewer else "") for p in range(players)}
    return {viewer: "You", 1 - viewer: "Opponent"}


class GenericRenderer:
    """Fallback for games without their own board: the observation as JSON, events as
    ``type key=value`` lines. Game renderers subclass it and override what they improve."""

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        self.game = game
        self.lang = lang
        self.viewer = viewer
        players = getattr(getattr(game, "rules", None), "players", 2)
        self.names = dict(names) if names is not None else label_players(viewer, players)

    def who(self, player: Any) -> str:
        if isinstance(player, int) and player in self.names:
            return self.names[player]
        return f"P{player}" if isinstance(player, int) else str(player)

    def whose(self, player: Any) -> str:
        """Possessive form: "Your", "Opponent's", "P1's"."""
        name = self.who(player)
        return "Your" if name == "You" else f"{name}'s"

    def reason_text(self, reason: Any) -> str:
        return str(reason or "").replace("_", " ")

    def board(self, obs: Mapping[str, Any]):
        from rich.json import JSON
        return JSON(json.dumps(obs, ensure_ascii=False, default=str))

    def card_info(self, obs: Mapping[str, Any]):
        """The texts of the cards the viewer can see in ``obs`` (None: not available)."""
        return None

    def decision_text(self, obs: Mapping[str, Any]) -> str:
        d = obs.get("decision")
        if not d:
            return "no decision pending"
        extra = ", ".join(f"{k}={v}" for k, v in d.items() if k not in ("player", "kind"))
        return f"{self.who(d.get('player'))} to decide: {d.get('kind')}" + (f" ({extra})" if extra else "")

    def event_text(self, event: Mapping[str, Any]) -> str | None:
        fields = " ".join(f"{k}={v}" for k, v in event.items() if k != "type")
        return f"{event.get('type')} {fields}".strip()


def get_renderer(game_id: str, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None) -> GenericRenderer:
    """The renderer registered for ``game_id``, or the generic JSON one."""
    path = RENDERERS.get(game_id)
    if path is None:
        return GenericRenderer(game, lang, viewer, names)
    return importlib.import_module(path).Renderer(game, lang, viewer, names)


__all__ = ["RENDERERS", "GenericRenderer", "get_renderer", "label_players"]
