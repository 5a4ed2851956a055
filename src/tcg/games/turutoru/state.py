"""Turu-turu state: plain containers, cheap to clone (card definitions shared).

A player's program area holds the unresolved stack (``programs``: instance ids, first to run
first, face down; no program is chosen yet: that happens when a card runs, TT-T2), the card
revealed and running now (``running``, with ``running_prog`` the program chosen for it, -1 until
chosen) and the resolved pile (``resolved``, face up). ``clock`` is the segment where the
player's next program starts in the main phase: the segments consumed by the programs that ran
(TT-G2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.memo import per_object
from ...engine.state import DealtState, with_iid
from ...engine.triggers import TriggerEvents, Triggers
from .cards import Card

if TYPE_CHECKING:
    from .flow import Facts


# --- the records of the rule steps and pending decisions (tuples: equal to the plain tuples of
# --- the same fields, as cheap to copy; ``kind`` is the step's name)
class ChooseProgramPending(NamedTuple):
    """The ``choose_program`` decision (TT-T2): which of the ``usable`` programs of ``card``."""
    player: int
    card: int
    usable: tuple[int, ...]


class ProgramPending(NamedTuple):
    """A running program's decision (``PROGRAM_DECISION``): program ``kind`` of ``card``;
    ``amount`` its number (Library Draw's cards)."""
    player: int
    card: int
    kind: str
    amount: int


class AttackOneStep(NamedTuple):
    """TT-P7/TT-P8: ``attacker`` of ``player`` attacks (``fan``: a Fan Fire, halved)."""
    kind: str
    player: int
    attacker: int
    fan: bool


class BlockPending(NamedTuple):
    """The ``block`` decision against ``attacker`` of ``attacker_owner``."""
    attacker_owner: int
    attacker: int


class AssignPending(NamedTuple):
    """TT-A4: the ``assign_damage`` decision: ``left`` points of ``attacker``'s damage divided
    among ``blockers`` one at a time, ``assigned`` so far (a blocker per point)."""
    player: int
    attacker: int
    blockers: tuple[int, ...]
    left: int
    assigned: tuple[int, ...]


class SearchPending(NamedTuple):
    """The ``search`` decision: the deck's cards that match (``matches``)."""
    player: int
    matches: tuple[int, ...]


class Unit:
    """A character on the field."""

    __slots__ = ("iid", "awake", "damage", "placed", "pow_mod", "tough_mod", "devices", "fan")

    def __init__(self, iid: int, placed: int):
        self.iid = iid
        self.awake = True
        self.damage = 0
        self.placed = placed      # round it was placed
        self.pow_mod = 0          # until the prepare phase
        self.tough_mod = 0
        self.devices: tuple[int, ...] = ()  # attached devices
        self.fan = False          # halved for the Fan Fire attack in progress

    def copy(self) -> "Unit":
        u = Unit.__new__(Unit)
        u.iid, u.awake, u.damage, u.placed = self.iid, self.awake, self.damage, self.placed
        u.pow_mod, u.tough_mod, u.devices, u.fan = self.pow_mod, self.tough_mod, self.devices, self.fan
        return u


class PlayerState:
    __slots__ = ("deck", "hand", "discard", "chars", "devices", "programs", "resolved", "running",
                 "running_prog", "clock", "hp", "mulliganed", "done_programming")

    def __init__(self, hp: int) -> None:
        self.deck: list[int] = []        # top = end
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.chars: list[Unit] = []
        self.devices: list[int] = []     # devices on the field itself
        self.programs: list[int] = []    # unresolved, face down: runs first -> last
        self.resolved: list[int] = []
        self.running: int | None = None  # the revealed program card now running
        self.running_prog = -1           # the program chosen for it (-1: not chosen yet)
        self.clock = 0                   # segments consumed this main phase: the next start
        self.hp = hp
        self.mulliganed = False
        self.done_programming = False

    def copy(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.deck, p.hand, p.discard = self.deck[:], self.hand[:], self.discard[:]
        p.chars = [u.copy() for u in self.chars]
        p.devices, p.programs, p.resolved = self.devices[:], self.programs[:], self.resolved[:]
        p.running, p.running_prog, p.clock = self.running, self.running_prog, self.clock
        p.hp, p.mulliganed, p.done_programming = self.hp, self.mulliganed, self.done_programming
        return p

    def unit(self, iid: int) -> Unit | None:
        return with_iid(self.chars, iid)


# (20000 cards: card sets loaded again and again, tests, start afresh)
@per_object(limit=20_000)
def triggers_of(card) -> tuple:
    """A card's triggered abilities as the trigger index holds them (games/turutoru/triggers.py):
    (ability number, When, once per round), read once per card object (``engine.memo``)."""
    return tuple((ab.index, ab.when, ab.once_per_turn) for ab in card.abilities if ab.kind == "trigger")


class TTState(TriggerEvents, DealtState):
    __slots__ = ("round", "priority", "segment", "select", "facts", "trig")

    #: ``tough_counts(state)``: whether a dealt static's toughness is a "for each" amount
    #: (``flow.Facts.tough_counts``; set by games/turutoru/flow.py, which imports this module)
    tough_counts: Any = None

    @property
    def check_always(self) -> bool:  # type: ignore[override]
        """Destruction is checked after every step and decision when a dealt static's toughness
        is a "for each" amount."""
        return self.tough_counts is not None and self.tough_counts(self)

    def __init__(self, seed: int, cards: tuple[Card, ...], owner: tuple[int, ...], hp: int):
        super().__init__(seed, cards, owner, [PlayerState(hp), PlayerState(hp)])
        self.round = 0
        self.priority = 0
        self.segment = 0            # timeline position in the main phase
        self.select: tuple = ()     # cards picked so far in a multi-pick decision
        self.facts: Facts | None = None  # flow.Facts: read from the dealt cards only, shared by clones
        #: the trigger index and queue (engine/triggers.py), or None: no dealt card has a trigger
        self.trig: Triggers | None = Triggers() if any(triggers_of(c) for c in cards) else None

    def clone(self) -> "TTState":
        s = TTState.__new__(TTState)
        self._copy_base(s)
        s.round, s.priority, s.segment, s.select = self.round, self.priority, self.segment, self.select
        s.facts = self.facts  # immutable, and the cards are shared
        s.trig = None if self.trig is None else self.trig.copy()
        return s
