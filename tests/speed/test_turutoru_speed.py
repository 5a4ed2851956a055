"""Turu-turu's speed caches and shortcuts give what the plain computation gives (issue 19).

Each is checked against a reference written the simple way (the code it replaced), over seeded
random games of every sample deck pair (one deck has a device that lowers toughness, so the
destruction check's floors are not all zero): the per-deal tables (static ops, toughness
floors), power and toughness with statics, the destruction check, whether a program can act,
the reused action objects, and the heuristic's damage-kill search and card facts."""
from __future__ import annotations

from itertools import combinations

from tcg.agents.base import AgentView
from tcg.agents.heuristics import turutoru as H
from tcg.api import list_decks, new_game
from tcg.engine.action import Action
from tcg.engine.cards import FrozenView
from tcg.engine.memo import plain
from tcg.engine.rng import Rng
from tcg.games.turutoru import flow as F
from tcg.games.turutoru import view as V

from .played import every_deck_pair

DECKS = list_decks("turutoru")
KINDS = ("place", "reboot", "bed_in", "mount", "release", "apply", "attack", "fan_fire", "library_draw",
         "activate", "effect")


def games(n_seeds: int = 1):
    """Seeded random games of every deck pair: yields the game at each decision."""
    return every_deck_pair("turutoru", 13, n_seeds)


# --- references: the plain computations (the code the shortcuts replaced) ----------------------

def ref_check_destroyed(s) -> None:
    again = True
    while again:
        again = False
        sources = F.static_sources(s)
        for side in (0, 1):
            for u in list(s.players[side].chars):
                if u.damage >= F.toughness_of(s, u, sources):
                    F.destroy(s, u)
                    sources = F.static_sources(s)
                    again = True


def ref_best_kill(needs, vals, damage):
    best, best_set = 0.0, ()
    for k in range(1, len(needs) + 1):
        for combo in combinations(range(len(needs)), k):
            if sum([needs[i] for i in combo]) <= damage:
                val = sum([vals[i] for i in combo])
                if val > best:
                    best, best_set = val, combo
    return best, best_set


def zones(s):
    return [(ps.deck, ps.hand, ps.discard, ps.devices, [(u.iid, u.devices) for u in ps.chars])
            for ps in s.players], list(s.events)


# --- the tests -----------------------------------------------------------------------------------

def test_the_dealt_cards_tables():
    seen = 0
    for g in games():
        s = g.state
        f = F.facts(s)
        assert f is F.facts(s.clone()), "clones share the tables of their dealt cards"
        fresh = F.Facts(s.cards)
        F.unit_sources(s)
        assert f.unit_ops == tuple(F._unit_ops(f, c, ops, s.cards, {}) for c, ops in zip(s.cards, f.ops))
        assert (f.ops, f.tough_ops, f.tough_floor, f.self_floor, f.attached_floor) == (
            fresh.ops, fresh.tough_ops, fresh.tough_floor, fresh.self_floor, fresh.attached_floor)
        assert f.ops == tuple(plain(F._static_ops)(c) for c in s.cards)  # remembered: the plain answers
        seen += min(f.attached_floor) < 0
    assert seen, "a deck lowers toughness: the floors are tested where they are not zero"


def test_power_and_toughness_in_one_pass_and_the_floors():
    units = 0
    for g in games():
        s = g.state
        sources, tough = F.static_sources(s), F._tough_sources(s)
        every = [u for ps in s.players for u in ps.chars]
        stats = F.units_stats(s, every, F.unit_sources(s))
        f = F.facts(s)
        for u, got in zip(every, stats):
            want = (F.power_of(s, u), F.toughness_of(s, u))
            assert got == want == (F.power_of(s, u, sources), F.toughness_of(s, u, sources))
            assert F.toughness_of(s, u, tough) == want[1]
            low = s.cards[u.iid].toughness + u.tough_mod + f.tough_floor + f.self_floor[u.iid] + \
                sum(f.attached_floor[d] for d in u.devices)
            assert f.low[u.iid] + u.tough_mod + sum(f.attached_floor[d] for d in u.devices) == low
            assert low <= s.cards[u.iid].toughness + u.tough_mod + F._static(s, u, "toughness")
            units += 1
    assert units > 1000


def test_the_destruction_check_destroys_what_the_plain_check_destroys():
    rng = Rng(5)
    checked = 0
    for g in games():
        s = g.state
        if not any(ps.chars for ps in s.players):
            continue
        a, b = s.clone(), s.clone()
        seed = rng.next64()
        for x in (a, b):  # the same wounds on both: some characters at or near their toughness
            r = Rng(seed)
            for ps in x.players:
                for u in ps.chars:
                    u.damage += r.below(4)
                    u.tough_mod -= r.below(2)
                    u.fan = r.below(5) == 0
        F.check_destroyed(a)
        ref_check_destroyed(b)
        assert zones(a) == zones(b)
        checked += 1
    assert checked > 300


def test_whether_a_program_can_act_and_the_listed_actions():
    rules = new_game("turutoru", [DECKS[0], DECKS[0]], seed=0).rules
    for g in games():
        s = g.state
        for p in (0, 1):
            for kind in KINDS:
                assert rules._can_act(s, p, kind) == bool(rules._program_targets(s, p, kind))
        for a in g.legal_actions():  # a reused action is the action built afresh
            fresh = Action.from_dict(a.to_dict())
            assert a == fresh and hash(a) == hash(fresh) and a.params == fresh.params


def test_the_best_kill_search():
    rng = Rng(17)
    for _ in range(3000):
        n = 1 + rng.below(7)
        needs = [1 + rng.below(6) for _ in range(n)]
        vals = [rng.below(8) + 0.5 * rng.below(7) + (0.0, 0.6, 1.0, 2.5)[rng.below(4)] for _ in range(n)]
        damage = rng.below(10)
        assert H._best_kill_of(needs, vals, damage) == ref_best_kill(needs, vals, damage)


def test_the_heuristics_card_facts_and_the_shared_views():
    for g in games():
        if g.decision.player != 0 and g.state.round % 2:
            continue
        view = AgentView(g, g.legal_actions())
        obs = view.observation
        me = obs["players"][view.player]
        for h in (me["hand"] or []) + (me.get("programs") or []):
            assert H._facts(h) == plain(H._facts)(h) == H._facts(dict(h))
        for h in me.get("programs") or []:  # a stacked card's shared view is the same each time
            assert any(h is x for x in g.observe(view.player, shared=True)["players"][view.player]["programs"])
        assert obs == V.observe(g.rules, g.state, view.player)
        for side in obs["players"]:  # characters are shared read-only views too
            assert all(type(u) is FrozenView for u in side["characters"])


def test_the_shared_fields_kept_by_the_fields():
    """The characters' shared views kept by the fields are, at every decision (and in
    determinized copies, as the search reads them), the views built afresh."""
    rng = Rng(23)
    checked = 0
    for g in games(2):
        s = g.state
        for x in (s, g.rules.determinize(s, g.decision.player, rng) or s):
            fields = V._shared_fields(x, V._shared_views(x))
            sources = F.static_sources(x)
            for p, ps in enumerate(x.players):
                assert list(fields[p]) == [V.unit_view(x, u, sources) for u in ps.chars]
                checked += bool(ps.chars)
    assert checked > 1000


def test_the_program_values_kept_by_the_printed_cards():
    """Program values and place keys read from the memo by card ids are what the plain
    computation gives for these very cards (and plain dicts are read every time)."""
    for g in games():
        view = AgentView(g, g.legal_actions())
        me = view.observation["players"][view.player]
        cards = [h for h in me["hand"] or [] if h.get("kind") == "character"] + list(me.get("programs") or [])
        pv, keys = H._program_values(cards)
        want = H._read_program_values([dict(h) for h in cards])
        assert pv == want
        assert keys == {h["iid"]: (h, H._body(h) - 0.6 * want[h["iid"]]) for h in cards}
        assert all(keys[h["iid"]][0] is h for h in cards)
        if cards:
            assert H._program_values([dict(h) for h in cards]) == (want, None)


def test_the_character_to_place_read_from_the_ranking():
    """``_Sim.to_place`` (the hand's characters ranked once per decision) gives what the plain
    ``max`` by place key gives, for every card left out, before and after the stack is played."""
    checked = 0
    for g in games():
        if g.decision.kind != "program":
            continue
        view = AgentView(g, g.legal_actions())
        c = H._Ctx(view)
        for sim in (H._Sim(c, replay=False), H._Sim(c)):
            for h in c.hand + [None]:
                exclude = None if h is None else h["iid"]
                chars = sim.chars_in_hand(exclude)
                want = (max(chars, key=c.place_key), len(chars)) if chars else (None, 0)
                got = sim.to_place(exclude)
                assert got[1] == want[1] and got[0] is want[0]
                checked += 1
    assert checked > 200
