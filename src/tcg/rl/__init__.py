"""Research environments (optional extra ``rl``: ``uv sync --extra rl``).

* ``tcg.rl.aec_env(game, decks=None, seed=None, max_decisions=None)``: a PettingZoo AEC env;
* ``tcg.rl.gym_env(game, opponent="heuristic", ...)``: a Gymnasium single-agent env;
* ``tcg.rl.encoding(game)``: the observation encoding and the fixed action table of a game;
* ``tcg.rl.openspiel``: the games registered in OpenSpiel (extra ``openspiel``).

``import tcg`` never imports this package (nor numpy, PettingZoo or Gymnasium).
"""
from __future__ import annotations

from typing import Any

__all__ = ["aec_env", "gym_env", "encoding", "EncodingError", "GameEncoding"]


def __getattr__(name: str) -> Any:
    if name in ("encoding", "EncodingError", "GameEncoding"):
        from . import encoder
        return getattr(encoder, name)
    if name == "aec_env":
        from .pettingzoo_env import aec_env
        return aec_env
    if name == "gym_env":
        from .gymnasium_env import gym_env
        return gym_env
    raise AttributeError(f"module 'tcg.rl' has no attribute {name!r}")
