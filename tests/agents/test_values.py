"""The value estimates ISMCTS scores its rollouts with: chances in 0..1 that, read from the same
observation, add up to one over the two seats (the game is zero-sum), from features that are
differences between the sides. (Each player's own observation holds different hidden cards, so
there the two estimates need not add up to one.)"""
from __future__ import annotations

import importlib

import pytest

import tcg
from tcg.agents import AgentView, make_agent
from tcg.agents.heuristic import value_for


@pytest.mark.parametrize("game_id", tcg.list_games())
def test_values_of_the_two_seats_add_up_to_one_all_game_long(game_id):
    value = value_for(game_id)
    feats = getattr(importlib.import_module(f"tcg.agents.heuristics.{game_id}"), "value_features", None)
    names = tcg.list_decks(game_id)
    g = tcg.new_game(game_id, [names[0], names[1 % len(names)]], seed=5)
    agents = [make_agent("heuristic", seed=1), make_agent("random", seed=2)]
    seen = set()
    while not g.is_over:
        assert 0.0 <= value(g.observe(0), 0) <= 1.0 and 0.0 <= value(g.observe(1), 1) <= 1.0
        public = g.observe(None)
        v0 = value(public, 0)
        assert v0 + value(public, 1) == pytest.approx(1.0)
        seen.add(round(v0, 2))
        if feats is not None:
            assert feats(public, 0) == [-f for f in feats(public, 1)]
        view = AgentView(g, g.legal_actions())
        g.apply(agents[view.player].act(view))
    assert len(seen) > 3  # the estimate moves with the game
    assert value(g.observe(0), 0) == (0.5 if g.winner is None else float(g.winner == 0))
