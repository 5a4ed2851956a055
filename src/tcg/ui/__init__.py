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
a card on narrow terminals); ``card_columns(game_id, lang)`` gives generic ones for a game
the registry does not know.

The words of it all (the renderer's words, ``get_renderer``'s lookup, the card columns) live in
``tcg.present``, shared with the web server; this package re-exports them and adds what only a
terminal draws (``GenericRenderer.board``, ``tcg.ui.table``, the loops of ``tcg.ui.terminal``).
"""
from __future__ import annotations

import json
from typing import Any, Mapping

from ..present import (Column, PlainRenderer, card_columns, card_label, card_text, game_spec,
                       generic_card_columns, label_players)
from ..present import get_renderer as _get_renderer


class GenericRenderer(PlainRenderer):
    """Fallback for games without their own board: the observation as JSON, events as
    ``type key=value`` lines (``tcg.present.PlainRenderer``). Game renderers subclass it and
    override what they improve."""

    def board(self, obs: Mapping[str, Any]):
        from rich.json import JSON
        return JSON(json.dumps(obs, ensure_ascii=False, default=str))


def get_renderer(game_id: str, game: Any = None, lang: str = "en", viewer: int | None = None,
                 names: Mapping[int, str] | None = None) -> GenericRenderer:
    """The renderer of ``game_id`` (its spec's terminal ``Renderer``), or the generic JSON one."""
    return _get_renderer(game_id, game, lang, viewer, names, fallback=GenericRenderer)  # type: ignore[return-value]


__all__ = ["Column", "GenericRenderer", "card_columns", "card_label", "card_text", "get_renderer",
           "game_spec", "generic_card_columns", "label_players"]
