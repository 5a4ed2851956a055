"""Shironeko game state: plain containers, cheap to clone.

Every physical card has an instance id (``iid``); ``SNState.cards[iid]`` is its immutable
``Card`` and ``SNState.owner[iid]`` its owner, both shared between clones. Zones are lists of
iids (a deck's top is the END of its list). Cards on the field are ``Unit`` objects (a
character or the leader): the top card's iid, the cards under it (extra runes), ON/OFF,
damage, markers and until-end-of-turn modifiers."""
from __future__ import annotations

from typing import Any, NamedTuple

from ...engine.amounts import least
from ...engine.state import TurnState, with_iid
from ...engine.triggers import TriggerEvents, Triggers
from .cards import Card


# --- the records of the rule steps and pending decisions (tuples: equal to the plain tuples of
# --- the same fields, as cheap to copy; ``kind`` is the step's name)
class PayStep(NamedTuple):
    """SN-C2: a ``pay`` step, and the pending data of the ``pay`` decision it opens: ``player``
    pays ``n`` souls of ``color``, ``paid`` (soul iids) so far, for the card ``source`` (``why``:
    place, change, activate...). Made only for a decision: ``new_record(PayStep, ("pay", ...))``."""
    kind: str
    player: int
    color: str
    n: int
    paid: tuple[int, ...]
    source: int
    why: str


class PlayerDamageStep(NamedTuple):
    """SN-A4: ``player`` takes ``amount`` damage (cards revealed); ``attacker`` the attacking
    character's iid, -1 for an effect."""
    kind: str
    player: int
    amount: int
    attacker: int


class TriggersStep(NamedTuple):
    """SN-A6: the triggers of the damage cards ``remaining`` run, in ``player``'s order."""
    kind: str
    player: int
    remaining: tuple[int, ...]
    attacker: int


class TriggerOrderPending(NamedTuple):
    """The ``trigger_order`` decision: which of ``remaining`` runs first."""
    player: int
    remaining: tuple[int, ...]
    attacker: int


class DamageCleanupStep(NamedTuple):
    """SN-A7: the ``revealed`` damage cards still in the damage area go to the discard."""
    kind: str
    player: int
    revealed: tuple[int, ...]


class SearchStep(NamedTuple):
    """The ``search`` op: ``player`` looks in the deck for a card matching ``filter`` ((field,
    value) pairs, or a selector table: effects.SEARCH_FILTER), taking up to ``amount`` to ``to``;
    ``reveal``: the card taken is shown."""
    kind: str
    player: int
    filter: Any
    to: str
    amount: int
    reveal: bool


class SearchPending(NamedTuple):
    """The ``search`` decision: the deck's cards that match (``matches``)."""
    player: int
    matches: tuple[int, ...]
    reveal: bool


class ActivatedStep(NamedTuple):
    """An activated ability, paid for: ability number ``ability`` of the card ``card``."""
    kind: str
    player: int
    card: int
    ability: int


class PlayStep(NamedTuple):
    """A card played from the hand (``type``: place, change, awaken, use, burst, leaderize),
    paid for: it resolves; ``target`` the character it changes or awakens, else -1."""
    kind: str
    player: int
    type: str
    card: int
    target: int


class Unit:
    """A character or leader on the field. A character change makes a NEW Unit (SN-K6/K7)."""

    __slots__ = ("iid", "under", "on", "damage", "shock", "poison", "entered", "attacked",
                 "atk_mod", "hp_mod", "view")

    def __init__(self, iid: int, entered: int, under: tuple[int, ...] = ()):
        self.iid = iid
        self.under = under          # cards beneath, oldest first (each adds its rune)
        self.on = True
        self.damage = 0
        self.shock = False
        self.poison = False
        self.entered = entered      # turn it was placed (summoning sick that turn); -1 if changed
        self.attacked = False       # attacked this turn
        self.atk_mod = 0            # until end of turn
        self.hp_mod = 0
        #: (what it shows, its shared read-only view) of the last agent observation that
        #: showed it (view.py): reused while what it shows is the same
        self.view: tuple | None = None

    def copy(self) -> "Unit":
        u = Unit.__new__(Unit)
        u.iid, u.under, u.on, u.damage = self.iid, self.under, self.on, self.damage
        u.shock, u.poison, u.entered, u.attacked = self.shock, self.poison, self.entered, self.attacked
        u.atk_mod, u.hp_mod, u.view = self.atk_mod, self.hp_mod, self.view
        return u


class PlayerState:
    __slots__ = ("deck", "hand", "town_deck", "town", "souls_off", "chars", "leader",
                 "leader_hand", "discard", "removed", "damage_area", "using", "mulliganed", "mull_pick")

    def __init__(self) -> None:
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.town_deck: list[int] = []
        self.town: list[int] = []           # souls in the town area
        self.souls_off: set[int] = set()    # souls that are OFF
        self.chars: list[Unit] = []         # character area (max 4)
        self.leader: Unit | None = None
        self.leader_hand: list[int] = []    # leader cards kept aside: a second hand (hidden)
        self.discard: list[int] = []
        self.removed: list[int] = []        # removed from the game (leaderized cards)
        self.damage_area: list[int] = []
        self.using: list[int] = []          # a monster/burst card while its effect resolves
        self.mulliganed = False
        self.mull_pick: list[int] = []      # cards chosen to return during the mulligan

    def copy(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.deck, p.hand, p.town_deck, p.town = self.deck[:], self.hand[:], self.town_deck[:], self.town[:]
        p.souls_off = set(self.souls_off)
        p.chars = [u.copy() for u in self.chars]
        p.leader = self.leader.copy() if self.leader is not None else None
        p.leader_hand, p.discard = self.leader_hand[:], self.discard[:]
        p.removed, p.damage_area, p.using = self.removed[:], self.damage_area[:], self.using[:]
        p.mulliganed, p.mull_pick = self.mulliganed, self.mull_pick[:]
        return p

    def unit(self, iid: int) -> Unit | None:
        return with_iid(self.chars, iid)


def card_auras(card: Card) -> tuple[tuple[str, str, int, tuple[str, ...]], ...] | None:
    """The card's static ``modify`` abilities (SN-R4) as ``(stat, target, amount, runes needed)``,
    or None when it has none (most cards)."""
    out = tuple((op.args["stat"], op.args["target"], op.args["amount"], ab.runes)
                for ab in card.abilities if ab.kind == "static" for op in ab.effects)
    return out or None


class Deal:
    """What follows from the dealt cards alone (``SNState.cards``, immutable): one object shared
    by a state and all its clones (and by games dealt the same card list), never changed but to
    fill a table built when first needed.

    ``auras[stat][iid]``: the card's static modifies of that stat as ``(target, amount, runes
    needed)``, None if it has none (``card_auras``); a stat no dealt card modifies is not in
    ``auras``. ``hp_floor``: the least HP all those can add to a character, and ``least_hp``
    per iid the card's HP plus that. ``active``: a unit's modifies whose runes it meets, per stat by
    iid (by (iid, cards under it) for a unit with cards under it) (flow.py). ``views``: per iid,
    the shared read-only view of the card's printed facts (the agents' observations), ``piles``
    those of piles by their iids and of towns (view.py); ``souls``:
    per iid, the town view of the card as an OFF and as an ON soul (read-only). ``plays`` and
    ``activated``: per iid, how the card is played from hand and its activated abilities (for
    listing main-phase actions), ``tops`` per iid (iid, level, name) of the card on the field
    (made with ``plays``); ``by_kind``: per kind, every card's abilities of that kind, by iid;
    ``pay_codes``: per iid, the soul's kind for counting ON souls, ``soul_bits`` the colour bits
    it matches, and ``paid_uses``: its paid uses from hand as (colour bit, cost) (payment.py).
    ``triggers``: per iid, the card's triggered abilities on the field (``kind = "trigger"`` with
    ``when``) as (ability number, When, once per turn), () for none (games/shironeko/triggers.py).
    ``off_field``: per iid, the card's activated abilities used from the hand or the discard pile
    (``from``), or None when no dealt card has one."""

    __slots__ = ("auras", "hp_floor", "least_hp", "active", "views", "souls", "plays", "tops", "activated",
                 "by_kind", "pay_codes", "soul_bits", "paid_uses", "piles", "triggers", "off_field", "hp_counts")

    def __init__(self, cards: tuple[Card, ...]):
        every = [card_auras(c) for c in cards]
        stats = {m[0] for mods in every if mods for m in mods}
        self.auras = {stat: tuple(tuple(m[1:] for m in mods if m[0] == stat) or None if mods else None
                                  for mods in every) for stat in stats}
        #: the least HP static abilities can give a character: every negative HP modify dealt (a
        #: "for each" one at the least it can be: engine/amounts.py ``least``)
        self.hp_floor = sum(min(0, least(m[2])) for mods in every if mods for m in mods if m[0] == "hp")
        #: a dealt static's HP is a "for each" amount: HP may change whenever cards come and go,
        #: so the retreat checks run after every step and decision (``SNState.check_always``)
        self.hp_counts = any(type(m[2]) is not int for mods in every if mods for m in mods if m[0] == "hp")
        #: per iid: the least HP the card can have on the field before until-end-of-turn changes
        self.least_hp = tuple(c.hp + self.hp_floor for c in cards)
        #: stat -> iid, or (iid, cards under it) -> the (target, amount) of its auras whose runes are met
        self.active: dict[str, dict] = {}
        self.views: tuple | None = None
        self.piles: tuple | None = None  # the shared views of piles and towns (view.PileViews, TownViews)
        self.souls: list | None = None
        self.plays: tuple | None = None       # per iid: how the card is played from hand (rules.py)
        self.by_kind: dict[str, tuple] = {}  # kind -> per iid, the card's abilities of that kind
        self.tops: tuple | None = None        # per iid: (iid, level, name) of the card on the field (rules.py)
        self.activated: tuple | None = None   # per iid: its activated abilities, or None (rules.py)
        self.pay_codes: tuple | None = None   # per iid: colour index (+ len(COLORS) if it pays any colour)
        self.soul_bits: tuple | None = None   # per iid: the colour bits it matches as a soul (payment.py)
        self.paid_uses: tuple | None = None   # per iid: its paid uses from hand (payment.py)
        self.triggers = tuple(tuple((ab.index, ab.when, ab.once_per_turn) for ab in c.abilities
                                    if ab.kind == "trigger" and ab.when is not None) for c in cards)
        off = tuple(tuple(ab for ab in c.abilities if ab.kind == "activated" and ab.zone != "field") for c in cards)
        self.off_field = off if any(off) else None


_DEALS: dict[tuple[int, ...], tuple[tuple[Card, ...], Deal]] = {}


def deal_of(cards: tuple[Card, ...]) -> Deal:
    """The ``Deal`` of these cards: one per distinct card list (games of the same decks share
    it; the cards are kept with it, so their ids stay theirs)."""
    key = tuple(map(id, cards))
    hit = _DEALS.get(key)
    if hit is None:
        if len(_DEALS) >= 256:
            _DEALS.clear()
        hit = _DEALS[key] = (cards, Deal(cards))
    return hit[1]


class SNState(TriggerEvents, TurnState):
    __slots__ = ("used", "deal", "pay_memo", "trig")

    @property
    def check_always(self) -> bool:  # type: ignore[override]
        """Retreats are checked after every step and decision when a dealt static's HP is a
        "for each" amount (``Deal.hp_counts``)."""
        return self.deal.hp_counts

    #: the selector declaration (games/shironeko/select.py, set when it is imported): what a
    #: static's "for each" amount counts over (flow.py)
    selectors: Any = None

    def __init__(self, seed: int, cards: tuple[Card, ...], owner: tuple[int, ...]):
        super().__init__(seed, cards, owner, [PlayerState(), PlayerState()])
        self.used: set[int] = set()  # cards whose activated ability was used this turn (SN-R5)
        self.deal = deal_of(cards)
        #: (the open ``pay`` decision's pending ``PayStep``, the payer's ON souls by kind
        #: (``payment.on_groups``), counted, is the cost matched, and the ``payment.pay_plan`` of
        #: those): what rules.py worked out for that very step object, valid only while it is the
        #: decision open (nothing changes the souls in between); None otherwise. A clone starts
        #: without it.
        self.pay_memo: tuple | None = None
        #: the trigger index and queue (engine/triggers.py), or None: no dealt card has a
        #: triggered ability on the field (then nothing of it runs)
        self.trig: Triggers | None = Triggers() if any(self.deal.triggers) else None

    def clone(self) -> "SNState":
        s = SNState.__new__(SNState)
        self._copy_base(s)
        s.used = set(self.used)
        s.deal = self.deal  # the same dealt cards
        s.pay_memo = None
        s.trig = None if self.trig is None else self.trig.copy()
        return s
