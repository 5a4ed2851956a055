"""A Gymnasium single-agent environment: one seat learns, the other is played by one of the
project's agents (``random``, ``heuristic``, ``ismcts``, or any object with ``act(AgentView)``).

``gym_env(game, opponent="heuristic", seat=None, decks=None, seed=None, max_decisions=None,
opponent_options=None)``:

* observation: ``Box(float32[size])`` — the same seat-relative encoding as the PettingZoo env;
* action: ``Discrete(N)``, the game's fixed action table; ``action_masks()`` returns the legal ids
  as a bool array (what sb3-contrib's ``MaskablePPO`` / ``ActionMasker`` read), and ``info`` holds
  ``action_mask`` too;
* ``seat``: 0, 1, or None to alternate seats every episode (the first episode after a seeded
  reset takes seat ``seed % 2``);
* reward +1 / -1 / 0 at the end of the game (win / loss / draw); ``truncated`` after
  ``max_decisions`` decisions of the learner; an id outside the mask ends the episode with -1.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import tcg
from tcg.agents import AgentView, make_agent

from .core import DeckChooser, SeatView, encoding, env_name, new_seed


class TcgGymEnv(gym.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, opponent: Any = "heuristic", seat: int | None = None,
                 decks: Sequence[Any] | None = None, seed: int | None = None,
                 max_decisions: int | None = None, opponent_options: dict | None = None,
                 render_mode: str | None = None):
        if game not in tcg.list_games():
            raise ValueError(f"unknown game {game!r}; games: {', '.join(tcg.list_games())}")
        if seat not in (None, 0, 1):
            raise ValueError(f"seat must be 0, 1 or None, got {seat!r}")
        self.game_id = game
        self.metadata = dict(self.metadata, name=env_name(game))
        self.render_mode = render_mode
        self.enc = encoding(game)
        self.observation_space = spaces.Box(self.enc.low, self.enc.high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.enc.n_actions)
        self.fixed_seat = seat
        self.max_decisions = max_decisions
        self._opponent_spec = opponent
        self._opponent_options = dict(opponent_options or {})
        self._decks = DeckChooser(game, decks)
        self._rng = random.Random(seed)
        self._episode = 0
        self.game = None
        self.seat = 0
        self._view: SeatView | None = None
        self.opponent = None
        self._seat_enc = [self.enc.incremental(), self.enc.incremental()]   # per seat

    def _make_opponent(self, seed: int):
        spec = self._opponent_spec
        if isinstance(spec, str):
            return make_agent(spec, seed=seed, **self._opponent_options)
        if callable(getattr(spec, "act", None)):
            return spec
        if callable(spec):
            return spec(seed)
        raise ValueError(f"opponent must be an agent name, an agent or a factory, got {spec!r}")

    def reset(self, *, seed: int | None = None, options: dict | None = None):
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
        self._play_opponent()
        return self._obs(), self._info()

    def _play_opponent(self) -> None:
        g = self.game
        while not g.is_over and g.decision.player != self.seat:
            g.apply(self.opponent.act(AgentView(g, g.legal_actions())), by="computer")
        self._view = SeatView(self.enc, g, self.seat, not g.is_over, self._seat_enc[self.seat])

    def _obs(self) -> np.ndarray:
        return self._view.vector.copy()

    def _info(self, **extra) -> dict[str, Any]:
        info = self._view.info()
        info["action_mask"] = self._view.mask.astype(bool)
        info["seat"] = self.seat
        info.update(extra)
        return info

    def action_masks(self) -> np.ndarray:
        """Legal ids as a bool array (sb3-contrib MaskablePPO)."""
        return self._view.mask.astype(bool)

    def step(self, action):
        g = self.game
        if g is None or g.is_over:
            raise RuntimeError("step() after the episode ended: call reset()")
        chosen = self._view.ids.get(int(action))
        if chosen is None:
            # the view did not change: copy what was already handed out with it
            info = copy.deepcopy(self._info(illegal_action=True))
            self.game = None
            return self._obs(), -1.0, True, False, info
        g.apply(chosen)
        self.decisions += 1
        self._play_opponent()
        if g.is_over:
            w = g.winner
            reward = 0.0 if w is None else (1.0 if w == self.seat else -1.0)
            return self._obs(), reward, True, False, self._info(result=g.result)
        truncated = self.max_decisions is not None and self.decisions >= self.max_decisions
        return self._obs(), 0.0, False, truncated, self._info()

    def render(self):
        if self.render_mode != "ansi" or self.game is None:
            return None
        g = self.game
        if g.is_over:
            return f"{self.game_id}: over {g.result}"
        return f"{self.game_id}: seat {self.seat} to decide ({g.decision.kind})"


def gym_env(game: str, opponent: Any = "heuristic", seat: int | None = None,
            decks: Sequence[Any] | None = None, seed: int | None = None,
            max_decisions: int | None = None, opponent_options: dict | None = None,
            render_mode: str | None = None) -> TcgGymEnv:
    """A Gymnasium single-agent environment of ``game`` (see the module docstring)."""
    return TcgGymEnv(game, opponent=opponent, seat=seat, decks=decks, seed=seed,
                     max_decisions=max_decisions, opponent_options=opponent_options,
                     render_mode=render_mode)
