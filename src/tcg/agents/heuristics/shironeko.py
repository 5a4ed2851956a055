"""Shironeko heuristic (minimal; to be extended)."""
from __future__ import annotations

from ...engine.action import Action
from ...engine.rng import Rng
from ..base import AgentView


def policy(view: AgentView, rng: Rng) -> Action:
    if view.kind == "defend":
        obs = view.observation
        me = obs["players"][view.player]
        attacker = next((u for side in obs["players"] for u in side["characters"]
                         if u["iid"] == obs["decision"].get("attacker")), None)
        if attacker is not None and attacker["attack"] >= me["deck"]:
            defenders = [a for a in view.legal_actions if a.type == "defend"]
            if defenders:  # the hit would empty the deck: defend
                return defenders[0]
    acts = view.choices
    return acts[rng.below(len(acts))]


def value(obs: dict, player: int) -> float:
    me, opp = obs["players"][player]["deck"], obs["players"][1 - player]["deck"]
    return min(1.0, max(0.0, 0.5 + (me - opp) / 40))
