"""The four games as OpenSpiel Python games (optional extra ``openspiel``).

Importing this module registers ``tcg_shironeko``, ``tcg_turutoru``, ``tcg_kemuri`` and ``tcg_zx``
with ``pyspiel``: ``pyspiel.load_game("tcg_zx", {"seed": 5, "deals": 1000, "deck0": "...",
"deck1": "..."})``.

GameType: sequential, imperfect information, zero-sum, terminal rewards (+1 / -1, 0 each for a
draw), ``EXPLICIT_STOCHASTIC`` chance: the initial state is a chance node whose outcomes are the
deals ``0 .. deals-1`` (uniform; ``max_chance_outcomes`` = ``deals``); outcome ``k`` starts the
engine game with seed ``seed * deals + k``, and the engine's own seeded generator does every later
shuffle and draw inside ``apply``. A state is therefore (deal, actions): ``history()`` replays it,
``rl_environment.Environment("tcg_zx")`` plays a new deal every episode, and
``serialize_game_and_state`` / ``deserialize_game_and_state`` round-trip (the engine game is
pickled as its record and replayed). ``deck0`` / ``deck1`` name sample decks (default: the game's
first two sample decks).

* actions: the fixed action table of ``encode.py`` (``num_distinct_actions`` = its size); legal
  actions sorted ascending; ``action_to_string`` gives the action as JSON (``deal k`` for chance);
* ``chance_outcomes()``: the deals at the chance node, ``[]`` at every other state;
* ``undo_action(player, action)``: rebuilds the engine game from the deal and the history before
  the action. pyspiel gives a Python game no way to shorten its C++ history, so the state keeps
  its own: ``history()``, ``history_str()`` and ``move_number()`` called from Python are right
  after an undo; C++ code reading the history (``serialize_game_and_state``, ``full_history``)
  still lists the undone actions;
* observation tensor / string: ``encoding(game).features`` of ``game.observe(player)`` (the
  scaled floats, within [-1, 1]; the integer card / instance / name ids are only presence flags
  here, see ``GameEncoding.features`` for the ids) / that dict as JSON; zeros / ``deal pending``
  before the deal;
* information state tensor: the same encoding (the observation holds the public board and the
  player's own hidden cards, not the whole history: an imperfect-recall summary);
  information state string: exact (perfect recall): the observation JSON plus a SHA-256 digest of
  everything the player has seen (``game.log.for_player``);
* ``state.resample_from_infostate(player, sampler)``: a state consistent with what ``player`` has
  seen, hidden cards redrawn by the engine's ``game.determinized`` (seeded from ``sampler()``),
  which assumes both players' deck lists are known; at the rare decisions where that is
  impossible (a search in progress) it returns a clone;
* ``ismcts_bot(game, ...)``: OpenSpiel's Python ISMCTS made ready for ``evaluate_bots`` (the C++
  ``pyspiel.ISMCTSBot`` crashes on Python games). OpenSpiel's ``MCTSBot`` searches exact clones of
  the state: it sees the hidden cards, as it does in every imperfect-information game of OpenSpiel.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

import tcg
from tcg.engine.deck import Deck
from tcg.engine.game import replay_record
from tcg.engine.rng import Rng
from tcg.games import game_ids, get_rules

from .core import encoding

__all__ = ["GAMES", "DEFAULT_DEALS", "short_name", "register", "ismcts_bot", "TcgSpielGame",
           "TcgSpielState"]

#: the games registered, every game of the registry (``tcg.games``)
GAMES = tuple(game_ids())

#: the chance node's outcomes by default (parameter ``deals``)
DEFAULT_DEALS = 1000


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: str) -> str:
    return f"tcg_{game}"


class _Box:
    """Holds the engine game inside a state; OpenSpiel deep-copies a state's attributes when it
    clones it, and a game clone is the cheap, exact copy."""

    __slots__ = ("game", "ids", "seen", "gid")

    def __init__(self, game, seen=None, gid=""):
        self.game = game
        self.gid = gid
        self.ids: dict[int, Any] | None = None   # the legal actions by id, once asked for
        # per player: (events digested, running SHA-256 of what the player saw of them)
        self.seen: dict[int, tuple[int, Any]] = seen or {}

    def __deepcopy__(self, memo):
        return _Box(self.game.clone(), {p: (n, h.copy()) for p, (n, h) in self.seen.items()},
                    self.gid)

    def __reduce__(self):
        """Pickled (``serialize_game_and_state`` pickles a Python state's attributes) as the
        game's record, replayed when loaded."""
        return (_box_from_record, (self.gid, self.game.record()))

    def history_digest(self, player: int) -> str:
        n, h = self.seen.get(player) or (0, hashlib.sha256())
        new = self.game.log.for_player(player, n)
        for e in new:
            h.update(json.dumps(e, sort_keys=True, ensure_ascii=False, default=str).encode())
            h.update(b"\n")
        self.seen[player] = (n + len(new), h)
        return h.hexdigest()


def _box_from_record(gid: str, record: dict) -> _Box:
    decks = [Deck.from_dict(d) for d in record["decks"]]
    return _Box(replay_record(get_rules(gid), record, decks, check_result=False), gid=gid)


class TcgSpielState(pyspiel.State):
    """A state is (deal, actions): the first action is the chance outcome ``k`` (the deal), which
    starts the engine game with seed ``seed * deals + k``; every later action is a player's id of
    the fixed action table. The engine game is a function of that history (its own seeded
    generator does every later shuffle and draw), so replaying the history rebuilds the state."""

    def __init__(self, game: "TcgSpielGame"):
        super().__init__(game)
        self._gid = game.tcg_game
        self._setup = game.tcg_setup
        self._deals = game.tcg_deals
        self._deal: int | None = None   # the chance outcome, once dealt
        self._box: _Box | None = None   # the engine game (made by the deal; clones copy it)
        # ``current_player()`` (OpenSpiel asks it several times a step), kept by ``_moved``
        self._cur = _CHANCE
        # the history kept on the Python side too: ``undo_action`` cannot pop OpenSpiel's C++
        # history (pyspiel gives a Python game no access to it), so ``history()`` reads this one
        self._hist: list[int] = []

    # --- the engine game --------------------------------------------------------------------
    @property
    def tcg(self):
        """The engine's ``Game`` behind this state (None before the deal)."""
        return None if self._box is None else self._box.game

    @property
    def deal(self) -> int | None:
        """The chance outcome of this state (None at the initial chance node)."""
        return self._deal

    def engine_seed(self, deal: int) -> int:
        return self._setup[1] * self._deals + int(deal)

    def _start(self, deal: int) -> None:
        decks, _ = self._setup
        self._deal = int(deal)
        self._box = _Box(tcg.new_game(self._gid, list(decks), seed=self.engine_seed(deal),
                                      validate=False), gid=self._gid)
        self._moved()

    def _moved(self) -> None:
        """The engine game changed: who is to play now (``current_player``)."""
        box = self._box
        if box is None:
            self._cur = _CHANCE
        else:
            g = box.game
            self._cur = _TERMINAL if g.is_over else g.decision.player

    def _ids(self) -> dict[int, Any]:
        """``{id: action}`` of the deciding player's legal actions. The ids need the card slots
        of the player's observation only when an action names a card, and then only the
        locations (``GameEncoding.locator``): no observation vector is built."""
        box = self._box
        if box.ids is None:
            g = box.game
            enc = encoding(self._gid)
            box.ids = enc.legal_ids_in_order(g.legal_actions(), enc.locator(g, self._cur))[0]
        return box.ids

    # --- OpenSpiel API ----------------------------------------------------------------------
    def current_player(self):
        return self._cur

    def chance_outcomes(self):
        """The deals ``0 .. deals-1``, uniform, at the initial chance node; ``[]`` elsewhere."""
        if self._box is not None:
            return []
        p = 1.0 / self._deals
        return [(k, p) for k in range(self._deals)]

    def legal_actions(self, player=None):
        """OpenSpiel's ``State.legal_actions([player])``, answered here for Python callers: the
        same lists as the C++ method (the deals at the chance node, whoever asks; ``[]`` for a
        player not deciding and at the end), without its round trips through C++ (which
        cost about as much as the ids themselves). C++ callers still go through C++."""
        cur = self._cur
        if cur == _CHANCE:
            return list(range(self._deals))
        return self._legal_actions(cur if player is None else player)

    def _legal_actions(self, player):
        if player != self._cur or player < 0:
            return []
        return sorted(self._box.ids or self._ids())

    def _apply_action(self, action):
        if self._box is None:   # the chance node: the deal
            if not 0 <= int(action) < self._deals:
                raise ValueError(f"deal {action} is outside 0..{self._deals - 1}")
            self._start(int(action))
            self._hist.append(int(action))
            return
        box = self._box
        chosen = (box.ids or self._ids()).get(int(action))
        if chosen is None:
            raise ValueError(f"action {action} is not legal now")
        box.game.apply(chosen)
        box.ids = None
        self._moved()
        self._hist.append(int(action))

    # OpenSpiel reads these from its C++ history, which ``undo_action`` cannot shorten: Python
    # callers get the Python-side history (equal to the C++ one until an undo)
    def history(self):
        return list(self._hist)

    def history_str(self):
        return ", ".join(map(str, self._hist))

    def move_number(self):
        return len(self._hist)

    def undo_action(self, player, action):
        """Undo the last action (OpenSpiel's ``undo_action``): the engine game is rebuilt from
        the deal and replayed up to the action before (the engine keeps no undo log)."""
        history = self._hist
        if not history or history[-1] != action:
            raise ValueError(f"undo_action({player}, {action}): the last action is "
                             f"{history[-1] if history else None}")
        rest = history[:-1]
        if not rest:
            self._deal, self._box = None, None
            self._moved()
        else:
            self._start(rest[0])
            for a in rest[1:]:
                self._box.ids = None
                chosen = self._ids().get(int(a))
                self.tcg.apply(chosen)
                self._moved()
            self._box.ids = None
        history.pop()

    def _action_to_string(self, player, action):
        g = self.tcg
        if player == pyspiel.PlayerId.CHANCE or g is None:
            return f"deal {int(action)}"
        if not g.is_over and player == g.decision.player:
            chosen = self._ids().get(int(action))
            if chosen is not None:
                return json.dumps(chosen.to_dict(), sort_keys=True, ensure_ascii=False)
        return encoding(self._gid).table.describe(int(action))

    def is_terminal(self):
        return self._cur == _TERMINAL

    def returns(self):
        g = self.tcg
        if g is None or not g.is_over or g.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == g.winner else -1.0 for p in (0, 1)]

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state consistent with everything ``player_id`` has seen (the engine's
        determinization: the hidden cards are redrawn from the known deck lists); a clone where
        that is impossible right now (and at the chance node). The resampled state keeps this
        state's history: it is a search root, not a state to serialize."""
        other = self.clone()
        if self._box is None:
            return other
        seed = int(float(probability_sampler()) * (1 << 53))
        sampled = self.tcg.determinized(player_id, Rng(seed))
        if sampled is not None:
            other._box = _Box(sampled, gid=self._gid)
            other._moved()
        return other

    def __str__(self):
        g = self.tcg
        if g is None:
            return json.dumps({"deal": None, "deals": self._deals})
        return json.dumps({"deal": self._deal, "actions": len(g.actions), "view": g.observe(None)},
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
        g = state.tcg
        if g is None:   # before the deal: nothing seen
            self.tensor.fill(0.0)
            return
        raw, _ = self.enc.encode(g.observe(player, shared=True), player)
        self.enc.features(raw, out=self.tensor)

    def string_from(self, state: TcgSpielState, player: int) -> str:
        g = state.tcg
        if g is None:
            return "deal pending"
        text = json.dumps(g.observe(player), sort_keys=True, ensure_ascii=False)
        if self.perfect_recall:
            text += " history:" + state._box.history_digest(player)
        return text


class TcgSpielGame(pyspiel.Game):
    game_type: Any = None
    game_info: Any = None
    tcg_game = ""

    def __init__(self, params=None):
        params = dict(params or {})
        deals = int(params.get("deals", DEFAULT_DEALS))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, got {deals}")
        info = self.game_info
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_distinct_actions, max_chance_outcomes=deals,
            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=info.max_game_length)
        super().__init__(self.game_type, game_info, params)
        p = self.get_parameters()
        self.tcg_deals = deals
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
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0, "deals": DEFAULT_DEALS, "deck0": "", "deck1": ""},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=enc.n_actions,
        max_chance_outcomes=DEFAULT_DEALS,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=int(rules.max_decisions),
    )
    return type(f"Tcg{game.title()}SpielGame", (TcgSpielGame,),
                {"game_type": game_type, "game_info": game_info, "tcg_game": game})


def ismcts_bot(game, simulations: int = 100, uct_c: float = 2.0, rollouts: int = 1,
               seed: int | None = None, evaluator=None, **options):
    """OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) with a
    random-rollout evaluator (or ``evaluator``), ready for ``evaluate_bots``: the Python bot does not implement
    ``restart_at`` (``evaluate_bots`` calls it first: "RestartAt not implemented"), which this
    subclass adds (a new search tree). OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot search a
    Python game: it crashes the process when it resamples one (measured with open_spiel 2.0.2).
    Its worlds come from ``state.resample_from_infostate``, which assumes both deck lists are
    known."""
    import numpy as _np
    from open_spiel.python.algorithms import ismcts, mcts

    class _Bot(ismcts.ISMCTSBot):
        def restart_at(self, state):
            self.reset()

        def inform_action(self, state, player, action):
            pass

    rs = _np.random.RandomState(seed)
    if evaluator is None:
        evaluator = mcts.RandomRolloutEvaluator(rollouts, rs)
    return _Bot(game, evaluator, uct_c, simulations, random_state=rs, **options)


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
