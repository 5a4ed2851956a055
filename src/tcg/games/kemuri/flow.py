"""Kemuri rule primitives: drawing with refresh, seats, CP and call-in values with statics."""
from __future__ import annotations

from .state import Cast, KMState


def seats(s: KMState, p: int) -> int:
    """KM-Z1: the sum of the levels of the seating-zone cards."""
    cards = s.cards
    return sum(cards[i].level for i in s.players[p].seating)


def take_top(s: KMState, p: int, may_refresh: bool = True) -> int | None:
    """The top card of the deck. An empty deck is refreshed from the backyard first (KM-R1),
    which gives the opponent one call-in (KM-R2); with both empty there is no card (KM-R3).
    ``may_refresh=False`` (a call-in granted by a refresh) never refreshes: otherwise two
    players cycling only trigger cards could refresh each other forever."""
    ps = s.players[p]
    if not ps.deck:
        if not ps.backyard or not may_refresh:
            s.emit("no_card", {"player": p})
            return None
        ps.deck = ps.backyard
        ps.backyard = []
        s.rng.shuffle(ps.deck)
        ps.refreshes += 1
        s.emit("refresh", {"player": p, "cards": len(ps.deck)})
        s.steps.append(("call_in", 1 - p, 1, "refresh"))
    return ps.deck.pop()


def draw(s: KMState, p: int, n: int = 1) -> None:
    ps = s.players[p]
    for _ in range(n):
        iid = take_top(s, p)
        if iid is None:
            return
        ps.hand.append(iid)
        s.emit("draw", {"player": p}, {"card": iid, "id": s.cards[iid].id}, (p,))


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
        for ab in cards[iid].abilities:
            if ab.kind != "static":
                continue
            for op in ab.effects:
                if op.args["stat"] != stat:
                    continue
                t = op.args["target"]
                mine = s.owner[iid] == owner
                ok = (t == "self" and holder is c) or t == "all_casts" or \
                    (t == "all_own_casts" and mine) or (t == "all_opponent_casts" and not mine)
                if ok and matches(top, op.args.get("filter")):
                    total += op.args["amount"]
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
