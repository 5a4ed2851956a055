"""The choices of a decision as paths of labels, grouped the same way in every game whose text
layer offers them in steps (Kemuri, Z/X): first the thing chosen (a card in hand, a card on the
table), then what it does. Each game's ``text.py`` knows its actions (a "scene" of the decision);
this module only lays them out."""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Protocol

Path = tuple[str, ...]


class Scene(Protocol):
    """What a game's text layer tells of one decision's actions."""

    def option(self, a: Any) -> str | None:
        """The whole line of an action (None: none)."""

    def group(self, a: Any) -> tuple[Hashable, str] | None:
        """(key, head) of the group an action is offered under (None: offered alone)."""


def grouped(scene: Scene, actions: Iterable[Any], steps: Callable[[Any], Path],
            alone: Callable[[Any], str], spread: Callable[[Hashable], bool] = lambda key: False
            ) -> list[tuple[Path, Any]]:
    """Each action with its path, in the order first met by group: an action offered alone (its
    group None) reads ``alone(a)``; the actions of a group whose ``steps`` differ (or that is
    ``spread``) read the group's head, then their steps; a group whose steps are all the same (copies
    of one card) reads each action's option line (else the head) in one step."""
    groups: dict[Any, list[tuple[Any, Path]]] = {}
    heads: dict[Any, str] = {}
    order: list[Any] = []
    key: Hashable
    for a in actions:
        try:
            g = scene.group(a)
        except Exception:  # noqa: BLE001 - a menu must never break a game
            g = None
        if g is None:
            key = ("one", len(order))
            groups[key] = [(a, (alone(a),))]
            order.append(key)
            continue
        key, head = g
        if key not in groups:
            groups[key] = []
            heads[key] = head
            order.append(key)
        groups[key].append((a, steps(a)))
    rows: list[tuple[Path, Any]] = []
    for key in order:
        members = groups[key]
        if key in heads and (len({path for _, path in members}) > 1 or spread(key)):
            rows += [((heads[key],) + path, a) for a, path in members]
        elif key in heads:
            rows += [((scene.option(a) or heads[key],), a) for a, _ in members]
        else:
            rows += [(path, a) for a, path in members]
    return rows


def option_or(scene: Scene, game: Any, describe: Callable[[Any, Any, str], str], lang: str) -> Callable[[Any], str]:
    """``alone`` for ``grouped``: an action's option line, else the game text's ``describe``, else
    (should either fail) ``game.describe``."""
    def alone(a: Any) -> str:
        try:
            return scene.option(a) or describe(game.state, a, lang)
        except Exception:  # noqa: BLE001
            return game.describe(a, lang)
    return alone


__all__ = ["Path", "Scene", "grouped", "option_or"]
