"""Research environments (optional extra ``rl``: ``uv sync --extra rl``).

* ``tcg.rl.aec_env(game, decks=None, seed=None, max_decisions=None)``: a PettingZoo AEC env;
* ``tcg.rl.gym_env(game, opponent="heuristic", ...)``: a Gymnasium single-agent env;
* ``tcg.rl.encoding(game)``: the observation encoding and the fixed action table of a game;
* ``tcg.rl.openspiel``: the games registered in OpenSpiel (extra ``openspiel``).

``import tcg`` never imports this package (nor numpy, PettingZoo or Gymnasium). ``import tcg.rl``
registers one Gymnasium id per game, ``tcg/<game>-v<ENV_VERSION>`` (``gymnasium.make(
"tcg/zx-v0", opponent="random")``), without importing Gymnasium: the ids are registered as
soon as Gymnasium is imported (at once if it already is); the env module and the encoders load
at the first ``gymnasium.make``. Without Gymnasium installed nothing is registered.
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from typing import Any

__all__ = ["aec_env", "gym_env", "encoding", "EncodingError", "GameEncoding", "gym_id",
           "ENV_VERSION"]

#: environment names and ids carry the encoding version (bumped whenever an encode.py changes
#: meaning)
ENV_VERSION = 0


def gym_id(game: str) -> str:
    """The Gymnasium id of ``game``'s single-agent env, e.g. ``tcg/zx-v0``."""
    return f"tcg/{game}-v{ENV_VERSION}"


def _register_gym_ids() -> None:
    """One ``gymnasium.make`` id per game. The entry point is a string: the env module and the
    encoders load at the first ``make``."""
    import gymnasium

    from tcg.api import list_games
    for game in list_games():
        if gym_id(game) not in gymnasium.registry:
            gymnasium.register(gym_id(game), entry_point="tcg.rl.gymnasium_env:TcgGymEnv",
                               kwargs={"game": game})


class _RegisterWhenImported(importlib.abc.MetaPathFinder):
    """Registers the ids right after Gymnasium's own import, whenever that comes (so ``import
    tcg.rl`` does not import Gymnasium and numpy itself, and does not fail without them)."""

    def find_spec(self, name, path=None, target=None):
        if name != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)  # once, and not while looking Gymnasium up below
        spec = importlib.util.find_spec(name)
        loader = getattr(spec, "loader", None)
        if loader is None or not hasattr(loader, "exec_module"):
            return spec

        def exec_module(module, _run=loader.exec_module):
            try:
                del loader.exec_module  # the loader's own method again
            except AttributeError:
                pass
            _run(module)
            _register_gym_ids()

        loader.exec_module = exec_module
        return spec


if "gymnasium" in sys.modules:
    if sys.modules["gymnasium"] is not None:
        _register_gym_ids()
elif not any(isinstance(f, _RegisterWhenImported) for f in sys.meta_path):
    sys.meta_path.insert(0, _RegisterWhenImported())


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
