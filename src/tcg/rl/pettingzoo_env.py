"""PettingZoo AEC environments of the four games (``tcg_<game>_v4``).

``aec_env(game, decks=None, seed=None, max_decisions=None)``:

* agents ``player_0``, ``player_1`` (the engine's seats 0 and 1); ``agent_selection`` is whoever
  holds the pending decision, so several decisions in a row by one player keep it on that player;
* ``action_space(agent)``: ``Discrete(N)``, the game's fixed action table (``encode.py``);
* ``observe(agent)``: ``{"observation": float32[size], "ids": int64[k], "action_mask": int8[N]}``
  encoded from ``game.observe(seat)`` only (seat-relative; ``observation`` scaled into its
  declared bounds inside [-1, 1], ``ids`` the card / instance / name ids at
  ``encoding(game).id_pos``; the mask is all zeros for the player who is not deciding);
* ``infos[agent]`` of the deciding agent: ``observation`` (the raw dict), ``legal_actions`` (as
  dicts) and ``legal_ids`` (their ids, same order);
* rewards: +1 / -1 to the winner / loser when the game ends, 0 each for a draw; an id outside the
  mask ends the game with -1 for the offender and 0 for the other (``infos[...]["illegal_action"]``);
  ``max_decisions`` (optional) truncates an episode after that many decisions;
* ``reset(seed=s)`` makes the game (decks drawn from the sample decks unless ``decks`` is given,
  and the engine seed) a function of ``s``; it also seeds the action spaces.
"""
from __future__ import annotations

import pickle
import random
from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import tcg
from tcg.engine.deck import Deck
from tcg.engine.game import replay_record
from tcg.games import get_rules

from .core import ENV_VERSION, DeckChooser, SeatView, encoding, env_name, new_seed
from .gymnasium_env import observation_space


class TcgAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": f"tcg_v{ENV_VERSION}", "is_parallelizable": False}

    def __init__(self, game: str, decks: Sequence[Any] | None = None, seed: int | None = None,
                 max_decisions: int | None = None, render_mode: str | None = None):
        super().__init__()
        if game not in tcg.list_games():
            raise ValueError(f"unknown game {game!r}; games: {', '.join(tcg.list_games())}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.game_id = game
        self.metadata = dict(self.metadata, name=env_name(game))
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.enc = encoding(game)
        self._decks = DeckChooser(game, decks)
        self._rng = random.Random(seed)
        self.possible_agents = ["player_0", "player_1"]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.enc, "dict")
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.enc.n_actions) for a in self.possible_agents}
        # independent space objects per agent (seeded separately)
        self.observation_spaces["player_1"] = observation_space(self.enc, "dict")
        self.game = None
        self._views: dict[int, SeatView] = {}
        # per seat, the memo of its last encoding (only what changed is encoded again)
        self._seat_enc = [self.enc.incremental(), self.enc.incremental()]

    # --- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        decks = self._decks.choose(self._rng)
        self.game = tcg.new_game(self.game_id, decks, seed=new_seed(self._rng), validate=False)
        for se in self._seat_enc:
            se.clear()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.decisions = 0
        self._after_move()

    def _after_move(self) -> None:
        """Bring agent_selection, views and infos up to date with the game."""
        self._views = {}
        g = self.game
        if g.is_over:
            return
        seat = g.decision.player
        agent = self.agent_selection = self.possible_agents[seat]
        view = self._views[seat] = SeatView(self.enc, g, seat, True, self._seat_enc[seat])
        infos = self.infos
        for a in self.agents:
            infos[a] = view.info() if a == agent else {}

    def _view(self, seat: int) -> SeatView:
        v = self._views.get(seat)
        if v is None:
            g = self.game
            deciding = not g.is_over and g.decision.player == seat and not (
                self.terminations.get(self.possible_agents[seat]) or
                self.truncations.get(self.possible_agents[seat]))
            v = self._views[seat] = SeatView(self.enc, g, seat, deciding, self._seat_enc[seat])
        return v

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        v = self._view(self._seat[agent])
        return {"observation": v.vector, "ids": v.id_vec, "action_mask": v.mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0
        rewards = self.rewards
        for a in self.agents:
            rewards[a] = 0
        chosen = self._view(seat).ids.get(int(action)) if action is not None else None
        if chosen is None:  # not in the mask: the offender loses (TerminateIllegalWrapper style)
            self.rewards[agent] = -1
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"illegal_action": True}
            self._views = {}
            self._accumulate_rewards()
            return
        g = self.game
        g.apply(chosen)
        self.decisions += 1
        if g.is_over:
            w = g.winner
            for a in self.agents:
                s = self._seat[a]
                self.rewards[a] = 0 if w is None else (1 if s == w else -1)
                self.terminations[a] = True
                self.infos[a] = {"result": g.result}
            self._views = {}
            self._next_dead()
        elif self.max_decisions is not None and self.decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated": "max_decisions"}
            self._views = {}
        else:
            self._after_move()
            return   # every reward is 0: nothing to accumulate
        self._accumulate_rewards()

    def _next_dead(self) -> None:
        # after the game ends every agent still gets its last() and a dead step, in seat order
        self.agent_selection = self.agents[0]

    # --- misc -------------------------------------------------------------------------------
    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        g = self.game
        if g.is_over:
            return f"{self.game_id}: over {g.result}"
        d = g.decision
        return f"{self.game_id}: {len(g.actions)} actions, player {d.player} to decide ({d.kind})"

    def close(self) -> None:
        self.game = None
        self._views = {}
        for se in self._seat_enc:
            se.clear()

    # --- pickling and snapshots: the game is kept as its record and replayed ------------------
    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items()
                 if k not in ("enc", "_seat_enc", "_views", "game")}
        state["game_record"] = None if self.game is None else self.game.record()
        running = (self.game is not None and not self.game.is_over and
                   not any(self.terminations.values()) and not any(self.truncations.values()))
        state["_running"] = running
        if running:   # the deciding agent's infos hold the engine's shared views: rebuilt
            state.pop("infos", None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        record = state.pop("game_record")
        running = state.pop("_running")
        self.__dict__.update(state)
        self.enc = encoding(self.game_id)
        self._seat_enc = [self.enc.incremental(), self.enc.incremental()]
        self._views = {}
        self.game = None
        if record is not None:
            decks = [Deck.from_dict(d) for d in record["decks"]]
            self.game = replay_record(get_rules(self.game_id), record, decks, check_result=False)
        if running:
            self.infos = {a: {} for a in self.agents}
            self._after_move()

    def save(self) -> bytes:
        """A snapshot of the whole env (settings, generator, rewards, the game as its record):
        ``restore(snapshot)`` brings this env back to it, and it continues identically."""
        return pickle.dumps(self)

    def restore(self, snapshot: bytes) -> None:
        """Back to a ``save()`` snapshot (the game is replayed from its record)."""
        other = pickle.loads(snapshot)
        if not isinstance(other, TcgAECEnv) or other.game_id != self.game_id:
            raise ValueError("not a snapshot of this game's PettingZoo env")
        self.__dict__.clear()
        self.__dict__.update(other.__dict__)

    def state_for(self, agent: str) -> dict[str, Any]:
        """The raw observation of ``agent`` (the same dict the encoding was built from)."""
        return self._view(self._seat[agent]).raw


def raw_env(game: str, **kwargs) -> TcgAECEnv:
    return TcgAECEnv(game, **kwargs)


def aec_env(game: str, decks: Sequence[Any] | None = None, seed: int | None = None,
            max_decisions: int | None = None, render_mode: str | None = None) -> TcgAECEnv:
    """A PettingZoo AEC environment of ``game`` (see the module docstring)."""
    return TcgAECEnv(game, decks=decks, seed=seed, max_decisions=max_decisions, render_mode=render_mode)
