"""The games this package ships: the one registry every list of games derives from.

Each game is a package ``tcg.games.<id>`` whose ``__init__.py`` declares ``SPEC`` (a
``GameSpec``, see ``tcg/spec.py``). ``game_ids()`` lists them, ``spec(id)`` gives one
(importing only that package's ``__init__``, which loads nothing else: a part loads on first
use, so ``tcg`` starts fast) and ``get_rules(id)`` its ``Ruleset``. An unknown id is an
``UnknownGameError`` naming the available ones. To add a game, see docs/architecture.md
("Adding a game")."""
from __future__ import annotations

import importlib
from typing import Callable

from ..engine.errors import UnknownGameError
from ..engine.rules import Ruleset, set_known_games
from ..spec import GameSpec, MissingPartError

#: the ids of the games, in the order they are listed (each a package ``tcg.games.<id>``)
GAMES: tuple[str, ...] = ("shironeko", "turutoru", "kemuri", "zx")

_specs: dict[str, GameSpec] = {}

# card files name their game: tell the engine which ids are games (it imports none of them)
set_known_games(GAMES)


def game_ids() -> list[str]:
    """The ids of the games, in order."""
    return list(GAMES)


def spec(game: str) -> GameSpec:
    """The ``GameSpec`` of ``game``; ``UnknownGameError`` (naming the available ids) for another."""
    found = _specs.get(game) if isinstance(game, str) else None
    if found is None:
        if not isinstance(game, str) or game not in GAMES:
            raise UnknownGameError(f"unknown game {game!r}; available: {', '.join(GAMES)}")
        found = importlib.import_module(f"{__name__}.{game}").SPEC
        if not isinstance(found, GameSpec) or found.id != game:
            raise MissingPartError(f"tcg.games.{game}.SPEC is not the GameSpec of {game!r}")
        _specs[game] = found
    return found


def shipped_game(package: str, rules_class: str) -> GameSpec:
    """The ``GameSpec`` a shipped game's ``__init__`` declares: its id is the last part of
    ``package`` (``tcg.games.<id>``), its parts the ones every shipped game has: the rules
    (``rules_class`` in its ``rules`` module), the words (``text``), board, view, encode and
    terminal."""
    return GameSpec(id=package.rpartition(".")[2], package=package,
                    parts={"rules": f"rules:{rules_class}", "words": "text", "board": "board", "view": "view",
                           "encode": "encode", "terminal": "terminal"})


def rules_on_first_use(game: GameSpec) -> Callable[[str], Ruleset]:
    """A game package's module ``__getattr__``: its ``RULES`` is the game's ``Ruleset``, made on
    first use (importing the package loads no part of the game)."""
    def __getattr__(name: str) -> Ruleset:
        if name == "RULES":
            return game.rules
        raise AttributeError(f"module {game.package!r} has no attribute {name!r}")
    return __getattr__


def specs() -> list[GameSpec]:
    """Every game's spec, in order."""
    return [spec(g) for g in GAMES]


#: rulesets known without a spec: a test registers its own game's here (``monkeypatch.setitem``)
_loaded: dict[str, Ruleset] = {}


def get_rules(game: str) -> Ruleset:
    """The ``Ruleset`` of ``game`` (``spec(game).rules``)."""
    rules = _loaded.get(game) if isinstance(game, str) else None
    return rules if rules is not None else spec(game).rules


__all__ = ["GAMES", "GameSpec", "MissingPartError", "UnknownGameError", "game_ids", "get_rules", "spec", "specs"]
