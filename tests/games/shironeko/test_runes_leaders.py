"""Scenario tests for runes (SN-R1..SN-R5) and leaders (SN-L1..SN-L3)."""
from __future__ import annotations

import pytest

from tcg.games.shironeko import flow as F
from tcg.games.shironeko.cards import COLORS

from .harness import can, card_id, do, fixture_rules, ids, legal_types, scenario, unit, zone

DECK = ["F-B1"] * 10
RED, BLUE, RAINBOW, GRAY = "F-T-RED", "F-T-BLUE", "F-T-RAINBOW", "F-T-GRAY"


def events(g, etype):
    return [e[1] for e in g.state.events if e[0] == etype]


def souls_off(g, p):
    ps = g.state.players[p]
    return [card_id(g, i) for i in ps.town if i in ps.souls_off]


def runes_of(g, p, cid):
    return sorted(F.runes(g.state, unit(g, p, cid)))


def atk(g, p, cid):
    return F.attack_of(g.state, unit(g, p, cid))


# --- SN-R1: runes of a unit ------------------------------------------------------------------

def test_sn_r1_every_main_card_has_one_rune():
    for card in fixture_rules().cards:
        if card.is_main:
            assert card.rune in COLORS, card.id


def test_sn_r1_unit_runes_are_its_own_plus_every_card_under_it():
    g = scenario(p0=dict(deck=DECK, chars=["F-R1", dict(card="F-R2", under=["F-B1", "F-TDRAW"])]))
    assert runes_of(g, 0, "F-R1") == ["red"]
    assert runes_of(g, 0, "F-R2") == ["blue", "green", "red"]


def test_sn_r1_change_adds_the_old_cards_rune():
    g = scenario(p0=dict(hand=["F-R3"], town=[RED] * 2, deck=DECK,
                         chars=[dict(card="F-B2", under=["F-TDRAW"])]))
    do(g, "change", card="F-R3", target="F-B2")
    assert runes_of(g, 0, "F-R3") == ["blue", "green", "red"]
    assert ids(g, unit(g, 0, "F-R3").under) == ["F-TDRAW", "F-B2"]


# --- SN-R2: required runes --------------------------------------------------------------------

@pytest.mark.parametrize("under,ok", [
    ([], False),                 # [green]: no blue
    (["F-B1"], True),            # [blue, green]: blue + colourless(green)
    (["F-R1"], False),           # [red, green]: no blue
    (["F-B1", "F-B2"], True),
])
def test_sn_r2_activated_ability_needs_its_required_runes(under, ok):
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-ACTRUNE", under=under)]),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    assert can(g, "activate", card="F-ACTRUNE", ability=0) is ok


def test_sn_r2_runes_are_not_spent():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-ACTRUNE", under=["F-B1"])]),
                 p1=dict(deck=DECK, chars=["F-B2"]))
    do(g, "activate", card="F-ACTRUNE", ability=0)
    assert unit(g, 1, "F-B2").damage == 1
    assert runes_of(g, 0, "F-ACTRUNE") == ["blue", "green"]
    do(g, "end_turn")
    do(g, "end_turn")
    assert g.decision.player == 0
    assert can(g, "activate", card="F-ACTRUNE", ability=0)
    do(g, "activate", card="F-ACTRUNE", ability=0)
    assert unit(g, 1, "F-B2").damage == 2


# --- SN-R3: rainbow / colourless / one rune per requirement -----------------------------------

@pytest.mark.parametrize("have,need,ok", [
    (["red"], ("red",), True),
    (["blue"], ("red",), False),
    (["rainbow"], ("red",), True),             # rainbow counts as any colour
    (["rainbow"], ("purple",), True),
    (["colorless"], ("red",), False),          # colourless rune: only colourless needs
    (["colorless"], ("colorless",), True),
    (["blue"], ("colorless",), True),          # colourless need: any rune
    (["rainbow"], ("colorless",), True),
    (["red"], ("red", "red"), False),          # one rune meets one requirement
    (["red", "red"], ("red", "red"), True),
    (["red", "rainbow"], ("red", "red"), True),
    (["red", "colorless"], ("red", "red"), False),
    (["rainbow"], ("red", "blue"), False),
    (["rainbow", "rainbow"], ("red", "blue"), True),
    (["red"], ("red", "colorless"), False),
    (["red", "blue"], ("red", "colorless"), True),
    (["red", "blue"], ("colorless", "red"), True),
    (["rainbow", "red"], ("blue", "red"), True),
    (["red", "rainbow"], ("red", "blue"), True),
    (["rainbow", "colorless"], ("red", "colorless"), True),
    (["colorless", "colorless"], ("colorless", "colorless"), True),
    (["colorless", "colorless"], ("colorless", "colorless", "colorless"), False),
    (["red", "rainbow", "blue"], ("red", "red", "blue"), True),
    (["red", "rainbow", "colorless"], ("red", "red", "blue"), False),
    ([], (), True),
])
def test_sn_r3_runes_met(have, need, ok):
    assert F.runes_met(have, need) is ok


@pytest.mark.parametrize("under,ok", [
    (["F-R1A"], True),        # [rainbow, green]: rainbow stands for blue
    (["F-STATIC"], False),    # [colorless, green]: a colourless rune cannot be blue
])
def test_sn_r3_rainbow_and_colourless_runes_on_the_field(under, ok):
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-ACTRUNE", under=under)]),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    assert can(g, "activate", card="F-ACTRUNE", ability=0) is ok


# --- SN-R4: static abilities are on exactly while the runes are held ---------------------------

@pytest.mark.parametrize("under,attack", [
    ([], 1),                      # [colorless]
    (["F-R1"], 1),                # [red, colorless]: one red only
    (["F-R1A"], 1),               # [rainbow, colorless]
    (["F-R1", "F-VER"], 3),       # two reds
    (["F-R1", "F-R1A"], 3),       # red + rainbow
    (["F-B1", "F-B2"], 1),
])
def test_sn_r4_static_bonus_exactly_while_two_red_runes(under, attack):
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-STATIC", under=under)]))
    assert atk(g, 0, "F-STATIC") == attack
    assert F.hp_of(g.state, unit(g, 0, "F-STATIC")) == 3


@pytest.mark.parametrize("base, under, runes, attack, discarded", [
    # F-STATIC changes onto F-R1 that already has a red card under it: runes red, red, colourless
    pytest.param("F-R1", "F-VER", ["colorless", "red", "red"], 3, 3, id="turns_on_and_is_used_in_damage"),
    pytest.param("F-B1", "F-R1", ["blue", "colorless", "red"], 1, 1, id="stays_off_with_only_one_red_rune"),
])
def test_sn_r4_static_after_a_change(base, under, runes, attack, discarded):
    g = scenario(p0=dict(hand=["F-STATIC"], town=[RED], deck=DECK,
                         chars=[dict(card=base, under=[under])]),
                 p1=dict(deck=["F-B1"] * 10))
    do(g, "change", card="F-STATIC", target=base)
    assert runes_of(g, 0, "F-STATIC") == runes
    assert atk(g, 0, "F-STATIC") == attack
    do(g, "attack", attacker="F-STATIC")
    assert len(zone(g, 1, "discard")) == discarded


def test_sn_r4_static_bonus_used_in_battle():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-STATIC", under=["F-R1", "F-VER"])]),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    do(g, "attack", attacker="F-STATIC")
    do(g, "defend", defender="F-B1")               # F-B1 HP 3 takes 3
    assert zone(g, 1, "discard") == ["F-B1"]
    assert unit(g, 0, "F-STATIC").damage == 1


# --- SN-R5: activated abilities -----------------------------------------------------------------

def test_sn_r5_activated_cost_needs_a_soul_of_the_icon_colour():
    g = scenario(p0=dict(deck=DECK, town=[RED, GRAY], chars=["F-ACT"]))
    assert not can(g, "activate", card="F-ACT", ability=0)
    g = scenario(p0=dict(deck=DECK, town=[RED, BLUE], chars=["F-ACT"]))
    do(g, "activate", card="F-ACT", ability=0)
    assert souls_off(g, 0) == ["F-T-BLUE"]       # exactly 1 soul, the blue one
    assert zone(g, 0, "hand") == ["F-B1"]         # draw 1
    g = scenario(p0=dict(deck=DECK, town=[RAINBOW], chars=["F-ACT"]))
    assert can(g, "activate", card="F-ACT", ability=0)


def test_sn_r5_activated_needs_n_souls():
    # the leader F-L2: activated (1, purple), turn OFF
    g = scenario(p0=dict(deck=DECK, town=[], leader="F-L2"))
    assert not can(g, "activate", card="F-L2", ability=0)
    g = scenario(p0=dict(deck=DECK, town=[RED], leader="F-L2"))
    assert not can(g, "activate", card="F-L2", ability=0)
    g = scenario(p0=dict(deck=DECK, town=[RAINBOW], leader="F-L2"))
    do(g, "activate", card="F-L2", ability=0)
    assert souls_off(g, 0) == ["F-T-RAINBOW"]
    assert unit(g, 0, "F-L2").on is False
    assert zone(g, 0, "hand") == ["F-B1"]


def test_sn_r5_activated_once_per_turn_per_card():
    g = scenario(p0=dict(deck=DECK, town=[BLUE] * 3, chars=["F-ACT", dict(card="F-ACTRUNE", under=["F-B1"])]),
                 p1=dict(deck=DECK, chars=["F-B2"]))
    do(g, "activate", card="F-ACT", ability=0)
    assert not can(g, "activate", card="F-ACT", ability=0)       # 2 blue souls still ON
    assert can(g, "activate", card="F-ACTRUNE", ability=0)      # another card: its own once
    do(g, "end_turn")
    do(g, "end_turn")
    assert g.decision.player == 0
    assert can(g, "activate", card="F-ACT", ability=0)          # a new turn


def test_sn_r5_ready_ability_once_per_turn():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-READY", on=False)]))
    do(g, "activate", card="F-READY", ability=0)
    assert unit(g, 0, "F-READY").on is True
    assert not can(g, "activate", card="F-READY", ability=0)


def test_sn_r5_tap_cost_needs_the_card_on_and_turns_it_off():
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-ACTRUNE", under=["F-B1"], on=False)]),
                 p1=dict(deck=DECK, chars=["F-B1"]))
    assert not can(g, "activate", card="F-ACTRUNE", ability=0)
    g = scenario(p0=dict(deck=DECK, chars=[dict(card="F-ACTRUNE", under=["F-B1"])]),
                 p1=dict(deck=DECK, chars=["F-B1", "F-B2"]))
    do(g, "activate", card="F-ACTRUNE", ability=0)
    assert unit(g, 0, "F-ACTRUNE").on is False
    assert g.decision.kind == "target" and g.decision.player == 0
    assert sorted(ids(g, g.decision.info["candidates"])) == ["F-B1", "F-B2"]
    do(g, "target", target="F-B2")
    assert unit(g, 1, "F-B2").damage == 1
    assert unit(g, 1, "F-B1").damage == 0
    assert not can(g, "attack", attacker="F-ACTRUNE")           # it is OFF now


# --- SN-L1: leaderize -----------------------------------------------------------------------

def test_sn_l1_leaderize_pays_cost_removes_card_and_places_leader():
    g = scenario(p0=dict(hand=["F-LZ"], town=[RAINBOW, GRAY], deck=DECK, leader_hand=["F-L1"]))
    do(g, "leaderize", card="F-LZ")
    ps = g.state.players[0]
    assert card_id(g, ps.leader.iid) == "F-L1"
    assert zone(g, 0, "removed") == ["F-LZ"]
    assert zone(g, 0, "discard") == []
    assert zone(g, 0, "hand") == []
    assert zone(g, 0, "leader_hand") == []
    assert zone(g, 0, "chars") == []
    assert souls_off(g, 0) == ["F-T-RAINBOW", "F-T-GRAY"]  # printed cost 2 (not change cost 1)
    assert [e["leader_id"] for e in events(g, "leaderize")] == ["F-L1"]


def test_sn_l1_leaderize_needs_the_printed_cost_with_its_colour():
    g = scenario(p0=dict(hand=["F-LZ"], town=[RAINBOW], deck=DECK, leader_hand=["F-L1"]))
    assert not can(g, "leaderize", card="F-LZ")                 # 1 soul, cost 2
    g = scenario(p0=dict(hand=["F-LZ"], town=[RED, GRAY], deck=DECK, leader_hand=["F-L1"]))
    assert not can(g, "leaderize", card="F-LZ")                 # no yellow soul
    g = scenario(p0=dict(hand=["F-LZ"], town=[RAINBOW, GRAY], deck=DECK, leader_hand=[]))
    assert not can(g, "leaderize", card="F-LZ")                 # its leader card is not aside
    assert "leaderize" not in legal_types(g)


# --- SN-L2: one leader; the later one survives ------------------------------------------------

def test_sn_l2_second_leaderize_sends_the_old_leader_to_discard():
    g = scenario(p0=dict(hand=["F-LZ", "F-LZ2"], town=[RAINBOW, GRAY, RAINBOW], deck=DECK,
                         leader_hand=["F-L1", "F-L2"]))
    do(g, "leaderize", card="F-LZ")
    do(g, "pay_suggested")              # SN-C2: rainbow + grey, keeping a rainbow for F-LZ2
    do(g, "leaderize", card="F-LZ2")
    ps = g.state.players[0]
    assert card_id(g, ps.leader.iid) == "F-L2"
    assert zone(g, 0, "discard") == ["F-L1"]
    assert zone(g, 0, "removed") == ["F-LZ", "F-LZ2"]
    assert zone(g, 0, "leader_hand") == []
    assert g.observe(0)["players"][0]["leader"]["id"] == "F-L2"


def test_sn_l2_leaderize_over_an_existing_leader():
    g = scenario(p0=dict(hand=["F-LZ2"], town=[RAINBOW], deck=DECK, leader="F-L1",
                         leader_hand=["F-L2"]))
    do(g, "leaderize", card="F-LZ2")
    assert card_id(g, g.state.players[0].leader.iid) == "F-L2"
    assert zone(g, 0, "discard") == ["F-L1"]
    assert zone(g, 0, "removed") == ["F-LZ2"]


def test_sn_l2_leader_hp_aura_applies_while_it_is_the_leader():
    g = scenario(p0=dict(deck=DECK, leader="F-L3", chars=[dict(card="F-R1", damage=2)]))
    assert F.hp_of(g.state, unit(g, 0, "F-R1")) == 3
    assert zone(g, 0, "chars") == ["F-R1"]


def test_sn_l2_k8_replaced_leader_aura_ends_and_damaged_character_retreats():
    g = scenario(p0=dict(hand=["F-LZ2"], town=[RAINBOW], deck=DECK, leader="F-L3",
                         leader_hand=["F-L2"], chars=[dict(card="F-R1", damage=2)]),
                 p1=dict(deck=DECK))
    do(g, "leaderize", card="F-LZ2")                          # F-L3 -> discard, F-L2 leads
    assert card_id(g, g.state.players[0].leader.iid) == "F-L2"
    assert zone(g, 0, "chars") == []                          # 2 damage, HP back to 2
    assert zone(g, 0, "discard") == ["F-L3", "F-R1"]


# --- SN-L3: the leader is not a character --------------------------------------------------------

def test_sn_l3_all_opponent_characters_does_not_hit_the_leader():
    g = scenario(p0=dict(hand=["F-MALL"], town=[RAINBOW], deck=DECK),
                 p1=dict(deck=DECK, leader="F-L1", chars=["F-B1"]))
    do(g, "monster", card="F-MALL")
    assert unit(g, 1, "F-B1").damage == 1
    assert g.state.players[1].leader.damage == 0
    assert [card_id(g, e["card"]) for e in events(g, "damage")] == ["F-B1"]


def test_sn_l3_choose_opponent_character_never_offers_the_leader():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED] * 2, deck=DECK),
                 p1=dict(deck=DECK, leader="F-L1", chars=["F-B1", "F-B2"]))
    do(g, "monster", card="F-MDMG")
    assert g.decision.kind == "target"
    assert sorted(ids(g, g.decision.info["candidates"])) == ["F-B1", "F-B2"]


def test_sn_l3_single_character_is_chosen_without_asking_leader_not_counted():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED] * 2, deck=DECK),
                 p1=dict(deck=DECK, leader="F-L1", chars=["F-B1"]))
    do(g, "monster", card="F-MDMG")
    assert g.decision.kind == "main" and g.decision.player == 0
    assert unit(g, 1, "F-B1").damage == 2
    assert g.state.players[1].leader.damage == 0


def test_sn_l3_leader_alone_is_no_target():
    g = scenario(p0=dict(hand=["F-MDMG"], town=[RED] * 2, deck=DECK),
                 p1=dict(deck=DECK, leader="F-L1"))
    do(g, "monster", card="F-MDMG")
    assert g.decision.kind == "main"
    assert events(g, "damage") == []
    assert card_id(g, g.state.players[1].leader.iid) == "F-L1"
    assert zone(g, 0, "discard") == ["F-MDMG"]


def test_sn_l3_leader_does_not_count_toward_four_characters():
    g = scenario(p0=dict(hand=["F-R1"], town=[RED], deck=DECK, leader="F-L1",
                         chars=["F-B1", "F-B2", "F-ACT"]))
    do(g, "place", card="F-R1")
    assert zone(g, 0, "chars") == ["F-B1", "F-B2", "F-ACT", "F-R1"]
    assert card_id(g, g.state.players[0].leader.iid) == "F-L1"


def test_sn_l3_leaderize_with_four_characters():
    g = scenario(p0=dict(hand=["F-LZ"], town=[RAINBOW, GRAY], deck=DECK, leader_hand=["F-L1"],
                         chars=["F-B1", "F-B2", "F-ACT", "F-READY"]))
    do(g, "leaderize", card="F-LZ")
    assert len(g.state.players[0].chars) == 4
    assert card_id(g, g.state.players[0].leader.iid) == "F-L1"


def test_sn_l3_character_with_the_leaders_name_can_be_placed():
    g = scenario(p0=dict(hand=["F-LZ"], town=[RAINBOW, GRAY], deck=DECK, leader="F-L1"))
    assert g.state.cards[g.state.players[0].leader.iid].name == fixture_rules().cards["F-LZ"].name
    do(g, "place", card="F-LZ")
    assert zone(g, 0, "chars") == ["F-LZ"]
    assert card_id(g, g.state.players[0].leader.iid) == "F-L1"


def test_sn_l3_leaderize_while_a_character_of_that_name_is_on_the_field():
    g = scenario(p0=dict(hand=["F-LZ"], town=[RAINBOW, GRAY], deck=DECK, chars=["F-LZ"],
                         leader_hand=["F-L1"]))
    assert not can(g, "place", card="F-LZ")
    do(g, "leaderize", card="F-LZ")
    assert zone(g, 0, "chars") == ["F-LZ"]
    assert card_id(g, g.state.players[0].leader.iid) == "F-L1"


def test_sn_l3_leader_static_aura_buffs_own_characters_only():
    g = scenario(p0=dict(deck=DECK, leader="F-L1", chars=["F-R1"]),
                 p1=dict(deck=["F-B1"] * 10, chars=[dict(card="F-R1", on=False)]))
    assert atk(g, 0, "F-R1") == 3
    assert atk(g, 1, "F-R1") == 2
    do(g, "attack", attacker="F-R1")              # player 1 has no ON character
    assert len(zone(g, 1, "discard")) == 3
