"""Hand-written heuristics of Kemuri Chuudoku and Z/X: key behaviours in built scenarios (with the
real sample card set), whole games without a fallback, and a small win-rate smoke test against the
random agent (the full measurement is a benchmark, not a test)."""
from __future__ import annotations

import itertools
import pathlib

import pytest

import tcg
from tcg.agents.base import make_agent
from tcg.agents.heuristics import kemuri as KM
from tcg.agents.heuristics import zx as ZX
from tcg.engine.action import Action
from tcg.engine.game import Game
from tcg.games import get_rules
from tcg.sim.runner import play

from .corpus_cards import strict_fixture
from ..games.harness_base import Pool
from .scenario import act as _act
from .scenario import card_id as _card
from .scenario import chosen
from .scenario import scenario_game as _game


strict = strict_fixture(KM, ZX)


# =================================================================================================
# Kemuri
# =================================================================================================

KM_FILL = "KMS-011"   # lv2 cast without a trigger or ability: every call-in of it is 2 seats
KM_FIXTURES = pathlib.Path(__file__).parents[1] / "games" / "kemuri" / "fixture_cards.toml"
KM_TAIL = {"charcoal": [("end_phase",), ("serving_start",), ("operation",), ("charcoal",)],
           "operation": [("end_phase",), ("serving_start",), ("operation",)],
           "serving_start": [("end_phase",), ("serving_start",)],
           "serve": [("end_phase",), ("serve_next",)],
           "end_phase": [("end_phase",)]}


def km_scenario(p0: dict, p1: dict, active: int = 0, turn: int = 5, start: str = "operation"):
    """Real cards. Per player: deck (list of ids, top first; default 10 fillers), hand, seating,
    floor (ids), backyard, leader (default KMS-L02, an operation charm that draws and calls in),
    leader_active, charm_used. An id the sample set lacks comes from the rules tests' fixture cards
    (e.g. KL-BEN, a leader with a help charm: no sample leader has one since Sample Set 1.2.0)."""
    from tcg.games.kemuri.state import Cast, KMState
    rules = get_rules("kemuri")
    rules.profile  # noqa: B018 - loads the numbers (close seats, floor size)
    cards, owner, lay = [], [], []

    fixtures = None

    def new(cid, p):
        nonlocal fixtures
        card = rules.cards.find(cid)
        if card is None:
            from tcg.games.kemuri.cards import load_cards
            fixtures = fixtures or load_cards(KM_FIXTURES)
            card = fixtures[cid]
        cards.append(card)
        owner.append(p)
        return len(cards) - 1

    for p, spec in enumerate((p0, p1)):
        lay.append(dict(
            deck=[new(c, p) for c in reversed(spec.get("deck", [KM_FILL] * 10))],
            hand=[new(c, p) for c in spec.get("hand", [])],
            seating=[new(c, p) for c in spec.get("seating", [])],
            backyard=[new(c, p) for c in spec.get("backyard", [])],
            floor=[Cast(new(c, p)) for c in spec.get("floor", [])],
            leader=new(spec.get("leader", "KMS-L02"), p),
            leader_active=spec.get("leader_active", True),
            charm_used=spec.get("charm_used", False),
            mulliganed=True))
    s = KMState(0, tuple(cards), tuple(owner))
    for p, z in enumerate(lay):
        for k, v in z.items():
            setattr(s.players[p], k, v)
    s.first, s.active, s.turn = 0, active, turn
    s.phase = "serving" if start in ("serve", "end_phase") else start.replace("serving_start", "operation")
    s.steps = list(KM_TAIL[start])
    return _game("kemuri", s)


def km_run_turn(g: Game) -> None:
    """Both players play the heuristic until the turn ends (or the game does)."""
    turn = g.state.turn
    while not g.is_over and g.state.turn == turn:
        g.apply(_act(g, KM.policy))


def test_km_always_closes_when_close_is_legal():
    for seats in (["KMS-010"] * 6, ["KMS-010"] * 5 + ["KMS-003"]):   # 18 and 16 seats
        g = km_scenario(dict(seating=seats), dict(), start="end_phase")
        assert g.decision.kind == "close"
        assert _act(g, KM.policy) == Action("close")


def test_km_keeps_the_leader_active_and_closes_when_the_seats_come_this_turn():
    # 15 seats, one cast that calls in twice into an empty floor (イケイケ): 16+ seats this turn
    g = km_scenario(dict(seating=["KMS-010"] * 5, floor=["KMS-015"], hand=["KMS-030"]), dict())
    seen = []
    while not g.is_over and g.state.turn == 5:
        a = _act(g, KM.policy)
        if g.decision.player == 0:
            seen.append(a.type)
        g.apply(a)
    assert "leader_draw" not in seen and "charm" not in seen
    assert g.winner == 0 and g.state.end_reason == "close"


def test_km_does_not_lock_the_leader_at_16_seats_even_with_a_charm():
    g = km_scenario(dict(seating=["KMS-010"] * 5 + ["KMS-003"], leader="KMS-L01"), dict(floor=["KMS-010"]))
    assert {"leader_draw", "charm"} <= {a.type for a in g.legal_actions()}
    km_run_turn(g)
    assert g.winner == 0


def test_km_locks_the_leader_to_draw_when_far_from_closing():
    g = km_scenario(dict(seating=["KMS-003"] * 2, hand=["KMS-015"], charm_used=True), dict())
    assert _act(g, KM.policy) == Action("leader_draw")
    # a leader whose operation charm draws 2 and calls in: the charm first
    g = km_scenario(dict(seating=["KMS-003"] * 2, hand=["KMS-015"], leader="KMS-L01"), dict())
    assert _act(g, KM.policy) == Action("charm")


def km_mulligan_marks(hand: list[str]) -> list[str]:
    g = km_scenario(dict(hand=hand), dict())
    s = g.state
    s.steps, s.decision, s.pending = [("mulligan", 0)], None, None
    g._legal = None
    g.rules.advance(s)
    marked = []
    while g.decision.kind == "mulligan":
        a = _act(g, KM.policy)
        if a.type == "mulligan_done":
            break
        marked.append(_card(g, a.card))
        g.apply(a)
    return sorted(marked)


def test_km_mulligan_returns_expensive_casts():
    # with cost-0 casts to start with: only the two cost-3 casts go back
    assert km_mulligan_marks(["KMS-010", "KMS-003", "KMS-030", "KMS-020", "KMS-015"]) == ["KMS-010", "KMS-020"]
    # seats start at 0: without a cost-0 cast, everything but the call-in / draw supports goes back
    assert km_mulligan_marks(["KMS-013", "KMS-019", "KMS-031", "KMS-039", "KMS-026"]) == \
        ["KMS-013", "KMS-019", "KMS-026", "KMS-039"]


def test_km_places_an_affordable_cast_and_pays_without_losing_seats():
    # cost 2 (看板娘のミオ) with seats 3 + 1 + 1: pay with the two level-1 cards, keep the 3
    g = km_scenario(dict(seating=["KMS-010", "KMS-003", "KMS-015"], hand=["KMS-002"], leader_active=False),
                    dict(floor=["KMS-015"]))
    g.apply(chosen(g, _act(g, KM.policy), "place", "KMS-002"))
    while g.decision.kind == "pay":
        g.apply(_act(g, KM.policy))
    assert sorted(_card(g, i) for i in g.state.players[0].seating) == ["KMS-010"]


def test_km_serves_into_the_strongest_cast_it_beats_and_not_into_a_loss():
    # CP 6 against CP 2 and CP 4 (and a CP 6 it also beats: a tie goes to the server)
    g = km_scenario(dict(floor=["KMS-010"]), dict(floor=["KMS-015", "KMS-016"], leader="KMS-L01"),
                    start="serve")
    a = _act(g, KM.policy)
    assert a.type == "serve" and _card(g, a.target) == "KMS-016"
    # CP 2 against CP 6: no serving (the cast would be lost for one call-in)
    g = km_scenario(dict(floor=["KMS-015"], seating=["KMS-003"]), dict(floor=["KMS-010"], leader="KMS-L01"),
                    start="serve")
    assert _act(g, KM.policy) == Action("end_serving")
    # nobody to receive: イケイケ
    g = km_scenario(dict(floor=["KMS-015"]), dict(), start="serve")
    a = _act(g, KM.policy)
    assert a.type == "serve" and a.target == -1


def test_km_helps_only_when_the_help_turns_the_contest():
    def served(helps, leader="KMS-L01"):
        # player 1 serves レン (CP 3, late) into our 静かなシズク (CP 2, late)
        g = km_scenario(dict(floor=["KMS-015"], hand=helps, leader=leader),
                        dict(floor=["KMS-019"], leader="KMS-L01"), active=1, start="serve")
        g.apply(next(a for a in g.legal_actions() if a.type == "serve"))
        assert g.decision.kind == "help" and g.decision.player == 0
        return g
    g = served(["KMS-016"])           # 用心棒のシズク helps late +3: 2 + 3 > 3
    chosen(g, _act(g, KM.policy), "help", "KMS-016")
    g = served(["KMS-013"])           # +1 only: 2 + 1 = 3 still loses (a tie goes to the server)
    assert _act(g, KM.policy) == Action("done")
    g = served([], leader="KL-BEN")   # a help charm (fixture leader): the receiving cast +3
    assert _act(g, KM.policy) == Action("charm")


def test_km_trouble_locks_the_leader_of_an_opponent_about_to_close():
    def window(opp_seats):
        g = km_scenario(dict(hand=["KMS-040"]), dict(seating=opp_seats, floor=["KMS-015"]),
                        active=1, start="serving_start")
        assert g.decision.kind == "trouble" and g.decision.player == 0
        return g
    g = window(["KMS-010"] * 5 + ["KMS-003"])   # 16 seats, leader active
    chosen(g, _act(g, KM.policy), "trouble", "KMS-040")
    g = window(["KMS-003"] * 2)                  # 2 seats: keep it
    assert _act(g, KM.policy) == Action("pass")


def test_km_value_follows_the_seat_race():
    g = km_scenario(dict(seating=["KMS-010"] * 4), dict(seating=["KMS-003"]))
    v0, v1 = KM.value(g.observe(0), 0), KM.value(g.observe(1), 1)
    assert 0.5 < v0 <= 1.0 and 0.0 <= v1 < 0.5


# =================================================================================================
# Z/X
# =================================================================================================

ZX_FILL = "ZXS-057"   # green 4 / 8000, no ability and no ignition icon (life cards stay plain)


def zx_scenario(p0: dict, p1: dict, board: dict | None = None, active: int = 0, turn: int = 5,
                start: str = "main", battle: tuple | None = None):
    """Real cards. Per player: deck (count of fillers), hand, life (count of fillers), resources
    (ids, rebooted), asleep (more resources, asleep), trash (ids). ``board``: {square: (id, owner)
    or (id, owner, asleep, damage)}. ``start``: resource / ignition / main / battle_events."""
    from tcg.games.zx.state import Battle, Unit, ZXState
    from tcg.games.zx.triggers import reindex
    rules = get_rules("zx")
    rules.profile  # noqa: B018 - loads the numbers (hand limit, life)
    pool, lay = Pool(rules), []
    new = pool.new

    for p, spec in enumerate((p0, p1)):
        res = [new(c, p) for c in spec.get("resources", [])]
        asleep = [new(c, p) for c in spec.get("asleep", [])]
        lay.append(dict(deck=[new(ZX_FILL, p) for _ in range(spec.get("deck", 20))],
                        hand=[new(c, p) for c in spec.get("hand", [])],
                        life=[new(ZX_FILL, p) for _ in range(spec.get("life", 4))],
                        resources=res + asleep, asleep_res=set(asleep), player_face_up=True,
                        mulliganed=True, trash=[new(c, p) for c in spec.get("trash", [])]))
    units = {}
    for sq, spec in (board or {}).items():
        cid, p, *rest = spec
        u = Unit(new(cid, p), p)
        if rest:
            u.asleep = rest[0]
        if len(rest) > 1:
            u.damage = rest[1]
        units[sq] = u
    s = ZXState(0, tuple(pool.cards), tuple(pool.owner))
    for p, z in enumerate(lay):
        for k, v in z.items():
            setattr(s.players[p], k, v)
    for sq, u in units.items():
        s.board[sq] = u
    reindex(s)  # the triggers of the Z/X laid on the board
    s.first, s.active, s.turn, s.phase = 0, active, turn, "main" if start == "battle_events" else start
    tails = {"resource": [("end_phase",), ("main",), ("ignition",), ("resource",)],
             "ignition": [("end_phase",), ("main",), ("ignition",)],
             "main": [("end_phase",), ("main",)]}
    if start == "battle_events":
        att, tgt = battle
        s.battle = Battle(att, s.board[att].iid, tgt, s.board[tgt].iid if tgt >= 0 else -1)
        s.steps = [("end_phase",), ("main",), ("battle_resolve",), ("battle_events", 1 - active, 1)]
    else:
        s.steps = list(tails[start])
    return _game("zx", s)


def zx_play_main(g: Game, limit: int = 30) -> None:
    """Both players play the heuristic until the turn player's main phase ends."""
    for _ in range(limit):
        if g.is_over:
            return
        a = _act(g, ZX.policy)
        if g.decision.kind == "main" and a.type == "end_turn":
            return
        g.apply(a)


def test_zx_attacks_the_player_when_allowed():
    # our 5000 on square 4 (next to player 1's empty player square 1); their Z/X on 3 is no threat
    g = zx_scenario(dict(), dict(), board={4: ("ZXS-006", 0), 3: ("ZXS-001", 1, True)})
    a = _act(g, ZX.policy)
    assert a.type == "attack" and a.attacker == 4 and a.target == -1
    # seen from player 1: player 0's player square is 7, the attack comes from square 4 too
    g = zx_scenario(dict(), dict(), board={4: ("ZXS-006", 1)}, active=1)
    a = _act(g, ZX.policy)
    assert a.type == "attack" and a.target == -1


def test_zx_attacks_only_what_it_can_destroy():
    # 5000 on 4: their 4000 on 3 can be destroyed; 8000 on 5 and 9000 on the player square cannot
    g = zx_scenario(dict(), dict(), board={4: ("ZXS-006", 0), 3: ("ZXS-016", 1), 5: ("ZXS-031", 1),
                                           1: ("ZXS-032", 1)})
    a = _act(g, ZX.policy)
    assert a == Action("attack", attacker=4, target=3)
    g.apply(a)
    while g.decision.kind == "battle":
        g.apply(_act(g, ZX.policy))
    assert g.state.board[3] is None            # destroyed
    assert _act(g, ZX.policy) == Action("end_turn")   # no attack wasted


def test_zx_destroys_the_blocker_then_hits_the_player():
    # two attackers next to their player square: one destroys the 2000 there, the other hits
    g = zx_scenario(dict(), dict(), board={0: ("ZXS-006", 0), 2: ("ZXS-016", 0), 1: ("ZXS-001", 1)})
    life = len(g.state.players[1].life)
    zx_play_main(g)
    assert g.state.board[1] is None and len(g.state.players[1].life) == life - 1


def test_zx_puts_a_resource_while_it_has_few():
    hand = ["ZXS-031", "ZXS-001", "ZXS-006"]
    g = zx_scenario(dict(hand=hand, resources=["ZXS-002", "ZXS-003"]), dict(), start="resource")
    assert g.decision.kind == "resource"
    a = _act(g, ZX.policy)
    assert a.type == "resource"
    # plenty of resources and a small hand: keep the cards
    g = zx_scenario(dict(hand=hand[:2], resources=["ZXS-002"] * 8), dict(), start="resource")
    assert _act(g, ZX.policy) == Action("no_resource")


def test_zx_takes_the_start_card_and_the_gate_card():
    g = tcg.new_game("zx", ["crimson_vanguard", "azure_tide"], seed=3)
    kinds = []
    while g.decision.kind in ("start_card", "gate_card"):
        a = _act(g, ZX.policy)
        kinds.append(a.type)
        g.apply(a)
    assert kinds and set(kinds) <= {"start_card", "gate_card"}


def test_zx_stops_a_lethal_hit_with_a_battle_event():
    # player 1 attacks our player (1 life left) from square 6; we hold Vine Snare (destroy the attacker)
    g = zx_scenario(dict(hand=["ZXS-063"], resources=["ZXS-053", "ZXS-053"], life=1), dict(),
                    board={6: ("ZXS-016", 1, True)}, active=1, start="battle_events", battle=(6, -1))
    assert g.decision.kind == "battle" and g.decision.player == 0
    g.apply(chosen(g, _act(g, ZX.policy), "battle_event", "ZXS-063"))
    while not g.is_over and g.decision.kind in ("battle", "target"):
        g.apply(_act(g, ZX.policy))
    assert not g.is_over and len(g.state.players[0].life) == 1


def test_zx_guards_its_empty_player_square():
    # nothing to attack; the best use of a Z/X is our own player square (7) against their 4000 on 4
    g = zx_scenario(dict(hand=["ZXS-016"], resources=["ZXS-014"] * 3), dict(), board={4: ("ZXS-016", 1)})
    a = _act(g, ZX.policy)
    assert a.type == "place" and a.square == 7


def test_zx_value_follows_the_life_race():
    g = zx_scenario(dict(life=4), dict(life=1))
    v0, v1 = ZX.value(g.observe(0), 0), ZX.value(g.observe(1), 1)
    assert 0.5 < v0 <= 1.0 and 0.0 <= v1 < 0.5


# =================================================================================================
# Whole games
# =================================================================================================

@pytest.mark.parametrize("game_id", ["kemuri", "zx"])
def test_heuristic_beats_random_smoke(game_id):
    """20 games against the random agent, seats alternated, every deck pairing: > 70% wins
    (the 200-game measurement is a benchmark)."""
    decks = tcg.list_decks(game_id)
    pairs = list(itertools.product(decks, decks))
    wins = 0
    for i in range(20):
        h = i % 2
        g = tcg.new_game(game_id, list(pairs[(i // 2) % len(pairs)]), seed=100 + i)
        agents = [None, None]
        agents[h] = make_agent("heuristic", seed=i)
        agents[1 - h] = make_agent("random", seed=i)
        play(g, agents)
        wins += g.winner == h
    assert wins > 14


@pytest.mark.parametrize("game_id", ["kemuri", "zx"])
def test_heuristic_self_play_finishes_without_fallback(game_id):
    decks = tcg.list_decks(game_id)
    for i in range(4):
        g = tcg.new_game(game_id, [decks[i % len(decks)], decks[(i + 1) % len(decks)]], seed=i)
        play(g, [make_agent("heuristic", seed=1), make_agent("heuristic", seed=2)], max_decisions=5000)
        assert g.is_over
