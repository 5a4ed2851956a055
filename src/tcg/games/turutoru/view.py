"""What each Turu-turu player may see, and how actions read."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import PrintedViews
from . import flow as F
from .state import TTState, Unit


def _printed(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.kind == "character":
        d.update(power=c.power, toughness=c.toughness, segment=c.segment, gender=c.gender, work=c.work,
                 programs=[p.label() for p in c.programs])
    elif c.kind == "device":
        d["mount"] = c.mount
    return d


_PRINTED = PrintedViews(_printed)


def card_view(s: TTState, iid: int) -> dict[str, Any]:
    return _PRINTED.view(s.cards[iid], iid)


def unit_view(s: TTState, u: Unit, sources: list[tuple] | None = None) -> dict[str, Any]:
    if sources is None:
        sources = F.static_sources(s)
    d = card_view(s, u.iid)
    d.update(awake=u.awake, damage=u.damage, power_now=F.power_of(s, u, sources),
             toughness_now=F.toughness_of(s, u, sources), placed_this_round=u.placed == s.round,
             devices=[card_view(s, x) for x in u.devices])
    return d


def observe(rules, s: TTState, viewer: int | None) -> dict[str, Any]:
    players = []
    sources = F.static_sources(s)
    for p, ps in enumerate(s.players):
        mine = viewer == p
        pv: dict[str, Any] = {
            "player": p,
            "hp": ps.hp,
            "deck": len(ps.deck),
            "hand_count": len(ps.hand),
            "hand": [card_view(s, i) for i in ps.hand] if mine else None,
            "characters": [unit_view(s, u, sources) for u in ps.chars],
            "devices": [card_view(s, i) for i in ps.devices],
            "discard": [card_view(s, i) for i in ps.discard],
            "resolved": [card_view(s, i) for i in ps.resolved],
            "program_count": len(ps.programs),
            "programming_done": ps.done_programming,
            "mulliganed": ps.mulliganed,
        }
        if mine:  # your own face-down stack, in running order, with the program chosen
            if s.phase == "main":  # the running one (if any) started now; the rest are scheduled
                running = len(ps.programs) - len(ps.schedule)
                starts = [s.segment] * running + [st for st, _, _, _ in ps.schedule]
            else:
                starts, t = [], 0
                for iid, _ in ps.programs:
                    starts.append(t)
                    t += s.cards[iid].segment
            pv["programs"] = [{**card_view(s, iid), "program": s.cards[iid].programs[pi].label(),
                               "start": st, "fits": st + s.cards[iid].segment <= rules.segments}
                              for (iid, pi), st in zip(ps.programs, starts)]
        # programs already revealed this main phase are public: the running one
        if s.phase == "main" and ps.programs and len(ps.schedule) < len(ps.programs):
            iid, pi = ps.programs[0]
            pv["running"] = {**card_view(s, iid), "program": s.cards[iid].programs[pi].label()}
        # your own timeline; the opponent's face-down programs show only as a count
        pv["schedule"] = [{"start": st, "cost": c} for st, c, _, _ in ps.schedule] \
            if mine and s.phase == "main" else []
        players.append(pv)
    d = s.decision
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind}
        if d.player == viewer or d.kind not in ("search",):
            decision.update(d.info)
    return {
        "game": "turutoru", "viewer": viewer, "round": s.round, "phase": s.phase,
        "priority_player": s.priority, "segment": s.segment, "segments": rules.segments,
        "decision": decision,
        "selected": list(s.select) if d is not None and (d.player == viewer) else [],
        "result": {"winner": s.winner, "reason": s.end_reason} if s.over else None,
        "players": players,
    }


def all_zones(s: TTState) -> Iterator[tuple[str, int]]:
    for p, ps in enumerate(s.players):
        for zone in ("deck", "hand", "discard", "devices", "resolved"):
            for iid in getattr(ps, zone):
                yield f"p{p}.{zone}", iid
        for iid, _ in ps.programs:
            yield f"p{p}.programs", iid
        for u in ps.chars:
            yield f"p{p}.field", u.iid
            for d in u.devices:
                yield f"p{p}.attached", d


_EN = {"keep": "Keep your hand", "mulligan": "Mulligan (return the hand, draw 7)",
       "stack": "Program {card} as {program}", "unstack": "Take back the last programmed card",
       "finish_program": "Finish programming", "skip": "Do not run this program (discard it)",
       "pick": "Choose {card}", "done": "Done choosing", "place": "Place {card}",
       "bed_in": "Put {card} to bed", "mount": "Mount {card}{on}", "release": "Release {card}",
       "apply": "Apply {card}", "run": "Run it (draw)", "activate": "Activate {card}: {ability}",
       "effect": "Use {card}: {ability}", "block": "Block with {card}", "assign": "Assign 1 damage to {card}",
       "discard": "Discard {card}", "target": "Target {target}", "search_pick": "Take {card}",
       "search_none": "Take nothing"}
_JA = {"keep": "手札を保持", "mulligan": "マリガン（手札を戻して7枚引く）",
       "stack": "{card}を{program}としてプログラム", "unstack": "最後のプログラムを手札に戻す",
       "finish_program": "プログラミング終了", "skip": "実行しない（破棄）", "pick": "{card}を選ぶ",
       "done": "選択終了", "place": "{card}を配置", "bed_in": "{card}をベッドイン", "mount": "{card}をマウント{on}",
       "release": "{card}をリリース", "apply": "{card}をアプライ", "run": "実行（ドロー）",
       "activate": "{card}の能力: {ability}", "effect": "{card}の効果: {ability}", "block": "{card}でブロック",
       "assign": "{card}に1ダメージ割り振り", "discard": "{card}を捨てる", "target": "{target}を対象",
       "search_pick": "{card}を手札に", "search_none": "何も取らない"}


def describe(rules, s: TTState, a: Action, lang: str = "en") -> str:
    fmt = (_JA if lang == "ja" else _EN).get(a.type)
    if fmt is None:
        return repr(a)

    def name(i: int) -> str:
        c = s.cards[i]
        return c.name if lang == "ja" or not c.name_en else f"{c.name} [{c.name_en}]"
    args: dict[str, Any] = {"on": ""}
    for k, v in a.params:
        if k in ("card", "target") and isinstance(v, int) and 0 <= v < len(s.cards):
            args[k] = name(v)
        else:
            args[k] = v
    if a.type == "stack":
        c = s.cards[a.card]
        prog = c.programs[a.program]
        args["program"] = f"{prog.label(lang)} ({c.segment} seg)"
    if a.type == "mount":
        args["on"] = "" if a.target < 0 else (f" → {name(a.target)}" if lang != "ja" else f"（{name(a.target)}に装着）")
    if a.type in ("activate", "effect"):
        ab = s.cards[a.card].abilities[a.ability]
        args["ability"] = (ab.text if lang == "ja" else ab.text_en or ab.text) or f"#{a.ability}"
    return fmt.format(**args)
