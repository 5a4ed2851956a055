"""The words of a game's renderer, whatever the front end: ``get_renderer`` finds a game's
renderer, ``PlainRenderer`` is the game-independent base of every renderer (everything but the
board, which only the terminal draws: ``tcg.ui.GenericRenderer`` adds it)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .lines import fold


def game_spec(game_id: Any):
    """The ``GameSpec`` of ``game_id`` from the registry, or None for a game it does not know
    (a test's own game, played through the engine alone)."""
    from ..games import GAMES, spec
    return spec(game_id) if game_id in GAMES else None


def label_players(viewer: int | None, players: int = 2) -> dict[int, str]:
    """Player names from a viewer's point of view ("You"/"Opponent"; "P0", "P1"... for others)."""
    if viewer is None or players != 2:
        return {p: f"P{p}" + (" (you)" if p == viewer else "") for p in range(players)}
    return {viewer: "You", 1 - viewer: "Opponent"}


class PlainRenderer:
    """The words of a renderer for games without their own: events as ``type key=value`` lines,
    decisions as ``who to decide: kind``. Renderers subclass it (through
    ``tcg.ui.GenericRenderer``) and override what they improve."""

    def __init__(self, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None):
        self.game = game
        self.lang = lang
        self.viewer = viewer
        players = getattr(getattr(game, "rules", None), "players", 2)
        self.names = dict(names) if names is not None else label_players(viewer, players)
        # the viewer is spoken to as "you" (in any language) unless the caller named the seats
        # otherwise (a replay's "P0" / "P1"): decided from the seats and names given, never
        # from the rendered word
        self.viewer_is_you = viewer is not None and players == 2 and (
            names is None or dict(names) == label_players(viewer, players))

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

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Event texts with runs of identical lines folded into one ("... (x3)")."""
        lines = []
        for ev in events:
            try:
                lines.append(self.event_text(ev))
            except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
                lines.append(PlainRenderer.event_text(self, ev))
        return self.fold_lines(lines)

    #: drop empty lines; fold runs of identical lines into one ("... (x3)")
    fold_lines = staticmethod(fold)

    # --- optional hooks ---------------------------------------------------------------------
    def hidden_label(self, action: Any) -> str:
        """What others see of a secret choice (``Game.secret_choice``)."""
        return "(a hidden choice)"

    def action_label(self, game: Any, action: Any, actor: int | None = None) -> str:
        """How ``action`` of ``actor`` reads, asked before it is applied."""
        return game.describe(action, self.lang)

    def options(self, game: Any, legal: Sequence[Any]) -> list[Any]:
        """The actions offered to the human, in order (default: every legal action)."""
        return list(legal)


def get_renderer(game_id: str, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None,
                 fallback: type[PlainRenderer] = PlainRenderer) -> PlainRenderer:
    """The renderer of ``game_id`` (its spec's ``Renderer``), or ``fallback`` (by default the
    words-only ``PlainRenderer``; ``tcg.ui.get_renderer`` falls back on one that also draws)."""
    found = game_spec(game_id)
    if found is None:
        return fallback(game, lang, viewer, names)
    return found.renderer(game, lang, viewer, names)
