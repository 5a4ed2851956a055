"""Z/X's speed-ups keep every answer (issue 19): the caches and shortcuts of the rules, the views
and the heuristic give what a plain recomputation gives, at every decision of seeded random
games, also in clones and determinized samples that go their own ways."""
from __future__ import annotations

from tcg.agents.heuristics import zx as H
from tcg.api import list_decks, new_game
from tcg.engine.action import Action
from tcg.engine.rng import Rng
from tcg.games.zx import flow as F
from tcg.games.zx import payment as P
from tcg.games.zx import text as W
from tcg.games.zx import view as V


def _games(n: int = 4):
    names = list_decks("zx")
    for seed in range(n):
        yield new_game("zx", [names[seed % len(names)], names[(seed + 1) % len(names)]], seed=seed)


def _plain_static(s, u) -> int:
    """flow._static as it was before the CardTable: every ability of every card on the board."""
    total = 0
    for v in s.board:
        if v is None:
            continue
        for src in [v.iid] + ([v.shift] if v.shift >= 0 else []):
            for ab in s.cards[src].abilities:
                if ab.kind != "static" or len(v.force) < ab.min_force or \
                        (ab.conditional and not F.ability_on(s, v.owner, ab)):
                    continue
                for op in ab.effects:
                    t = op.args["target"]
                    if ((t == "self" and v is u) or (t == "all_own_zx" and v.owner == u.owner) or
                            (t == "all_opponent_zx" and v.owner != u.owner)) and \
                            F.unit_matches(s, u, op.args.get("filter")):
                        total += op.args["amount"]
    return total


def _plain_suggested(s, p, color, n, matched):
    """payment.suggested as it was: every use checked one by one."""
    have = P.counts(s, P.awake(s, p))
    hand, more = P._uses(s, p)

    def ok(rest, use) -> bool:
        c, cost = use
        return cost <= 0 or P.feasible(rest, c, cost, c is None)
    best, best_key = None, None
    for vec in P.payments(have, color, n, matched):
        rest = [h - k for h, k in zip(have, vec)]
        key = (sum(ok(rest, u) for u in hand), sum(ok(rest, u) for u in more),
               sum(1 for r in rest if r), tuple(sorted(rest)), vec)
        if best_key is None or key > best_key:
            best, best_key = vec, key
    return best


def _full_index(obs) -> dict:
    """The heuristic's card index as it was: every zone, then the board, the last place wins."""
    idx = {}
    for pv in obs["players"]:
        for z in ("hand", "trash", "charge", "resources", "resolving", "dynamis", "dynamis_face_up"):
            for c in pv.get(z) or ():
                idx[c["iid"]] = c
        if pv.get("revealed"):
            idx[pv["revealed"]["iid"]] = pv["revealed"]
    for u in obs["board"]:
        if u is not None and "iid" in u:
            idx[u["iid"]] = u
            if u.get("shift"):
                idx[u["shift"]["iid"]] = u["shift"]
    return idx


def _check(g) -> None:
    s = g.state
    for u in s.board:
        if u is not None:
            assert F.power_of(s, u) == max(0, s.cards[u.iid].power + u.power_mod + _plain_static(s, u))
            if u.damage > 0:  # check_destroyed's shortcut left no Z/X at its damage (ZX-B4)
                assert u.damage < F.power_of(s, u)
    for i, st in enumerate(s.table.statics):
        assert s.table.lowers[i] == any(op.args["amount"] < 0 for ab in s.cards[i].abilities if ab.kind == "static"
                                        for op in ab.effects)
    for i, c in enumerate(s.cards):
        assert s.table.activated[i] == c.abilities_of("activated")
        assert s.table.on_place[i] == c.abilities_of("on_place")
        assert s.table.color_index[i] == (P.COLORS.index(c.color) if c.color else None)
        main_hand = c.kind == "zx" or (c.kind == "event" and c.timing in ("main", "any"))
        assert s.table.hand_main[i] == ((c.kind == "zx", c.cost, P.COLORS.index(c.color) if c.color else -1)
                                        if main_hand else None)
        assert s.table.dyn_main[i] == {"zx_ex": 1, "shift": 3}.get(c.kind, 2 if c.kind == "ev_ex" and
                                                                   c.timing != "battle" else 0)
        assert s.table.battle[i] == ({"event": 1, "ev_ex": 2}.get(c.kind, 0) if c.timing in ("battle", "any")
                                     else 0)
    for viewer in (0, 1, None):
        shared, fresh = g.observe(viewer, shared=True), g.observe(viewer)
        assert shared == fresh
        if viewer is not None:
            full = _full_index(shared)
            idx = H.CardIndex(shared, shared["board"])
            for iid in list(full) + [-1, len(s.cards)]:
                assert idx.get(iid) is full.get(iid) or idx.get(iid) == full.get(iid)
    for a in g.legal_actions():
        assert a == Action(a.type, **dict(a.params))
        if a.type != "pay_suggested":
            assert W.describe(s, a, "ja") == W._describe(s, a, "ja")
    d = s.decision
    if d is not None and d.kind == "pay":
        _, p, color, n, paid, _, _ = s.pending
        matched = P.is_matched(s, paid, color)
        assert P.suggested(s, p, color, n - len(paid), matched) == _plain_suggested(s, p, color, n - len(paid),
                                                                                     matched)
    for p in (0, 1):
        assert P.awake_counts(s, p) == P.counts(s, P.awake(s, p))


def test_payments_in_product_order():
    """``payments`` lists the same payments in the same order as reading every count vector;
    ``only_payment`` gives the one payment exactly when there is one."""
    import itertools
    from tcg.games.zx.cards import COLORS
    for have in itertools.product(range(3), repeat=len(COLORS)):
        for n in range(7):
            for color in (None,) + COLORS:
                for matched in ((True,) if color is None else (True, False)):
                    ways = P.payments(list(have), color, n, matched)
                    assert ways == P._payments_by_product(list(have), color, n, matched)
                    one = P.only_payment(list(have), color, n, matched)  # the only one, when it is
                    assert one is None or ways == [one]
                    assert one is not None or len(ways) != 1 or (not matched and n <= 0)
                    if n > 0:  # a payment step: any payment at all, then more than one unless only_payment
                        assert P.feasible(list(have), color, n, matched) == bool(ways)


def test_caches_equal_plain_recomputation_in_random_games():
    rng = Rng(11)
    checked = 0
    for g in _games():
        while not g.is_over:
            _check(g)
            checked += 1
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
    assert checked > 300


def test_clones_and_samples_keep_their_own_views():
    """A clone shares the memo of the dealt cards and starts with the views its original had; each
    then goes its own way and shows its own state, never the other's."""
    rng = Rng(5)
    for g in _games(3):
        steps = 0
        while not g.is_over:
            steps += 1
            if steps % 7 == 0 and g.decision is not None:
                before = g.observe(0)
                g.observe(0, shared=True), g.observe(1, shared=True)  # fill the memos
                sample = g.determinized(g.decision.player, rng)
                twin = g.clone()
                for other in (sample, twin):
                    if other is None:
                        continue
                    for _ in range(12):
                        if other.is_over:
                            break
                        acts = other.legal_actions()
                        other.apply(acts[rng.below(len(acts))])
                        assert other.observe(0, shared=True) == other.observe(0)
                        assert other.observe(1, shared=True) == other.observe(1)
                assert g.observe(0) == before
                assert g.observe(0, shared=True) == before
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])


def test_a_changed_unit_or_dynamis_shows_at_once():
    """Changed behind the rules' back (as scenario tests do), a Z/X's view and the dynamis lists
    are built again: their memos hold what they were made of."""
    g = next(_games(1))
    rng = Rng(3)
    while not g.is_over and (g.state.phase == "setup" or not any(u is not None for u in g.state.board)):
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    assert not g.is_over
    s = g.state
    u = next(u for u in s.board if u is not None)
    g.observe(0, shared=True)
    u.damage += 1000
    u.asleep = not u.asleep
    ps = s.players[0]
    if ps.dynamis:
        ps.face_up.add(ps.dynamis[0])
    assert g.observe(0, shared=True) == g.observe(0)
    assert g.observe(1, shared=True) == g.observe(1)
    assert V.observe(g.rules, s, 0, shared=True) == V.observe(g.rules, s, 0)
