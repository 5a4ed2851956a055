"""Uniformly random over the legal actions (its own seeded generator)."""
from __future__ import annotations

from ..engine.action import Action
from ..engine.rng import Rng
from .base import Agent, AgentView, register


@register("random")
class RandomAgent(Agent):
    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x5EED)

    def act(self, view: AgentView) -> Action:
        acts = view.legal_actions
        return acts[self.rng.below(len(acts))]
