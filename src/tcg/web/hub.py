"""The live games of one server process and the connections watching them.

``Hub.handle(conn, message)`` is the whole protocol (see docs/web.md):

client -> server (JSON text, at most ``MAX_MESSAGE`` bytes; beyond ``RATE`` messages a second after
a burst of ``BURST`` a connection is held back to that rate)::

    {"type": "act", "seq": 12, "option": 3}     # one of the options of message seq 12
    {"type": "concede", "seq": 12}
    {"type": "undo", "seq": 12}                 # games against the computer
    {"type": "sync"}                            # send me the current state ("reply": "sync")

server -> client::

    {"type": "state", "seq": 13, ...}           # see tcg.web.room.Voice.message
    {"type": "error", "message": "...", "seq": 13}   # then the current state again

A stale or repeated answer changes nothing: the sender gets the current state back.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import TcgError
from . import clock as clocks
from .room import Room
from .store import Conflict, StoreError

log = logging.getLogger("tcg.web")

MAX_MESSAGE = 4096
RATE = 50  # messages per second per connection, after a burst of BURST: faster senders are slowed down
BURST = 100
#: while the computer makes several moves in a row, the seats see the state at least this often
#: (seconds); a longer thought is shown as "thinking" after the same time
SHOW_EVERY = 0.15


@dataclass(eq=False)
class Conn:
    """One WebSocket: the game it watches, as which seat (None: spectator), in which language."""

    send: Any  # async callable taking a dict
    room: Room
    seat: int | None
    lang: str = "en"
    allowance: float = BURST
    last: float = field(default_factory=time.monotonic)
    voice: Any = None  # the voice whose log steps this connection was sent, up to step log_n
    log_n: int = 0
    sent: Any = None  # what the last state message held (``steady``): an unchanged one is not sent again

    def fit_log(self, voice: Any, msg: dict[str, Any]) -> dict[str, Any]:
        """``msg`` with only the log steps this connection has not been sent yet (``log_full``
        false), or the whole recent log (``log_full`` true) on its first message, after a gap or
        when the log was rebuilt (an undo)."""
        steps = msg["log"]
        if voice is self.voice and self.log_n and (not steps or steps[0]["n"] <= self.log_n + 1):
            msg = dict(msg, log=[s for s in steps if s["n"] > self.log_n], log_full=False)
        self.voice = voice
        if steps:
            self.log_n = steps[-1]["n"]
        return msg

    def delay(self) -> float:
        """Seconds this message must wait to keep the connection within RATE (token bucket)."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.last) * RATE)
        self.last = now
        self.allowance -= 1
        return 0.0 if self.allowance >= 0 else -self.allowance / RATE


def steady(live: dict[str, Any]) -> dict[str, Any]:
    """``room.live()`` without what changes with time alone (seconds left, seconds away): what
    decides whether a state message is worth sending again."""
    out = dict(live, away=sorted(live.get("away", ())))
    clock = live.get("clock")
    if clock is not None:
        out["clock"] = {"running": clock.get("running"), "timeouts": clock.get("timeouts")}
    return out


class Hub:
    def __init__(self, store, workers: int = 1):
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tcg-computer")
        self._tasks: set[asyncio.Task] = set()
        self._moving: set[str] = set()  # games whose computer player is making its moves
        self._clocks: dict[str, asyncio.Task] = {}  # each game's wait for its clock to run out

    # --- rooms -----------------------------------------------------------------------------
    def room(self, gid: str) -> Room:
        r = self.rooms.get(gid)
        if r is None:
            r = Room(self.store.load(gid), self.store)
            self.rooms[gid] = r
        return r

    def seats_changed(self, gid: str) -> None:
        """A seat was taken (an invitation used): the live room learns it."""
        r = self.rooms.get(gid)
        if r is not None:
            r.seats_taken = [s["taken"] or s["kind"] == "computer" for s in self.store.load(gid).seats]

    def attach(self, conn: Conn) -> None:
        self.conns.setdefault(conn.room.id, set()).add(conn)
        room = conn.room
        back = conn.seat is not None and (room.away(conn.seat) is not None or conn.seat in room.standins)
        room.here(conn.seat, True)
        if back:  # the others learn that the player is back (and has the seat again)
            self._spawn(self.broadcast(room))
        if conn.room.id not in self._clocks:
            self.schedule_clock(conn.room)
        self.schedule_computer(conn.room)  # (with several processes: the one that ran it may have gone)

    # --- other server processes (a shared store) -------------------------------------------------
    def start(self) -> None:
        """In a running event loop: hear other processes' changes and watch for games whose
        computer player has no process any more (a shared store only)."""
        if not self.store.shared:
            return
        loop = asyncio.get_running_loop()
        self.store.listen(lambda gid, version: loop.call_soon_threadsafe(self.heard, gid, version))
        self._spawn(self._watch())

    def heard(self, gid: str, version: int) -> None:
        """Another process changed game ``gid``: the live copy here catches up, its seats are told."""
        if gid in self.rooms:
            self._spawn(self._catch_up(self.rooms[gid]))

    async def _catch_up(self, room: Room) -> None:
        async with room.lock:
            try:
                changed = room.catch_up()
            except StoreError:
                log.exception("cannot bring game %s up to date", room.id)
                return
        if changed:
            await self.broadcast(room)
        self.schedule_computer(room)

    async def _watch(self, every: float = 2.0) -> None:
        """A game whose computer is to move but that no process moves for (the one that did was
        stopped) is taken over here."""
        while True:
            await asyncio.sleep(every)
            for room in list(self.rooms.values()):
                if room.id not in self._moving and room.computer_to_move() is not None:
                    self.schedule_computer(room)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def detach(self, conn: Conn) -> None:
        s = self.conns.get(conn.room.id)
        if s is not None:
            s.discard(conn)
        room = conn.room
        if conn.seat is not None and not any(c.seat == conn.seat for c in s or ()):
            room.here(conn.seat, False)
            if room.away(conn.seat) is not None and not room.game.is_over:
                self._spawn(self._tell_away(room))

    async def _tell_away(self, room: Room) -> None:
        """The others learn when an absent player's grace period is over (they may act on it)."""
        await asyncio.sleep(clocks.GRACE + 0.2)
        await self.broadcast(room)

    async def send_state(self, conn: Conn, again: bool = True, reply: str | None = None) -> None:
        """The current state to ``conn``; unless ``again``, only when it differs from the last
        one sent (so that another seat's secret choices send nothing: see ``room.SecretRun``).
        ``reply``: the state answers a client's message of that type (``"reply": "sync"``)."""
        voice = conn.room.voice(conn.seat, conn.lang)
        msg, live = voice.message(), conn.room.live(conn.seat)
        now = (msg, steady(live))
        if not again and conn.sent == now:
            return
        conn.sent = now
        out = {**conn.fit_log(voice, msg), **live}
        if reply is not None:
            out["reply"] = reply
        await conn.send(out)

    async def broadcast(self, room: Room, seat: int | None | str = "all") -> None:
        """The current state to every connection of ``room`` (or only to ``seat``'s); the clock
        is set for the decision now open."""
        self.schedule_clock(room)
        for conn in list(self.conns.get(room.id, ())):
            if seat != "all" and conn.seat != seat:
                continue
            try:
                await self.send_state(conn, again=False)
            except Exception:  # noqa: BLE001 - a closed socket is detached by its own handler
                log.debug("send failed", exc_info=True)

    async def error(self, conn: Conn, message: str) -> None:
        await conn.send({"type": "error", "message": message, "seq": conn.room.seq(conn.seat)})
        await self.send_state(conn)

    # --- the protocol ------------------------------------------------------------------------
    async def handle(self, conn: Conn, text: str) -> None:
        if len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
            await self.error(conn, f"message too long (at most {MAX_MESSAGE} bytes)")
            return
        wait = conn.delay()
        if wait:  # messages are handled one after another, so a flood is held back to RATE
            await asyncio.sleep(wait)
        try:
            msg = json.loads(text)
        except ValueError as e:
            await self.error(conn, f"not JSON: {e}")
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            await self.error(conn, 'a message is a JSON object with a "type"')
            return
        kind = msg["type"]
        if kind == "sync":
            await self.send_state(conn, reply="sync")
            return
        if kind not in ("act", "concede", "undo", "prepare", "claim", "standin"):
            await self.error(conn, f"unknown message type {kind!r} (act, prepare, concede, undo, claim, "
                                   "standin, sync)")
            return
        if conn.seat is None:
            await self.error(conn, "spectators cannot act")
            return
        seq = msg.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            await self.error(conn, '"seq" must be the sequence number of the state you answer')
            return
        room = conn.room
        changed = False
        only: int | None | str = "all"
        async with room.lock:
            if seq != room.seq(conn.seat):
                # stale or repeated: nothing changes, the current state goes back
                await conn.send({"type": "stale", "seq": room.seq(conn.seat)})
                await self.send_state(conn)
                return
            try:
                if kind == "act":
                    changed = await self._act(conn, msg)
                elif kind == "prepare":
                    changed = self._prepare(conn, msg)
                    only = conn.seat  # nobody else learns that anything was prepared
                elif kind == "concede":
                    if room.game.is_over:
                        raise TcgError("the game is over")
                    room.concede(conn.seat)
                    changed = True
                elif kind == "claim":
                    room.claim(conn.seat)
                    changed = True
                elif kind == "standin":
                    room.stand_in(conn.seat)
                    changed = True
                else:
                    room.undo(conn.seat)
                    changed = True
            except Conflict:
                changed = True  # another process moved first: the reloaded game goes out
            except (TcgError, StoreError) as e:
                await self.error(conn, str(e))
                return
        if changed:
            await self.broadcast(room, only)
            self.schedule_computer(room)

    async def _act(self, conn: Conn, msg: dict[str, Any]) -> bool:
        room = conn.room
        g = room.game
        if g.is_over:
            raise TcgError("the game is over")
        if g.decision is None or g.decision.player != conn.seat:
            raise TcgError("it is not your decision")
        if room.thinking:
            raise TcgError("the computer is thinking")
        option = msg.get("option")
        options = room.voice(conn.seat, conn.lang).options()
        if not isinstance(option, int) or isinstance(option, bool) or not 0 <= option < len(options):
            raise TcgError(f'"option" must be the id of one of the {len(options)} options')
        room.act(conn.seat, options[option][1])
        return True

    def _prepare(self, conn: Conn, msg: dict[str, Any]) -> bool:
        """A choice prepared ahead for the seat's coming simultaneous decision (or "clear")."""
        room = conn.room
        voice = room.voice(conn.seat, conn.lang)
        section = voice.message().get("prepare")
        if section is None:
            raise TcgError("there is nothing to prepare now")
        if msg.get("step") != section["step"]:
            raise TcgError('"step" must be the step of the preparation you answer')
        if msg.get("clear") is True:
            room.prepare(conn.seat, None)
            return True
        option = msg.get("option")
        if not isinstance(option, int) or isinstance(option, bool):
            raise TcgError('"option" must be the id of one of the options to prepare')
        room.prepare(conn.seat, voice.prepared_action(option))
        return True

    # --- the clock -----------------------------------------------------------------------------
    def schedule_clock(self, room: Room) -> None:
        """Wake up when the decision now open runs out of time (a game with a clock, in the
        process that runs the game)."""
        clock = room.clock
        old = self._clocks.pop(room.id, None)
        if old is not None:
            old.cancel()
        if clock is None or clock.running is None or room.game.is_over or not self.store.own(room.id):
            return
        task = asyncio.get_running_loop().create_task(self._clock_runs_out(room, room.version, clock.running))
        self._clocks[room.id] = task

    async def _clock_runs_out(self, room: Room, version: int, seat: int) -> None:
        clock = room.clock
        while True:
            left = clock.left()
            if left is None:
                return
            if left > 0:
                await asyncio.sleep(left + 0.05)
            async with room.lock:
                if room.version != version or clock.running != seat:
                    return  # decided meanwhile
                if (clock.left() or 0) > 0:
                    continue
                self._clocks.pop(room.id, None)
                try:
                    room.timeout(seat)
                except (TcgError, StoreError):
                    log.exception("timeout in game %s failed", room.id)
                    return
            break
        await self.broadcast(room)
        self.schedule_computer(room)

    # --- the computer ------------------------------------------------------------------------
    def schedule_computer(self, room: Room) -> None:
        if room.thinking or room.computer_to_move() is None or room.id in self._moving:
            return
        if not self.store.own(room.id):
            return  # another server process runs this game's computer player
        self._spawn(self._computer(room))

    async def _computer(self, room: Room) -> None:
        """The computer plays every decision that is its own (one such task per game at a time)."""
        if room.id in self._moving:
            return
        self._moving.add(room.id)
        try:
            await self._computer_turns(room)
        finally:
            self._moving.discard(room.id)

    async def _computer_turns(self, room: Room) -> None:
        """Each choice is made in a worker thread on a copy of the game (a search player may take
        seconds; the server goes on meanwhile), the seats told it is thinking when that takes a
        while. (Measured: the random and heuristic players gain nothing by choosing on the event
        loop instead; 100 games at a person's pace had a lower p95 with the thread.)"""
        loop = asyncio.get_running_loop()
        shown = time.monotonic()  # when the seats were last sent the state
        while True:
            async with room.lock:
                seat = room.computer_to_move()
                if seat is None or room.thinking:
                    return
                room.thinking = True
            fut = loop.run_in_executor(self.pool, room.think, seat)
            done, _ = await asyncio.wait({fut}, timeout=SHOW_EVERY)
            if not done:  # a longer thought: the page shows that the computer is thinking
                await self.broadcast(room)
                shown = time.monotonic()
            try:
                version, action = await fut
            except Exception:  # noqa: BLE001 - a failing agent must not stop the server
                log.exception("computer player failed in game %s", room.id)
                version, action = room.version, room.game.legal_actions()[0]
            async with room.lock:
                room.thinking = False
                if version == room.version and room.computer_to_move() == seat:
                    self._computer_moves(room, seat, action)
                again = room.computer_to_move() is not None
            if again and time.monotonic() - shown < SHOW_EVERY:
                continue  # moves in quick succession go out together (the log holds each)
            await self.broadcast(room)
            shown = time.monotonic()

    @staticmethod
    def _computer_moves(room: Room, seat: int, action: Any) -> None:
        try:
            room.act(seat, action, by="computer")
        except Conflict:
            pass  # another process moved first: its game was reloaded
        except TcgError:
            log.exception("computer move refused in game %s", room.id)

    def resume_all(self) -> None:
        """After a restart: let the computer go on wherever it is to move."""
        for gid in self.store.game_ids():
            try:
                stored = self.store.load(gid)
            except StoreError:
                continue
            if stored.result is None and "computer" in [s["kind"] for s in stored.seats]:
                try:
                    self.schedule_computer(self.room(gid))
                except Exception:  # noqa: BLE001 - one broken game must not stop the others
                    log.exception("cannot resume game %s", gid)

    async def close(self) -> None:
        for t in [*self._tasks, *self._clocks.values()]:
            t.cancel()
        if self.store.shared:
            self.store.close()  # stops listening
        self.pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["BURST", "Conn", "Hub", "MAX_MESSAGE", "RATE"]
