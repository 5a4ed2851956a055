"""Kemuri state: plain containers, cheap to clone (card definitions shared)."""
from __future__ import annotations

from typing import Any, NamedTuple

from ...engine.amounts import has_amounts
from ...engine.state import TurnState, with_iid
from ...engine.triggers import Triggers
from .cards import Card


# --- the records of the rule steps and pending decisions (tuples: equal to the plain tuples of
# --- the same fields, as cheap to copy; ``kind`` is the step's name)
class CallInStep(NamedTuple):
    """KM-V6: ``player`` calls in ``n`` more cards; ``why``: serve, refresh, leader, effect..."""
    kind: str
    player: int
    n: int
    why: str


class PayStep(NamedTuple):
    """KM-Z2: ``player`` pays ``amount`` levels of seating cards (``why``: cast, activate...)."""
    kind: str
    player: int
    amount: int
    why: str


class PayPending(NamedTuple):
    """The ``pay`` decision: the seating card to send to the backyard next."""
    player: int
    amount: int
    why: str


class PickCardStep(NamedTuple):
    """A card to pick from ``zone`` (deck, backyard) matching ``filter`` ((field, value) pairs, or a
    selector table: effects.search_param)."""
    kind: str
    player: int
    zone: str
    filter: Any


class PickCardPending(NamedTuple):
    """The ``pick_card`` decision: the cards of ``zone`` that match (``matches``)."""
    player: int
    zone: str
    matches: tuple[int, ...]


class CharcoalInPending(NamedTuple):
    """KM-Z3: the ``charcoal_in`` decision: the hand cards ``picked`` so far to swap for the
    seating card ``seat``."""
    player: int
    seat: int
    picked: tuple[int, ...]


class Cast:
    """A cast on the floor; a flavour cross is one Cast whose ``below`` holds the other casts.

    Until-end-of-turn changes belong to cards (KM-K3: a cross's CP is the sum of its cards', its
    other abilities, call-ins included, are its top card's): ``cp_mod`` and ``call_mod`` are the
    top card's, ``below_mods`` those of each card below, in order ((cp, call-in) each; () when
    all are 0). A change made to a cross goes to its top card."""

    __slots__ = ("iid", "below", "served", "cp_mod", "call_mod", "below_mods")

    def __init__(self, iid: int, below: tuple[int, ...] = ()):
        self.iid = iid
        self.below = below      # crossed casts under the top card, in order
        self.served = False
        self.cp_mod = 0         # until end of turn
        self.call_mod = 0
        self.below_mods: tuple = ()

    @property
    def members(self) -> tuple[int, ...]:
        return (self.iid,) + self.below

    def card_mods(self) -> list[tuple[int, tuple[int, int]]]:
        """(card, (its cp change, its call-in change)) for each card of the cast, top first."""
        below = self.below_mods or ((0, 0),) * len(self.below)
        return [(self.iid, (self.cp_mod, self.call_mod))] + list(zip(self.below, below))

    def below_cp(self) -> int:
        """The CP changes of the cards below the top (0 for a single cast)."""
        return sum(m[0] for m in self.below_mods) if self.below_mods else 0

    def copy(self) -> "Cast":
        c = Cast.__new__(Cast)
        c.iid, c.below, c.served, c.cp_mod, c.call_mod = self.iid, self.below, self.served, self.cp_mod, self.call_mod
        c.below_mods = self.below_mods
        return c


class PlayerState:
    __slots__ = ("deck", "hand", "backyard", "seating", "floor", "resolving", "leader", "leader_active",
                 "charm_used", "mulliganed", "mull_pick", "used_event", "used_support", "refreshes",
                 "servings", "swapped_in", "activated")

    def __init__(self) -> None:
        self.deck: list[int] = []       # top = end
        self.hand: list[int] = []
        self.backyard: list[int] = []
        self.seating: list[int] = []    # customers: only their level counts
        self.floor: list[Cast] = []
        self.resolving: list[int] = []  # a trigger/support/trouble card while its effect resolves
        self.leader = -1
        self.leader_active = True
        self.charm_used = False
        self.mulliganed = False
        self.mull_pick: list[int] = []
        self.used_event = False         # this turn
        self.used_support = False
        self.refreshes = 0
        self.servings = 0               # servings this turn
        self.swapped_in: tuple = ()     # cards moved into the seating zone by this charcoal change
        self.activated: tuple = ()      # (card, ability index, limit) of activated abilities used

    def copy(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.deck, p.hand, p.backyard, p.seating = self.deck[:], self.hand[:], self.backyard[:], self.seating[:]
        p.floor = [c.copy() for c in self.floor]
        p.resolving = self.resolving[:]
        p.leader, p.leader_active, p.charm_used = self.leader, self.leader_active, self.charm_used
        p.mulliganed, p.mull_pick = self.mulliganed, self.mull_pick[:]
        p.used_event, p.used_support, p.refreshes = self.used_event, self.used_support, self.refreshes
        p.servings, p.swapped_in = self.servings, self.swapped_in
        p.activated = self.activated
        return p

    def cast(self, iid: int) -> Cast | None:
        return with_iid(self.floor, iid)


class Printed:
    """What the rules and views read again and again from a game's dealt cards, worked out once
    per cards tuple (``printed(s)``): each instance's level, whether it has a trigger, the static ``modify``s of its card
    (``mods``: for cp, then for call_in, each a tuple of (target, filter items or None, amount);
    None when it has none), its charm timing, its activated abilities ((index, cost), ...), and the agents' shared card
    views (filled in by view.py, with its memos of read-only cast, leader and pile views: each a
    pure function of its key). Everything here depends only on the immutable cards, so clones share
    it."""

    __slots__ = ("cards", "level", "trigger", "mods", "charm", "activates", "views", "cast_views", "leader_views",
                 "pile_views", "seatings", "plain_casts", "conds", "static_conds", "any_static_conds", "whens",
                 "costed", "off_field")

    def __init__(self, cards: tuple[Card, ...]):
        self.cards = cards
        self.level = tuple(c.level for c in cards)
        self.trigger = tuple(c.has_trigger for c in cards)
        mods: list = []
        charm: list = []
        for c in cards:
            cp = tuple(_static_entry(args) for _, args in c.static_modifies("cp"))
            ci = tuple(_static_entry(args) for _, args in c.static_modifies("call_in"))
            mods.append((cp, ci) if cp or ci else None)
            ch = c.abilities_of("charm")
            charm.append(ch[0].timing if ch else NO_CHARM)
        self.mods = tuple(mods)
        self.charm = tuple(charm)
        #: whether the card has an ability with an ``if`` (engine/conditions.py)
        self.conds = tuple(any(ab.cond is not None for ab in c.abilities) for c in cards)
        #: the triggered abilities with a ``when`` of each card: ((ability index, When, once per
        #: turn), ...) (engine/triggers.py; () for a card without)
        self.whens = tuple(tuple((ab.index, ab.when, ab.once_per_turn) for ab in c.abilities
                                 if ab.kind == "trigger" and ab.when is not None) for c in cards)
        #: for a card with a static ability that has an ``if`` or a "for each" amount: (condition
        #: or None, cp entries, call-in entries) of each of its static abilities
        #: (``flow.static_sources`` keeps those whose condition holds, their amounts counted now);
        #: None for the others
        self.static_conds = tuple(_static_conds(c) if any(ab.kind == "static" and (ab.cond is not None or any(
            has_amounts(op.args) for op in ab.effects)) for ab in c.abilities) else None for c in cards)
        self.any_static_conds = any(x is not None for x in self.static_conds)
        self.activates = tuple(tuple((ab.index, ab.cost) for ab in c.abilities if ab.kind == "activate"
                                     and ab.zone == "field" and ab.costs is None) for c in cards)
        #: the activated abilities with a cost list or used from the hand or backyard (``from``):
        #: (ability index, seats, Ability) of each card, () for most; ``off_field``: whether a
        #: dealt card has one used from the hand or backyard
        self.costed = tuple(tuple((ab.index, ab.cost, ab) for ab in c.abilities if ab.kind == "activate"
                                  and (ab.zone != "field" or ab.costs is not None)) for c in cards)
        self.off_field = any(ab.zone != "field" for c in cards for ab in c.abilities if ab.kind == "activate")
        self.views = None
        self.cast_views: dict = {}
        self.leader_views: dict = {}
        self.pile_views: dict | None = None
        self.seatings: dict | None = None  # view.py: seating zones' views and seats by their iids
        self.plain_casts: dict = {}  # view.py: cast views by (iid, below, cp_mod, call_mod, served, static sources)


def _static_conds(c: Card) -> tuple:
    out = []
    for ab in c.abilities:
        if ab.kind == "static":
            cp = tuple(_static_entry(op.args) for op in ab.effects if op.args["stat"] == "cp")
            ci = tuple(_static_entry(op.args) for op in ab.effects if op.args["stat"] == "call_in")
            out.append((ab.cond, cp, ci))
    return tuple(out)


def _static_entry(args) -> tuple:
    flt = args.get("filter")
    return (args["target"], tuple(flt.items()) if flt else None, args["amount"])


#: ``Printed.charm`` of a card without a charm
NO_CHARM = object()


def printed(s: "KMState") -> Printed:
    """The derived facts of ``s.cards`` (built on first use; shared with the state's clones)."""
    d = s.printed
    if d is None or d.cards is not s.cards:
        d = s.printed = Printed(s.cards)
    return d


class KMState(TurnState):
    __slots__ = ("event", "serving", "help_used", "trouble_used", "callin_open", "owed_call_ins", "loop_watch",
                 "printed", "trig")

    #: ``holds(state, ctx, cond)`` with Kemuri's condition words (set by games/kemuri/conditions.py,
    #: which the rules import): how a static ability's ``if`` is evaluated (flow.holding)
    condition_holds: Any = None
    #: how a "for each" amount of a static ability is counted (``amount_value(s, amount, owner,
    #: source)``; set by games/kemuri/select.py)
    amount_value: Any = None
    #: whether a cast passes a static's target table tests (``static_matches(s, cast, tests)``; set
    #: by games/kemuri/select.py)
    static_matches: Any = None
    #: games/kemuri/triggers.py's ``on_event`` (set when that module is imported, as the rules do)
    trigger_hook: Any = None

    def __init__(self, seed: int, cards: tuple[Card, ...], owner: tuple[int, ...]):
        super().__init__(seed, cards, owner, [PlayerState(), PlayerState()])
        self.event = -1                 # the one event on the field (either player's)
        self.serving: tuple | None = None   # (server iid, receiver iid or -1)
        self.help_used: list[int] = []  # help cards used in the current serving
        self.trouble_used = False
        self.callin_open = False        # a call-in sequence is running (KM-R2 waits for its end)
        self.owed_call_ins: list[int] = []  # players owed a call-in by a refresh meanwhile
        self.loop_watch = None  # loops.Watch: the refresh call-ins met since the last decision
        self.printed: Printed | None = None  # facts derived from ``cards`` only (``printed(s)``)
        #: the trigger index and queue (engine/triggers.py), or None: no dealt card has a trigger
        #: with a ``when`` (the call-in triggers of KM-V6 need none)
        self.trig: Triggers | None = Triggers() if any(printed(self).whens) else None

    def emit(self, etype: str, public: dict[str, Any] | None = None,
             private: dict[str, Any] | None = None, seen_by: tuple[int, ...] = (), why: str | None = None) -> None:
        """Record an event (``BaseState.emit``); ``why``: what the event does not tell (a cast
        leaving the floor ``destroyed``), for the triggers."""
        self.events.append((etype, public or {}, private, seen_by))
        if self.trig is not None:
            self.trigger_hook(self, etype, public or {}, why)

    def clone(self) -> "KMState":
        s = KMState.__new__(KMState)
        self._copy_base(s)
        s.event, s.serving = self.event, self.serving
        s.help_used, s.trouble_used = self.help_used[:], self.trouble_used
        s.callin_open, s.owed_call_ins = self.callin_open, self.owed_call_ins[:]
        s.loop_watch = None  # (what an exchange of refreshes met: only until its decision)
        s.printed = self.printed  # immutable, derived from the shared cards
        s.trig = None if self.trig is None else self.trig.copy()
        return s
