"""The part of a game state every game shares: RNG, pending decision, result and event log
(``BaseState``); the dealt cards, players, phase and rule steps (``DealtState``); turns
(``TurnState``).

A game's own state class extends one of them and implements ``clone()`` by copying only its
mutable containers; card definitions are shared and immutable."""
from __future__ import annotations

from typing import Any, Iterator

from .action import Decision
from .chain import AppendLog
from .rng import Rng


#: ``new_record(Rec, (fields...))``: a NamedTuple record ``Rec`` of these fields in order, built
#: without the Python-level ``__new__`` NamedTuple generates (a builtin call: about as cheap as
#: the plain tuple a hot step or pending decision used to be). For records built often.
new_record = tuple.__new__


def pile_places(p: int, ps: Any, piles: tuple[str, ...]) -> Iterator[tuple[str, int]]:
    """``("p<p>.<pile>", iid)`` for each card of these piles (lists of instance ids, by
    attribute name) of player ``p``'s state ``ps``: for a game's ``all_zones``."""
    for pile in piles:
        for iid in getattr(ps, pile):
            yield f"p{p}.{pile}", iid


def with_iid(items, iid: int) -> Any:
    """The first of ``items`` (units, casts...: objects with an ``iid``) whose instance id is
    ``iid``, or None."""
    for x in items:
        if x.iid == iid:
            return x
    return None


def colors_of(cards, iids) -> list:
    """The ``color`` of the card of each instance id in ``iids``, in order (what a payment's
    event and decision show; a loop: a comprehension would build a function at each call)."""
    out = []
    for i in iids:
        out.append(cards[i].color)
    return out


class BaseState:
    __slots__ = ("rng", "decision", "over", "winner", "end_reason", "events")

    #: the rules' state checks (``after_op``) run after every step and decision in this state,
    #: whatever the rules' ``check_after_steps`` / ``check_after_decision`` say: a game's state
    #: says so when its dealt cards make what it checks change at any time (a static's "for each"
    #: lowering a toughness or an HP as cards come and go)
    check_always = False

    def __init__(self, seed: int):
        self.rng = Rng(seed)
        self.decision: Decision | None = None
        self.over = False
        self.winner: int | None = None      # None with over=True is a draw
        self.end_reason = ""
        self.events = AppendLog()  # copies share what both hold (clone() costs the same all game)

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

    def decision_view(self, viewer: int | None, secret: tuple[str, ...] = ()) -> dict[str, Any] | None:
        """The open decision as ``viewer``'s observation shows it (``Decision.seen_by``), or None."""
        return None if self.decision is None else self.decision.seen_by(viewer, secret)

    def result_view(self) -> dict[str, Any] | None:
        """The result as observations show it (winner None: a draw), or None while playing."""
        return {"winner": self.winner, "reason": self.end_reason} if self.over else None

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


class DealtState(BaseState):
    """A game under way: the card of each instance id (``cards``) and its owner, the players'
    states, the phase, the rule-flow stack of plain-data steps (``steps``, top = end) and the
    data of the open decision (``pending``)."""

    __slots__ = ("cards", "owner", "players", "phase", "steps", "pending")

    def __init__(self, seed: int, cards: tuple, owner: tuple[int, ...], players: list):
        super().__init__(seed)
        self.cards = cards
        self.owner = owner
        self.players = players
        self.phase = "setup"
        self.steps: list[tuple] = []
        self.pending: Any = None

    def _copy_base(self, other: "BaseState") -> None:
        """Also the dealt cards (shared), copies of the players and of the step stack."""
        super()._copy_base(other)
        other.cards, other.owner = self.cards, self.owner  # type: ignore[attr-defined]
        other.players = [ps.copy() for ps in self.players]  # type: ignore[attr-defined]
        other.phase, other.steps, other.pending = self.phase, self.steps[:], self.pending  # type: ignore[attr-defined]


class TurnState(DealtState):
    """A game of turns: the turn number (1 = the first turn of the game), the turn player
    (``active``) and the first player."""

    __slots__ = ("turn", "active", "first")

    def __init__(self, seed: int, cards: tuple, owner: tuple[int, ...], players: list):
        super().__init__(seed, cards, owner, players)
        self.turn = 0
        self.active = 0
        self.first = 0

    def next_turn(self) -> int:
        """Start the next turn: the other player's (the first turn: the turn player set at the
        set-up). Returns the new turn player."""
        if self.turn > 0:
            self.active = 1 - self.active
        self.turn += 1
        return self.active

    def _copy_base(self, other: "BaseState") -> None:
        super()._copy_base(other)
        other.turn, other.active, other.first = self.turn, self.active, self.first  # type: ignore[attr-defined]
