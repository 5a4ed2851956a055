"""Per-game heuristic players: each module exposes ``policy(view, rng) -> Action`` (a sensible
move from the player's own observation and legal actions) and ``value(observation, player)``
(estimated chance of winning, 0..1, for scoring search rollouts), and may set ``LONG_TERM``
(decision kinds a short search cannot judge) and ``ISMCTS`` (the game's search settings).

``HEURISTICS`` registers them, game id -> module path: the one place outside ``tcg/games/``
that names game ids. A module is imported on first use (``heuristics_of``); a game without an
entry plays like the random agent, but a registered module that fails to import raises."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

#: game id -> the module of its heuristic player
HEURISTICS: dict[str, str] = {
    "shironeko": "tcg.agents.heuristics.shironeko",
    "turutoru": "tcg.agents.heuristics.turutoru",
    "kemuri": "tcg.agents.heuristics.kemuri",
    "zx": "tcg.agents.heuristics.zx",
}

_loaded: dict[str, ModuleType] = {}


def heuristics_of(game_id: Any) -> ModuleType | None:
    """The heuristic module registered for ``game_id`` (imported on first use: an error in it is
    raised), or None when the game has none."""
    mod = _loaded.get(game_id) if isinstance(game_id, str) else None
    if mod is None:
        path = HEURISTICS.get(game_id) if isinstance(game_id, str) else None
        if path is None:
            return None
        mod = _loaded[game_id] = importlib.import_module(path)
    return mod


def optional(game_id: Any, name: str, default: Any) -> Any:
    """``name`` of the game's heuristic module (``LONG_TERM``, ``ISMCTS``), ``default`` when the
    game has no heuristic module or the module does not set it."""
    mod = heuristics_of(game_id)
    return default if mod is None else vars(mod).get(name, default)


__all__ = ["HEURISTICS", "heuristics_of", "optional"]
