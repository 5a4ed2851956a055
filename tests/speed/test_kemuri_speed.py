"""Kemuri's speed-ups keep every answer (issue 19): what the rules, views and heuristic now work
out once (``Printed``, shared actions, swap checks by level counts, static sources, shared
observations, the heuristic's memos and shortcuts) equals a plain recomputation, at every
decision of seeded random games, also in clones and determinized samples that go their own ways."""
from __future__ import annotations

import copy
import itertools
import json
import pickle

import pytest

from tcg.agents.base import AgentView
from tcg.agents.heuristics import kemuri as H
from tcg.api import list_decks, new_game
from tcg.engine.action import Action
from tcg.engine.cards import FrozenView
from tcg.engine.effects import EffectCtx
from tcg.engine.memo import plain
from tcg.engine.rng import Rng
from tcg.games.kemuri import flow as F
from tcg.games.kemuri import rules as R
from tcg.games.kemuri.state import NO_CHARM, printed


def _games(n: int = 4):
    names = list_decks("kemuri")
    for seed in range(n):
        yield new_game("kemuri", [names[seed % len(names)], names[(seed + 3) % len(names)]], seed=seed)


def _decisions(n: int = 4, samples: bool = True):
    """Every decision of ``n`` seeded random games, with a clone and (when possible) a
    determinized sample of it that each play one more random step of their own."""
    rng = Rng(11)
    for g in _games(n):
        while not g.is_over:
            yield g
            if samples and rng.below(4) == 0:
                other = g.clone()
                acts = other.legal_actions()
                other.apply(acts[rng.below(len(acts))])
                if not other.is_over:
                    yield other
                sample = g.determinized(g.decision.player, Rng(rng.next64()))
                if sample is not None and not sample.is_over:
                    yield sample
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])


# --- plain recomputations (the code before the speed-ups) --------------------------------------

def _plain_static(s, c, stat: str) -> int:
    owner = s.owner[c.iid]
    top = s.cards[c.iid]
    total = 0
    sources = [(x.iid, x) for ps in s.players for x in ps.floor]
    if s.event >= 0:
        sources.append((s.event, None))
    for iid, holder in sources:
        for ab, args in s.cards[iid].static_modifies(stat):
            if ab.cond is not None and not s.condition_holds(s, EffectCtx(s.owner[iid], iid), ab.cond):
                continue  # a static ability works only while its `if` holds (docs/cards.md K4a)
            t = args["target"]
            mine = s.owner[iid] == owner
            if t.__class__ is not str:  # a selector table of all the casts of a side
                ok = F._reaches(s, t, mine, holder, c)
            else:
                ok = (t == "self" and holder is c) or t == "all_casts" or \
                    (t == "all_own_casts" and mine) or (t == "all_opponent_casts" and not mine)
            if ok and F.matches(top, args.get("filter")):
                amount = args["amount"]  # a "for each" amount is counted now
                total += amount if type(amount) is int else s.amount_value(s, amount, s.owner[iid], iid)
    return total


def _plain_cp(s, c) -> int:
    # KM-K3: every card's CP and its own change (issue 29: changes belong to cards)
    return max(0, sum(s.cards[i].cp + mod[0] for i, mod in c.card_mods()) + _plain_static(s, c, "cp"))


def _plain_call_in(s, c) -> int:
    return max(0, s.cards[c.iid].call_in + c.call_mod + _plain_static(s, c, "call_in"))


def _plain_legal_charcoal(rules, s, p) -> list[Action]:
    ps = s.players[p]
    levels = [s.cards[i].level for i in ps.hand]
    out = [Action("swap_out", seat=seat) for seat in ps.seating
           if seat not in ps.swapped_in and F.can_total(levels, s.cards[seat].level, R.SWAP_MAX)]
    if rules._charm_ok(s, p, "charcoal"):
        out.append(R.CHARM)
    return out + [R.END_CHARCOAL]


def _plain_legal_charcoal_in(s, p, pending) -> list[Action]:
    _, seat, picked = pending
    cards = s.cards
    need = cards[seat].level - sum(cards[i].level for i in picked)
    room = R.SWAP_MAX - len(picked) - 1
    rest = [i for i in s.players[p].hand if i not in picked]
    out = []
    for i in rest:
        left = need - cards[i].level
        if left == 0 or (left > 0 and room > 0 and F.can_total([cards[j].level for j in rest if j != i], left, room)):
            out.append(Action("swap_in", card=i))
    return out


def _plain_card_index(obs) -> dict:
    idx: dict = {}
    for pv in obs["players"]:
        for z in ("hand", "backyard", "seating", "resolving"):
            for c in pv.get(z) or ():
                idx[c["iid"]] = c
        for c in pv["floor"]:
            idx[c["iid"]] = c
            for m in c.get("cross") or ():
                idx[m["iid"]] = m
    ev = obs.get("event")
    if ev:
        idx[ev["iid"]] = ev
    return idx


# --- the rules ------------------------------------------------------------------------------------

def test_printed_facts_are_the_cards_own():
    for g in _games(2):
        s = g.state
        d = printed(s)
        assert d is printed(s) and g.clone().state.printed is d  # built once, shared by clones
        for i, c in enumerate(s.cards):
            assert d.level[i] == c.level and d.trigger[i] == c.has_trigger
            charm = c.abilities_of("charm")
            assert d.charm[i] == (charm[0].timing if charm else NO_CHARM)
            activated = [a for a in c.abilities if a.kind == "activate"]
            plain_field = [a for a in activated if a.zone == "field" and a.costs is None]
            assert d.activates[i] == tuple((a.index, a.cost) for a in plain_field)
            assert d.costed[i] == tuple((a.index, a.cost, a) for a in activated if a not in plain_field)
            for which, stat in enumerate(("cp", "call_in")):
                plain = tuple((a["target"], tuple(a["filter"].items()) if a.get("filter") else None, a["amount"])
                              for _, a in c.static_modifies(stat))
                assert (d.mods[i][which] if d.mods[i] else ()) == plain
        s.cards = tuple(reversed(s.cards))  # other cards: the derived facts follow them
        assert printed(s) is not d and printed(s).level == tuple(c.level for c in s.cards)


def test_stats_levels_and_swaps_equal_a_plain_recomputation():
    rules = next(_games(1)).rules
    swaps = swap_ins = 0
    for g in _decisions():
        s = g.state
        sources = F.static_sources(s)
        for p, ps in enumerate(s.players):
            assert F.seats(s, p) == sum(s.cards[i].level for i in ps.seating)
            for c in ps.floor:
                assert F.cp_of(s, c) == F.cp_of(s, c, sources) == _plain_cp(s, c)
                assert F.call_in_of(s, c) == F.call_in_of(s, c, sources) == _plain_call_in(s, c)
        d = s.decision
        if d.kind == "charcoal":
            assert rules._legal_charcoal(s, d.player, s.pending) == _plain_legal_charcoal(rules, s, d.player)
            swaps += 1
        elif d.kind == "charcoal_in":
            assert rules._legal_charcoal_in(s, d.player, s.pending) == \
                _plain_legal_charcoal_in(s, d.player, s.pending)
            swap_ins += 1
    assert swaps > 20 and swap_ins > 5


def test_can_make_is_can_total_of_every_hand():
    for levels in itertools.chain.from_iterable(itertools.product((1, 2, 3), repeat=n) for n in range(7)):
        counts: dict = {}
        for lv in levels:
            counts[lv] = counts.get(lv, 0) + 1
        for total in range(0, 8):
            for most in range(0, 4):
                assert F.can_make(counts, total, most) == F.can_total(list(levels), total, most)


def test_shared_actions_are_the_actions_they_name():
    assert R.PLACE[7] == Action("place", card=7) and R.PLACE[7] is R.PLACE[7]
    assert R.SERVE[3, -1] == Action("serve", cast=3, target=-1)
    assert R.ACTIVATE[1, 9] == Action("activate", ability=1, card=9)
    assert R.CROSS[(4, 5, 6)] == Action("cross", casts=(4, 5, 6))
    assert list(R._crosses_of((1, 2, 3))) == [Action("cross", casts=c) for k in (2, 3)
                                              for c in itertools.permutations((1, 2, 3), k)]


# --- the shared observation -------------------------------------------------------------------------

def test_shared_observations_stay_equal_and_read_only():
    checked = 0
    for g in _decisions(3):
        for viewer in (0, 1, None):
            shared, fresh = g.observe(viewer, shared=True), g.observe(viewer)
            assert shared == fresh
            assert json.dumps(shared, sort_keys=True) == json.dumps(fresh, sort_keys=True)
            checked += 1
            for pv in shared["players"]:
                for c in pv["floor"]:
                    assert type(c) is FrozenView and isinstance(c["cross"], list)
                    with pytest.raises(TypeError):
                        c["served"] = True
                    with pytest.raises(TypeError):
                        c["cross"].append(c)
                if pv["leader"] is not None:
                    with pytest.raises(TypeError):
                        pv["leader"]["active"] = False
    assert checked > 300


def test_a_shared_cast_view_copies_as_plain_data():
    for g in _decisions(2, samples=False):
        obs = g.observe(g.decision.player, shared=True)
        casts = [c for pv in obs["players"] for c in pv["floor"] if c["cross"]]
        if casts:
            c = casts[0]
            plain = pickle.loads(pickle.dumps(c))
            assert plain == c and type(plain) is dict and type(plain["cross"]) is list
            assert type(copy.copy(c["cross"])) is list and copy.deepcopy(c) == c
            mine = dict(c)
            mine["cp_now"] = -1  # a copy is the reader's own
            assert g.observe(g.decision.player, shared=True)["players"] == obs["players"]
            return
    pytest.fail("no cross seen")


# --- the heuristic --------------------------------------------------------------------------------

def test_heuristic_shortcuts_equal_the_plain_ones():
    """The card index, the combinations of the levels wanted and the charcoal swaps' options (each
    hand card's value worked out once, seats of one level sharing their options) against the plain
    index, every combination and every option priced again."""
    swaps = 0
    for g in _decisions(3):
        view = AgentView(g, g.legal_actions())
        obs = view.observation
        plain = _plain_card_index(obs)
        idx = H._card_index(obs)
        for iid in list(plain) + [-5, 10_000]:
            assert idx.get(iid) is plain.get(iid)
        me = obs["players"][view.player]
        n_seats, full = me["seats"], sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
        hand = sorted(c["iid"] for c in me["hand"] or [])
        thin = 0.1 + 0.3 * max(0, len(hand) - H.HAND_BIG)

        def worth(card: dict) -> float:
            return H._hand_value(card, n_seats, full)

        given = [plain.get(i) for i in hand]
        seats = [c["iid"] for c in me["seating"]]
        for picked in [()] + [(i,) for i in hand[:2]]:
            slow = H._combos_by_level(hand, given, picked)
            wanted = {1, 2, 3}
            fast = H._combos_of_levels(hand, given, [c["level"] for c in given], picked, wanted)
            assert {k: v for k, v in slow.items() if k in wanted} == fast
            if seats:
                out = H._swap_options(view, seats, picked)
                assert out == [(worth(plain[s]) - sum(map(worth, cards)) + thin * (len(cards) - 1), s, combo)
                               for s in seats if s in plain for combo, cards in slow.get(plain[s].get("level", 0), ())]
                swaps += len(out)
    assert swaps > 50


def _same_when_remembered(f, args, plain_args) -> object:
    """``f`` (an ``engine.memo`` function) worked out, then remembered, on shared views (``args``)
    gives what its plain self gives on plain copies of them (``plain_args``); returns that."""
    want = plain(f)(*plain_args)
    for _ in range(2):  # worked out, then remembered
        assert f(*args) == want
    assert f(*plain_args) == want
    return want


def test_what_the_heuristic_remembers_equals_the_plain_answer():
    """The one test of the heuristic's memos (``engine.memo``): every remembered function gives
    its plain function's answer, on shared views and on plain copies, and a risk its plain answer."""
    seen = pays = 0
    for g in _decisions(4, samples=True):
        acts = g.legal_actions()
        view = AgentView(g, acts)
        obs = view.observation
        copy_ = copy.deepcopy(g.observe(view.player))
        me, opp = obs["players"][view.player], obs["players"][1 - view.player]
        pme, popp = copy_["players"][view.player], copy_["players"][1 - view.player]
        for pv, ppv in zip(obs["players"], copy_["players"]):
            for z in ("floor", "seating", "backyard"):
                for c, pc in zip(pv[z], ppv[z]):
                    _same_when_remembered(H._cast_value, (c,), (pc,))
                    _same_when_remembered(H._hand_facts, (c,), (pc,))
                _same_when_remembered(H._helpers_of, (pv[z],), (ppv[z],))
            assert H._min_pays(pv["seating"]) is H._min_pays(pv["seating"])  # kept with the view
            for amount in (0, 1, 3, 16):
                assert H._min_pays(pv["seating"])[amount] == H._min_pay([c["level"] for c in ppv["seating"]], amount)
            risk, fresh = H.Risk(pv), H.Risk(pv)
            for margin in range(-1, 4):
                for shift in (None, "early", "late"):
                    assert risk(margin, shift) == fresh._risk(margin, shift) == risk(margin, shift)
        if view.kind == "pay":
            full = sum(1 + len(c.get("cross") or ()) for c in me["floor"]) >= 3
            amount = obs["decision"].get("amount", 1)
            _same_when_remembered(H._pay_with, (me["seating"], me["seats"], full, amount, acts),
                                  (pme["seating"], me["seats"], full, amount, acts))
            pays += 1
        for closing in (False, True):
            if me["floor"]:
                seen += _same_when_remembered(
                    H._first_serving, (me["floor"], opp["floor"], opp, H.Risk(opp), closing),
                    (pme["floor"], popp["floor"], popp, H.Risk(popp), closing)) is not None
            for buff, pool in ((True, me["floor"]), (False, opp["floor"])):
                if pool:
                    targets = tuple(c["iid"] for c in pool)
                    _same_when_remembered(H._best_target, (targets, me["floor"], opp["floor"], opp, H.Risk(opp),
                                                           closing, buff),
                                          (targets, pme["floor"], popp["floor"], popp, H.Risk(popp), closing, buff))
    assert seen > 20 and pays > 10


def _plain_cross_pick(crosses, mine, theirs, risk, closing):
    """The operation's flavour-cross choice before the bound and the memo (every plan worked out)."""
    gains = H._PlanMemo()
    base, _ = H._plan(mine, theirs, risk, closing, gains=gains)
    best = None
    on_floor: dict = {}
    for c in mine:
        on_floor.setdefault(c["iid"], c)
    for a in crosses:
        members = [on_floor.get(i) for i in a.casts]
        if None in members:
            continue
        top = members[0]
        cross = dict(top, cp_now=top["cp_now"] + sum(m["cp"] for m in members[1:]),
                     cross=[dict(m) for m in members[1:]])
        rest = [c for c in mine if c["iid"] not in a.casts]
        g = H._plan(rest + [cross], theirs, H.Risk(risk._opp), closing)[0]
        if g > base + 0.5 and (best is None or g > best[0]):
            best = (g, a)
    return best[1] if best else None


def test_cross_pick_equals_every_plan_worked_out():
    seen = 0
    for g in _decisions(6, samples=True):
        acts = g.legal_actions()
        crosses = [a for a in acts if a.type == "cross"]
        if not crosses:
            continue
        view = AgentView(g, acts)
        obs = view.observation
        me, opp = obs["players"][view.player], obs["players"][1 - view.player]
        if not opp["floor"]:
            continue
        for closing in (False, True):
            want = _plain_cross_pick(crosses, me["floor"], opp["floor"], H.Risk(opp), closing)
            for _ in range(2):  # worked out, then remembered
                assert H._best_cross(crosses, me["floor"], opp["floor"], opp, H.Risk(opp), closing) is want
            plain = copy.deepcopy(g.observe(view.player))["players"]
            pme, popp = plain[view.player], plain[1 - view.player]
            assert H._best_cross(crosses, pme["floor"], popp["floor"], popp, H.Risk(popp), closing) is want
            seen += want is not None
    assert seen > 5


def _plain_event_net(ev_id, owner_is_me, me, opp):
    """``_event_net`` as it was: our hand's casts copied and marked."""
    ops = H._ops(ev_id, "static")
    if ops is None:
        return None
    net = 0.0
    casts_me = list(me["floor"]) + [dict(c, _hand=True) for c in (me["hand"] or []) if c["kind"] == "cast"]
    for name, args in ops:
        if name != "modify":
            continue
        t, flt, amt = args.get("target"), args.get("filter") or {}, args.get("amount", 0)
        w = 0.5 if args.get("stat") == "cp" else 1.3
        for side, casts, mine in ((1, casts_me, True), (-1, opp["floor"], False)):
            if t == "all_casts" or (t == "all_own_casts" and mine == owner_is_me) or \
                    (t == "all_opponent_casts" and mine != owner_is_me):
                for c in casts:
                    if all(c.get(k) == v for k, v in flt.items()):
                        net += side * amt * w * (0.4 if c.get("_hand") else 1.0)
    return net


def test_event_values_equal_the_plain_ones():
    ids = sorted({c.id for c in next(_games(1)).state.cards if c.kind == "event"})
    seen = 0
    for g in _decisions(2, samples=True):
        obs = g.observe(g.decision.player, shared=True)
        me, opp = obs["players"][g.decision.player], obs["players"][1 - g.decision.player]
        for ev in ids:
            for mine in (True, False):
                assert H._event_net(ev, mine, me, opp) == _plain_event_net(ev, mine, me, opp)
                seen += 1
    assert seen > 100
