"""Serving (お給仕): KM-V1..V6.

Readings tested (docs/rules/kemuri.md): the serving player chooses both the serving cast and the
receiving cast (``serve(cast, target)``, target -1 = イケイケ when the opponent has no cast); help
cards match the RECEIVING cast's shift and only the receiving side plays them (decision "help":
``help(card)`` / ``charm`` / ``done``); a CP tie goes to the server; the server calls in whether
it won or lost, and the call-ins come before the loser leaves; a cross's CP is the sum, its
call-in value comes from the top card, and a losing cross goes to the backyard as a whole."""
from __future__ import annotations

import pytest

from tcg.engine.action import Action, Decision
from tcg.engine.errors import IllegalActionError

from .harness import (end_operation, call_in_value, cast, cp, decision, do, events, iid_in, legal_types,
                      options, scenario, serve, zone)

FILL = ["K-F1"] * 8


def serving_log(g) -> list[tuple]:
    """The serving-related events in order, with card ids."""
    cid = lambda i: g.state.cards[i].id if i >= 0 else -1  # noqa: E731
    out = []
    for e in g.log:
        t = e["type"]
        if t == "serve":
            out.append(("serve", cid(e["cast"]), cid(e["receiver"])))
        elif t == "help":
            out.append(("help", e["id"], e["cp"]))
        elif t == "ikeike":
            out.append(("ikeike", cid(e["cast"]), e["call_in"]))
        elif t == "cp_contest":
            out.append(("contest", e["server_cp"], e["receiver_cp"], e["winner"]))
        elif t == "call_in":
            out.append(("call_in", e["player"], e["id"], e["trigger"]))
        elif t == "draw":
            out.append(("draw", e["player"], e["id"]))
        elif t == "cast_leaves":
            out.append(("leaves", e["player"], [cid(i) for i in e["cards"]]))
    return out


# =============================================================================================
# KM-V1: declaring a serving
# =============================================================================================

def test_km_v1_server_chooses_its_unserved_cast_and_the_receiving_cast():
    g = scenario(p0=dict(floor=["K-EA", dict(card="K-EB", served=True), "K-ED"], deck=FILL),
                 p1=dict(floor=["K-LA", "K-LC"], deck=FILL), start="serve")
    assert g.decision == Decision(0, "serve")
    pairs = sorted((g.state.cards[a.cast].id, g.state.cards[a.target].id)
                   for a in g.legal_actions() if a.type == "serve")
    assert pairs == [("K-EA", "K-LA"), ("K-EA", "K-LC"), ("K-ED", "K-LA"), ("K-ED", "K-LC")]
    assert not any(a.get("target") == -1 for a in g.legal_actions())  # no イケイケ while casts remain
    assert "end_serving" in legal_types(g)
    do(g, "serve", cast="K-ED", target="K-LC")
    d = g.decision
    assert (d.player, d.kind) == (1, "help")
    assert d.info == {"server": iid_in(g, 0, "floor", "K-ED"), "receiver": iid_in(g, 1, "floor", "K-LC")}
    do(g, "done")
    assert serving_log(g)[:2] == [("serve", "K-ED", "K-LC"), ("contest", 4, 1, 0)]
    assert zone(g, 1, "floor") == ["K-LA"]


def test_km_v1_a_cast_may_receive_several_servings():
    g = scenario(p0=dict(floor=["K-ED", "K-ED"], deck=FILL), p1=dict(floor=["K-LB"], deck=FILL),
                 start="serve")
    serve(g, "K-ED", "K-LB")
    assert options(g, "serve", "target") == ["K-LB"]
    serve(g, "K-ED", "K-LB")
    assert [(e["server_cp"], e["receiver_cp"]) for e in events(g, "cp_contest")] == [(4, 6), (4, 6)]
    assert zone(g, 0, "floor") == [] and zone(g, 1, "floor") == ["K-LB"]


def test_km_v1_serving_an_illegal_target_is_refused():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL), start="serve")
    with pytest.raises(IllegalActionError):
        g.apply(Action("serve", cast=iid_in(g, 0, "floor", "K-EA"), target=-1))
    with pytest.raises(IllegalActionError):  # your own cast is no receiver
        g.apply(Action("serve", cast=iid_in(g, 0, "floor", "K-EA"), target=iid_in(g, 0, "floor", "K-EA")))
    assert g.decision == Decision(0, "serve") and events(g, "serve") == []


# =============================================================================================
# KM-V2: help (ヘルプ出勤)
# =============================================================================================

def test_km_v2_help_matches_the_receiving_casts_shift():
    # early server, late receiver: only late help cards may be played
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL),
                 p1=dict(floor=["K-LA"], hand=["K-HE2", "K-HL3", "K-LA", "K-HL3"], deck=FILL), start="serve")
    do(g, "serve", cast="K-EA", target="K-LA")
    assert options(g, "help") == ["K-HL3", "K-HL3"]
    do(g, "help", card="K-HL3")
    assert g.decision == Decision(1, "help", {"server": iid_in(g, 0, "floor", "K-EA"),
                                              "receiver": iid_in(g, 1, "floor", "K-LA")})
    assert g.observe(0)["serving"]["help"][0]["id"] == "K-HL3"
    assert zone(g, 1, "hand") == ["K-HE2", "K-LA", "K-HL3"]
    do(g, "done")
    assert serving_log(g)[:3] == [("serve", "K-EA", "K-LA"), ("help", "K-HL3", 3), ("contest", 3, 6, 1)]
    # the used help card goes to the backyard when the serving ends; the loser too
    assert zone(g, 1, "backyard") == ["K-HL3"]
    assert zone(g, 0, "backyard") == ["K-EA"]
    assert g.state.help_used == [] and g.state.serving is None


def test_km_v2_early_receiver_takes_early_help_only():
    g = scenario(p0=dict(floor=["K-LB"], deck=FILL),
                 p1=dict(floor=["K-ED"], hand=["K-HL3", "K-HE2", "K-HE2"], deck=FILL), start="serve")
    do(g, "serve", cast="K-LB", target="K-ED")
    assert options(g, "help") == ["K-HE2", "K-HE2"]
    do(g, "help", card="K-HE2")
    do(g, "help", card="K-HE2")
    assert options(g, "help") == []
    do(g, "done")
    c = events(g, "cp_contest")[0]
    assert (c["server_cp"], c["receiver_cp"], c["winner"]) == (6, 8, 1)
    assert zone(g, 1, "backyard") == ["K-HE2", "K-HE2"] and zone(g, 1, "hand") == ["K-HL3"]
    assert zone(g, 0, "floor") == []


def test_km_v2_a_receiving_cross_uses_its_top_cards_shift():
    g = scenario(p0=dict(floor=["K-BIG"], deck=FILL),
                 p1=dict(floor=[dict(card="K-LA", below=["K-EA"])], hand=["K-HE2", "K-HL3"], deck=FILL),
                 start="serve")
    do(g, "serve", cast="K-BIG", target="K-LA")
    assert options(g, "help") == ["K-HL3"]


def test_km_v2_only_the_receiving_side_helps():
    g = scenario(p0=dict(floor=["K-EA"], hand=["K-HE2", "K-HL3"], deck=FILL),
                 p1=dict(floor=["K-LA"], deck=FILL), start="serve")
    do(g, "serve", cast="K-EA", target="K-LA")
    assert g.decision.player == 1
    assert [a.type for a in g.legal_actions()] == ["done"]  # the receiver has no help card
    do(g, "done")
    assert decision(g) == (0, "serve")  # the server is never asked to help
    assert zone(g, 0, "hand") == ["K-HE2", "K-HL3"]
    assert events(g, "help") == []


def test_km_v2_no_help_decision_for_an_ikeike_serving():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(hand=["K-HE2"], deck=FILL), start="serve")
    do(g, "serve", cast="K-EA", target=-1)
    assert decision(g) == (0, "serve")
    assert zone(g, 1, "hand") == ["K-HE2"]


# =============================================================================================
# KM-V3: CP comparison
# =============================================================================================

def test_km_v3_higher_cp_wins_loser_to_backyard():
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL), start="serve")
    serve(g, "K-EB", "K-LA")
    assert events(g, "cp_contest")[0]["winner"] == 0
    assert zone(g, 1, "floor") == [] and zone(g, 1, "backyard") == ["K-LA"]
    assert zone(g, 0, "floor") == ["K-EB"] and zone(g, 0, "backyard") == []


def test_km_v3_server_with_lower_cp_loses_and_leaves():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LB"], deck=FILL), start="serve")
    serve(g, "K-EA", "K-LB")
    c = events(g, "cp_contest")[0]
    assert (c["server_cp"], c["receiver_cp"], c["winner"]) == (3, 6, 1)
    assert zone(g, 0, "floor") == [] and zone(g, 0, "backyard") == ["K-EA"]
    assert zone(g, 1, "floor") == ["K-LB"]


def test_km_v3_tie_goes_to_server():
    g = scenario(p0=dict(floor=["K-EA"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL), start="serve")
    serve(g, "K-EA", "K-LA")
    c = events(g, "cp_contest")[0]
    assert (c["server_cp"], c["receiver_cp"], c["winner"]) == (3, 3, 0)
    assert zone(g, 1, "backyard") == ["K-LA"] and zone(g, 0, "floor") == ["K-EA"]


def test_km_v3_tie_after_help_still_goes_to_server():
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(floor=["K-LA"], hand=["K-HL3"], deck=FILL),
                 start="serve")
    serve(g, "K-EB", "K-LA", helps=("K-HL3",))  # 5 vs 3 + 3
    assert events(g, "cp_contest")[0]["winner"] == 1
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(floor=["K-ED"], hand=["K-HE2"], deck=FILL),
                 start="serve")
    serve(g, "K-EB", "K-ED", helps=("K-HE2",))  # 5 vs 4 + 2
    assert events(g, "cp_contest")[0]["winner"] == 1
    g = scenario(p0=dict(floor=["K-EB"], deck=FILL), p1=dict(floor=["K-LC"], hand=["K-HL3"], deck=FILL),
                 start="serve")
    serve(g, "K-EB", "K-LC", helps=("K-HL3",))  # 5 vs 1 + 3
    assert events(g, "cp_contest")[0]["winner"] == 0


def test_km_v3_modified_cp_is_compared():
    # the opponent's own-casts event gives K-LA +2 (5); the server's support gives +3 (6)
    g = scenario(p0=dict(floor=["K-EA"], hand=["S-PUMP"], deck=FILL),
                 p1=dict(floor=["K-LA"], event="E-OWN", deck=FILL))
    assert cp(g, 1, "K-LA") == 5
    do(g, "support", card="S-PUMP")
    end_operation(g)
    serve(g, "K-EA", "K-LA")
    c = events(g, "cp_contest")[0]
    assert (c["server_cp"], c["receiver_cp"], c["winner"]) == (6, 5, 0)


def test_km_v3_a_losing_cross_goes_to_the_backyard_whole():
    g = scenario(p0=dict(floor=["K-BIG"], deck=FILL),
                 p1=dict(floor=[dict(card="K-LA", below=["K-EA", "K-ED"]), "K-LC"], deck=FILL),
                 start="serve")
    assert cp(g, 1, "K-LA") == 3 + 3 + 4
    serve(g, "K-BIG", "K-LA")  # 9 vs 10: the cross wins
    assert events(g, "cp_contest")[0]["winner"] == 1
    assert zone(g, 0, "backyard") == ["K-BIG"]
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-LA"])], deck=FILL),
                 p1=dict(floor=["K-BIG"], deck=FILL), start="serve")
    serve(g, "K-EA", "K-BIG")  # 6 vs 9
    assert zone(g, 0, "floor") == [] and zone(g, 0, "backyard") == ["K-EA", "K-LA"]
    assert events(g, "cast_leaves")[0]["cards"] == [iid for iid in g.state.players[0].backyard]


# =============================================================================================
# KM-V4: イケイケ
# =============================================================================================

def test_km_v4_ikeike_adds_one_call_in_when_the_opponent_has_no_cast():
    g = scenario(p0=dict(floor=["K-EB"], deck=["K-F1", "K-F2", "K-F3", "K-F1"]), p1=dict(deck=FILL),
                 start="serve")
    assert options(g, "serve", "target") == ["-1"]
    do(g, "serve", cast="K-EB", target=-1)
    assert serving_log(g) == [("serve", "K-EB", -1), ("ikeike", "K-EB", 3),
                              ("call_in", 0, "K-F1", False), ("call_in", 0, "K-F2", False),
                              ("call_in", 0, "K-F3", False)]
    assert zone(g, 0, "seating") == ["K-F1", "K-F2", "K-F3"] and zone(g, 0, "deck") == ["K-F1"]
    assert events(g, "cp_contest") == []
    assert cast(g, 0, "K-EB").served is True


def test_km_v4_ikeike_with_call_in_value_zero_calls_in_once():
    g = scenario(p0=dict(floor=["K-ED"], deck=["K-F2", "K-F1"]), p1=dict(deck=FILL), start="serve")
    assert call_in_value(g, 0, "K-ED") == 0
    serve(g, "K-ED", -1)
    assert zone(g, 0, "seating") == ["K-F2"] and zone(g, 0, "deck") == ["K-F1"]


def test_km_v4_ikeike_once_the_last_opposing_cast_has_left():
    g = scenario(p0=dict(floor=["K-EB", "K-EA"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL),
                 start="serve")
    serve(g, "K-EB", "K-LA")
    assert options(g, "serve", "target") == ["-1"]
    serve(g, "K-EA", -1)
    assert [e["call_in"] for e in events(g, "ikeike")] == [2]


# =============================================================================================
# KM-V5: call-ins, won or lost, before the loser leaves
# =============================================================================================

def test_km_v5_winning_server_calls_in_its_value_before_the_loser_leaves():
    g = scenario(p0=dict(floor=["K-EB"], deck=["K-F3", "K-F2", "K-F1"]), p1=dict(floor=["K-LA"], deck=FILL),
                 start="serve")
    serve(g, "K-EB", "K-LA")
    assert serving_log(g) == [("serve", "K-EB", "K-LA"), ("contest", 5, 3, 0),
                              ("call_in", 0, "K-F3", False), ("call_in", 0, "K-F2", False),
                              ("leaves", 1, ["K-LA"])]
    assert zone(g, 0, "seating") == ["K-F3", "K-F2"]
    assert zone(g, 1, "seating") == []  # the receiver never calls in


def test_km_v5_losing_server_still_calls_in():
    g = scenario(p0=dict(floor=["K-LC"], deck=["K-F1", "K-F2", "K-F3", "K-F1"]),
                 p1=dict(floor=["K-LB"], deck=FILL), start="serve")
    serve(g, "K-LC", "K-LB")  # 1 vs 6: lost, but calls in 3
    assert serving_log(g) == [("serve", "K-LC", "K-LB"), ("contest", 1, 6, 1),
                              ("call_in", 0, "K-F1", False), ("call_in", 0, "K-F2", False),
                              ("call_in", 0, "K-F3", False), ("leaves", 0, ["K-LC"])]
    assert zone(g, 0, "seating") == ["K-F1", "K-F2", "K-F3"]
    assert zone(g, 0, "backyard") == ["K-LC"]


def test_km_v5_cross_calls_in_its_top_cards_value():
    g = scenario(p0=dict(floor=[dict(card="K-EA", below=["K-LC"])], deck=["K-F1", "K-F2", "K-F3"]),
                 p1=dict(floor=["K-LB"], deck=FILL), start="serve")
    assert call_in_value(g, 0, "K-EA") == 1 and cp(g, 0, "K-EA") == 4
    serve(g, "K-EA", "K-LB")
    assert zone(g, 0, "seating") == ["K-F1"]
    g = scenario(p0=dict(floor=[dict(card="K-LC", below=["K-EA"])], deck=["K-F1", "K-F2", "K-F3"]),
                 p1=dict(floor=["K-LB"], deck=FILL), start="serve")
    serve(g, "K-LC", "K-LB")
    assert zone(g, 0, "seating") == ["K-F1", "K-F2", "K-F3"]


def test_km_v5_event_call_in_bonus_applies():
    g = scenario(p0=dict(floor=["K-EA"], deck=["K-F1", "K-F2", "K-F3"]),
                 p1=dict(floor=["K-LC"], event="E-CALL", deck=FILL), start="serve")
    serve(g, "K-EA", "K-LC")
    assert zone(g, 0, "seating") == ["K-F1", "K-F2"]


# =============================================================================================
# KM-V6: one call-in
# =============================================================================================

def test_km_v6_non_trigger_card_becomes_a_customer():
    g = scenario(p0=dict(floor=["K-EA"], deck=["K-LB", "K-F1"]), p1=dict(floor=["K-LA"], deck=FILL),
                 start="serve")
    serve(g, "K-EA", "K-LA")
    assert zone(g, 0, "seating") == ["K-LB"] and zone(g, 0, "deck") == ["K-F1"]
    e = events(g, "call_in")[0]
    assert (e["trigger"], e["seats"], e["why"]) == (False, 3, "serve")


def test_km_v6_trigger_card_applies_its_trigger_then_goes_to_the_backyard():
    g = scenario(p0=dict(floor=["K-LC"], deck=["K-F1", "K-TRIG", "K-F2", "K-LA", "K-F3", "K-F1"]),
                 p1=dict(deck=FILL), start="serve")  # one card to spare: no refresh (KM-R1)
    serve(g, "K-LC", -1)  # 3 + 1 call-ins
    assert serving_log(g) == [("serve", "K-LC", -1), ("ikeike", "K-LC", 4),
                              ("call_in", 0, "K-F1", False), ("call_in", 0, "K-TRIG", True),
                              ("draw", 0, "K-F2"),  # the trigger resolves before the next call-in
                              ("call_in", 0, "K-LA", False), ("call_in", 0, "K-F3", False)]
    assert zone(g, 0, "seating") == ["K-F1", "K-LA", "K-F3"]
    assert zone(g, 0, "hand") == ["K-F2"]
    assert zone(g, 0, "backyard") == ["K-TRIG"] and zone(g, 0, "resolving") == []


def test_km_v6_trigger_call_in_chains():
    g = scenario(p0=dict(floor=["K-EA"], deck=["K-TCALL", "K-TCALL", "K-F2", "K-F1", "K-F3"]), p1=dict(deck=FILL),
                 start="serve")
    serve(g, "K-EA", -1)  # 2 call-ins; each K-TCALL calls in once more
    assert [(e["id"], e["why"]) for e in events(g, "call_in")] == [
        ("K-TCALL", "serve"), ("K-TCALL", "effect"), ("K-F2", "effect"), ("K-F1", "serve")]
    assert zone(g, 0, "seating") == ["K-F2", "K-F1"]
    assert zone(g, 0, "backyard") == ["K-TCALL", "K-TCALL"]


def test_km_v6_any_card_kind_with_a_trigger_triggers():
    g = scenario(p0=dict(floor=["K-EA"], deck=["R-TRIG", "E-CP", "K-LA", "K-F1"]), p1=dict(deck=FILL),
                 start="serve")
    serve(g, "K-EA", -1)
    assert zone(g, 0, "backyard") == ["R-TRIG"]
    assert zone(g, 0, "hand") == ["E-CP"]          # R-TRIG's trigger drew it
    assert zone(g, 0, "seating") == ["K-LA"]        # second call-in: an ordinary customer
    assert g.state.event == -1                       # a called-in event is only a customer/card

