"""The Gymnasium single-agent environment: Gymnasium's env checker, the mask that sb3-contrib's
MaskablePPO reads, seats and opponents."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tcg.rl as rl

from .games import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env(game, opponent="random", seed=1), skip_render_check=True)


def _episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, info["action_mask"])
        assert int(mask.sum()) == len(info["legal_ids"])
        if env.raw_info:
            assert len(info["legal_actions"]) == len(info["legal_ids"])
        assert env.observation_space.contains(obs)
        assert env.game.decision.player == env.seat
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if term or trunc:
            return reward, steps


@pytest.mark.parametrize("game", ["turutoru", "zx"])
def test_episode_against_the_heuristic(game):
    env = rl.gym_env(game, opponent="heuristic", seed=4, raw_info=True)
    reward, steps = _episode(env, 4)
    assert reward in (-1.0, 0.0, 1.0) and steps > 0
    assert env.game.is_over


def test_seats_alternate_and_can_be_fixed():
    env = rl.gym_env("kemuri", opponent="random", seed=0)
    seats = []
    for i in range(4):
        env.reset(seed=None if i else 10)
        seats.append(env.seat)
    assert seats == [0, 1, 0, 1]
    env = rl.gym_env("kemuri", opponent="random", seat=1)
    env.reset(seed=3)
    assert env.seat == 1


def test_same_seed_same_episode():
    a = rl.gym_env("shironeko", opponent="heuristic")
    b = rl.gym_env("shironeko", opponent="heuristic")
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    assert np.array_equal(oa, ob)
    ids = np.flatnonzero(a.action_masks())
    ra = a.step(int(ids[-1]))
    rb = b.step(int(ids[-1]))
    assert np.array_equal(ra[0], rb[0]) and ra[1:4] == rb[1:4]


def test_illegal_id_loses_and_truncation():
    env = rl.gym_env("zx", opponent="random", seed=2)
    env.reset(seed=2)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, term, _, info = env.step(bad)
    assert (reward, term, info["illegal_action"]) == (-1.0, True, True)
    env = rl.gym_env("zx", opponent="random", max_decisions=3)
    env.reset(seed=2)
    for _ in range(3):
        _, _, term, trunc, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if term:
            break
    assert term or trunc


def test_opponent_agent_object():
    from tcg.agents import make_agent
    env = rl.gym_env("turutoru", opponent=make_agent("random", seed=1), seed=1)
    reward, _ = _episode(env, 1)
    assert reward in (-1.0, 0.0, 1.0)
