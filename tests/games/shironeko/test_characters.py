"""Scenario tests for characters: the 4-character limit, unique names, summoning sickness,
character change, awakening, the new-object rule, damage counters and "~ Ver." names
(SN-K1..SN-K9)."""
from __future__ import annotations

import pytest

from tcg.games.shironeko import flow as F

from .harness import can, card_id, do, ids, legal_types, scenario, unit, zone

DECK = ["F-B1"] * 10
RED, BLUE = "F-T-RED", "F-T-BLUE"


def events(g, etype):
    return [e[1] for e in g.state.events if e[0] == etype]


def souls_off(g, p):
    ps = g.state.players[p]
    return [card_id(g, i) for i in ps.town if i in ps.souls_off]


def attackers(g):
    return sorted(card_id(g, a.attacker) for a in g.legal_actions() if a.type == "attack")


def end_turn(g):
    do(g, "end_turn")


# --- SN-K1: at most 4 characters -------------------------------------------------------------

def test_sn_k1_fifth_character_cannot_be_placed():
    g = scenario(p0=dict(hand=["F-R1", "F-R2"], town=[RED] * 3, deck=DECK,
                         chars=["F-B1", "F-B2", "F-ACT", "F-READY"]))
    assert not can(g, "place", card="F-R1")
    assert "place" not in legal_types(g)
    # a character change does not add a character: still legal at 4
    assert can(g, "change", card="F-R2", target="F-B1")
    do(g, "change", card="F-R2", target="F-B1")
    assert len(g.state.players[0].chars) == 4
    assert zone(g, 0, "chars") == ["F-R2", "F-B2", "F-ACT", "F-READY"]


def test_sn_k1_fourth_is_placed_then_the_area_is_full():
    g = scenario(p0=dict(hand=["F-R1", "F-VER"], town=[RED] * 2, deck=DECK,
                         chars=["F-B1", "F-B2", "F-ACT"]))
    assert can(g, "place", card="F-R1") and can(g, "place", card="F-VER")
    do(g, "place", card="F-R1")
    assert zone(g, 0, "chars") == ["F-B1", "F-B2", "F-ACT", "F-R1"]
    assert not can(g, "place", card="F-VER")  # a red soul is still ON: only the limit stops it
    assert souls_off(g, 0) == ["F-T-RED"]
    assert zone(g, 0, "hand") == ["F-VER"]


# --- SN-K2: one character per name in your own area ------------------------------------------

def test_sn_k2_second_character_of_a_name_cannot_be_placed_first_stays():
    g = scenario(p0=dict(hand=["F-R1", "F-R1A"], town=[RED] * 4, deck=DECK,
                         chars=[dict(card="F-R1", damage=1)]))
    assert not can(g, "place", card="F-R1")
    assert not can(g, "place", card="F-R1A")  # same name, other kind: still the same name
    assert "place" not in legal_types(g)
    assert zone(g, 0, "chars") == ["F-R1"]
    assert unit(g, 0, "F-R1").damage == 1


def test_sn_k2_change_cannot_create_a_second_character_of_a_name():
    g = scenario(p0=dict(hand=["F-R2"], town=[RED] * 3, deck=DECK, chars=["F-R2", "F-B1"]))
    assert not can(g, "change", card="F-R2", target="F-B1")
    assert "change" not in legal_types(g)


def test_sn_k2_opponent_may_have_the_same_name():
    g = scenario(p0=dict(hand=["F-R1"], town=[RED], deck=DECK), p1=dict(chars=["F-R1"], deck=DECK))
    assert can(g, "place", card="F-R1")
    do(g, "place", card="F-R1")
    assert zone(g, 0, "chars") == ["F-R1"]
    assert zone(g, 1, "chars") == ["F-R1"]


# --- SN-K3: summoning sickness ----------------------------------------------------------------

def test_sn_k3_placed_character_cannot_attack_this_turn_but_can_next_turn():
    g = scenario(p0=dict(hand=["F-R1"], town=[RED], deck=DECK, chars=["F-B1"]),
                 p1=dict(deck=DECK))
    do(g, "place", card="F-R1")
    assert attackers(g) == ["F-B1"]
    assert not can(g, "attack", attacker="F-R1")
    end_turn(g)                       # player 1's turn 4
    assert g.decision.player == 1 and g.state.turn == 4
    end_turn(g)                       # player 0's turn 5
    assert g.decision.player == 0 and g.state.turn == 5
    assert attackers(g) == ["F-B1", "F-R1"]
    do(g, "attack", attacker="F-R1")
    assert len(zone(g, 1, "discard")) == 2  # player 1 has no characters: 2 cards revealed


# --- SN-K4: character change --------------------------------------------------------------------

def test_sn_k4_change_onto_printed_level_exactly_one_lower_any_name_any_rune():
    g = scenario(p0=dict(hand=["F-R2", "F-R3"], town=[RED] * 3, deck=DECK,
                         chars=["F-B1", "F-B2"]))   # blue level 1 and blue level 2
    changes = sorted((card_id(g, a.card), card_id(g, a.target))
                     for a in g.legal_actions() if a.type == "change")
    assert changes == [("F-R2", "F-B1"), ("F-R3", "F-B2")]
    assert not can(g, "change", card="F-R3", target="F-B1")  # 2 levels higher
    assert not can(g, "change", card="F-R2", target="F-B2")  # same level


def test_sn_k4_change_onto_an_awakened_character_of_another_name():
    g = scenario(p0=dict(hand=["F-R3"], town=[RED] * 2, deck=DECK, chars=["F-R1A"]))
    do(g, "change", card="F-R3", target="F-R1A")             # level 3 onto awakened level 2
    assert zone(g, 0, "chars") == ["F-R3"]
    assert ids(g, unit(g, 0, "F-R3").under) == ["F-R1A"]


def test_sn_k4_change_pays_change_cost_in_the_cost_colour():
    # F-R2: cost 3, change cost 1, red. Two souls pay the change but not a placement.
    g = scenario(p0=dict(hand=["F-R2"], town=[BLUE, RED], deck=DECK, chars=["F-B1"]))
    assert not can(g, "place", card="F-R2")
    do(g, "change", card="F-R2", target="F-B1")
    assert souls_off(g, 0) == ["F-T-RED"]  # exactly 1 soul, the red one
    assert zone(g, 0, "chars") == ["F-R2"]
    assert zone(g, 0, "hand") == []


def test_sn_k4_change_needs_a_soul_of_the_cost_colour():
    g = scenario(p0=dict(hand=["F-R2"], town=[BLUE] * 3, deck=DECK, chars=["F-B1"]))
    assert not can(g, "change", card="F-R2", target="F-B1")


def test_sn_k4_change_needs_the_full_change_cost():
    # F-R3 change cost 2 red: one red soul is not enough, red + blue is
    g = scenario(p0=dict(hand=["F-R3"], town=[RED], deck=DECK, chars=["F-B2"]))
    assert not can(g, "change", card="F-R3", target="F-B2")
    g = scenario(p0=dict(hand=["F-R3"], town=[RED, BLUE], deck=DECK, chars=["F-B2"]))
    do(g, "change", card="F-R3", target="F-B2")
    assert souls_off(g, 0) == ["F-T-RED", "F-T-BLUE"]
    assert zone(g, 0, "chars") == ["F-R3"]


# --- SN-K5: awakening ------------------------------------------------------------------------

def test_sn_k5_awaken_only_onto_the_same_name_one_level_lower():
    g = scenario(p0=dict(hand=["F-R1A"], town=[RED] * 4, deck=DECK,
                         chars=["F-VER", "F-B1", "F-R1"]))
    acts = sorted((a.type, card_id(g, a.card), card_id(g, a.target))
                  for a in g.legal_actions() if a.type in ("change", "awaken"))
    assert acts == [("awaken", "F-R1A", "F-R1")]
    assert not can(g, "awaken", card="F-R1A", target="F-VER")  # "赤の剣士 Ver." is another name
    assert not can(g, "awaken", card="F-R1A", target="F-B1")
    assert not can(g, "change", card="F-R1A", target="F-B1")   # awakened cards never "change"


def test_sn_k5_awaken_level_must_be_exactly_one_higher():
    g = scenario(p0=dict(hand=["F-R1A3"], town=[RED] * 4, deck=DECK, chars=["F-R1"]))
    assert not can(g, "awaken", card="F-R1A3", target="F-R1")   # level 3 onto level 1
    assert "awaken" not in legal_types(g)
    g = scenario(p0=dict(hand=["F-R1A3"], town=[RED] * 4, deck=DECK, chars=["F-R1A"]))
    do(g, "awaken", card="F-R1A3", target="F-R1A")              # level 3 onto level 2
    assert zone(g, 0, "chars") == ["F-R1A3"]
    assert souls_off(g, 0) == ["F-T-RED", "F-T-RED"]            # change cost 2


def test_sn_k5_awaken_pays_change_cost_in_the_cost_colour():
    g = scenario(p0=dict(hand=["F-R1A"], town=[BLUE] * 4, deck=DECK, chars=["F-R1"]))
    assert not can(g, "awaken", card="F-R1A", target="F-R1")
    g = scenario(p0=dict(hand=["F-R1A"], town=[BLUE, RED], deck=DECK, chars=["F-R1"]))
    do(g, "awaken", card="F-R1A", target="F-R1")  # change cost 1 (printed cost 4)
    assert souls_off(g, 0) == ["F-T-RED"]
    assert zone(g, 0, "chars") == ["F-R1A"]
    assert ids(g, unit(g, 0, "F-R1A").under) == ["F-R1"]


# --- SN-K6: after change/awakening --------------------------------------------------------------

def test_sn_k6_old_card_goes_under_adds_rune_damage_and_markers_removed_new_is_on():
    g = scenario(p0=dict(hand=["F-R2"], town=[RED], deck=DECK,
                         chars=[dict(card="F-B1", on=False, attacked=True, damage=2, shock=True,
                                     poison=True, under=["F-TDRAW"])]))
    do(g, "change", card="F-R2", target="F-B1")
    u = unit(g, 0, "F-R2")
    assert ids(g, u.under) == ["F-TDRAW", "F-B1"]
    assert sorted(F.runes(g.state, u)) == ["blue", "green", "red"]
    assert (u.damage, u.shock, u.poison, u.on, u.attacked) == (0, False, False, True, False)
    assert zone(g, 0, "chars") == ["F-R2"]
    assert zone(g, 0, "discard") == [] and zone(g, 0, "hand") == []
    assert can(g, "attack", attacker="F-R2")


def test_sn_k6_changed_character_attacks_again_two_attacks_in_one_turn():
    g = scenario(p0=dict(hand=["F-R2"], town=[RED], deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10))
    do(g, "attack", attacker="F-R1")                 # no defenders: 2 revealed
    assert not can(g, "attack", attacker="F-R1")
    assert len(zone(g, 1, "discard")) == 2
    do(g, "change", card="F-R2", target="F-R1")
    assert can(g, "attack", attacker="F-R2")
    do(g, "attack", attacker="F-R2")                 # 3 more revealed
    assert len(zone(g, 1, "discard")) == 5
    assert len(events(g, "attack")) == 2
    assert "attack" not in legal_types(g)


def test_sn_k6_awakened_character_attacks_again_after_the_old_one_attacked():
    g = scenario(p0=dict(hand=["F-R1A"], town=[RED], deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10))
    do(g, "attack", attacker="F-R1")
    do(g, "awaken", card="F-R1A", target="F-R1")
    do(g, "attack", attacker="F-R1A")                # attack 4
    assert len(zone(g, 1, "discard")) == 2 + 4
    assert [card_id(g, e["attacker"]) for e in events(g, "attack")] == ["F-R1", "F-R1A"]


def test_sn_k6_change_onto_a_character_placed_this_turn_may_attack():
    g = scenario(p0=dict(hand=["F-R1", "F-R2"], town=[RED] * 2, deck=DECK), p1=dict(deck=DECK))
    do(g, "place", card="F-R1")
    assert not can(g, "attack", attacker="F-R1")
    do(g, "change", card="F-R2", target="F-R1")
    assert can(g, "attack", attacker="F-R2")


def test_sn_k6_old_card_loses_its_abilities_under_the_new_one():
    # F-ACT's activated ability is gone once it is under F-B2
    g = scenario(p0=dict(hand=["F-B2"], town=[BLUE] * 3, deck=DECK, chars=["F-ACT"]))
    assert can(g, "activate", card="F-ACT", ability=0)
    do(g, "change", card="F-B2", target="F-ACT")
    assert "activate" not in legal_types(g)
    # F-STATIC's static +2 (two red runes held) does not help the card put on top of it
    g = scenario(p0=dict(hand=["F-R3"], town=[RED] * 2, deck=DECK,
                         chars=[dict(card="F-STATIC", under=["F-R1", "F-VER"])]))
    assert F.attack_of(g.state, unit(g, 0, "F-STATIC")) == 3
    do(g, "change", card="F-R3", target="F-STATIC")
    assert F.attack_of(g.state, unit(g, 0, "F-R3")) == 5
    assert F.hp_of(g.state, unit(g, 0, "F-R3")) == 5


def test_sn_k6_poison_of_the_old_character_does_not_hurt_the_new_one():
    g = scenario(p0=dict(hand=["F-R2"], town=[RED], deck=DECK,
                         chars=[dict(card="F-R1", poison=True, damage=1)]),
                 p1=dict(deck=DECK))
    do(g, "change", card="F-R2", target="F-R1")
    end_turn(g)                                      # end phase: poison would deal 1
    assert unit(g, 0, "F-R2").damage == 0
    assert unit(g, 0, "F-R2").poison is False


# --- SN-K7: a new object ----------------------------------------------------------------------

def test_sn_k7_until_end_of_turn_buff_does_not_carry_to_the_new_character():
    g = scenario(p0=dict(hand=["F-MBUFF", "F-R2"], town=[RED] * 2, deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10))
    do(g, "monster", card="F-MBUFF")                 # +3 attack, +1 HP on the only candidate
    assert F.attack_of(g.state, unit(g, 0, "F-R1")) == 5
    assert F.hp_of(g.state, unit(g, 0, "F-R1")) == 3
    do(g, "change", card="F-R2", target="F-R1")
    new = unit(g, 0, "F-R2")
    assert F.attack_of(g.state, new) == 3
    assert F.hp_of(g.state, new) == 3
    do(g, "attack", attacker="F-R2")
    assert len(zone(g, 1, "discard")) == 3          # printed attack, not 6


# --- SN-K8: damage counters accumulate; damage >= HP retreats --------------------------------

def test_sn_k8_damage_accumulates_across_turns_and_retreat_takes_cards_under():
    g = scenario(p0=dict(hand=["F-MDMG", "F-MDMG"], town=[RED] * 2, deck=DECK),
                 p1=dict(chars=[dict(card="F-B2", under=["F-B1"])], deck=DECK))  # F-B2 HP 4
    do(g, "monster", card="F-MDMG")
    assert unit(g, 1, "F-B2").damage == 2
    end_turn(g)                                      # player 1's turn
    assert unit(g, 1, "F-B2").damage == 2
    end_turn(g)                                      # player 0's turn again, souls ON
    assert unit(g, 1, "F-B2").damage == 2
    do(g, "monster", card="F-MDMG")                  # 2 + 2 = 4 = HP
    assert zone(g, 1, "chars") == []
    assert sorted(zone(g, 1, "discard")) == ["F-B1", "F-B2"]
    assert zone(g, 1, "hand") == ["F-B1"]             # only the card player 1 drew


def test_sn_k8_damage_equal_to_hp_retreats_less_stays():
    # F-B1 (1/3) with 1 old damage defends against F-R1 (attack 2): 3 >= 3, it retreats
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=DECK, chars=[dict(card="F-B1", damage=1)]))
    do(g, "attack", attacker="F-R1")
    do(g, "defend", defender="F-B1")
    assert zone(g, 1, "chars") == []
    assert zone(g, 1, "discard") == ["F-B1"]
    assert unit(g, 0, "F-R1").damage == 1           # F-R1 HP 2 survives 1
    # without the old damage it survives with 2 counters
    g = scenario(p0=dict(deck=DECK, chars=["F-R1"]), p1=dict(deck=DECK, chars=["F-B1"]))
    do(g, "attack", attacker="F-R1")
    do(g, "defend", defender="F-B1")
    assert unit(g, 1, "F-B1").damage == 2
    assert zone(g, 1, "discard") == []


def test_sn_k8_retreat_when_hp_buff_ends_with_damage_left():
    # +1 HP until end of turn lets F-R1 (HP 2 -> 3) survive 2 damage; at end of turn it retreats
    g = scenario(p0=dict(hand=["F-MBUFF"], town=[RED], deck=DECK, chars=["F-R1"]),
                 p1=dict(deck=DECK, chars=["F-B2"]))
    do(g, "monster", card="F-MBUFF")
    do(g, "attack", attacker="F-R1")
    do(g, "defend", defender="F-B2")                 # F-B2 takes 5 (HP 4), F-R1 takes 2
    assert zone(g, 1, "discard") == ["F-B2"]
    assert unit(g, 0, "F-R1").damage == 2
    end_turn(g)
    assert zone(g, 0, "chars") == []
    assert zone(g, 0, "discard") == ["F-MBUFF", "F-R1"]


def test_sn_k8_static_hp_aura_raises_hp():
    g = scenario(p0=dict(deck=DECK, chars=["F-HPAURA", dict(card="F-R1", damage=2)]))
    assert F.hp_of(g.state, unit(g, 0, "F-R1")) == 3
    assert F.hp_of(g.state, unit(g, 0, "F-HPAURA")) == 2      # "other" characters only
    assert zone(g, 0, "chars") == ["F-HPAURA", "F-R1"]


@pytest.mark.parametrize("aura_first", [True, False])
def test_sn_k8_retreat_when_hp_aura_source_retreats_in_battle(aura_first):
    # F-R1 has 2 damage and HP 2+1 from F-HPAURA; F-HPAURA (HP 2) defends against 2 and
    # retreats, so F-R1 is back to HP 2 with 2 damage: it must retreat too, in any list order
    chars = ["F-HPAURA", dict(card="F-R1", damage=2)]
    if not aura_first:
        chars.reverse()
    g = scenario(p0=dict(deck=DECK, chars=["F-B2"]), p1=dict(deck=DECK, chars=chars))
    do(g, "attack", attacker="F-B2")
    do(g, "defend", defender="F-HPAURA")
    assert zone(g, 1, "chars") == []
    assert sorted(zone(g, 1, "discard")) == ["F-HPAURA", "F-R1"]


def test_sn_k8_k6_change_that_ends_an_hp_aura_makes_damaged_character_retreat():
    g = scenario(p0=dict(hand=["F-B2"], town=[BLUE], deck=DECK,
                         chars=["F-HPAURA", dict(card="F-R1", damage=2)]),
                 p1=dict(deck=DECK))
    do(g, "change", card="F-B2", target="F-HPAURA")           # F-HPAURA's static is gone
    assert zone(g, 0, "chars") == ["F-B2"]
    assert zone(g, 0, "discard") == ["F-R1"]
    assert not can(g, "attack", attacker="F-R1")


# --- SN-K9: "~ Ver." names -------------------------------------------------------------------

def test_sn_k9_ver_name_differs_from_the_plain_name():
    g = scenario(p0=dict(hand=["F-VER", "F-R1"], town=[RED] * 2, deck=DECK))
    do(g, "place", card="F-R1")
    assert can(g, "place", card="F-VER")
    do(g, "place", card="F-VER")
    assert zone(g, 0, "chars") == ["F-R1", "F-VER"]


def test_sn_k9_ver_on_field_does_not_block_the_plain_name():
    g = scenario(p0=dict(hand=["F-R1"], town=[RED], deck=DECK, chars=["F-VER"]))
    do(g, "place", card="F-R1")
    assert zone(g, 0, "chars") == ["F-VER", "F-R1"]
