"""Kemuri heuristic (minimal; to be extended)."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.rng import Rng
from ..base import AgentView


def policy(view: AgentView, rng: Rng) -> Action:
    for a in view.legal_actions:
        if a.type == "close":  # KM-W1: the only win; always take it
            return a
    acts = view.choices
    return acts[rng.below(len(acts))]


def value(obs: dict, player: int) -> float:
    me, opp = obs["players"][player]["seats"], obs["players"][1 - player]["seats"]
    return min(1.0, max(0.0, 0.5 + (me - opp) / 32))
