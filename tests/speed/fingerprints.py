"""Fingerprints of whole games on fixed seeds: what speed work must leave unchanged.

A fingerprint is the SHA-256 of a game's full referee event log, its actions and its result.
``python -m tests.speed.fingerprints`` prints them as the golden table of
``test_same_results.py``: regenerate it only when a rules fix (named in the commit) changes games."""
from __future__ import annotations

import hashlib
import json

from tcg.agents.base import AgentView, make_agent
from tcg.api import GAMES, list_decks, new_game

#: (what plays, how many games per game id)
PLANS = (("random", 30), ("heuristic", 4), ("ismcts", 2))
#: the sample decks the golden table was made with, by game: a sample deck added later plays no
#: part (the games go through these in turn, so a new one would change which decks meet)
DECKS = {"zx": ("azure_tide", "crimson_vanguard", "lantern_grove"),
         "shironeko": ("blue_control", "leader_march", "poison_mill", "red_rush", "thunder_tempo"),
         "turutoru": ("control", "rush", "steel_dragons"),
         "kemuri": ("coal_cross", "early_shift", "late_shift", "night_guard")}


def play(game_id: str, agent: str, n: int) -> str:
    names = list(DECKS.get(game_id) or list_decks(game_id))
    digest = hashlib.sha256()
    for i in range(n):
        opts = {"iterations": 12} if agent == "ismcts" else {}
        agents = [make_agent(agent, seed=100 + i, **opts), make_agent("heuristic" if agent == "ismcts" else agent,
                                                                     seed=200 + i)]
        g = new_game(game_id, [names[i % len(names)], names[(i + 1) % len(names)]], seed=i)
        steps = 0
        while not g.is_over and (agent != "ismcts" or steps < 60):
            g.apply(agents[g.decision.player].act(AgentView(g, g.legal_actions())))
            steps += 1
        body = {"log": list(g.log), "actions": g.actions, "result": g.result,
                "view": [g.observe(0), g.observe(1), g.observe(None)]}
        digest.update(json.dumps(body, sort_keys=True, ensure_ascii=False).encode())
    return digest.hexdigest()[:16]


def fingerprints() -> dict[str, str]:
    return {f"{gid}/{agent}": play(gid, agent, n) for gid in GAMES for agent, n in PLANS}


if __name__ == "__main__":
    for k, v in fingerprints().items():
        print(f'    "{k}": "{v}",')
