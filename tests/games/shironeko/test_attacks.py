"""Scenario tests for monsters and bursts (SN-M1, SN-M2), attacks (SN-A1..SN-A8) and the status
markers shock and poison (SN-X1, SN-X2)."""
from __future__ import annotations

import pytest

from tcg.games.shironeko import flow as F

from .harness import can, card_id, do, ids, legal_types, scenario, unit, zone

DECK = ["F-B1"] * 10
RED, BLUE, RAINBOW = "F-T-RED", "F-T-BLUE", "F-T-RAINBOW"


def events(g, etype=None):
    return [(e[0], e[1]) for e in g.state.events if etype is None or e[0] == etype]


def ev(g, etype):
    return [e[1] for e in g.state.events if e[0] == etype]


def souls_off(g, p):
    ps = g.state.players[p]
    return [card_id(g, i) for i in ps.town if i in ps.souls_off]


# --- SN-M1: monsters --------------------------------------------------------------------------

def test_sn_m1_monster_pays_resolves_with_target_choice_then_discard():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED, BLUE, BLUE], deck=DECK),
                 p1=dict(deck=DECK, chars=["F-B1", "F-B2"]))
    do(g, "monster", card="F-MDMG")
    assert g.decision.kind == "target" and g.decision.player == 0
    assert sorted(ids(g, g.decision.info["candidates"])) == ["F-B1", "F-B2"]
    assert zone(g, 0, "using") == ["F-MDMG"]               # not yet in the discard pile
    assert souls_off(g, 0) == ["F-T-RED", "F-T-BLUE"]      # cost 2, one red
    do(g, "target", target="F-B2")
    assert unit(g, 1, "F-B2").damage == 2
    assert unit(g, 1, "F-B1").damage == 0
    assert zone(g, 0, "discard") == ["F-MDMG"]
    assert zone(g, 0, "using") == [] and zone(g, 0, "hand") == []
    assert g.decision.kind == "main" and g.decision.player == 0


def test_sn_m1_monster_damage_can_make_a_character_retreat():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED] * 2, deck=DECK),
                 p1=dict(deck=DECK, chars=["F-R1", "F-B2"]))
    do(g, "monster", card="F-MDMG")
    do(g, "target", target="F-R1")
    assert zone(g, 1, "chars") == ["F-B2"]
    assert zone(g, 1, "discard") == ["F-R1"]


def test_sn_m1_monster_needs_its_cost():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED], deck=DECK), p1=dict(deck=DECK, chars=["F-B1"]))
    assert not can(g, "monster", card="F-MDMG")                # cost 2, one soul
    g = scenario(p0=dict(hand=["F-MDMG"], town=[BLUE, BLUE], deck=DECK),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    assert not can(g, "monster", card="F-MDMG")                # no red soul


def test_sn_m1_monster_without_targets_still_goes_to_discard():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED] * 2, deck=DECK), p1=dict(deck=DECK))
    do(g, "monster", card="F-MDMG")
    assert zone(g, 0, "discard") == ["F-MDMG"]
    assert g.decision.kind == "main"


# --- SN-M2: bursts from hand ------------------------------------------------------------------

def test_sn_m2_burst_from_hand_pays_burst_cost_then_discard():
    g = scenario(p0=dict(hand=["F-MBURST"], town=[RAINBOW], deck=DECK),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    assert not can(g, "monster", card="F-MBURST")               # printed cost 3
    assert can(g, "burst", card="F-MBURST")                     # burst cost 1 (green)
    do(g, "burst", card="F-MBURST")
    assert unit(g, 1, "F-B1").damage == 1                       # the burst effect
    assert zone(g, 0, "hand") == []                             # the use effect (draw) did not run
    assert zone(g, 0, "discard") == ["F-MBURST"]
    assert zone(g, 0, "using") == []
    assert souls_off(g, 0) == ["F-T-RAINBOW"]


def test_sn_m2_burst_needs_its_cost_colour():
    g = scenario(p0=dict(hand=["F-MBURST"], town=[RED, BLUE], deck=DECK),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    assert not can(g, "burst", card="F-MBURST")
    assert "burst" not in legal_types(g)


def test_sn_m2_burst_target_choice():
    g = scenario(p0=dict(hand=["F-MBURST"], town=[RAINBOW], deck=DECK),
                 p1=dict(deck=DECK, chars=["F-B1", "F-R1"]))
    do(g, "burst", card="F-MBURST")
    assert g.decision.kind == "target"
    do(g, "target", target="F-R1")
    assert unit(g, 1, "F-R1").damage == 1 and unit(g, 1, "F-B1").damage == 0
    assert zone(g, 0, "discard") == ["F-MBURST"]


# --- SN-A1: declaring an attack ---------------------------------------------------------------

def test_sn_a1_attacker_turns_off_and_cannot_attack_again():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1", "F-B1"]), p1=dict(deck=DECK))
    do(g, "attack", attacker="F-R1")
    assert unit(g, 0, "F-R1").on is False
    assert unit(g, 0, "F-B1").on is True
    assert not can(g, "attack", attacker="F-R1")
    assert can(g, "attack", attacker="F-B1")


def test_sn_a1_off_character_cannot_attack():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-R1", on=False)]), p1=dict(deck=DECK))
    assert "attack" not in legal_types(g)


def test_sn_a1_turned_on_again_still_cannot_attack_twice():
    g = scenario(p0=dict(deck=DECK, chars=["F-READY"]), p1=dict(deck=["F-B1"] * 10))
    do(g, "attack", attacker="F-READY")
    assert unit(g, 0, "F-READY").on is False
    do(g, "activate", card="F-READY", ability=0)            # turns itself ON
    assert unit(g, 0, "F-READY").on is True
    assert not can(g, "attack", attacker="F-READY")
    assert "attack" not in legal_types(g)
    assert len(ev(g, "attack")) == 1


def test_sn_a1_can_attack_again_next_turn():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]), p1=dict(deck=["F-B1"] * 10))
    do(g, "attack", attacker="F-R1")
    do(g, "end_turn")
    do(g, "end_turn")
    assert g.decision.player == 0
    assert unit(g, 0, "F-R1").on is True
    assert can(g, "attack", attacker="F-R1")


# --- SN-A2: the defender's decision -----------------------------------------------------------

def test_sn_a2_defender_decides_with_only_on_characters():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=DECK, chars=["F-B1", dict(card="F-B2", on=False), "F-R2"]))
    do(g, "attack", attacker="F-R1")
    assert g.decision.kind == "defend" and g.decision.player == 1
    legal = g.legal_actions()
    assert sorted(card_id(g, a.defender) for a in legal if a.type == "defend") == ["F-B1", "F-R2"]
    assert {a.type for a in legal} == {"defend", "no_defense"}
    assert len(legal) == 3


def test_sn_a2_defending_turns_the_defender_off():
    g = scenario(p0=dict(deck=DECK, chars=["F-B1"]), p1=dict(deck=DECK, chars=["F-B2"]))
    do(g, "attack", attacker="F-B1")
    do(g, "defend", defender="F-B2")
    assert unit(g, 1, "F-B2").on is False
    assert zone(g, 1, "discard") == []                     # no deck damage when defended
    assert len(zone(g, 1, "deck")) == 10


def test_sn_a2_no_on_characters_means_no_decision():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10, chars=[dict(card="F-B1", on=False)]))
    do(g, "attack", attacker="F-R1")
    assert g.decision.kind == "main" and g.decision.player == 0
    assert len(zone(g, 1, "discard")) == 2


def test_sn_a2_no_defense_takes_the_deck_damage():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]), p1=dict(deck=["F-B1"] * 10, chars=["F-B2"]))
    do(g, "attack", attacker="F-R1")
    do(g, "no_defense")
    assert unit(g, 1, "F-B2").on is True
    assert unit(g, 1, "F-B2").damage == 0
    assert len(zone(g, 1, "discard")) == 2


# --- SN-A3: battle -----------------------------------------------------------------------------

def test_sn_a3_simultaneous_damage_with_modified_attack():
    g = scenario(p0=dict(hand=["F-MBUFF"], town=[RED], deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=DECK, chars=["F-B2"]))
    do(g, "monster", card="F-MBUFF")                        # F-R1: 5 attack, 3 HP
    assert F.attack_of(g.state, unit(g, 0, "F-R1")) == 5
    assert F.hp_of(g.state, unit(g, 0, "F-R1")) == 3
    do(g, "attack", attacker="F-R1")
    do(g, "defend", defender="F-B2")                        # F-B2: 2 attack, 4 HP
    battle = ev(g, "battle")
    assert len(battle) == 1
    assert (battle[0]["damage_to_attacker"], battle[0]["damage_to_defender"]) == (2, 5)
    assert zone(g, 1, "chars") == [] and zone(g, 1, "discard") == ["F-B2"]
    assert unit(g, 0, "F-R1").damage == 2
    assert zone(g, 1, "deck") == ["F-B1"] * 10


def test_sn_a3_both_may_retreat():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]), p1=dict(deck=DECK, chars=["F-R1"]))
    do(g, "attack", attacker="F-R1")
    do(g, "defend", defender="F-R1")
    assert zone(g, 0, "chars") == [] and zone(g, 1, "chars") == []
    assert zone(g, 0, "discard") == ["F-R1"] and zone(g, 1, "discard") == ["F-R1"]


def test_sn_a3_defender_that_dies_still_deals_its_damage():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]), p1=dict(deck=DECK, chars=["F-R2"]))
    do(g, "attack", attacker="F-R3")                        # 5/5 vs 3/3
    do(g, "defend", defender="F-R2")
    assert zone(g, 1, "discard") == ["F-R2"]
    assert unit(g, 0, "F-R3").damage == 3


def test_sn_a3_defender_uses_its_modified_attack():
    # the defender's leader aura (+1) counts in the battle
    g = scenario(p0=dict(deck=DECK, chars=["F-B2"]),
                 p1=dict(deck=DECK, leader="F-L1", chars=["F-R1"]))
    do(g, "attack", attacker="F-B2")                        # 2/4 vs (2+1)/2
    do(g, "defend", defender="F-R1")
    assert unit(g, 0, "F-B2").damage == 3
    assert zone(g, 1, "discard") == ["F-R1"]


# --- SN-A4: undefended: reveal exactly `attack` cards -------------------------------------------

def test_sn_a4_reveals_exactly_attack_cards_top_first():
    deck = ["F-B2", "F-R2", "F-B1", "F-R3", "F-VER", "F-B1"]
    g = scenario(p0=dict(deck=DECK, chars=["F-R2"]), p1=dict(deck=deck))
    do(g, "attack", attacker="F-R2")                        # attack 3
    assert [e["id"] for e in ev(g, "reveal")] == ["F-B2", "F-R2", "F-B1"]
    assert zone(g, 1, "discard") == ["F-B2", "F-R2", "F-B1"]
    assert zone(g, 1, "deck") == ["F-R3", "F-VER", "F-B1"]
    assert zone(g, 1, "damage_area") == []
    assert ev(g, "player_damage") == [{"player": 1, "amount": 3}]


def test_sn_a4_reveal_count_uses_modified_attack():
    g = scenario(p0=dict(hand=["F-MBUFF"], town=[RED], deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10))
    do(g, "monster", card="F-MBUFF")
    do(g, "attack", attacker="F-R1")                        # 2 + 3
    assert len(ev(g, "reveal")) == 5
    assert len(zone(g, 1, "discard")) == 5
    assert len(zone(g, 1, "deck")) == 5


# --- SN-A5: STOP! ------------------------------------------------------------------------------

def test_sn_a5_stop_halts_reveal():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]),
                 p1=dict(deck=["F-B1", "F-STOP", "F-B2", "F-R1", "F-R2", "F-B1"]))
    do(g, "attack", attacker="F-R3")                        # attack 5
    assert [e["id"] for e in ev(g, "reveal")] == ["F-B1", "F-STOP"]
    assert zone(g, 1, "discard") == ["F-B1", "F-STOP"]
    assert zone(g, 1, "deck") == ["F-B2", "F-R1", "F-R2", "F-B1"]


def test_sn_a5_stop_on_the_first_card():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]), p1=dict(deck=["F-MSTOP"] + ["F-B1"] * 6))
    do(g, "attack", attacker="F-R3")
    assert zone(g, 1, "discard") == ["F-MSTOP"]             # a monster with STOP! halts too
    assert len(zone(g, 1, "deck")) == 6


def test_sn_a5_stop_card_stays_in_damage_area_until_cleanup():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]),
                 p1=dict(deck=["F-TDRAW", "F-THAND", "F-STOP", "F-B2", "F-B1", "F-B1"]))
    do(g, "attack", attacker="F-R3")
    assert g.decision.kind == "trigger_order"
    assert zone(g, 1, "damage_area") == ["F-TDRAW", "F-THAND", "F-STOP"]
    assert zone(g, 1, "deck") == ["F-B2", "F-B1", "F-B1"]
    do(g, "trigger", card="F-TDRAW")
    assert zone(g, 1, "damage_area") == []
    assert zone(g, 1, "discard") == ["F-TDRAW", "F-STOP"]
    assert zone(g, 1, "hand") == ["F-B2", "F-THAND"]


# --- SN-A6: triggers ----------------------------------------------------------------------------

def test_sn_a6_trigger_draw():
    g = scenario(p0=dict(deck=DECK, chars=["F-B1"]), p1=dict(deck=["F-TDRAW", "F-B2", "F-B1"]))
    do(g, "attack", attacker="F-B1")                        # attack 1
    assert g.decision.kind == "main" and g.decision.player == 0   # one trigger: no order choice
    assert zone(g, 1, "hand") == ["F-B2"]
    assert zone(g, 1, "discard") == ["F-TDRAW"]
    assert zone(g, 1, "deck") == ["F-B1"]
    assert [e["id"] for e in ev(g, "trigger")] == ["F-TDRAW"]


def test_sn_a6_trigger_damages_the_attacker():
    g = scenario(p0=dict(deck=DECK, chars=["F-R2"]), p1=dict(deck=["F-TDMG"] + ["F-B1"] * 5))
    do(g, "attack", attacker="F-R2")                        # 3/3
    assert unit(g, 0, "F-R2").damage == 2
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]), p1=dict(deck=["F-TDMG"] + ["F-B1"] * 5))
    do(g, "attack", attacker="F-R1")                        # 2/2: retreats
    assert zone(g, 0, "chars") == []
    assert zone(g, 0, "discard") == ["F-R1"]


def test_sn_a6_trigger_to_hand_instead_of_discard():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]), p1=dict(deck=["F-B1", "F-THAND", "F-B2"]))
    do(g, "attack", attacker="F-R1")
    assert zone(g, 1, "hand") == ["F-THAND"]
    assert zone(g, 1, "discard") == ["F-B1"]
    assert zone(g, 1, "deck") == ["F-B2"]


@pytest.mark.parametrize("first,second", [("F-TDRAW", "F-THAND"), ("F-THAND", "F-TDRAW")])
def test_sn_a6_defender_chooses_trigger_order(first, second):
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-TDRAW", "F-THAND", "F-B2", "F-B1"]))
    do(g, "attack", attacker="F-R1")
    assert g.decision.kind == "trigger_order" and g.decision.player == 1
    assert sorted(ids(g, g.decision.info["triggers"])) == ["F-TDRAW", "F-THAND"]
    assert sorted(card_id(g, a.card) for a in g.legal_actions()) == ["F-TDRAW", "F-THAND"]
    do(g, "trigger", card=first)
    assert g.decision.kind == "main" and g.decision.player == 0
    seq = [(t, e.get("id")) for t, e in events(g) if t in ("trigger", "draw", "move")]
    effect = {"F-TDRAW": ("draw", None), "F-THAND": ("move", "F-THAND")}
    assert seq == [("trigger", first), effect[first], ("trigger", second), effect[second]]
    expected_hand = ["F-B2", "F-THAND"] if first == "F-TDRAW" else ["F-THAND", "F-B2"]
    assert zone(g, 1, "hand") == expected_hand
    assert zone(g, 1, "discard") == ["F-TDRAW"]


def test_sn_a6_three_triggers_resolve_in_the_chosen_order():
    g = scenario(p0=dict(deck=DECK, chars=["F-R3"]),
                 p1=dict(deck=["F-TDRAW", "F-TDMG", "F-THAND", "F-B1", "F-B1", "F-B2", "F-R1"]))
    do(g, "attack", attacker="F-R3")                        # 5 revealed
    assert g.decision.kind == "trigger_order"
    assert sorted(ids(g, g.decision.info["triggers"])) == ["F-TDMG", "F-TDRAW", "F-THAND"]
    do(g, "trigger", card="F-TDMG")
    assert unit(g, 0, "F-R3").damage == 2
    assert g.decision.kind == "trigger_order" and g.decision.player == 1
    assert sorted(ids(g, g.decision.info["triggers"])) == ["F-TDRAW", "F-THAND"]
    do(g, "trigger", card="F-THAND")
    assert [e["id"] for e in ev(g, "trigger")] == ["F-TDMG", "F-THAND", "F-TDRAW"]
    assert zone(g, 1, "hand") == ["F-THAND", "F-B2"]
    assert zone(g, 1, "discard") == ["F-TDRAW", "F-TDMG", "F-B1", "F-B1"]
    assert zone(g, 1, "deck") == ["F-R1"]


def test_sn_a6_no_triggers_for_damage_to_yourself_on_your_turn():
    g = scenario(p0=dict(hand=["F-MSELF"], town=[RAINBOW],
                         deck=["F-TDRAW", "F-THAND", "F-B1", "F-B2", "F-R1"]))
    do(g, "monster", card="F-MSELF")                        # 2 damage to self, then draw 2
    assert g.decision.kind == "main" and g.decision.player == 0
    assert ev(g, "trigger") == []
    assert zone(g, 0, "discard") == ["F-TDRAW", "F-THAND", "F-MSELF"]
    assert zone(g, 0, "hand") == ["F-B1", "F-B2"]
    assert zone(g, 0, "deck") == ["F-R1"]


def test_sn_a6_triggers_resolve_for_monster_damage_on_the_opponents_turn():
    g = scenario(p0=dict(hand=["F-MHIT"], town=[RAINBOW], deck=DECK),
                 p1=dict(deck=["F-B1", "F-TDRAW", "F-B1", "F-B2", "F-R1"]))
    do(g, "monster", card="F-MHIT")                         # 3 damage to player 1
    assert [e["id"] for e in ev(g, "trigger")] == ["F-TDRAW"]
    assert zone(g, 1, "hand") == ["F-B2"]
    assert zone(g, 1, "discard") == ["F-B1", "F-TDRAW", "F-B1"]


# --- SN-A7: damage area to the discard pile ---------------------------------------------------

def test_sn_a7_all_damage_area_cards_go_to_discard():
    g = scenario(p0=dict(deck=DECK, chars=["F-R2"]),
                 p1=dict(deck=["F-TDRAW", "F-B2", "F-R1", "F-B1", "F-B1"]))
    do(g, "attack", attacker="F-R2")
    assert zone(g, 1, "damage_area") == []
    assert zone(g, 1, "discard") == ["F-TDRAW", "F-B2", "F-R1"]
    cleanup = ev(g, "damage_to_discard")
    assert len(cleanup) == 1 and ids(g, cleanup[0]["cards"]) == ["F-TDRAW", "F-B2", "F-R1"]
    # cleanup happens after the trigger resolved
    order = [t for t, _ in events(g) if t in ("reveal", "trigger", "draw", "damage_to_discard")]
    assert order == ["reveal", "reveal", "reveal", "trigger", "draw", "damage_to_discard"]


# --- SN-A8: the opposing player is always the target; only the defender decides --------------

def test_sn_a8_attack_has_no_target_choice():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1", "F-B1"]),
                 p1=dict(deck=DECK, chars=["F-B2", "F-R2"]))
    attacks = [a for a in g.legal_actions() if a.type == "attack"]
    assert len(attacks) == 2
    assert all([k for k, _ in a.params] == ["attacker"] for a in attacks)
    do(g, "attack", attacker="F-R1")
    assert g.decision.player == 1 and g.decision.kind == "defend"
    assert legal_types(g) == {"defend", "no_defense"}


def test_sn_a8_attacker_cannot_pick_the_defender():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10, chars=["F-B2", "F-R2"]))
    do(g, "attack", attacker="F-R1")
    # the defender chooses not to defend: the player's deck takes the damage
    do(g, "no_defense")
    assert len(zone(g, 1, "discard")) == 2
    assert unit(g, 1, "F-B2").damage == 0 and unit(g, 1, "F-R2").damage == 0
    assert ev(g, "no_defense") == [{"player": 1, "attacker": unit(g, 0, "F-R1").iid}]


# --- SN-X1: shock ---------------------------------------------------------------------------

def test_sn_x1_shock_stays_off_at_controller_start_removed_at_controller_end():
    g = scenario(p0=dict(hand=["F-MSHOCK"], town=[RAINBOW], deck=DECK),
                 p1=dict(deck=DECK, chars=[dict(card="F-B1", on=False), dict(card="F-B2", on=False)]))
    do(g, "monster", card="F-MSHOCK")
    assert g.decision.kind == "target"
    do(g, "target", target="F-B1")
    assert unit(g, 1, "F-B1").shock is True
    assert zone(g, 0, "discard") == ["F-MSHOCK"]
    do(g, "end_turn")                                   # player 0's end phase: shock stays
    assert g.decision.player == 1 and g.state.turn == 4
    assert unit(g, 1, "F-B1").shock is True
    assert unit(g, 1, "F-B1").on is False               # not turned ON at its start phase
    assert unit(g, 1, "F-B2").on is True
    assert not can(g, "attack", attacker="F-B1")
    assert can(g, "attack", attacker="F-B2")
    do(g, "end_turn")                                   # player 1's end phase: shock removed
    assert g.decision.player == 0 and g.state.turn == 5
    assert unit(g, 1, "F-B1").shock is False
    assert unit(g, 1, "F-B1").on is False
    do(g, "end_turn")
    assert g.decision.player == 1 and g.state.turn == 6
    assert unit(g, 1, "F-B1").on is True


def test_sn_x1_own_shocked_character_at_own_start_phase():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-R1", on=False, shock=True), dict(card="F-B1", on=False)]),
                 p1=dict(deck=DECK), start="turn")
    assert g.decision.player == 0 and g.decision.kind == "main"
    assert unit(g, 0, "F-R1").on is False and unit(g, 0, "F-R1").shock is True
    assert unit(g, 0, "F-B1").on is True
    assert not can(g, "attack", attacker="F-R1")
    do(g, "end_turn")
    assert unit(g, 0, "F-R1").shock is False


# --- SN-X2: poison ----------------------------------------------------------------------------

def test_sn_x2_poison_damage_at_every_end_phase_until_it_leaves():
    g = scenario(p0=dict(hand=["F-MPOISON"], town=[RAINBOW], deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=DECK, chars=["F-B2"]))             # F-B2 HP 4
    do(g, "monster", card="F-MPOISON")
    assert unit(g, 1, "F-B2").poison is True
    assert unit(g, 1, "F-B2").damage == 0
    expected = [1, 2, 3]
    for n in expected:
        do(g, "end_turn")
        assert unit(g, 1, "F-B2").damage == n
    assert unit(g, 0, "F-R1").damage == 0
    assert g.decision.player == 1 and g.state.turn == 6     # end phases of p0, p1, p0
    do(g, "end_turn")                                       # p1's own end phase: 4 >= HP 4
    assert zone(g, 1, "chars") == []
    assert zone(g, 1, "discard") == ["F-B2"]
    poison = [e for e in ev(g, "damage") if e.get("why") == "poison"]
    assert len(poison) == 4
    do(g, "end_turn")
    assert len([e for e in ev(g, "damage") if e.get("why") == "poison"]) == 4


def test_sn_x2_poison_on_both_sides_at_one_end_phase():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-R2", poison=True)]),
                 p1=dict(deck=DECK, chars=[dict(card="F-B2", poison=True)]))
    do(g, "end_turn")
    assert unit(g, 0, "F-R2").damage == 1
    assert unit(g, 1, "F-B2").damage == 1
