"""What each Kemuri player may see, and how actions read."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import PrintedViews
from . import flow as F
from .cards import SHIFT_JA
from .state import Cast, KMState


def _printed(c) -> dict[str, Any]:
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


_PRINTED = PrintedViews(_printed)


def card_view(s: KMState, iid: int) -> dict[str, Any]:
    return _PRINTED.view(s.cards[iid], iid)


def cast_view(s: KMState, c: Cast) -> dict[str, Any]:
    d = card_view(s, c.iid)
    d.update(cp_now=F.cp_of(s, c), call_in_now=F.call_in_of(s, c), served=c.served,
             cross=[card_view(s, i) for i in c.below])
    return d


def observe(rules, s: KMState, viewer: int | None) -> dict[str, Any]:
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        leader = None
        if ps.leader >= 0:
            leader = {**card_view(s, ps.leader), "person": s.cards[ps.leader].person,
                      "active": ps.leader_active, "charm_used": ps.charm_used,
                      "charm_timing": s.cards[ps.leader].abilities_of("charm")[0].timing}
        pv = {
            "player": p, "seats": F.seats(s, p), "deck": len(ps.deck), "hand_count": len(ps.hand),
            "hand": [card_view(s, i) for i in ps.hand] if mine else None,
            "backyard": [card_view(s, i) for i in ps.backyard],
            "seating": [card_view(s, i) for i in ps.seating],
            "floor": [cast_view(s, c) for c in ps.floor],
            "resolving": [card_view(s, i) for i in ps.resolving],
            "leader": leader, "refreshes": ps.refreshes, "mulliganed": ps.mulliganed,
            "event_used": ps.used_event, "support_used": ps.used_support,
        }
        if mine and ps.mull_pick:
            pv["mulligan_pick"] = list(ps.mull_pick)
        players.append(pv)
    d = s.decision
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind}
        if d.player == viewer or d.kind != "pick_card":
            decision.update(d.info)
    return {
        "game": "kemuri", "viewer": viewer, "turn": s.turn, "active": s.active, "first_player": s.first,
        "phase": s.phase, "close_seats": rules.close_seats,
        "event": card_view(s, s.event) | {"owner": s.owner[s.event]} if s.event >= 0 else None,
        "serving": {"server": s.serving[0], "receiver": s.serving[1],
                    "help": [card_view(s, i) for i in s.help_used]} if s.serving else None,
        "decision": decision,
        "result": {"winner": s.winner, "reason": s.end_reason} if s.over else None,
        "players": players,
    }


def all_zones(s: KMState) -> Iterator[tuple[str, int]]:
    for p, ps in enumerate(s.players):
        for zone in ("deck", "hand", "backyard", "seating", "resolving"):
            for iid in getattr(ps, zone):
                yield f"p{p}.{zone}", iid
        for c in ps.floor:
            for m in c.members:
                yield f"p{p}.floor", m
        if ps.leader >= 0:
            yield f"p{p}.leader", ps.leader
    if s.event >= 0:
        yield "event", s.event
    for i in s.help_used:
        yield "help", i


_EN = {"mulligan_mark": "Mulligan: mark {card} for the backyard", "mulligan_done": "Finish mulligan",
       "swap_out": "Charcoal change: swap out {seat}", "swap_in": "Charcoal change: swap in {card}",
       "end_charcoal": "End the charcoal change",
       "leader_draw": "Lock the leader: draw 1", "place": "Place cast {card}", "event": "Place event {card}",
       "remove_event": "Remove the event (pay its removal cost)", "support": "Use support {card}",
       "cross": "Flavour cross: {casts}", "charm": "Lock the leader: use the charm",
       "activate": "Use the ability of {card}", "end_operation": "End the operation phase",
       "trouble": "Use trouble {card}", "pass": "Pass", "serve": "Serve with {cast} → {target}",
       "end_serving": "End serving", "help": "Help: {card}", "done": "Done", "pay": "Pay with {card}",
       "close": "Close with the leader (win)", "end_turn": "End the turn", "target": "Target {target}",
       "pick": "Take {card}", "pick_none": "Take nothing"}
_JA = {"mulligan_mark": "マリガン: {card}を選ぶ", "mulligan_done": "マリガン終了",
       "swap_out": "炭替え: 客席の{seat}を入れ替える", "swap_in": "炭替え: 手札の{card}を客席へ",
       "end_charcoal": "炭替え終了", "leader_draw": "リーダーをロックして1枚ドロー",
       "place": "キャスト{card}を配置", "event": "イベント{card}を配置", "remove_event": "イベントを撤去（撤去コスト）",
       "support": "サポート{card}を使用", "cross": "味クロス: {casts}", "charm": "おまじないを使用", "activate": "{card}の効果を使用",
       "end_operation": "オペレーションフェーズ終了", "trouble": "トラブル{card}を使用", "pass": "パス",
       "serve": "{cast}でお給仕 → {target}", "end_serving": "お給仕終了", "help": "ヘルプ出勤: {card}",
       "done": "終了", "pay": "{card}で支払う", "close": "クローズ（勝利）", "end_turn": "ターン終了",
       "target": "{target}を対象", "pick": "{card}を手札に", "pick_none": "何も取らない"}


def describe(rules, s: KMState, a: Action, lang: str = "en") -> str:
    fmt = (_JA if lang == "ja" else _EN).get(a.type)
    if fmt is None:
        return repr(a)

    def name(i: int) -> str:
        if i < 0:
            return "お客様へ（イケイケ）" if lang == "ja" else "no cast (イケイケ, +1 call-in)"
        c = s.cards[i]
        base = c.name if lang == "ja" or not c.name_en else f"{c.name} [{c.name_en}]"
        if c.kind == "cast":
            shift = SHIFT_JA[c.shift] if lang == "ja" else c.shift
            base += f" (Lv{c.level} {shift} CP{c.cp} ×{c.call_in} cost {c.cost})"
        elif a.type in ("swap_out", "swap_in", "pay"):
            base += f" (Lv{c.level})"
        return base
    args: dict[str, Any] = {}
    for k, v in a.params:
        if k in ("card", "seat", "cast", "target") and isinstance(v, int):
            args[k] = name(v)
        elif k in ("cards", "casts"):
            args[k] = " + ".join(name(i) for i in v)
        else:
            args[k] = v
    return fmt.format(**args)
