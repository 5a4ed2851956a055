"""Rule primitives of Shironeko: moving cards, deck-out, stats with static abilities and runes.
Everything here is a plain function of the state (costs: payment.py)."""
from __future__ import annotations

from typing import Any

from ...engine.amounts import value as amount_value
from ...engine.piles import move_top_cards, pop_top, put_in_pile
from .state import PlayerState, SNState, Unit


# --- card movement -----------------------------------------------------------------------

def deck_out_check(s: SNState, p: int) -> bool:
    """SN-W1: the instant a main deck is empty its owner loses."""
    if not s.players[p].deck:
        s.emit("deck_out", {"player": p})
        s.end(1 - p, "deck_out")
        return True
    return False


def _take_top(s: SNState, p: int) -> int | None:
    return None if s.over else pop_top(s, p)


def draw(s: SNState, p: int, n: int = 1) -> None:
    move_top_cards(s, p, n, _take_top, "hand", "draw", private=True, after=deck_out_check)


def mill(s: SNState, p: int, n: int) -> None:
    move_top_cards(s, p, n, _take_top, "discard", "mill", after=deck_out_check)


def build(s: SNState, p: int) -> None:
    """SN-T3: top of the town deck into the town area as an ON soul (nothing if empty)."""
    ps = s.players[p]
    if ps.town_deck:
        iid = ps.town_deck.pop()
        ps.town.append(iid)
        s.emit("build", {"player": p, "card": iid, "id": s.cards[iid].id})


def leave_field(s: SNState, u: Unit, to: str, why: str, position: str = "top") -> None:
    """A character (or leader) leaves the field: its top card goes ``to`` its owner's hand,
    deck or discard; the cards under it go to the discard pile."""
    p = s.owner[u.iid]
    ps = s.players[p]
    if ps.leader is u:
        ps.leader = None
    else:
        try:
            ps.chars.remove(u)
        except ValueError:
            return  # already gone
    _put(s, ps, u.iid, to, position)
    ps.discard.extend(u.under)
    s.emit("leave_field", {"player": p, "card": u.iid, "id": s.cards[u.iid].id, "to": to, "why": why,
                           "under": list(u.under)})


def _put(s: SNState, ps: PlayerState, iid: int, to: str, position: str = "top") -> None:
    """Put a card into ``ps``'s hand, deck (``position``), removed cards or, for any other ``to``,
    discard pile."""
    put_in_pile(ps, to if to in ("hand", "deck", "removed") else "discard", iid, position)


#: a selector zone -> the ``PlayerState`` list holding it (games/shironeko/select.py)
PILE_FIELDS = {"hand": "hand", "deck": "deck", "discard": "discard", "town": "town", "town_deck": "town_deck",
               "damage_area": "damage_area", "removed": "removed", "leader_hand": "leader_hand"}
#: the piles whose cards both players see (a card moved into or out of one is shown; the cards
#: under a character, its extra runes, lie open: SN-R1, SN-K6)
PUBLIC_PILES = ("discard", "town", "damage_area", "removed", "runes")


def holder_of(s: SNState, iid: int) -> Unit | None:
    """The character or leader with the card ``iid`` under it (an extra rune: SN-K6), or None."""
    for ps in s.players:
        for u in ps.chars + ([ps.leader] if ps.leader is not None else []):
            if iid in u.under:
                return u
    return None


def take_pile_card(s: SNState, iid: int, p: int, zone: str) -> None:
    """Take the card ``iid`` out of player ``p``'s ``zone``: a pile (a soul no longer OFF) or
    ``runes``, the cards under a character (it loses that rune, SN-R1)."""
    ps = s.players[p]
    if zone == "runes":
        u = holder_of(s, iid)
        if u is not None:
            u.under = tuple(i for i in u.under if i != iid)
        return
    getattr(ps, PILE_FIELDS[zone]).remove(iid)
    if zone == "town":
        ps.souls_off.discard(iid)


def move_pile_card(s: SNState, iid: int, p: int, zone: str, to: str, position: str = "top") -> None:
    """An effect moves a card of player ``p``'s pile ``zone`` to their zone ``to`` (hand, deck
    top or bottom, discard, removed): a ``move`` event with ``from``, the card named to everyone
    when either zone is public, to its owner alone when it comes from or goes to a hand, to
    nobody otherwise (deck to deck). A card taken from the deck may empty it (SN-W1)."""
    ps = s.players[p]
    take_pile_card(s, iid, p, zone)
    _put(s, ps, iid, to, position)
    ev: dict = {"player": p, "from": zone, "to": to}
    if to == "deck":
        ev["position"] = position
    what = {"card": iid, "id": s.cards[iid].id}
    if zone in PUBLIC_PILES or to in PUBLIC_PILES:
        s.emit("move", {**ev, **what})
    else:
        s.emit("move", ev, what, (p,) if "hand" in (zone, to) or "leader_hand" in (zone, to) else ())
    if zone == "deck":
        deck_out_check(s, p)


def move_card(s: SNState, iid: int, to: str, position: str = "top") -> None:
    """Move a card that is not on the field (damage area, being used) to a zone of its owner."""
    p = s.owner[iid]
    ps = s.players[p]
    for zone in (ps.damage_area, ps.using):
        if iid in zone:
            zone.remove(iid)
            _put(s, ps, iid, to, position)
            s.emit("move", {"player": p, "card": iid, "id": s.cards[iid].id, "to": to})
            return


# --- stats ------------------------------------------------------------------------------

def runes(s: SNState, u: Unit) -> list[str]:
    """SN-R1: a unit's own rune plus the rune of every card under it."""
    cards = s.cards
    out = [cards[i].rune for i in u.under]
    out.append(cards[u.iid].rune)
    return out


def runes_met(have: list[str], need: tuple[str, ...]) -> bool:
    """SN-R3: rainbow runes stand for any one colour; a colourless requirement takes any rune;
    a colourless rune meets only colourless requirements; one rune meets one requirement.
    (A "rainbow" requirement needs a rainbow rune.) Greedy matching is optimal here."""
    if not need:
        return True
    if len(have) < len(need):
        return False
    pool: dict[str, int] = {}
    for r in have:
        pool[r] = pool.get(r, 0) + 1
    generic = 0
    for r in need:
        if r == "colorless":
            generic += 1
        elif pool.get(r, 0) > 0:
            pool[r] -= 1
        elif pool.get("rainbow", 0) > 0:
            pool["rainbow"] -= 1
        else:
            return False
    return sum(pool.values()) >= generic


def field_auras(s: SNState, stat: str) -> list[tuple[int, Unit, str, int]]:
    """The static ``modify`` abilities of ``stat`` active on the field (SN-R4): ``(side, source
    unit, target, amount)`` for each whose runes are met (usually none: a quick scan)."""
    table = s.deal.auras.get(stat)
    out: list[tuple[int, Unit, str, int]] = []
    if table is None:  # no dealt card modifies this stat
        return out
    for side, ps in enumerate(s.players):
        for src in ps.chars:
            if table[src.iid] is not None:
                for t, amount in _active(s, src, stat):
                    out.append((side, src, t, _now(s, src, amount)))
        leader = ps.leader
        if leader is not None and table[leader.iid] is not None:
            for t, amount in _active(s, leader, stat):
                out.append((side, leader, t, _now(s, leader, amount)))
    return out


def _now(s: SNState, src: Unit, amount) -> int:
    """A static modify's amount now: its number, or a "for each" amount (engine/amounts.py)
    counted for the card ``src``'s controller."""
    return amount if type(amount) is int else amount_value(amount, s, s.owner[src.iid], src.iid, s.selectors)


def _active(s: SNState, src: Unit, stat: str) -> tuple[tuple[str, int], ...]:
    """``(target, amount)`` of the static modifies of ``stat`` of unit ``src`` whose runes it
    meets: fixed by its card and the cards under it, so worked out once per deal for each."""
    by_unit = s.deal.active.get(stat)
    if by_unit is None:
        by_unit = s.deal.active[stat] = {}
    under = src.under
    key = (src.iid, under) if under else src.iid  # most units have nothing under them
    found = by_unit.get(key)
    if found is None:
        have = None
        out = []
        mods = s.deal.auras[stat][src.iid]
        assert mods is not None  # (asked only for a unit whose card has such modifies)
        for t, amount, need in mods:
            if need:
                if have is None:
                    have = runes(s, src)
                if not runes_met(have, need):
                    continue
            out.append((t, amount))
        found = by_unit[key] = tuple(out)
    return found


def _applies(s: SNState, t: Any, same_side: bool, src: Unit, u: Unit) -> bool:
    """Does a static modify of ``src`` with target ``t`` (a name, or a selector table of ``all``
    the characters it changes: cards.py ``_static_table``) apply to character ``u`` (of the same
    side as ``src`` or not)?"""
    if t.__class__ is not str:
        return _reaches(s, t, same_side, src, u)
    if same_side:
        return t == "all_own_characters" or (t == "self" and src is u) or \
            (t == "all_own_other_characters" and src is not u)
    return t == "all_opponent_characters"


def _reaches(s: SNState, sel: Any, same_side: bool, src: Unit, u: Unit) -> bool:
    """Whether a static's target table (``all`` the characters of a side, ``other``, card
    properties) takes in the character ``u``."""
    if (sel.other and u is src) or (sel.side == "own" and not same_side) or (sel.side == "opponent" and same_side):
        return False
    return s.selectors.matches(s, u, sel.tests)


def aura_bonus(s: SNState, auras: list[tuple[int, Unit, str, int]], u: Unit) -> int:
    """What the active ``auras`` (``field_auras``) add to character ``u``."""
    owner = s.owner[u.iid]
    total = 0
    for side, src, t, amount in auras:
        if _applies(s, t, side == owner, src, u):
            total += amount
    return total


def field_auras_both(s: SNState) -> tuple[list, list]:
    """``(field_auras(s, "attack"), field_auras(s, "hp"))``."""
    auras = s.deal.auras
    atk: list[tuple[int, Unit, str, int]] = []
    hp: list[tuple[int, Unit, str, int]] = []
    if not auras:
        return atk, hp
    ta, th = auras.get("attack"), auras.get("hp")
    for side, ps in enumerate(s.players):
        leader = ps.leader
        for src in (ps.chars if leader is None else ps.chars + [leader]):
            iid = src.iid
            if ta is not None and ta[iid] is not None:
                for t, amount in _active(s, src, "attack"):
                    atk.append((side, src, t, _now(s, src, amount)))
            if th is not None and th[iid] is not None:
                for t, amount in _active(s, src, "hp"):
                    hp.append((side, src, t, _now(s, src, amount)))
    return atk, hp


def _static_bonus(s: SNState, u: Unit, stat: str) -> int:
    """Sum of active static ``modify`` abilities that apply to character ``u`` (SN-R4):
    ``aura_bonus(s, field_auras(s, stat), u)`` in one scan of the field (usually finding none)."""
    table = s.deal.auras.get(stat)
    if table is None:  # no dealt card modifies this stat
        return 0
    owner = s.owner[u.iid]
    total = 0
    for side, ps in enumerate(s.players):
        leader = ps.leader
        for src in (ps.chars if leader is None else ps.chars + [leader]):
            if table[src.iid] is not None:
                for t, amount in _active(s, src, stat):
                    if _applies(s, t, side == owner, src, u):
                        total += _now(s, src, amount)
    return total


def attack_of(s: SNState, u: Unit) -> int:
    return max(0, s.cards[u.iid].attack + u.atk_mod + _static_bonus(s, u, "attack"))


def hp_of(s: SNState, u: Unit) -> int:
    return s.cards[u.iid].hp + u.hp_mod + _static_bonus(s, u, "hp")


def check_retreats(s: SNState) -> None:
    """SN-K8: any character with damage >= HP retreats to the discard pile. Repeated until
    none does, since a retreating character can take an HP aura with it."""
    players = s.players
    least = s.deal.least_hp  # could any character retreat, whatever auras are on the field?
    for u in players[0].chars:
        if u.damage - u.hp_mod >= least[u.iid]:
            break
    else:
        for u in players[1].chars:
            if u.damage - u.hp_mod >= least[u.iid]:
                break
        else:
            return
    cards = s.cards
    if "hp" not in s.deal.auras or not field_auras(s, "hp"):
        # no HP aura on the field (a retreat only takes auras away): one pass finds every
        # character that retreats (a retreat changes no other character's HP)
        for side in (s.active, 1 - s.active):
            chars = players[side].chars
            for u in chars:
                if u.damage >= cards[u.iid].hp + u.hp_mod:
                    break
            else:
                continue
            for u in list(chars):
                if u.damage >= cards[u.iid].hp + u.hp_mod:
                    leave_field(s, u, "discard", "retreat")
        return
    again = True
    while again:
        again = False
        auras = field_auras(s, "hp")
        for side in (s.active, 1 - s.active):
            chars = players[side].chars
            if not chars:
                continue
            for u in list(chars):
                hp = cards[u.iid].hp + u.hp_mod
                if auras:
                    hp += aura_bonus(s, auras, u)
                if u.damage >= hp:
                    leave_field(s, u, "discard", "retreat")
                    again = True
                    auras = field_auras(s, "hp")  # it may have taken an aura with it


# Costs (SN-C2..C4) are in payment.py: the player chooses the souls (the ``pay`` decision).
