"""Shironeko's speed caches give what the plain computation gives (issue 19).

Each cache or shortcut is checked against a reference written the simple way (the code it
replaced), over seeded random games of every sample deck pair: the per-deal tables (static
auras, the HP floor, how cards are played, the field's card facts, activated abilities, soul
kinds and colour bits), attack and HP with static abilities, the retreat check's shortcuts and
the retreat checks skipped, the main phase's actions, the ON souls' summaries (colour mask,
packed counts, souls by kind), the payments, the pay decision's memo and the suggested payment,
and the agents' observation with its kept views of units (on clones and determinized samples
too)."""
from __future__ import annotations

from itertools import product

from tcg.api import list_decks, new_game
from tcg.engine.action import Action
from tcg.engine.amounts import least
from tcg.engine.effects import EffectCtx
from tcg.engine.rng import Rng
from tcg.games.shironeko import costs as SC
from tcg.games.shironeko import flow as F
from tcg.games.shironeko import payment as P
from tcg.games.shironeko import rules as R
from tcg.games.shironeko.cards import CHARACTER_KINDS, COLORS
from tcg.games.shironeko.state import Unit

from .played import every_deck_pair, random_moves

DECKS = list_decks("shironeko")


def games(n_seeds: int = 1):
    """Seeded random games of every deck pair: yields the game at each decision."""
    return every_deck_pair("shironeko", 11, n_seeds)


def games_of(a: str, b: str, seed: int = 0):
    """One seeded random game of these decks: yields the game at each decision."""
    return random_moves(new_game("shironeko", [a, b], seed=seed), Rng(seed + 7))


def samples(g, rng):
    """The game, a clone, and a determinized sample for the deciding player (when it has one)."""
    d = g.determinized(g.decision.player, Rng(rng.next64()))
    return [h for h in (g, g.clone(), d) if h is not None]


def samples_at(kind: str, rng_seed: int):
    """The game, a clone and a determinized sample (``samples``, drawn by ``Rng(rng_seed)``) at
    each decision of this ``kind`` of ``games()``."""
    rng = Rng(rng_seed)
    for g in games():
        if g.decision.kind == kind:
            yield from samples(g, rng)


# --- references: the plain computations ------------------------------------------------------

def ref_legal_main(s, p, max_chars, rules):
    """The main phase's actions the plain way: every card in hand, use by use, with ``can_pay``;
    the activated abilities of the field, then those used from the hand or the discard pile."""
    ps = s.players[p]
    cards = s.cards
    out = []
    names = {cards[u.iid].name for u in ps.chars}
    for iid in ps.hand:
        c = cards[iid]
        if c.kind in CHARACTER_KINDS:
            ok = P.can_pay(s, p, c.color, c.cost)
            if ok and len(ps.chars) < max_chars and c.name not in names:
                out.append(Action("place", card=iid))
            if c.change_cost is not None and P.can_pay(s, p, c.color, c.change_cost):
                for u in ps.chars:
                    top = cards[u.iid]
                    if top.level != c.level - 1:
                        continue
                    if c.kind == "character":
                        if c.name not in names or top.name == c.name:
                            out.append(Action("change", card=iid, target=u.iid))
                    elif top.name == c.name:
                        out.append(Action("awaken", card=iid, target=u.iid))
            if c.leaderize is not None and ok and any(cards[i].id == c.leaderize for i in ps.leader_hand):
                out.append(Action("leaderize", card=iid))
        elif c.kind == "monster" and P.can_pay(s, p, c.color, c.cost):
            out.append(Action("monster", card=iid))
        burst = next((x for x in c.abilities if x.kind == "burst"), None)
        if burst is not None and P.can_pay(s, p, burst.color, burst.cost):
            out.append(Action("burst", card=iid))
    for u in ps.chars:
        if u.on and not u.attacked and u.entered != s.turn:
            out.append(Action("attack", attacker=u.iid))
    for u in ps.chars + ([ps.leader] if ps.leader is not None else []):
        if u.iid in s.used:
            continue
        for ab in cards[u.iid].abilities:
            if ab.kind == "activated" and ab.zone == "field" and not (ab.tap and not u.on) and \
                    not (ab.untap and u.on) and F.runes_met(F.runes(s, u), ab.runes) and \
                    (ab.cond is None or rules.effect_holds(s, EffectCtx(p, u.iid, -1), ab.cond)) and \
                    (SC.can_pay(s, p, u.iid, ab.costs, ab.color) if ab.costs is not None else
                     P.can_pay(s, p, ab.color, ab.cost)):
                out.append(Action("activate", ability=ab.index, card=u.iid))
    for zone in ("hand", "discard"):
        for iid in getattr(ps, zone):
            if iid in s.used:
                continue
            for ab in cards[iid].abilities:
                if ab.kind == "activated" and ab.zone == zone and \
                        (ab.cond is None or rules.effect_holds(s, EffectCtx(p, iid, -1), ab.cond)) and \
                        (SC.can_pay(s, p, iid, ab.costs, ab.color) if ab.costs is not None else
                         P.can_pay(s, p, ab.color, ab.cost)):
                    out.append(Action("activate_card", ability=ab.index, card=iid))
    return out + [Action("end_turn")]


def ref_bonus(s, u: Unit, stat: str) -> int:
    owner = s.owner[u.iid]
    total = 0
    for side in (owner, 1 - owner):
        ps = s.players[side]
        for src in (ps.chars if ps.leader is None else ps.chars + [ps.leader]):
            for ab, args in s.cards[src.iid].static_modifies(stat):
                t = args["target"]
                if t.__class__ is not str:  # a selector table of all the characters of a side
                    if not F._reaches(s, t, side == owner, src, u):
                        continue
                elif side == owner:
                    if not (t == "all_own_characters" or (t == "self" and src is u)
                            or (t == "all_own_other_characters" and src is not u)):
                        continue
                elif t != "all_opponent_characters":
                    continue
                if ab.runes and not F.runes_met(F.runes(s, src), ab.runes):
                    continue
                total += F._now(s, src, args["amount"])  # a "for each" amount counted now
    return total


def ref_check_retreats(s) -> None:
    again = True
    while again:
        again = False
        for side in (s.active, 1 - s.active):
            for u in list(s.players[side].chars):
                if u.damage >= s.cards[u.iid].hp + u.hp_mod + ref_bonus(s, u, "hp"):
                    F.leave_field(s, u, "discard", "retreat")
                    again = True


def ref_by_colour(cards, avail):
    out = {}
    for i in sorted(avail, key=lambda i: cards[i].pays_any_color):
        out.setdefault(cards[i].color, []).append(i)
    return out


def ref_payments(cards, avail, color, n, matched):
    groups = ref_by_colour(cards, avail)
    counts = [len(groups.get(c, ())) for c in COLORS]
    anywild = [any(cards[i].pays_any_color for i in groups.get(c, ())) for c in COLORS]
    return [vec for vec in product(*(range(k + 1) for k in counts)) if sum(vec) == n and (
        matched or any(k and (c == color or color == "colorless" or anywild[x])
                       for x, (c, k) in enumerate(zip(COLORS, vec))))]


def ref_canonical(cards, avail, color, n, matched, soul_color):
    group = ref_by_colour(cards, avail).get(soul_color, [])
    for i in (next((i for i in group if not cards[i].pays_any_color), None),
              next((i for i in group if cards[i].pays_any_color), None)):
        if i is not None and P.feasible(cards, [j for j in avail if j != i], color, n - 1,
                                          matched or P.matches(cards[i], color)):
            return i
    return None


def ref_suggested(s, p, color, n, matched):
    cards = s.cards
    avail = P.on_souls(s, p)
    ps = s.players[p]
    hand_uses = [[u for u in P._uses(cards[i]) if u[1] > 0] for i in ps.hand]
    units = ps.chars if ps.leader is None else ps.chars + [ps.leader]
    ability_uses = [(ab.color, ab.cost) for u in units if u.iid not in s.used
                    for ab in cards[u.iid].abilities if ab.kind == "activated" and ab.cost > 0]

    def ok(rest, use):
        return P.feasible(cards, rest, use[0], use[1], use[0] == "colorless")
    best, best_key = None, None
    for vec in ref_payments(cards, avail, color, n, matched):
        paid = set(P.souls_for(cards, avail, color, vec, matched))
        rest = [i for i in avail if i not in paid]
        key = (sum(1 for uses in hand_uses if not uses or any(ok(rest, u) for u in uses)),
               sum(ok(rest, u) for uses in hand_uses for u in uses) + sum(ok(rest, u) for u in ability_uses),
               sum(cards[i].pays_any_color for i in rest), len({cards[i].color for i in rest}),
               vec[COLORS.index("colorless")], vec)
        if best_key is None or key > best_key:
            best, best_key = vec, key
    return best


# --- the tests ----------------------------------------------------------------------------------

def test_per_deal_tables_match_the_cards():
    for a, b in product(DECKS, DECKS):
        s = new_game("shironeko", [a, b], seed=0).state
        deal = s.deal
        floor = 0
        for iid, card in enumerate(s.cards):
            for stat in ("attack", "hp"):
                mods = tuple((args["target"], args["amount"], ab.runes) for ab, args in card.static_modifies(stat))
                assert (deal.auras[stat][iid] if stat in deal.auras else None) == (mods or None)
                if stat == "hp":
                    floor += sum(min(0, least(m[1])) for m in mods)  # a "for each" amount: its least
            info = R._play_info(card, iid)
            shape = 1 if card.kind in CHARACTER_KINDS else 2 if card.kind == "monster" else 0
            burst = next(((x.color, x.cost) for x in card.abilities if x.kind == "burst"), None)
            change = card.change_cost if shape == 1 else None
            uses = ([card.cost] if shape else []) + ([change] if change is not None else []) + \
                ([burst[1]] if burst else [])
            assert info[0] == (max(min(uses), 0) if uses else 1 << 30)
            assert info[1:] == (shape, card.cost, P.cost_bit(card.color, card.cost), card.name,
                                {1: R.PLACE[iid], 2: R.MONSTER[iid]}.get(shape),
                                change, None if change is None else P.cost_bit(card.color, change), card.level - 1,
                                card.kind == "character", card.leaderize,
                                None if card.leaderize is None else R.LEADERIZE[iid],
                                burst and burst[1], burst and P.cost_bit(*burst), burst and R.BURST[iid])
        assert deal.hp_floor == floor
        # the tables filled when first needed: by the first main decisions and payments
        g = next(g for g in games_of(a, b) if g.state.turn > 2)
        deal = g.state.deal
        assert deal.tops == tuple((i, c.level, c.name) for i, c in enumerate(s.cards))
        assert deal.activated == tuple(tuple(x for x in c.abilities if x.kind == "activated" and x.zone == "field")
                                       or None for c in s.cards)
        for iid, card in enumerate(s.cards):
            if deal.soul_bits is not None:
                assert deal.soul_bits[iid] == (P.EVERY if card.pays_any_color else P._BIT.get(card.color, 0))


def test_stats_retreats_and_payments_equal_the_plain_computation():
    rng = Rng(5)
    pays = retreats = memos = 0
    for g in games():
        s = g.state
        if s.pay_memo is not None:  # kept only for the open pay decision, equal to a recount
            _, p, color, n, paid, _, _ = s.pending
            assert g.decision.kind == "pay" and s.pay_memo[0] is s.pending
            groups = P.on_groups(s, p)
            counts, matched = P.on_counts(s, p), P.is_matched(s.cards, paid, color)
            assert s.pay_memo[1:] == (groups, counts, matched, P.pay_plan(counts, color, n - len(paid), matched))
            memos += 1
        assert F.field_auras_both(s) == (F.field_auras(s, "attack"), F.field_auras(s, "hp"))
        for ps in s.players:
            for u in ps.chars:
                assert F.attack_of(s, u) == max(0, s.cards[u.iid].attack + u.atk_mod + ref_bonus(s, u, "attack"))
                assert F.hp_of(s, u) == s.cards[u.iid].hp + u.hp_mod + ref_bonus(s, u, "hp")
        if rng.below(4) == 0 and (s.players[0].chars or s.players[1].chars):
            # damage some characters, then the retreat check and the plain one remove the same
            a, b = s.clone(), s.clone()
            for x in (a, b):
                x.events = []
            hurt = Rng(rng.next64())
            for x in (a, b):
                r = Rng(hurt.state)
                for ps in x.players:
                    for u in ps.chars:
                        u.damage += r.below(4)
                        u.hp_mod -= r.below(2)
            F.check_retreats(a)
            ref_check_retreats(b)
            assert [list(e) for e in a.events] == [list(e) for e in b.events]
            assert [[u.iid for u in ps.chars] for ps in a.players] == [[u.iid for u in ps.chars] for ps in b.players]
            retreats += bool(a.events)
        p = g.decision.player
        avail = P.on_souls(s, p)
        for _ in range(2):
            color, n, matched = COLORS[rng.below(len(COLORS))], rng.below(6), rng.below(3) == 0
            ways = P.payments(s.cards, avail, color, n, matched)
            assert ways == ref_payments(s.cards, avail, color, n, matched)
            assert P.options(s.cards, avail, color, n, matched) == [
                c for c in COLORS if c in {s.cards[i].color for i in avail}
                and ref_canonical(s.cards, avail, color, n, matched, c) is not None]
            # the pay decision's plan from the ON souls' counts: the same payments, options, souls
            plan = P.pay_plan(P.on_counts(s, p), color, n, matched)
            assert list(plan[0]) == ways and list(plan[1]) == P.options(s.cards, avail, color, n, matched)
            for vec in ways:  # the souls a payment turns OFF, from the souls' kinds
                assert P.souls_in(P.on_groups(s, p), color, vec, matched) == P.souls_for(s.cards, avail, color, vec,
                                                                                         matched)
            for c in plan[1]:
                assert P.on_groups(s, p)[plan[2][c]][0] == ref_canonical(s.cards, avail, color, n, matched, c)
            if ways and n > 0:
                assert P.suggested(s, p, color, n, matched) == ref_suggested(s, p, color, n, matched)
                pays += 1
    assert pays > 500 and retreats > 20 and memos > 100


def test_agents_observation_with_kept_unit_views_equals_a_fresh_one():
    rng = Rng(3)
    checked = 0
    for g in games():
        if rng.below(3):
            continue
        for h in (g, g.clone(), g.determinized(g.decision.player, Rng(rng.next64()))):
            if h is None:
                continue
            for viewer in (0, 1, None):
                assert h.observe(viewer, shared=True) == h.observe(viewer)
                checked += 1
        # the clone keeps the views its units had; changing a unit shows in the next observation
        c = g.clone()
        for ps in c.state.players:
            for u in ps.chars:
                u.damage += 1
                u.on = not u.on
                u.atk_mod += 1
        assert c.observe(0, shared=True) == c.observe(0)
        assert g.observe(0, shared=True) == g.observe(0)
    assert checked > 1000


def test_no_character_is_left_to_retreat_at_any_decision():
    """``ShironekoRules.apply`` skips the retreat check after a decision: sound only because at
    every decision no character has damage >= its HP (statics included), and applying a
    decision other than defend (which checks itself) changes no damage, HP or field."""
    seen = 0
    for g in games(2):
        s = g.state
        for ps in s.players:
            for u in ps.chars:
                assert u.damage < F.hp_of(s, u)
                seen += u.damage > 0
    assert seen > 100


def test_main_phase_actions_equal_the_plain_listing():
    """``_legal_main`` (one ON-souls mask, per-deal tables of the cards) lists what the plain
    listing lists, in its order, on the game, a clone and a determinized sample."""
    checked = 0
    for h in samples_at("main", 8):
        assert h.legal_actions() == ref_legal_main(h.state, h.decision.player, h.rules.max_chars, h.rules)
        checked += 1
    assert checked > 3000


def test_on_souls_summaries_equal_a_plain_count():
    """``on_mask`` (how many ON souls, the colours they match) and the packed ``on_counts`` and
    ``on_groups`` against the ON souls counted one by one."""
    rng = Rng(9)
    checked = 0
    for g in games():
        if rng.below(3):
            continue
        for h in samples(g, rng):
            s = h.state
            codes = P.pay_codes(s)
            for p in (0, 1):
                on = P.on_souls(s, p)
                n_on, mask = P.on_mask(s, p)
                assert n_on == len(on)
                for color in COLORS:
                    for n in range(4):
                        assert (n_on >= n and bool(mask & P.cost_bit(color, n))) == P.can_pay(s, p, color, n)
                groups = P.on_groups(s, p)
                assert groups == {c: [i for i in on if codes[i] == c] for c in {codes[i] for i in on}}
                assert P.unpack(P.on_counts(s, p)) == tuple(sum(codes[i] == c for i in on)
                                                            for c in range(2 * len(COLORS)))
                checked += 1
    assert checked > 1000


def test_pay_decisions_with_the_memo_equal_those_worked_out_again():
    """The pay decision's memo (ON souls by kind, counted, matched, plan) against the same
    decision with the memo dropped, on the game, a clone and a determinized sample: the same
    actions, and each applied gives the same events and OFF souls."""
    checked = 0
    for h in samples_at("pay", 10):
        plain = h.clone()
        plain.state.pay_memo = None
        assert h.legal_actions() == plain.legal_actions()
        for a in h.legal_actions():
            x, y = h.clone(), h.clone()
            x.state.pay_memo = h.state.pay_memo  # the memo kept (a clone starts without it)
            y.state.pay_memo = None
            x.apply(a)
            y.apply(a)
            assert [list(e) for e in x.state.events] == [list(e) for e in y.state.events]
            assert [ps.souls_off for ps in x.state.players] == [ps.souls_off for ps in y.state.players]
            assert x.legal_actions() == y.legal_actions()
            checked += 1
    assert checked > 1000


def test_skipped_retreat_checks_find_nothing(monkeypatch):
    """The end phase and a card played check retreats (SN-K8) only when an HP can have gone down
    (``_step_end_phase``, ``_step_play``): after either, the plain check finds no character to
    retreat."""
    seen = 0

    def checked(step):
        def run(self, s, st):
            nonlocal seen
            step(self, s, st)
            if not s.over:
                c = s.clone()
                c.events = []
                ref_check_retreats(c)
                assert not c.events
                seen += 1
        return run
    for kind in ("end_phase", "play"):  # run from the step stack or at once
        wrapped = checked(getattr(R.ShironekoRules, "_step_" + kind))
        monkeypatch.setitem(R.ShironekoRules._STEPS, kind, wrapped)
        monkeypatch.setattr(R.ShironekoRules, "_step_" + kind, wrapped)
    for _ in games():
        pass
    assert seen > 1000
