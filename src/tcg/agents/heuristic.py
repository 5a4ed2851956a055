"""A rule-of-thumb player: takes a move that wins or saves the game when one is listed, and
otherwise plays like the random agent. It reads only its own observation and legal actions.
(Per-game strategy is meant to grow here; the obvious moves come first.)"""
from __future__ import annotations

from functools import lru_cache

from ..engine.action import Action
from ..engine.rng import Rng
from .base import Agent, AgentView, register


def _random_policy(view: AgentView, rng: Rng) -> Action:
    acts = view.choices
    return acts[rng.below(len(acts))]


def policy_for(game_id: str):
    """The game's heuristic policy ``policy(view, rng) -> Action`` (tcg.agents.heuristics.<game>)."""
    try:
        mod = __import__(f"tcg.agents.heuristics.{game_id}", fromlist=["policy"])
        return mod.policy
    except ModuleNotFoundError:
        return _random_policy


def value_for(game_id: str):
    """The game's ``value(observation, player) -> float``: estimated chance that ``player``
    wins (0..1), used to score search rollouts that stop before the end."""
    try:
        mod = __import__(f"tcg.agents.heuristics.{game_id}", fromlist=["value"])
        return mod.value
    except ModuleNotFoundError:
        return lambda obs, player: 0.5


@lru_cache(maxsize=None)
def long_term_kinds(game_id: str) -> frozenset:
    """Decision kinds whose effect shows only turns later (mulligans, Turu-turu's programming,
    Kemuri's charcoal change...): a search that looks a few decisions ahead cannot judge them,
    so ISMCTS leaves them to the heuristic (the module's ``LONG_TERM`` set)."""
    try:
        mod = __import__(f"tcg.agents.heuristics.{game_id}", fromlist=["LONG_TERM"])
        return frozenset(getattr(mod, "LONG_TERM", ()))
    except ModuleNotFoundError:
        return frozenset()


@lru_cache(maxsize=None)
def game_defaults(game_id: str) -> dict:
    """The game's own ISMCTS settings (the module's ``ISMCTS`` dict, e.g. ``{"opponent": "model"}``):
    what measured strongest in that game (docs/agents.md)."""
    try:
        mod = __import__(f"tcg.agents.heuristics.{game_id}", fromlist=["ISMCTS"])
        return dict(getattr(mod, "ISMCTS", {}))
    except ModuleNotFoundError:
        return {}


@register("heuristic")
class HeuristicAgent(Agent):
    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x4E55)

    def act(self, view: AgentView) -> Action:
        return policy_for(view.game_id)(view, self.rng)
