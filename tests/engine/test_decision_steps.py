"""``Game.continues_decision``: the steps of one decision (a payment's cards, a mulligan's marks,
the attackers picked one by one) are told apart from new decisions, as each game's profile
(``[clock] steps``) declares, so that a clock counts them as one decision."""
from __future__ import annotations

import collections

import pytest

import tcg
from tcg.agents.base import AgentView, make_agent

#: a kind each game splits into steps, seen in the heuristic games below
STEPPED = {"shironeko": "pay", "turutoru": "attackers", "kemuri": "pay", "zx": "pay"}


@pytest.mark.parametrize("game_id", tcg.list_games())
def test_a_step_continues_only_the_same_players_decision_and_only_a_declared_kind(game_id):
    continued = collections.Counter()
    decks = tcg.list_decks(game_id)
    for seed in range(3):
        g = tcg.new_game(game_id, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        agents = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 10)]
        while not g.is_over:
            p = g.decision.player
            g.apply(agents[p].act(AgentView(g, g.legal_actions())))
            goes_on = g.continues_decision(p)
            d = g.decision
            assert goes_on == (not g.is_over and d.player == p and d.kind in g.rules.decision_steps)
            assert not g.continues_decision(1 - p) or (d.player == 1 - p and d.kind in g.rules.decision_steps)
            if goes_on:
                continued[d.kind] += 1
    assert continued[STEPPED[game_id]] > 0, continued
    assert set(continued) <= g.rules.decision_steps
    assert "main" not in g.rules.decision_steps  # a turn's actions are decisions of their own
