"""Z/X state: a shared 3x3 board of squares plus each player's zones; cheap to clone.

Squares are numbered 0..8 row by row; player 0's player square is 7 (bottom middle), player 1's
is 1 (top middle). A ``Unit`` is a Z/X on a square: its card (for a Z/X OB the top half), its
force, an attached SHIFT and, for a Z/X OB, the bottom half."""
from __future__ import annotations

from typing import Any, NamedTuple

from ...engine.memo import per_object
from ...engine.state import TurnState
from ...engine.triggers import TriggerEvents, Triggers
from .cards import COLORS, Card

PLAYER_SQUARE = (7, 1)
ADJACENT = tuple(tuple(j for j in range(9) if abs(i // 3 - j // 3) + abs(i % 3 - j % 3) == 1) for i in range(9))

#: what the main phase may do with a card face down in the dynamis (``CardTable.dyn_main``)
DYN_NONE, DYN_ZX_EX, DYN_EV_EX, DYN_SHIFT = 0, 1, 2, 3
#: what the battle may use of a card (``CardTable.battle``): an event of timing battle or any from
#: the hand, such an EV EX from the dynamis, or nothing
BATTLE_NONE, BATTLE_EVENT, BATTLE_EV_EX = 0, 1, 2


# --- the records of the rule steps, pending decisions and battle (tuples: equal to the plain
# --- tuples of the same fields, as cheap to copy; ``kind`` is the step's name)
class Battle(NamedTuple):
    """The battle under way (``ZXState.battle``): the attacker's square and iid, the target's
    square (-1: the player) and iid (``PLAYER_TARGET``, -1, for the player)."""
    attacker_square: int
    attacker: int
    target_square: int
    target: int


class PayStep(NamedTuple):
    """ZX-C2: a ``pay`` step, and the pending data of the ``pay`` decision it opens: ``player``
    puts ``n`` rebooted resources to sleep, one of ``color`` unless None, ``paid`` (resource
    iids) so far, for the card ``source`` (``why``: what for). Built often:
    ``new_record(PayStep, ("pay", ...))``."""
    kind: str
    player: int
    color: str | None
    n: int
    paid: tuple[int, ...]
    source: int
    why: str


class PlaceStep(NamedTuple):
    """``play_zx`` (a Z/X from the hand) or ``place_ex`` (a Z/X EX), paid for: ``card`` comes
    down on ``square``."""
    kind: str
    player: int
    card: int
    square: int


class AwakenStep(NamedTuple):
    """ZX-X3: the awaken condition of a Z/X EX: ``n`` more times ``what`` (discard, sleep_zx);
    ``target`` the square it comes down on."""
    kind: str
    player: int
    what: str
    n: int
    target: int


class AwakenPending(NamedTuple):
    """The ``awaken`` decision: one of the ``n`` times ``what``."""
    player: int
    what: str
    n: int
    target: int


class EvExUseStep(NamedTuple):
    """ZX-X7: an EV EX, paid for: its use ability ``effect`` runs."""
    kind: str
    player: int
    card: int
    effect: int


class ActivatedStep(NamedTuple):
    """An activated ability, paid for: ability number ``ability`` of the Z/X ``card`` on ``square``
    (-1: a card used from the hand, the charge or the trash, ``from`` on the ability)."""
    kind: str
    player: int
    square: int
    card: int
    ability: int


class PickCardStep(NamedTuple):
    """A card to pick from ``zone`` matching ``filter`` ((field, value) pairs, or a search's selector
    table: engine/select.py ``old_or_table``) to ``dest``: "hand", or ("force", holder iid) for
    Alter Force; ``reveal``: the card taken is shown (公開)."""
    kind: str
    player: int
    zone: str
    filter: Any
    dest: Any
    reveal: bool = False


class PickCardPending(NamedTuple):
    """The ``pick_card`` decision: the cards of ``zone`` that match (``matches``)."""
    player: int
    matches: tuple[int, ...]
    zone: str
    dest: Any
    reveal: bool


class Unit:
    __slots__ = ("iid", "owner", "asleep", "damage", "power_mod", "force", "shift", "bottom", "used", "view")

    def __init__(self, iid: int, owner: int):
        self.iid = iid
        self.owner = owner
        self.asleep = False       # placed rebooted (ZX-Q1)
        self.damage = 0           # this turn
        self.power_mod = 0        # until end of turn
        self.force: tuple[int, ...] = ()
        self.shift = -1
        self.bottom = -1          # Z/X OB bottom half
        self.used = False         # activated ability used this turn
        self.view = None          # view.py's memo: (what its shared view shows, that view)

    def copy(self) -> "Unit":
        u = Unit.__new__(Unit)
        u.iid, u.owner, u.asleep, u.damage, u.power_mod = self.iid, self.owner, self.asleep, self.damage, self.power_mod
        u.force, u.shift, u.bottom, u.used, u.view = self.force, self.shift, self.bottom, self.used, self.view
        return u


class PlayerState:
    __slots__ = ("deck", "hand", "trash", "charge", "life", "resources", "asleep_res", "dynamis",
                 "face_up", "player_card", "player_face_up", "ob_bottom", "counters", "used_ex",
                 "used_ev_ex", "used_shift", "mulliganed", "revealed", "resolving", "chosen", "dyn_view",
                 "trash_view", "removed", "activated")

    def __init__(self) -> None:
        self.deck: list[int] = []       # top = end
        self.hand: list[int] = []
        self.trash: list[int] = []
        self.charge: list[int] = []     # at most 4 (ZX-Z1)
        self.life: list[int] = []       # face down
        self.resources: list[int] = []  # face up
        self.asleep_res: set[int] = set()
        self.dynamis: list[int] = []    # cards in the dynamis (face down unless in face_up)
        self.face_up: set[int] = set()
        self.player_card = -1           # -1: a nameless stand-in
        self.player_face_up = False
        self.ob_bottom = -1             # under the player card until a Z/X OB uses it
        self.counters: dict[str, int] = {}
        self.used_ex = False            # a Z/X EX placed this turn
        self.used_ev_ex = False         # an EV EX used this turn
        self.used_shift = False
        self.mulliganed = False
        self.revealed = -1              # a card revealed by ignition or life damage, awaiting use
        self.resolving: list[int] = []  # an event while its effect resolves
        self.chosen = (-1, -1)          # set-up: (start card, gate card) chosen, secret until both chose
        self.dyn_view = None            # view.py's memo: (dynamis, face_up) and their shared views
        self.trash_view = None          # view.py's memo: the trash and its cards' shared views
        self.removed: list[int] = []    # removed from the game (ゲームから除外), face up
        self.activated: set[int] = set()  # cards whose ability was activated this turn from the hand, charge, trash

    def copy(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.deck, p.hand, p.trash, p.charge = self.deck[:], self.hand[:], self.trash[:], self.charge[:]
        p.life, p.resources, p.asleep_res = self.life[:], self.resources[:], set(self.asleep_res)
        p.dynamis, p.face_up = self.dynamis[:], set(self.face_up)
        p.player_card, p.player_face_up, p.ob_bottom = self.player_card, self.player_face_up, self.ob_bottom
        p.counters = dict(self.counters)
        p.used_ex, p.used_ev_ex, p.used_shift = self.used_ex, self.used_ev_ex, self.used_shift
        p.mulliganed, p.revealed, p.resolving = self.mulliganed, self.revealed, self.resolving[:]
        p.chosen, p.dyn_view, p.trash_view = self.chosen, self.dyn_view, self.trash_view
        p.removed = self.removed[:]
        p.activated = self.activated      # never changed in place (replaced): shared by clones
        return p


# (20000 cards: card sets loaded again and again, tests, start afresh)
@per_object(limit=20_000)
def card_facts(c: Card) -> tuple:
    """What the rules read of a card again and again, worked out once per card object: (its
    static effects flattened: (min_force, the ability when it has its own condition else None,
    target, filter, amount) per effect of each static ability, in order; whether one of them
    lowers power; its activated abilities; its on-place abilities; its colour's place in
    ``COLORS``, None for none; for a card the main phase may place or use from the hand — a Z/X,
    an event of timing main or any — (is it a Z/X, its cost, its colour's place or -1), else None;
    what the main phase may do with it face down in the dynamis: ``DYN_ZX_EX`` a Z/X EX,
    ``DYN_EV_EX`` an EV EX of timing main or any, ``DYN_SHIFT`` a SHIFT, ``DYN_NONE`` nothing; for
    the battle: ``BATTLE_EVENT`` an event, ``BATTLE_EV_EX`` an EV EX of timing battle or any,
    ``BATTLE_NONE`` anything else). Kept by ``engine.memo``."""
    statics = tuple((ab.min_force, ab if ab.conditional else None, op.args["target"], op.args.get("filter"),
                     op.args["amount"])
                    for ab in c.abilities if ab.kind == "static" for op in ab.effects)
    color = COLORS.index(c.color) if c.color in COLORS else None
    hand = None  # a Z/X, or an event for the main phase: (is a Z/X, cost, colour place or -1)
    if c.kind == "zx" or (c.kind == "event" and c.timing in ("main", "any")):
        hand = (c.kind == "zx", c.cost, -1 if color is None else color)
    dyn = (DYN_ZX_EX if c.kind == "zx_ex" else DYN_EV_EX if c.kind == "ev_ex" and c.timing in ("main", "any")
           else DYN_SHIFT if c.kind == "shift" else DYN_NONE)
    battle = ((BATTLE_EVENT if c.kind == "event" else BATTLE_EV_EX if c.kind == "ev_ex" else BATTLE_NONE)
              if c.timing in ("battle", "any") else BATTLE_NONE)
    triggers = tuple((ab.index, ab.when, ab.per_turn) for ab in c.abilities
                     if ab.kind == "trigger" and ab.when.where == "board")
    # triggers working from a zone other than the board: on events about the card itself
    own = tuple((ab.index, ab.when, ab.per_turn) for ab in c.abilities
                if ab.kind == "trigger" and ab.when.where != "board")
    lowers = any((e[4] if type(e[4]) is int else e[4].times) < 0 for e in statics)  # (a "for each": its sign)
    return (statics, lowers, c.abilities_of("activated"), c.abilities_of("on_place"),
            color, hand, dyn, battle, triggers, own)


#: the card instances' ids -> (those cards, CardTable's columns of their facts); holding the cards
#: keeps their ids unique
_COLUMNS: dict[tuple, tuple] = {}


class CardTable:
    """What follows from the dealt cards alone, by instance id: each card's static effects
    (``statics``; ``lowers``: one of them lowers power), its activated and on-place abilities
    (``activated``, ``on_place``), its colour's place in ``COLORS`` (``color_index``; None: no
    colour), what the main phase reads of it in the hand and in the dynamis and what the battle
    may use (``hand_main``, ``dyn_main``, ``battle``: see ``card_facts``), its triggers working on
    the board (``triggers``) and from other zones (``own_triggers``: (ability number, When, times
    per turn) each) and a memo for views of the cards' printed facts and texts
    of actions (``memo``, filled by view.py and text.py: pure functions of the dealt cards).
    Immutable facts; one table is shared by a state and all its clones."""

    __slots__ = ("statics", "lowers", "activated", "on_place", "color_index", "hand_main", "dyn_main",
                 "battle", "memo", "res_counts", "triggers", "own_triggers")

    def __init__(self, cards: tuple[Card, ...]):
        key = tuple(map(id, cards))
        # the same cards dealt again (a benchmark's or a search's games): the entry holds its
        # cards, so objects with these ids are those very cards (no two live objects share an id)
        hit = _COLUMNS.get(key)
        if hit is None:
            facts = [card_facts(c) for c in cards]
            if len(_COLUMNS) >= 256:
                _COLUMNS.clear()
            hit = _COLUMNS[key] = (tuple(cards), tuple(tuple(f[k] for f in facts) for k in range(10)))
        (self.statics, self.lowers, self.activated, self.on_place, self.color_index, self.hand_main,
         self.dyn_main, self.battle, self.triggers, self.own_triggers) = hit[1]
        self.memo: dict = {}
        self.res_counts: dict = {}  # payment.awake_counts's memo: resources -> counts per colour


class ZXState(TriggerEvents, TurnState):
    __slots__ = ("board", "battle", "table", "trig")

    #: games/zx/select.py's ``SELECTORS`` (set when that module is imported, as the rules do): what
    #: a static ability's "for each" amount counts (flow.py)
    selectors: Any = None

    def __init__(self, seed: int, cards: tuple[Card, ...], owner: tuple[int, ...]):
        super().__init__(seed, cards, owner, [PlayerState(), PlayerState()])
        self.board: list[Unit | None] = [None] * 9
        self.battle: Battle | None = None
        self.table = CardTable(self.cards)
        #: the trigger index and queue (engine/triggers.py), or None: no dealt card has a trigger
        self.trig: Triggers | None = Triggers() if any(self.table.triggers) or any(self.table.own_triggers) \
            else None

    def clone(self) -> "ZXState":
        s = ZXState.__new__(ZXState)
        self._copy_base(s)
        s.board = [u.copy() if u is not None else None for u in self.board]
        s.battle = self.battle
        s.table = self.table
        s.trig = None if self.trig is None else self.trig.copy()
        return s

    def square_of(self, iid: int) -> int:
        for sq, u in enumerate(self.board):
            if u is not None and u.iid == iid:
                return sq
        return -1
