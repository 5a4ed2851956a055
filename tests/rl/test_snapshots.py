"""``save()`` / ``restore()`` on both envs (a snapshot continues identically) and
``tcg.rl.vector_env`` (n Gymnasium envs batched)."""
from __future__ import annotations

import numpy as np
import pytest

import tcg.rl as rl

from .games import GAMES


def _gym_run(env, rng_seed, steps):
    rng = np.random.default_rng(rng_seed)
    out = []
    for _ in range(steps):
        a = int(rng.choice(np.flatnonzero(env.action_masks())))
        obs, r, term, trunc, info = env.step(a)
        out.append((obs.tobytes(), r, term, trunc, info["legal_ids"]))
        if term or trunc:
            obs, info = env.reset()
            out.append(("reset", obs.tobytes(), info["seat"]))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_gym_save_restore(game):
    env = rl.gym_env(game, opponent="random", seed=3)
    env.reset(seed=3)
    _gym_run(env, 0, 15)
    snap = env.save()
    first = _gym_run(env, 1, 40)
    env.restore(snap)
    assert _gym_run(env, 1, 40) == first   # back to the snapshot: the same future
    other = rl.gym_env(game, opponent="random")
    other.restore(snap)
    assert _gym_run(other, 1, 40) == first
    with pytest.raises(ValueError):
        rl.gym_env("zx" if game != "zx" else "kemuri").restore(snap)


def _aec_run(env, rng_seed, steps):
    rng = np.random.default_rng(rng_seed)
    out = []
    for _ in range(steps):
        if not env.agents:
            break
        obs, r, term, trunc, info = env.last()
        out.append((env.agent_selection, obs["observation"].tobytes(), obs["ids"].tobytes(), r,
                    term, trunc, info.get("legal_ids")))
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


@pytest.mark.parametrize("game", ["shironeko", "zx"])
def test_aec_save_restore(game):
    env = rl.aec_env(game, seed=2)
    env.reset(seed=2)
    _aec_run(env, 0, 20)
    snap = env.save()
    first = _aec_run(env, 1, 60)
    env.restore(snap)
    assert _aec_run(env, 1, 60) == first
    # after the end too
    env.restore(snap)
    _aec_run(env, 2, 100000)
    end = env.save()
    env.restore(end)
    assert env.agents == []


def test_vector_env():
    vec = rl.vector_env("turutoru", 3, seed=5, opponent="random")
    try:
        obs, infos = vec.reset(seed=5)
        enc = rl.encoding("turutoru")
        assert obs.shape == (3, enc.size) and infos["action_mask"].shape == (3, enc.n_actions)
        masks = vec.call("action_masks")
        assert len(masks) == 3 and all(np.array_equal(m, infos["action_mask"][i])
                                       for i, m in enumerate(masks))
        rng = np.random.default_rng(0)
        for _ in range(20):
            acts = [int(rng.choice(np.flatnonzero(m))) for m in infos["action_mask"]]
            obs, rewards, term, trunc, infos = vec.step(np.array(acts))
            assert vec.single_observation_space.contains(obs[0])
    finally:
        vec.close()
    d = rl.vector_env("zx", 2, seed=1, opponent="random", observation="dict")
    try:
        obs, _ = d.reset(seed=1)
        assert obs["ids"].shape[0] == 2
    finally:
        d.close()
