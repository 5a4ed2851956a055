"""The one agent interface."""
from __future__ import annotations

from typing import Any

from ..engine.action import Action
# the registry of agents by name (public here too: ``tcg.agents.base.make_agent``); it imports
# an agent's module only when that agent is first asked for, and this module never
from .registry import AGENTS, agent_factory, make_agent, register  # noqa: F401


class AgentView:
    """What an agent may know at a decision: which player it is, the decision kind, its legal
    actions and (built only when asked for) its own observation."""

    __slots__ = ("_game", "game_id", "player", "kind", "legal_actions", "_obs", "_choices")

    def __init__(self, game, legal_actions: list[Action]):
        self._game = game
        self.game_id: str = game.rules.id
        d = game.state.decision
        self.player: int = d.player
        self.kind: str = d.kind
        self.legal_actions = legal_actions
        self._obs: dict[str, Any] | None = None
        self._choices: list[Action] | None = None

    @property
    def choices(self) -> list[Action]:
        """The legal actions (what a computer player considers; the rules have no take-backs)."""
        return self.legal_actions

    @property
    def observation(self) -> dict[str, Any]:
        """The player's own observation (``game.observe(player, shared=True)``): read-only, its
        card facts shared with other observations; copy what you need to change."""
        obs = self._obs
        if obs is None:  # game.observe(player, shared=True), the player being the decision's own
            game = self._game
            obs = self._obs = game.rules.observe_shared(game.state, self.player)
        return obs

    def sample(self, rng) -> Any:
        """A complete game consistent with what this player has seen: the opponent's hidden cards
        and every deck order redrawn from ``rng`` (the opponent's deck list is taken as known).
        None at the rare decisions where that is not possible. The only way a search agent may
        look ahead: it never sees the real hidden state."""
        return self._game.determinized(self.player, rng)

    def describe(self, action: Action, lang: str = "en") -> str:
        """The action in words, for people (a computer player reads ``cards`` instead: the
        words change when a ``text.toml`` entry is reworded, the data does not)."""
        return self._game.describe(action, lang)

    def cards(self, action: Action) -> dict[str, str]:
        """The printed card ids of the cards one of the legal actions names, by parameter
        (``{"card": "ZX-031"}``), even a card this player sees only at this decision (one
        searched from the deck): what the action's text names, as data."""
        game = self._game
        return game.rules.action_cards(game.state, action)


class Agent:
    name = "agent"

    def act(self, view: AgentView) -> Action:  # pragma: no cover - interface
        raise NotImplementedError
