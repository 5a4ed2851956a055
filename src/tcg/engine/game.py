"""``Game``: the one object front ends and agents talk to (the engine contract).

It wraps a game's ``Ruleset`` and state, checks every action against the legal ones before
anything changes, keeps the action list, and produces the JSON record that ``replay`` rebuilds."""
from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from .action import Action, Decision
from .deck import Deck
from .errors import IllegalActionError, RecordError
from .events import EventLog
from .rules import Ruleset
from .state import BaseState

RECORD_FORMAT = "tcg-record/1"


class Game:
    """A game in progress (or over). See DESIGN.md "The engine contract"."""

    __slots__ = ("rules", "state", "decks", "seed", "_actions", "_legal")

    def __init__(self, rules: Ruleset, decks: Sequence[Deck], seed: int):
        self.rules = rules
        self.decks = tuple(decks)
        self.seed = seed
        self._actions: list[dict[str, Any]] = []
        self._legal: list[Action] | None = None
        self.state: BaseState = rules.new_state(self.decks, seed)

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

    def legal_actions(self) -> list[Action]:
        """Every legal choice of the pending decision (empty once the game is over).

        Conceding is always possible and therefore not listed: send ``Action("concede")``
        for the deciding player, or call ``concede(player)`` for any player."""
        if self._legal is None:
            self._legal = [] if self.state.over else self.rules.legal_actions(self.state)
        return list(self._legal)

    def choices(self) -> list[Action]:
        """The legal actions minus pure take-backs (see ``Ruleset.undo_actions``)."""
        legal = self.legal_actions()
        undo = self.rules.undo_actions(self.state) if legal else frozenset()
        return [a for a in legal if a not in undo] if undo else legal

    def apply(self, action: Action | Mapping[str, Any]) -> None:
        """Perform one legal action of the deciding player and advance to the next decision.

        Raises ``IllegalActionError`` (game unchanged) for anything not legal now."""
        if not isinstance(action, Action):
            try:
                action = Action.from_dict(action)
            except ValueError as e:
                raise IllegalActionError(str(e)) from None
        state = self.state
        if state.over:
            raise IllegalActionError(f"the game is over; {action!r} cannot be applied")
        player = state.decision.player  # type: ignore[union-attr]
        if action.type == "concede" and not action.params:
            self.concede(player)
            return
        if self._legal is None:
            self._legal = self.rules.legal_actions(state)
        try:
            action = self._legal[self._legal.index(action)]  # the listed (canonical) object
        except ValueError:
            raise IllegalActionError(self._illegal_message(action)) from None
        self._actions.append({"player": player, "action": action.to_dict()})
        self._legal = None
        self.rules.apply(state, action)

    def concede(self, player: int) -> None:
        """``player`` concedes; allowed at any decision, whoever's it is."""
        if self.state.over:
            raise IllegalActionError("the game is already over")
        if player not in range(self.rules.players):
            raise IllegalActionError(f"no player {player!r} in this game")
        self._actions.append({"player": player, "action": {"type": "concede"}})
        self._legal = None
        self.rules.concede(self.state, player)

    def observe(self, player: int | None = None) -> dict[str, Any]:
        """JSON-ready view for ``player`` (0, 1, ...); ``None`` gives the spectator view."""
        if player is not None and player not in range(self.rules.players):
            raise ValueError(f"no player {player!r} in this game")
        return self.rules.observe(self.state, player)

    def describe(self, action: Action, lang: str = "en") -> str:
        """Human description of an action ("en" or "ja")."""
        return self.rules.describe(self.state, action, lang)

    def clone(self) -> "Game":
        """An independent copy: actions on one never affect the other."""
        g = Game.__new__(Game)
        g.rules, g.decks, g.seed = self.rules, self.decks, self.seed
        g._actions = self._actions.copy()
        g._legal = self._legal
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
        g._actions, g._legal = [], None
        g.state = state
        return g

    def touch(self) -> None:
        """Forget cached legal actions after changing ``state`` directly (scenario tests)."""
        self._legal = None

    # --- records ------------------------------------------------------------------------
    @property
    def actions(self) -> list[dict[str, Any]]:
        return [{"player": a["player"], "action": dict(a["action"])} for a in self._actions]

    def record(self) -> dict[str, Any]:
        """The game as JSON-ready data: replaying it rebuilds an identical game."""
        cards = self.rules.cards
        return {
            "format": RECORD_FORMAT,
            "game": self.rules.id,
            "card_set": {"name": cards.name, "version": cards.version},
            "decks": [d.to_dict() for d in self.decks],
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
        }

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.record(), f, ensure_ascii=False, indent=1)

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


def replay_record(rules: Ruleset, record: Mapping[str, Any], decks: Sequence[Deck],
                  upto: int | None = None) -> Game:
    """Rebuild a game from its record (``upto``: only the first N actions)."""
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"record format {record.get('format')!r} is not {RECORD_FORMAT!r}")
    if record.get("game") != rules.id:
        raise RecordError(f"record is for game {record.get('game')!r}, not {rules.id!r}")
    card_set = record.get("card_set", {})
    if not isinstance(card_set, Mapping):
        raise RecordError("record 'card_set' must be an object with name and version")
    version = card_set.get("version")
    if version is not None and version != rules.cards.version:
        raise RecordError(f"record was made with card set version {version}, "
                          f"this engine has {rules.cards.version}")
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError("record has no integer 'seed'")
    game = Game(rules, decks, seed)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record 'actions' must be a list")
    for i, a in enumerate(actions[:upto] if upto is not None else actions):
        if not isinstance(a, Mapping):
            raise RecordError(f"record action #{i} is not a table: {a!r}")
        player = a.get("player")
        body = a.get("action")
        if not isinstance(body, Mapping):
            raise RecordError(f"record action #{i} has no 'action' object: {a!r}")
        try:
            if body.get("type") == "concede" and len(body) == 1:
                game.concede(player)  # type: ignore[arg-type]
                continue
            if game.decision is not None and player is not None and player != game.decision.player:
                raise RecordError(f"record action #{i} is by player {player}, "
                                  f"but the decision is player {game.decision.player}'s")
            game.apply(body)
        except IllegalActionError as e:
            raise RecordError(f"record action #{i} cannot be replayed: {e}") from None
    return game
