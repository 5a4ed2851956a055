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
        if c.mount == "character":
            d["mount_on"] = c.mount_on
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
    # TT-T2: until both have finished programming nobody learns anything of the other's stack
    # (not how many cards, not whether they are done; the hand counts the stacked cards)
    secret = s.phase == "programming" and not all(q.done_programming for q in s.players)
    for p, ps in enumerate(s.players):
        mine = viewer == p
        veiled = secret and not mine
        pv: dict[str, Any] = {
            "player": p,
            "hp": ps.hp,
            "deck": len(ps.deck),
            "hand_count": len(ps.hand) + (len(ps.programs) if veiled else 0),
            "hand": [card_view(s, i) for i in ps.hand] if mine else None,
            "characters": [unit_view(s, u, sources) for u in ps.chars],
            "devices": [card_view(s, i) for i in ps.devices],
            "discard": [card_view(s, i) for i in ps.discard],
            "resolved": [card_view(s, i) for i in ps.resolved],
            "program_count": None if veiled else len(ps.programs),
            "programming_done": None if veiled else ps.done_programming,
            "mulliganed": ps.mulliganed,
        }
        main = s.phase == "main"
        # the segment where the player's next program starts (public: the segments consumed by
        # the programs that ran, TT-G2)
        pv["next_start"] = ps.clock if main else 0
        if mine:  # your own face-down stack, in running order, with the segment each would
            # start at if every program before it runs (a program not run consumes nothing)
            t = ps.clock if main else 0
            if main and ps.running is not None:
                t += s.cards[ps.running].segment
            progs = []
            for iid in ps.programs:
                cost = s.cards[iid].segment
                progs.append({**card_view(s, iid), "start": t, "fits": t + cost <= rules.segments})
                t += cost
            pv["programs"] = progs
        # the program revealed and running now is public, with the program chosen for it
        if main and ps.running is not None:
            c = s.cards[ps.running]
            pv["running"] = {**card_view(s, ps.running), "start": s.segment,
                             "program": c.programs[ps.running_prog].label() if ps.running_prog >= 0 else None}
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
        for iid in ps.programs:
            yield f"p{p}.programs", iid
        if ps.running is not None:
            yield f"p{p}.running", ps.running
        for u in ps.chars:
            yield f"p{p}.field", u.iid
            for d in u.devices:
                yield f"p{p}.attached", d


_EN = {"keep": "Keep your hand", "mulligan": "Mulligan (return the hand, draw 7)",
       "stack": "Stack {card} face down{program}",
       "finish_program": "Finish programming", "skip": "Do not run this program (discard it)",
       "pick": "Choose {card}", "done": "Done choosing", "place": "Place {card}",
       "bed_in": "Put {card} to bed", "mount": "Mount {card}{on}", "release": "Release {card}",
       "apply": "Apply {card}", "run": "Run it (draw)", "activate": "Activate {card}: {ability}",
       "effect": "Use {card}: {ability}", "block": "Block with {card}", "assign": "Assign 1 damage to {card}",
       "discard": "Discard {card}", "target": "Target {target}", "search_pick": "Take {card}",
       "search_none": "Take nothing", "use": "Run it as {program}"}
_JA = {"keep": "手札を保持", "mulligan": "マリガン（手札を戻して7枚引く）",
       "stack": "{card}を裏向きにプログラム{program}",
       "finish_program": "プログラミング終了", "skip": "実行しない（破棄）", "pick": "{card}を選ぶ",
       "done": "選択終了", "place": "{card}を配置", "bed_in": "{card}をベッドイン", "mount": "{card}をマウント{on}",
       "release": "{card}をリリース", "apply": "{card}をアプライ", "run": "実行（ドロー）",
       "activate": "{card}の能力: {ability}", "effect": "{card}の効果: {ability}", "block": "{card}でブロック",
       "assign": "{card}に1ダメージ割り振り", "discard": "{card}を捨てる", "target": "{target}を対象",
       "search_pick": "{card}を手札に", "search_none": "何も取らない", "use": "{program}として使用"}


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
    if a.type == "stack":  # the programs it may run as (one is chosen when it runs)
        c = s.cards[a.card]
        sep = "、" if lang == "ja" else " / "
        progs = sep.join(p.label(lang) for p in c.programs)
        args["program"] = f"（{progs}、{c.segment}セグメント）" if lang == "ja" else f" ({progs}; {c.segment} seg)"
    if a.type == "use":
        running = s.players[s.decision.player].running if s.decision is not None else None
        prog = s.cards[running].programs[a.program] if running is not None else None
        args["program"] = prog.label(lang) if prog is not None else f"program {a.program + 1}"
    if a.type == "mount":
        args["on"] = "" if a.target < 0 else (f" → {name(a.target)}" if lang != "ja" else f"（{name(a.target)}に装着）")
    if a.type in ("activate", "effect"):
        ab = s.cards[a.card].abilities[a.ability]
        args["ability"] = (ab.text if lang == "ja" else ab.text_en or ab.text) or f"#{a.ability}"
    return fmt.format(**args)
