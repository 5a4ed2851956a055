"""The live games of one server process and the connections watching them.

``Hub.handle(conn, message)`` is the whole protocol (see docs/web.md):

client -> server (JSON text, at most ``MAX_MESSAGE`` bytes; see ``Limits`` for the rates: every
message counts, per connection and per client, before it is read)::

    {"type": "act", "seq": 12, "option": 3}     # one of the options of message seq 12
    {"type": "concede", "seq": 12}
    {"type": "undo", "seq": 12}                 # games against the computer
    {"type": "sync"}                            # send me the current state ("reply": "sync")
    {"type": "why"}                             # why do my cards offer nothing now?

server -> client::

    {"type": "state", "seq": 13, ...}           # see tcg.web.room.Voice.message
    {"type": "error", "message": "...", "seq": 13}   # then the current state again
    {"type": "error", "message": "..."}             # alone: a message that is not one (too long,
                                                    # binary, not JSON, no known "type")
    {"type": "presence", "seat": 1, "away": {"1": 0}}   # a seat's last page closed, or it is back
    {"type": "why", "seq": 13, "lines": ["Blue Mage (青の魔導士): ..."]}   # the answer to "why"

A stale or repeated answer changes nothing: the sender gets the current state back.

The rooms of games nobody watches, whose computer is not moving, leave memory after
``Limits.idle`` seconds without activity (``idle_finished`` for a finished game; ``sweep``) and
are loaded again on demand (``room``).
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
from ..present.errors import error_text
from . import clock as clocks
from .room import Room
from .store import UNKNOWN, Conflict, StoreError

log = logging.getLogger("tcg.web")

MAX_MESSAGE = 4096
RATE = 50  # messages per second per connection, after a burst of BURST: faster senders are slowed down
BURST = 100
CLIENT_RATE = 100  # messages (and new connections) per second of one client, all its connections together
CLIENT_BURST = 200
MAX_SOCKETS = 32  # connections one client may hold open at once
IDLE = 600.0  # seconds an unfinished game's room stays in memory with nobody there and nothing happening
IDLE_FINISHED = 60.0  # ... a finished game's room
#: while the computer makes several moves in a row, the seats see the state at least this often
#: (seconds); a longer thought is shown as "thinking" after the same time
SHOW_EVERY = 0.15


@dataclass(frozen=True)
class Limits:
    """What one server process allows its clients (docs/web.md "Limits"). A client is a remote
    address (behind a reverse proxy, the address the proxy reports: uvicorn's proxy headers)."""

    message: int = MAX_MESSAGE       # bytes of one client message
    rate: float = RATE               # messages a second per connection, after a burst of `burst`
    burst: int = BURST
    client_rate: float = CLIENT_RATE  # messages and new connections a second per client, after `client_burst`
    client_burst: int = CLIENT_BURST
    sockets: int = MAX_SOCKETS       # connections open at once per client
    idle: float = IDLE               # seconds before an idle room leaves memory (math.inf: never)
    idle_finished: float = IDLE_FINISHED  # ... a finished game's room

    def sweep_every(self) -> float:
        """How often idle rooms are looked for."""
        return min(30.0, max(0.05, min(self.idle, self.idle_finished) / 4))


class Bucket:
    """A token bucket: ``rate`` a second after a burst of ``burst``; ``take`` says how long the
    message taking a token must wait (its debt is paid by waiting, so a flood is held to the rate)."""

    __slots__ = ("rate", "burst", "allowance", "last")

    def __init__(self, rate: float = RATE, burst: int = BURST):
        self.rate, self.burst = rate, burst
        self.allowance = float(burst)
        self.last = time.monotonic()

    def take(self) -> float:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        self.allowance -= 1
        return 0.0 if self.allowance >= 0 else -self.allowance / self.rate

    def full(self, now: float) -> bool:
        return self.allowance + (now - self.last) * self.rate >= self.burst


@dataclass(eq=False)
class Client:
    """One remote address: its connections open and the allowance they share."""

    address: str
    bucket: Bucket
    sockets: int = 0


@dataclass(eq=False)
class Conn:
    """One WebSocket: the game it watches, as which seat (None: spectator), in which language."""

    send: Any  # async callable taking a dict
    room: Room
    seat: int | None
    lang: str = "en"
    bucket: Bucket = field(default_factory=Bucket)  # this connection's allowance
    client: Client | None = None  # and the one it shares with its client's other connections
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
        """Seconds this message must wait to keep the connection within its rate, and its
        client within the client's (token buckets)."""
        wait = self.bucket.take()
        if self.client is not None:
            wait = max(wait, self.client.bucket.take())
        return wait


def steady(live: dict[str, Any]) -> dict[str, Any]:
    """``room.live()`` without what changes with time alone (seconds left, seconds away): what
    decides whether a state message is worth sending again."""
    out = dict(live, away=sorted(live.get("away", ())))
    clock = live.get("clock")
    if clock is not None:
        out["clock"] = {"running": clock.get("running"), "timeouts": clock.get("timeouts")}
    return out


class Hub:
    def __init__(self, store, workers: int = 1, limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self._seen: dict[str, float] = {}  # each room's last activity (time.monotonic)
        self.clients: dict[str, Client] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tcg-computer")
        self._tasks: set[asyncio.Task] = set()
        self._moving: set[str] = set()  # games whose computer player is making its moves
        self._clocks: dict[str, asyncio.Task] = {}  # each game's wait for its clock to run out

    # --- rooms -----------------------------------------------------------------------------
    def room(self, gid: str) -> Room:
        """The live game ``gid``, loaded from the store if it is not in memory."""
        r = self.rooms.get(gid)
        if r is None:
            stored = self.store.load(gid)
            r = Room(stored, self.store)
            self.rooms[gid] = r
            if stored.to_move == UNKNOWN:  # the store learns who is to move (what a restart resumes)
                try:
                    self.store.set_to_move(gid, r.to_move())
                except Exception:  # noqa: BLE001 - only a hint for the next restart
                    log.warning("cannot store who is to move in game %s", gid, exc_info=True)
        self._seen[gid] = time.monotonic()
        return r

    def drop(self, gid: str) -> None:
        """The room of ``gid`` leaves memory (it is loaded again when wanted); this process gives
        up running it."""
        self.rooms.pop(gid, None)
        self.conns.pop(gid, None)
        self._seen.pop(gid, None)
        clock = self._clocks.pop(gid, None)
        if clock is not None:
            clock.cancel()
        self.store.release(gid)

    def sweep(self, now: float | None = None) -> list[str]:
        """Drop the rooms nobody needs in memory: no connection, no computer move under way, no
        clock running, nothing happening for ``limits.idle`` seconds (``idle_finished`` when the
        game is over); and forget the clients with no connection whose allowance is full again.
        Returns the games dropped."""
        now = time.monotonic() if now is None else now
        dropped = []
        for gid, room in list(self.rooms.items()):
            if self.conns.get(gid) or gid in self._moving or room.thinking or room.lock.locked():
                continue
            clock = self._clocks.get(gid)
            if clock is not None and not clock.done():
                continue
            idle = self.limits.idle_finished if room.game.is_over else self.limits.idle
            if now - self._seen.get(gid, 0.0) >= idle:
                self.drop(gid)
                dropped.append(gid)
        for address, client in list(self.clients.items()):
            if not client.sockets and client.bucket.full(now):
                del self.clients[address]
        return dropped

    async def _sweep_every(self) -> None:
        every = self.limits.sweep_every()
        while True:
            await asyncio.sleep(every)
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - try again next time
                log.exception("dropping idle rooms failed")

    # --- clients ---------------------------------------------------------------------------
    async def admit(self, address: str) -> Client | None:
        """A new connection of the client at ``address``: held back to the client's rate (a
        connection counts as a message), then counted; None when the client holds
        ``limits.sockets`` connections already. ``leave`` when it closes."""
        client = self.clients.get(address)
        if client is None:
            client = self.clients[address] = Client(address, Bucket(self.limits.client_rate, self.limits.client_burst))
        wait = client.bucket.take()
        if wait:
            await asyncio.sleep(wait)
        client = self.clients.setdefault(address, client)
        if client.sockets >= self.limits.sockets:
            return None
        client.sockets += 1
        return client

    def leave(self, client: Client) -> None:
        client.sockets = max(0, client.sockets - 1)

    def new_conn(self, send: Any, room: Room, seat: int | None, lang: str, client: Client | None = None) -> Conn:
        return Conn(send=send, room=room, seat=seat, lang=lang, client=client,
                    bucket=Bucket(self.limits.rate, self.limits.burst))

    def seats_changed(self, gid: str) -> None:
        """A seat was taken (an invitation used): the live room learns it."""
        r = self.rooms.get(gid)
        if r is not None:
            r.seats_from(self.store.seats(gid))

    def attach(self, conn: Conn) -> None:
        self.conns.setdefault(conn.room.id, set()).add(conn)
        self._seen[conn.room.id] = time.monotonic()
        room = conn.room
        seat = conn.seat
        back = seat is not None and (room.away(seat) is not None or seat in room.standins)
        room.here(seat, True)
        if back and seat is not None:  # the others learn that the player is back (and has the seat again)
            self._spawn(self._tell_presence(room, seat))
            self._spawn(self.broadcast(room))
        if conn.room.id not in self._clocks:
            self.schedule_clock(conn.room)
        self.schedule_computer(conn.room)  # (with several processes: the one that ran it may have gone)

    # --- other server processes (a shared store) -------------------------------------------------
    def start(self) -> None:
        """In a running event loop: drop idle rooms from time to time; with a shared store, hear
        other processes' changes and watch for games whose computer player has no process any
        more."""
        self._spawn(self._sweep_every())
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
        if self.rooms.get(room.id) is not room:
            return  # dropped meanwhile: loaded again from the store when wanted
        self._seen[room.id] = time.monotonic()
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
        self._seen[conn.room.id] = time.monotonic()
        s = self.conns.get(conn.room.id)
        if s is not None:
            s.discard(conn)
        room = conn.room
        if conn.seat is not None and not any(c.seat == conn.seat for c in s or ()):
            room.here(conn.seat, False)
            if room.away(conn.seat) is not None and not room.game.is_over:
                self._spawn(self._tell_presence(room, conn.seat))  # at once: "reconnecting…"
                self._spawn(self._tell_away(room))

    async def _tell_presence(self, room: Room, seat: int) -> None:
        """The others learn at once that ``seat``'s last page closed (or that it is back): a
        ``presence`` message, public like the seats themselves: ``{"type": "presence", "seat": 1,
        "away": {"1": 0}}`` (``away`` as in a state: the absent seats but the reader's own)."""
        for conn in list(self.conns.get(room.id, ())):
            if conn.seat == seat:
                continue
            away = {str(p): round(a) for p in range(len(room.seat_kinds)) if p != conn.seat
                    and (a := room.away(p)) is not None}
            try:
                await conn.send({"type": "presence", "seat": seat, "away": away})
            except Exception:  # noqa: BLE001 - a closed socket is detached by its own handler
                log.debug("send failed", exc_info=True)

    async def _tell_away(self, room: Room) -> None:
        """The others learn when an absent player's grace period is over (they may act on it)."""
        await asyncio.sleep(clocks.GRACE + 0.2)
        if self.rooms.get(room.id) is room:  # (not dropped meanwhile)
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
        """A message about the game that cannot be done: the short error, then the current state."""
        await self.refuse(conn, message)
        await self.send_state(conn)

    async def refuse(self, conn: Conn, message: str) -> None:
        """A message that is not one of the protocol's: a short error, no state."""
        await conn.send({"type": "error", "message": message, "seq": conn.room.seq(conn.seat)})

    # --- the protocol ------------------------------------------------------------------------
    async def handle(self, conn: Conn, text: str | bytes) -> None:
        """One message of ``conn`` (a binary frame: ``bytes``). Every message counts against the
        rates first, whatever it holds; then it is read."""
        wait = conn.delay()
        if wait:  # messages are handled one after another, so a flood is held back to the rate
            await asyncio.sleep(wait)
        limit = self.limits.message
        if not isinstance(text, str):
            await self.refuse(conn, "binary messages are not read: send JSON text")
            return
        if len(text) > limit or len(text.encode("utf-8", "replace")) > limit:
            await self.refuse(conn, f"message too long (at most {limit} bytes)")
            return
        try:
            msg = json.loads(text)
        except RecursionError:
            await self.refuse(conn, "not read: JSON nested too deeply")
            return
        except ValueError as e:
            await self.refuse(conn, f"not JSON: {str(e)[:80]}")
            return
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            await self.refuse(conn, 'a message is a JSON object with a "type"')
            return
        kind = msg["type"]
        if kind == "sync":
            await self.send_state(conn, reply="sync")
            return
        if kind == "why":  # the seat's own cards only: a spectator has none to ask about
            lines = conn.room.why_not(conn.seat, conn.lang) if conn.seat is not None else []
            await conn.send({"type": "why", "seq": conn.room.seq(conn.seat), "lines": lines})
            return
        if kind not in ("act", "concede", "undo", "prepare", "claim", "standin"):
            await self.refuse(conn, f"unknown message type {kind[:40]!r} (act, prepare, concede, undo, claim, "
                                    "standin, sync, why)")
            return
        seat = conn.seat
        if seat is None:
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
                    changed = await self._act(conn, seat, msg)
                elif kind == "prepare":
                    changed = self._prepare(conn, seat, msg)
                    only = seat  # nobody else learns that anything was prepared
                elif kind == "concede":
                    if room.game.is_over:
                        raise TcgError("the game is over")
                    room.concede(seat)
                    changed = True
                elif kind == "claim":
                    room.claim(seat)
                    changed = True
                elif kind == "standin":
                    room.stand_in(seat)
                    changed = True
                else:
                    room.undo(seat)
                    changed = True
            except Conflict:
                changed = True  # another process moved first: the reloaded game goes out
            except (TcgError, StoreError) as e:
                await self.error(conn, error_text(e, conn.lang))
                return
        if changed:
            await self.broadcast(room, only)
            self.schedule_computer(room)

    async def _act(self, conn: Conn, seat: int, msg: dict[str, Any]) -> bool:
        room = conn.room
        g = room.game
        if g.is_over:
            raise TcgError("the game is over")
        if g.decision is None or g.decision.player != seat:
            raise TcgError("it is not your decision")
        if room.thinking:
            raise TcgError("the computer is thinking")
        option = msg.get("option")
        options = room.voice(seat, conn.lang).options()
        if not isinstance(option, int) or isinstance(option, bool) or not 0 <= option < len(options):
            raise TcgError(f'"option" must be the id of one of the {len(options)} options')
        room.act(seat, options[option][1])
        return True

    def _prepare(self, conn: Conn, seat: int, msg: dict[str, Any]) -> bool:
        """A choice prepared ahead for the seat's coming simultaneous decision (or "clear")."""
        room = conn.room
        voice = room.voice(seat, conn.lang)
        section = voice.message().get("prepare")
        if section is None:
            raise TcgError("there is nothing to prepare now")
        if msg.get("step") != section["step"]:
            raise TcgError('"step" must be the step of the preparation you answer')
        if msg.get("clear") is True:
            room.prepare(seat, None)
            return True
        option = msg.get("option")
        if not isinstance(option, int) or isinstance(option, bool):
            raise TcgError('"option" must be the id of one of the options to prepare')
        room.prepare(seat, voice.prepared_action(option))
        return True

    # --- the clock -----------------------------------------------------------------------------
    def schedule_clock(self, room: Room) -> None:
        """Wake up when the decision now open runs out of time (a game with a clock, in the
        process that runs the game)."""
        if self.rooms.get(room.id) is not room:
            return  # a room dropped from memory: its game runs in the one loaded again
        self._seen[room.id] = time.monotonic()
        clock = room.clock
        old = self._clocks.pop(room.id, None)
        if old is not None:
            old.cancel()
        if clock is None or clock.running is None or room.game.is_over or not self.store.own(room.id):
            return
        task = asyncio.get_running_loop().create_task(self._clock_runs_out(room, room.version, clock, clock.running))
        self._clocks[room.id] = task

    async def _clock_runs_out(self, room: Room, version: int, clock: clocks.Clock, seat: int) -> None:
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
        if self.rooms.get(room.id) is not room:
            return  # a room dropped from memory: its game runs in the one loaded again
        if room.thinking or room.computer_to_move() is None or room.id in self._moving:
            return
        if not self.store.own(room.id):
            return  # another server process runs this game's computer player
        # marked at once, not when the task starts: the room is not dropped (``sweep``) meanwhile
        self._moving.add(room.id)
        self._spawn(self._computer(room))

    async def _computer(self, room: Room) -> None:
        """The computer plays every decision that is its own (one such task per game at a time:
        ``schedule_computer`` marks the game as moving before it starts this task)."""
        try:
            await self._computer_turns(room)
        finally:
            self._moving.discard(room.id)
            self._seen[room.id] = time.monotonic()

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
        """After a restart: let the computer go on wherever it is to move. Only those games are
        loaded (the store says which: ``computer_to_move``); one the store was not sure of is
        dropped again if the computer is not to move after all."""
        for gid in self.store.computer_to_move():
            try:
                room = self.room(gid)
            except StoreError:
                continue
            except Exception:  # noqa: BLE001 - one broken game must not stop the others
                log.exception("cannot resume game %s", gid)
                continue
            if room.computer_to_move() is None:
                if not self.conns.get(gid):
                    self.drop(gid)
                continue
            try:
                self.schedule_computer(room)
            except Exception:  # noqa: BLE001
                log.exception("cannot resume game %s", gid)

    async def close(self) -> None:
        for t in [*self._tasks, *self._clocks.values()]:
            t.cancel()
        if self.store.shared:
            self.store.close()  # stops listening
        self.pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["BURST", "Bucket", "Client", "Conn", "Hub", "Limits", "MAX_MESSAGE", "RATE"]
