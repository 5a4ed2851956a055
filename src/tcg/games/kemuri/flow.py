"""Kemuri rule primitives: drawing with refresh, seats, CP and call-in values with statics."""
from __future__ import annotations

from ...engine.effects import EffectCtx
from ...engine.piles import move_top_cards, put_in_pile
from .state import CallInStep, Cast, KMState, printed

SWAP_MAX = 3  # KM-T2: one to three hand cards per seating card (levels are 1..3)


def seats(s: KMState, p: int) -> int:
    """KM-Z1: the sum of the levels of the seating-zone cards."""
    return sum(map(printed(s).level.__getitem__, s.players[p].seating))


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
        s.steps.append(CallInStep("call_in", 1 - p, 1, "refresh"))


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


_CAN_MAKE: dict[tuple, bool] = {}


def can_make(counts: dict[int, int], total: int, most: int) -> bool:
    """``can_total`` of the levels counted in ``counts`` (level -> how many cards): the answer
    depends only on how many cards of each level there are, up to ``most`` of each, so it is
    worked out once per such shape (the cost stays the same whatever the hand's size)."""
    shape = [(lv, n if n < most else most) for lv, n in counts.items() if n > 0]
    shape.sort()
    key = (tuple(shape), total, most)
    ok = _CAN_MAKE.get(key)
    if ok is None:
        if len(_CAN_MAKE) > 4096:  # bounded (levels are 1..3: far fewer shapes in practice)
            _CAN_MAKE.clear()
        ok = _CAN_MAKE[key] = can_total([lv for lv, n in key[0] for _ in range(n)], total, most)
    return ok


def level_counts(levels, iids) -> dict[int, int]:
    """How many of the cards ``iids`` have each level (``levels``: ``printed(s).level``)."""
    lvs = list(map(levels.__getitem__, iids))
    c1, c2, c3 = lvs.count(1), lvs.count(2), lvs.count(3)
    if c1 + c2 + c3 == len(lvs):  # deck cards' levels are 1..3 (some counts may be 0)
        return {1: c1, 2: c2, 3: c3}
    counts: dict[int, int] = {}
    for lv in lvs:
        counts[lv] = counts.get(lv, 0) + 1
    return counts


def floor_count(s: KMState, p: int) -> int:
    return sum(1 + len(c.below) for c in s.players[p].floor)


def matches(card, flt: dict | None) -> bool:
    return not flt or all(getattr(card, k, None) == v for k, v in flt.items())


def static_sources(s: KMState) -> list[tuple]:
    """(source's owner, its cast or None for the event, its static modifies (``Printed.mods``:
    cp, call_in)) of every card on the field with static abilities: the top card of each cast
    (KM-K3) and the event. Computed once, it serves every ``cp_of`` / ``call_in_of`` of the same
    state."""
    d = printed(s)
    mods, conds = d.mods, d.static_conds
    owner = s.owner
    placed: list[tuple[int, Cast | None]] = [(x.iid, x) for ps in s.players for x in ps.floor]
    if s.event >= 0:
        placed.append((s.event, None))
    out = []
    for iid, x in placed:
        m = mods[iid]
        if m is not None:
            cm = conds[iid]
            if cm is not None:
                m = holding(s, iid, cm)
            out.append((owner[iid], x, m))
    return out


def holding(s: KMState, iid: int, statics: tuple) -> tuple:
    """The static modifiers (cp, call_in) of the card ``iid`` whose abilities' ``if`` holds now,
    their "for each" amounts counted now (``statics``: ``Printed.static_conds`` of the card;
    ``KMState.condition_holds``, set by games/kemuri/conditions.py, evaluates the conditions,
    ``KMState.amount_value``, set by games/kemuri/select.py, the amounts)."""
    ctx = EffectCtx(s.owner[iid], iid)
    cp: tuple = ()
    ci: tuple = ()
    for cond, c, i in statics:
        if cond is None or s.condition_holds(s, ctx, cond):
            cp += _counted(s, iid, c)
            ci += _counted(s, iid, i)
    return (cp, ci)


def _counted(s: KMState, iid: int, entries: tuple) -> tuple:
    """Static entries (target, filter, amount) with each "for each" amount counted now."""
    if all(type(a) is int for _, _, a in entries):
        return entries
    return tuple((t, f, a if type(a) is int else s.amount_value(s, a, s.owner[iid], iid)) for t, f, a in entries)


def _static(s: KMState, c: Cast, which: int, sources: list[tuple] | None) -> int:
    """The static modifiers of stat ``which`` (0: cp, 1: call_in) on cast ``c``."""
    if sources is None:
        sources = static_sources(s)
    if not sources:
        return 0
    owner = s.owner[c.iid]
    top = s.cards[c.iid]
    total = 0
    for src_owner, holder, m in sources:
        mine = src_owner == owner
        for t, flt, amount in m[which]:
            if t.__class__ is not str:  # a table of all the casts of a side (cards.py _static_table)
                ok = _reaches(s, t, mine, holder, c)
            else:
                ok = (t == "self" and holder is c) or t == "all_casts" or \
                    (t == "all_own_casts" and mine) or (t == "all_opponent_casts" and not mine)
            if ok and (flt is None or all(getattr(top, k, None) == v for k, v in flt)):
                total += amount
    return total


def _reaches(s: KMState, sel, mine: bool, holder: Cast | None, c: Cast) -> bool:
    """Whether a static's target table takes in the cast ``c`` (``mine``: of the same side as the
    static's card; ``holder``: the cast that has the static, None for the event)."""
    if (sel.side == "own" and not mine) or (sel.side == "opponent" and mine) or (sel.other and holder is c):
        return False
    return s.static_matches(s, c, sel.tests)


def cp_of(s: KMState, c: Cast, sources: list[tuple] | None = None) -> int:
    """KM-K3: a cross's CP is the sum of its casts; other abilities come from the top card only.
    ``sources``: ``static_sources(s)`` when the caller has it already."""
    cards = s.cards
    cp = cards[c.iid].cp
    for i in c.below:
        cp += cards[i].cp
    return max(0, cp + c.cp_mod + c.below_cp() + _static(s, c, 0, sources))


def call_in_of(s: KMState, c: Cast, sources: list[tuple] | None = None) -> int:
    """KM-K3: the top card's call-in value and its own changes (never those of the cards below)."""
    return max(0, s.cards[c.iid].call_in + c.call_mod + _static(s, c, 1, sources))


def cast_leaves(s: KMState, c: Cast, to: str = "backyard", why: str | None = None, position: str = "top") -> None:
    """A cast (every card of a cross) leaves the floor for its owner's backyard or hand, or (moved
    by an effect) their deck (on top in the cast's order, or at the bottom: ``position``) or seating
    zone (as customers). ``why``: ``destroyed`` (a lost CP comparison, a ``destroy``) or None; the
    event does not tell it, the triggers do (games/kemuri/triggers.py)."""
    p = s.owner[c.iid]
    ps = s.players[p]
    if c not in ps.floor:
        return
    ps.floor.remove(c)
    if to == "deck":
        if position == "bottom":
            ps.deck[0:0] = reversed(c.members)
        else:
            ps.deck.extend(c.members)
    elif to == "seating":
        ps.seating.extend(c.members)
    else:
        (ps.hand if to == "hand" else ps.backyard).extend(c.members)
    ev = {"player": p, "cards": list(c.members), "to": to}
    if to == "deck":
        ev["position"] = position
    s.emit("cast_leaves", ev, why=why)


#: the zones whose cards both players see (a card moved into or out of one is named to both)
PUBLIC_ZONES = ("backyard", "seating", "event", "floor")


def move_card(s: KMState, iid: int, p: int, zone: str, to: str, position: str = "top") -> None:
    """An effect moves a card of player ``p`` from ``zone`` (a pile, or ``event``: the event on
    the field) to their ``to`` zone (the deck's top or bottom: ``position``): a ``move`` event,
    the card named to everyone when either zone is public, to its owner alone when it comes from
    or goes to the hand, to nobody otherwise (deck to deck)."""
    ps = s.players[p]
    if zone == "event":
        s.event = -1
    else:
        getattr(ps, zone).remove(iid)
    put_in_pile(ps, to, iid, position)
    ev: dict = {"player": p, "from": zone, "to": to}
    if to == "deck":
        ev["position"] = position
    if "seating" in (zone, to):
        ev["seats"] = seats(s, p)
    what = {"card": iid, "id": s.cards[iid].id}
    if zone in PUBLIC_ZONES or to in PUBLIC_ZONES:
        s.emit("move", {**ev, **what})
    else:
        s.emit("move", ev, what, (p,) if "hand" in (zone, to) else ())
