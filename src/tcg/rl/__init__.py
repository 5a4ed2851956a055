"""Research environments (optional extra ``rl``: ``uv sync --extra rl``).

* ``tcg.rl.aec_env(game, decks=None, seed=None, max_decisions=None)``: a PettingZoo AEC env;
* ``tcg.rl.gym_env(game, opponent="heuristic", ...)``: a Gymnasium single-agent env;
* ``tcg.rl.vector_env(game, n, seed=None, asynchronous=False, ...)``: ``n`` of them batched;
* ``env.save()`` / ``env.restore(snapshot)`` on both envs: a snapshot to come back to;
* ``tcg.rl.encoding(game)``: the observation encoding and the fixed action table of a game;
* ``tcg.rl.evaluate(policy, game, opponent, games=..., sampled=..., duplicate=True)``: a trained
  policy's score with Wilson intervals, seats alternated, duplicate deals (``tcg.rl.evaluation``);
* ``tcg.rl.policy_opponent(policy, game)``: a policy (SB3 model or callable) as an opponent;
* ``tcg.rl.openspiel``: the games registered in OpenSpiel (extra ``openspiel``).

``import tcg`` never imports this package (nor numpy, PettingZoo or Gymnasium). ``import tcg.rl``
registers one Gymnasium id per game, ``tcg/<game>-v<ENV_VERSION>`` (``gymnasium.make(
"tcg/zx-v2", opponent="random")``); the env module and the encoders load at the first
``gymnasium.make``; ``tcg/<game>-v0`` and ``-v1`` (earlier ids) make the same env. Without Gymnasium
installed nothing is registered.
"""
from __future__ import annotations

from typing import Any

__all__ = ["aec_env", "gym_env", "encoding", "EncodingError", "GameEncoding", "gym_id",
           "evaluate", "Evaluation", "policy_opponent", "vector_env", "ENV_VERSION"]

from .version import ENV_VERSION  # environment names and ids carry it


def gym_id(game: str) -> str:
    """The Gymnasium id of ``game``'s single-agent env, e.g. ``tcg/zx-v2``."""
    return f"tcg/{game}-v{ENV_VERSION}"


def _register_gym_ids() -> None:
    """One ``gymnasium.make`` id per game. The entry point is a string: the env module and the
    encoders load at the first ``make``."""
    import gymnasium

    from tcg.api import list_games
    for game in list_games():
        # the earlier ids make the same env as the current version: scripts written for them
        # keep running (their observations are the current layout; docs/research.md)
        for env_id in (gym_id(game), *(f"tcg/{game}-v{v}" for v in range(ENV_VERSION))):
            if env_id not in gymnasium.registry:
                gymnasium.register(env_id, entry_point="tcg.rl.gymnasium_env:TcgGymEnv",
                                   kwargs={"game": game})


try:  # the rl extra is optional: without Gymnasium nothing is registered
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:
    pass
else:
    _register_gym_ids()


def __getattr__(name: str) -> Any:
    if name in ("encoding", "EncodingError", "GameEncoding"):
        from . import encoder
        return getattr(encoder, name)
    if name == "aec_env":
        from .pettingzoo_env import aec_env
        return aec_env
    if name in ("evaluate", "Evaluation", "policy_opponent"):
        from . import evaluation
        return getattr(evaluation, name)
    if name == "gym_env":
        from .gymnasium_env import gym_env
        return gym_env
    if name == "vector_env":
        from .vector import vector_env
        return vector_env
    raise AttributeError(f"module 'tcg.rl' has no attribute {name!r}")
