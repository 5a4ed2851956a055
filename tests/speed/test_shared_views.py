"""Agents' cheap observations (issue 19): ``observe(p, shared=True)`` holds exactly what
``observe(p)`` holds, at every decision of seeded random games of every game, and cannot be
changed by one reader behind another's back."""
from __future__ import annotations

import json

import pytest

from tcg.agents.base import AgentView
from tcg.api import GAMES, list_decks, new_game
from tcg.engine.rng import Rng


@pytest.mark.parametrize("game_id", GAMES)
def test_shared_observation_equals_the_front_ends(game_id):
    names = list_decks(game_id)
    rng = Rng(7)
    checked = 0
    for seed in range(3):
        g = new_game(game_id, [names[seed % len(names)], names[-1]], seed=seed)
        while not g.is_over:
            for viewer in (0, 1, None):
                shared, fresh = g.observe(viewer, shared=True), g.observe(viewer)
                assert shared == fresh
                assert json.dumps(shared, sort_keys=True) == json.dumps(fresh, sort_keys=True)
                checked += 1
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
    assert checked > 100


@pytest.mark.parametrize("game_id", GAMES)
def test_a_shared_card_cannot_be_changed(game_id):
    g = new_game(game_id, list_decks(game_id)[:1] * 2, seed=3)
    while not g.observe(g.decision.player)["players"][g.decision.player]["hand"]:
        g.apply(g.legal_actions()[0])  # Z/X chooses its start cards before drawing
    obs = AgentView(g, g.legal_actions()).observation
    hand = obs["players"][g.decision.player]["hand"]
    assert hand, "the deciding player holds cards at the start"
    with pytest.raises(TypeError, match="read-only"):
        hand[0]["name"] = "changed"
    with pytest.raises(TypeError, match="read-only"):
        hand[0].update(name="changed")
    again = g.observe(g.decision.player, shared=True)["players"][g.decision.player]["hand"][0]
    assert again["name"] == g.observe(g.decision.player)["players"][g.decision.player]["hand"][0]["name"]
    copy = dict(hand[0])
    copy["name"] = "mine"  # a copy is the reader's own
    assert g.observe(g.decision.player)["players"][g.decision.player]["hand"][0]["name"] != "mine"
