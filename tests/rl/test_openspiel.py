"""The OpenSpiel adapter (extra ``openspiel``): OpenSpiel's own random-simulation test (with
serialization) for the four games, the deal as an explicit chance node, undo, the game type,
tensors from the shared encoding, resampling through the engine's determinization, and the
Python ISMCTS bot through ``evaluate_bots``."""
from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'openspiel' extra")

import tcg.rl.openspiel as tos  # noqa: E402 - registers the games
from tcg.rl.encoder import encoding  # noqa: E402

from .games import GAMES  # noqa: E402


def _dealt(name, params, deal=0):
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    state.apply_action(deal)
    return game, state


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test(game):
    # serialize=True: every state is serialized and deserialized from its history
    pyspiel.random_sim_test(pyspiel.load_game(f"tcg_{game}", {"seed": 11, "deals": 20}),
                            num_sims=1, serialize=True, verbose=False)


def test_game_type_and_info():
    game = pyspiel.load_game("tcg_kemuri")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    enc = encoding("kemuri")
    assert game.num_distinct_actions() == enc.n_actions
    assert game.observation_tensor_size() == enc.size == game.information_state_tensor_size()
    assert game.max_chance_outcomes() == tos.DEFAULT_DEALS
    assert pyspiel.load_game("tcg_kemuri", {"deals": 7}).max_chance_outcomes() == 7
    assert set(tos.register()) == {f"tcg_{g}" for g in GAMES}


def test_deal_is_a_chance_node():
    game = pyspiel.load_game("tcg_zx", {"seed": 2, "deals": 5})
    root = game.new_initial_state()
    assert root.is_chance_node() and root.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = root.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(5)) == root.legal_actions()
    assert all(p == pytest.approx(0.2) for _, p in outcomes)
    assert root.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    views = set()
    for deal in range(5):
        s = root.child(deal)
        assert not s.is_chance_node() and s.chance_outcomes() == []   # [] at a decision
        assert s.tcg.seed == 2 * 5 + deal   # the engine seed: seed * deals + deal
        for _ in range(10):   # the same actions after each deal
            if s.is_terminal():
                break
            s.apply_action(s.legal_actions()[0])
        views.add(s.observation_string(0) + s.observation_string(1))
    assert len(views) > 1   # different deals, different games
    # the same deal and actions: the same state
    a, b = root.child(3), root.child(3)
    rng = random.Random(0)
    for _ in range(20):
        if a.is_terminal():
            break
        act = rng.choice(a.legal_actions())
        a.apply_action(act)
        b.apply_action(act)
    assert str(a) == str(b) and a.history() == b.history()
    with pytest.raises(Exception):
        root.clone().apply_action(5)


def test_rl_environment_deals_anew_each_episode():
    from open_spiel.python import rl_environment
    env = rl_environment.Environment("tcg_shironeko")
    env.seed(3)
    deals = []
    rng = np.random.default_rng(0)
    for _ in range(4):
        ts = env.reset()
        deals.append(env.get_state.history()[0])
        assert not env.get_state.is_chance_node()
        for _ in range(10):   # what a network reads: floats within [-1, 1]
            for p in (0, 1):
                x = np.asarray(ts.observations["info_state"][p])
                assert np.isfinite(x).all() and np.abs(x).max() <= 1.0
            if ts.last():
                break
            p = ts.observations["current_player"]
            ts = env.step([int(rng.choice(ts.observations["legal_actions"][p]))])
    assert len(set(deals)) > 1


def test_serialization_and_undo():
    game, state = _dealt("tcg_turutoru", {"seed": 5, "deals": 10}, deal=4)
    rng = random.Random(1)
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()
    assert state2.information_state_string(0) == state.information_state_string(0)
    before = (str(state), state.history(), state.legal_actions(), state.observation_tensor(0))
    for _ in range(3):   # apply then undo, three deep
        undo = []
        for _ in range(3):
            if state.is_terminal():
                break
            a = rng.choice(state.legal_actions())
            undo.append((state.current_player(), a))
            state.apply_action(a)
        for p, a in reversed(undo):
            state.undo_action(p, a)
        assert (str(state), state.history(), state.legal_actions(),
                state.observation_tensor(0)) == before
    state.undo_action(0, state.history()[-1])
    assert state.move_number() == 15
    root = game.new_initial_state()
    root.apply_action(9)
    root.undo_action(pyspiel.PlayerId.CHANCE, 9)
    assert root.is_chance_node() and root.history() == []


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_tensors_actions_and_resampling(game):
    spiel, state = _dealt(f"tcg_{game}", {"seed": 4})
    enc = encoding(game)
    rng = random.Random(4)
    resampled = 0
    for step in range(60):
        if state.is_terminal():
            break
        p = state.current_player()
        g = state.tcg
        raw, _ = enc.encode(g.observe(p), p)
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32),
                              enc.features(raw)[0])
        legal = state.legal_actions()
        assert len(legal) == len(g.legal_actions()) and legal == sorted(legal)
        assert state.legal_actions(1 - p) == []
        if step % 10 == 0:
            other = state.resample_from_infostate(p, rng.random)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.legal_actions() == legal
            resampled += other.tcg is not g
        state.apply_action(rng.choice(legal))
    assert resampled > 0
    s1 = state.information_state_string(0)
    clone = state.clone()
    assert clone.information_state_string(0) == s1 and str(clone) == str(state)


def test_ismcts_through_evaluate_bots():
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots import uniform_random

    class Zero(mcts.Evaluator):   # no rollouts: the test is about the plumbing, not strength
        def evaluate(self, state):
            return np.zeros(2)

        def prior(self, state):
            legal = state.legal_actions()
            return [(a, 1.0 / len(legal)) for a in legal]

    game = pyspiel.load_game("tcg_shironeko", {"seed": 1, "deals": 10})
    bots = [tos.ismcts_bot(game, simulations=3, seed=1, evaluator=Zero()),
            uniform_random.UniformRandomBot(1, np.random.RandomState(2))]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
