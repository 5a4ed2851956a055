"""What each Kemuri player may see (``observe``) and how actions read (``describe``, worded by text.py)."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import FrozenList, FrozenView, PileViews, PrintedViews
from ...engine.state import pile_places
from . import flow as F
from .state import NO_CHARM, Cast, KMState, printed


#: decisions whose details only the deciding player is shown (the cards of a search, a choice
#: among the hand, the cards of a look)
SECRET_INFO = ("pick_card", "target_hidden", "look_take", "look_order")


def printed_card(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.kind != "leader":
        d["level"] = c.level
    if c.kind == "cast":
        d.update(cost=c.cost, shift=c.shift, cp=c.cp, call_in=c.call_in, person=c.person)
    if c.help_shift:
        d.update(help_shift=c.help_shift, help_cp=c.help_cp)
    if c.kind == "event":
        d["removal_cost"] = c.removal_cost
    if c.has_trigger:
        d["trigger"] = True
    return d


_PRINTED = PrintedViews(printed_card)


def card_view(s: KMState, iid: int) -> dict[str, Any]:
    return _PRINTED.view(s.cards[iid], iid)


def cast_view(s: KMState, c: Cast, sources: list | None = None) -> dict[str, Any]:
    """A cast on the floor: its top card's view with its CP and call-ins now, whether it has
    served and the cards crossed under it (``sources``: ``F.static_sources(s)`` if known)."""
    d = card_view(s, c.iid)
    d.update(cp_now=F.cp_of(s, c, sources), call_in_now=F.call_in_of(s, c, sources), served=c.served,
             cross=[card_view(s, i) for i in c.below])
    return d


def shared_views(s: KMState) -> list:
    """The agents' shared read-only view of each instance id's printed facts (``FrozenView``s,
    ``_PRINTED.shared``), listed once per cards tuple (``printed(s).views``)."""
    d = printed(s)
    views = d.views
    if views is None:
        views = d.views = [_PRINTED.shared(c, i) for i, c in enumerate(s.cards)]
    return views


def observe(rules, s: KMState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    """What ``viewer`` sees. ``shared`` (agents' observations): the same content, the cards'
    printed facts as one read-only dict per card (shared by every such observation)."""
    if shared:
        return _observe_shared(rules, s, viewer)
    sources = F.static_sources(s)

    def cv(i):
        return card_view(s, i)

    def pile(iids):
        return [card_view(s, i) for i in iids]

    def cast(c):
        return cast_view(s, c, sources)
    charms = printed(s).charm
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        leader = None
        if ps.leader >= 0:
            timing = charms[ps.leader]
            if timing is NO_CHARM:
                timing = s.cards[ps.leader].abilities_of("charm")[0].timing  # (a leader has one)
            leader = {**cv(ps.leader), "person": s.cards[ps.leader].person,
                      "active": ps.leader_active, "charm_used": ps.charm_used,
                      "charm_timing": timing}
        pv = {
            "player": p, "seats": F.seats(s, p), "deck": len(ps.deck), "hand_count": len(ps.hand),
            "hand": pile(ps.hand) if mine else None,
            "backyard": pile(ps.backyard),
            "seating": pile(ps.seating),
            "floor": [cast(c) for c in ps.floor],
            "resolving": pile(ps.resolving),
            "leader": leader, "refreshes": ps.refreshes, "mulliganed": ps.mulliganed,
            "event_used": ps.used_event, "support_used": ps.used_support,
        }
        if mine and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    decision = s.decision_view(viewer, SECRET_INFO)
    return {
        "game": "kemuri", "viewer": viewer, "turn": s.turn, "active": s.active, "first_player": s.first,
        "phase": s.phase, "close_seats": rules.close_seats,
        "event": cv(s.event) | {"owner": s.owner[s.event]} if s.event >= 0 else None,
        "serving": {"server": s.serving[0], "receiver": s.serving[1],
                    "help": pile(s.help_used)} if s.serving else None,
        "decision": decision,
        "result": s.result_view(),
        "players": players,
    }


def _cast_shared(s: KMState, d, c: Cast, sources: list) -> FrozenView:
    """A cast's view in a shared observation: read-only and made once per (top card, cards
    under it, CP and call-ins now, served), the same content as ``cast_view``."""
    if sources:
        cp, ci = F.cp_of(s, c, sources), F.call_in_of(s, c, sources)
    else:  # F.cp_of / F.call_in_of with no static modifier on the field
        cards = s.cards
        top = cards[c.iid]
        cp = top.cp
        for i in c.below:
            cp += cards[i].cp
        cp = max(0, cp + c.cp_mod + c.below_cp())
        ci = max(0, top.call_in + c.call_mod)
    key = (c.iid, c.below, cp, ci, c.served)
    v = d.cast_views.get(key)
    if v is None:
        if len(d.cast_views) > 20_000:  # bounded (a game sees few of them)
            d.cast_views.clear()
        fv = d.views
        v = d.cast_views[key] = FrozenView({**fv[c.iid], "cp_now": cp, "call_in_now": ci, "served": c.served,
                                            "cross": FrozenList(map(fv.__getitem__, c.below))})
    return v


def _leader_shared(s: KMState, d, ps) -> FrozenView:
    """A leader's view in a shared observation: read-only, made once per (card, active, charm
    used)."""
    key = (ps.leader, ps.leader_active, ps.charm_used)
    v = d.leader_views.get(key)
    if v is None:
        timing = d.charm[ps.leader]
        if timing is NO_CHARM:
            timing = s.cards[ps.leader].abilities_of("charm")[0].timing  # (a leader has one)
        v = d.leader_views[key] = FrozenView({**d.views[ps.leader], "person": s.cards[ps.leader].person,
                                              "active": ps.leader_active, "charm_used": ps.charm_used,
                                              "charm_timing": timing})
    return v


class _Seatings(dict):
    """A seating zone's shared view and its seats (the sum of its levels), by the tuple of its
    instance ids: made on the first look-up, emptied when it grows large."""

    __slots__ = ("piles", "level")

    def __init__(self, piles: PileViews, level: tuple):
        super().__init__()
        self.piles, self.level = piles, level

    def __missing__(self, iids: tuple) -> tuple:
        if len(self) > 20_000:
            self.clear()
        v = self[iids] = (self.piles[iids], sum(map(self.level.__getitem__, iids)))
        return v


def _observe_shared(rules, s: KMState, viewer: int | None) -> dict[str, Any]:
    """``observe(..., shared=True)``: the same content as ``observe``, built from the shared card
    views (``shared_views``) and the derived facts of the cards (``printed``); its casts and
    leaders are read-only views too, made once per what they show. A cast's view is looked up by
    (card, crossed cards, its CP and call-in modifiers, served, the cards with static modifiers on
    the field), which fixes its CP and call-ins now (``plain_casts``): a static modifier reads the
    source's owner and whether it is this very cast (a card is in one place only), and the cast's
    top card and owner, each fixed by the instance id."""
    d = printed(s)
    fv = d.views or shared_views(s)
    seatings = d.seatings
    if seatings is None:
        d.pile_views = PileViews(fv)
        seatings = d.seatings = _Seatings(d.pile_views, d.level)
    piles = d.pile_views
    # the static modifiers on the field, by their cards (``F.static_sources``, worked out only for
    # a cast view not made yet): the top card of a cast (its instance id) or the event (-1 - its
    # id), each with its owner and modifiers fixed by the card — or, for a card with a static
    # ability that has an ``if``, by the card and the modifiers whose condition holds now
    mods, conds = d.mods, d.static_conds
    sig: list = [x.iid for ps in s.players for x in ps.floor if mods[x.iid] is not None]
    if s.event >= 0 and mods[s.event] is not None:
        sig.append(-1 - s.event)
    if d.any_static_conds and any(conds[i if i >= 0 else -1 - i] is not None for i in sig):
        sig = [(i, F.holding(s, j, conds[j])) if conds[j] is not None else i
               for i in sig for j in (i if i >= 0 else -1 - i,)]
    sig = tuple(sig)
    sources = None
    plain = d.plain_casts
    players = []
    for p, ps in enumerate(s.players):
        floor = []
        for c in ps.floor:
            key = (c.iid, c.below, c.cp_mod, c.call_mod, c.below_mods, c.served, sig)
            v = plain.get(key)
            if v is None:
                if sources is None:
                    sources = F.static_sources(s)
                v = _cast_shared(s, d, c, sources)
                if len(plain) > 20_000:
                    plain.clear()
                plain[key] = v
            floor.append(v)
        if ps.leader >= 0:
            leader = d.leader_views.get((ps.leader, ps.leader_active, ps.charm_used)) or _leader_shared(s, d, ps)
        else:
            leader = None
        seating, seats = seatings[tuple(ps.seating)]
        pv = {
            "player": p, "seats": seats, "deck": len(ps.deck), "hand_count": len(ps.hand),
            "hand": piles[tuple(ps.hand)] if viewer == p else None,
            "backyard": piles[tuple(ps.backyard)],
            "seating": seating,
            "floor": floor,
            "resolving": piles[tuple(ps.resolving)],
            "leader": leader, "refreshes": ps.refreshes, "mulliganed": ps.mulliganed,
            "event_used": ps.used_event, "support_used": ps.used_support,
        }
        if viewer == p and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    dec = s.decision
    if dec is None:
        decision = None
    else:
        decision = {"player": dec.player, "kind": dec.kind}
        if dec.player == viewer or dec.kind not in SECRET_INFO:
            decision.update(dec.info)
    return {
        "game": "kemuri", "viewer": viewer, "turn": s.turn, "active": s.active, "first_player": s.first,
        "phase": s.phase, "close_seats": rules.close_seats,
        "event": fv[s.event] | {"owner": s.owner[s.event]} if s.event >= 0 else None,
        "serving": {"server": s.serving[0], "receiver": s.serving[1],
                    "help": piles[tuple(s.help_used)]} if s.serving else None,
        "decision": decision,
        "result": {"winner": s.winner, "reason": s.end_reason} if s.over else None,
        "players": players,
    }


def all_zones(s: KMState) -> Iterator[tuple[str, int]]:
    for p, ps in enumerate(s.players):
        yield from pile_places(p, ps, ("deck", "hand", "backyard", "seating", "resolving"))
        for c in ps.floor:
            for m in c.members:
                yield f"p{p}.floor", m
        if ps.leader >= 0:
            yield f"p{p}.leader", ps.leader
    if s.event >= 0:
        yield "event", s.event
    for i in s.help_used:
        yield "help", i


def describe(rules, s: KMState, a: Action, lang: str = "en") -> str:
    """The plain label of an action, worded by the game's text layer (text.py / text.toml)."""
    from .text import describe as describe_action
    return describe_action(s, a, lang)
