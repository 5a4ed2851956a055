"""Deck out (KM-R1..R3) and winning (KM-W1, KM-W2).

Readings tested (docs/rules/kemuri.md): an empty deck is refreshed from the shuffled backyard and
the OPPONENT then calls in once, after the current call-in sequence; the deck is refreshed the
moment it runs out; a call-in granted by a refresh may refresh too (a refresh needs a backyard, so
it ends); with deck and backyard both empty a draw or call-in does nothing; the close
needs 16+ seats in your own end phase and an ACTIVE leader (a leader locked for a draw or the charm
cannot close that turn)."""
from __future__ import annotations

import pytest

from tcg.agents.base import AgentView
from tcg.agents import make_agent
from tcg.engine.action import Action, Decision
from tcg.engine.errors import IllegalActionError

from .harness import decision, do, end_operation, events, fixture_rules, kinds, legal_types, scenario, seats, serve, zone

FILL = ["K-F1"] * 8


def call_ins(g) -> list[tuple]:
    return [(e["player"], e["id"], e["why"]) for e in events(g, "call_in")]


# =============================================================================================
# KM-R1: no deck-out loss: the backyard is refreshed into the deck
# =============================================================================================

def test_km_r1_draw_from_empty_deck_refreshes_the_backyard():
    g = scenario(p0=dict(deck=[], backyard=["K-F2", "K-F2", "K-F2"]), p1=dict(deck=FILL), start="start_turn")
    assert not g.is_over
    assert zone(g, 0, "hand") == ["K-F2"]
    assert zone(g, 0, "deck") == ["K-F2", "K-F2"] and zone(g, 0, "backyard") == []
    assert [e["type"] for e in g.log][:3] == ["turn_start", "refresh", "draw"]
    assert events(g, "refresh")[0] == {"type": "refresh", "player": 0, "cards": 3}
    assert g.state.players[0].refreshes == 1
    assert g.observe(1)["players"][0]["refreshes"] == 1
    assert decision(g) == (0, "charcoal")


def test_km_r1_refreshed_deck_is_shuffled_seeded():
    yard = ["K-F1", "K-F2", "K-F3", "K-LA", "K-LB", "K-EA", "K-EB", "K-ED"]
    orders = set()
    for seed in range(8):
        g = scenario(p0=dict(deck=[], backyard=yard), p1=dict(deck=FILL), start="start_turn", seed=seed)
        order = tuple(zone(g, 0, "hand") + zone(g, 0, "deck"))
        assert sorted(order) == sorted(yard)
        again = scenario(p0=dict(deck=[], backyard=yard), p1=dict(deck=FILL), start="start_turn", seed=seed)
        assert tuple(zone(again, 0, "hand") + zone(again, 0, "deck")) == order
        orders.add(order)
    assert len(orders) > 1


def test_km_r1_call_in_sequence_continues_through_a_refresh():
    g = scenario(p0=dict(floor=["K-LC"], deck=["K-F1"], backyard=["K-F2", "K-F2"]),
                 p1=dict(floor=["K-LB"], deck=["K-F3", "K-F1"]), start="serve")
    serve(g, "K-LC", "K-LB")  # 3 call-ins, then K-LC (lost) leaves
    assert zone(g, 0, "seating") == ["K-F1", "K-F2", "K-F2"]
    assert zone(g, 0, "deck") == [] and zone(g, 0, "backyard") == ["K-LC"]
    types = kinds(g)
    assert types.index("refresh") == types.index("call_in") + 1  # after the first call-in
    assert not g.is_over and decision(g) == (0, "serve")


# =============================================================================================
# KM-R2: each refresh gives the opponent one call-in
# =============================================================================================

def test_km_r2_refresh_lets_the_opponent_call_in_once_after_the_current_sequence():
    g = scenario(p0=dict(floor=["K-LC"], deck=["K-F1"], backyard=["K-F2", "K-F2"]),
                 p1=dict(floor=["K-LB"], deck=["K-F3", "K-F1"]), start="serve")
    serve(g, "K-LC", "K-LB")
    assert call_ins(g) == [(0, "K-F1", "serve"), (0, "K-F2", "serve"), (0, "K-F2", "serve"),
                           (1, "K-F3", "refresh")]
    assert zone(g, 1, "seating") == ["K-F3"] and zone(g, 1, "deck") == ["K-F1"]
    types = kinds(g)
    assert types.index("cast_leaves") > max(i for i, t in enumerate(types) if t == "call_in")


def test_km_r2_refresh_in_the_draw_phase_gives_the_opponent_a_call_in_before_play_goes_on():
    g = scenario(p0=dict(deck=[], backyard=["K-LA"]), p1=dict(deck=["K-TRIG", "K-F3", "K-F1"]),
                 start="start_turn")
    # the opponent's call-in is a trigger card: it draws, then goes to the backyard
    assert call_ins(g) == [(1, "K-TRIG", "refresh")]
    assert zone(g, 1, "hand") == ["K-F3"] and zone(g, 1, "backyard") == ["K-TRIG"]
    assert zone(g, 0, "hand") == ["K-LA"]
    assert decision(g) == (0, "charcoal")


def test_km_r2_every_refresh_gives_one_call_in():
    # the only card cycles: each of the three call-ins needs a refresh
    g = scenario(p0=dict(floor=["K-LC"], deck=[], backyard=["K-TRIG"]),
                 p1=dict(deck=["K-F1", "K-F2", "K-F3", "K-F1"]), start="serve")
    serve(g, "K-LC", -1)  # イケイケ: 4 call-ins
    assert g.state.players[0].refreshes == 4
    assert [c for c in call_ins(g) if c[0] == 1] == [(1, "K-F1", "refresh"), (1, "K-F2", "refresh"),
                                                     (1, "K-F3", "refresh"), (1, "K-F1", "refresh")]
    assert zone(g, 1, "seating") == ["K-F1", "K-F2", "K-F3", "K-F1"]
    assert zone(g, 0, "backyard") == ["K-TRIG"] and zone(g, 0, "seating") == []


def test_km_r2_a_call_in_granted_by_a_refresh_may_refresh_and_grants_one_back():
    """KM-R2 has no exception: the opponent's call-in granted by a refresh refreshes their own
    empty deck, which gives a call-in back; it stops because a refresh needs a backyard."""
    g = scenario(p0=dict(deck=[], backyard=["K-LA"]), p1=dict(deck=[], backyard=["K-F3", "K-F2"]),
                 start="start_turn")
    assert [e["player"] for e in events(g, "refresh")] == [0, 1]
    assert zone(g, 0, "hand") == ["K-LA"]                 # p0's draw took its only card
    assert len(zone(g, 1, "seating")) == 1 and len(zone(g, 1, "deck")) == 1  # p1 called in once
    assert events(g, "no_card") == [{"type": "no_card", "player": 0}]  # the call-in owed back: nothing left
    assert [(c[0], c[2]) for c in call_ins(g)] == [(1, "refresh")]
    assert decision(g) == (0, "charcoal")


def test_km_r1_the_deck_is_refreshed_the_moment_it_runs_out():
    """「枯渇時はリフレッシュ」: drawing the last card refreshes at once, not at the next draw."""
    g = scenario(p0=dict(deck=["K-F1"], backyard=["K-F2", "K-F3"]), p1=dict(deck=FILL), start="start_turn")
    assert zone(g, 0, "hand") == ["K-F1"]
    assert sorted(zone(g, 0, "deck")) == ["K-F2", "K-F3"] and zone(g, 0, "backyard") == []
    assert kinds(g)[:4] == ["turn_start", "draw", "refresh", "call_in"]
    assert call_ins(g) == [(1, "K-F1", "refresh")]


def test_km_r2_refresh_inside_a_trigger_waits_for_the_end_of_the_call_in_sequence():
    """A trigger's draw empties the deck mid-sequence: the refresh happens then, the opponent's
    call-in only after the serving's call-ins are all done."""
    g = scenario(p0=dict(floor=["K-LC"], deck=["K-TRIG", "K-F2"], backyard=["K-F3", "K-F3"]),
                 p1=dict(floor=["K-LB"], deck=["K-F1", "K-F1"]), start="serve")
    serve(g, "K-LC", "K-LB")  # 3 call-ins: K-TRIG (draws K-F2: deck out, refresh), then two more
    mine = [c for c in call_ins(g) if c[0] == 0]
    assert len(mine) == 3
    types = kinds(g)
    refresh_at = types.index("refresh")
    assert types.index("draw") < refresh_at
    opponent_at = max(i for i, e in enumerate(g.log) if e["type"] == "call_in" and e["player"] == 1)
    last_mine = max(i for i, e in enumerate(g.log) if e["type"] == "call_in" and e["player"] == 0)
    assert refresh_at < last_mine < opponent_at
    # the two call-ins after the refresh empty the deck again: K-TRIG (in the backyard since)
    # makes a second refresh; each refresh gives one call-in, both after the sequence
    assert g.state.players[0].refreshes == 2
    assert [c for c in call_ins(g) if c[0] == 1] == [(1, "K-F1", "refresh")] * 2


# =============================================================================================
# KM-R3: deck and backyard both empty: nothing happens
# =============================================================================================

def test_km_r3_draw_with_deck_and_backyard_empty_does_nothing():
    g = scenario(p0=dict(deck=[], hand=["K-LA"], leader="KL-AOI"), p1=dict(deck=FILL), start="start_turn")
    assert not g.is_over
    assert zone(g, 0, "hand") == ["K-LA"]
    assert kinds(g) == ["turn_start", "no_card"]
    assert events(g, "refresh") == [] and zone(g, 1, "seating") == []  # no refresh, no call-in
    do(g, "end_charcoal")
    do(g, "leader_draw")
    assert zone(g, 0, "hand") == ["K-LA"] and g.state.players[0].leader_active is False
    assert kinds(g)[-2:] == ["leader_draw", "no_card"]
    assert decision(g) == (0, "operation")


def test_km_r3_call_in_with_deck_and_backyard_empty_does_nothing():
    g = scenario(p0=dict(floor=["K-LC"], deck=["K-F2"]), p1=dict(floor=["K-LB"], deck=FILL), start="serve")
    serve(g, "K-LC", "K-LB")  # 3 call-ins, only one card
    assert zone(g, 0, "seating") == ["K-F2"]
    assert [e["player"] for e in events(g, "no_card")] == [0]
    assert zone(g, 0, "backyard") == ["K-LC"]
    assert not g.is_over and decision(g) == (0, "serve")
    fixture_rules().check_invariants(g.state)


# =============================================================================================
# KM-W1: the only win: 16+ seats, own end phase, close with the active leader
# =============================================================================================

def test_km_w1_reaching_16_seats_then_closing_in_the_end_phase_wins():
    g = scenario(p0=dict(floor=["K-EB"], seating=["K-F3"] * 4 + ["K-F2"], deck=["K-F1", "K-F1"]),
                 p1=dict(floor=["K-LA"], seating=["K-F3"] * 6, deck=FILL), start="serve")
    assert seats(g, 0) == 14
    serve(g, "K-EB", "K-LA")
    assert seats(g, 0) == 16 and not g.is_over  # 16 seats alone do not win
    do(g, "end_serving")
    assert g.decision == Decision(0, "close", {"seats": 16})
    do(g, "close")
    assert g.is_over and g.winner == 0 and g.result["reason"] == "close"
    assert events(g, "close") == [{"type": "close", "player": 0, "seats": 16}]
    assert g.legal_actions() == []
    with pytest.raises(IllegalActionError):
        g.apply(Action("end_turn"))


def test_km_w1_opponents_seats_do_not_close_in_your_end_phase():
    g = scenario(p0=dict(seating=["K-F3"], deck=FILL), p1=dict(seating=["K-F3"] * 6, deck=FILL),
                 start="end_phase")
    assert seats(g, 1) == 18
    assert g.state.turn == 4 and decision(g) == (1, "charcoal")  # the close comes in its own end phase
    assert events(g, "close") == []
    do(g, "end_charcoal")
    end_operation(g)
    do(g, "end_serving")
    assert g.decision == Decision(1, "close", {"seats": 18})


def test_km_w1_a_leader_locked_for_a_draw_cannot_close_that_turn():
    g = scenario(p0=dict(seating=["K-F3"] * 6, deck=FILL), p1=dict(deck=FILL))
    do(g, "leader_draw")
    end_operation(g)
    do(g, "end_serving")
    assert not g.is_over and events(g, "close") == []
    assert g.state.turn == 4 and decision(g) == (1, "charcoal")
    # next own turn the leader is active again and the close is offered
    do(g, "end_charcoal")
    end_operation(g)
    do(g, "end_serving")
    do(g, "end_charcoal")
    end_operation(g)
    do(g, "end_serving")
    assert g.decision == Decision(0, "close", {"seats": 18})


def test_km_w1_a_leader_locked_for_the_charm_cannot_close_that_turn():
    g = scenario(p0=dict(leader="KL-AOI", seating=["K-F3"] * 6, deck=FILL), p1=dict(deck=FILL))
    do(g, "charm")
    end_operation(g)
    do(g, "end_serving")
    assert g.state.turn == 4 and decision(g) == (1, "charcoal") and not g.is_over


def test_km_w1_no_other_way_to_win_or_lose():
    # empty decks and backyards, 15 seats: the game just goes on turn after turn
    g = scenario(p0=dict(deck=[], seating=["K-F3"] * 5), p1=dict(deck=[]), start="start_turn")
    for _ in range(4):
        do(g, "end_charcoal")
        end_operation(g)
        do(g, "end_serving")
    assert not g.is_over and g.state.turn == 7


def test_km_w1_computer_player_always_closes():
    for seed in range(12):
        g = scenario(p0=dict(seating=["K-F3"] * 6, deck=FILL), p1=dict(deck=FILL), start="end_phase")
        assert decision(g) == (0, "close")
        agent = make_agent("heuristic", seed=seed)
        assert agent.act(AgentView(g, g.legal_actions())) == Action("close")


# =============================================================================================
# KM-W2: concession
# =============================================================================================

def test_km_w2_either_player_may_concede_at_any_decision():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL), start="serve")
    do(g, "serve", cast="K-EA", target="K-LA")
    assert decision(g) == (1, "help")
    g.concede(0)  # not player 0's decision: still allowed
    assert g.is_over and g.result == {"winner": 1, "draw": False, "reason": "concede"}
    assert kinds(g)[-2:] == ["concede", "game_over"]


def test_km_w2_concede_action_by_the_deciding_player():
    g = scenario(p0=dict(deck=FILL), p1=dict(deck=FILL))
    assert decision(g) == (0, "operation")
    g.apply(Action("concede"))
    assert g.is_over and g.winner == 1 and g.result["reason"] == "concede"
    assert "concede" not in legal_types(g)


def test_km_r2_an_endless_exchange_of_refresh_call_ins_ends_the_game_in_a_draw():
    """Reading: each player's deck and backyard hold one trigger card. Every refresh gives the
    other player a call-in, which refreshes their one card, which gives one back, forever, with
    no decision that could stop it: the game is a draw (reason "refresh_loop")."""
    g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TRIG"]),
                 p1=dict(deck=[], backyard=["K-TRIG"]), start="serve")
    serve(g, "K-EA", -1)
    assert g.result == {"winner": None, "draw": True, "reason": "refresh_loop"}
    assert {e["player"] for e in events(g, "refresh")} == {0, 1}
    assert len(events(g, "refresh")) < 20  # found as soon as the state repeats


def test_km_r2_refresh_call_ins_that_run_out_do_not_end_the_game():
    """The same exchange stops by itself once a refresh finds an empty backyard: no draw."""
    g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TRIG"]),
                 p1=dict(deck=["K-F1"] * 3, backyard=[]), start="serve")
    serve(g, "K-EA", -1)
    assert not g.is_over and decision(g) == (0, "serve")
