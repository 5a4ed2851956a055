"""The structured event log, redacted per player.

An event is stored as a tuple ``(type, public, private, seen_by)``: ``public`` fields are shown to
everyone, ``private`` fields only to the players in ``seen_by`` (a tuple of player indices)."""
from __future__ import annotations

from typing import Any, Iterator, Sequence

Event = tuple  # (type: str, public: dict, private: dict | None, seen_by: tuple[int, ...])


def event_view(event: Event, player: int | str | None) -> dict[str, Any]:
    """The event as ``player`` may see it (``None`` = spectator; ``"all"`` = referee)."""
    etype, public, private, seen_by = event
    d = {"type": etype, **public}
    if private and (player == "all" or (player is not None and player in seen_by)):
        d.update(private)
    return d


class EventLog(Sequence):
    """Read-only view of a game's events. Iterating gives the full (referee) form;
    ``for_player(p)`` and ``for_spectator()`` give the redacted forms."""

    __slots__ = ("_events",)

    def __init__(self, events: Sequence[Event]):
        self._events = events

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [event_view(e, "all") for e in self._events[i]]
        return event_view(self._events[i], "all")

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (event_view(e, "all") for e in self._events)

    def for_player(self, player: int, start: int = 0) -> list[dict[str, Any]]:
        return [event_view(e, player) for e in self._events[start:]]

    def for_spectator(self, start: int = 0) -> list[dict[str, Any]]:
        return [event_view(e, None) for e in self._events[start:]]
