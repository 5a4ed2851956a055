"""What each Turu-turu player may see, and how actions read."""
from __future__ import annotations

from typing import Any, Iterator

from ...engine.action import Action
from ...engine.cards import FrozenView, PrintedViews
from ...engine.state import pile_places
from . import flow as F
from .state import TTState, Unit

#: the decisions whose info only the deciding player sees (a search, a choice among the own hidden
#: cards, the cards of a look)
SECRET = ("search", "target_hidden", "look_take", "look_order")


def printed_card(c) -> dict[str, Any]:
    d = {"id": c.id, "name": c.name, "name_en": c.name_en, "kind": c.kind}
    if c.kind == "character":
        d.update(power=c.power, toughness=c.toughness, segment=c.segment, gender=c.gender, work=c.work,
                 programs=[p.label() for p in c.programs])
    elif c.kind == "device":
        d["mount"] = c.mount
        if c.mount == "character":
            d["mount_on"] = c.mount_on
    return d


_PRINTED = PrintedViews(printed_card)


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


def _shared_views(s: TTState) -> list:
    """Each card's shared printed view, by instance id (``_PRINTED.shared``), built once per
    dealt card set (the state's ``Facts``, shared by its clones)."""
    memo = F.facts(s).memo
    views = memo.get("shared_views")
    if views is None:
        views = memo["shared_views"] = [_PRINTED.shared(c, i) for i, c in enumerate(s.cards)]
    return views


def _shared_with_table(s: TTState) -> dict:
    """The shared views of cards with values added (``_stacked``, ``_running``), by card and
    values, kept for the dealt card set."""
    memo = F.facts(s).memo
    table = memo.get("shared_with")
    if table is None:
        table = memo["shared_with"] = {}
    return table


def _stacked(table: dict, views: list, iid: int, start: int, fits: bool) -> FrozenView:
    """A stacked card's view with its start and fit, shared: one read-only dict per card and
    values."""
    key = (iid, start, fits)
    got = table.get(key)
    if got is None:
        got = table[key] = FrozenView({**views[iid], "start": start, "fits": fits})
    return got


def _running(table: dict, views: list, s: TTState, ps) -> FrozenView:
    """The running card's view with its start and the program chosen for it, shared (by card,
    start and program number; the program's label read only to build it)."""
    key = (ps.running, s.segment, "running", ps.running_prog)
    got = table.get(key)
    if got is None:
        label = s.cards[ps.running].programs[ps.running_prog].label() if ps.running_prog >= 0 else None
        got = table[key] = FrozenView({**views[ps.running], "start": s.segment, "program": label})
    return got


def _shared_units(s: TTState, chars: list[Unit], sources: list[tuple], views: list) -> list[dict[str, Any]]:
    """``unit_view`` of each character (``sources``: ``F.unit_sources``), the card's printed
    facts and its devices' read from the shared views."""
    rnd = s.round
    memo = F.facts(s).memo
    table = memo.get("shared_units")
    if table is None or len(table) > 20000:
        table = memo["shared_units"] = {}
    out = []
    for u, (power, toughness) in zip(chars, F.units_stats(s, chars, sources)):
        key = (u.iid, u.awake, u.damage, power, toughness, u.placed == rnd, u.devices)
        got = table.get(key)
        if got is None:
            got = table[key] = FrozenView({**views[u.iid], "awake": u.awake, "damage": u.damage, "power_now": power,
                                           "toughness_now": toughness, "placed_this_round": u.placed == rnd,
                                           "devices": [views[x] for x in u.devices]})
        out.append(got)
    return out


def _shared_fields(s: TTState, views: list, memo: dict | None = None) -> tuple[tuple, tuple]:
    """``_shared_units`` of both players' characters, kept by the fields as the statics and the
    views read them: each character's card, awake, damage, placed this round, modifiers, Fan
    Fire halving and devices, in order, and the devices on each field (with the dealt cards,
    whose static ops and owners never change, that is all their power and toughness read)."""
    p0, p1 = s.players
    rnd = s.round
    key = (tuple([(u.iid, u.awake, u.damage, u.placed == rnd, u.pow_mod, u.tough_mod, u.fan, u.devices)
                  for u in p0.chars]),
           tuple([(u.iid, u.awake, u.damage, u.placed == rnd, u.pow_mod, u.tough_mod, u.fan, u.devices)
                  for u in p1.chars]),
           tuple(p0.devices), tuple(p1.devices))
    if memo is None:
        memo = F.facts(s).memo
    table = memo.get("shared_fields")
    if table is None or len(table) > 20000:
        table = memo["shared_fields"] = {}
    got = table.get(key)
    if got is None:
        sources = F.unit_sources(s)
        got = table[key] = (tuple(_shared_units(s, p0.chars, sources, views)) if p0.chars else (),
                            tuple(_shared_units(s, p1.chars, sources, views)) if p1.chars else ())
    return got


def observe(rules, s: TTState, viewer: int | None, shared: bool = False) -> dict[str, Any]:
    """The observation of ``viewer`` (JSON-ready, every dict and list its own); ``shared``
    (agents' observations, ``_observe_shared``): the same content, read-only in part."""
    if shared:
        return _observe_shared(rules, s, viewer)
    cv = lambda i: card_view(s, i)  # noqa: E731
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
            "hand": [cv(i) for i in ps.hand] if mine else None,
            "characters": [unit_view(s, u, sources) for u in ps.chars],
            "devices": [cv(i) for i in ps.devices],
            "discard": [cv(i) for i in ps.discard],
            "resolved": [cv(i) for i in ps.resolved],
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
                progs.append({**cv(iid), "start": t, "fits": t + cost <= rules.segments})
                t += cost
            pv["programs"] = progs
        # the program revealed and running now is public, with the program chosen for it
        if main and ps.running is not None:
            c = s.cards[ps.running]
            pv["running"] = {**cv(ps.running), "start": s.segment,
                             "program": c.programs[ps.running_prog].label() if ps.running_prog >= 0 else None}
        players.append(pv)
    d = s.decision
    decision = s.decision_view(viewer, SECRET)
    return {
        "game": "turutoru", "viewer": viewer, "round": s.round, "phase": s.phase,
        "priority_player": s.priority, "segment": s.segment, "segments": rules.segments,
        "decision": decision,
        "selected": list(s.select) if d is not None and (d.player == viewer) else [],
        "result": s.result_view(),
        "players": players,
    }


def _observe_shared(rules, s: TTState, viewer: int | None) -> dict[str, Any]:
    """``observe(..., shared=True)``: what ``observe`` gives, built with less work: the cards'
    printed facts are the shared read-only views (``_shared_views``), and so are a stacked
    card's view with its start and fit (``_stacked``), the running card's with its start and
    program (``_running``) and each character's (``_shared_units``: power and toughness
    counted in one pass, ``units_stats``)."""
    memo = F.facts(s).memo
    views = memo.get("shared_views") or _shared_views(s)
    cv = views.__getitem__
    p0, p1 = s.players
    phase = s.phase
    main = phase == "main"
    fields = _shared_fields(s, views, memo) if p0.chars or p1.chars else ((), ())
    # TT-T2: until both have finished programming nobody learns anything of the other's stack
    secret = phase == "programming" and not (p0.done_programming and p1.done_programming)
    players = []
    for p, ps in enumerate(s.players):
        mine = viewer == p
        veiled = secret and not mine
        pv: dict[str, Any] = {
            "player": p,
            "hp": ps.hp,
            "deck": len(ps.deck),
            "hand_count": len(ps.hand) + len(ps.programs) if veiled else len(ps.hand),
            "hand": list(map(cv, ps.hand)) if mine else None,
            "characters": list(fields[p]),
            "devices": list(map(cv, ps.devices)),
            "discard": list(map(cv, ps.discard)),
            "resolved": list(map(cv, ps.resolved)),
            "program_count": None if veiled else len(ps.programs),
            "programming_done": None if veiled else ps.done_programming,
            "mulliganed": ps.mulliganed,
            "next_start": ps.clock if main else 0,
        }
        running = ps.running
        if mine:
            t = ps.clock if main else 0
            if main and running is not None:
                t += s.cards[running].segment
            progs = []
            if ps.programs:
                segments, cards, table = rules.segments, s.cards, memo.get("shared_with") or _shared_with_table(s)
                for iid in ps.programs:
                    cost = cards[iid].segment
                    progs.append(_stacked(table, views, iid, t, t + cost <= segments))
                    t += cost
            pv["programs"] = progs
        if main and running is not None:
            pv["running"] = _running(memo.get("shared_with") or _shared_with_table(s), views, s, ps)
        players.append(pv)
    d = s.decision
    return {
        "game": "turutoru", "viewer": viewer, "round": s.round, "phase": phase,
        "priority_player": s.priority, "segment": s.segment, "segments": rules.segments,
        "decision": s.decision_view(viewer, SECRET),
        "selected": list(s.select) if d is not None and d.player == viewer else [],
        "result": s.result_view(),
        "players": players,
    }


def all_zones(s: TTState) -> Iterator[tuple[str, int]]:
    for p, ps in enumerate(s.players):
        yield from pile_places(p, ps, ("deck", "hand", "discard", "devices", "resolved"))
        for iid in ps.programs:
            yield f"p{p}.programs", iid
        if ps.running is not None:
            yield f"p{p}.running", ps.running
        for u in ps.chars:
            yield f"p{p}.field", u.iid
            for d in u.devices:
                yield f"p{p}.attached", d


def describe(rules, s: TTState, a: Action, lang: str = "en") -> str:
    """The plain label of an action (``game.describe``): the words are the game's text layer's."""
    from .text import describe as describe_action
    return describe_action(s, a, lang)
