"""The OpenSpiel adapter (extra ``openspiel``): OpenSpiel's own random-simulation test for the
four games, the game type, tensors from the shared encoding, and resampling through the engine's
determinization."""
from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'openspiel' extra")

import tcg.rl.openspiel as tos  # noqa: E402 - registers the games
from tcg.rl.encoder import encoding  # noqa: E402

from .games import GAMES  # noqa: E402


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test(game):
    pyspiel.random_sim_test(pyspiel.load_game(f"tcg_{game}", {"seed": 11}), num_sims=1,
                            serialize=False, verbose=False)


def test_game_type_and_info():
    game = pyspiel.load_game("tcg_kemuri")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    enc = encoding("kemuri")
    assert game.num_distinct_actions() == enc.n_actions
    assert game.observation_tensor_size() == enc.size == game.information_state_tensor_size()
    assert set(tos.register()) == {f"tcg_{g}" for g in GAMES}


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_tensors_actions_and_resampling(game):
    spiel = pyspiel.load_game(f"tcg_{game}", {"seed": 4})
    enc = encoding(game)
    state = spiel.new_initial_state()
    rng = random.Random(4)
    resampled = 0
    for step in range(60):
        if state.is_terminal():
            break
        p = state.current_player()
        g = state.tcg
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32),
                              enc.encode(g.observe(p), p)[0])
        legal = state.legal_actions()
        assert len(legal) == len(g.legal_actions()) and legal == sorted(legal)
        assert state.legal_actions(1 - p) == []
        if step % 10 == 0:
            other = state.resample_from_infostate(p, rng.random)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.legal_actions() == legal
            resampled += other.tcg is not g
        state.apply_action(rng.choice(legal))
    assert resampled > 0
    s1 = state.information_state_string(0)
    clone = state.clone()
    assert clone.information_state_string(0) == s1 and str(clone) == str(state)
