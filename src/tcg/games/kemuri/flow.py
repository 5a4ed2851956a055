"""Kemuri rule primitives: drawing with refresh, seats, CP and call-in values with statics."""
from __future__ import annotations

from ...engine.piles import move_top_cards
from .state import Cast, KMState


def seats(s: KMState, p: int) -> int:
    """KM-Z1: the sum of the levels of the seating-zone cards."""
    cards = s.cards
    return sum(cards[i].level for i in s.players[p].seating)


def take_top(s: KMState, p: int) -> int | None:
    """The top card of the deck. A deck that ran out while the backyard was empty is refreshed
    now if the backyard has cards since (KM-R1); with both empty there is no card (KM-R3).
    The caller calls ``check_refresh`` once it has put the card where it goes."""
    ps = s.players[p]
    if not ps.deck:
        refresh(s, p)
        if not ps.deck:
            s.emit("no_card", {"player": p})
            return None
    return ps.deck.pop()


def check_refresh(s: KMState, p: int) -> None:
    """KM-R1: the moment the deck runs out, the backyard is shuffled into a new deck."""
    if not s.players[p].deck:
        refresh(s, p)


def refresh(s: KMState, p: int) -> None:
    """Shuffle the backyard into an empty deck; the opponent calls in once (KM-R2), after the
    call-in sequence in progress if there is one. A refresh with an empty backyard does nothing
    and grants nothing: that is what keeps two refreshing players from calling in forever."""
    ps = s.players[p]
    if ps.deck or not ps.backyard:
        return
    ps.deck = ps.backyard
    ps.backyard = []
    s.rng.shuffle(ps.deck)
    ps.refreshes += 1
    s.emit("refresh", {"player": p, "cards": len(ps.deck)})
    if s.callin_open:
        s.owed_call_ins.append(1 - p)
    else:
        s.steps.append(("call_in", 1 - p, 1, "refresh"))


def draw(s: KMState, p: int, n: int = 1) -> None:
    move_top_cards(s, p, n, take_top, "hand", "draw", private=True, after=check_refresh)


def mill(s: KMState, p: int, n: int) -> None:
    move_top_cards(s, p, n, take_top, "backyard", "mill", after=check_refresh)


def can_total(levels: list[int], total: int, most: int) -> bool:
    """Whether one to ``most`` of ``levels`` (one entry per card) add up to exactly ``total``."""
    reach = {(0, 0)}  # (cards taken, their total) reachable so far
    for lv in levels:
        reach |= {(k + 1, t + lv) for k, t in reach if k < most and t + lv <= total}
    return any(k and t == total for k, t in reach)


def floor_count(s: KMState, p: int) -> int:
    return sum(1 + len(c.below) for c in s.players[p].floor)


def matches(card, flt: dict | None) -> bool:
    return not flt or all(getattr(card, k, None) == v for k, v in flt.items())


def _static(s: KMState, c: Cast, stat: str) -> int:
    owner = s.owner[c.iid]
    cards = s.cards
    top = cards[c.iid]
    total = 0
    sources = [(x.iid, x) for ps in s.players for x in ps.floor]  # only top cards (KM-K3)
    if s.event >= 0:
        sources.append((s.event, None))
    for iid, holder in sources:
        for _, args in cards[iid].static_modifies(stat):
            t = args["target"]
            mine = s.owner[iid] == owner
            ok = (t == "self" and holder is c) or t == "all_casts" or \
                (t == "all_own_casts" and mine) or (t == "all_opponent_casts" and not mine)
            if ok and matches(top, args.get("filter")):
                total += args["amount"]
    return total


def cp_of(s: KMState, c: Cast) -> int:
    """KM-K3: a cross's CP is the sum of its casts; other abilities come from the top card only."""
    cards = s.cards
    return max(0, sum(cards[i].cp for i in c.members) + c.cp_mod + _static(s, c, "cp"))


def call_in_of(s: KMState, c: Cast) -> int:
    return max(0, s.cards[c.iid].call_in + c.call_mod + _static(s, c, "call_in"))


def cast_leaves(s: KMState, c: Cast, to: str = "backyard") -> None:
    """A cast (every card of a cross) leaves the floor for its owner's backyard or hand."""
    p = s.owner[c.iid]
    ps = s.players[p]
    if c not in ps.floor:
        return
    ps.floor.remove(c)
    (ps.hand if to == "hand" else ps.backyard).extend(c.members)
    s.emit("cast_leaves", {"player": p, "cards": list(c.members), "to": to})
