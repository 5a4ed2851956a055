"""Mechanics corpus, Kemuri Chuudoku, step 3 (docs/card-language-design.md): one scenario test per
card of tests/corpus/kemuri/triggers.toml (an exact state, an action, the exact outcome), the index
kept as cards come and go (a flavour cross, the event), the order of simultaneous triggers, the cap
per action, the call-in triggers of KM-V6 beside them, then the load errors of ``when``."""
from __future__ import annotations

import functools
import pathlib

from . import scenes
from .cardfile import ability_error, header
from ..games.kemuri.harness import (FILL, call_in_value, cp, decision, do, end_operation, events, pay, serve, with_decks, zone)

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "triggers.toml"
#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def triggered(g) -> list[tuple]:
    return [(e["player"], e["id"], e["event"]) for e in events(g, "trigger")]


# --- KTRG-01: placed from the hand, draw ------------------------------------------------------------

def test_ktrg01_placed_from_the_hand_draws():
    g = game(p0=dict(hand=["KTRG-01"], deck=["K-EB"] + FILL))
    do(g, "place", card="KTRG-01")
    assert triggered(g) == [(0, "KTRG-01", "enters")]
    assert zone(g, 0, "hand") == ["K-EB"] and decision(g) == (0, "operation")


def test_ktrg01_on_the_floor_another_cast_placed_does_nothing():
    g = game(p0=dict(hand=["K-EA"], floor=["KTRG-01"]))
    do(g, "place", card="K-EA")
    assert triggered(g) == [] and zone(g, 0, "hand") == []


# --- KTRG-02: once per turn, you may: another own cast placed ------------------------------------------

def test_ktrg02_you_may_once_per_turn():
    g = game(p0=dict(hand=["K-EA", "K-LA"], floor=["KTRG-02"]))
    do(g, "place", card="K-EA")
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "trigger"
    do(g, "optional", use=True)
    assert cp(g, 0, "KTRG-02") == 4
    do(g, "place", card="K-LA")                                    # the second one: once per turn
    assert decision(g) == (0, "operation") and cp(g, 0, "KTRG-02") == 4
    assert triggered(g) == [(0, "KTRG-02", "enters")]


def test_ktrg02_declined_nothing_happens_and_the_turn_use_is_spent():
    g = game(p0=dict(hand=["K-EA", "K-LA"], floor=["KTRG-02"]))
    do(g, "place", card="K-EA")
    do(g, "optional", use=False)
    assert cp(g, 0, "KTRG-02") == 2 and [e["use"] for e in events(g, "optional")] == [False]
    do(g, "place", card="K-LA")
    assert decision(g) == (0, "operation")


def test_ktrg02_an_opposing_cast_placed_does_not_count():
    g = game(p0=dict(hand=["K-EA"]), p1=dict(floor=["KTRG-02"]))
    do(g, "place", card="K-EA")
    assert triggered(g) == []


# --- KTRG-03: destroyed (it looks back from the backyard) -----------------------------------------------

def test_ktrg03_lost_a_serving_its_owner_calls_in():
    g = game(p0=dict(floor=["K-EB"]), p1=dict(floor=["KTRG-03"], deck=["K-F3"] + FILL), start="serve")
    serve(g, "K-EB", "KTRG-03")
    assert zone(g, 1, "backyard") == ["KTRG-03"]
    assert triggered(g) == [(1, "KTRG-03", "destroyed")]
    assert zone(g, 1, "seating") == ["K-F3"]


def test_ktrg03_destroyed_by_an_effect_too():
    g = game(p0=dict(floor=["KTRG-03"], deck=["K-F2"] + FILL), p1=dict(hand=["R-KICK"]), start="serving_start")
    do(g, "trouble", card="R-KICK")                                # destroy one of the opponent's casts
    assert triggered(g) == [(0, "KTRG-03", "destroyed")] and zone(g, 0, "seating") == ["K-F2"]


def test_ktrg03_called_in_only_its_call_in_trigger_happens():
    g = game(p0=dict(floor=["K-EA"], deck=["KTRG-03", "K-EB"] + FILL), start="serve")
    serve(g, "K-EA")                                                # イケイケ: call in 2
    assert [e["trigger"] for e in events(g, "call_in")] == [True, False]
    assert zone(g, 0, "hand") == ["K-EB"] and zone(g, 0, "backyard") == ["KTRG-03"]
    assert triggered(g) == [] and zone(g, 0, "seating") == ["K-F1"]


# --- KTRG-04: when it serves, +1 call-in before the serving's call-ins ------------------------------------

def test_ktrg04_serving_adds_a_call_in_to_this_serving():
    g = game(p0=dict(floor=["KTRG-04"]), p1=dict(floor=["K-LC"]), start="serve")
    do(g, "serve", cast="KTRG-04", target="K-LC")
    assert triggered(g) == [(0, "KTRG-04", "serves")]
    assert decision(g) == (1, "help") and call_in_value(g, 0, "KTRG-04") == 2
    do(g, "done")
    assert len(zone(g, 0, "seating")) == 2                          # 1 printed + 1 from the trigger


# --- KTRG-05: an event's trigger: a cast of its owner wins -------------------------------------------------

def test_ktrg05_the_events_owner_draws_when_their_cast_wins():
    g = game(p0=dict(floor=["K-EB"], event="KTRG-05", deck=["K-F1", "K-F1", "K-LA"] + FILL),
             p1=dict(floor=["K-LC"]), start="serve")
    serve(g, "K-EB", "K-LC")
    assert triggered(g) == [(0, "KTRG-05", "wins")]
    assert zone(g, 0, "hand") == ["K-F1"] and zone(g, 0, "seating") == ["K-F1", "K-LA"]


def test_ktrg05_owned_by_the_receiver_it_triggers_for_them():
    g = game(p0=dict(floor=["K-LC"]), p1=dict(floor=["K-EB"], event="KTRG-05"), start="serve")
    serve(g, "K-LC", "K-EB")
    assert triggered(g) == [(1, "KTRG-05", "wins")] and zone(g, 1, "hand") == ["K-F1"]


def test_ktrg05_removed_event_triggers_no_more():
    g = game(p0=dict(floor=["K-EB"], seating=["K-F2"]), p1=dict(floor=["K-LC"], event="KTRG-05"))
    do(g, "remove_event")
    pay(g, 0, "K-F2")
    end_operation(g)
    serve(g, "K-EB", "K-LC")
    assert triggered(g) == [] and "wins" not in g.state.trig.index


# --- KTRG-06: at the start and at the end of your turn --------------------------------------------------------

def test_ktrg06_your_turn_starts_with_a_call_in_before_the_draw():
    g = game(p0=dict(floor=["KTRG-06"], deck=["K-F3", "K-EA"] + FILL), start="start_turn")
    assert triggered(g) == [(0, "KTRG-06", "turn_start")]
    assert zone(g, 0, "seating") == ["K-F3"] and zone(g, 0, "hand") == ["K-EA"]
    kinds = [e["type"] for e in g.log if e["type"] in ("turn_start", "trigger", "call_in", "draw")]
    assert kinds == ["turn_start", "trigger", "call_in", "draw"]


def test_ktrg06_with_more_than_5_seats_it_does_not_trigger():
    g = game(p0=dict(floor=["KTRG-06"], seating=["K-F3", "K-F3"]), start="start_turn")
    assert triggered(g) == []


def test_ktrg06_the_opponents_turn_does_nothing():
    g = game(p1=dict(floor=["KTRG-06"]), start="start_turn")
    assert triggered(g) == []


def test_ktrg06_your_end_phase_draws():
    g = game(p0=dict(floor=["KTRG-06"], seating=["K-F3"] * 6, deck=["K-EB"] + FILL), start="end_phase")
    assert triggered(g) == [(0, "KTRG-06", "turn_end")]
    assert decision(g) == (0, "close") and zone(g, 0, "hand") == ["K-EB"]


# --- KTRG-07: once per turn, a level-3 card called in ------------------------------------------------------------

def test_ktrg07_a_level_3_call_in_draws_once_a_turn():
    g = game(p0=dict(floor=["KTRG-07", "K-LC"], deck=["K-F3", "K-F1", "K-F3", "K-EB"] + FILL), start="serve")
    serve(g, "K-LC")                                                # イケイケ: call in 4
    assert triggered(g) == [(0, "KTRG-07", "call_in")]             # the second K-F3: once per turn
    # the draw comes between the first call-in and the second: it takes the next card
    assert zone(g, 0, "hand") == ["K-F1"] and zone(g, 0, "seating") == ["K-F3", "K-F3", "K-EB", "K-F1"]


def test_ktrg07_under_a_cross_it_has_no_ability():
    g = game(p0=dict(floor=[dict(card="K-LC", below=["KTRG-07"])], deck=["K-F3"] + FILL), start="serve")
    serve(g, "K-LC")
    assert triggered(g) == [] and g.state.trig.index == {}


def test_ktrg07_crossed_on_top_keeps_it_and_the_cross_ending_gives_it_back():
    g = game(p0=dict(floor=["K-LC", "KTRG-07"]))
    do(g, "cross", casts=["K-LC", "KTRG-07"])
    assert g.state.trig.index == {}
    end_operation(g)
    do(g, "end_serving")                                           # the cross breaks up in the end phase
    assert [w[0] for w in g.state.trig.index["call_in"]] == [g.state.players[0].floor[1].iid]


# --- KTRG-08: a loop of call-ins, ended by the cap ------------------------------------------------------------

def test_ktrg08_every_call_in_calls_in_again_until_the_cards_run_out():
    g = game(p0=dict(floor=["KTRG-08", "K-EA"], deck=["K-F1"] * 3), start="serve")
    serve(g, "K-EA")                                                # イケイケ: call in 2
    assert len(zone(g, 0, "seating")) == 3 and zone(g, 0, "deck") == []
    assert len(triggered(g)) == 3 and events(g, "no_card")


def test_ktrg08_the_cap_per_action_ends_the_loop(monkeypatch):
    g = game(p0=dict(floor=["KTRG-08", "K-EA"], deck=["K-F1"] * 10), start="serve")
    monkeypatch.setattr(g.rules, "max_triggers_per_action", 3)     # (the corpus rules are shared)
    serve(g, "K-EA")
    assert len(triggered(g)) == 3 and g.state.trig.capped
    assert len(zone(g, 0, "seating")) == 2 + 3 and decision(g) == (0, "serve")


def test_ktrg08_with_call_in_triggers_the_cap_stops_it_first_then_the_refresh_loop_reading(monkeypatch):
    # only call-in trigger cards in both decks: every refresh gives the other a call-in that
    # refreshes again. KTRG-08 triggers on each of its owner's call-ins until the cap; only then,
    # with nothing triggering any more, is the exchange found endless (a draw, refresh_loop)
    g = game(p0=dict(floor=["KTRG-08", "K-EA"], deck=["K-TCALL"]), p1=dict(deck=["K-TCALL"]), start="serve")
    monkeypatch.setattr(g.rules, "max_triggers_per_action", 5)
    serve(g, "K-EA")
    assert len(triggered(g)) == 5 and g.state.trig.capped
    assert g.is_over and g.result["reason"] == "refresh_loop"


# --- the call-in triggers of KM-V6 beside them ------------------------------------------------------------------

def test_a_when_trigger_is_no_call_in_trigger():
    g = game(p0=dict(floor=["K-EA"], deck=["KTRG-01"] + FILL), start="serve")
    serve(g, "K-EA")
    assert zone(g, 0, "seating")[0] == "KTRG-01"                   # a customer: no trigger of KM-V6
    assert [e["trigger"] for e in events(g, "call_in")] == [False, False]


def test_a_called_in_trigger_and_a_when_trigger_both_resolve(monkeypatch):
    # K-TRIG's own trigger (draw 1) is applied first, then what its call-in triggered (call in 1);
    # (the cap at 1: K-TRIG back from the backyard by a refresh would call in forever with KTRG-08)
    g = game(p0=dict(floor=["KTRG-08", "K-EA"], deck=["K-TRIG", "K-EB"] + ["K-F1"] * 4), start="serve")
    monkeypatch.setattr(g.rules, "max_triggers_per_action", 1)
    serve(g, "K-EA")                                                # イケイケ: call in 2
    assert zone(g, 0, "backyard") == ["K-TRIG"] and zone(g, 0, "hand") == ["K-EB"]
    assert zone(g, 0, "seating") == ["K-F1", "K-F1"] and len(triggered(g)) == 1


def test_the_turn_players_triggers_resolve_first():
    # p0 serves p1's KTRG-03 (destroyed) with a cast while p0's KTRG-05 sees the win
    g = game(p0=dict(floor=["K-EB"], event="KTRG-05"), p1=dict(floor=["KTRG-03"]), start="serve")
    serve(g, "K-EB", "KTRG-03")
    assert triggered(g) == [(0, "KTRG-05", "wins"), (1, "KTRG-03", "destroyed")]


def test_a_deal_without_when_triggers_keeps_no_index():
    g = game(p0=dict(floor=["K-TRIG"]))
    assert g.state.trig is None


def test_a_refresh_loop_is_still_a_draw_with_an_index():
    # both decks hold only a call-in trigger card: every refresh gives the other a call-in that
    # refreshes again (the loop reading of docs/rules/kemuri.md), with a when-trigger on the field
    g = game(p0=dict(floor=["KTRG-04"], deck=["K-TCALL"], backyard=[]), p1=dict(deck=["K-TCALL"], backyard=[]),
             start="serve")
    serve(g, "KTRG-04")
    assert g.is_over and g.result["reason"] == "refresh_loop", g.result


# --- narration ---------------------------------------------------------------------------------------------

def test_a_trigger_resolving_is_narrated_in_both_languages():
    from tcg.games.kemuri import text
    g = game(p0=dict(hand=["K-EA"], floor=["KTRG-02"]))
    do(g, "place", card="K-EA")
    assert g.describe(g.legal_actions()[0], "ja") == "する"
    obs = g.observe(0)
    assert text.prompt(obs["decision"], 0, "en", obs=obs, cards=g.rules.cards) == \
        "You — the effect of Shion the Team Lead (まとめ役のしおん): may use this triggered ability (yes or no)"
    do(g, "optional", use=True)
    en, ja = scenes.narration(g, 0)
    assert "Your Shion the Team Lead (まとめ役のしおん)'s ability triggers: a cast was placed on a floor" in en
    assert "あなたのまとめ役のしおんの自動能力が誘発した：キャストがフロアに配置された時" in ja
    assert any("(effect of Shion the Team Lead" in line for line in en)  # the +2 CP is the trigger's


# --- load errors -------------------------------------------------------------------------------------------

# The load errors of triggered abilities that the games give alike: test_load_errors_alike.py.

HEAD = header("kemuri")


def load_error(ability: str, head: str = HEAD) -> str:
    return ability_error("kemuri", ability, "trigger", head)


def test_a_support_never_on_the_field_takes_no_when():
    head = header("kemuri", "support") + '[[cards.abilities]]\nkind = "use"\neffects = [{ op = "draw" }]\n'
    msg = load_error('when = { event = "draw" }', head)
    assert "abilities[1].when" in msg and "never on the field" in msg, msg
