"""``tcg.rl.vector_env(game, n)``: ``n`` Gymnasium envs of one game stepped in one process as one
Gymnasium ``VectorEnv``, with the batch built in place.

It behaves as a ``gymnasium.vector.SyncVectorEnv`` of ``n`` ``gym_env(game, ...)`` (copy ``i``
seeded ``seed + i``): the same observations, rewards, terminations, truncations and ``info`` keys
(``INFO_KEYS``, batched as ``SyncVectorEnv`` batches them, with the ``_key`` masks), the same
autoreset (``AutoresetMode.NEXT_STEP``: the step after an episode ends resets that copy, with
reward 0), ``call`` / ``get_attr`` / ``set_attr`` on the copies. What it does not do: build a
single env's observation and ``info`` dict for every copy and then batch them (Gymnasium's
``concatenate`` and ``_add_info``). Each copy's seat encoder writes its raw vector into one row
of a kept ``float32[n, size]`` buffer; the scaling and clipping (the numbers of
``GameEncoding.scaled``: its floats in one multiply and one clip), the ids (``observation="dict"``
only) and the masks are then done once for the whole batch.
``tests/rl/test_fast_paths.py`` checks it against a ``SyncVectorEnv`` of the same envs, step for
step.
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .gymnasium_env import INFO_KEYS, STATUS_KEYS, TcgGymEnv

#: the dtype of each scalar ``info`` batch (as ``SyncVectorEnv`` makes them from the values:
#: numbers and flags by their type, strings as objects)
_STATUS_DTYPES = {k: object if INFO_KEYS[k] is str else INFO_KEYS[k] for k in STATUS_KEYS}


class TcgVectorEnv(gym.vector.VectorEnv):
    """``n`` ``TcgGymEnv`` of one game batched in place (see the module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game: str, n: int, seed: int | None = None, copy: bool = True,
                 **kwargs: Any):
        if n < 1:
            raise ValueError(f"n must be at least 1, got {n}")
        if kwargs.get("raw_info"):
            raise ValueError("raw_info cannot be batched (its contents change shape between steps)")
        self.envs = [TcgGymEnv(game, seed=None if seed is None else seed + i, **kwargs)
                     for i in range(n)]
        env = self.envs[0]
        self.num_envs = n
        self.copy = copy
        self.render_mode = None
        self.metadata = dict(self.metadata, name=env.metadata["name"])
        self.enc = env.enc
        self.dict_obs = env.observation_mode == "dict"
        self.single_observation_space = env.observation_space
        self.single_action_space = env.action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._raw = np.zeros((n, self.enc.size), dtype=np.float32)   # the copies' raw vectors
        self._floats = np.zeros((n, self.enc.size), dtype=np.float32)   # handed out if not copy
        for i, e in enumerate(self.envs):
            e._row = self._raw[i]
        self._rewards = np.zeros(n, dtype=np.float64)
        self._terminations = np.zeros(n, dtype=np.bool_)
        self._truncations = np.zeros(n, dtype=np.bool_)
        self._autoreset = np.zeros(n, dtype=np.bool_)

    def reset(self, *, seed: int | list[int | None] | None = None, options: dict | None = None):
        if seed is None or isinstance(seed, int):
            seeds = [None if seed is None else seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} envs")
        for e, s in zip(self.envs, seeds):
            e._start(s)
        self._autoreset[:] = False
        self._terminations[:] = False
        self._truncations[:] = False
        return self._batch()

    def step(self, actions):
        rewards, terms, truncs = self._rewards, self._terminations, self._truncations
        for i, (e, a) in enumerate(zip(self.envs, np.asarray(actions).tolist())):
            if self._autoreset[i]:
                e._start(None)
                rewards[i], terms[i], truncs[i] = 0.0, False, False
            else:
                rewards[i], terms[i], truncs[i] = e._advance(a)
        np.logical_or(terms, truncs, out=self._autoreset)
        obs, infos = self._batch()
        return obs, rewards.copy(), terms.copy(), truncs.copy(), infos

    def _batch(self) -> tuple[Any, dict[str, Any]]:
        """The observations and ``info`` of every copy, from the rows and views they left."""
        n, enc = self.num_envs, self.enc
        # a new array when handed out as a copy (no second pass to copy it), else the kept one
        floats = enc.scaled_floats(self._raw, None if self.copy else self._floats)
        masks = np.zeros((n, enc.n_actions), dtype=np.bool_)
        legal = np.empty(n, dtype=object)
        status = []
        flat: list[int] = []
        width = enc.n_actions
        for i, e in enumerate(self.envs):
            view = e._view
            if view.ids:
                base = i * width
                flat += [base + k for k in view.ids]
            legal[i] = list(view.legal_ids)
            status.append(e.status(e.game if e.game is not None else _Ended))
        if flat:
            masks.put(flat, True)
        infos: dict[str, Any] = {"action_mask": masks, "legal_ids": legal}
        for key, column in zip(STATUS_KEYS, zip(*status)):
            infos[key] = np.array(column, dtype=_STATUS_DTYPES[key])
        every = np.ones(n, dtype=np.bool_)
        for key in list(infos):
            infos["_" + key] = every.copy()
        obs: Any = floats
        if self.dict_obs:
            obs = {"observation": floats, "ids": enc.scaled_ids(self._raw),
                   "action_mask": masks.astype(np.int8)}
        return obs, infos

    # --- what SyncVectorEnv offers besides ----------------------------------------------------
    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """``name(*args, **kwargs)`` of every copy (or the attribute, if not callable)."""
        out = []
        for e in self.envs:
            f = getattr(e, name)
            out.append(f(*args, **kwargs) if callable(f) else f)
        return tuple(out)

    def get_attr(self, name: str) -> tuple[Any, ...]:
        """The attribute ``name`` of every copy (not called)."""
        return tuple(getattr(e, name) for e in self.envs)

    def set_attr(self, name: str, values: Any) -> None:
        if not isinstance(values, (list, tuple)):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"{len(values)} values for {self.num_envs} envs")
        for e, v in zip(self.envs, values):
            setattr(e, name, v)

    def action_masks(self) -> np.ndarray:
        """bool[n, N]: the legal ids of every copy (sb3-contrib's ``MaskablePPO`` reads it)."""
        return np.stack(self.call("action_masks"))

    def close_extras(self, **kwargs: Any) -> None:
        for e in self.envs:
            e.close()


class _Ended:
    """What ``TcgGymEnv.status`` reads of the game of an episode ended by an illegal id (the env
    keeps none): a game still running, as that one was (the id ended the episode, not the game)."""

    is_over = False
    winner = None


def vector_env(game: str, n: int, seed: int | None = None, asynchronous: bool = False,
               copy: bool = True, **kwargs: Any) -> gym.vector.VectorEnv:
    """``n`` copies of ``gym_env(game, **kwargs)`` batched as one Gymnasium vector env: the
    batched ``TcgVectorEnv`` (one process, the batch built in place; it behaves as
    a ``SyncVectorEnv`` of them), or ``AsyncVectorEnv`` with ``asynchronous=True`` (one process
    per copy), or a ``SyncVectorEnv`` with ``raw_info=True`` (which cannot batch those views).
    Copy ``i`` is seeded ``seed + i`` (when ``seed`` is given); ``info["action_mask"]`` comes as
    ``bool[n, N]`` and ``vec.call("action_masks")`` gives the masks as a tuple. ``copy``: hand out
    a copy of the batched observations (else the vector env's own buffer), as Gymnasium's."""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    if not asynchronous and not kwargs.get("raw_info"):
        return TcgVectorEnv(game, n, seed=seed, copy=copy, **kwargs)
    fns = [_EnvFactory(game, None if seed is None else seed + i, kwargs) for i in range(n)]
    cls = gym.vector.AsyncVectorEnv if asynchronous else gym.vector.SyncVectorEnv
    return cls(fns, copy=copy)


class _EnvFactory:
    """A picklable ``lambda: gym_env(game, seed=..., **kwargs)`` (for ``AsyncVectorEnv``)."""

    def __init__(self, game: str, seed: int | None, kwargs: dict):
        self.game, self.seed, self.kwargs = game, seed, dict(kwargs)

    def __call__(self) -> "TcgGymEnv":
        return TcgGymEnv(self.game, seed=self.seed, **self.kwargs)
