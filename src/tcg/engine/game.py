"""``Game``: the one object front ends and agents talk to (the engine contract).

It wraps a game's ``Ruleset`` and state, checks every action against the legal ones before
anything changes, keeps the action list, and produces the JSON record that ``replay`` rebuilds."""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from .action import Action, Decision
from .chain import AppendLog
from .deck import Deck
from .errors import ArgumentError, IllegalActionError, RecordError, TcgError, UndoError
from .events import EventLog, event_view
from .rules import Ruleset
from .state import BaseState

RECORD_FORMAT = "tcg-record/2"
#: record formats ``replay`` reads (version 1 had no ``by`` and no ``meta``)
RECORD_FORMATS = ("tcg-record/1", RECORD_FORMAT)
#: who made an action for its seat: the seat's player, a computer player or a clock (timeout)
#: who made an action: the seat's player, the computer (a computer seat, or standing in for an
#: absent player), its clock (time ran out), or "away" (a concession of a player away from the
#: game, claimed by the opponent)
ACTORS = ("player", "computer", "clock", "away")
#: the top-level fields of a record; any other field is kept as written and ignored by replay
RECORD_FIELDS = ("format", "game", "card_set", "decks", "seed", "actions", "result", "meta")
MAX_SEED = 2 ** 64 - 1
CONCEDE = Action("concede")


def check_player(players: int, player: Any, what: str = "player") -> int:
    """``player`` as a seat index of a game of ``players`` players, or ArgumentError."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise ArgumentError(f"{what} must be a player index 0..{players - 1}, got {player!r}")
    return player


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentError(f"seed must be an integer, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise ArgumentError(f"seed must be in 0..2**64-1, got {seed}")
    return seed


class Game:
    """A game in progress (or over). See DESIGN.md "The engine contract"."""

    __slots__ = ("rules", "state", "decks", "seed", "meta", "_actions", "_legal", "_extra", "_undo", "keep_undo")

    def __init__(self, rules: Ruleset, decks: Sequence[Deck], seed: int):
        self.rules = rules
        self.decks = tuple(decks)
        self.seed = seed
        self.meta: dict[str, Any] = {}      # free metadata, saved in the record ("meta")
        self._extra: dict[str, Any] = {}    # unknown record fields, kept as written
        self._actions = AppendLog()  # (player, Action, by) of each action; copies share them
        self._legal: list[Action] | None = None
        self._undo: tuple[int, Any] | None = None  # (actions, game before the last) cache
        #: keep a copy of the game before each player's action, so that ``can_undo`` and
        #: ``undo()`` need no replay of the record (a front end offering undo sets it)
        self.keep_undo = False
        self.state: BaseState = rules.new_state(self.decks, seed)

    @classmethod
    def from_state(cls, rules: Ruleset, decks: Sequence[Deck], seed: int, state: BaseState) -> "Game":
        """A game around an already-built state (a scenario set up by hand), with no actions yet.
        The state is taken as it is: advance it with ``rules.advance`` first if it is not yet
        at a decision."""
        g = cls.__new__(cls)
        g.rules, g.decks, g.seed, g.state = rules, tuple(decks), seed, state
        g.meta, g._extra = {}, {}
        g._actions, g._legal, g._undo = AppendLog(), None, None
        g.keep_undo = False
        return g

    # --- the contract -------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.rules.id

    @property
    def decision(self) -> Decision | None:
        """Who must decide now and what kind of decision; ``None`` once the game is over."""
        return self.state.decision

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> int | None:
        """Index of the winning player; ``None`` while playing or after a draw."""
        return self.state.winner

    @property
    def result(self) -> dict[str, Any] | None:
        if not self.state.over:
            return None
        return {"winner": self.state.winner, "draw": self.state.winner is None,
                "reason": self.state.end_reason}

    @property
    def log(self) -> EventLog:
        return EventLog(self.state.events)

    def secret_choice(self) -> bool:
        """Whether the open decision is secret: its choice is known only to the deciding player
        (its kind is one of ``rules.secret_decisions``). Ask it before applying the action."""
        d = self.state.decision
        return d is not None and not self.state.over and d.kind in self.rules.secret_decisions

    def continues_decision(self, player: int) -> bool:
        """Whether the open decision is a further step of ``player``'s decision just made (the same
        player holds it and its kind is one of ``rules.decision_steps``): a clock counts such
        steps as one decision. Ask it after applying that decision's action."""
        d = self.state.decision
        return d is not None and not self.state.over and d.player == player and d.kind in self.rules.decision_steps

    def legal_actions(self) -> list[Action]:
        """Every legal choice of the pending decision (empty once the game is over).

        Conceding is always possible and therefore not listed: send ``Action("concede")``
        for the deciding player, or call ``concede(player)`` for any player."""
        if self._legal is None:
            self._legal = [] if self.state.over else self.rules.legal_actions(self.state)
        return list(self._legal)

    def _listed(self) -> list[Action]:
        """The legal actions themselves, not a copy: for the engine's own agents, which never
        change the list."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.state.over else self.rules.legal_actions(self.state)
        return legal

    def choices(self) -> list[Action]:
        """The legal actions (kept for older callers: the rules no longer have take-backs)."""
        return self.legal_actions()

    def apply(self, action: Action | Mapping[str, Any], player: int | None = None, *,
              by: str | None = None) -> None:
        """Perform one legal action of the deciding player and advance to the next decision.

        ``player``: when given, the action is refused unless that player holds the decision
        (what a server passes for a client's seat). ``by``: who acted for the seat, recorded
        with the action: ``"player"`` (default), ``"computer"`` or ``"clock"``.
        Raises ``IllegalActionError`` (game unchanged) for anything not legal now."""
        legal = self._legal
        if legal is not None and player is None and by is None and not self.keep_undo:
            for listed in legal:  # the usual case: an action just listed, handed back as it is
                if listed is action:
                    state = self.state
                    self._perform(state, state.decision.player, action, "player")  # type: ignore[union-attr]
                    return
        if not isinstance(action, Action):
            try:
                action = Action.from_dict(action)
            except ValueError as e:
                raise IllegalActionError(str(e)) from None
        if by is None:
            by = "player"
        elif by not in ACTORS:
            by = self._check_by(by)
        state = self.state
        if player is not None:
            check_player(self.rules.players, player)
        if state.over:
            raise IllegalActionError(f"the game is over; {action!r} cannot be applied")
        decider = state.decision.player  # type: ignore[union-attr]
        if action.type == "concede" and not action.params:
            self._concede(decider if player is None else player, by)
            return
        if player is not None and player != decider:
            raise IllegalActionError(f"player {player} cannot act now: the pending decision "
                                     f"'{state.decision.kind}' is player {decider}'s")  # type: ignore[union-attr]
        legal = self._legal
        if legal is None:
            legal = self._legal = self.rules.legal_actions(state)
        for listed in legal:  # agents hand back the listed object itself: no comparisons
            if listed is action:
                break
        else:
            try:
                action = legal[legal.index(action)]  # the listed (canonical) object
            except ValueError:
                raise IllegalActionError(self._illegal_message(action)) from None
        if self.keep_undo and by == "player":
            self._legal = None
            before = self.clone()
            self._perform(state, decider, action, by)
            self._undo = (len(self._actions), before)
        else:
            self._perform(state, decider, action, by)

    def _perform(self, state, decider: int, action: Action, by: str) -> None:
        """Apply a checked, listed action and record it (``apply`` and ``_apply_listed``)."""
        self._legal = None
        self.rules.apply(state, action)
        # recorded once applied: an action whose rules raised is not kept (a resumed record
        # never replays into the same failure); kept as (player, Action, by), read as dicts
        actions = self._actions
        actions.append((decider, action, by))
        if not state.over and actions._n + len(actions._tail) >= self.rules.max_decisions:
            state.end(None, "decision_limit")  # a runaway game ends in a draw (safety cap)

    def _apply_listed(self, action: Action) -> None:
        """``apply`` for the engine's own search agents: ``action`` must be one of the objects
        ``legal_actions()`` listed at this decision (not a copy, not a concession), so nothing
        needs checking (anything else goes through ``apply``). Recorded as the player's own
        action, as ``apply`` would."""
        legal = self._legal
        if legal is None or self.keep_undo:
            return self.apply(action)
        for listed in legal:
            if listed is action:
                break
        else:
            return self.apply(action)
        state = self.state
        self._perform(state, state.decision.player, action, "player")  # type: ignore[union-attr]

    def concede(self, player: int, *, by: str | None = None) -> None:
        """``player`` concedes; allowed at any decision, whoever's it is."""
        check_player(self.rules.players, player)
        by = self._check_by(by)
        if self.state.over:
            raise IllegalActionError("the game is already over")
        self._concede(player, by)

    def _concede(self, player: int, by: str) -> None:
        self._actions.append((player, CONCEDE, by))
        self._legal = None
        self.rules.concede(self.state, player)

    @staticmethod
    def _check_by(by: Any) -> str:
        if by is None:
            return "player"
        if by not in ACTORS:
            raise ArgumentError(f"by must be one of {', '.join(ACTORS)}, got {by!r}")
        return by

    def observe(self, player: int | None = None, *, shared: bool = False) -> dict[str, Any]:
        """JSON-ready view for ``player`` (0, 1, ...); ``None`` gives the spectator view.

        ``shared=True``: the same content, read-only, for agents that only read it: parts that
        do not change between calls (cards' printed facts) are shared dicts that refuse changes,
        so it is built several times faster. Copy before changing it."""
        if player is not None:
            check_player(self.rules.players, player, "observe() takes a player index or None:")
        if shared:
            return self.rules.observe_shared(self.state, player)
        return self.rules.observe(self.state, player)

    def describe(self, action: Action | Mapping[str, Any], lang: str = "en") -> str:
        """Human description of an action ("en" or "ja")."""
        if not isinstance(action, Action):
            try:
                action = Action.from_dict(action)
            except ValueError as e:
                raise ArgumentError(f"describe() needs an action: {e}") from None
        if lang not in ("en", "ja"):
            raise ArgumentError(f"lang must be 'en' or 'ja', got {lang!r}")
        try:
            return self.rules.describe(self.state, action, lang)
        except TcgError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            # an action from outside naming cards or places this game does not have
            return repr(action)

    def clone(self) -> "Game":
        """An independent copy: actions on one never affect the other."""
        g = Game.__new__(Game)
        g.rules, g.decks, g.seed = self.rules, self.decks, self.seed
        g.meta, g._extra = dict(self.meta), self._extra
        g._actions = self._actions.copy()
        g._legal = self._legal
        g._undo = None
        g.keep_undo = False
        g.state = self.state.clone()
        return g

    def determinized(self, player: int, rng) -> "Game | None":
        """An independent game consistent with everything ``player`` has seen, with the hidden
        cards (and the future random draws) redrawn from ``rng``: what a search agent may plan on.
        None at the rare decisions where hidden cards are being looked at (a search)."""
        if self.state.over:
            return None
        state = self.rules.determinize(self.state, player, rng)
        if state is None:
            return None
        g = Game.__new__(Game)
        g.rules, g.decks, g.seed = self.rules, self.decks, self.seed
        g.meta, g._extra = {}, {}
        g._actions, g._legal, g._undo = AppendLog(), None, None
        g.keep_undo = False
        g.state = state
        return g

    def touch(self) -> None:
        """Forget cached legal actions after changing ``state`` directly (scenario tests)."""
        self._legal = None
        self._undo = None

    # --- undo -----------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """True when the last action can be taken back: it was made by its seat's player (not
        the computer or a clock, not a concession), the same player decides again (no other
        player has decided since), and it revealed nothing new to that player (no random draw
        or shuffle, no card shown that the player had not seen)."""
        return self._undo_reason() is None

    def undo(self) -> None:
        """Take back the last action: the game is rebuilt from its record without it (the
        record then simply no longer holds it). Raises ``UndoError`` saying why when the
        action cannot be taken back (see ``can_undo``)."""
        why = self._undo_reason()
        if why is not None:
            raise UndoError(f"cannot undo: {why}")
        before = self._undo[1]  # type: ignore[index]
        self.state, self._actions = before.state, before._actions
        self._legal, self._undo = None, None

    def _undo_reason(self) -> str | None:
        if not self._actions:
            return "no action to take back"
        last_player, last_action, last_by = self._actions[-1]
        if self.state.over:
            return "the game is over"
        if last_action == CONCEDE:
            return "a concession is final"
        if last_by != "player":
            return f"the last action was made by the {last_by}"
        if self.state.decision is None or self.state.decision.player != last_player:
            return "another player has decided since"
        n = len(self._actions)
        if self._undo is None or self._undo[0] != n:
            self._undo = (n, self._rebuild(self.actions[:-1]))
        before = self._undo[1]
        if before is None:
            return "the game cannot be rebuilt from its record (changed directly)"
        if before.state.rng.state != self.state.rng.state:
            return "it drew or shuffled at random"
        if _revealed(before, self, last_player):
            return "it showed a card that was hidden"
        return None

    def _rebuild(self, actions: list[dict[str, Any]]) -> "Game | None":
        """The game replayed from its start through ``actions`` (None if they do not replay)."""
        try:
            return replay_record(self.rules, {"game": self.rules.id, "seed": self.seed, "actions": actions},
                                 self.decks, check_result=False)
        except TcgError:
            return None

    # --- records ------------------------------------------------------------------------
    @property
    def actions(self) -> list[dict[str, Any]]:
        return [{"player": p, "action": a.to_dict(), "by": by} for p, a, by in self._actions]

    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data: replaying it rebuilds an identical game."""
        cards = self.rules.cards
        rec = {
            "format": RECORD_FORMAT,
            "game": self.rules.id,
            "card_set": {"name": cards.name, "version": cards.version},
            "decks": [d.to_dict() for d in self.decks],
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
            "meta": dict(self.meta),
        }
        files_sha256 = getattr(self.rules, "card_files_sha256", None)
        if files_sha256:  # card files given as text (``tcg.new_game(..., cards=...)``)
            rec["card_set"]["files_sha256"] = files_sha256
        elif "+" in str(cards.version):  # custom card files from TCG_CARD_PATH were loaded
            from .cards import extra_card_files
            rec["card_set"]["extra_files"] = [str(f) for f in extra_card_files(self.rules.id)]
        for k, v in self._extra.items():
            rec.setdefault(k, v)
        return rec

    def save(self, path: str) -> None:
        """Write the record to ``path`` atomically (a temporary file in the same folder, then
        renamed over ``path``), so a crash never leaves a half-written record."""
        from .files import atomic_write
        atomic_write(path, lambda f: json.dump(self.record(), f, ensure_ascii=False, indent=1),
                     newline=None, mode=0o666)  # as a plain open() would make it

    def _illegal_message(self, action: Action) -> str:
        d = self.state.decision
        kinds = sorted({a.type for a in self._legal or []})
        same = [a for a in self._legal or [] if a.type == action.type]
        msg = f"illegal action {action.to_dict()} for player {d.player}'s '{d.kind}' decision"  # type: ignore[union-attr]
        if same:
            msg += f"; legal '{action.type}' actions: " + ", ".join(str(a.to_dict()) for a in same[:8])
            if len(same) > 8:
                msg += f" and {len(same) - 8} more"
        else:
            msg += f"; legal action types now: {', '.join(kinds)}"
        return msg

    def __repr__(self) -> str:
        status = f"over, winner={self.winner}" if self.is_over else f"waiting for {self.decision}"
        return f"<Game {self.rules.id} seed={self.seed} actions={len(self._actions)} {status}>"


def _card_ids(node: Any, out: list[str]) -> None:
    """Every card id named in a view or event: values of ``id``/``*_id`` and ``*_ids``."""
    if isinstance(node, dict):
        for k, v in node.items():
            if isinstance(v, str) and (k == "id" or k.endswith("_id")):
                out.append(v)
            elif isinstance(v, (list, tuple)) and k.endswith("_ids"):
                out.extend(x for x in v if isinstance(x, str))
            elif isinstance(v, (dict, list, tuple)):
                _card_ids(v, out)
    elif isinstance(node, (list, tuple)):
        for v in node:
            _card_ids(v, out)


def _revealed(before: Game, after: Game, player: int) -> bool:
    """Whether ``player`` sees a card after the last action that was hidden before it: a card
    id more often in the view than before, or named by an event of that action."""
    from collections import Counter
    seen: list[str] = []
    _card_ids(before.observe(player), seen)
    now: list[str] = []
    _card_ids(after.observe(player), now)
    known = Counter(seen)
    if Counter(now) - known:
        return True
    named: list[str] = []
    for e in after.state.events[len(before.state.events):]:
        _card_ids(event_view(e, player), named)
    return any(cid not in known for cid in named)


def replay_record(rules: Ruleset, record: Mapping[str, Any], decks: Sequence[Deck],
                  upto: int | None = None, check_result: bool = True) -> Game:
    """Rebuild a game from its record (``upto``: only the first N actions).

    Everything is checked; any failure is a ``RecordError`` naming the field or the action
    index. When the whole record is replayed and it stores a result, the rebuilt game must
    end the same way."""
    fmt = record.get("format", "tcg-record/1")
    if fmt not in RECORD_FORMATS:
        raise RecordError(f"record format {fmt!r} is not one this engine reads "
                          f"({', '.join(RECORD_FORMATS)})")
    if record.get("game") != rules.id:
        raise RecordError(f"record is for game {record.get('game')!r}, not {rules.id!r}")
    card_set = record.get("card_set", {})
    if not isinstance(card_set, Mapping):
        raise RecordError("record 'card_set' must be an object with name and version")
    version = card_set.get("version")
    if version is not None and version != rules.cards.version:
        hint = ""
        if isinstance(version, str) and "+" in version:
            files = card_set.get("extra_files")
            named = (": " + ", ".join(map(str, files))) if isinstance(files, list) and files else ""
            hint = (f" (the game was played with custom card files{named}; set TCG_CARD_PATH to "
                    f"them to replay it)")
        elif "+" in rules.cards.version:
            hint = " (this engine loads custom card files from TCG_CARD_PATH; unset it to replay)"
        raise RecordError(f"record was made with card set version {version!r}, "
                          f"this engine has {rules.cards.version!r}{hint}")
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"record 'seed' must be an integer, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise RecordError(f"record 'seed' must be in 0..2**64-1, got {seed}")
    meta = record.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError(f"record 'meta' must be an object, got {type(meta).__name__}")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record 'actions' must be a list")
    if upto is not None:
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(actions):
            raise RecordError(f"upto must be an action count 0..{len(actions)}, got {upto!r}")
    stored = record.get("result")
    if stored is not None and not isinstance(stored, Mapping):
        raise RecordError(f"record 'result' must be an object or null, got {stored!r}")
    game = Game(rules, decks, seed)
    game.meta = dict(meta)
    game._extra = {k: v for k, v in record.items() if k not in RECORD_FIELDS}
    players = rules.players
    for i, a in enumerate(actions[:upto] if upto is not None else actions):
        if not isinstance(a, Mapping):
            raise RecordError(f"record action #{i} is not an object: {_short(a)}")
        player = a.get("player")
        body = a.get("action")
        if not isinstance(body, Mapping) or not isinstance(body.get("type"), str):
            raise RecordError(f"record action #{i} has no 'action' object with a text 'type': {_short(a)}")
        by = a.get("by", "player")
        if by not in ACTORS:
            raise RecordError(f"record action #{i}: 'by' must be one of {', '.join(ACTORS)}, got {by!r}")
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)
                                   or not 0 <= player < players):
            raise RecordError(f"record action #{i}: 'player' must be 0..{players - 1}, got {player!r}")
        if game.is_over:
            raise RecordError(f"record action #{i} comes after the game ended "
                              f"({game.result['reason']})")  # type: ignore[index]
        try:
            if body.get("type") == "concede" and len(body) == 1:
                if player is None:
                    raise RecordError(f"record action #{i} is a concession without a 'player'")
                game.concede(player, by=by)
                continue
            if player is not None and player != game.decision.player:  # type: ignore[union-attr]
                raise RecordError(f"record action #{i} is by player {player}, "
                                  f"but the decision is player {game.decision.player}'s")  # type: ignore[union-attr]
            game.apply(body, by=by)
        except RecordError:
            raise
        except TcgError as e:
            raise RecordError(f"record action #{i} cannot be replayed: {e}") from None
    if upto is None and check_result and stored is not None:
        got = game.result
        if got is None:
            raise RecordError(f"record is cut short: it says the game ended ({_short(dict(stored))}) "
                              f"but its {len(actions)} actions leave the game waiting for "
                              f"{game.decision}")
        if {k: stored.get(k) for k in got} != got:
            raise RecordError(f"replay ends differently from the record: the record says "
                              f"{_short(dict(stored))}, the replay gives {got}")
    return game


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
