"""The programs (TT-P1..P13) and the card kinds (TT-K1..K3).

Readings tested: a card's program and its targets are chosen when it runs (TT-T2); a program
can be skipped when it runs and is then discarded; a card none of whose programs can act is
discarded without asking; Reboot wakes any number (at least one) of your characters, asleep or
not (TT-P2); a field device goes on the field, a character device on any character, either side,
unless the card restricts it (TT-P4); a Library Draw that ran is discarded, not resolved (TT-P9)."""
from __future__ import annotations

from tcg.engine.action import Action
from tcg.games.turutoru import flow as F

from .harness import (FILL, attached, decision, do, events, fixture_rules, legal_types, main, options,
                      program, scenario, unit, zone)

def outcome(g, p: int = 0) -> list[tuple[str, str]]:
    """(event type, card id) of player p's program results, in order."""
    return [(e["type"], e["id"]) for e in g.log
            if e["type"] in ("program_resolved", "program_discarded", "program_decoded", "program_spent")
            and e["player"] == p]


# =============================================================================================
# TT-P1: Place
# =============================================================================================

def test_tt_p1_place_puts_a_character_from_hand_on_the_field_awake():
    g = main(dict(programs=["T-PLACE", "T-BED"], hand=["T-SMALL", "D-FIELD", "A-BOLT", "T-BIG"]))
    assert decision(g) == (0, "place")
    running = g.state.players[0].running
    assert g.state.cards[running].id == "T-PLACE"
    assert g.decision.info == {"program": "place", "card": running, "segment": 0}
    assert options(g, "place") == ["T-SMALL", "T-BIG"]  # characters only
    do(g, "place", card="T-BIG")
    assert zone(g, 0, "chars") == ["T-BIG"]
    u = unit(g, 0, "T-BIG")
    assert u.awake is True and u.damage == 0 and u.placed == g.state.round
    assert g.observe(1)["players"][0]["characters"][0]["placed_this_round"] is True
    assert zone(g, 0, "hand") == ["T-SMALL", "D-FIELD", "A-BOLT"]
    assert outcome(g) == [("program_resolved", "T-PLACE")]


def test_tt_p1_place_without_a_character_in_hand_is_discarded():
    g = main(dict(programs=["T-PLACE"], hand=["D-FIELD", "A-BOLT"]))
    assert outcome(g) == [("program_discarded", "T-PLACE")]
    assert zone(g, 0, "discard") == ["T-PLACE"] and zone(g, 0, "chars") == []


def test_tt_p1_placed_character_stays_on_later_rounds_not_placed_this_round():
    g = main(dict(programs=["T-PLACE"], hand=["T-ATK1"]))
    do(g, "place", card="T-ATK1")
    assert g.state.round == 3
    assert g.observe(0)["players"][0]["characters"][0]["placed_this_round"] is False


# =============================================================================================
# TT-P2: Reboot
# =============================================================================================

def test_tt_p2_reboot_wakes_chosen_own_characters():
    g = main(dict(programs=["T-REBOOT", "T-BED"],
                  chars=[dict(card="T-SMALL", awake=False), dict(card="T-GUARD", awake=False), "T-BIG"]),
             dict(chars=[dict(card="T-ODD", awake=False)]))
    assert decision(g) == (0, "reboot")
    # any of your own characters (「自身のフィールドの任意数(1体以上)のキャラクター」), awake ones too
    assert options(g, "pick") == ["T-SMALL", "T-GUARD", "T-BIG"]
    assert "done" not in legal_types(g)                   # at least one
    do(g, "pick", card="T-GUARD")
    assert decision(g) == (0, "reboot")
    assert options(g, "pick") == ["T-SMALL", "T-BIG"] and "done" in legal_types(g)
    do(g, "done")
    assert unit(g, 0, "T-GUARD").awake is True
    assert unit(g, 0, "T-SMALL").awake is False
    assert unit(g, 1, "T-ODD").awake is False
    assert outcome(g) == [("program_resolved", "T-REBOOT")]


def test_tt_p2_reboot_any_number():
    g = main(dict(programs=["T-REBOOT"],
                  chars=[dict(card="T-SMALL", awake=False), dict(card="T-GUARD", awake=False)]))
    do(g, "pick", card="T-SMALL")
    do(g, "pick", card="T-GUARD")
    assert "pick" not in legal_types(g)
    do(g, "done")
    assert unit(g, 0, "T-SMALL").awake and unit(g, 0, "T-GUARD").awake
    assert [sorted(g.state.cards[i].id for i in e["cards"]) for e in events(g, "reboot")] == [["T-GUARD", "T-SMALL"]]


def test_tt_p2_reboot_with_nobody_asleep_still_runs():
    # TT-P2 does not ask for a sleeping character: with only awake ones it may still run (and
    # resolves, back to hand), e.g. to have a program that ran at that segment
    g = main(dict(programs=["T-REBOOT"], chars=["T-SMALL"]), dict(chars=[dict(card="T-ODD", awake=False)]))
    assert decision(g) == (0, "reboot")
    assert options(g, "pick") == ["T-SMALL"]
    do(g, "pick", card="T-SMALL")
    do(g, "done")
    assert unit(g, 0, "T-SMALL").awake is True and unit(g, 1, "T-ODD").awake is False
    assert outcome(g) == [("program_resolved", "T-REBOOT")]
    assert [ids for ids in ([g.state.cards[i].id for i in e["cards"]] for e in events(g, "reboot"))] == [["T-SMALL"]]


def test_tt_p2_reboot_without_any_own_character_is_discarded():
    g = main(dict(programs=["T-REBOOT"]), dict(chars=[dict(card="T-ODD", awake=False)]))
    assert outcome(g) == [("program_discarded", "T-REBOOT")]


# =============================================================================================
# TT-P3: Bed-in
# =============================================================================================

def test_tt_p3_bed_in_one_awake_character_on_either_field():
    g = main(dict(programs=["T-BED"], chars=["T-SMALL", dict(card="T-GUARD", awake=False)]),
             dict(chars=["T-ODD", dict(card="T-BIG", awake=False)]))
    assert decision(g) == (0, "bed_in")
    assert sorted(options(g, "bed_in")) == ["T-ODD", "T-SMALL"]
    do(g, "bed_in", card="T-ODD")
    assert unit(g, 1, "T-ODD").awake is False
    assert unit(g, 0, "T-SMALL").awake is True  # only one
    assert outcome(g) == [("program_resolved", "T-BED")]


def test_tt_p3_bed_in_own_character():
    g = main(dict(programs=["T-BED"], chars=["T-SMALL"]), dict(chars=["T-ODD"]))
    do(g, "bed_in", card="T-SMALL")
    assert unit(g, 0, "T-SMALL").awake is False and unit(g, 1, "T-ODD").awake is True


def test_tt_p3_bed_in_with_nobody_awake_is_discarded():
    g = main(dict(programs=["T-BED"], chars=[dict(card="T-SMALL", awake=False)]))
    assert outcome(g) == [("program_discarded", "T-BED")]


# =============================================================================================
# TT-P4: Mount
# =============================================================================================

def test_tt_p4_mount_field_device_goes_on_the_field():
    g = main(dict(programs=["T-MOUNT"], hand=["D-FIELD", "A-BOLT", "T-BIG"], chars=["T-SMALL"]))
    assert decision(g) == (0, "mount")
    acts = [a for a in g.legal_actions() if a.type == "mount"]
    assert [(g.state.cards[a.card].id, a.target) for a in acts] == [("D-FIELD", -1)]
    do(g, "mount", card="D-FIELD", target=-1)
    assert zone(g, 0, "devices") == ["D-FIELD"]
    assert attached(g, 0, "T-SMALL") == []
    assert F.power_of(g.state, unit(g, 0, "T-SMALL")) == 2   # its static: +1 to own characters
    assert zone(g, 0, "hand") == ["A-BOLT", "T-BIG", "T-MOUNT", "T-SMALL"]  # + resolved + round 3's draw
    assert outcome(g) == [("program_resolved", "T-MOUNT")]


def test_tt_p4_mount_character_device_attaches_to_own_character():
    g = main(dict(programs=["T-MOUNT"], hand=["D-ARMS"], chars=["T-SMALL", "T-GUARD"]),
             dict(chars=["T-BIG"]))
    acts = [a for a in g.legal_actions() if a.type == "mount"]
    # any character, the opponent's T-BIG too (「キャラクターに付ける形で配置する物」), not the field
    assert sorted((g.state.cards[a.card].id, g.state.cards[a.target].id) for a in acts) == [
        ("D-ARMS", "T-BIG"), ("D-ARMS", "T-GUARD"), ("D-ARMS", "T-SMALL")]
    do(g, "mount", card="D-ARMS", target="T-GUARD")
    assert attached(g, 0, "T-GUARD") == ["D-ARMS"]
    assert zone(g, 0, "devices") == []
    u = unit(g, 0, "T-GUARD")
    assert (F.power_of(g.state, u), F.toughness_of(g.state, u)) == (4, 5)
    small = unit(g, 0, "T-SMALL")
    assert (F.power_of(g.state, small), F.toughness_of(g.state, small)) == (1, 1)


def test_tt_p4_character_device_on_an_opponents_character():
    # TT-P4: the source only says a device is 「キャラクターに付ける形で配置する物」: any character
    g = main(dict(programs=["T-MOUNT", "T-RELEASE"], hand=["D-ARMS"]), dict(chars=["T-BIG"]))
    assert decision(g) == (0, "mount")
    do(g, "mount", card="D-ARMS", target="T-BIG")
    assert attached(g, 1, "T-BIG") == ["D-ARMS"]
    big = unit(g, 1, "T-BIG")
    assert (F.power_of(g.state, big), F.toughness_of(g.state, big)) == (7, 6)  # its static follows the holder
    assert g.state.owner[g.state.players[1].chars[0].devices[0]] == 0          # still player 0's card
    # its owner may release it back to hand (TT-P5: a device you own)
    assert decision(g) == (0, "release")
    assert options(g, "release") == ["D-ARMS"]
    do(g, "release", card="D-ARMS")
    assert attached(g, 1, "T-BIG") == [] and "D-ARMS" in zone(g, 0, "hand")
    fixture_rules().check_invariants(g.state)


def test_tt_p4_device_on_an_opponents_character_goes_to_its_owners_discard():
    g = main(dict(programs=["T-MOUNT", "T-APPLY"], hand=["D-ARMS", "A-BOLT"]), dict(chars=["T-SMALL"]))
    do(g, "mount", card="D-ARMS", target="T-SMALL")   # 1/1 -> 3/2
    do(g, "apply", card="A-BOLT")                     # its only target: 2 damage, destroyed
    assert zone(g, 1, "chars") == [] and zone(g, 1, "discard") == ["T-SMALL"]
    assert zone(g, 0, "discard") == ["A-BOLT", "D-ARMS"]
    fixture_rules().check_invariants(g.state)


def test_tt_p4_a_card_may_restrict_where_it_is_mounted():
    # D-OWN says mount_on = "own", D-VIRUS mount_on = "opponent"
    cards = fixture_rules().cards
    assert (cards["D-ARMS"].mount_on, cards["D-OWN"].mount_on, cards["D-VIRUS"].mount_on) == ("any", "own", "opponent")
    g = main(dict(programs=["T-MOUNT"], hand=["D-OWN", "D-VIRUS"], chars=["T-SMALL"]), dict(chars=["T-BIG"]))
    acts = sorted((g.state.cards[a.card].id, g.state.cards[a.target].id) for a in g.legal_actions()
                  if a.type == "mount")
    assert acts == [("D-OWN", "T-SMALL"), ("D-VIRUS", "T-BIG")]
    assert g.observe(0)["players"][0]["hand"][0]["mount_on"] == "own"
    do(g, "mount", card="D-VIRUS", target="T-BIG")
    assert F.power_of(g.state, unit(g, 1, "T-BIG")) == 3


def test_tt_p4_character_device_without_any_character_is_discarded():
    g = main(dict(programs=["T-MOUNT"], hand=["D-ARMS"]), dict())
    assert outcome(g) == [("program_discarded", "T-MOUNT")]
    assert "D-ARMS" in zone(g, 0, "hand")
    g = main(dict(programs=["T-MOUNT"], hand=["D-OWN"]), dict(chars=["T-BIG"]))
    assert outcome(g) == [("program_discarded", "T-MOUNT")]  # restricted to own characters: none


# =============================================================================================
# TT-P5: Release
# =============================================================================================

def test_tt_p5_release_returns_own_device_to_hand():
    g = main(dict(programs=["T-RELEASE", "T-RELEASE"], devices=["D-FIELD"],
                  chars=[dict(card="T-SMALL", devices=["D-ARMS"])]),
             dict(devices=["D-CANNON"]))
    assert decision(g) == (0, "release")
    assert sorted(options(g, "release")) == ["D-ARMS", "D-FIELD"]  # not the opponent's D-CANNON
    small = unit(g, 0, "T-SMALL")
    assert F.power_of(g.state, small) == 4  # 1 + 2 (arms) + 1 (field)
    do(g, "release", card="D-ARMS")
    assert attached(g, 0, "T-SMALL") == []
    assert zone(g, 0, "hand") == ["D-ARMS"]
    assert F.power_of(g.state, small) == 2 and F.toughness_of(g.state, small) == 1
    do(g, "release", card="D-FIELD")
    assert zone(g, 0, "devices") == [] and zone(g, 0, "hand")[:2] == ["D-ARMS", "D-FIELD"]
    assert zone(g, 1, "devices") == ["D-CANNON"]
    assert outcome(g) == [("program_resolved", "T-RELEASE")] * 2


def test_tt_p5_release_without_own_device_is_discarded():
    g = main(dict(programs=["T-RELEASE"]), dict(devices=["D-CANNON"]))
    assert outcome(g) == [("program_discarded", "T-RELEASE")]


# =============================================================================================
# TT-P6: Apply
# =============================================================================================

def test_tt_p6_apply_uses_an_application_from_hand():
    g = main(dict(programs=["T-APPLY"], hand=["A-BOLT", "T-SMALL", "D-FIELD"]),
             dict(chars=["T-GUARD", "T-PLACE2"]))
    assert decision(g) == (0, "apply")
    assert options(g, "apply") == ["A-BOLT"]  # applications only
    do(g, "apply", card="A-BOLT")
    # targets are chosen as it resolves
    assert decision(g) == (0, "target")
    assert sorted(g.state.cards[i].id for i in g.decision.info["candidates"]) == ["T-GUARD", "T-PLACE2"]
    do(g, "target", target="T-PLACE2")
    assert zone(g, 1, "chars") == ["T-GUARD"] and zone(g, 1, "discard") == ["T-PLACE2"]
    assert zone(g, 0, "discard") == ["A-BOLT"]
    assert outcome(g) == [("program_resolved", "T-APPLY")]
    types = [e["type"] for e in g.log]
    assert types.index("apply") < types.index("damage") < types.index("program_resolved")


def test_tt_p6_apply_without_an_application_is_discarded():
    g = main(dict(programs=["T-APPLY"], hand=["T-SMALL"]))
    assert outcome(g) == [("program_discarded", "T-APPLY")]


def test_tt_p6_apply_search_by_work():
    g = main(dict(programs=["T-APPLY"], hand=["A-SEARCH"], deck=["T-BIG", "T-PLACE", "T-ATK", "T-FAN"]))
    do(g, "apply", card="A-SEARCH")
    assert decision(g) == (0, "search")
    assert sorted(options(g, "search_pick")) == ["T-ATK", "T-PLACE"]  # work Alpha only
    do(g, "search_pick", card="T-ATK")
    assert "T-ATK" in zone(g, 0, "hand")
    assert zone(g, 0, "discard") == ["A-SEARCH"]


# =============================================================================================
# TT-P7: Attack
# =============================================================================================

def test_tt_p7_attack_with_awake_characters_not_placed_this_round():
    g = main(dict(programs=["T-ATK1"],
                  chars=["T-ATK", dict(card="T-ODD", awake=False), dict(card="T-GUARD", placed_this_round=True),
                         "T-SMALL"]))
    assert decision(g) == (0, "attackers")
    assert g.decision.info["program"] == "attack"
    assert options(g, "pick") == ["T-ATK", "T-SMALL"]
    assert "done" not in legal_types(g)
    do(g, "pick", card="T-ATK")
    do(g, "pick", card="T-SMALL")
    do(g, "done")
    assert g.state.players[1].hp == 16
    assert outcome(g) == [("program_resolved", "T-ATK1")]


def test_tt_p7_attack_with_no_eligible_character_is_discarded():
    g = main(dict(programs=["T-ATK1"],
                  chars=[dict(card="T-ODD", awake=False), dict(card="T-GUARD", placed_this_round=True)]))
    assert outcome(g) == [("program_discarded", "T-ATK1")]
    assert g.state.players[1].hp == 20


# =============================================================================================
# TT-P8: Fan Fire
# =============================================================================================

def test_tt_p8_fan_fire_halves_power_rounded_up_and_allows_new_characters():
    g = main(dict(programs=["T-FAN"],
                  chars=["T-ODD", dict(card="T-GUARD", placed_this_round=True), dict(card="T-SMALL", awake=False)]))
    assert decision(g) == (0, "attackers")
    assert g.decision.info["program"] == "fan_fire"
    assert options(g, "pick") == ["T-ODD", "T-GUARD"]
    do(g, "pick", card="T-ODD")
    do(g, "pick", card="T-GUARD")
    do(g, "done")
    atk = [(g.state.cards[e["attacker"]].id, e["power"], e["toughness"], e["fan_fire"]) for e in events(g, "attack")]
    assert atk == [("T-ODD", 2, 3, True), ("T-GUARD", 1, 2, True)]  # 3/5 -> 2/3, 2/4 -> 1/2
    assert g.state.players[1].hp == 17
    # only until the end of its attack
    for cid, pw, tg in (("T-ODD", 3, 5), ("T-GUARD", 2, 4)):
        u = unit(g, 0, cid)
        assert (u.fan, F.power_of(g.state, u), F.toughness_of(g.state, u)) == (False, pw, tg)


def test_tt_p8_fan_fire_halves_modified_power():
    # T-ODD 3 + 2 (arms) + 1 (server) = 6 -> 3; toughness 5 + 1 = 6 -> 3
    g = main(dict(programs=["T-FAN"], devices=["D-FIELD"], chars=[dict(card="T-ODD", devices=["D-ARMS"])]))
    do(g, "pick", card="T-ODD")
    do(g, "done")
    assert [(e["power"], e["toughness"]) for e in events(g, "attack")] == [(3, 3)]
    assert g.state.players[1].hp == 17


# =============================================================================================
# TT-P9: Library Draw N
# =============================================================================================

def test_tt_p9_library_draw_draws_n_and_is_discarded():
    g = main(dict(programs=["T-DRAW2"], deck=["T-ATK", "T-BED", "T-FAN", "T-DEC"]))
    assert decision(g) == (0, "library_draw")
    assert set(g.legal_actions()) == {Action("run"), Action("skip")}
    do(g, "run")
    assert zone(g, 0, "discard") == ["T-DRAW2"]
    assert zone(g, 0, "hand") == ["T-ATK", "T-BED", "T-FAN"]  # 2 + round 3's draw; no T-DRAW2
    assert zone(g, 0, "deck") == ["T-DEC"]
    # it ran (its segments are consumed) but it is discarded, not resolved (TT-P9)
    assert outcome(g) == [("program_spent", "T-DRAW2")]
    assert events(g, "program_resolved") == []
    assert [(e["segments"], e["next"]) for e in events(g, "program_spent")] == [(1, 1)]


def test_tt_p9_multi_program_card_as_library_draw_or_as_reboot():
    # without a character, T-MULTI2's Reboot cannot act: Library Draw is its only program
    g = main(dict(programs=["T-MULTI2"], deck=["T-ATK", "T-BED", "T-FAN"]))
    assert decision(g) == (0, "library_draw")
    do(g, "run")
    assert zone(g, 0, "discard") == ["T-MULTI2"]
    assert zone(g, 0, "hand") == ["T-ATK", "T-BED"]
    # with one, the owner chooses when it runs (TT-T2)
    g = main(dict(programs=["T-MULTI2"], chars=[dict(card="T-SMALL", awake=False)],
                  deck=["T-ATK", "T-BED", "T-FAN"]))
    assert decision(g) == (0, "choose_program")
    do(g, "use", program=0)
    assert decision(g) == (0, "reboot")
    do(g, "pick", card="T-SMALL")
    do(g, "done")
    assert zone(g, 0, "discard") == []
    assert zone(g, 0, "hand") == ["T-MULTI2", "T-ATK"]


# =============================================================================================
# TT-P10: Activate (a character's ability)
# =============================================================================================

def test_tt_p10_activate_a_character_ability_with_target_chosen_at_run_time():
    g = main(dict(programs=["T-ACTV", "T-BED"], chars=["T-SKILL", "T-SMALL"]),
             dict(chars=["T-GUARD", "T-PLACE2"]))
    assert decision(g) == (0, "activate")
    acts = sorted((g.state.cards[a.card].id, a.ability) for a in g.legal_actions() if a.type == "activate")
    assert acts == [("T-SKILL", 0), ("T-SKILL", 1)]
    do(g, "activate", card="T-SKILL", ability=0)
    assert decision(g) == (0, "target")
    do(g, "target", target="T-GUARD")
    assert unit(g, 1, "T-GUARD").damage == 2
    assert unit(g, 1, "T-PLACE2").damage == 0
    assert [(e["id"], e["ability"]) for e in events(g, "activate")] == [("T-SKILL", 0)]
    assert outcome(g) == [("program_resolved", "T-ACTV")]
    assert decision(g) == (0, "bed_in")


def test_tt_p10_activate_needs_an_ability_on_own_field():
    g = main(dict(programs=["T-ACTV"], chars=["T-SMALL"]), dict(chars=["T-SKILL"]))
    assert outcome(g) == [("program_discarded", "T-ACTV")]


# =============================================================================================
# TT-P11: Effect (a device's ability)
# =============================================================================================

def test_tt_p11_effect_uses_one_ability_of_own_device():
    g = main(dict(programs=["T-EFFECT"], devices=["D-CANNON", "D-FIELD"],
                  chars=[dict(card="T-SMALL", awake=False, devices=["D-ARMS"])]),
             dict(devices=["D-CANNON"]))
    assert decision(g) == (0, "effect")
    acts = sorted((g.state.cards[a.card].id, a.ability, g.state.owner[a.card]) for a in g.legal_actions()
                  if a.type == "effect")
    assert acts == [("D-ARMS", 1, 0), ("D-CANNON", 0, 0), ("D-FIELD", 1, 0)]
    do(g, "effect", card="D-CANNON", ability=0)
    assert g.state.players[1].hp == 18
    assert outcome(g) == [("program_resolved", "T-EFFECT")]


def test_tt_p11_effect_of_an_attached_device_acts_on_its_character():
    g = main(dict(programs=["T-EFFECT"], chars=[dict(card="T-SMALL", awake=False, devices=["D-ARMS"]),
                                                      dict(card="T-GUARD", awake=False)]))
    do(g, "effect", card="D-ARMS", ability=1)
    assert unit(g, 0, "T-SMALL").awake is True
    assert unit(g, 0, "T-GUARD").awake is False


def test_tt_p11_effect_without_device_is_discarded():
    g = main(dict(programs=["T-EFFECT"], chars=["T-SKILL"]), dict(devices=["D-CANNON"]))
    assert outcome(g) == [("program_discarded", "T-EFFECT")]


# =============================================================================================
# TT-P12: Program Decoder (more in test_timeline.py)
# =============================================================================================

def test_tt_p12_decoded_program_is_discarded_not_run():
    # p1 has less HP: its decoder runs first at segment 0 (TT-G4), while p0's T-APPLY has not run
    g = main(dict(programs=["T-APPLY"], hand=["A-HEAL"]), dict(programs=["T-DEC"], hp=19))
    assert decision(g) == (1, "choose_program")     # used, not declined (TT-P13)
    do(g, "use", program=0)
    assert outcome(g, 0) == [("program_decoded", "T-APPLY")]
    assert outcome(g, 1) == [("program_resolved", "T-DEC")]
    assert g.state.players[0].hp == 20
    assert "A-HEAL" in zone(g, 0, "hand")
    assert zone(g, 0, "discard") == ["T-APPLY"]


# =============================================================================================
# TT-P13: no target / chosen not to run -> discarded
# =============================================================================================

def test_tt_p13_skip_discards_the_program():
    g = main(dict(programs=["T-PLACE"], hand=["T-SMALL"]))
    assert "skip" in legal_types(g)
    do(g, "skip")
    assert outcome(g) == [("program_discarded", "T-PLACE")]
    assert zone(g, 0, "discard") == ["T-PLACE"]
    assert zone(g, 0, "chars") == []
    assert zone(g, 0, "hand") == ["T-SMALL", "T-SMALL"]  # T-PLACE not back; round 3's draw


def test_tt_p13_skip_after_choosing_attackers_discards_without_attacking():
    g = main(dict(programs=["T-ATK1"], chars=["T-ATK"]))
    do(g, "pick", card="T-ATK")
    do(g, "skip")
    assert g.state.players[1].hp == 20
    assert unit(g, 0, "T-ATK").awake is True
    assert events(g, "attack") == []
    assert outcome(g) == [("program_discarded", "T-ATK1")]


def test_tt_p13_no_legal_target_discarded_without_asking():
    g = main(dict(programs=["T-REBOOT", "T-BED", "T-PLACE"], hand=["A-BOLT"]))
    assert outcome(g) == [("program_discarded", "T-REBOOT"), ("program_discarded", "T-BED"),
                          ("program_discarded", "T-PLACE")]
    assert zone(g, 0, "discard") == ["T-REBOOT", "T-BED", "T-PLACE"]
    assert g.decision.kind == "program"  # next round, nobody was asked


def test_tt_p13_target_chosen_when_run_not_when_stacked():
    # when programmed, the opponent had no character; by the time Bed-in runs, one was placed
    g = scenario(p0=dict(hand=["T-BED"], deck=FILL), p1=dict(hand=["T-PLACE", "T-GUARD"], deck=FILL, hp=18))
    program(g, 0, "T-BED")
    program(g, 1, "T-PLACE")
    do(g, "place", card="T-GUARD")  # p1 lower HP: first at segment 0
    assert decision(g) == (0, "bed_in")
    assert options(g, "bed_in") == ["T-GUARD"]
    do(g, "bed_in", card="T-GUARD")
    assert unit(g, 1, "T-GUARD").awake is False


# =============================================================================================
# TT-K1..K3: card kinds
# =============================================================================================

def test_tt_k1_character_card_fields():
    cards = fixture_rules().cards
    c = cards["T-MULTI"]
    assert (c.kind, c.power, c.toughness, c.segment, c.gender, c.work) == ("character", 2, 2, 2, "female", "Alpha")
    assert [p.kind for p in c.programs] == ["attack", "place", "bed_in"]
    assert cards["T-DRAW2"].programs[0].amount == 2
    assert cards["T-DRAW2"].programs[0].label() == "Library Draw 2"
    g = main(dict(chars=["T-MULTI"]))
    view = g.observe(1)["players"][0]["characters"][0]
    assert {k: view[k] for k in ("power", "toughness", "segment", "gender", "work", "programs")} == {
        "power": 2, "toughness": 2, "segment": 2, "gender": "female", "work": "Alpha",
        "programs": ["Attack", "Place", "Bed In"]}


def test_tt_k1_effects_refer_to_gender():
    g = main(dict(chars=["T-LEADER", "T-SMALL", "T-GUARD"]), dict(chars=["T-FAN"]))
    s = g.state
    assert F.power_of(s, unit(g, 0, "T-LEADER")) == 3   # female: 2 + 1 (itself too)
    assert F.power_of(s, unit(g, 0, "T-GUARD")) == 3    # female: 2 + 1
    assert F.power_of(s, unit(g, 0, "T-SMALL")) == 1    # male
    assert F.power_of(s, unit(g, 1, "T-FAN")) == 3      # the opponent's female: not own


def test_tt_k1_application_wakes_by_gender():
    g = main(dict(programs=["T-APPLY"], hand=["A-WAKE"],
                  chars=[dict(card="T-GUARD", awake=False), dict(card="T-SMALL", awake=False)]),
             dict(chars=[dict(card="T-FAN", awake=False)]))
    do(g, "apply", card="A-WAKE")
    assert unit(g, 0, "T-GUARD").awake is True
    assert unit(g, 0, "T-SMALL").awake is False
    assert unit(g, 1, "T-FAN").awake is False


def test_tt_k2_devices_stay_and_attached_device_leaves_with_its_character():
    g = main(dict(programs=["T-APPLY"], hand=["A-BOLT"], devices=["D-FIELD"]),
             dict(chars=[dict(card="T-PLACE2", devices=["D-ARMS"]), "T-SMALL"], devices=["D-CANNON"]))
    # T-PLACE2 is 2/2 +2/+1 (arms) = 4/3: A-BOLT's 2 damage does not destroy it
    do(g, "apply", card="A-BOLT")
    do(g, "target", target="T-PLACE2")
    assert zone(g, 1, "chars") == ["T-PLACE2", "T-SMALL"]
    # after the round, field devices are still there, the attached one too
    assert g.state.round == 3
    assert zone(g, 0, "devices") == ["D-FIELD"] and zone(g, 1, "devices") == ["D-CANNON"]
    assert attached(g, 1, "T-PLACE2") == ["D-ARMS"]


def test_tt_k2_attached_device_goes_to_discard_when_character_destroyed():
    g = main(dict(programs=["T-APPLY", "T-APPLY"], hand=["A-BOLT", "A-BOLT"]),
             dict(chars=[dict(card="T-PLACE2", devices=["D-ARMS"])]))
    do(g, "apply", card="A-BOLT")   # 2 damage, toughness 3: survives
    assert zone(g, 1, "chars") == ["T-PLACE2"]
    do(g, "apply", card="A-BOLT")   # 4 damage: destroyed
    assert zone(g, 1, "chars") == []
    assert zone(g, 1, "discard") == ["T-PLACE2", "D-ARMS"]
    ev = events(g, "destroyed")
    assert [(e["id"], [g.state.cards[d].id for d in e["devices"]]) for e in ev] == [("T-PLACE2", ["D-ARMS"])]
    fixture_rules().check_invariants(g.state)


def test_tt_k3_application_used_once_goes_to_discard():
    g = main(dict(programs=["T-APPLY", "T-APPLY"], hand=["A-HEAL"]))
    do(g, "apply", card="A-HEAL")
    assert g.state.players[0].hp == 25
    # the second Apply has no application left: discarded
    assert outcome(g) == [("program_resolved", "T-APPLY"), ("program_discarded", "T-APPLY")]
    assert zone(g, 0, "discard") == ["A-HEAL", "T-APPLY"]
    assert "A-HEAL" not in zone(g, 0, "hand")
    assert zone(g, 0, "hand") == ["T-APPLY", "T-SMALL"]
