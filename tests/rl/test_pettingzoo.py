"""The PettingZoo AEC environments: PettingZoo's own api_test and seed_test for the four games,
turn order, infos, rewards, truncation and illegal ids."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tcg
import tcg.rl as rl
from tcg.rl.encoder import encoding

from .games import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "observation is not a NumPy array": a dict with the mask
        api_test(rl.aec_env(game, seed=1), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: rl.aec_env(game), num_cycles=100)


def _play(env, rng, limit=100000):
    """Random masked play; yields (agent, observation, info) before each step."""
    for agent in env.agent_iter(limit):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        yield agent, obs, info
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("game", GAMES)
def test_selection_follows_the_deciding_player_and_infos(game):
    env = rl.aec_env(game, seed=3)
    env.reset(seed=11)
    enc = encoding(game)
    rng = np.random.default_rng(0)
    repeats = steps = 0
    last = None
    for agent, obs, info in _play(env, rng):
        g = env.game
        seat = g.decision.player
        assert agent == f"player_{seat}"
        repeats += agent == last
        last = agent
        # the observation is exactly the encoding of what the seat sees
        floats, ids = enc.network(g.observe(seat), seat)
        assert np.array_equal(obs["observation"], floats) and np.array_equal(obs["ids"], ids)
        assert info["observation"] == g.observe(seat)
        assert info["legal_actions"] == [a.to_dict() for a in g.legal_actions()]
        assert sorted(info["legal_ids"]) == sorted(np.flatnonzero(obs["action_mask"]).tolist())
        other = f"player_{1 - seat}"
        assert not env.observe(other)["action_mask"].any()
        steps += 1
    assert repeats > 0, "no player ever made two decisions in a row"
    assert env.agents == []
    assert steps > 10


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_rewards_at_the_end(game):
    env = rl.aec_env(game, seed=5)
    env.reset(seed=5)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_max_decisions_truncates():
    env = rl.aec_env("kemuri", seed=1, max_decisions=7)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    n = sum(1 for _ in _play(env, rng))
    assert n == 7


def test_illegal_id_ends_the_game_for_the_offender():
    env = rl.aec_env("shironeko", seed=2)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1
    assert env.infos[agent]["illegal_action"]


def test_fixed_decks_and_unknown_game():
    env = rl.aec_env("shironeko", decks=["red_rush", "red_rush"], seed=1)
    env.reset()
    red = tcg.load_deck("shironeko", "red_rush")
    assert [d.sections for d in env.game.decks] == [red.sections, red.sections]
    with pytest.raises(ValueError):
        rl.aec_env("chess")
