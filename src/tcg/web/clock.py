"""Clocks and absent players, for games between two people (chosen when the game is created; off
by default).

A clock gives each human seat ``move`` seconds per decision plus a ``reserve`` used once a
decision takes longer. When both run out the seat's decision is made for it (``by="clock"``, a
sensible choice: the heuristic player's), and after ``limit`` such timeouts in a row the seat
concedes (``by="clock"``). Everything a clock does is an action in the record, so a replay shows it.

A human seat with no open connection is *absent*; after ``grace`` seconds its opponent may claim
the win (the absent seat concedes, ``by="clock"``) or let the computer stand in for it (its moves
``by="computer"``) until it comes back.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..engine.errors import TcgError

#: the clocks the new-game form offers: id -> (seconds per decision, reserve seconds)
CLOCKS: dict[str, tuple[int, int] | None] = {"off": None, "blitz": (15, 120), "rapid": (30, 300), "relaxed": (60, 900)}
TIMEOUT_LIMIT = 3     # timeouts in a row after which a seat concedes
# seconds a seat may be away before its opponent may claim or replace it ($TCG_WEB_GRACE for tests)
GRACE = float(os.environ.get("TCG_WEB_GRACE") or 60.0)


def clock_option(name: Any) -> dict[str, Any] | None:
    """The game option of a clock chosen by name (None: no clock); TcgError for an unknown one."""
    if name in (None, ""):
        return None
    if name not in CLOCKS:
        raise TcgError(f"unknown clock {name!r}: one of {', '.join(CLOCKS)}")
    times = CLOCKS[name]
    if times is None:  # "off"
        return None
    move, reserve = times
    return {"name": name, "move": move, "reserve": reserve, "limit": TIMEOUT_LIMIT}


@dataclass
class Clock:
    """The clock of one game (in the process that runs it)."""

    move: float
    reserve: float
    limit: int = TIMEOUT_LIMIT
    reserves: dict[int, float] = field(default_factory=dict)
    timeouts: dict[int, int] = field(default_factory=dict)
    running: int | None = None      # the seat whose decision is timed now
    since: float = 0.0              # when that decision opened (time.monotonic())

    @classmethod
    def of(cls, option: Mapping[str, Any] | None, seats: list[int]) -> "Clock | None":
        if not option:
            return None
        c = cls(float(option["move"]), float(option["reserve"]), int(option.get("limit", TIMEOUT_LIMIT)))
        c.reserves = {p: c.reserve for p in seats}
        c.timeouts = {p: 0 for p in seats}
        return c

    def start(self, seat: int | None, now: float | None = None) -> None:
        """The decision of ``seat`` (None: nobody timed) opens now."""
        if seat != self.running or seat is None:
            self.running = seat if seat in self.reserves else None
            self.since = time.monotonic() if now is None else now

    def used(self, seat: int, by: str, now: float | None = None) -> None:
        """``seat`` decided (``by`` the player or the clock): the time over ``move`` comes off its
        reserve; a decision of its own resets its timeouts."""
        if seat != self.running:
            return
        now = time.monotonic() if now is None else now
        over = max(0.0, now - self.since - self.move)
        self.reserves[seat] = max(0.0, self.reserves[seat] - over)
        if by == "player":
            self.timeouts[seat] = 0
        self.running = None

    def left(self, now: float | None = None) -> float | None:
        """Seconds until the running seat's time is out (None: nothing runs)."""
        if self.running is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self.since + self.move + self.reserves[self.running] - now)

    def view(self, now: float | None = None) -> dict[str, Any]:
        """What the seats are shown: per decision, each reserve, who runs and how long is left
        (in the move's time, then in the reserve)."""
        now = time.monotonic() if now is None else now
        reserves = dict(self.reserves)
        move_left = None
        if self.running is not None:
            spent = now - self.since
            move_left = max(0.0, self.move - spent)
            reserves[self.running] = max(0.0, self.reserves[self.running] - max(0.0, spent - self.move))
        return {"move": self.move, "running": self.running,
                "move_left": None if move_left is None else round(move_left, 1),
                "reserves": {str(p): round(r, 1) for p, r in reserves.items()},
                "timeouts": {str(p): n for p, n in self.timeouts.items()}, "limit": self.limit}


__all__ = ["CLOCKS", "Clock", "GRACE", "TIMEOUT_LIMIT", "clock_option"]
