"""Presentation shared by every front end: what a seat is told, as plain data (strings, lists,
small dataclasses), never drawn. The terminal (``tcg.ui``) and the web server (``tcg.web``) both
build on it; it imports neither of them, nor ``rich``.

* ``renderer``: ``get_renderer`` (a game's renderer), ``PlainRenderer`` (the words every renderer
  has), ``label_players``, ``game_spec``;
* ``steps``: ``Step``, ``secret_for``, ``action_text``, ``event_lines``, ``step_lines``,
  ``offered``, ``menu_paths``;
* ``words``: ``say``, ``result_words``, ``why_not``, ``rules_primer``;
* ``cards``: ``card_columns``, ``generic_card_columns``, ``card_label``, ``card_text``;
* ``errors``: ``error_text`` (an engine error in the reader's language, from ``errors.toml``);
* ``lines`` (``fold``, ``cap``...), ``voice`` (``CardBook``, ``Voice``) and ``menus``: what the
  games' text layers build on (once ``tcg.presentation``, ``tcg.voice`` and ``tcg.menus``, which
  stay as re-exports).
"""
from __future__ import annotations

from .cards import Column, card_columns, card_label, card_text, generic_card_columns
from .renderer import PlainRenderer, game_spec, get_renderer, label_players
from .steps import Step, action_text, event_lines, menu_paths, offered, secret_for, step_lines
from .words import result_words, rules_primer, say, why_not

__all__ = ["Column", "PlainRenderer", "Step", "action_text", "card_columns", "card_label",
           "card_text", "event_lines", "game_spec", "generic_card_columns", "get_renderer",
           "label_players", "menu_paths", "offered", "result_words", "rules_primer", "say",
           "secret_for", "step_lines", "why_not"]
