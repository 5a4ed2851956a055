"""Seeded games for the rl tests: every decision of a few random (and heuristic) games."""
from __future__ import annotations

import random

import tcg
from tcg.agents import AgentView, make_agent

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def played(game: str, seeds, heuristic_every: int = 3):
    """Yield the game at every decision (and once over) of the seeded games; the game is the live
    object, so use it before the next item."""
    decks = tcg.list_decks(game)
    for seed in seeds:
        rng = random.Random(seed)
        g = tcg.new_game(game, [rng.choice(decks), rng.choice(decks)], seed=seed)
        kinds = ["heuristic" if seed % heuristic_every == 0 else "random", "random"]
        agents = [make_agent(kinds[i], seed=seed * 2 + i) for i in range(2)]
        while True:
            yield g
            if g.is_over:
                break
            la = g.legal_actions()
            g.apply(agents[g.decision.player].act(AgentView(g, la)))
