"""Gymnasium by its conventions: ids for ``gymnasium.make``, the same ``info`` keys and types at
every step (what the vector envs batch), ``SyncVectorEnv`` / ``AsyncVectorEnv``, pickling and
deep copies."""
from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import gymnasium
import numpy as np
import pytest

import tcg.rl as rl
from tcg.rl.gymnasium_env import TcgGymEnv

from .games import GAMES

INFO_TYPES = {"action_mask": np.ndarray, "legal_ids": list, "seat": int, "decisions": int,
              "illegal_action": bool, "winner": int, "draw": bool, "end_reason": str}


@pytest.mark.parametrize("game", GAMES)
def test_ids_registered_for_gymnasium_make(game):
    env = gymnasium.make(f"tcg/{game}-v4", opponent="random")
    assert isinstance(env.unwrapped, TcgGymEnv) and env.unwrapped.game_id == game
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert gymnasium.spec(f"tcg/{game}-v4").kwargs == {"game": game}
    env.close()
    first = gymnasium.make(f"tcg/{game}-v0", opponent="random")  # the first ids still make it
    assert gymnasium.spec(f"tcg/{game}-v1").kwargs == {"game": game}  # as do the ids before the last change
    assert isinstance(first.unwrapped, TcgGymEnv) and first.observation_space == env.observation_space
    first.close()


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_registration_is_on_import_and_optional():
    # importing tcg.rl registers the ids (the env module and encoders load at the first make)
    loaded = "[m for m in ('tcg.rl.gymnasium_env', 'tcg.rl.encoder') if m in sys.modules]"
    assert _run(f"import sys, tcg.rl, gymnasium; print(gymnasium.spec('tcg/zx-v4').entry_point, {loaded})") == \
        "tcg.rl.gymnasium_env:TcgGymEnv []"
    assert _run("import tcg.rl, gymnasium; print(gymnasium.spec('tcg/kemuri-v4').kwargs)") == \
        "{'game': 'kemuri'}"
    # without Gymnasium (the rl extra is optional) tcg.rl still imports
    assert _run("import sys; sys.modules['gymnasium'] = None; import tcg.rl; print('ok')") == "ok"
    assert _run("import sys, tcg.rl; sys.modules['gymnasium'] = None; import tcg.rl.core; "
                "print('ok')") == "ok"


def _check_info(info, env):
    assert {k: type(v) for k, v in info.items()} == INFO_TYPES, info.keys()
    assert info["action_mask"].dtype == bool and info["action_mask"].shape == (env.action_space.n,)


@pytest.mark.parametrize("game", ["kemuri", "zx"])
def test_info_has_the_same_keys_and_types_at_every_step(game):
    env = rl.gym_env(game, opponent="random", seed=5)
    rng = np.random.default_rng(5)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        _check_info(info, env)
        while True:
            obs, reward, term, trunc, info = env.step(int(rng.choice(info["legal_ids"])))
            _check_info(info, env)
            if term or trunc:
                break
        assert info["winner"] in (-1, 0, 1) and info["end_reason"]
        assert info["draw"] == (info["winner"] == -1)
    env.reset(seed=7)
    _, _, _, _, info = env.step(int(np.flatnonzero(~env.action_masks())[0]))
    _check_info(info, env)
    assert info["illegal_action"] is True and info["winner"] == -1


def test_raw_info_option():
    env = rl.gym_env("zx", opponent="random", seed=1, raw_info=True)
    _, info = env.reset(seed=1)
    assert set(info) == set(INFO_TYPES) | {"observation", "legal_actions", "result"}
    assert len(info["legal_actions"]) == len(info["legal_ids"]) and info["result"] is None
    assert info["observation"]["decision"] is not None
    assert "observation" not in rl.gym_env("zx", opponent="random").reset(seed=1)[1]


def _vector_run(vec, steps: int, seed: int) -> int:
    obs, infos = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ends = 0
    for _ in range(steps):
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                   for m in infos["action_mask"]]
        obs, rewards, terms, truncs, infos = vec.step(np.array(actions))
        assert obs.shape == (vec.num_envs, *vec.single_observation_space.shape)
        assert infos["action_mask"].shape == (vec.num_envs, vec.single_action_space.n)
        assert infos["seat"].dtype.kind == "i" and infos["legal_ids"].dtype == object
        ends += int(terms.sum() + truncs.sum())
    vec.close()
    return ends


@pytest.mark.parametrize("game", ["turutoru", "shironeko"])
def test_sync_vector_env(game):
    vec = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make(f"tcg/{game}-v4", opponent="random") for _ in range(2)])
    assert _vector_run(vec, 300, 1) > 0   # through the end of an episode and the autoreset


def test_sync_vector_env_of_gym_env():
    # (before: AttributeError 'numpy.ndarray' object has no attribute 'get' in _add_info, as
    # info["observation"]["decision"] was None at one env and a dict at the other)
    vec = gymnasium.vector.SyncVectorEnv(
        [lambda: rl.gym_env("zx", opponent="random") for _ in range(2)])
    assert _vector_run(vec, 300, 3) >= 0


@pytest.mark.parametrize("game", ["kemuri", "zx"])
def test_async_vector_env(game):
    vec = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make(f"tcg/{game}-v4", opponent="random") for _ in range(2)])
    assert _vector_run(vec, 600, 2) > 0   # through the end of an episode and the autoreset


def _play(env, rng, steps):
    """``steps`` masked random steps (resetting after each episode): what came out of them."""
    out = []
    for _ in range(steps):
        if env.unwrapped.game is None or env.unwrapped.game.is_over:
            obs, info = env.reset()
            out.append((obs.tobytes(), info["legal_ids"], info["seat"]))
            continue
        obs, reward, term, trunc, info = env.step(int(rng.choice(env.unwrapped._view.legal_ids)))
        out.append((obs.tobytes(), reward, term, trunc, info["legal_ids"], info["winner"]))
    return out


@pytest.mark.parametrize("game,opponent", [("zx", "heuristic"), ("kemuri", "random")])
def test_pickled_and_copied_envs_continue_identically(game, opponent):
    env = gymnasium.make(f"tcg/{game}-v4", opponent=opponent, seed=11)
    env.reset(seed=11)
    _play(env, np.random.default_rng(0), 40)
    restored = pickle.loads(pickle.dumps(env))
    copied = copy.deepcopy(env)
    assert restored.unwrapped.game.record() == env.unwrapped.game.record()
    assert np.array_equal(restored.unwrapped.action_masks(), env.unwrapped.action_masks())
    expected = _play(env, np.random.default_rng(1), 300)   # into the next episodes too
    assert _play(restored, np.random.default_rng(1), 300) == expected
    assert _play(copied, np.random.default_rng(1), 300) == expected


def test_pickle_before_reset_and_after_the_end():
    env = rl.gym_env("turutoru", opponent="random", seed=2, max_decisions=5)
    fresh = pickle.loads(pickle.dumps(env))
    assert fresh.reset(seed=2)[0].tobytes() == env.reset(seed=2)[0].tobytes()
    env.step(int(np.flatnonzero(~env.action_masks())[0]))      # an illegal id ends the episode
    again = pickle.loads(pickle.dumps(env))
    assert again.game is None
    assert again.reset()[0].tobytes() == env.reset()[0].tobytes()
