"""What each player may see (``observe``) and how actions read (``describe``, worded by text.py)."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import FrozenList, FrozenView, PileViews, PrintedViews
from ...engine.state import pile_places
from . import flow as F
from .state import SNState, Unit


def printed_card(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.is_main:
        d.update(color=c.color, cost=c.cost, rune=c.rune, stop=c.stop)
        if c.is_character:
            d.update(level=c.level, change_cost=c.change_cost, attack=c.attack, hp=c.hp)
    return d


_PRINTED = PrintedViews(printed_card)


def card_view(s: SNState, iid: int) -> dict[str, Any]:
    """A face-up card: identity plus its printed numbers (what a player reads off the card)."""
    return _PRINTED.view(s.cards[iid], iid)


def shared_views(s: SNState) -> tuple:
    """Per iid, the shared read-only view of the card's printed facts (``_PRINTED.shared``),
    built once per deal."""
    deal = s.deal
    views = deal.views
    if views is None:
        views = tuple(_PRINTED.shared(c, i) for i, c in enumerate(s.cards))
        # observe() copies them with dict() for fresh views: a list value would be shared
        assert not any(isinstance(v, list) for view in views for v in view.values())
        deal.views = views
    return views


class TownViews(dict):
    """The shared views of towns, by (the tuple of the town's iids, the frozenset of the OFF
    souls): a read-only list of each soul's shared view as ON or OFF (``shared_souls``), made on
    the first look-up (emptied when it grows large)."""

    __slots__ = ("souls",)

    def __init__(self, souls: list):
        super().__init__()
        self.souls = souls

    def __missing__(self, key: tuple) -> FrozenList:
        if len(self) > 20_000:
            self.clear()
        town, off = key
        souls = self.souls
        v = self[key] = FrozenList([souls[i][i not in off] for i in town])
        return v


EMPTY: frozenset = frozenset()


def pile_views(s: SNState) -> tuple[PileViews, TownViews]:
    """The deal's ``PileViews`` and ``TownViews`` (made on first use)."""
    deal = s.deal
    piles = deal.piles
    if piles is None:
        piles = deal.piles = (PileViews(shared_views(s)), TownViews(shared_souls(s)))
    return piles


def _soul(s: SNState, iid: int, on: bool) -> dict[str, Any]:
    c = s.cards[iid]
    return {**card_view(s, iid), "color": c.color, "pays_any_color": c.pays_any_color, "on": on}


def shared_souls(s: SNState) -> list:
    """Per iid, the town view of the card as an OFF and as an ON soul (index ``on``), each one
    shared read-only dict, built once per deal."""
    deal = s.deal
    souls = deal.souls
    if souls is None:
        souls = deal.souls = [(FrozenView(_soul(s, i, False)), FrozenView(_soul(s, i, True)))
                              for i in range(len(s.cards))]
    return souls


def unit_view(s: SNState, u: Unit, auras: tuple | None = None, shared: bool = False) -> dict[str, Any]:
    """A character or leader on the field as it is now. ``auras``: the field's active static
    abilities of attack and of HP (``F.field_auras``), when the caller has them already;
    ``shared``: one read-only view, the same object while the unit shows the same (kept on the
    unit, keyed by everything the view shows), with the cards under it as shared views."""
    iid = u.iid
    c = s.cards[iid]
    leader = c.kind == "leader"
    if leader:
        key: tuple = (iid, u.under, u.on)
    else:
        if auras is None:
            auras = (F.field_auras(s, "attack"), F.field_auras(s, "hp"))
        atk, hp = auras
        attack = max(0, c.attack + u.atk_mod + (F.aura_bonus(s, atk, u) if atk else 0))
        hp = c.hp + u.hp_mod + (F.aura_bonus(s, hp, u) if hp else 0)
        key = (iid, u.under, u.on, attack, hp, u.damage, u.shock, u.poison, u.entered == s.turn, u.attacked)
    if shared:
        hit = u.view
        if hit is not None and hit[0] == key:
            return hit[1]
        views = shared_views(s)
        under = [views[i] for i in u.under]
    else:
        under = [card_view(s, i) for i in u.under]
    base = shared_views(s)[iid]  # the printed facts (they hold no lists)
    make = FrozenView if shared else dict
    if leader:
        d = make(base, on=u.on, runes=F.runes(s, u), under=under, leader=True)
    else:
        d = make(base, on=u.on, runes=F.runes(s, u), under=under, printed_attack=c.attack, printed_hp=c.hp,
                 level=c.level, attack=attack, hp=hp, damage=u.damage, shock=u.shock, poison=u.poison,
                 sick=u.entered == s.turn, attacked=u.attacked)
    if shared:
        u.view = (key, d)
    return d


def _shared_units(s: SNState, units: list[Unit], auras: tuple) -> list[dict[str, Any]]:
    """``[unit_view(s, u, auras, shared=True) for u in units]`` for characters, with the check
    that a unit's kept view still holds done here (most units show the same as last time)."""
    out = []
    cards = s.cards
    turn = s.turn
    atk, hp_auras = auras
    for u in units:
        hit = u.view
        if hit is not None:  # (a leader's key is shorter: never equal below)
            c = cards[u.iid]
            attack = c.attack + u.atk_mod
            if atk:
                attack += F.aura_bonus(s, atk, u)
            hp = c.hp + u.hp_mod
            if hp_auras:
                hp += F.aura_bonus(s, hp_auras, u)
            if hit[0] == (u.iid, u.under, u.on, attack if attack > 0 else 0, hp, u.damage, u.shock, u.poison,
                          u.entered == turn, u.attacked):
                out.append(hit[1])
                continue
        out.append(unit_view(s, u, auras, True))
    return out


def observe(rules, s: SNState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    # shared (agents' observations): cards' printed facts as one read-only dict per card, and
    # each soul's town view as one read-only dict per card and state (ON / OFF)
    views = shared_views(s)
    souls = shared_souls(s)
    auras = F.field_auras_both(s)
    piles, towns = pile_views(s) if shared else (None, None)
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        if shared:
            hand = piles[tuple(ps.hand)] if mine else None
            leader_hand = piles[tuple(ps.leader_hand)] if mine else None
            discard = piles[tuple(ps.discard)]
            removed = piles[tuple(ps.removed)]
            damage_area = piles[tuple(ps.damage_area)]
            using = piles[tuple(ps.using)]
            off = ps.souls_off
            town = towns[(tuple(ps.town), frozenset(off) if off else EMPTY)]
        else:  # fresh dicts (copies of the shared ones: their values hold no lists)
            hand = [dict(views[i]) for i in ps.hand] if mine else None
            leader_hand = [dict(views[i]) for i in ps.leader_hand] if mine else None
            discard = [dict(views[i]) for i in ps.discard]
            removed = [dict(views[i]) for i in ps.removed]
            damage_area = [dict(views[i]) for i in ps.damage_area]
            using = [dict(views[i]) for i in ps.using]
            off = ps.souls_off
            town = [dict(souls[i][i not in off]) for i in ps.town]
        pv: dict[str, Any] = {
            "player": p,
            "deck": len(ps.deck),
            "hand_count": len(ps.hand),
            "hand": hand,
            "town_deck": len(ps.town_deck),
            "town": town,
            "characters": ((_shared_units(s, ps.chars, auras) if shared else
                            [unit_view(s, u, auras) for u in ps.chars]) if ps.chars else []),
            "leader": unit_view(s, ps.leader, auras, shared) if ps.leader is not None else None,
            # SN-S1: leader cards are a second hand (第2の手札), hidden from the opponent until used
            "leader_hand": leader_hand,
            "leader_hand_count": len(ps.leader_hand),
            "discard": discard,
            "removed": removed,
            "damage_area": damage_area,
            "using": using,
            "mulliganed": ps.mulliganed,
        }
        if mine and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    decision = s.decision_view(viewer, ("search", "target_hidden", "look_take", "look_order"))
    return {
        "game": "shironeko",
        "viewer": viewer,
        "turn": s.turn,
        "active": s.active,
        "first_player": s.first,
        "phase": s.phase,
        "decision": decision,
        "result": s.result_view(),
        "players": players,
    }


def all_zones(s: SNState) -> Iterator[tuple[str, int]]:
    """Every card with the place it is in (for the card-conservation invariant)."""
    for p, ps in enumerate(s.players):
        yield from pile_places(p, ps, ("deck", "hand", "town_deck", "town", "leader_hand", "discard", "removed",
                                       "damage_area", "using"))
        units = ps.chars if ps.leader is None else ps.chars + [ps.leader]
        for u in units:
            yield f"p{p}.field", u.iid
            for i in u.under:
                yield f"p{p}.under", i


def describe(rules, s: SNState, a: Action, lang: str = "en") -> str:
    """How an action reads: the words are in text.toml, put together by text.py."""
    from .text import describe as describe_action
    return describe_action(s, a, lang)
