"""The turn (KM-T1..T6), seats and costs (KM-Z1..Z3) and the card kinds (KM-K1..K6).

Readings tested (docs/rules/kemuri.md): the leader-draw call-in also counts a cast of the leader's
person inside a cross; costs are paid one seating card at a time and the excess is lost; a cross's
CP is the sum while its call-in value and other abilities come from the top card (the first listed
in ``cross(casts=...)``); crosses break up in the end phase; closing needs an active leader."""
from __future__ import annotations

import pytest

from tcg.engine.action import Action, Decision
from tcg.engine.errors import IllegalActionError

from .harness import (call_in_value, can, can_swap, cast, cp, decision, do, end_operation, events, fixture_rules,
                      iid_in, kinds, legal_types, members, options, pay, reachable_swaps, scenario, seats, serve,
                      swap, swap_ids, zone)

FILL = ["K-F1"] * 8


def since(g, start: int) -> list[str]:
    return [e["type"] for e in g.log[start:]]


# =============================================================================================
# KM-T1: draw phase
# =============================================================================================

def test_km_t1_leader_becomes_active_and_the_top_card_is_drawn():
    g = scenario(p0=dict(leader_active=False, deck=["K-EB", "K-LA", "K-F1"], hand=["K-F2"]),
                 p1=dict(leader_active=False, deck=FILL), turn=3, start="start_turn")
    s = g.state
    assert s.turn == 3 and s.active == 0
    assert s.players[0].leader_active is True
    assert s.players[1].leader_active is False  # only the turn player's leader
    assert zone(g, 0, "hand") == ["K-F2", "K-EB"]
    assert zone(g, 0, "deck") == ["K-LA", "K-F1"]
    assert zone(g, 1, "hand") == []
    assert [(e["type"], e.get("player")) for e in g.log] == [("turn_start", 0), ("draw", 0)]
    assert decision(g) == (0, "charcoal")


def test_km_t1_turns_alternate_and_each_turn_player_draws():
    g = scenario(p0=dict(deck=FILL), p1=dict(deck=["K-LA"] + FILL), start="end_phase")
    assert g.state.turn == 4 and g.state.active == 1
    assert zone(g, 1, "hand") == ["K-LA"] and zone(g, 0, "hand") == []
    assert decision(g) == (1, "charcoal")


# =============================================================================================
# KM-T2: charcoal change
# =============================================================================================

def test_km_t2_swap_one_seating_card_for_hand_cards_of_the_same_total_level():
    g = scenario(p0=dict(seating=["K-F2", "K-F3"], hand=["K-F1", "K-F1", "K-F3", "K-LB"], deck=FILL),
                 start="charcoal")
    assert decision(g) == (0, "charcoal")
    # Lv2 seat <- 1+1; Lv3 seat <- 3 (K-F3 or K-LB); no 1+1+... reaching 3 with only two Lv1 cards
    assert swap_ids(g) == [("K-F2", ("K-F1", "K-F1")), ("K-F3", ("K-F3",)), ("K-F3", ("K-LB",))]
    assert "end_charcoal" in legal_types(g)
    swap(g, "K-F2", ["K-F1", "K-F1"])
    assert zone(g, 0, "seating") == ["K-F3", "K-F1", "K-F1"]
    assert zone(g, 0, "hand") == ["K-F3", "K-LB", "K-F2"]
    assert seats(g, 0) == 5
    e = events(g, "charcoal_change")[0]
    assert g.state.cards[e["out"]].id == "K-F2" and len(e["in"]) == 2
    # as often as wanted: still in the charcoal phase
    assert decision(g) == (0, "charcoal")
    swap(g, "K-F3", ["K-LB"])
    assert zone(g, 0, "seating") == ["K-F1", "K-F1", "K-LB"]
    assert zone(g, 0, "hand") == ["K-F3", "K-F2", "K-F3"]
    # every seating card was swapped in during this phase: none can be swapped out again
    assert not can_swap(g, "K-LB", ["K-F3"])
    assert not can_swap(g, "K-F1", ["K-F2"])
    assert g.legal_actions() == [Action("end_charcoal")]
    do(g, "end_charcoal")
    assert decision(g) == (0, "operation")
    assert len(events(g, "charcoal_change")) == 2


def test_km_t2_a_card_swapped_into_the_hand_can_be_swapped_in_for_another_seat():
    g = scenario(p0=dict(seating=["K-F2", "K-EB"], hand=["K-F1", "K-F1"], deck=FILL), start="charcoal")
    swap(g, "K-F2", ["K-F1", "K-F1"])
    assert zone(g, 0, "hand") == ["K-F2"]
    # K-F2 went to the hand this phase; it may still go back in, for a seat not swapped in
    assert swap_ids(g) == [("K-EB", ("K-F2",))]
    swap(g, "K-EB", ["K-F2"])
    assert zone(g, 0, "seating") == ["K-F1", "K-F1", "K-F2"] and zone(g, 0, "hand") == ["K-EB"]
    assert g.legal_actions() == [Action("end_charcoal")]


def test_km_t2_no_swap_without_an_exact_total():
    g = scenario(p0=dict(seating=["K-F1"], hand=["K-F2", "K-F3"], deck=FILL), start="charcoal")
    assert [a.type for a in g.legal_actions()] == ["end_charcoal"]
    g = scenario(p0=dict(seating=[], hand=["K-F1"], deck=FILL), start="charcoal")
    assert [a.type for a in g.legal_actions()] == ["end_charcoal"]


# =============================================================================================
# KM-T3: operation phase
# =============================================================================================

def test_km_t3_leader_draw_locks_the_leader_and_draws_one():
    g = scenario(p0=dict(leader="KL-AOI", floor=["K-EB"], deck=["K-LA", "K-F2"]), p1=dict(deck=FILL))
    start = len(g.log)
    do(g, "leader_draw")
    assert g.state.players[0].leader_active is False
    assert zone(g, 0, "hand") == ["K-LA"] and zone(g, 0, "seating") == []
    assert since(g, start) == ["leader_draw", "draw"]
    assert events(g, "leader_draw")[0]["call_in"] is False
    assert decision(g) == (0, "operation")
    assert "leader_draw" not in legal_types(g)  # the leader is locked now


def test_km_t3_leader_draw_with_same_person_cast_on_floor_also_calls_in():
    g = scenario(p0=dict(leader="KL-AOI", floor=["K-AOI2"], deck=["K-LA", "K-F2", "K-F1"]),
                 p1=dict(deck=FILL))
    start = len(g.log)
    do(g, "leader_draw")
    assert zone(g, 0, "hand") == ["K-LA"]       # the draw first
    assert zone(g, 0, "seating") == ["K-F2"]    # then one call-in
    assert zone(g, 0, "deck") == ["K-F1"]
    assert since(g, start) == ["leader_draw", "draw", "call_in"]
    assert events(g, "call_in")[0]["why"] == "leader"
    assert decision(g) == (0, "operation")


def test_km_t3_leader_draw_call_in_counts_a_same_person_cast_inside_a_cross():
    g = scenario(p0=dict(leader="KL-BEN", floor=[dict(card="K-LA", below=["K-EB"])], deck=["K-F1", "K-F3"]),
                 p1=dict(deck=FILL))
    do(g, "leader_draw")
    assert zone(g, 0, "hand") == ["K-F1"] and zone(g, 0, "seating") == ["K-F3"]


def test_km_t3_place_cast_pays_its_cost_and_the_rest_in_any_order():
    g = scenario(p0=dict(hand=["K-EB", "E-CP", "S-DRAW", "K-EA"], seating=["K-F2", "K-F1"],
                         deck=["K-LA", "K-LB", "K-F1"]),
                 p1=dict(deck=FILL))
    assert options(g, "place") == ["K-EB", "K-EA"]
    assert options(g, "event") == ["E-CP"] and options(g, "support") == ["S-DRAW"]
    do(g, "support", card="S-DRAW")
    assert zone(g, 0, "hand") == ["K-EB", "E-CP", "K-EA", "K-LA", "K-LB"]
    do(g, "place", card="K-EB")  # cost 2
    assert decision(g) == (0, "pay")
    pay(g, 0, "K-F2")
    do(g, "event", card="E-CP")
    do(g, "place", card="K-EA")  # cost 0: nothing to pay
    assert decision(g) == (0, "operation")
    assert zone(g, 0, "floor") == ["K-EB", "K-EA"]
    assert zone(g, 0, "seating") == ["K-F1"]
    assert zone(g, 0, "backyard") == ["S-DRAW", "K-F2"]
    assert g.state.cards[g.state.event].id == "E-CP"
    assert [k for k in kinds(g) if k in ("support", "place", "pay", "event")] == [
        "support", "pay", "place", "event", "place"]


def test_km_t3_cross_and_card_effects_in_the_operation_phase():
    g = scenario(p0=dict(floor=["K-EA", "K-LA"], hand=["S-PUMP"], deck=FILL), p1=dict(deck=FILL))
    assert can(g, "cross", casts=["K-EA", "K-LA"]) and can(g, "cross", casts=["K-LA", "K-EA"])
    do(g, "cross", casts=["K-LA", "K-EA"])
    assert members(g, 0) == [["K-LA", "K-EA"]]
    do(g, "support", card="S-PUMP")  # one own cast: chosen without asking
    assert cp(g, 0, "K-LA") == 3 + 3 + 3
    end_operation(g)
    assert decision(g) == (0, "serve")


# =============================================================================================
# KM-T4: the opponent's trouble window at the start of the serving phase
# =============================================================================================

def test_km_t4_opponent_may_use_one_trouble_at_serving_start():
    g = scenario(p0=dict(floor=["K-EB"], hand=["R-WEAK"], deck=FILL),
                 p1=dict(floor=["K-LA"], hand=["R-WEAK", "R-KICK"], deck=FILL))
    assert "trouble" not in legal_types(g)  # never in your own operation phase
    end_operation(g)
    assert g.decision == Decision(1, "trouble")
    assert options(g, "trouble") == ["R-WEAK", "R-KICK"] and "pass" in legal_types(g)
    do(g, "trouble", card="R-WEAK")
    assert cp(g, 0, "K-EB") == 3  # 5 - 2
    assert cp(g, 1, "K-LA") == 3
    assert decision(g) == (0, "serve")  # one trouble only: straight on to serving
    assert zone(g, 1, "hand") == ["R-KICK"] and zone(g, 1, "backyard") == ["R-WEAK"]
    assert "trouble" not in legal_types(g)


def test_km_t4_trouble_window_offered_even_without_a_trouble_in_hand():
    # always asked, so that the decision itself does not reveal the opponent's hand;
    # with no trouble card the only choice is to pass
    g = scenario(p0=dict(floor=["K-EB"], hand=["R-WEAK"], deck=FILL),
                 p1=dict(floor=["K-LA"], hand=["K-HL3"], deck=FILL), start="serving_start")
    assert decision(g) == (1, "trouble")
    assert g.legal_actions() == [Action("pass")]
    do(g, "pass")
    assert decision(g) == (0, "serve")
    assert [e["type"] for e in g.log] == ["phase"]


def test_km_t4_passing_keeps_the_trouble():
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(hand=["R-WEAK"], deck=FILL),
                 start="serving_start")
    do(g, "pass")
    assert zone(g, 1, "hand") == ["R-WEAK"] and decision(g) == (0, "serve")
    assert events(g, "trouble") == []


# =============================================================================================
# KM-T5: each cast serves at most once, one at a time, in the chosen order
# =============================================================================================

def test_km_t5_each_cast_serves_once_in_the_order_chosen():
    g = scenario(p0=dict(floor=["K-EA", "K-EB", "K-ED"], deck=FILL),
                 p1=dict(floor=["K-LC"], deck=FILL), start="serve")
    serve(g, "K-ED", "K-LC")
    assert options(g, "serve", "cast") == ["K-EA", "K-EB"]
    serve(g, "K-EB", -1)  # K-LC lost (4 vs 1): no opposing cast any more
    assert options(g, "serve", "cast") == ["K-EA"]
    serve(g, "K-EA", -1)
    assert [a.type for a in g.legal_actions()] == ["end_serving"]
    order = [g.state.cards[e["cast"]].id for e in events(g, "serve")]
    assert order == ["K-ED", "K-EB", "K-EA"]
    assert all(c.served for c in g.state.players[0].floor)


def test_km_t5_a_cross_serves_once_as_one_cast():
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-LA"]), "K-ED"], deck=FILL),
                 p1=dict(floor=["K-LC"], deck=FILL), start="serve")
    assert options(g, "serve", "cast") == ["K-EA", "K-ED"]  # K-LA (under K-EA) cannot serve alone
    serve(g, "K-EA", "K-LC")
    assert options(g, "serve", "cast") == ["K-ED"]
    do(g, "end_serving")
    assert decision(g) == (1, "charcoal")  # the turn ended


def test_km_t5_served_flags_are_reset_each_turn():
    g = scenario(p0=dict(floor=[dict(card="K-EA", served=True)], deck=FILL), p1=dict(deck=FILL),
                 turn=4, active=0, start="start_turn")
    do(g, "end_charcoal")
    end_operation(g)
    assert options(g, "serve", "cast") == ["K-EA"]


# =============================================================================================
# KM-T6: end phase: close with 16+ seats, then the turn ends
# =============================================================================================

def test_km_t6_close_offered_at_16_seats_in_own_end_phase():
    g = scenario(p0=dict(seating=["K-F3"] * 5 + ["K-F1"], deck=FILL), p1=dict(deck=FILL), start="end_phase")
    assert seats(g, 0) == 16
    assert g.decision == Decision(0, "close", {"seats": 16})
    assert set(g.legal_actions()) == {Action("close"), Action("end_turn")}
    do(g, "close")
    assert g.is_over and g.winner == 0
    assert g.result == {"winner": 0, "draw": False, "reason": "close"}
    assert g.state.players[0].leader_active is False  # closing locks the leader
    assert kinds(g)[-2:] == ["close", "game_over"]


def test_km_t6_declining_ends_the_turn():
    g = scenario(p0=dict(seating=["K-F3"] * 6, deck=FILL), p1=dict(deck=["K-LA"] + FILL), start="end_phase")
    do(g, "end_turn")
    assert not g.is_over
    assert g.state.turn == 4 and g.state.active == 1 and decision(g) == (1, "charcoal")


def test_km_t6_no_close_under_16_seats():
    g = scenario(p0=dict(seating=["K-F3"] * 5, deck=FILL), p1=dict(deck=FILL), start="end_phase")
    assert seats(g, 0) == 15
    assert g.state.turn == 4 and decision(g) == (1, "charcoal")
    assert events(g, "close") == [] and not g.is_over


# =============================================================================================
# KM-Z1: seating zone: only the level counts
# =============================================================================================

def test_km_z1_seat_count_is_the_sum_of_seating_levels():
    g = scenario(p0=dict(seating=["K-F1", "K-F2", "K-F3", "K-LB", "E-CALL", "S-PUMP"], deck=FILL))
    assert seats(g, 0) == 1 + 2 + 3 + 3 + 3 + 2
    assert g.observe(1)["players"][0]["seats"] == 14


def test_km_z1_seating_cards_have_no_text():
    # a static cast and an event in the seating zone do nothing; the floor cast keeps its CP
    g = scenario(p0=dict(seating=["K-STAT", "E-CP", "K-CALL2"], floor=["K-EA"], deck=FILL),
                 p1=dict(floor=["K-LA"], deck=FILL))
    assert cp(g, 0, "K-EA") == 3 and cp(g, 1, "K-LA") == 3
    assert call_in_value(g, 0, "K-EA") == 1
    assert g.state.event == -1
    # the same K-STAT on the floor does apply
    g = scenario(p0=dict(floor=["K-STAT", "K-EA"], deck=FILL))
    assert cp(g, 0, "K-EA") == 4 and cp(g, 0, "K-STAT") == 3


def test_km_z1_a_trigger_card_sitting_in_the_seating_zone_does_not_trigger():
    g = scenario(p0=dict(seating=["K-TRIG"], hand=["K-F1", "K-F1"], deck=FILL), start="charcoal")
    swap(g, "K-TRIG", ["K-F1", "K-F1"])
    assert zone(g, 0, "hand") == ["K-TRIG"]  # just a card; its trigger was never applied
    assert events(g, "draw") == []


# =============================================================================================
# KM-Z2: costs are paid with seating cards, player's choice, excess lost
# =============================================================================================

def test_km_z2_cost_paid_by_chosen_seating_cards_to_backyard():
    g = scenario(p0=dict(hand=["K-LB"], seating=["K-F1", "K-F2", "K-F1", "K-F3"], deck=FILL))
    do(g, "place", card="K-LB")  # cost 3
    assert g.decision == Decision(0, "pay", {"amount": 3, "why": "cast"})
    assert options(g, "pay") == ["K-F1", "K-F2", "K-F1", "K-F3"]
    do(g, "pay", card="K-F2")
    assert g.decision == Decision(0, "pay", {"amount": 1, "why": "cast"})
    do(g, "pay", card="K-F1")
    assert decision(g) == (0, "operation")
    assert zone(g, 0, "seating") == ["K-F1", "K-F3"] and seats(g, 0) == 4
    assert zone(g, 0, "backyard") == ["K-F2", "K-F1"]
    assert zone(g, 0, "floor") == ["K-LB"]
    assert [(e["level"], e["why"]) for e in events(g, "pay")] == [(2, "cast"), (1, "cast")]


def test_km_z2_overpaying_loses_the_excess():
    g = scenario(p0=dict(hand=["K-ED"], seating=["K-F3", "K-F1"], deck=FILL))
    do(g, "place", card="K-ED")  # cost 1
    do(g, "pay", card="K-F3")    # pays 3: 2 are lost
    assert decision(g) == (0, "operation")
    assert zone(g, 0, "seating") == ["K-F1"] and seats(g, 0) == 1
    assert zone(g, 0, "floor") == ["K-ED"]


def test_km_z2_cannot_place_a_cast_costing_more_than_the_seats():
    g = scenario(p0=dict(hand=["K-BIG", "K-LB", "K-EB"], seating=["K-F2", "K-F1"], deck=FILL))
    assert options(g, "place") == ["K-LB", "K-EB"]  # 4 > 3 seats
    with pytest.raises(IllegalActionError):
        g.apply(Action("place", card=iid_in(g, 0, "hand", "K-BIG")))


# =============================================================================================
# KM-Z3: a swap never changes the seat total
# =============================================================================================

def test_km_z3_every_offered_swap_keeps_the_seat_total():
    g = scenario(p0=dict(seating=["K-F1", "K-F2", "K-F3"],
                         hand=["K-F1", "K-F1", "K-F1", "K-F2", "K-F3", "K-EB", "K-LB"], deck=FILL),
                 start="charcoal")
    swaps = reachable_swaps(g)
    assert len(swaps) > 5
    for seat, ins in swaps:
        h = g.clone()
        before = seats(h, 0)
        h.apply(Action("swap_out", seat=seat))
        for i in sorted(ins):
            assert seats(h, 0) == before  # nothing moves until the selection is complete
            h.apply(Action("swap_in", card=i))
        assert seats(h, 0) == before == 6
        assert len(h.state.players[0].hand) == 7 - len(ins) + 1
        assert decision(h) == (0, "charcoal")


# =============================================================================================
# KM-K1: the leader
# =============================================================================================

def test_km_k1_operation_charm_once_per_game_locks_the_leader():
    g = scenario(p0=dict(leader="KL-AOI", deck=["K-LA", "K-LB", "K-F1", "K-F1"]), p1=dict(deck=FILL))
    assert "charm" in legal_types(g)
    do(g, "charm")
    ps = g.state.players[0]
    assert ps.leader_active is False and ps.charm_used is True
    assert zone(g, 0, "hand") == ["K-LA", "K-LB"]  # draw 2
    assert "charm" not in legal_types(g) and "leader_draw" not in legal_types(g)
    assert kinds(g)[-3:] == ["charm", "draw", "draw"]
    # next own turn: leader active again, but the charm is spent for the game
    g2 = scenario(p0=dict(leader="KL-AOI", charm_used=True, leader_active=False, deck=FILL),
                  p1=dict(deck=FILL), start="start_turn")
    do(g2, "end_charcoal")
    assert g2.state.players[0].leader_active is True
    assert "charm" not in legal_types(g2) and "leader_draw" in legal_types(g2)


def test_km_k1_charm_only_at_its_timing_and_with_an_active_leader():
    # a help-timing charm is not offered in the operation phase
    g = scenario(p0=dict(leader="KL-BEN", deck=FILL))
    assert "charm" not in legal_types(g)
    # an operation charm is not offered when receiving a serving
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(leader="KL-AOI", floor=["K-LA"], deck=FILL),
                 start="serve")
    do(g, "serve", cast="K-EA", target="K-LA")
    assert decision(g) == (1, "help") and "charm" not in legal_types(g)
    # a locked leader cannot use its charm
    g = scenario(p0=dict(leader="KL-AOI", leader_active=False, deck=FILL))
    assert "charm" not in legal_types(g)


def test_km_k1_help_charm_adds_cp_to_the_receiving_cast():
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(leader="KL-BEN", floor=["K-ED"], deck=FILL),
                 start="serve")
    do(g, "serve", cast="K-EB", target="K-ED")
    assert decision(g) == (1, "help") and "charm" in legal_types(g)
    do(g, "charm")
    assert g.state.players[1].leader_active is False and g.state.players[1].charm_used
    assert decision(g) == (1, "help") and "charm" not in legal_types(g)
    do(g, "done")
    c = events(g, "cp_contest")[0]
    assert (c["server_cp"], c["receiver_cp"], c["winner"]) == (5, 7, 1)
    assert zone(g, 0, "floor") == [] and zone(g, 1, "floor") == ["K-ED"]


def test_km_k1_help_charm_resolves_before_the_help_decision_reopens():
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL),
                 p1=dict(leader="KL-BEN", floor=["K-ED"], hand=["K-HE2"], deck=FILL), start="serve")
    do(g, "serve", cast="K-EB", target="K-ED")
    do(g, "charm")
    assert decision(g) == (1, "help")
    assert "modify" in kinds(g)
    assert cp(g, 1, "K-ED") == 7
    assert g.observe(1)["players"][1]["floor"][0]["cp_now"] == 7


def test_km_k1_leader_never_leaves_and_shares_its_person_with_a_cast():
    g = scenario(p0=dict(leader="KL-AOI", hand=["K-EA"], deck=FILL), p1=dict(floor=["K-BIG"], deck=FILL))
    do(g, "place", card="K-EA")  # the leader's own person as a cast: fine
    assert zone(g, 0, "floor") == ["K-EA"]
    leader = g.state.players[0].leader
    end_operation(g)
    serve(g, "K-EA", "K-BIG")  # loses and leaves; the leader stays
    assert zone(g, 0, "floor") == [] and g.state.players[0].leader == leader
    assert g.state.cards[leader].id == "KL-AOI"
    fixture_rules().check_invariants(g.state)


# =============================================================================================
# KM-K2: casts
# =============================================================================================

def test_km_k2_at_most_three_casts_counting_crossed_ones():
    g = scenario(p0=dict(floor=["K-EA", "K-EA"], hand=["K-EA", "K-LA"], deck=FILL))
    assert options(g, "place") == ["K-EA", "K-LA"]  # the same person twice is fine
    do(g, "place", card="K-EA")
    assert zone(g, 0, "floor") == ["K-EA", "K-EA", "K-EA"]
    assert options(g, "place") == []
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-LA"]), "K-ED"], hand=["K-EA"], deck=FILL))
    assert options(g, "place") == []


def test_km_k2_cast_shift_cp_and_call_in_are_shown():
    g = scenario(p0=dict(floor=["K-LC"], deck=FILL))
    v = g.observe(1)["players"][0]["floor"][0]
    assert (v["shift"], v["cp"], v["call_in"], v["cp_now"], v["call_in_now"], v["cost"], v["level"]) == (
        "late", 1, 3, 1, 3, 1, 2)
    assert v["person"] == "Gin" and v["served"] is False and v["cross"] == []


# =============================================================================================
# KM-K3: flavour cross
# =============================================================================================

def test_km_k3_cross_cp_is_the_sum_other_abilities_from_the_top_only():
    g = scenario(p0=dict(floor=["K-CALL2", "K-LC", "K-STAT"], deck=FILL))
    opts = {tuple(g.state.cards[i].id for i in a.casts) for a in g.legal_actions() if a.type == "cross"}
    assert len(opts) == 6 + 6  # every ordered pair and triple
    do(g, "cross", casts=["K-LC", "K-CALL2", "K-STAT"])
    assert members(g, 0) == [["K-LC", "K-CALL2", "K-STAT"]]
    c = cast(g, 0, "K-LC")
    assert cp(g, 0, "K-LC") == 1 + 1 + 2      # K-STAT's +1 static is under the top: not applied
    assert call_in_value(g, 0, "K-LC") == 3   # K-LC's own value; K-CALL2's +2 is under the top
    assert [e["cards"] for e in events(g, "cross")] == [list(c.members)]
    view = g.observe(0)["players"][0]["floor"][0]
    assert view["id"] == "K-LC" and [x["id"] for x in view["cross"]] == ["K-CALL2", "K-STAT"]


def test_km_k3_top_card_static_applies_to_the_cross():
    g = scenario(p0=dict(floor=["K-CALL2", "K-STAT"], deck=FILL))
    do(g, "cross", casts=["K-CALL2", "K-STAT"])
    assert call_in_value(g, 0, "K-CALL2") == 1 + 2
    assert cp(g, 0, "K-CALL2") == 1 + 2
    g = scenario(p0=dict(floor=["K-CALL2", "K-STAT"], deck=FILL))
    do(g, "cross", casts=["K-STAT", "K-CALL2"])
    assert cp(g, 0, "K-STAT") == 2 + 1 + 1  # its own static (all own casts) applies to the cross
    assert call_in_value(g, 0, "K-STAT") == 1


def test_km_k3_cross_breaks_up_at_the_end_of_the_serving_phase():
    g = scenario(p0=dict(floor=["K-EA", "K-LA", "K-ED"], deck=FILL), p1=dict(deck=FILL))
    do(g, "cross", casts=["K-ED", "K-EA", "K-LA"])
    end_operation(g)
    serve(g, "K-ED", -1)
    assert members(g, 0) == [["K-ED", "K-EA", "K-LA"]]  # still crossed while serving
    start = len(g.log)
    do(g, "end_serving")
    assert members(g, 0) == [["K-ED"], ["K-EA"], ["K-LA"]]
    assert since(g, start)[:2] == ["cross_end", "turn_start"]
    assert g.state.turn == 4


def test_km_k3_a_two_cast_cross_may_take_a_third_cast_in_any_order():
    """Reading of 「最大 3体までのキャストで行うことができる」 and 「全体で 1体扱い」: a 2-cast cross counts
    as one cast and may cross again with a single cast, up to 3 casts, stacked in any order."""
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-LA"]), "K-ED"], deck=FILL))
    opts = {tuple(g.state.cards[i].id for i in a.casts) for a in g.legal_actions() if a.type == "cross"}
    assert len(opts) == 6 and all(sorted(o) == ["K-EA", "K-ED", "K-LA"] for o in opts)
    do(g, "cross", casts=["K-LA", "K-ED", "K-EA"])
    assert members(g, 0) == [["K-LA", "K-ED", "K-EA"]]
    assert cp(g, 0, "K-LA") == sum(g.state.cards[i].cp for i in cast(g, 0, "K-LA").members)
    assert "cross" not in legal_types(g)  # three casts: no more


def test_km_k3_cannot_cross_alone_or_past_three_casts():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL))
    assert "cross" not in legal_types(g)
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-LA", "K-LC"])], deck=FILL))
    assert "cross" not in legal_types(g)


# =============================================================================================
# KM-K4: events
# =============================================================================================

def test_km_k4_event_static_affects_both_players():
    g = scenario(p0=dict(hand=["E-CP"], floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL))
    do(g, "event", card="E-CP")
    assert cp(g, 0, "K-EA") == 4 and cp(g, 1, "K-LA") == 4
    assert g.observe(1)["event"]["id"] == "E-CP" and g.observe(1)["event"]["owner"] == 0


def test_km_k4_own_casts_event_follows_its_owner():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(event="E-OWN", floor=["K-LA"], deck=FILL))
    assert cp(g, 0, "K-EA") == 3 and cp(g, 1, "K-LA") == 5


def test_km_k4_one_event_per_turn():
    g = scenario(p0=dict(hand=["E-CP", "E-OWN"], deck=FILL))
    assert options(g, "event") == ["E-CP", "E-OWN"]
    do(g, "event", card="E-CP")
    assert options(g, "event") == []
    assert zone(g, 0, "hand") == ["E-OWN"]


def test_km_k4_new_event_sends_the_old_one_to_its_owners_backyard():
    g = scenario(p0=dict(hand=["E-CP"], deck=FILL), p1=dict(event="E-OWN", deck=FILL))
    old = g.state.event
    do(g, "event", card="E-CP")
    assert g.state.cards[g.state.event].id == "E-CP" and g.state.owner[g.state.event] == 0
    assert zone(g, 1, "backyard") == ["E-OWN"] and zone(g, 0, "backyard") == []
    assert [e["type"] for e in g.log][-2:] == ["event_removed", "event"]
    assert events(g, "event_removed")[0]["card"] == old


def test_km_k4_removing_the_event_costs_its_removal_cost():
    g = scenario(p0=dict(seating=["K-F1", "K-F1", "K-F1"], deck=FILL), p1=dict(event="E-CP", deck=FILL))
    assert "remove_event" in legal_types(g)
    do(g, "remove_event")
    assert g.decision == Decision(0, "pay", {"amount": 2, "why": "remove_event"})
    pay(g, 0, "K-F1", "K-F1")
    assert g.state.event == -1
    assert zone(g, 1, "backyard") == ["E-CP"]
    assert zone(g, 0, "seating") == ["K-F1"] and zone(g, 0, "backyard") == ["K-F1", "K-F1"]
    assert "remove_event" not in legal_types(g)
    # not enough seats: not offered; a zero removal cost needs no seats
    g = scenario(p0=dict(seating=["K-F1"], deck=FILL), p1=dict(event="E-CP", deck=FILL))
    assert "remove_event" not in legal_types(g)
    g = scenario(p0=dict(deck=FILL), p1=dict(event="E-OWN", deck=FILL))
    do(g, "remove_event")
    assert g.state.event == -1 and zone(g, 1, "backyard") == ["E-OWN"] and decision(g) == (0, "operation")


# =============================================================================================
# KM-K5: supports
# =============================================================================================

def test_km_k5_one_support_per_turn_then_backyard():
    g = scenario(p0=dict(hand=["S-DRAW", "S-PUMP"], floor=["K-EA"], deck=["K-LA", "K-LB", "K-F1"]))
    assert options(g, "support") == ["S-DRAW", "S-PUMP"]
    do(g, "support", card="S-DRAW")
    assert zone(g, 0, "backyard") == ["S-DRAW"] and zone(g, 0, "resolving") == []
    assert zone(g, 0, "hand") == ["S-PUMP", "K-LA", "K-LB"]
    assert options(g, "support") == []
    assert kinds(g)[-3:] == ["support", "draw", "draw"]


def test_km_k5_support_allowed_again_next_turn():
    g = scenario(p0=dict(hand=["S-DRAW"], used_support=True, deck=FILL), start="start_turn")
    do(g, "end_charcoal")
    assert options(g, "support") == ["S-DRAW"]


# =============================================================================================
# KM-K6: troubles
# =============================================================================================

def test_km_k6_trouble_only_by_the_opponent_then_backyard():
    g = scenario(p0=dict(floor=["K-EA", "K-ED"], hand=["R-KICK"], deck=FILL),
                 p1=dict(hand=["R-KICK"], deck=FILL))
    assert "trouble" not in legal_types(g)
    end_operation(g)
    assert decision(g) == (1, "trouble")
    do(g, "trouble", card="R-KICK")
    assert decision(g) == (1, "target")  # two turn-player casts to choose from
    do(g, "target", target="K-ED")
    assert zone(g, 0, "floor") == ["K-EA"] and zone(g, 0, "backyard") == ["K-ED"]
    assert zone(g, 1, "backyard") == ["R-KICK"] and zone(g, 1, "resolving") == []
    assert zone(g, 0, "hand") == ["R-KICK"]  # the turn player never used theirs
    assert decision(g) == (0, "serve")


def test_km_k6_trouble_effect_lasts_until_end_of_turn():
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(hand=["R-WEAK"], deck=FILL),
                 start="serving_start")
    do(g, "trouble", card="R-WEAK")
    assert cp(g, 0, "K-EB") == 3
    do(g, "end_serving")
    assert g.state.turn == 4 and cp(g, 0, "K-EB") == 5


@pytest.mark.parametrize("order", [("K-EA", "K-LA"), ("K-LA", "K-EA")])
def test_km_k3_cross_cp_keeps_the_casts_modifiers_this_turn(order):
    g = scenario(p0=dict(floor=["K-EA", "K-LA"], hand=["S-PUMP"], deck=FILL), p1=dict(deck=FILL))
    do(g, "support", card="S-PUMP")
    do(g, "target", target="K-EA")
    assert cp(g, 0, "K-EA") == 6
    do(g, "cross", casts=list(order))
    assert cp(g, 0, order[0]) == 6 + 3  # (3 + 3) + 3 + 0


# =============================================================================================
# Hidden information: the opponent sees your hand count, never your hand
# =============================================================================================

def _iids(obj) -> set[int]:
    """Every instance id shown anywhere in an observation."""
    found: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "iid" and isinstance(v, int):
                found.add(v)
            found |= _iids(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= _iids(v)
    return found


def test_observation_never_shows_the_opponents_hand():
    g = scenario(p0=dict(hand=["K-EB", "K-HE2", "R-WEAK", "E-CP"], floor=["K-EA"], seating=["K-F2"],
                         deck=["K-LB"] + FILL),
                 p1=dict(hand=["K-HL3", "S-DRAW"], floor=["K-LA"], deck=FILL), start="start_turn")
    hand0 = set(g.state.players[0].hand)
    hand1 = set(g.state.players[1].hand)
    assert len(hand0) == 5  # drew K-LB
    for viewer, me, other, other_hand in ((1, 1, 0, hand0), (0, 0, 1, hand1)):
        view = g.observe(viewer)
        assert view["players"][other]["hand"] is None
        assert view["players"][other]["hand_count"] == len(other_hand)
        assert not (_iids(view) & other_hand)
        assert [c["iid"] for c in view["players"][me]["hand"]] == g.state.players[me].hand
    spectator = g.observe(None)
    assert spectator["players"][0]["hand"] is None and spectator["players"][1]["hand"] is None
    assert not (_iids(spectator) & (hand0 | hand1))
    # the log: the opponent and spectators see that a card was drawn, not which
    for e in g.log.for_player(1) + g.log.for_spectator():
        if e["type"] == "draw":
            assert "card" not in e and "id" not in e
    own = [e for e in g.log.for_player(0) if e["type"] == "draw"]
    assert own[-1]["id"] == "K-LB"


def test_observation_help_window_does_not_reveal_whether_the_receiver_holds_help():
    views = []
    for hand in (["K-HL3"], ["K-F1"]):
        g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LA"], hand=hand, deck=FILL),
                     start="serve")
        do(g, "serve", cast="K-EA", target="K-LA")
        views.append(g.observe(0))
    assert views[0] == views[1]
    assert views[0]["decision"]["kind"] == "help"


def test_observation_trouble_window_does_not_reveal_the_opponents_hand():
    views = []
    for hand in (["R-WEAK"], ["K-F1"]):
        g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LA"], hand=hand, deck=FILL))
        end_operation(g, pass_trouble=False)
        views.append(g.observe(0))
    assert views[0] == views[1]
    assert views[0]["decision"] == {"player": 1, "kind": "trouble"}


# KM-K1: a charm at any timing the turn has (「指定タイミング」)
def test_km_k1_trouble_timing_charm_is_offered_to_the_opponent_at_the_start_of_serving():
    g = scenario(p0=dict(deck=FILL), p1=dict(leader="KL-DAN", deck=["K-LA"] + FILL), start="serving_start")
    assert decision(g) == (1, "trouble") and "charm" in legal_types(g)
    do(g, "charm")
    assert g.state.players[1].charm_used and not g.state.players[1].leader_active
    assert zone(g, 1, "hand") == ["K-LA"]                      # its draw resolved first
    assert decision(g) == (1, "trouble") and "charm" not in legal_types(g)  # then the same decision
    do(g, "pass")
    assert decision(g) == (0, "serve")


def test_km_k1_charcoal_timing_charm_during_the_charcoal_change():
    g = scenario(p0=dict(leader="KL-GIN", deck=["K-F1", "K-LA"] + FILL), p1=dict(deck=FILL), start="charcoal")
    assert decision(g) == (0, "charcoal") and "charm" in legal_types(g)
    do(g, "charm")
    assert zone(g, 0, "hand") == ["K-F1"]
    assert decision(g) == (0, "charcoal") and "charm" not in legal_types(g)


def test_km_k1_serving_timing_charm_before_a_serving():
    g = scenario(p0=dict(leader="KL-EMI", floor=["K-EA"], deck=["K-F2"] + FILL), p1=dict(deck=FILL),
                 start="serve")
    assert "charm" in legal_types(g)
    do(g, "charm")
    assert zone(g, 0, "seating") == ["K-F2"]                   # called in once
    assert decision(g) == (0, "serve") and "charm" not in legal_types(g)
    assert "serve" in legal_types(g)


def test_km_k1_end_timing_charm_opens_the_end_phase_decision_even_without_a_close():
    g = scenario(p0=dict(leader="KL-FUU", deck=["K-F2"] + FILL), p1=dict(deck=FILL), start="end_phase")
    assert decision(g) == (0, "close")
    assert legal_types(g) == {"charm", "end_turn"}            # no close below 16 seats
    do(g, "charm")
    assert zone(g, 0, "seating") == ["K-F2"]
    assert g.state.players[0].charm_used
    assert decision(g) != (0, "close")                         # nothing left to decide: the turn ends


def test_km_k1_no_end_phase_decision_without_a_close_or_an_end_charm():
    g = scenario(p0=dict(leader="KL-AOI", deck=FILL), p1=dict(deck=FILL), start="end_phase")
    assert decision(g) != (0, "close")


# 「場のカードの記載効果を使用する」: activated abilities of cards on the field (KM-T3 operation)
QUIET = ("end_operation", "end_serving", "end_charcoal", "pass", "done", "end_turn")


def to_next_operation(g):
    """Play quietly (ending every phase) until player 0's next operation phase."""
    g.apply(next(a for a in g.legal_actions() if a.type == "end_operation"))
    while decision(g) != (0, "operation"):
        g.apply(next(a for a in g.legal_actions() if a.type in QUIET))


def test_km_t3_a_cast_on_the_floor_uses_its_activated_ability_paying_its_cost_once_per_turn():
    g = scenario(p0=dict(floor=["K-ACT"], seating=["K-F1", "K-F1"], deck=FILL), p1=dict(deck=FILL))
    acts = [a for a in g.legal_actions() if a.type == "activate"]
    assert acts == [Action("activate", card=cast(g, 0, "K-ACT").iid, ability=0)]
    base = cp(g, 0, "K-ACT")
    g.apply(acts[0])
    assert decision(g) == (0, "pay")                     # the cost first: 1 seat
    do(g, "pay", card="K-F1")
    assert cp(g, 0, "K-ACT") == base + 2 and seats(g, 0) == 1
    assert kinds(g)[-3:] == ["activate", "pay", "modify"]
    assert decision(g) == (0, "operation") and "activate" not in legal_types(g)  # once this turn
    to_next_operation(g)
    assert "activate" in legal_types(g)                  # a new turn: again


def test_km_t3_an_activated_ability_needs_seats_for_its_cost():
    g = scenario(p0=dict(floor=["K-ACT"], deck=FILL), p1=dict(deck=FILL))
    assert "activate" not in legal_types(g)


def test_km_t3_only_the_top_card_of_a_cross_gives_its_activated_ability():
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-ACT"])], seating=["K-F1"], deck=FILL))
    assert "activate" not in legal_types(g)


def test_km_t3_your_event_on_the_table_once_per_game_ability():
    g = scenario(p0=dict(event="E-ACT", deck=["K-LA"] + FILL), p1=dict(deck=FILL))
    do(g, "activate", card="E-ACT", ability=0)
    assert zone(g, 0, "hand") == ["K-LA"]
    assert "activate" not in legal_types(g)
    to_next_operation(g)
    assert "activate" not in legal_types(g)              # once per game, not per turn
    # the opponent cannot use your event's ability
    g3 = scenario(p0=dict(deck=FILL), p1=dict(event="E-ACT", deck=FILL))
    assert "activate" not in legal_types(g3)
