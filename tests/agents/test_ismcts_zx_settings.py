"""Z/X's own ISMCTS settings (heuristics/zx.py ``ISMCTS`` and ``LONG_TERM``, docs/agents.md):
rollouts to the end of the turn, the heuristic's move stands unless the search beats it by 0.1,
and ignition and the blind life-card pick are left to the heuristic. The other games keep both
new options off."""
from __future__ import annotations

from tcg.agents import AgentView, make_agent
from tcg.agents.heuristic import long_term_kinds, policy_for
from tcg.api import list_decks, new_game
from tcg.engine.rng import Rng


def test_zx_settings():
    cfg = make_agent("ismcts").game_settings("zx")
    assert cfg["opponent"] == "model" and cfg["keep_margin"] == 0.1 and cfg["top_k"] == 0
    assert cfg["rollout_turns"] == 1
    assert {"ignition", "life_pick", "pay", "resource"} <= long_term_kinds("zx")


def test_other_games_keep_the_new_options_off():
    for game_id in ("shironeko", "turutoru", "kemuri"):
        cfg = make_agent("ismcts").game_settings(game_id)
        assert cfg["keep_margin"] == 0 and cfg["top_k"] == 0


def test_zx_ignition_is_left_to_the_heuristic():
    decks = list_decks("zx")
    found = 0
    for seed in range(6):
        g = new_game("zx", [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        players = [make_agent("heuristic", seed=seed), make_agent("heuristic", seed=seed + 1)]
        while not g.is_over and found < 3:
            view = AgentView(g, g.legal_actions())
            if view.kind == "ignition" and len(view.choices) > 1:
                agent = make_agent("ismcts", seed=1, iterations=50)
                a = agent.act(view)
                assert agent.last_iterations == 0  # not searched
                assert a == policy_for("zx")(AgentView(g, g.legal_actions()), Rng(1))  # (no dice in it)
                found += 1
            g.apply(players[view.player].act(view))
        if found >= 3:
            break
    assert found
