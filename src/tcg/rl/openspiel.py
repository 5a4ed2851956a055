"""The four games as OpenSpiel Python games (optional extra ``openspiel``).

Importing this module registers ``tcg_shironeko``, ``tcg_turutoru``, ``tcg_kemuri`` and ``tcg_zx``
with ``pyspiel``: ``pyspiel.load_game("tcg_zx", {"seed": 5, "deck0": "...", "deck1": "..."})``.

GameType: sequential, imperfect information, zero-sum, terminal rewards (+1 / -1, 0 each for a
draw), ``SAMPLED_STOCHASTIC`` chance: the engine draws and shuffles inside ``apply`` from the
game's own seeded generator, so there are no chance nodes; the seed is the game parameter
``seed`` (a new initial state always starts the same game for the same parameters — load the game
with another ``seed`` for another deal). ``deck0`` / ``deck1`` name sample decks (default: the
game's first two sample decks).

* actions: the fixed action table of ``encode.py`` (``num_distinct_actions`` = its size); legal
  actions sorted ascending; ``action_to_string`` gives the action as JSON;
* observation tensor / string: the encoding of ``game.observe(player)`` / that dict as JSON;
* information state tensor: the same encoding (the observation holds the public board and the
  player's own hidden cards, not the whole history: an imperfect-recall summary);
  information state string: exact (perfect recall): the observation JSON plus a SHA-256 digest of
  everything the player has seen (``game.log.for_player``);
* ``state.resample_from_infostate(player, sampler)``: a state consistent with what ``player`` has
  seen, hidden cards redrawn by the engine's ``game.determinized`` (seeded from ``sampler()``);
  at the rare decisions where that is impossible (a search in progress) it returns a clone.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

import tcg
from tcg.engine.rng import Rng
from tcg.games import get_rules

from .core import SeatView, encoding

__all__ = ["GAMES", "short_name", "register", "TcgSpielGame", "TcgSpielState"]

GAMES = ("shironeko", "turutoru", "kemuri", "zx")


def short_name(game: str) -> str:
    return f"tcg_{game}"


class _Box:
    """Holds the engine game inside a state; OpenSpiel deep-copies a state's attributes when it
    clones it, and a game clone is the cheap, exact copy."""

    __slots__ = ("game", "view", "seen")

    def __init__(self, game, seen=None):
        self.game = game
        self.view: SeatView | None = None
        # per player: (events digested, running SHA-256 of what the player saw of them)
        self.seen: dict[int, tuple[int, Any]] = seen or {}

    def __deepcopy__(self, memo):
        return _Box(self.game.clone(), {p: (n, h.copy()) for p, (n, h) in self.seen.items()})

    def history_digest(self, player: int) -> str:
        n, h = self.seen.get(player) or (0, hashlib.sha256())
        new = self.game.log.for_player(player, n)
        for e in new:
            h.update(json.dumps(e, sort_keys=True, ensure_ascii=False, default=str).encode())
            h.update(b"\n")
        self.seen[player] = (n + len(new), h)
        return h.hexdigest()


class TcgSpielState(pyspiel.State):
    def __init__(self, game: "TcgSpielGame"):
        super().__init__(game)
        self._gid = game.tcg_game
        self._setup = game.tcg_setup
        self._box: _Box | None = None   # the engine game, made on first use (clones replace it)

    # --- the engine game --------------------------------------------------------------------
    @property
    def tcg(self):
        """The engine's ``Game`` behind this state."""
        if self._box is None:
            decks, seed = self._setup
            self._box = _Box(tcg.new_game(self._gid, list(decks), seed=seed, validate=False))
        return self._box.game

    def _view(self) -> SeatView:
        g = self.tcg
        box = self._box
        if box.view is None:
            box.view = SeatView(encoding(self._gid), g, g.decision.player, True)
        return box.view

    # --- OpenSpiel API ----------------------------------------------------------------------
    def current_player(self):
        g = self.tcg
        if g.is_over:
            return pyspiel.PlayerId.TERMINAL
        return g.decision.player

    def _legal_actions(self, player):
        g = self.tcg
        if g.is_over or player != g.decision.player:
            return []
        return sorted(self._view().ids)

    def _apply_action(self, action):
        chosen = self._view().ids.get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal now")
        self.tcg.apply(chosen)
        self._box.view = None

    def _action_to_string(self, player, action):
        g = self.tcg
        if not g.is_over and player == g.decision.player:
            chosen = self._view().ids.get(int(action))
            if chosen is not None:
                return json.dumps(chosen.to_dict(), sort_keys=True, ensure_ascii=False)
        return encoding(self._gid).table.describe(int(action))

    def is_terminal(self):
        return self.tcg.is_over

    def returns(self):
        g = self.tcg
        if not g.is_over or g.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == g.winner else -1.0 for p in (0, 1)]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state consistent with everything ``player_id`` has seen (the engine's
        determinization); a clone where that is impossible right now."""
        seed = int(float(probability_sampler()) * (1 << 53))
        other = self.clone()
        sampled = self.tcg.determinized(player_id, Rng(seed))
        if sampled is not None:
            other._box = _Box(sampled)
        return other

    def __str__(self):
        g = self.tcg
        return json.dumps({"actions": len(g.actions), "view": g.observe(None)},
                          sort_keys=True, ensure_ascii=False)


class TcgObserver:
    """The observation (and imperfect-recall information-state) tensor: the encoding of
    ``observe(player)``; strings: that dict as JSON (plus, for the perfect-recall information
    state, a digest of the player's whole event history)."""

    def __init__(self, game_id: str, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.game_id = game_id
        self.enc = encoding(game_id)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(self.enc.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TcgSpielState, player: int) -> None:
        self.enc.encode(state.tcg.observe(player, shared=True), player, out=self.tensor)

    def string_from(self, state: TcgSpielState, player: int) -> str:
        g = state.tcg
        text = json.dumps(g.observe(player), sort_keys=True, ensure_ascii=False)
        if self.perfect_recall:
            text += " history:" + state._box.history_digest(player)
        return text


class TcgSpielGame(pyspiel.Game):
    game_type: Any = None
    game_info: Any = None
    tcg_game = ""

    def __init__(self, params=None):
        super().__init__(self.game_type, self.game_info, params or {})
        p = self.get_parameters()
        names = tcg.list_decks(self.tcg_game)
        decks = []
        for i in (0, 1):
            name = p.get(f"deck{i}", "") or names[i % len(names)]
            decks.append(tcg.load_deck(self.tcg_game, name))
        self.tcg_setup = (tuple(decks), int(p.get("seed", 0)))

    def new_initial_state(self):
        return TcgSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return TcgObserver(self.tcg_game, iig_obs_type, params)


def _make(game: str) -> type:
    enc = encoding(game)
    rules = get_rules(game)
    game_type = pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"tcg {game} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "deck0": "", "deck1": ""},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=enc.n_actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=int(rules.max_decisions),
    )
    return type(f"Tcg{game.title()}SpielGame", (TcgSpielGame,),
                {"game_type": game_type, "game_info": game_info, "tcg_game": game})


_REGISTERED: dict[str, type] = {}


def register() -> dict[str, type]:
    """Register the four games with pyspiel (once per process); returns {short name: class}."""
    for game in GAMES:
        name = short_name(game)
        if name not in _REGISTERED:
            cls = _make(game)
            pyspiel.register_game(cls.game_type, cls)
            _REGISTERED[name] = cls
    return dict(_REGISTERED)


register()
