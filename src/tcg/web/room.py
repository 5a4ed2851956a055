"""A game being played on the server: the engine's ``Game``, who sits where, and what each
viewer is told.

Server authoritative: a client only ever names one of the numbered options it was sent, with the
sequence number (``seq``, the game's version) of the message that listed them. An answer to an
older message changes nothing and gets the current state back. Every change is stored
(``store.append``) before any message shows its result.

What a viewer is told (``Voice``) is built only from that viewer's ``observe()`` and the events
as that viewer sees them, in the viewer's language, by the game's presentation layer: the board
description (``tcg.present.board``), the prompt, the options as paths of labels, and a log of steps.
"""
from __future__ import annotations

import asyncio
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import tcg

from ..present import board as B
from ..agents.base import AgentView, make_agent
from ..engine.action import Action
from ..engine.errors import TcgError
from ..engine.rng import Rng
from ..present import Step, action_text, get_renderer, menu_paths, result_words, say, secret_for, step_lines
from . import clock as clocks
from .clock import Clock
from .store import Conflict, StoredGame

LOG_KEEP = 80  # steps of the log kept per viewer (the page shows the last ones)
LOG_SENT = 40  # steps of the log a connection is sent when it starts (later only new steps)


def rebuild(stored: StoredGame, upto: int | None = None, cards: list | None = None) -> "tcg.Game":
    """The game of a stored record (all its actions, or the first ``upto``); ``cards``: the card
    files its set-up names (``store.cards_of``)."""
    return tcg.replay(stored.record(), upto=upto, cards=cards)


def result_as_said(result: dict[str, Any] | None, actions: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A game's result as it is told (on the table and in replays): a concession made by the clock
    reads "ran out of time", one claimed against an absent player "left the game"."""
    last = actions[-1] if actions else None
    if result is not None and result.get("reason") == "concede" and last is not None \
            and last["action"].get("type") == "concede" and last.get("by") in ("clock", "away"):
        result = {**result, "reason": "time" if last["by"] == "clock" else "away"}
    return result


class SecretRun:
    """Who made each action of the secret phase going on: a run of decisions whose choices only
    their players know (``Game.secret_choice``: Turu-turu's programming, Z/X's start and gate
    cards, a mulligan). Until the phase is over, the other seats and spectators are told nothing
    that depends on how many or which: their sequence numbers do not count these actions
    (``hidden_from``), and no message, log line or replay step shows them."""

    __slots__ = ("players",)

    def __init__(self) -> None:
        self.players: list[int] = []

    def before(self, g: "tcg.Game") -> bool:
        """Called before an action is applied to ``g``: whether it is a secret choice."""
        secret = g.secret_choice()
        if not secret:
            self.players.clear()
        return secret

    def after(self, g: "tcg.Game", player: int, secret: bool) -> None:
        """Called once it was applied: the run goes on, or is over (everything is revealed)."""
        if secret and g.secret_choice():
            self.players.append(player)
        else:
            self.players.clear()

    def hidden_from(self, viewer: int | None) -> int:
        """How many actions of the run ``viewer`` (None: a spectator) may not know of."""
        return sum(1 for p in self.players if p != viewer)

    @classmethod
    def walk(cls, g: "tcg.Game", entries: list[dict[str, Any]]) -> "SecretRun":
        """The run at the end of ``entries`` (record actions), applied to ``g`` one by one."""
        run = cls()
        for entry in entries:
            secret = run.before(g)
            _apply_entry(g, entry)
            run.after(g, entry["player"], secret)
        return run


@dataclass
class Voice:
    """What one viewer (a seat, or None for spectators) is told, in one language."""

    room: "Room"
    viewer: int | None
    lang: str
    log: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.renderer = get_renderer(self.room.game_id, self.room.game, self.lang, viewer=self.viewer,
                                     names=self.room.names(self.viewer, self.lang))
        # the table speaks to its seat as "you" (player_names): the result reads "You win!" / "You lose."
        self.renderer.viewer_is_you = self.viewer is not None and len(self.room.seat_kinds) == 2
        self._cache: tuple[tuple, dict[str, Any], list[tuple[tuple[str, ...], Action]]] | None = None
        self._prep_paths: list[tuple[tuple[str, ...], Action]] = []
        self.last_refs: list[str] = []  # what the last action was about (shown briefly on the table)
        self.log_count = 0  # steps ever logged: each step's "n", so a connection is sent only new ones

    def replay_log(self, stored_actions: list[dict[str, Any]], game0: "tcg.Game") -> None:
        """Build the log from the start (a viewer who joins late, a restarted server)."""
        g = game0
        self.renderer.game = g
        self.add_setup(g)
        for entry in stored_actions:
            self.before(g, entry)
            mark = len(g.log)
            _apply_entry(g, entry)
            self.after(g, mark)
        self.renderer.game = self.room.game

    def _events(self, g: "tcg.Game", mark: int) -> list[dict[str, Any]]:
        if self.viewer is None:
            return g.log.for_spectator(mark)
        return g.log.for_player(self.viewer, mark)

    def add_setup(self, g: "tcg.Game") -> None:
        self._pending = Step(None, say("ui.setup", self.lang, self.room.game_id), [], None)
        self.after(g, 0)

    def before(self, g: "tcg.Game", entry: dict[str, Any]) -> None:
        """Called before ``entry`` is applied to ``g``: how its action reads for this viewer."""
        player, act = entry["player"], entry["action"]
        secret = False
        if act.get("type") == "concede":
            text = say("action.concede", self.lang, self.room.game_id)
            action = None
        else:
            action = Action.from_dict(act)
            text = action_text(g, action, player, self.viewer, self.lang, self.renderer)
            secret = secret_for(g, player, self.viewer)
        by = entry.get("by", "player")
        if by == "clock":  # a clock's timeout (older games: or a win claimed against an absent player)
            text += say("web.by_clock", self.lang)
        elif by == "away":  # a win claimed against an absent player
            text += say("web.by_away", self.lang)
        elif by == "computer" and self.room.seat_kinds[player] == "human":
            text += say("web.by_standin", self.lang)
        self._pending = Step(player, text, [], action, secret)

    def after(self, g: "tcg.Game", mark: int) -> None:
        st = self._pending
        st.events = self._events(g, mark)
        remember = getattr(self.renderer, "remember", None)
        if remember is not None:
            try:
                remember(g.observe(self.viewer))
            except Exception:  # noqa: BLE001 - words must never stop a game
                pass
        lines = step_lines(self.renderer, st)
        if st.secret and not lines:
            return  # another player's secret choice that shows nothing: not even that it was made
        self.last_refs = []
        if st.action is not None and not st.secret:
            try:
                self.last_refs = B.refs(self.room.game_id, st.action)
            except Exception:  # noqa: BLE001 - a highlight must never stop a game
                self.last_refs = []
        if not st.text and not lines:
            return  # a step this viewer does not even know of
        who = self.renderer.who(st.player) if st.player is not None else ""
        self.log_count += 1
        self.log.append({"n": self.log_count, "who": who, "player": st.player, "text": st.text, "lines": lines})
        del self.log[:-LOG_KEEP]

    # --- choices prepared ahead (simultaneous phases) ------------------------------------------
    def prepare_section(self) -> dict[str, Any] | None:
        """The seat's coming simultaneous decision, as it may already prepare it: its options on
        a preview of the game, and the choices already prepared (None: nothing to prepare)."""
        room = self.room
        self._prep_paths = []
        if self.viewer is None:
            return None
        got = room.preview(self.viewer)
        if got is None:
            return None
        g, done = got
        texts = [action_text(room.game, a, self.viewer, self.viewer, self.lang, self.renderer) for a in done]
        if g is not None and g.decision is not None and g.decision.player == self.viewer and \
                g.decision.kind in room.simultaneous:
            try:
                self._prep_paths = menu_paths(g, self.renderer, self.viewer, self.lang)
            finally:
                self.renderer.game = room.game
        return {"step": len(done), "done": texts,
                "options": [{"id": i, "path": list(p), "label": " › ".join(p), "refs": B.refs(room.game_id, a)}
                            for i, (p, a) in enumerate(self._prep_paths)]}

    def prepared_action(self, option: int) -> Action:
        self.message()
        if not 0 <= option < len(self._prep_paths):
            raise TcgError(f'"option" must be the id of one of the {len(self._prep_paths)} options to prepare')
        return self._prep_paths[option][1]

    # --- the message ----------------------------------------------------------------------
    def options(self) -> list[tuple[tuple[str, ...], Action]]:
        self.message()
        return self._cache[2] if self._cache else []

    def message(self) -> dict[str, Any]:
        room, g = self.room, self.room.game
        thinking = room.thinking_for(self.viewer)
        key = (room.version, thinking, room.prep_step(self.viewer))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        obs = g.observe(self.viewer)
        view = B.describe(room.game_id, obs, self.lang, g.rules.cards)
        d = g.decision
        seat = self.viewer if d is not None and d.player == self.viewer and not g.is_over else None
        yours = seat is not None
        paths = menu_paths(g, self.renderer, seat, self.lang) if seat is not None and not thinking else []
        options = [{"id": i, "path": list(p), "label": " › ".join(p), "refs": B.refs(room.game_id, a)}
                   for i, (p, a) in enumerate(paths)]
        result = None
        if g.result is not None:
            result = dict(g.result)
            result["text"] = result_words(self.renderer, room.result_said(), self.viewer)[0]
        msg = {
            "type": "state", "seq": room.seq(self.viewer), "id": room.id, "game": room.game_id,
            "seat": self.viewer, "lang": self.lang,
            "players": {str(p): self.renderer.who(p) for p in range(g.rules.players)},
            "seats": room.seat_kinds,
            "view": view,
            "decision": None if d is None or g.is_over else {
                "player": d.player, "kind": d.kind, "yours": yours,
                "who": self.renderer.who(d.player)},
            "options": options,
            "log": self.log[-LOG_SENT:],
            "log_full": True,
            "result": result,
            "thinking": thinking,
            "can_undo": bool(yours and room.undo_allowed and g.can_undo),
            # the last action's cards and places, those on this viewer's table only
            "last": [r for r in self.last_refs if r in B.element_ids(view)],
        }
        msg["prepare"] = self.prepare_section()
        self._cache = (key, msg, paths)
        return msg


def player_names(game_id: str, seat_kinds: list[str], viewer: int | None, lang: str,
                 seat_names: list[str | None] | None = None) -> dict[int, str]:
    """The players as ``viewer`` calls them on the table and in replays: you, the computer, the
    opponent, or (for spectators) each seat by number; a seat with a display name
    (``seat_names``, the players' own) by that name, to the others."""
    out = {}
    for p, kind in enumerate(seat_kinds):
        named = seat_names[p] if seat_names and p < len(seat_names) else None
        if p == viewer:
            out[p] = say("who.you", lang, game_id)
        elif named:
            out[p] = named
        elif kind == "computer":
            out[p] = say("web.computer", lang)
        elif viewer is None:
            out[p] = say("who.player", lang, game_id, player=p)
        else:
            out[p] = say("who.opponent", lang, game_id)
    return out


def _unseen_by(g: "tcg.Game", seat: int, action: Action) -> bool:
    """Apply ``action`` to ``g`` (a preview's copy); whether it told ``seat`` nothing new: no
    random draw (a shuffle), and no event showing the seat cards others may not see (a card
    drawn, looked at) besides those its own action names."""
    state = g.state
    assert state.decision is not None, "a preview applies an action at a decision only"
    action_player = state.decision.player
    mark, rng = len(state.events), state.rng.state
    g.apply(action)
    if state.rng.state != rng:
        return False
    known = {v for _, v in action.params if isinstance(v, int)} if action_player == seat else set()
    for _, _, private, seen_by in state.events[mark:]:
        if private and seat in seen_by and not _names_only(private, known):
            return False
    return True


def _names_only(private: dict[str, Any], known: set[int]) -> bool:
    """Whether an event's private part refers to no card instance besides ``known``."""
    for value in private.values():
        values = value if isinstance(value, (list, tuple)) else (value,)
        if any(isinstance(v, int) and not isinstance(v, bool) and v not in known for v in values):
            return False
    return True


def _apply_entry(g: "tcg.Game", entry: dict[str, Any]) -> None:
    if entry["action"].get("type") == "concede":
        g.concede(entry["player"], by=entry.get("by", "player"))
    else:
        g.apply(Action.from_dict(entry["action"]), entry["player"], by=entry.get("by", "player"))


class Room:
    """One live game. Changes happen under ``lock``; ``on_change`` tells the connections."""

    def __init__(self, stored: StoredGame, store, on_change: Callable[["Room"], Any] | None = None):
        self.id = stored.id
        self.game_id = stored.game
        self.store = store
        self.options = stored.options
        self.seat_kinds = [s["kind"] for s in stored.seats]
        self.seat_names = [s.get("name") for s in stored.seats]  # display names (None: none given)
        self.seats_taken = [s["taken"] or s["kind"] == "computer" for s in stored.seats]
        self.version = stored.version
        self.cards = store.cards_of(stored.setup)  # a player's own card files, or None
        self._stored_actions = list(stored.actions)
        self._rebuild(stored)
        self.lock = asyncio.Lock()
        self.voices: dict[tuple[int | None, str], Voice] = {}
        self.thinking = False
        self.on_change = on_change
        self.agents: dict[int, Any] = {}
        self.undo_allowed = "computer" in self.seat_kinds
        self.game.keep_undo = self.undo_allowed
        self.simultaneous = frozenset(self.game.rules.profile.get("simultaneous.decisions", None) or ())
        #: the seed of the previews' redeal of what a seat has not seen: secret, and the same for
        #: every preview of this room, so that a preview (and which copy of a card its options
        #: name) stays the same from one message to the next
        self.preview_seed = secrets.randbits(63)
        self.prepared: dict[int, list[dict[str, Any]]] = {
            p: store.prepared(self.id, p) for p in range(self.game.rules.players)}
        # clocks and absent players (games between two people; see clock.py)
        self.clock = Clock.of(self.options.get("clock"), [p for p, k in enumerate(self.seat_kinds) if k == "human"])
        self.standins: set[int] = set()          # human seats the computer plays while they are away
        self.absent_since: dict[int, float] = {}  # human seats with no connection open, since when
        self._time_decision()

    def _rebuild(self, stored: StoredGame) -> None:
        """The live game and its secret run from the stored record."""
        self.game = rebuild(stored, upto=0, cards=self.cards)
        self.run = SecretRun.walk(self.game, self._stored_actions)

    def seq(self, viewer: int | None) -> int:
        """The sequence number ``viewer`` is shown (and answers with): the game's version, less
        the actions of the secret phase going on that the viewer may not know of."""
        return self.version - self.run.hidden_from(viewer)

    def thinking_for(self, viewer: int | None) -> bool:
        """Whether ``viewer`` is told that the computer is thinking: while the computer makes a
        secret phase's choices, the others are told so throughout (not once per choice)."""
        p = self.computer_to_move()
        if p is not None and p != viewer and self.game.secret_choice():
            return True
        return self.thinking

    # --- names and voices --------------------------------------------------------------------
    def seats_from(self, seats: list[dict[str, Any]]) -> None:
        """The store's seats (one was taken): who holds them and their names (a new name: each
        viewer's log is built again, with it)."""
        self.seats_taken = [s["taken"] or s["kind"] == "computer" for s in seats]
        names = [s.get("name") for s in seats]
        if names != self.seat_names:
            self.seat_names = names
            self.voices.clear()

    def names(self, viewer: int | None, lang: str) -> dict[int, str]:
        return player_names(self.game_id, self.seat_kinds, viewer, lang, self.seat_names)

    def why_not(self, seat: int, lang: str) -> list[str]:
        """Why the seat's cards offer nothing now: the words the terminal's ``?`` shows (the
        game's ``why_not``), each line starting with the card's title; from what the seat may
        know. Nothing when the game has no such words, or they fail (they are cosmetic)."""
        from ..games import spec
        try:
            return [str(x) for x in spec(self.game_id).member("words", "why_not")(self.game, seat, lang)]
        except Exception:  # noqa: BLE001 - an explanation never stops a game
            return []

    def voice(self, viewer: int | None, lang: str) -> Voice:
        key = (viewer, lang)
        v = self.voices.get(key)
        if v is None:
            v = Voice(self, viewer, lang)
            g0 = tcg.replay(dict(self.game.record(), actions=[], result=None), cards=self.cards)
            v.replay_log(self._stored_actions, g0)
            self.voices[key] = v
        return v

    # --- changes ---------------------------------------------------------------------------
    def _commit(self, entry: dict[str, Any]) -> bool:
        """Apply ``entry`` and store it (in that order, both before anyone is told). Returns
        whether the same seat's decision goes on (a further step of it is open)."""
        index = len(self._stored_actions)
        for v in self.voices.values():
            v.before(self.game, entry)
        secret = self.run.before(self.game)
        mark = len(self.game.log)
        _apply_entry(self.game, entry)
        try:
            self.version = self.store.append(self.id, index, entry, self.game.result, self.to_move())
        except Conflict:
            self.reload()
            raise
        self._stored_actions.append(entry)
        self.run.after(self.game, entry["player"], secret)
        g = self.game
        p = entry["player"]
        # one decision for the clock: a secret phase's choices of one seat, a mulligan's marks, a
        # payment's cards (Game.continues_decision)
        goes_on = (secret and g.secret_choice() and g.decision is not None and g.decision.player == p) \
            or g.continues_decision(p)
        if self.clock is not None and not goes_on:
            self.clock.used(p, entry.get("by", "player"))
        self._time_decision()
        for v in self.voices.values():
            v.after(self.game, mark)
        return goes_on

    def _time_decision(self) -> None:
        """The clock runs for a human seat's decision (not while the computer stands in)."""
        if self.clock is None:
            return
        g = self.game
        p = None if g.is_over or g.decision is None else g.decision.player
        self.clock.start(p if p is not None and p not in self.standins else None)

    def catch_up(self) -> bool:
        """Bring the game up to the store's copy after another process changed it: the new
        actions are applied here too (each viewer's log reads them as usual), or, when the
        copies went apart (an undo there), the game is rebuilt. Returns whether anything changed."""
        ours = len(self._stored_actions)
        version, new = self.store.since(self.id, max(0, ours - 1))
        if version == self.version:  # a seat taken, or choices prepared
            self.seats_from(self.store.seats(self.id))
            return False
        if version < self.version or not ours or not new or new[0] != self._stored_actions[-1]:
            self.reload()  # the copies went apart (an undo there): rebuilt from the store
            return True
        for entry in new[1:]:
            for v in self.voices.values():
                v.before(self.game, entry)
            secret = self.run.before(self.game)
            mark = len(self.game.log)
            _apply_entry(self.game, entry)
            self._stored_actions.append(entry)
            self.run.after(self.game, entry["player"], secret)
            for v in self.voices.values():
                v.after(self.game, mark)
        self.version = version
        self._time_decision()
        return True

    def reload(self) -> None:
        stored = self.store.load(self.id)
        self.seats_taken = [s["taken"] or s["kind"] == "computer" for s in stored.seats]
        self.prepared = {p: self.store.prepared(self.id, p) for p in range(self.game.rules.players)}
        self._stored_actions = list(stored.actions)
        self._rebuild(stored)
        self.game.keep_undo = self.undo_allowed
        self.version = stored.version
        self.voices.clear()
        self._time_decision()

    def act(self, seat: int, action: Action, by: str = "player") -> None:
        self._commit({"player": seat, "action": action.to_dict(), "by": by})
        self.auto_forced()

    def auto_forced(self) -> None:
        """After a change: prepared choices whose decision opened, then forced choices."""
        for _ in range(1000):
            version = self.version
            self.apply_prepared()
            self._auto_forced()
            if self.version == version:
                return

    def result_said(self) -> dict[str, Any] | None:
        """The game's result as told (``result_as_said``)."""
        return result_as_said(self.game.result, self._stored_actions)

    def concede(self, seat: int, by: str = "player") -> None:
        self._commit({"player": seat, "action": {"type": "concede"}, "by": by})

    # --- clocks and absent players -----------------------------------------------------------------
    def timeout(self, seat: int) -> None:
        """``seat``'s time ran out: a sensible choice is made for it (the heuristic player's), or
        after the clock's limit of timeouts in a row it concedes. Both ``by="clock"``."""
        clock = self.clock
        assert clock is not None
        clock.timeouts[seat] = clock.timeouts.get(seat, 0) + 1
        if clock.timeouts[seat] >= clock.limit:
            self.concede(seat, by="clock")
            return
        g = self.game
        while True:  # the whole decision, every step of it (a mulligan's marks, a payment's cards)
            legal = g.legal_actions()
            action = legal[0] if len(legal) == 1 else \
                make_agent("heuristic", seed=len(self._stored_actions)).act(AgentView(g.clone(), legal))
            if not self._commit({"player": seat, "action": action.to_dict(), "by": "clock"}):
                break
        self.auto_forced()

    def away(self, seat: int) -> float | None:
        """Seconds the human ``seat`` has been without any open connection (None: it is here,
        or was never taken)."""
        since = self.absent_since.get(seat)
        return None if since is None else time.monotonic() - since

    def claimable(self, by_seat: int) -> int | None:
        """The absent opponent ``by_seat`` may claim the win against or replace by the computer
        (away longer than GRACE), or None."""
        g = self.game
        if g.is_over or by_seat not in range(len(self.seat_kinds)):
            return None
        for p, kind in enumerate(self.seat_kinds):
            if p != by_seat and kind == "human" and p not in self.standins:
                away = self.away(p)
                if away is not None and away >= clocks.GRACE:
                    return p
        return None

    def claim(self, by_seat: int) -> None:
        """``by_seat`` claims the win: its absent opponent concedes (``by="away"``)."""
        p = self.claimable(by_seat)
        if p is None:
            raise TcgError(f"your opponent is not away (a win may be claimed after {clocks.GRACE:.0f} s "
                           "without them)")
        self.concede(p, by="away")

    def stand_in(self, by_seat: int) -> None:
        """The computer plays the absent opponent of ``by_seat`` until it comes back."""
        p = self.claimable(by_seat)
        if p is None:
            raise TcgError(f"your opponent is not away (the computer may take their seat after {clocks.GRACE:.0f} s)")
        self.standins.add(p)
        self._time_decision()

    def here(self, seat: int | None, present: bool) -> None:
        """A connection of ``seat`` opened (``present``) or its last one closed."""
        if seat is None or self.seat_kinds[seat] != "human":
            return
        if present:
            self.absent_since.pop(seat, None)
            if seat in self.standins:  # back: the seat is the player's again
                self.standins.discard(seat)
                self._time_decision()
        elif self.seats_taken[seat]:
            self.absent_since.setdefault(seat, time.monotonic())

    def live(self, viewer: int | None) -> dict[str, Any]:
        """What changes with time alone, added to each message as it is sent: the clock and who is away."""
        out: dict[str, Any] = {}
        if self.clock is not None:
            out["clock"] = self.clock.view()
        away = {str(p): round(a) for p in range(len(self.seat_kinds)) if p != viewer
                and (a := self.away(p)) is not None}
        out["away"] = away
        out["standins"] = sorted(self.standins)
        out["waiting"] = [p for p, taken in enumerate(self.seats_taken) if not taken]  # invitations not used yet
        out["can_claim"] = viewer is not None and self.claimable(viewer) is not None
        return out

    def undo(self, seat: int) -> None:
        g = self.game
        if not self.undo_allowed:
            raise TcgError("undo is only for games against the computer")
        if g.decision is None or g.decision.player != seat:
            raise TcgError("not your decision")
        g.undo()  # raises UndoError saying why
        self._stored_actions.pop()
        self.version = self.store.truncate(self.id, len(self._stored_actions), self.to_move())
        self.run = SecretRun.walk(tcg.replay(dict(g.record(), actions=[], result=None), cards=self.cards),
                                  self._stored_actions)
        # the log of each voice is rebuilt from the record
        self.voices.clear()

    def _auto_forced(self) -> None:
        """A human's decision with one possible answer is taken for them (as in the terminal)."""
        for _ in range(1000):
            g = self.game
            if g.is_over or g.decision is None:
                return
            if self.seat_kinds[g.decision.player] == "computer":
                return
            legal = g.legal_actions()
            if len(legal) != 1:
                return
            self._commit({"player": g.decision.player, "action": legal[0].to_dict(), "by": "player"})

    # --- choices prepared ahead ------------------------------------------------------------
    def prep_step(self, seat: int | None) -> int:
        return len(self.prepared.get(seat, ())) if seat is not None else 0

    def preview(self, seat: int) -> tuple["tcg.Game | None", list[Action]] | None:
        """While another player makes a simultaneous decision that ``seat`` will make next: what
        the seat may prepare, known only from what the seat knows. On a copy of the game in which
        every card the seat has not seen is dealt again at random (``Game.determinized``), the
        others' simultaneous decisions are answered by placeholders (their first option; nothing
        of it is shown) and ``seat``'s prepared actions are applied. It stops at anything that
        would tell the seat something it does not know yet (a card drawn or shown to it, a
        shuffle): no preview (None) before the seat's decision, no further options after a
        prepared action. Returns (the copy, the prepared actions that apply), or None."""
        g = self.game
        if g.is_over or g.decision is None or g.decision.player == seat or \
                self.seat_kinds[seat] != "human" or g.decision.kind not in self.simultaneous:
            return None
        c = g.determinized(seat, Rng(self.preview_seed + seat))
        if c is None:
            return None
        for _ in range(500):
            d = c.decision
            if d is None or c.is_over or d.kind not in self.simultaneous:
                return None
            if d.player == seat:
                break
            if not _unseen_by(c, seat, c.legal_actions()[0]):
                return None
        else:
            return None
        done: list[Action] = []
        for entry in self.prepared.get(seat, ()):
            d = c.decision
            if d is None or d.player != seat or d.kind not in self.simultaneous:
                break
            action = Action.from_dict(entry)
            if action not in c.legal_actions():
                break
            done.append(action)
            if not _unseen_by(c, seat, action):
                c = None  # what comes next depends on what the seat will only learn then
                break
        return c, done

    def prepare(self, seat: int, action: Action | None) -> None:
        """Add ``action`` to the seat's prepared choices (None: clear them); stored at once."""
        if action is None:
            self.prepared[seat] = []
        else:
            self.prepared[seat] = self.prepared.get(seat, []) + [action.to_dict()]
        self.store.set_prepared(self.id, seat, self.prepared[seat])

    def apply_prepared(self) -> None:
        """When a seat's simultaneous decision opens: its prepared choices, each checked legal,
        are made in order; the first that is not legal (or not asked) ends them."""
        for _ in range(500):
            g = self.game
            d = g.decision
            if g.is_over or d is None or not self.prepared.get(d.player):
                return
            if self.store.shared:  # prepared through another server process?
                self.prepared[d.player] = self.store.prepared(self.id, d.player)
                if not self.prepared[d.player]:
                    return
            queue = self.prepared[d.player]
            action = Action.from_dict(queue[0])
            if d.kind not in self.simultaneous or action not in g.legal_actions():
                self.prepare(d.player, None)
                return
            self.prepared[d.player] = queue[1:]
            self.store.set_prepared(self.id, d.player, self.prepared[d.player])
            self._commit({"player": d.player, "action": action.to_dict(), "by": "player"})

    # --- the computer ----------------------------------------------------------------------
    def to_move(self) -> int | None:
        """The seat whose decision is open (None: the game is over), as the store keeps it."""
        g = self.game
        return None if g.is_over or g.decision is None else g.decision.player

    def computer_to_move(self) -> int | None:
        g = self.game
        if g.is_over or g.decision is None:
            return None
        p = g.decision.player
        return p if self.seat_kinds[p] == "computer" or p in self.standins else None

    def agent(self, seat: int):
        a = self.agents.get(seat)
        if a is None:
            spec = self.options.get("computer") or {}
            name = spec.get("agent", "heuristic")
            opts: dict[str, Any] = {}
            if name == "ismcts":
                opts["seconds"] = float(spec.get("seconds", 1.0))
            a = make_agent(name, seed=random.randrange(2**31), **opts)
            self.agents[seat] = a
        return a

    def think(self, seat: int) -> tuple[int, Action]:
        """The computer's choice at the current decision, on a copy of the game (run in a
        worker thread: the live game is not touched). Returns (version, action)."""
        version, g = self.version, self.game.clone()
        legal = g.legal_actions()
        action = legal[0] if len(legal) == 1 else self.agent(seat).act(AgentView(g, legal))
        return version, action


__all__ = ["LOG_KEEP", "LOG_SENT", "Room", "Voice", "rebuild"]
