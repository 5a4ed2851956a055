"""Turu-turu rule primitives: drawing, HP, destruction, and power/toughness with statics."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import least
from ...engine.memo import per_object
from ...engine.piles import move_top_cards, pop_top, put_in_pile
from .state import TTState, Unit


def _draw_top(s: TTState, p: int) -> int | None:
    if s.over:
        return None
    if not s.players[p].deck:
        lose(s, [p], "deck_out")
        return None
    return s.players[p].deck.pop()


def draw(s: TTState, p: int, n: int = 1) -> None:
    """TT-W2: a player who must draw from an empty deck loses (both at once: a draw, TT-W3)."""
    move_top_cards(s, p, n, _draw_top, "hand", "draw", private=True)


def mill(s: TTState, p: int, n: int) -> None:
    """The top ``n`` cards (as many as there are) to the discard pile; an empty deck loses nothing."""
    move_top_cards(s, p, n, pop_top, "discard", "mill")


def lose(s: TTState, losers: list[int], reason: str) -> None:
    """End the game: one loser -> the other wins; both -> a draw (TT-W3)."""
    if s.over or not losers:
        return
    if len(set(losers)) == 2:
        s.end(None, reason)
    else:
        s.end(1 - losers[0], reason)


def hit(s: TTState, p: int, amount: int, source: int | None = None) -> None:
    """Damage to a player's HP (TT-A3); at 0 or less they lose (TT-W1)."""
    ps = s.players[p]
    ps.hp -= amount
    s.emit("hp", {"player": p, "change": -amount, "hp": ps.hp, "source": source})
    check_hp(s)


def check_hp(s: TTState) -> None:
    lose(s, [p for p in (0, 1) if s.players[p].hp <= 0], "hp")


def matches(card, flt: dict | None) -> bool:
    if not flt:
        return True
    for k, v in flt.items():
        if getattr(card, k, None) != v:
            return False
    return True


#: how a static's "for each" power or toughness amount (engine/amounts.py ``Amount``) is counted
#: now: ``count_amount(state, amount, iid of the card holding it)`` (set by games/turutoru/select.py,
#: which declares what a count may name; cards.py allows such amounts only counting characters on
#: the field or devices in play, so the views kept by field are still right)
count_amount: Any = None
#: the instance ids a static's target table lets through (its tests of printed properties):
#: ``table_ids(facts, selector)`` (set by games/turutoru/select.py, which declares the properties)
table_ids: Any = None


@per_object()
def _static_ops(card) -> tuple:
    """A card's static ops as (stat, target, amount, filter), read once per card object
    (``engine.memo``)."""
    return tuple((op.args["stat"], op.args["target"], op.args["amount"], op.args.get("filter"))
                 for ab in card.abilities if ab.kind == "static" for op in ab.effects)


class Facts:
    """What the rules read again and again from a game's dealt cards (immutable, so shared by
    every clone of the state): each instance's static ops (``ops[iid]``, () for none; only
    those modifying toughness: ``tough_ops``) and the lowest toughness the statics could give a
    character, from the negative toughness modifiers: ``tough_floor``, the sum of those of
    every card for all characters (each card is in one place at a time, and each of its ops
    applies at most once to a character), plus ``self_floor[iid]`` from the character's own
    card and ``attached_floor[iid]`` from each device attached to it. ``unit_ops[iid]``: the
    static ops as ``units_stats`` reads them (built by ``unit_sources`` when first needed).
    ``memo`` holds other tables built from the cards alone (e.g. the agents' shared views)."""

    __slots__ = ("cards", "ops", "tough_ops", "unit_ops", "tough_floor", "self_floor", "attached_floor", "low",
                 "memo", "tough_counts")

    def __init__(self, cards: tuple):
        self.cards = cards
        self.ops = tuple(_static_ops(c) for c in cards)
        self.unit_ops: tuple | None = None  # built when first read (unit_sources): only agents' views read it
        self.tough_ops = tuple(tuple(op for op in ops if op[0] == "toughness") for ops in self.ops)
        every, own, attached = 0, [0] * len(cards), [0] * len(cards)
        #: a dealt static's toughness is a "for each" amount: toughness may change whenever
        #: characters and devices come and go, so destruction is checked after every step and
        #: decision (``TTState.check_always``)
        self.tough_counts = any(type(op[2]) is not int for ops in self.tough_ops for op in ops)
        for iid, (card, ops) in enumerate(zip(cards, self.tough_ops)):
            for _, target, amount, _ in ops:
                amount = least(amount)  # (a "for each" one: the least it can be)
                if amount >= 0:
                    continue
                if target == "self":  # as _apply_static reads them
                    if card.kind == "character":
                        own[iid] += amount
                elif target == "attached":
                    if card.kind == "device":
                        attached[iid] += amount
                else:
                    every += amount
        self.tough_floor, self.self_floor, self.attached_floor = every, tuple(own), tuple(attached)
        # the lowest toughness a character could have from its printed toughness and the statics
        # but its modifiers and attached devices' (what check_destroyed adds)
        self.low = tuple(c.toughness + every + own[i] for i, c in enumerate(cards))
        self.memo: dict = {}


#: how a static op (``_unit_ops``) chooses the characters it modifies: the one holding it (a
#: character's own "self", an attached device's "attached"), its owner's, the opponent's, its
#: owner's but the one holding it (a target table's ``other``)
HOLDER, OWN, OPPONENT, OWN_OTHER = 1, 2, 3, 4


def static_table_ids(f: Facts, sel: Any) -> frozenset:
    """The instance ids a static's target table (cards.py ``_static_target``) lets through,
    worked out once per dealt cards."""
    key = ("static_table", sel)
    ids = f.memo.get(key)
    if ids is None:
        ids = f.memo[key] = table_ids(f, sel)
    return ids


def _unit_ops(f: Facts, card, ops: tuple, cards: tuple, found: dict) -> tuple:
    """A card's static ops as ``(modifies power?, HOLDER / OWN / OPPONENT / OWN_OTHER, amount, the
    instance ids of ``cards`` its filter or table lets through or None for all)``, the ops that can never
    apply (``_apply_static``: "self" of a device, "attached" of a character, a stat other than
    power and toughness) left out."""
    out = []
    for stat, target, amount, flt in ops:
        if stat not in ("power", "toughness"):
            continue
        ids = None
        if target.__class__ is not str:  # a table of all the characters of a side (printed tests)
            mode = OPPONENT if target.side == "opponent" else OWN_OTHER if target.other else OWN
            ids = static_table_ids(f, target)
        elif target == "self" or target == "attached":
            if card.kind != ("character" if target == "self" else "device"):
                continue
            mode = HOLDER
        else:
            mode = OWN if target == "all_own_characters" else OPPONENT
        if flt:
            key = tuple(sorted(flt.items()))
            ids = found.get(key)
            if ids is None:
                ids = found[key] = frozenset(i for i, c in enumerate(cards) if matches(c, flt))
        out.append((stat == "power", mode, amount, ids))
    return tuple(out)


def facts(s: TTState) -> Facts:
    """The state's ``Facts`` (built once per dealt card tuple)."""
    f = s.facts
    if f is None or f.cards is not s.cards:
        f = s.facts = Facts(s.cards)
    return f


TTState.tough_counts = staticmethod(lambda s: facts(s).tough_counts)


def static_sources(s: TTState) -> list[tuple]:
    """The cards on either field with static abilities, as (iid, the unit holding it or None, ops);
    compute once and pass to ``power_of``/``toughness_of`` when asking about many units."""
    return _sources(s, facts(s).ops)


def _tough_sources(s: TTState) -> list[tuple]:
    """``static_sources`` with only the ops that modify toughness, and only the cards with one."""
    return _sources(s, facts(s).tough_ops)


def _sources(s: TTState, table) -> list[tuple]:
    """(iid, the unit holding it or None, ops) of each card on either field with ``table[iid]``."""
    out = []
    for ps in s.players:
        for x in ps.chars:
            ops = table[x.iid]
            if ops:
                out.append((x.iid, x, ops))
            for d in x.devices:
                ops = table[d]
                if ops:
                    out.append((d, x, ops))
        for d in ps.devices:
            ops = table[d]
            if ops:
                out.append((d, None, ops))
    return out


def _static(s: TTState, u: Unit, stat: str, sources: list[tuple] | None = None) -> int:
    """The sum of the static modifiers of ``stat`` that apply to ``u`` (TT static abilities of
    characters and devices on either field)."""
    if sources is None:
        sources = static_sources(s)
    if not sources:
        return 0
    owner = s.owner[u.iid]
    total = 0
    for iid, holder, ops in sources:
        total += _apply_static(s, ops, iid, holder, u, owner, stat)
    return total


def _apply_static(s: TTState, ops: tuple, iid: int, holder: Unit | None, u: Unit, owner: int, stat: str) -> int:
    card = s.cards[iid]
    total = 0
    for op_stat, t, amount, flt in ops:
        if op_stat != stat:
            continue
        if t == "self":
            ok = card.kind == "character" and holder is u
        elif t == "attached":
            ok = card.kind == "device" and holder is u
        elif t == "all_own_characters":
            ok = s.owner[iid] == owner
        elif t.__class__ is not str:  # a table: a side, other (not the holder), printed properties
            ok = (s.owner[iid] == owner) == (t.side == "own") and not (t.other and holder is u) \
                and u.iid in static_table_ids(facts(s), t)
        else:  # all_opponent_characters
            ok = s.owner[iid] != owner
        if ok and matches(s.cards[u.iid], flt):
            total += amount if type(amount) is int else count_amount(s, amount, iid)
    return total


def unit_sources(s: TTState) -> list[tuple]:
    """The static ops on either field as ``units_stats`` reads them: (the owner of the card
    holding them, the unit holding it or None, ``Facts.unit_ops``), for the cards with any."""
    f = facts(s)
    table, owners = f.unit_ops, s.owner
    if table is None:
        found: dict = {}  # filter items -> the instance ids it lets through
        table = f.unit_ops = tuple(_unit_ops(f, c, ops, f.cards, found) for c, ops in zip(f.cards, f.ops))
    out = []
    for ps in s.players:
        for x in ps.chars:
            ops = table[x.iid]
            if ops:
                out.append((owners[x.iid], x, _counted(s, ops, x.iid)))
            for d in x.devices:
                ops = table[d]
                if ops:
                    out.append((owners[d], x, _counted(s, ops, d)))
        for d in ps.devices:
            ops = table[d]
            if ops:
                out.append((owners[d], None, _counted(s, ops, d)))
    return out


def _counted(s: TTState, ops: tuple, iid: int) -> tuple:
    """``Facts.unit_ops`` of the card ``iid`` with each "for each" amount counted now."""
    if all(type(op[2]) is int for op in ops):
        return ops
    return tuple((pw, mode, amount if type(amount) is int else count_amount(s, amount, iid), ids)
                 for pw, mode, amount, ids in ops)


def units_stats(s: TTState, units: list[Unit], sources: list[tuple]) -> list[tuple[int, int]]:
    """``(power_of(s, u), toughness_of(s, u))`` of each unit, the statics (``unit_sources``)
    counted in one pass."""
    cards, owners = s.cards, s.owner
    out = []
    for u in units:
        c = cards[u.iid]
        pw, tg = c.power + u.pow_mod, c.toughness + u.tough_mod
        if sources:
            owner = owners[u.iid]
            for src_owner, holder, ops in sources:
                for is_power, mode, amount, ids in ops:
                    if mode == HOLDER:
                        if holder is not u:
                            continue
                    elif mode == OWN:
                        if src_owner != owner:
                            continue
                    elif mode == OWN_OTHER:
                        if src_owner != owner or holder is u:
                            continue
                    elif src_owner == owner:
                        continue
                    if ids is not None and u.iid not in ids:
                        continue
                    if is_power:
                        pw += amount
                    else:
                        tg += amount
        if pw < 0:
            pw = 0
        out.append(((pw + 1) // 2, (tg + 1) // 2) if u.fan else (pw, tg))
    return out


def power_of(s: TTState, u: Unit, sources: list[tuple] | None = None) -> int:
    v = max(0, s.cards[u.iid].power + u.pow_mod + _static(s, u, "power", sources))
    return (v + 1) // 2 if u.fan else v


def toughness_of(s: TTState, u: Unit, sources: list[tuple] | None = None) -> int:
    v = s.cards[u.iid].toughness + u.tough_mod + _static(s, u, "toughness", sources)
    return (v + 1) // 2 if u.fan else v


def _leaves_field(s: TTState, u: Unit, to: str, position: str = "top") -> int | None:
    """A character leaves the field for its owner's pile ``to`` (the deck: its top or bottom,
    ``position``); the devices attached to it go to their owners' discard piles (TT-K2). Its
    owner, or None if it was not on the field."""
    p = s.owner[u.iid]
    ps = s.players[p]
    if u not in ps.chars:
        return None
    ps.chars.remove(u)
    if position == "bottom":
        getattr(ps, to).insert(0, u.iid)
    else:
        getattr(ps, to).append(u.iid)
    for d in u.devices:
        s.players[s.owner[d]].discard.append(d)
    return p


def destroy(s: TTState, u: Unit, why: str = "destroyed") -> None:
    """A character leaves the field for its owner's discard pile; attached devices follow (TT-K2)."""
    p = _leaves_field(s, u, "discard")
    if p is not None:
        s.emit("destroyed", {"player": p, "card": u.iid, "id": s.cards[u.iid].id, "why": why,
                             "devices": list(u.devices)})


def to_hand(s: TTState, u: Unit) -> None:
    p = _leaves_field(s, u, "hand")
    if p is not None:
        s.emit("returned", {"player": p, "card": u.iid, "id": s.cards[u.iid].id, "devices": list(u.devices)})


#: the zones whose cards both players see: a card an effect moves into or out of one is named to
#: both (the others: the hand, the deck, the face-down programs)
PUBLIC_ZONES = ("field", "devices", "discard", "resolved")


def field_to_deck(s: TTState, u: Unit, position: str = "top") -> None:
    """An effect puts a character from the field on top of (or under, ``position``) its owner's
    deck; its devices go to their owners' discard piles (TT-K2). A ``move`` event."""
    devices = list(u.devices)
    p = _leaves_field(s, u, "deck", position)
    if p is not None:
        s.emit("move", {"player": p, "from": "field", "to": "deck", "position": position, "card": u.iid,
                        "id": s.cards[u.iid].id, "devices": devices})


def detach(s: TTState, d: int) -> None:
    """Take the device ``d`` out of play: off a field, or off the character it is attached to."""
    for qs in s.players:
        if d in qs.devices:
            qs.devices.remove(d)
            return
        for u in qs.chars:
            if d in u.devices:
                u.devices = tuple(x for x in u.devices if x != d)
                return


def move_card(s: TTState, iid: int, p: int, zone: str, to: str, position: str = "top") -> bool:
    """An effect moves a card of player ``p`` from ``zone`` (a pile, or ``devices``: a device in
    play) to their zone ``to``: the deck's top or bottom (``position``), the hand, the discard
    pile, or the field (a character only, placed awake this round: a ``place`` event with
    ``why = "effect"`` and ``from``). A ``move`` event otherwise, naming the card to both players
    when either zone is public, to its owner alone when not (hand, deck, face-down programs).
    Whether the card moved (a card that is not a character stays where it is, for the field)."""
    card = s.cards[iid]
    if to == "field" and card.kind != "character":
        return False
    ps = s.players[p]
    if zone == "devices":
        detach(s, iid)
    else:
        getattr(ps, zone).remove(iid)
    if to == "field":
        ps.chars.append(Unit(iid, s.round))
        s.emit("place", {"player": p, "card": iid, "id": card.id, "why": "effect", "from": zone})
        return True
    put_in_pile(ps, to, iid, position)
    ev: dict = {"player": p, "from": zone, "to": to}
    if to == "deck":
        ev["position"] = position
    what = {"card": iid, "id": card.id}
    if zone in PUBLIC_ZONES or to in PUBLIC_ZONES:
        s.emit("move", {**ev, **what})
    else:
        s.emit("move", ev, what, (p,))
    return True


def check_destroyed(s: TTState) -> None:
    """TT-A5: a character whose damage reaches its toughness is destroyed (repeat until stable).

    Side 0's characters, then side 1's, each against the statics left at that moment; again
    from the start after any destruction. A character whose damage is below the lowest
    toughness its statics could give it (``Facts``' floors) stands without counting them."""
    p0, p1 = s.players
    if not p0.chars and not p1.chars:
        return
    f = facts(s)
    base, attached_floor = f.low, f.attached_floor
    again = True
    while again:
        again = False
        sources = None
        for side in (0, 1):
            chars = s.players[side].chars
            if not chars:
                continue
            for u in list(chars):
                d = u.damage
                low = base[u.iid] + u.tough_mod
                for x in u.devices:
                    low += attached_floor[x]
                if d < ((low + 1) // 2 if u.fan else low):
                    continue
                if sources is None:
                    sources = _tough_sources(s)
                if d >= toughness_of(s, u, sources):
                    destroy(s, u)
                    sources = None  # the statics that are left
                    again = True
