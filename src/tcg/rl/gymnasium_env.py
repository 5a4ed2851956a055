"""A Gymnasium single-agent environment: one seat learns, the other is played by one of the
project's agents (``random``, ``heuristic``, ``ismcts``, or any object with ``act(AgentView)``).

``gym_env(game, opponent="heuristic", seat=None, decks=None, seed=None, max_decisions=None,
opponent_options=None, raw_info=False)``, or ``gymnasium.make("tcg/<game>-v2", ...)`` with the
same keywords (the ids are registered by ``import tcg.rl``):

* observation: ``Box(float32[size])`` — the same seat-relative encoding as the PettingZoo env,
  scaled: every value within the declared bounds (inside [-1, 1]), card and instance ids and names
  only as presence flags there; ``observation="dict"`` gives ``Dict({"observation": that Box,
  "ids": MultiDiscrete (the integer ids: card-set index + 1, instance id + 1, name index + 1;
  0 = none), "action_mask": Box(int8[N])})`` (``OBSERVATION_MODES``);
* action: ``Discrete(N)``, the game's fixed action table; ``action_masks()`` returns the legal ids
  as a bool array (what sb3-contrib's ``MaskablePPO`` / ``ActionMasker`` read), and ``info`` holds
  ``action_mask`` too;
* ``info``: the same keys with the same types after every ``reset`` and ``step`` (``INFO_KEYS``),
  so that the vector envs can batch them; ``raw_info=True`` adds the engine's raw views
  (``RAW_INFO_KEYS``: the observation dict, the legal actions as dicts, the result), whose shapes
  change from step to step (for a single env: the vector envs cannot batch them);
* pickling and ``copy.deepcopy`` keep the settings, the generators, the opponent and the game's
  record (the game is replayed from it), so a restored env continues identically;
* ``opponent``: an agent name, an object with ``act(AgentView)``, a factory ``seed -> agent``, or
  a trained policy wrapped by ``tcg.rl.policy_opponent(policy, game)`` (an SB3 model or any
  ``policy(obs, mask) -> id`` callable);
* ``seat``: 0, 1, or None to alternate seats every episode (the first episode after a seeded
  reset takes seat ``seed % 2``);
* reward +1 / -1 / 0 at the end of the game (win / loss / draw); ``truncated`` after
  ``max_decisions`` decisions of the learner; an id outside the mask ends the episode with -1.
"""
from __future__ import annotations

import copy
import pickle
import random
from typing import Any, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import tcg
from tcg.agents import AgentView, make_agent
from tcg.engine.deck import Deck
from tcg.engine.game import replay_record
from tcg.games import get_rules

from .core import DeckChooser, SeatView, encoding, env_name, new_seed


#: ``info`` after every reset and step: key -> type (the same at every step)
INFO_KEYS: dict[str, type] = {
    "action_mask": np.ndarray,  # bool[N]: the legal ids (all False once the episode is over)
    "legal_ids": list,          # the legal ids, in the engine's order of the legal actions
    "seat": int,                # the learner's seat this episode
    "decisions": int,           # the learner's decisions so far this episode
    "illegal_action": bool,     # the episode ended on an id outside the mask
    "winner": int,              # the winning seat; -1 while playing, after a draw or an illegal id
    "draw": bool,               # the game ended in a draw
    "end_reason": str,          # the engine's reason the game ended ("" while playing)
}
#: the scalar keys of ``INFO_KEYS``, in the order of ``TcgGymEnv.status``
STATUS_KEYS = ("seat", "decisions", "illegal_action", "winner", "draw", "end_reason")
#: ``observation=``: the flat scaled vector, or a Dict with the integer ids and the action mask
OBSERVATION_MODES = ("vector", "dict")

#: added by ``raw_info=True`` (not batchable: their contents change shape between steps)
RAW_INFO_KEYS = ("observation", "legal_actions", "result")


class TcgGymEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponent: Any = "heuristic", seat: int | None = None,
                 decks: Sequence[Any] | None = None, seed: int | None = None,
                 max_decisions: int | None = None, opponent_options: dict | None = None,
                 render_mode: str | None = None, raw_info: bool = False,
                 observation: str = "vector"):
        if game not in tcg.list_games():
            raise ValueError(f"unknown game {game!r}; games: {', '.join(tcg.list_games())}")
        if seat not in (None, 0, 1):
            raise ValueError(f"seat must be 0, 1 or None, got {seat!r}")
        self.game_id = game
        self.metadata = dict(self.metadata, name=env_name(game))
        self.render_mode = render_mode
        self.enc = encoding(game)
        if observation not in OBSERVATION_MODES:
            raise ValueError(f"observation must be one of {OBSERVATION_MODES}, got {observation!r}")
        self.observation_mode = observation
        self.observation_space = observation_space(self.enc, observation)
        self.action_space = spaces.Discrete(self.enc.n_actions)
        self.fixed_seat = seat
        self.max_decisions = max_decisions
        self.raw_info = bool(raw_info)
        self._opponent_spec = opponent
        self._opponent_options = dict(opponent_options or {})
        self._decks = DeckChooser(game, decks)
        self._rng = random.Random(seed)
        self._episode = 0
        self.decisions = 0
        self._illegal = False
        self.game = None
        self.seat = 0
        self._view: SeatView | None = None
        self.opponent = None
        self._seat_enc = [self.enc.incremental(), self.enc.incremental()]   # per seat
        self._row: np.ndarray | None = None   # set by a batched env: where the raw vector goes

    def _make_opponent(self, seed: int):
        spec = self._opponent_spec
        if isinstance(spec, str):
            return make_agent(spec, seed=seed, **self._opponent_options)
        if hasattr(spec, "predict") and hasattr(spec, "policy"):   # an SB3 model as it is
            from .evaluation import policy_opponent
            return policy_opponent(spec, self.game_id, seed=seed)
        if callable(getattr(spec, "act", None)):
            return spec
        if callable(spec):
            return spec(seed)
        raise ValueError(f"opponent must be an agent name, an agent or a factory, got {spec!r}")

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        self._start(seed)
        return self._obs(), self._info(self.game)

    def _start(self, seed: int | None) -> None:
        """A new episode (``reset`` without building the observation and ``info``)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self._episode = seed % 2
            self.action_space.seed(seed)
        self.seat = self.fixed_seat if self.fixed_seat is not None else self._episode % 2
        self._episode += 1
        decks = self._decks.choose(self._rng)
        self.game = tcg.new_game(self.game_id, decks, seed=new_seed(self._rng), validate=False)
        for se in self._seat_enc:
            se.clear()
        self.opponent = self._make_opponent(self._rng.getrandbits(32))
        self.decisions = 0
        self._illegal = False
        self._play_opponent()

    def _play_opponent(self) -> None:
        g = self.game
        while not g.is_over and g.decision.player != self.seat:
            g.apply(self.opponent.act(AgentView(g, g.legal_actions())), by="computer")
        self._view = SeatView(self.enc, g, self.seat, not g.is_over, self._seat_enc[self.seat],
                              self._row)

    def _obs(self):
        v = self._view
        if self.observation_mode == "dict":
            return {"observation": v.vector.copy(), "ids": v.id_vec.copy(),
                    "action_mask": v.mask.copy()}
        return v.vector.copy()

    def status(self, game) -> tuple[int, int, bool, int, bool, str]:
        """The scalar ``info`` of ``game`` (this env's, or its last one after an illegal id):
        ``seat``, ``decisions``, ``illegal_action``, ``winner``, ``draw``, ``end_reason``."""
        over = game.is_over
        winner = game.winner if over else None
        return (int(self.seat), int(self.decisions), self._illegal,
                -1 if winner is None else int(winner), over and winner is None,
                str(game.state.end_reason) if over else "")

    def _info(self, game) -> dict[str, Any]:
        view = self._view
        info = {"action_mask": view.mask.astype(bool), "legal_ids": list(view.legal_ids),
                **dict(zip(STATUS_KEYS, self.status(game)))}
        if self.raw_info:
            raw = view.info()
            info["observation"] = raw["observation"]
            info["legal_actions"] = raw["legal_actions"]
            info["result"] = game.result
        return info

    def action_masks(self) -> np.ndarray:
        """Legal ids as a bool array (sb3-contrib MaskablePPO)."""
        return self._view.mask.astype(bool)

    def step(self, action):
        g = self.game
        reward, terminated, truncated = self._advance(action)
        info = self._info(g)
        if self._illegal and self.raw_info:  # the view did not change: copy what was handed out
            info = copy.deepcopy(info)
        return self._obs(), reward, terminated, truncated, info

    def _advance(self, action) -> tuple[float, bool, bool]:
        """``step`` without building the observation and ``info``: (reward, terminated,
        truncated). An id outside the mask ends the episode (``game`` is None after it; the view
        and the last game are what ``info`` describes)."""
        g = self.game
        if g is None or g.is_over:
            raise RuntimeError("step() after the episode ended: call reset()")
        chosen = self._view.ids.get(int(action))
        if chosen is None:
            self._illegal = True
            self.game = None
            return -1.0, True, False
        g.apply(chosen)
        self.decisions += 1
        self._play_opponent()
        if g.is_over:
            w = g.winner
            return (0.0 if w is None else (1.0 if w == self.seat else -1.0)), True, False
        return 0.0, False, self.max_decisions is not None and self.decisions >= self.max_decisions

    # --- pickling and deep copies: the game is kept as its record and replayed ------------------
    _REBUILT = ("enc", "_seat_enc", "_view", "game", "_row")

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k not in self._REBUILT}
        state["game_record"] = None if self.game is None else self.game.record()
        state["_last_view"] = self._view is not None   # after an illegal id: the view, no game
        if self.game is None and self._view is not None:
            state["_view_state"] = (self._view.vector.copy(), self._view.mask.copy(),
                                    self._view.id_vec.copy())
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        record = state.pop("game_record")
        had_view = state.pop("_last_view")
        view_state = state.pop("_view_state", None)
        self.__dict__.update(state)
        self.enc = encoding(self.game_id)
        self._seat_enc = [self.enc.incremental(), self.enc.incremental()]
        self.game, self._view, self._row = None, None, None
        if record is not None:
            decks = [Deck.from_dict(d) for d in record["decks"]]
            self.game = replay_record(get_rules(self.game_id), record, decks, check_result=False)
            g = self.game
            self._view = SeatView(self.enc, g, self.seat, not g.is_over, self._seat_enc[self.seat])
        elif had_view and view_state is not None:
            self._view = _EndedView(*view_state)

    # --- snapshots ------------------------------------------------------------------------------
    def save(self) -> bytes:
        """A snapshot of the whole env (settings, generators, opponent, the game as its record):
        ``restore(snapshot)`` brings this env (or another of the same game) back to it, and it
        continues identically. The same state as pickling the env."""
        return pickle.dumps(self)

    def restore(self, snapshot: bytes) -> None:
        """Back to a ``save()`` snapshot (the game is replayed from its record)."""
        other = pickle.loads(snapshot)
        if not isinstance(other, TcgGymEnv) or other.game_id != self.game_id:
            raise ValueError("not a snapshot of this game's Gymnasium env")
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)

    def render(self):
        if self.render_mode != "ansi" or self.game is None:
            return None
        g = self.game
        if g.is_over:
            return f"{self.game_id}: over {g.result}"
        return f"{self.game_id}: seat {self.seat} to decide ({g.decision.kind})"


class _EndedView:
    """What is left of the view of an episode ended by an illegal id (after unpickling)."""
    __slots__ = ("vector", "mask", "id_vec", "ids", "legal", "legal_ids")

    def __init__(self, vector, mask, id_vec):
        self.vector, self.mask, self.id_vec = vector, mask, id_vec
        self.ids, self.legal, self.legal_ids = {}, [], []


def observation_space(enc, mode: str = "vector") -> spaces.Space:
    """The observation space of an encoding: the scaled float Box, or (``"dict"``) a Dict with
    the integer ids and the action mask."""
    box = spaces.Box(enc.f_low, enc.f_high, dtype=np.float32)
    if mode == "vector":
        return box
    return spaces.Dict({
        "observation": box,
        "ids": spaces.MultiDiscrete(enc.id_high + 1, dtype=np.int64),
        "action_mask": spaces.Box(0, 1, (enc.n_actions,), dtype=np.int8),
    })


def gym_env(game: str, opponent: Any = "heuristic", seat: int | None = None,
            decks: Sequence[Any] | None = None, seed: int | None = None,
            max_decisions: int | None = None, opponent_options: dict | None = None,
            render_mode: str | None = None, raw_info: bool = False,
            observation: str = "vector") -> TcgGymEnv:
    """A Gymnasium single-agent environment of ``game`` (see the module docstring); the same as
    ``gymnasium.make(tcg.rl.gym_id(game), ...)`` without Gymnasium's wrappers."""
    return TcgGymEnv(game, opponent=opponent, seat=seat, decks=decks, seed=seed,
                     max_decisions=max_decisions, opponent_options=opponent_options,
                     render_mode=render_mode, raw_info=raw_info, observation=observation)
