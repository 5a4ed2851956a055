"""A rule-of-thumb player: takes a move that wins or saves the game when one is listed, and
otherwise plays like the random agent. It reads only its own observation and legal actions.
(Per-game strategy is meant to grow here; the obvious moves come first.)"""
from __future__ import annotations

from functools import lru_cache

from ..engine.action import Action
from ..engine.rng import Rng
from .base import Agent, AgentView, register
from .heuristics import heuristics_of, optional


def _random_policy(view: AgentView, rng: Rng) -> Action:
    acts = view.choices
    return acts[rng.below(len(acts))]


def policy_for(game_id: str):
    """The game's heuristic policy ``policy(view, rng) -> Action`` (registered in
    ``tcg.agents.heuristics``); the random policy for a game without one."""
    mod = heuristics_of(game_id)
    return _random_policy if mod is None else mod.policy


def value_for(game_id: str):
    """The game's ``value(observation, player) -> float``: estimated chance that ``player``
    wins (0..1), used to score search rollouts that stop before the end."""
    mod = heuristics_of(game_id)
    return (lambda obs, player: 0.5) if mod is None else mod.value


@lru_cache(maxsize=None)
def long_term_kinds(game_id: str) -> frozenset:
    """Decision kinds whose effect shows only turns later (mulligans, Turu-turu's programming,
    Kemuri's charcoal change...): a search that looks a few decisions ahead cannot judge them,
    so ISMCTS leaves them to the heuristic (the module's ``LONG_TERM`` set)."""
    return frozenset(optional(game_id, "LONG_TERM", ()))


@lru_cache(maxsize=None)
def game_defaults(game_id: str) -> dict:
    """The game's own ISMCTS settings (the module's ``ISMCTS`` dict, e.g. ``{"opponent": "model"}``):
    what measured strongest in that game (docs/agents.md)."""
    return dict(optional(game_id, "ISMCTS", {}))


@register("heuristic")
class HeuristicAgent(Agent):
    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x4E55)

    def act(self, view: AgentView) -> Action:
        return policy_for(view.game_id)(view, self.rng)
