"""The games this package ships, by id. Each module exposes ``RULES`` (a ``Ruleset``) and is
imported only when first used, so ``tcg`` starts fast."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..engine.errors import UnknownGameError

if TYPE_CHECKING:
    from ..engine.steps import StepRuleset

#: game id -> module path
GAMES: dict[str, str] = {
    "shironeko": "tcg.games.shironeko",
    "turutoru": "tcg.games.turutoru",
    "kemuri": "tcg.games.kemuri",
    "zx": "tcg.games.zx",
}

_loaded: dict[str, StepRuleset] = {}


def get_rules(game: str) -> StepRuleset:
    rules = _loaded.get(game) if isinstance(game, str) else None
    if rules is None:
        path = GAMES.get(game) if isinstance(game, str) else None
        if path is None:
            raise UnknownGameError(f"unknown game {game!r}; available: {', '.join(GAMES)}")
        rules = _loaded[game] = importlib.import_module(path).RULES
    return rules
