"""The Z/X turn, costs and squares: ZX-T1..ZX-T6, ZX-C1..ZX-C3, ZX-Q1..ZX-Q5.

Board: squares 0..8 row by row; player 0's player square is 7, player 1's is 1; adjacent means
sharing an edge. Scenarios are built with the harness (card ids from fixture_cards.toml)."""
from __future__ import annotations

import pytest

from tcg.engine.errors import CardDataError, IllegalActionError
from tcg.games.zx import cards as C
from tcg.games.zx.cards import load_cards
from tcg.games.zx.state import ADJACENT, PLAYER_SQUARE

from .harness import (FILL, action, can, check, decision, do, events, kinds, legal, legal_types,
                      main, options, power, sq, unit, zone)

RED3 = ["Z-R1"] * 3


def board_ids(g):
    return {n: g.state.cards[u.iid].id for n, u in enumerate(g.state.board) if u is not None}


def test_zx_q5_board_geometry_player_squares_and_adjacency():
    assert PLAYER_SQUARE == (7, 1)
    assert ADJACENT[4] == (1, 3, 5, 7)
    assert ADJACENT[7] == (4, 6, 8)
    assert ADJACENT[1] == (0, 2, 4)
    assert ADJACENT[0] == (1, 3)


# =============================================================================================
# ZX-T1..T6: the turn
# =============================================================================================

def test_zx_t1_reboot_phase_reboots_only_your_sleeping_zx_and_resources():
    g = main(p0=dict(resources=["Z-R1"], asleep=["Z-R2", "Z-B2"]),
             p1=dict(asleep=["Z-R3"]),
             board={3: dict(card="Z-R2", asleep=True), 4: dict(card="Z-R3", asleep=True, owner=1),
                    5: dict(card="Z-R1")},
             start=("start_turn",), turn=5, active=0)
    st = g.state
    assert events(g, "turn_start") == [{"type": "turn_start", "turn": 5, "player": 0}]
    assert not unit(g, 3).asleep and not unit(g, 5).asleep
    assert unit(g, 4).asleep                      # the opponent's Z/X stays asleep
    assert zone(g, 0, "asleep") == []
    assert zone(g, 1, "asleep") == ["Z-R3"]       # the opponent's resource stays asleep
    assert st.phase == "resource" and decision(g) == (0, "resource")


def test_zx_t2_draw_one_but_not_on_the_first_players_first_turn():
    g = main(p0=dict(deck=["Z-R3", "Z-R2"] + FILL, hand=["Z-B2"]), start=("start_turn",), turn=1,
             active=0, first=0)
    assert zone(g, 0, "hand") == ["Z-B2"] and zone(g, 0, "deck")[:2] == ["Z-R3", "Z-R2"]
    assert "draw" not in kinds(g)
    g = main(p1=dict(deck=["Z-R3", "Z-R2"] + FILL, hand=["Z-B2"]), start=("start_turn",), turn=2,
             active=1, first=0)
    assert zone(g, 1, "hand") == ["Z-B2", "Z-R3"] and zone(g, 1, "deck")[0] == "Z-R2"
    assert [e["player"] for e in events(g, "draw")] == [1]
    g = main(p0=dict(deck=["Z-R3", "Z-R2"] + FILL, hand=[]), start=("start_turn",), turn=3, active=0)
    assert zone(g, 0, "hand") == ["Z-R3"]
    # the draw comes between the reboot and the resource phase
    assert kinds(g) == ["turn_start", "draw"] and decision(g) == (0, "resource")


def test_zx_t3_one_card_from_hand_to_resources_rebooted_no_limit():
    many = ["Z-B2"] * 12
    g = main(p0=dict(hand=["Z-R3", "Z-R2"], resources=many, asleep=["Z-R1"]), start=("resource",))
    assert decision(g) == (0, "resource")
    assert options(g, "resource") == ["Z-R3", "Z-R2"] and "no_resource" in legal_types(g)
    do(g, "resource", card="Z-R3")
    assert zone(g, 0, "hand") == ["Z-R2"]
    assert zone(g, 0, "resources") == many + ["Z-R1", "Z-R3"]   # 14 resources: no upper limit
    assert zone(g, 0, "asleep") == ["Z-R1"]                      # the new one is rebooted
    # only one per turn: no charge, so straight on to the main phase, with no resource action
    assert decision(g) == (0, "main") and "resource" not in legal_types(g)
    g = main(p0=dict(hand=["Z-R3"]), start=("resource",))
    do(g, "no_resource")
    assert zone(g, 0, "hand") == ["Z-R3"] and zone(g, 0, "resources") == []


def test_zx_t4_ignition_charge_to_trash_then_reveal_the_top_card():
    g = main(p0=dict(charge=["Z-R1", "Z-R2", "Z-R3"], deck=["Z-R5", "Z-B2I", "E-IGN"] + FILL),
             start=("ignition",))
    assert decision(g) == (0, "ignition")
    assert options(g, "ignite") == ["Z-R1", "Z-R2", "Z-R3"] and "end_ignition" in legal_types(g)
    # 1: no icon -> the revealed card goes to the trash, ignition may go on
    do(g, "ignite", card="Z-R2")
    assert zone(g, 0, "charge") == ["Z-R1", "Z-R3"]
    assert zone(g, 0, "trash") == ["Z-R2", "Z-R5"]
    assert events(g, "ignition")[-1]["id"] == "Z-R5" and not events(g, "ignition")[-1]["icon"]
    assert decision(g) == (0, "ignition")
    # 2: icon -> overdrive: placed free (no resources at all)
    do(g, "ignite", card="Z-R1")
    assert decision(g) == (0, "overdrive")
    assert legal_types(g) == {"place_free", "decline"}
    assert options(g, "place_free", "square") == [0, 2, 3, 4, 5, 6, 7, 8]  # not square 1
    do(g, "place_free", square=4)
    assert sq(g, 4) == "Z-B2I" and not unit(g, 4).asleep
    assert zone(g, 0, "trash") == ["Z-R2", "Z-R5", "Z-R1"]
    # 3: icon but declined -> trash (not the charge)
    do(g, "ignite", card="Z-R3")
    assert decision(g) == (0, "overdrive") and legal_types(g) == {"use_free", "decline"}
    do(g, "decline")
    assert zone(g, 0, "trash") == ["Z-R2", "Z-R5", "Z-R1", "Z-R3", "E-IGN"]
    assert zone(g, 0, "charge") == []
    # charge empty: the ignition phase ends by itself
    assert decision(g) == (0, "main")
    assert [e["id"] for e in events(g, "ignition")] == ["Z-R5", "Z-B2I", "E-IGN"]
    check(g)


def test_zx_t4_overdrive_event_is_used_free_then_trashed():
    g = main(p0=dict(charge=["Z-R1"], deck=["E-IGN", "Z-R3"] + FILL), start=("ignition",))
    do(g, "ignite", card="Z-R1")
    do(g, "use_free")
    assert zone(g, 0, "hand") == ["Z-R3"]           # E-IGN: draw 1
    assert zone(g, 0, "trash") == ["Z-R1", "E-IGN"]
    assert events(g, "event")[-1]["free"] is True
    assert decision(g) == (0, "main")


def test_zx_t4_no_ignition_phase_without_charge_and_it_can_be_ended():
    g = main(start=("ignition",))
    assert decision(g) == (0, "main")
    g = main(p0=dict(charge=["Z-R1", "Z-R2"]), start=("ignition",))
    do(g, "end_ignition")
    assert decision(g) == (0, "main") and zone(g, 0, "charge") == ["Z-R1", "Z-R2"]


def test_zx_t5_main_phase_any_order_place_event_and_battle():
    g = main(p0=dict(hand=["Z-R2", "E-DRAW", "Z-R1"], resources=["Z-R1"] * 4, deck=["Z-B2"] + FILL),
             board={4: dict(card="Z-R5", owner=1)})
    assert decision(g) == (0, "main")
    do(g, "place", card="Z-R1", square=3)
    assert decision(g) == (0, "main")
    do(g, "attack", attacker=3, target=4)             # battle in the middle of the main phase
    for p in (0, 1):
        assert decision(g) == (p, "battle")
        do(g, "pass")
    assert decision(g) == (0, "main")
    do(g, "event", card="E-DRAW")
    do(g, "place", card="Z-R2", square=5)
    assert board_ids(g) == {3: "Z-R1", 4: "Z-R5", 5: "Z-R2"}
    assert zone(g, 0, "hand") == ["Z-B2"] and zone(g, 0, "trash") == ["E-DRAW"]
    assert zone(g, 0, "asleep") == ["Z-R1"] * 4
    do(g, "end_turn")
    assert g.state.turn == 4 and g.state.active == 1


def test_zx_t5_one_zx_ex_per_turn_and_not_with_an_ev_ex():
    g = main(p0=dict(hand=["Z-R1", "Z-R2"], resources=["Z-R1"] * 8, dynamis=["X-AWK", "X-AWK", "X-EVEX"],
                     player="P-HERO"))
    assert set(options(g, "zx_ex")) == {"X-AWK"} and options(g, "ev_ex") == ["X-EVEX", "X-EVEX"]
    do(g, "zx_ex", card="X-AWK", square=3, destroy=())
    do(g, "discard", card="Z-R1")
    assert sq(g, 3) == "X-AWK"
    assert decision(g) == (0, "main")
    assert "zx_ex" not in legal_types(g) and "ev_ex" not in legal_types(g)
    g = main(p0=dict(resources=["Z-R1"] * 8, dynamis=["X-AWK", "X-EVEX", "X-EVEX"], hand=["Z-R1"],
                     player="P-HERO"))
    do(g, "ev_ex", card="X-EVEX", effect=0)
    assert "zx_ex" not in legal_types(g) and "ev_ex" not in legal_types(g)


def test_zx_t6_end_phase_damage_to_0_and_discard_down_to_6():
    hand = ["Z-R1", "Z-R2", "Z-R3", "Z-R5", "Z-B2", "E-DRAW", "Z-B1", "E-GUARD"]
    g = main(p0=dict(hand=hand), p1=dict(hand=["Z-R1"] * 7),
             board={3: dict(card="Z-R5", damage=3000), 4: dict(card="Z-R5", owner=1, damage=2000)},
             start=("end_phase",))
    assert unit(g, 3).damage == 0 and unit(g, 4).damage == 0
    assert g.state.phase == "end"
    assert decision(g) == (0, "discard") and g.decision.info == {"over": 2}
    assert options(g, "discard") == hand
    do(g, "discard", card="Z-B1")
    assert decision(g) == (0, "discard")
    do(g, "discard", card="E-DRAW")
    assert zone(g, 0, "hand") == ["Z-R1", "Z-R2", "Z-R3", "Z-R5", "Z-B2", "E-GUARD"]
    assert zone(g, 0, "trash") == ["Z-B1", "E-DRAW"]
    # the opponent (7 cards) does not discard in this player's end phase
    assert len(zone(g, 1, "hand")) == 8  # 7 + the draw of the next turn
    assert g.state.active == 1 and decision(g) == (1, "resource")
    assert g.rules.hand_limit == 6


def test_zx_t6_damage_lasts_the_turn_then_resets():
    g = main(p0=dict(), board={3: dict(card="Z-R3"), 4: dict(card="Z-R5", owner=1)})
    do(g, "attack", attacker=3, target=4)
    do(g, "pass")
    do(g, "pass")
    assert unit(g, 4).damage == 3000 and sq(g, 4) == "Z-R5"
    do(g, "end_turn")
    assert unit(g, 4).damage == 0 and sq(g, 4) == "Z-R5"


# =============================================================================================
# ZX-C1..C3: colours and costs
# =============================================================================================

def test_zx_c1_five_colours(tmp_path):
    assert C.COLORS == ("red", "blue", "white", "black", "green")
    for colour in C.COLORS:
        f = tmp_path / f"{colour}.toml"
        f.write_text(_one_card(colour), encoding="utf-8")
        assert load_cards(f)["Z-X"].color == colour
    bad = tmp_path / "purple.toml"
    bad.write_text(_one_card("purple"), encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        load_cards(bad)
    assert "color" in str(e.value) and "purple" in str(e.value)


def _one_card(colour: str) -> str:
    return ('[set]\ngame = "zx"\nname = "t"\nversion = "1"\n[[cards]]\nid = "Z-X"\nkind = "zx"\n'
            f'name = "x"\ncolor = "{colour}"\ncost = 1\npower = 1000\n')


def test_zx_c2_pay_by_sleeping_rebooted_resources_one_of_the_cards_colour():
    # red cost 3 with one red and two blue: legal, all three go to sleep
    g = main(p0=dict(hand=["Z-R3"], resources=["Z-R1", "Z-B2", "Z-B2"]))
    assert can(g, "place", card="Z-R3", square=4)
    do(g, "place", card="Z-R3", square=4)
    assert zone(g, 0, "asleep") == ["Z-R1", "Z-B2", "Z-B2"]
    assert events(g, "pay")[-1]["resources"] == g.state.players[0].resources
    # no red among them: illegal
    g = main(p0=dict(hand=["Z-R3"], resources=["Z-B2", "Z-B2", "Z-B2", "Z-B1"]))
    assert not can(g, "place", card="Z-R3", square=4)
    # the only red one is asleep: illegal
    g = main(p0=dict(hand=["Z-R3"], resources=["Z-B2", "Z-B2", "Z-B2"], asleep=["Z-R1"]))
    assert "place" not in legal_types(g)
    # too few rebooted resources: illegal
    g = main(p0=dict(hand=["Z-R3"], resources=["Z-R1", "Z-R1"], asleep=["Z-R1"]))
    assert "place" not in legal_types(g)


def test_zx_c2_pay_uses_exactly_the_cost_including_one_of_the_colour():
    g = main(p0=dict(hand=["Z-B2"], resources=["Z-R1", "Z-R1", "Z-R1", "Z-B1"]))
    do(g, "place", card="Z-B2", square=4)
    asleep = zone(g, 0, "asleep")
    assert len(asleep) == 2 and "Z-B1" in asleep
    assert len(zone(g, 0, "resources")) == 4


def test_zx_c2_events_pay_the_same_way():
    g = main(p0=dict(hand=["E-DRAW"], resources=["Z-B2", "Z-B2"]))
    assert "event" not in legal_types(g)
    g = main(p0=dict(hand=["E-DRAW"], resources=["Z-B2", "Z-R1"]))
    do(g, "event", card="E-DRAW")
    assert zone(g, 0, "asleep") == ["Z-R1"]


BBBG = ["Z-B2", "Z-B2", "Z-B2", "Z-G1"]


def pay_options(g) -> list:
    return [a.get("color") if a.type == "pay" else a.type for a in g.legal_actions()]


def test_zx_c2_the_player_chooses_the_payment_one_resource_at_a_time():
    """ZX-C2 「コストはリブート状態のリソース(後述)をスリープ状態にすることで支払われ…」: the player pays.
    Blue, blue, blue, green rebooted; a blue cost-3 Z/X may be paid blue-blue-blue or
    blue-blue-green, so the game asks: one resource at a time by colour (each colour offered once),
    or the suggested payment in one step."""
    g = main(p0=dict(hand=["Z-B3I", "Z-B1"], resources=BBBG))
    do(g, "place", card="Z-B3I", square=3)
    assert decision(g) == (0, "pay")
    assert pay_options(g) == ["blue", "green", "pay_suggested"]
    info = g.observe(1)["decision"]
    assert (info["kind"], info["cost"], info["left"], info["color"], info["why"]) == ("pay", 3, 3, "blue", "place")
    # the card waits, public, while it is paid for; nothing is placed yet
    assert zone(g, 0, "resolving") == ["Z-B3I"] and sq(g, 3) is None
    assert [c["id"] for c in g.observe(1)["players"][0]["resolving"]] == ["Z-B3I"]
    do(g, "pay", color="blue")
    assert zone(g, 0, "asleep") == ["Z-B2"]                       # add-only: it stays asleep
    assert decision(g) == (0, "pay") and pay_options(g) == ["blue", "green", "pay_suggested"]
    do(g, "pay", color="blue")
    assert g.observe(0)["decision"]["paid"] == ["blue", "blue"]
    do(g, "pay", color="blue")                                    # blue-blue-blue
    assert sq(g, 3) == "Z-B3I" and zone(g, 0, "resolving") == []
    assert zone(g, 0, "asleep") == ["Z-B2"] * 3
    e = events(g, "pay")[-1]
    assert (e["colors"], e["for"]) == (["blue"] * 3, "place")
    assert "place" not in legal_types(g)                          # the green one cannot pay Z-B1
    check(g)
    # green first: the rest must then hold a blue — blue-blue is the only way, paid at once
    g = main(p0=dict(hand=["Z-B3I", "Z-B1"], resources=BBBG))
    do(g, "place", card="Z-B3I", square=3)
    do(g, "pay", color="green")
    assert sq(g, 3) == "Z-B3I" and sorted(zone(g, 0, "asleep")) == ["Z-B2", "Z-B2", "Z-G1"]
    assert can(g, "place", card="Z-B1", square=5)                 # the blue cost-1 card stays playable


def test_zx_c2_suggested_payment_keeps_the_most_other_cards_playable():
    """ZX-C2: ``pay_suggested`` pays the whole rest with the payment after which the most other
    cards in hand can still be paid for: blue-blue-green, so the blue cost-1 Z/X stays playable."""
    g = main(p0=dict(hand=["Z-B3I", "Z-B1"], resources=BBBG))
    do(g, "place", card="Z-B3I", square=3)
    assert "blue, blue, green" in g.describe(action(g, "pay_suggested"), "en")
    assert "青・青・緑" in g.describe(action(g, "pay_suggested"), "ja")
    do(g, "pay_suggested")
    assert sq(g, 3) == "Z-B3I"
    assert sorted(zone(g, 0, "asleep")) == ["Z-B2", "Z-B2", "Z-G1"]
    assert can(g, "place", card="Z-B1", square=5)
    # after one blue by hand, the suggestion pays the rest the same way
    g = main(p0=dict(hand=["Z-B3I", "Z-B1"], resources=BBBG))
    do(g, "place", card="Z-B3I", square=3)
    do(g, "pay", color="blue")
    do(g, "pay_suggested")
    assert sorted(zone(g, 0, "asleep")) == ["Z-B2", "Z-B2", "Z-G1"]


def test_zx_c2_one_possible_payment_is_made_without_asking():
    """ZX-C2: when every payment is the same by colours, nothing is asked."""
    for res, want in ((["Z-R1"] * 3, ["Z-R1"] * 2), (["Z-R1", "Z-B2"], ["Z-R1", "Z-B2"]),
                      (["Z-B2", "Z-R1"], ["Z-R1", "Z-B2"])):
        g = main(p0=dict(hand=["Z-R2"], resources=res))
        do(g, "place", card="Z-R2", square=3)
        assert decision(g) == (0, "main") and sq(g, 3) == "Z-R2", res
        assert sorted(zone(g, 0, "asleep")) == sorted(want), res
    # two ways (red-red or red-blue): asked
    g = main(p0=dict(hand=["Z-R2"], resources=["Z-R1", "Z-R1", "Z-B2"]))
    do(g, "place", card="Z-R2", square=3)
    assert decision(g) == (0, "pay") and pay_options(g) == ["red", "blue", "pay_suggested"]
    do(g, "pay", color="blue")                                    # then red is the only way
    assert sq(g, 3) == "Z-R2" and sorted(zone(g, 0, "asleep")) == ["Z-B2", "Z-R1"]


def test_zx_c2_every_paid_use_goes_through_the_payment():
    """ZX-C2: events, battle events, EV EX and awaken Z/X EX are paid the same way."""
    g = main(p0=dict(hand=["E-IGN"], resources=["Z-R1", "Z-R1", "Z-B2"]))
    do(g, "event", card="E-IGN")                                   # cost 2 red: red-red or red-blue
    assert decision(g) == (0, "pay") and zone(g, 0, "resolving") == ["E-IGN"]
    do(g, "pay_suggested")
    assert zone(g, 0, "trash") == ["E-IGN"] and len(zone(g, 0, "asleep")) == 2
    g = main(p0=dict(hand=["E-PUMP"], resources=["Z-R1", "Z-B2"]), board={4: "Z-R1", 3: dict(card="Z-R3", owner=1)})
    do(g, "attack", attacker=4, target=3)
    do(g, "battle_event", card="E-PUMP")                          # cost 1 red: one way
    assert decision(g) == (1, "battle") and zone(g, 0, "asleep") == ["Z-R1"]
    g = main(p0=dict(dynamis=["X-EVEX"], resources=["Z-R1", "Z-R1", "Z-B2"], player="P-HERO",
                     deck=["Z-R3"] + FILL))
    do(g, "ev_ex", card="X-EVEX", effect=0)                       # cost 1 red: one way
    assert zone(g, 0, "asleep") == ["Z-R1"] and zone(g, 0, "hand") == ["Z-R3"]
    g = main(p0=dict(dynamis=["X-AWK"], hand=["Z-R1"], resources=["Z-R1", "Z-R1", "Z-B2"]))
    do(g, "zx_ex", card="X-AWK", square=3, destroy=())            # cost 2 red: red-red or red-blue
    assert decision(g) == (0, "pay") and zone(g, 0, "resolving") == ["X-AWK"]
    do(g, "pay", color="red")
    do(g, "pay", color="red")
    assert decision(g) == (0, "awaken")                           # then the awaken condition
    do(g, "discard", card="Z-R1")
    assert sq(g, 3) == "X-AWK" and zone(g, 0, "asleep") == ["Z-R1", "Z-R1"]


def test_zx_c2_cost_0_and_activated_abilities_need_no_matching_colour():
    """ZX-C2 readings: 「カードの配置・使用の際には、必ずカードの色とコスト(の中のいずれか 1枚以上)の色が
    一致している必要がある。」 binds the resources paid for placing / using a card: a cost of 0 pays none,
    so it needs no resource of its colour; an activated ability (「特定効果を発動する」, listed apart in
    the sentence before) pays its cost with resources of any colour."""
    g = main(p0=dict(hand=["Z-ZERO"], resources=["Z-B2"]))
    assert can(g, "place", card="Z-ZERO", square=3)
    do(g, "place", card="Z-ZERO", square=3)
    assert sq(g, 3) == "Z-ZERO" and "pay" not in kinds(g) and zone(g, 0, "asleep") == []
    g = main(p0=dict(hand=["Z-ZERO"]))
    assert can(g, "place", card="Z-ZERO", square=3)               # no resources at all
    # a red Z/X's activated ability paid with two blue resources
    g = main(p0=dict(resources=["Z-B2", "Z-B2"]), board={3: "Z-ACT"})
    do(g, "activate", square=3, ability=0)
    assert zone(g, 0, "asleep") == ["Z-B2", "Z-B2"] and power(g, 3) == 2000
    e = events(g, "pay")[-1]
    assert e["for"] == "activate" and e["colors"] == ["blue", "blue"]
    g = main(p0=dict(resources=["Z-B2", "Z-G1", "Z-R1"]), board={3: "Z-ACT"})
    do(g, "activate", square=3, ability=0)
    assert pay_options(g) == ["red", "blue", "green", "pay_suggested"]
    g = main(p0=dict(resources=["Z-B2"]), board={3: "Z-ACT"})
    assert "activate" not in legal_types(g)                       # 1 resource < cost 2


def test_zx_c3_resources_overdrive_and_life_ignition_cost_nothing():
    g = main(p0=dict(hand=["Z-R5"], resources=["Z-R1"], charge=["Z-R1"], deck=["Z-R5I"] + FILL),
             start=("resource",))
    do(g, "resource", card="Z-R5")
    assert zone(g, 0, "asleep") == [] and "pay" not in kinds(g)
    do(g, "ignite", card="Z-R1")
    do(g, "place_free", square=3)            # a cost-5 Z/X with only 2 resources
    assert sq(g, 3) == "Z-R5I" and zone(g, 0, "asleep") == [] and "pay" not in kinds(g)
    # life ignition: the defender places a cost-3 blue Z/X free with no resources at all
    g = main(p1=dict(life=["Z-B3I", "Z-R1"], resources=[]), board={4: "Z-R1"})
    do(g, "attack", attacker=4, target=-1)
    do(g, "pass")
    do(g, "pass")
    do(g, "life", index=0)
    do(g, "place_free", square=3)
    assert sq(g, 3) == "Z-B3I" and unit(g, 3).owner == 1 and "pay" not in kinds(g)


# =============================================================================================
# ZX-Q1..Q5: squares
# =============================================================================================

def test_zx_q1_placed_rebooted_may_attack_at_once_and_never_moves():
    g = main(p0=dict(hand=["Z-R3"], resources=RED3), board={3: dict(card="Z-R1", owner=1)})
    do(g, "place", card="Z-R3", square=4)
    assert not unit(g, 4).asleep
    assert options(g, "attack", "target") == [3, -1]   # no summoning sickness
    types = legal_types(g)
    assert types <= {"place", "event", "zx_ex", "ev_ex", "shift", "activate", "attack", "end_turn"}
    do(g, "attack", attacker=4, target=3)
    do(g, "pass")
    do(g, "pass")
    assert sq(g, 4) == "Z-R3" and unit(g, 4).asleep and sq(g, 3) is None
    do(g, "end_turn")
    assert sq(g, 4) == "Z-R3"


def test_zx_q2_cannot_place_on_opponent_player_square_opponent_zx_or_own_sleeping_zx():
    g = main(p0=dict(hand=["Z-R1"], resources=["Z-R1"]),
             board={3: dict(card="Z-R1", owner=1), 5: dict(card="Z-R2", asleep=True), 8: "Z-R2"})
    assert options(g, "place", "square") == [0, 2, 4, 6, 7, 8]
    # the same squares for player 1, mirrored: never square 7
    g = main(p1=dict(hand=["Z-R1"], resources=["Z-R1"]), active=1,
             board={3: dict(card="Z-R1", owner=0), 5: dict(card="Z-R2", asleep=True, owner=1)})
    assert options(g, "place", "square") == [0, 1, 2, 4, 6, 8]
    with pytest.raises(IllegalActionError):
        g.apply({"type": "place", "card": g.state.players[1].hand[0], "square": 7})


def test_zx_q3_placing_on_your_rebooted_zx_trashes_the_earlier_one():
    g = main(p0=dict(hand=["Z-R2", "Z-R3"], resources=["Z-R1"] * 5),
             board={4: dict(card="Z-R1", force=["Z-B1"]), 7: "Z-START"})
    do(g, "place", card="Z-R2", square=4)
    assert sq(g, 4) == "Z-R2" and not unit(g, 4).asleep
    assert zone(g, 0, "trash") == ["Z-B1", "Z-R1"]   # force and the replaced Z/X: trash, not charge
    assert zone(g, 0, "charge") == []
    # the same on your own player square (here the start card)
    do(g, "place", card="Z-R3", square=7)
    assert sq(g, 7) == "Z-R3"
    assert zone(g, 0, "trash") == ["Z-B1", "Z-R1", "Z-START"]
    assert [e["why"] for e in events(g, "leave_board")] == ["replaced", "replaced"]
    check(g)


def test_zx_q4_one_zx_per_square():
    g = main(p0=dict(hand=["Z-R2"], resources=["Z-R1"] * 2), board={4: "Z-R1"})
    do(g, "place", card="Z-R2", square=4)
    assert [c for c in board_ids(g).values()] == ["Z-R2"]
    assert sum(u is not None for u in g.state.board) == 1
    # an opponent's Z/X blocks the square entirely
    g = main(p0=dict(hand=["Z-R2"], resources=["Z-R1"] * 2), board={4: dict(card="Z-R1", owner=1)})
    assert 4 not in options(g, "place", "square")


def test_zx_q5_zx_attacks_only_adjacent_opponent_zx():
    g = main(board={4: "Z-R3", 3: dict(card="Z-R1", owner=1), 5: dict(card="Z-R1", owner=1),
                    0: dict(card="Z-R1", owner=1), 7: "Z-R1", 1: dict(card="Z-R1", owner=1)})
    # from 4: 3 and 5 and 1 (opponent Z/X on their player square, so not the player); not 0 (diagonal)
    assert [a.target for a in legal(g, "attack") if a.attacker == 4] == [1, 3, 5]
    # from 7 (own player square): nothing adjacent belongs to the opponent
    assert [a.target for a in legal(g, "attack") if a.attacker == 7] == []


def test_zx_q5_player_attack_needs_adjacent_empty_player_square():
    g = main(board={4: "Z-R3", 0: "Z-R1", 7: "Z-R1", 6: "Z-R2"})
    targets = {(a.attacker, a.target) for a in legal(g, "attack")}
    # 4 and 0 are next to square 1 (empty): the player may be attacked; 7 and 6 are not
    assert targets == {(4, -1), (0, -1)}
    # an opponent Z/X on their player square: only that Z/X, never the player
    g = main(board={4: "Z-R3", 1: dict(card="Z-R1", owner=1)})
    assert options(g, "attack", "target") == [1]
    # an opponent Z/X OB anywhere on the board: no attacks on the player
    g = main(p1=dict(player="P-HERO", player_face_up=False),
             board={4: "Z-R3", 8: dict(card="X-OB", owner=1, bottom="B-HERO")})
    assert options(g, "attack", "target") == []
    # player 1 attacks player 0 from square 4 (next to square 7)
    g = main(board={4: dict(card="Z-R3", owner=1)}, active=1)
    assert options(g, "attack", "target") == [-1]


def test_zx_q5_sleeping_zx_cannot_attack():
    g = main(board={4: dict(card="Z-R3", asleep=True), 3: dict(card="Z-R1", owner=1)})
    assert "attack" not in legal_types(g)
