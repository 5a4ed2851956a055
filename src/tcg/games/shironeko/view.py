"""What each player may see (``observe``) and how actions read (``describe``)."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import PrintedViews
from . import flow as F
from .cards import COLOR_JA
from .state import SNState, Unit


def _printed(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.is_main:
        d.update(color=c.color, cost=c.cost, rune=c.rune, stop=c.stop)
        if c.is_character:
            d.update(level=c.level, change_cost=c.change_cost, attack=c.attack, hp=c.hp)
    return d


_PRINTED = PrintedViews(_printed)


def card_view(s: SNState, iid: int) -> dict[str, Any]:
    """A face-up card: identity plus its printed numbers (what a player reads off the card)."""
    return _PRINTED.view(s.cards[iid], iid)


def unit_view(s: SNState, u: Unit) -> dict[str, Any]:
    c = s.cards[u.iid]
    d = card_view(s, u.iid)
    d.update(on=u.on, runes=F.runes(s, u), under=[card_view(s, i) for i in u.under])
    if c.kind != "leader":
        d.update(printed_attack=c.attack, printed_hp=c.hp)
    if c.kind == "leader":
        d["leader"] = True
        return d
    d.update(level=c.level, attack=F.attack_of(s, u), hp=F.hp_of(s, u), damage=u.damage,
             shock=u.shock, poison=u.poison, sick=u.entered == s.turn, attacked=u.attacked)
    return d


def observe(rules, s: SNState, viewer: int | None) -> dict[str, Any]:
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        cv = lambda i: card_view(s, i)  # noqa: E731
        pv: dict[str, Any] = {
            "player": p,
            "deck": len(ps.deck),
            "hand_count": len(ps.hand),
            "hand": [cv(i) for i in ps.hand] if mine else None,
            "town_deck": len(ps.town_deck),
            "town": [{**cv(i), "color": s.cards[i].color, "pays_any_color": s.cards[i].pays_any_color,
                      "on": i not in ps.souls_off} for i in ps.town],
            "characters": [unit_view(s, u) for u in ps.chars],
            "leader": unit_view(s, ps.leader) if ps.leader is not None else None,
            # SN-S1: leader cards are a second hand (第2の手札), hidden from the opponent until used
            "leader_hand": [cv(i) for i in ps.leader_hand] if mine else None,
            "leader_hand_count": len(ps.leader_hand),
            "discard": [cv(i) for i in ps.discard],
            "removed": [cv(i) for i in ps.removed],
            "damage_area": [cv(i) for i in ps.damage_area],
            "using": [cv(i) for i in ps.using],
            "mulliganed": ps.mulliganed,
        }
        if mine and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    d = s.decision
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind}
        if d.player == viewer or d.kind not in ("search",):
            decision.update(d.info)
    return {
        "game": "shironeko",
        "viewer": viewer,
        "turn": s.turn,
        "active": s.active,
        "first_player": s.first,
        "phase": s.phase,
        "decision": decision,
        "result": {"winner": s.winner, "reason": s.end_reason} if s.over else None,
        "players": players,
    }


def all_zones(s: SNState) -> Iterator[tuple[str, int]]:
    """Every card with the place it is in (for the card-conservation invariant)."""
    for p, ps in enumerate(s.players):
        for zone in ("deck", "hand", "town_deck", "town", "leader_hand", "discard", "removed",
                     "damage_area", "using"):
            for iid in getattr(ps, zone):
                yield f"p{p}.{zone}", iid
        units = ps.chars if ps.leader is None else ps.chars + [ps.leader]
        for u in units:
            yield f"p{p}.field", u.iid
            for i in u.under:
                yield f"p{p}.under", i


_EN = {
    "place": "Place {card}", "change": "Character change: {card} onto {target}",
    "awaken": "Awaken: {card} onto {target}", "monster": "Use monster {card}",
    "burst": "Burst {card}", "leaderize": "Leaderize {card}", "attack": "Attack with {attacker}",
    "activate": "Activate {card}: {ability_text}", "end_turn": "End turn",
    "mulligan_mark": "Mulligan: mark {card} to return", "mulligan_done": "Finish mulligan",
    "defend": "Defend with {defender}", "no_defense": "Do not defend (take the damage)",
    "target": "Target {target}", "trigger": "Resolve trigger of {card}",
    "discard": "Discard {card}", "search_pick": "Take {card}", "search_none": "Take nothing",
    "pay": "Pay with a {color} soul", "pay_suggested": "Pay the rest as suggested: {souls}",
}
_JA = {
    "place": "{card}を配置", "change": "キャラチェンジ: {target}の上に{card}",
    "awaken": "覚醒: {target}の上に{card}", "monster": "モンスター{card}を使用",
    "burst": "{card}のバーストを使用", "leaderize": "{card}をリーダー化", "attack": "{attacker}で攻撃",
    "activate": "{card}の起動能力: {ability_text}", "end_turn": "ターン終了",
    "mulligan_mark": "マリガン: {card}を戻す", "mulligan_done": "マリガン終了",
    "defend": "{defender}で防御", "no_defense": "防御しない（山札にダメージ）",
    "target": "{target}を対象にする", "trigger": "{card}のトリガーを使用",
    "discard": "{card}を捨てる", "search_pick": "{card}を手札に加える", "search_none": "何も加えない",
    "pay": "{color}のソウルで支払う", "pay_suggested": "残りをおすすめの支払いで支払う: {souls}",
}


def describe(rules, s: SNState, a: Action, lang: str = "en") -> str:
    table = _JA if lang == "ja" else _EN
    fmt = table.get(a.type)
    if fmt is None:
        return repr(a)
    args: dict[str, Any] = {}
    for k, v in a.params:
        if k in ("card", "target", "attacker", "defender") and isinstance(v, int) and 0 <= v < len(s.cards):
            c = s.cards[v]
            args[k] = c.name if lang == "ja" or not c.name_en else f"{c.name} [{c.name_en}]"
            if k == "card" and c.is_character and a.type in ("place", "change", "awaken"):
                cost = c.cost if a.type == "place" else c.change_cost
                color = COLOR_JA[c.color] if lang == "ja" else c.color
                args[k] += f" (Lv{c.level} {c.attack}/{c.hp}, {color} {cost})"
        else:
            args[k] = v
    if a.type == "pay":
        args["color"] = COLOR_JA[a.color] if lang == "ja" else a.color
    elif a.type == "pay_suggested":
        args["souls"] = _suggested_text(s, lang)
    if a.type == "activate":
        ab = s.cards[a.card].abilities[a.ability]
        args["ability_text"] = (ab.text if lang == "ja" else ab.text_en or ab.text) or f"#{a.ability}"
    return fmt.format(**args)


def _suggested_text(s: SNState, lang: str) -> str:
    """The souls ``pay_suggested`` would turn OFF, e.g. "yellow, red, red" (黄・赤・赤)."""
    from . import payment as P
    from .cards import COLORS
    d, pending = s.decision, s.pending
    if d is None or d.kind != "pay" or pending is None:
        return "?"
    _, p, color, n, paid, _, _ = pending
    matched = P.is_matched(s.cards, paid, color)
    vec = P.suggested(s, p, color, n - len(paid), matched)
    names = [c for c, k in zip(COLORS, vec) for _ in range(k)]
    if lang == "ja":
        return "・".join(COLOR_JA[c] for c in names)
    return ", ".join(names)
