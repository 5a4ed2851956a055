"""Attacks and blocks (TT-A1..A6), with the Fan Fire halving (TT-P8) during an attack.

Readings tested: blocking does not put a blocker to bed (it may block again); the attacker's
controller divides the attacker's damage among several blockers one point at a time
(``assign_damage``); during a Fan Fire attack the halved toughness decides destruction; nothing
wakes a character automatically."""
from __future__ import annotations


from tcg.engine.action import Action, Decision
from tcg.games.turutoru import flow as F

from .harness import (FILL, decision, do, events, fixture_rules, legal_types, main, options, scenario, unit,
                      zone)


def attack(g, *attackers: str) -> None:
    """Player 0's Attack/Fan Fire decision: pick these, in order, then done."""
    assert decision(g) == (0, "attackers")
    for a in attackers:
        do(g, "pick", card=a)
    do(g, "done")


def cid(g, iid: int) -> str:
    return g.state.cards[iid].id


def attack_log(g) -> list[tuple]:
    """The attack-related events in order, with card ids."""
    out = []
    for e in g.log:
        t = e["type"]
        if t == "attack":
            out.append(("attack", cid(g, e["attacker"])))
        elif t == "blocked":
            out.append(("blocked", cid(g, e["attacker"]), [cid(g, b) for b in e["blockers"]]))
        elif t == "unblocked":
            out.append(("unblocked", cid(g, e["attacker"])))
        elif t == "clash":
            out.append(("clash", e["to_attacker"], {cid(g, int(k)): v for k, v in e["to_blockers"].items()}))
        elif t == "destroyed":
            out.append(("destroyed", e["id"]))
        elif t == "hp":
            out.append(("hp", e["player"], e["hp"]))
    return out


# =============================================================================================
# TT-A1: attackers go to bed as they attack, one at a time
# =============================================================================================

def test_tt_a1_each_attacker_goes_to_bed_as_it_attacks_one_by_one():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK", "T-ODD"]), dict(chars=["T-WALL"]))
    attack(g, "T-ODD", "T-ATK")   # picked order = attack order
    # first attacker: T-ODD is asleep already, T-ATK not yet
    assert g.decision == Decision(1, "block", {"attacker": unit(g, 0, "T-ODD").iid})
    assert unit(g, 0, "T-ODD").awake is False
    assert unit(g, 0, "T-ATK").awake is True
    do(g, "done")
    assert g.decision == Decision(1, "block", {"attacker": unit(g, 0, "T-ATK").iid})
    assert unit(g, 0, "T-ATK").awake is False
    do(g, "done")
    assert attack_log(g) == [("attack", "T-ODD"), ("unblocked", "T-ODD"), ("hp", 1, 17),
                             ("attack", "T-ATK"), ("unblocked", "T-ATK"), ("hp", 1, 14)]
    types = [e["type"] for e in g.log]
    assert types.index("program_resolved") > max(i for i, t in enumerate(types) if t == "hp")


def test_tt_a1_attackers_stay_asleep_next_round():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK"]))
    attack(g, "T-ATK")
    assert g.state.round == 3 and g.decision.kind == "program"
    assert unit(g, 0, "T-ATK").awake is False  # nothing wakes it but Reboot or an effect


def test_tt_a1_attacker_put_to_bed_cannot_attack_again_in_a_later_program():
    g = main(dict(programs=["T-ATK1", "T-ATK1"], chars=["T-ATK", "T-SMALL"]))
    attack(g, "T-ATK")
    assert decision(g) == (0, "attackers")
    assert options(g, "pick") == ["T-SMALL"]


# =============================================================================================
# TT-A2: blocks
# =============================================================================================

def test_tt_a2_defender_blocks_with_awake_characters_even_new_ones():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK"]),
             dict(chars=[dict(card="T-GUARD", placed_this_round=True), dict(card="T-BIG", awake=False),
                         "T-WALL"]))
    attack(g, "T-ATK")
    assert decision(g) == (1, "block")  # no program needed
    assert options(g, "block") == ["T-GUARD", "T-WALL"]
    assert "done" in legal_types(g)
    do(g, "block", card="T-GUARD")
    assert decision(g) == (1, "block")
    assert options(g, "block") == ["T-WALL"]
    do(g, "done")
    assert attack_log(g)[:3] == [("attack", "T-ATK"), ("blocked", "T-ATK", ["T-GUARD"]),
                                 ("clash", 2, {"T-GUARD": 3})]
    assert g.state.players[1].hp == 20


def test_tt_a2_blocking_does_not_put_the_blocker_to_bed():
    g = main(dict(programs=["T-ATK1", "T-BED"], chars=["T-SMALL", "T-ATK1"]), dict(chars=["T-WALL"]))
    attack(g, "T-SMALL", "T-ATK1")
    do(g, "block", card="T-WALL")
    do(g, "done")
    assert unit(g, 1, "T-WALL").awake is True
    # the same blocker blocks the next attacker too
    assert decision(g) == (1, "block")
    assert options(g, "block") == ["T-WALL"]
    do(g, "block", card="T-WALL")
    do(g, "done")
    assert unit(g, 1, "T-WALL").awake is True
    assert unit(g, 1, "T-WALL").damage == 3
    assert g.state.players[1].hp == 20
    assert [x for x in attack_log(g) if x[0] == "blocked"] == [
        ("blocked", "T-SMALL", ["T-WALL"]), ("blocked", "T-ATK1", ["T-WALL"])]
    assert decision(g) == (0, "bed_in")  # still in the main phase (damage not yet removed)


def test_tt_a2_no_block_decision_without_awake_defenders():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK"]), dict(chars=[dict(card="T-WALL", awake=False)]))
    attack(g, "T-ATK")
    assert g.state.players[1].hp == 17
    assert [a["player"] for a in g.actions] == [0, 0]  # pick, done: the defender was never asked
    assert all(x[0] != "blocked" for x in attack_log(g))


def test_tt_a2_defender_may_decline_to_block():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK"]), dict(chars=["T-WALL"]))
    attack(g, "T-ATK")
    do(g, "done")
    assert g.state.players[1].hp == 17
    assert unit(g, 1, "T-WALL").damage == 0


# =============================================================================================
# TT-A3: unblocked damage to HP
# =============================================================================================

def test_tt_a3_unblocked_attacker_deals_its_power_to_hp():
    g = main(dict(programs=["T-ATK1"], devices=["D-FIELD"], chars=["T-BIG", dict(card="T-SMALL",
                                                                                          devices=["D-ARMS"])]))
    attack(g, "T-BIG", "T-SMALL")
    # T-BIG 5 + 1; T-SMALL 1 + 2 + 1
    assert [x for x in attack_log(g) if x[0] == "hp"] == [("hp", 1, 14), ("hp", 1, 10)]
    assert [e["change"] for e in events(g, "hp")] == [-6, -4]


# =============================================================================================
# TT-A4: blocked: simultaneous damage; the attacker's controller divides among blockers
# =============================================================================================

def test_tt_a4_attacker_and_blocker_damage_each_other():
    g = main(dict(programs=["T-ATK1", "T-BED"], chars=["T-ODD"]), dict(chars=["T-GUARD"]))
    attack(g, "T-ODD")
    do(g, "block", card="T-GUARD")
    do(g, "done")
    assert unit(g, 0, "T-ODD").damage == 2 and unit(g, 1, "T-GUARD").damage == 3
    assert g.state.players[1].hp == 20


def test_tt_a4_damage_is_simultaneous_both_destroyed():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK1"]), dict(chars=["T-PLACE2"]))
    attack(g, "T-ATK1")
    do(g, "block", card="T-PLACE2")
    do(g, "done")
    assert zone(g, 0, "chars") == [] and zone(g, 1, "chars") == []
    assert "T-ATK1" in zone(g, 0, "discard") and zone(g, 1, "discard") == ["T-PLACE2"]
    log = attack_log(g)
    assert log[-3] == ("clash", 2, {"T-PLACE2": 2})
    assert sorted(log[-2:]) == [("destroyed", "T-ATK1"), ("destroyed", "T-PLACE2")]


def _odd_blocked_by_two():
    """T-ODD (3 power) attacks; T-SMALL and T-GUARD both block it: its damage is to divide."""
    g = main(dict(programs=["T-ATK1", "T-BED"], chars=["T-ODD"]),
             dict(chars=["T-SMALL", "T-GUARD"]))
    attack(g, "T-ODD")
    do(g, "block", card="T-SMALL")
    do(g, "block", card="T-GUARD")
    do(g, "done")
    return g


def test_tt_a4_attacker_controller_divides_damage_one_point_at_a_time():
    g = _odd_blocked_by_two()
    small, guard = unit(g, 1, "T-SMALL").iid, unit(g, 1, "T-GUARD").iid
    asked = []
    for n in range(3):
        assert decision(g) == (0, "assign_damage")  # the ATTACKER's controller
        assert g.decision.info["damage"] == 3
        assert sorted(g.decision.info["blockers"]) == sorted([small, guard])
        assert set(g.legal_actions()) == {Action("assign", card=small), Action("assign", card=guard)}
        asked.append(n)
        do(g, "assign", card="T-GUARD" if n else "T-SMALL")
    assert asked == [0, 1, 2]
    assert zone(g, 1, "chars") == ["T-GUARD"] and zone(g, 1, "discard") == ["T-SMALL"]
    assert unit(g, 1, "T-GUARD").damage == 2
    assert unit(g, 0, "T-ODD").damage == 3  # 1 + 2 back from both blockers
    assert ("clash", 3, {"T-SMALL": 1, "T-GUARD": 2}) in attack_log(g)


def test_tt_a4_all_damage_may_go_to_one_blocker():
    g = _odd_blocked_by_two()
    for _ in range(3):
        do(g, "assign", card="T-GUARD")
    assert unit(g, 1, "T-GUARD").damage == 3 and unit(g, 1, "T-SMALL").damage == 0


# =============================================================================================
# TT-A5: damage reaching toughness destroys
# =============================================================================================

def test_tt_a5_damage_equal_to_toughness_destroys_to_discard():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK"]),
             dict(chars=[dict(card="T-GUARD", devices=["D-ARMS"]), "T-WALL"]))
    # T-GUARD with arms: 4/5; T-ATK 3 damage + 2 earlier = 5
    unit(g, 1, "T-GUARD").damage = 2
    g.touch()
    attack(g, "T-ATK")
    do(g, "block", card="T-GUARD")
    do(g, "done")
    assert zone(g, 1, "chars") == ["T-WALL"]
    assert zone(g, 1, "discard") == ["T-GUARD", "D-ARMS"]   # the attached device follows
    # T-ATK took 4 (2 + 2 arms) of its 3 toughness: destroyed too
    assert "T-ATK" in zone(g, 0, "discard")
    fixture_rules().check_invariants(g.state)


def test_tt_a5_damage_below_toughness_survives():
    g = main(dict(programs=["T-ATK1", "T-BED"], chars=["T-ATK"]), dict(chars=["T-GUARD"]))
    attack(g, "T-ATK")
    do(g, "block", card="T-GUARD")
    do(g, "done")
    assert zone(g, 1, "chars") == ["T-GUARD"] and unit(g, 1, "T-GUARD").damage == 3
    assert zone(g, 0, "chars") == ["T-ATK"] and unit(g, 0, "T-ATK").damage == 2


# =============================================================================================
# TT-A6: summoning sickness: not for Attack, yes for Fan Fire and blocking
# =============================================================================================

def test_tt_a6_placed_this_round_cannot_attack_with_attack():
    g = scenario(p0=dict(hand=["T-PLACE", "T-ATK1", "T-SMALL"], chars=["T-GUARD"], deck=FILL),
                 p1=dict(deck=FILL))
    do(g, "stack", card="T-PLACE")
    do(g, "stack", card="T-ATK1")
    do(g, "finish_program")
    do(g, "finish_program")
    do(g, "place", card="T-SMALL")
    assert decision(g) == (0, "attackers")
    assert options(g, "pick") == ["T-GUARD"]


def test_tt_a6_placed_this_round_can_fan_fire_and_block():
    g = scenario(p0=dict(hand=["T-PLACE", "T-FAN", "T-ATK"], deck=FILL),
                 p1=dict(hand=["T-PLACE", "T-WALL"], deck=FILL))
    do(g, "stack", card="T-PLACE")
    do(g, "stack", card="T-FAN")
    do(g, "finish_program")
    do(g, "stack", card="T-PLACE")
    do(g, "finish_program")
    do(g, "place", card="T-ATK")       # p0 seg 0
    do(g, "place", card="T-WALL")      # p1 seg 0
    assert decision(g) == (0, "attackers")
    assert options(g, "pick") == ["T-ATK"]
    do(g, "pick", card="T-ATK")
    do(g, "done")
    assert decision(g) == (1, "block")
    assert options(g, "block") == ["T-WALL"]  # placed this round, blocks
    do(g, "block", card="T-WALL")
    do(g, "done")
    assert ("clash", 0, {"T-WALL": 2}) in attack_log(g)  # T-ATK fan-fired: 3 -> 2


# =============================================================================================
# TT-P8 during an attack: halved toughness decides destruction; back to normal afterwards
# =============================================================================================

def test_tt_p8_fan_fire_attacker_destroyed_by_its_halved_toughness():
    # T-ODD 3/5 fan-fires as 2/3; blocked by T-PLACE3 (power 3): destroyed, though 3 < 5
    g = main(dict(programs=["T-FAN"], chars=["T-ODD"]), dict(chars=["T-PLACE3"]))
    attack(g, "T-ODD")
    do(g, "block", card="T-PLACE3")
    do(g, "done")
    assert zone(g, 0, "chars") == [] and zone(g, 0, "discard") == ["T-ODD"]
    assert zone(g, 1, "chars") == ["T-PLACE3"]
    assert attack_log(g)[-2:] == [("clash", 3, {"T-PLACE3": 2}), ("destroyed", "T-ODD")]


def test_tt_p8_fan_fire_survivor_gets_full_toughness_back():
    # T-ODD fan-fires as 2/3 and takes 2 from T-GUARD: survives; afterwards 3/5 with 2 damage
    g = main(dict(programs=["T-FAN", "T-BED"], chars=["T-ODD"]), dict(chars=["T-GUARD"]))
    attack(g, "T-ODD")
    do(g, "block", card="T-GUARD")
    do(g, "done")
    u = unit(g, 0, "T-ODD")
    assert u.damage == 2 and u.fan is False
    assert (F.power_of(g.state, u), F.toughness_of(g.state, u)) == (3, 5)
    assert unit(g, 1, "T-GUARD").damage == 2
    assert decision(g) == (0, "bed_in")


def test_tt_p8_fan_fire_split_uses_halved_power():
    g = main(dict(programs=["T-FAN"], chars=["T-BIG"]), dict(chars=["T-SMALL", "T-WALL"]))
    attack(g, "T-BIG")  # 5 -> 3
    do(g, "block", card="T-SMALL")
    do(g, "block", card="T-WALL")
    do(g, "done")
    n = 0
    while decision(g) == (0, "assign_damage"):
        assert g.decision.info["damage"] == 3
        do(g, "assign", card="T-WALL")
        n += 1
    assert n == 3


def test_tt_p8_fan_fire_damaged_attacker_destroyed_whether_blocked_or_not():
    # T-ODD 3/5 with 3 damage fan-fires as 2/3: damage 3 >= toughness 3, so it is destroyed
    # the moment it attacks, before any block and without dealing damage
    for defenders in ([], ["T-WALL"]):
        g = main(dict(programs=["T-FAN"], chars=[dict(card="T-ODD", damage=3)]),
                 dict(chars=defenders))
        attack(g, "T-ODD")
        assert zone(g, 0, "discard") == ["T-ODD"]
        assert g.state.players[1].hp == 20
        assert g.decision is None or g.decision.kind != "block"
        if defenders:
            assert unit(g, 1, "T-WALL").damage == 0
