"""A rule-of-thumb player: takes a move that wins or saves the game when one is listed, and
otherwise plays like the random agent. It reads only its own observation and legal actions.
(Per-game strategy is meant to grow here; the obvious moves come first.)"""
from __future__ import annotations

from ..engine.action import Action
from ..engine.rng import Rng
from .base import Agent, AgentView, register


def _kemuri(view: AgentView) -> Action | None:
    for a in view.legal_actions:
        if a.type == "close":  # KM-W1: the only win; always take it
            return a
    return None


def _shironeko(view: AgentView) -> Action | None:
    if view.kind != "defend":
        return None
    obs = view.observation
    me = obs["players"][view.player]
    attacker = next((u for side in obs["players"] for u in side["characters"]
                     if u["iid"] == obs["decision"].get("attacker")), None)
    if attacker is None or attacker["attack"] < me["deck"]:
        return None
    # the hit would empty the deck: defend with the toughest ON character
    best = max((a for a in view.legal_actions if a.type == "defend"),
               key=lambda a: next(u["hp"] - u["damage"] for u in me["characters"] if u["iid"] == a.defender),
               default=None)
    return best


RULES = {"kemuri": _kemuri, "shironeko": _shironeko}


@register("heuristic")
class HeuristicAgent(Agent):
    def __init__(self, seed: int = 0):
        self.rng = Rng(seed ^ 0x4E55)

    def act(self, view: AgentView) -> Action:
        rule = RULES.get(view.game_id)
        if rule is not None:
            choice = rule(view)
            if choice is not None:
                return choice
        acts = view.legal_actions
        return acts[self.rng.below(len(acts))]
