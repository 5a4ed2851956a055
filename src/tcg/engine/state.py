"""The part of a game state every game shares: RNG, pending decision, result and event log.

A game's own state class extends ``BaseState`` and implements ``clone()`` by copying only its
mutable containers; card definitions are shared and immutable."""
from __future__ import annotations

from typing import Any

from .action import Decision
from .rng import Rng


def with_iid(items, iid: int) -> Any:
    """The first of ``items`` (units, casts...: objects with an ``iid``) whose instance id is
    ``iid``, or None."""
    for x in items:
        if x.iid == iid:
            return x
    return None


class BaseState:
    __slots__ = ("rng", "decision", "over", "winner", "end_reason", "events")

    def __init__(self, seed: int):
        self.rng = Rng(seed)
        self.decision: Decision | None = None
        self.over = False
        self.winner: int | None = None      # None with over=True is a draw
        self.end_reason = ""
        self.events: list = []

    def emit(self, etype: str, public: dict[str, Any] | None = None,
             private: dict[str, Any] | None = None, seen_by: tuple[int, ...] = ()) -> None:
        """Record an event; ``private`` fields are shown only to the players in ``seen_by``."""
        self.events.append((etype, public or {}, private, seen_by))

    def end(self, winner: int | None, reason: str) -> None:
        """End the game (``winner=None`` is a draw). Later calls do nothing: the first end stands."""
        if self.over:
            return
        self.over, self.winner, self.end_reason = True, winner, reason
        self.decision = None
        self.emit("game_over", {"winner": winner, "reason": reason})

    @staticmethod
    def exchange(rng, *zones: list) -> None:
        """Deal the hidden ``zones`` afresh from their pooled cards, sizes kept (determinization).
        The pool is put in a canonical order first, so the result depends only on which cards
        are hidden, never on where they really are."""
        pool = sorted(i for z in zones for i in z)
        rng.shuffle(pool)
        at = 0
        for z in zones:
            z[:] = pool[at:at + len(z)]
            at += len(z)

    def _copy_base(self, other: "BaseState") -> None:
        """Copy the shared fields into ``other`` (a fresh instance made with ``__new__``)."""
        other.rng = Rng(self.rng.state)
        other.decision = self.decision
        other.over, other.winner, other.end_reason = self.over, self.winner, self.end_reason
        other.events = self.events.copy()

    def clone(self) -> "BaseState":  # pragma: no cover - every game implements it
        raise NotImplementedError
