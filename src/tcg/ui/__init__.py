"""Terminal front ends.

``get_renderer(game_id, ...)`` gives the board renderer of a game (its ``GameSpec``'s terminal
part, ``tcg/games/<id>/terminal.py``, imported only when first needed) or, for a game the
registry does not know (a test's), ``GenericRenderer``, which shows the observation as indented
JSON. ``tcg.ui.terminal`` holds the game-independent loops (human
vs computer, replay stepping) that drive a ``Game`` through its public API only.

A renderer is made for one game and one point of view and offers:

* ``board(obs)`` -> a rich renderable of an observation dict (``game.observe(player)``);
* ``decision_text(obs)`` -> one line saying who must decide what;
* ``event_text(event)`` -> one line for an event of ``game.log`` (``None``: not worth showing;
  a line starting with "──" is a heading, printed flush left);
* ``event_lines(events)`` -> the lines of several events (default: each event's text, runs of
  identical lines folded); a renderer may summarise, e.g. seven draws as one line;
* ``who(player)`` -> how a player is named ("You", "Opponent", "P0"...);
* ``card_info(obs)`` -> the texts of the visible cards (``None`` if the game has none);

and these optional hooks, whose defaults suit any game:

* ``hidden_label(action)`` -> what other players are shown of a secret choice (a decision of one
  of the engine's ``rules.secret_decisions``, whatever the action);
* ``action_label(game, action, actor)`` -> how an action reads in the options and in the log of
  steps (default ``game.describe(action, lang)``);
* ``options(game, legal)`` -> the legal actions to offer, in order (a renderer may fold
  choices that are the same for the player, e.g. two copies of one card in hand);
* ``step_lines(player, action, events)`` -> the lines shown under one step of the play or
  replay loop (``action`` is None for the set-up); a renderer may leave out an event that only
  repeats the action line. Without it, ``event_lines(events)`` is used.

A game's terminal part also defines ``card_columns(lang)`` (the columns of ``tcg cards``: a list of
``(header, getter, rich column options)``) and ``card_facts(card, lang)`` (the short facts line of
a card on narrow terminals); ``card_columns(game_id, lang)`` below gives generic ones for a game
the registry does not know.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Mapping, Sequence

from ..presentation import fold


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

    def event_lines(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Event texts with runs of identical lines folded into one ("... (x3)")."""
        lines = []
        for ev in events:
            try:
                lines.append(self.event_text(ev))
            except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
                lines.append(GenericRenderer.event_text(self, ev))
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
                 names: Mapping[int, str] | None = None) -> GenericRenderer:
    """The renderer of ``game_id`` (its spec's terminal ``Renderer``), or the generic JSON one."""
    found = game_spec(game_id)
    if found is None:
        return GenericRenderer(game, lang, viewer, names)
    return found.renderer(game, lang, viewer, names)


# --- card lists (tcg cards) ----------------------------------------------------------------------

Column = tuple[str, Callable[[Any], str], dict]

ABILITY_EN = {"static": "Static", "activated": "Activated", "trigger": "Trigger", "burst": "Burst",
              "on_enter": "On enter", "use": "Use", "apply": "Apply"}
ABILITY_JA = {"static": "常時", "activated": "起動", "trigger": "トリガー", "burst": "バースト",
              "on_enter": "登場時", "use": "使用", "apply": "アプライ"}


def card_label(card: Any, lang: str) -> str:
    """Card name, with the English gloss in parentheses when ``lang`` is "en"."""
    name, en = getattr(card, "name", ""), getattr(card, "name_en", "")
    if lang == "ja" or not en:
        return name
    return f"{name} ({en})"


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


def generic_card_columns(lang: str) -> list[Column]:
    return [
        ("Id", lambda c: c.id, {"no_wrap": True, "style": "bold"}),
        ("Kind", lambda c: str(getattr(c, "kind", "") or ""), {"no_wrap": True}),
        ("Name", lambda c: card_label(c, lang), {"ratio": 2}),
        ("Text / abilities", lambda c: card_text(c, lang), {"ratio": 3}),
    ]


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


__all__ = ["GenericRenderer", "card_columns", "card_label", "card_text", "get_renderer",
           "game_spec", "generic_card_columns", "label_players"]
