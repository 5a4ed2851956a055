"""What a seat is told of the play, whatever the front end: the steps taken (``Step``: an action
and the events it caused), how an action reads for a viewer (secret choices hidden), the event
lines under a step, and the choices of a decision as paths of labels (``menu_paths``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..engine.action import Action
from .renderer import PlainRenderer, game_spec, get_renderer


@dataclass
class Step:
    """One applied action (or the set-up) and the events it caused, as seen by one player."""

    player: int | None
    text: str
    events: list[dict[str, Any]] = field(default_factory=list)
    #: the action applied (None for the set-up and a concession)
    action: Action | None = None
    #: a secret choice of another player (``secret_for``): shown only through the lines of the
    #: events it caused; without any, the viewer is not told of the step at all
    secret: bool = False

    @property
    def shown(self) -> bool:
        """Whether the viewer is told of this step (``lines``: its event lines for the viewer)."""
        return bool(self.text and not self.secret)


def secret_for(game, actor: int | None, viewer: int | None) -> bool:
    """Whether ``actor``'s choice at ``game``'s open decision is hidden from ``viewer`` (asked
    before it is applied): a secret decision (``game.secret_choice()``) of another player."""
    return actor is not None and actor != viewer and game.secret_choice()


def action_text(game, action: Action, actor: int | None, viewer: int | None, lang: str,
                renderer: PlainRenderer | None = None) -> str:
    """How ``action`` of ``actor`` reads for ``viewer`` (asked before it is applied): the
    renderer's ``action_label`` (default ``game.describe(action)``), except for choices the
    viewer may not see (``secret_for``: the engine's secret decisions, whatever the action).
    Without ``renderer``, the game's registered one is used."""
    if renderer is None:
        renderer = get_renderer(game.game_id, game, lang, viewer=viewer)
    if secret_for(game, actor, viewer):
        return renderer.hidden_label(action)
    try:
        return renderer.action_label(game, action, actor)
    except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
        return game.describe(action, lang)


def event_lines(renderer: PlainRenderer, events: Sequence[Mapping[str, Any]]) -> list[str]:
    """The lines of ``events``: the renderer's ``event_lines`` (by default each event's text,
    runs of identical lines folded into one, "... (x3)")."""
    try:
        return list(renderer.event_lines(events))
    except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
        return PlainRenderer.event_lines(renderer, events)


def step_lines(renderer: PlainRenderer, step: Step) -> list[str]:
    """The event lines shown under one step: the renderer's optional ``step_lines(player, action,
    events)`` (e.g. leaving out an event that only repeats the action line), else ``event_lines``."""
    hook = getattr(renderer, "step_lines", None)
    if hook is not None:
        try:
            return list(hook(step.player, step.action, step.events))
        except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
            pass
    return event_lines(renderer, step.events)


def offered(renderer: PlainRenderer, game) -> list[Action]:
    """The legal actions the renderer offers (all of them if it fails or offers none)."""
    legal = game.legal_actions()
    try:
        chosen = [a for a in renderer.options(game, legal) if a in legal]
    except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
        chosen = []
    return chosen or legal


def menu_paths(game, renderer: PlainRenderer, viewer: int, lang: str) -> list[tuple[tuple[str, ...], Action]]:
    """Each offered action with the path of labels it is chosen under: the game's ``menu()``
    (choices in steps: the card, then what it does, then the target) when it covers every legal
    action, else one label per offered action."""
    legal = game.legal_actions()
    found = game_spec(game.game_id)
    if found is not None:
        fn = found.member("words", "menu")
        try:
            paths = [(tuple(str(x) for x in p), a) for p, a in fn(game, legal, viewer, lang)]
            if paths and {a for _, a in paths} == set(legal):
                return paths
        except Exception:  # noqa: BLE001 - never let a cosmetic problem stop a game
            pass
    return [((action_text(game, a, viewer, viewer, lang, renderer),), a) for a in offered(renderer, game)]
