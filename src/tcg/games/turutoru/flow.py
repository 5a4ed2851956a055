"""Turu-turu rule primitives: drawing, HP, destruction, and power/toughness with statics."""
from __future__ import annotations

from .state import TTState, Unit


def draw(s: TTState, p: int, n: int = 1) -> None:
    """TT-W2: a player who must draw from an empty deck loses (both at once: a draw, TT-W3)."""
    ps = s.players[p]
    for _ in range(n):
        if s.over:
            return
        if not ps.deck:
            lose(s, [p], "deck_out")
            return
        iid = ps.deck.pop()
        ps.hand.append(iid)
        s.emit("draw", {"player": p}, {"card": iid, "id": s.cards[iid].id}, (p,))


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


def _static(s: TTState, u: Unit, stat: str) -> int:
    owner = s.owner[u.iid]
    cards = s.cards
    total = 0
    for side in (0, 1):
        ps = s.players[side]
        sources = [(x.iid, x) for x in ps.chars] + [(d, None) for d in ps.devices]
        for x in ps.chars:
            sources.extend((d, x) for d in x.devices)
        for iid, holder in sources:
            card = cards[iid]
            for ab in card.abilities:
                if ab.kind != "static":
                    continue
                for op in ab.effects:
                    if op.args["stat"] != stat:
                        continue
                    t = op.args["target"]
                    if t == "self":
                        ok = card.kind == "character" and holder is u
                    elif t == "attached":
                        ok = card.kind == "device" and holder is u
                    elif t == "all_own_characters":
                        ok = s.owner[iid] == owner
                    else:  # all_opponent_characters
                        ok = s.owner[iid] != owner
                    if ok and matches(cards[u.iid], op.args.get("filter")):
                        total += op.args["amount"]
    return total


def power_of(s: TTState, u: Unit) -> int:
    v = max(0, s.cards[u.iid].power + u.pow_mod + _static(s, u, "power"))
    return (v + 1) // 2 if u.fan else v


def toughness_of(s: TTState, u: Unit) -> int:
    v = s.cards[u.iid].toughness + u.tough_mod + _static(s, u, "toughness")
    return (v + 1) // 2 if u.fan else v


def destroy(s: TTState, u: Unit, why: str = "destroyed") -> None:
    """A character leaves the field for its owner's discard pile; attached devices follow (TT-K2)."""
    p = s.owner[u.iid]
    ps = s.players[p]
    if u not in ps.chars:
        return
    ps.chars.remove(u)
    ps.discard.append(u.iid)
    for d in u.devices:
        s.players[s.owner[d]].discard.append(d)
    s.emit("destroyed", {"player": p, "card": u.iid, "id": s.cards[u.iid].id, "why": why,
                         "devices": list(u.devices)})


def to_hand(s: TTState, u: Unit) -> None:
    p = s.owner[u.iid]
    ps = s.players[p]
    if u not in ps.chars:
        return
    ps.chars.remove(u)
    ps.hand.append(u.iid)
    for d in u.devices:
        s.players[s.owner[d]].discard.append(d)
    s.emit("returned", {"player": p, "card": u.iid, "id": s.cards[u.iid].id, "devices": list(u.devices)})


def check_destroyed(s: TTState) -> None:
    """TT-A5: a character whose damage reaches its toughness is destroyed (repeat until stable)."""
    again = True
    while again:
        again = False
        for side in (0, 1):
            for u in list(s.players[side].chars):
                if u.damage >= toughness_of(s, u):
                    destroy(s, u)
                    again = True
