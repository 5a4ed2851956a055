"""The shared timeline of the main phase: segments (TT-G1..G4) and Program Decoders (TT-P12).

Readings tested: a program acts at the segment where it starts (when revealed); the segments it
consumes (only if it runs: 「プログラムを実行するごとに記載値分のセグメントが消費される」) are the
time before its owner's next program can start. A card whose segment value no longer fits is
discarded when it is reached, with every card after it. At one segment the player with the
lower HP acts first, on equal HP the priority player, with HP compared at that moment, for every
program, decoders included (TT-G4). A decoder discards the opponent's program at the same segment
timing that has not run yet; with none there, it has nothing to act on and is discarded."""
from __future__ import annotations

from tcg.engine.action import Decision

from .harness import (decision, do, events, fixture_rules, kinds, program, scenario,
                      unit, zone)

FILL = ["T-SMALL"] * 10


def decode(g, p: int) -> None:
    """Player p's revealed decoder is used (it may be declined: TT-P13)."""
    assert decision(g) == (p, "choose_program"), decision(g)
    do(g, "use", program=0)


def reveals(g) -> list[tuple[int, str, int]]:
    """(player, card id, start segment) of every program revealed so far, in order."""
    return [(e["player"], e["id"], e["start"]) for e in events(g, "program_reveal")]


# =============================================================================================
# TT-G1: six segments per main phase, not carried over
# =============================================================================================

def test_tt_g1_six_segments_all_run():
    g = scenario(p0=dict(programs=["T-PLACE2", "T-PLACE2", "T-PLACE", "T-PLACE"],
                         hand=["T-SMALL"] * 4, deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert fixture_rules().segments == 6
    assert "programs_overflow" not in kinds(g)
    for _ in range(4):
        do(g, "place", card="T-SMALL")
    assert reveals(g) == [(0, "T-PLACE2", 0), (0, "T-PLACE2", 2), (0, "T-PLACE", 4), (0, "T-PLACE", 5)]
    assert zone(g, 0, "chars") == ["T-SMALL"] * 4
    assert zone(g, 0, "discard") == []


def test_tt_g1_seventh_segment_does_not_exist():
    g = scenario(p0=dict(programs=["T-PLACE6", "T-PLACE"], hand=["T-SMALL"] * 2, deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert events(g, "programs_overflow") == []
    do(g, "place", card="T-SMALL")
    # T-PLACE6 consumed segments 0-5: T-PLACE is reached at 6, where nothing fits
    assert [(e["ids"], e["start"]) for e in events(g, "programs_overflow")] == [(["T-PLACE"], 6)]
    assert reveals(g) == [(0, "T-PLACE6", 0)]
    assert zone(g, 0, "discard") == ["T-PLACE"]


def test_tt_g1_unused_segments_do_not_carry_over():
    g = scenario(p0=dict(hand=["T-PLACE", "T-PLACE6", "T-PLACE", "T-SMALL", "T-SMALL"], deck=FILL),
                 p1=dict(deck=FILL))
    # round 2: only 1 of the 6 segments used
    program(g, 0, "T-PLACE")
    program(g, 1)
    do(g, "place", card="T-SMALL")
    assert g.state.round == 3
    # round 3: 6 + 1 segments do not fit, although 5 were left unused last round
    do(g, "stack", card="T-PLACE6")
    do(g, "stack", card="T-PLACE")
    own = g.observe(0)["players"][0]["programs"]
    assert [(p["id"], p["start"], p["fits"]) for p in own] == [("T-PLACE6", 0, True), ("T-PLACE", 6, False)]
    assert g.observe(0)["segments"] == 6
    do(g, "finish_program")
    program(g, 1)
    do(g, "place", card="T-SMALL")
    assert [e["ids"] for e in events(g, "programs_overflow")] == [["T-PLACE"]]
    assert zone(g, 0, "discard") == ["T-PLACE"]


# =============================================================================================
# TT-G2: printed segment cost; each program starts where the previous one ended
# =============================================================================================

def test_tt_g2_programs_start_where_the_previous_ended():
    g = scenario(p0=dict(programs=["T-PLACE2", "T-PLACE3", "T-PLACE"],
                         hand=["T-SMALL"] * 3, deck=FILL),
                 p1=dict(deck=FILL), start="main")
    segs = []
    for _ in range(3):
        segs.append(g.decision.info["segment"])
        do(g, "place", card="T-SMALL")
    assert segs == [0, 2, 5]
    assert [(e["id"], e["start"], e["cost"]) for e in events(g, "program_reveal")] == [
        ("T-PLACE2", 0, 2), ("T-PLACE3", 2, 3), ("T-PLACE", 5, 1)]


def test_tt_g2_skipped_or_empty_program_consumes_no_segments():
    # p0's T-BED (1 seg) is skipped: it consumes nothing, its T-PLACE3 also starts at 0
    g = scenario(p0=dict(programs=["T-BED", "T-PLACE3"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-PLACE", "T-PLACE"], hand=["T-GUARD", "T-SMALL"], deck=FILL,
                         hp=19),
                 start="main")
    # p1 (lower HP) at 0 first; T-BED then has p1's placed T-GUARD to act on
    assert decision(g) == (1, "place")
    do(g, "place", card="T-GUARD")
    assert decision(g) == (0, "bed_in")
    do(g, "skip")
    assert [(e["id"], e["segments"], e["next"]) for e in events(g, "program_discarded")] == [("T-BED", 0, 0)]
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 0   # before p1's start 1
    assert reveals(g) == [(1, "T-PLACE", 0), (0, "T-BED", 0), (0, "T-PLACE3", 0)]
    do(g, "place", card="T-SMALL")
    assert decision(g) == (1, "place") and g.decision.info["segment"] == 1
    assert reveals(g)[-1] == (1, "T-PLACE", 1)
    # a program with nothing to act on consumes none either
    g = scenario(p0=dict(programs=["T-REBOOT", "T-PLACE"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 0


def test_tt_g2_programs_consume_segments_as_they_run():
    g = scenario(p0=dict(programs=["T-PLACE3", "T-PLACE2"], hand=["T-SMALL"] * 2, deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert g.observe(0)["players"][0]["next_start"] == 0
    do(g, "place", card="T-SMALL")
    assert [(e["id"], e["segments"], e["next"]) for e in events(g, "program_resolved")] == [("T-PLACE3", 3, 3)]
    assert g.observe(1)["players"][0]["next_start"] == 3   # public: the segments consumed so far
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 3


def test_tt_g2_a_program_acts_at_the_segment_where_it_starts():
    # p0's T-PLACE3 (3 segments) starts at 0 and places at once; p1's Bed-in starts at 2 and
    # can already put the placed character to bed (the 3 segments are the time before p0's next
    # program, 「時間コスト(詠唱時間)のようなもの」)
    g = scenario(p0=dict(programs=["T-PLACE3", "T-ATK1"], hand=["T-GUARD"], chars=["T-ODD"], deck=FILL),
                 p1=dict(programs=["T-PLACE2", "T-BED"], hand=["T-SMALL"], deck=FILL),
                 priority=0, start="main")
    do(g, "place", card="T-GUARD")              # p0 at 0
    do(g, "place", card="T-SMALL")              # p1 at 0
    assert decision(g) == (1, "bed_in") and g.decision.info["segment"] == 2
    assert "T-GUARD" in [g.state.cards[a.card].id for a in g.legal_actions() if a.type == "bed_in"]
    do(g, "bed_in", card="T-ODD")
    # p0's next program starts at 3, after p1's at 2: its attacker is asleep by then
    assert reveals(g) == [(0, "T-PLACE3", 0), (1, "T-PLACE2", 0), (1, "T-BED", 2), (0, "T-ATK1", 3)]
    assert events(g, "attack") == []
    assert [e["id"] for e in events(g, "program_discarded")] == ["T-ATK1"]


# =============================================================================================
# TT-G3: overflow discards the program and every one after it
# =============================================================================================

def test_tt_g3_overflow_discards_rest():
    g = scenario(p0=dict(programs=["T-PLACE4", "T-PLACE3", "T-PLACE"],
                         hand=["T-SMALL"] * 2, deck=FILL),
                 p1=dict(deck=FILL), start="main")
    # nothing is discarded at the start of the main phase
    assert events(g, "programs_overflow") == []
    assert zone(g, 0, "programs") == ["T-PLACE3", "T-PLACE"]  # T-PLACE4 is running
    do(g, "place", card="T-SMALL")
    # reached at 4, T-PLACE3 would end at 7: discarded, and so is T-PLACE although it alone
    # would fit at 4 (「以降のプログラムは使用することができず破棄される」)
    types = kinds(g)
    assert types.index("program_reveal") < types.index("programs_overflow")
    ov = events(g, "programs_overflow")
    assert [(e["player"], e["ids"], e["start"]) for e in ov] == [(0, ["T-PLACE3", "T-PLACE"], 4)]
    assert zone(g, 0, "discard") == ["T-PLACE3", "T-PLACE"]
    assert reveals(g) == [(0, "T-PLACE4", 0)]
    assert zone(g, 0, "chars") == ["T-SMALL"]
    assert zone(g, 0, "hand") == ["T-SMALL", "T-PLACE4", "T-SMALL"]  # + round 3's draw


def test_tt_g3_a_card_that_fits_because_an_earlier_one_did_not_run_is_used():
    # the same stack, but T-PLACE4 is skipped (consumes nothing): T-PLACE3 fits at 0, T-PLACE at 3
    g = scenario(p0=dict(programs=["T-PLACE4", "T-PLACE3", "T-PLACE"], hand=["T-SMALL"] * 2, deck=FILL),
                 p1=dict(deck=FILL), start="main")
    do(g, "skip")
    do(g, "place", card="T-SMALL")
    do(g, "place", card="T-SMALL")
    assert events(g, "programs_overflow") == []
    assert reveals(g) == [(0, "T-PLACE4", 0), (0, "T-PLACE3", 0), (0, "T-PLACE", 3)]
    assert zone(g, 0, "discard") == ["T-PLACE4"]


def test_tt_g3_overflow_is_per_player():
    g = scenario(p0=dict(programs=["T-PLACE4", "T-PLACE3"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-PLACE3", "T-PLACE3"], hand=["T-SMALL"] * 2, deck=FILL),
                 start="main")
    do(g, "place", card="T-SMALL")   # p0 at 0 (priority, equal HP)
    do(g, "place", card="T-SMALL")   # p1 at 0
    assert decision(g) == (1, "place") and g.decision.info["segment"] == 3  # before p0's 4
    do(g, "place", card="T-SMALL")   # p1 at 3: 3 + 3 = 6 fits
    assert [(e["player"], e["ids"]) for e in events(g, "programs_overflow")] == [(0, ["T-PLACE3"])]
    assert zone(g, 1, "chars") == ["T-SMALL", "T-SMALL"]


# =============================================================================================
# TT-G4: one timeline; lower HP first, then the priority player
# =============================================================================================

def test_tt_g4_programs_interleave_by_start_segment():
    g = scenario(p0=dict(programs=["T-PLACE2", "T-PLACE"], hand=["T-SMALL"] * 2, deck=FILL),
                 p1=dict(programs=["T-PLACE", "T-PLACE", "T-PLACE"], hand=["T-SMALL"] * 3,
                         deck=FILL),
                 start="main")
    order = []
    while g.decision.kind == "place":
        order.append((g.decision.player, g.decision.info["segment"]))
        do(g, "place", card="T-SMALL")
    assert order == [(0, 0), (1, 0), (1, 1), (0, 2), (1, 2)]
    assert [(p, s) for p, _, s in reveals(g)] == order


def test_tt_g4_lower_hp_acts_first_at_the_same_segment():
    g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL, hp=15),
                 priority=0, start="main")
    assert decision(g) == (1, "place")
    do(g, "place", card="T-SMALL")
    assert decision(g) == (0, "place")


def test_tt_g4_equal_hp_priority_player_acts_first():
    for pr in (0, 1):
        g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL, hp=9),
                     p1=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL, hp=9),
                     priority=pr, start="main")
        assert decision(g) == (pr, "place")
        do(g, "place", card="T-SMALL")
        assert decision(g) == (1 - pr, "place")


def test_tt_g4_hp_compared_at_that_moment():
    # seg 0: p0 (priority, equal HP) attacks for 3; seg 2: p1 now has less HP and goes first
    g = scenario(p0=dict(chars=["T-ODD"], programs=["T-ATK", "T-PLACE"], hand=["T-SMALL"],
                         deck=FILL),
                 p1=dict(programs=["T-PLACE2", "T-PLACE"], hand=["T-SMALL", "T-GUARD"],
                         deck=FILL),
                 priority=0, start="main")
    assert decision(g) == (0, "attackers")
    do(g, "pick", card="T-ODD")
    do(g, "done")
    assert g.state.players[1].hp == 17
    assert decision(g) == (1, "place")
    do(g, "place", card="T-SMALL")
    assert decision(g) == (1, "place") and g.decision.info["segment"] == 2
    do(g, "place", card="T-GUARD")
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 2
    assert [(p, s) for p, _, s in reveals(g)] == [(0, 0), (1, 0), (1, 2), (0, 2)]


def test_tt_g4_same_order_for_the_draw_phase():
    g = scenario(p0=dict(deck=FILL, hp=20), p1=dict(deck=FILL, hp=8), priority=0, start="round")
    assert [e["player"] for e in events(g, "draw")] == [1, 0]
    g = scenario(p0=dict(deck=FILL), p1=dict(deck=FILL), priority=1, start="round")
    assert [e["player"] for e in events(g, "draw")] == [1, 0]
    g = scenario(p0=dict(deck=FILL), p1=dict(deck=FILL), priority=0, start="round")
    assert [e["player"] for e in events(g, "draw")] == [0, 1]


def test_tt_g4_same_order_for_prepare_discards():
    hand = ["T-SMALL"] * 8
    g = scenario(p0=dict(hand=hand, deck=FILL), p1=dict(hand=hand, deck=FILL), priority=1, start="prepare")
    assert g.decision == Decision(1, "discard", {"over": 1})
    g = scenario(p0=dict(hand=hand, deck=FILL, hp=3), p1=dict(hand=hand, deck=FILL), priority=1,
                 start="prepare")
    assert g.decision == Decision(0, "discard", {"over": 1})


def test_tt_g4_bed_in_targets_listed_in_player_order():
    g = scenario(p0=dict(chars=["T-SMALL"], programs=["T-BED"], deck=FILL),
                 p1=dict(chars=["T-GUARD"], deck=FILL, hp=4), start="main")
    assert [g.state.cards[a.card].id for a in g.legal_actions() if a.type == "bed_in"] == ["T-GUARD", "T-SMALL"]


# =============================================================================================
# TT-P12: Program Decoder
# =============================================================================================

def test_tt_p12_decoder_first_in_order_discards_the_same_segment_program():
    # p1 has less HP: at segment 0 its decoder acts first (TT-G4), and p0's program at that
    # segment timing has not run yet: it is discarded unrun
    g = scenario(p0=dict(programs=["T-PLACE", "T-PLACE"], hand=["T-SMALL"], deck=FILL, hp=20),
                 p1=dict(programs=["T-DEC"], deck=FILL, hp=10), priority=0, start="main")
    decode(g, 1)
    types = [e["type"] for e in g.log if e["type"].startswith("program_")]
    assert types[:4] == ["program_reveal", "program_use", "program_decoded", "program_resolved"]
    rev = events(g, "program_reveal")[0]
    assert (rev["player"], rev["id"], rev["start"]) == (1, "T-DEC", 0)
    assert [(e["player"], e["program"]) for e in events(g, "program_use")][0] == (1, "decoder")
    dec = events(g, "program_decoded")
    assert [(e["player"], e["id"], e["start"]) for e in dec] == [(0, "T-PLACE", 0)]
    assert zone(g, 0, "discard") == ["T-PLACE"]
    assert zone(g, 1, "resolved") == ["T-DEC"]
    # the decoded program never ran and consumed nothing: p0's next program also starts at 0
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 0
    assert zone(g, 0, "programs") == []  # its second program is running, untouched
    do(g, "place", card="T-SMALL")
    assert zone(g, 0, "chars") == ["T-SMALL"]
    assert zone(g, 1, "hand") == ["T-DEC", "T-SMALL"]  # resolved -> hand, then round 3's draw
    fixture_rules().check_invariants(g.state)


def test_tt_p12_tt_p13_a_decoder_may_be_declined_then_discarded_consuming_nothing():
    """TT-P13 「プログラムの対象がいなくて実行できなかったり、使用しないことを選ぶ場合は、そのプログラムは
    解決状態とならず破棄される」 holds for a Program Decoder too: revealed with something to decode,
    its owner may use it or decline it (``choose_program``: ``use`` or ``skip``). Declined it is
    discarded, not resolved, and consumes no segment (TT-G2): the opponent's program runs, and
    the owner's next card starts at the same segment — here a 6-segment card that fits only then."""
    def game():
        g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL),
                     p1=dict(programs=["T-DEC", "T-PLACE6"], hand=["T-BIG"], deck=FILL, hp=19),
                     priority=0, start="main")
        # p1 has the lower HP: its decoder is revealed first at segment 0 and asks
        assert decision(g) == (1, "choose_program") and g.decision.info["segment"] == 0
        assert [a.type for a in g.legal_actions()] == ["use", "skip"]
        assert events(g, "program_use") == []
        return g

    g = game()
    do(g, "skip")
    assert [(e["player"], e["id"], e["segments"], e["next"]) for e in events(g, "program_discarded")] == [
        (1, "T-DEC", 0, 0)]
    assert events(g, "program_decoded") == []
    assert decision(g) == (1, "place") and g.decision.info["segment"] == 0   # T-PLACE6 fits at 0
    do(g, "place", card="T-BIG")
    do(g, "place", card="T-SMALL")                      # p0's program was not decoded: it runs
    assert zone(g, 0, "chars") == ["T-SMALL"] and zone(g, 1, "chars") == ["T-BIG"]
    assert "programs_overflow" not in kinds(g)
    assert "T-DEC" not in zone(g, 1, "hand")            # discarded, not resolved back to hand
    # used instead: p0's program is decoded, the decoder resolves and consumes its segment, and
    # the 6-segment card no longer fits
    g = game()
    do(g, "use", program=0)
    assert [(e["player"], e["id"]) for e in events(g, "program_decoded")] == [(0, "T-PLACE")]
    assert [(e["player"], e["cards"]) for e in events(g, "programs_overflow")] == [
        (1, [g.state.players[1].discard[-1]])]
    assert zone(g, 1, "discard") == ["T-PLACE6"] and "T-DEC" in zone(g, 1, "hand")
    assert zone(g, 0, "chars") == [] and zone(g, 1, "chars") == []


def test_tt_g4_a_decoder_gets_no_exception_to_the_order():
    # p0 has less HP (and priority): its program at segment 0 runs first; by the time p1's
    # decoder acts, p0's program at that segment has run: nothing to decode, it is discarded
    g = scenario(p0=dict(programs=["T-PLACE", "T-PLACE"], hand=["T-SMALL"], deck=FILL, hp=10),
                 p1=dict(programs=["T-DEC"], deck=FILL), priority=0, start="main")
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 0
    do(g, "place", card="T-SMALL")
    assert events(g, "program_decoded") == []
    assert [(e["player"], e["id"], e["program"]) for e in events(g, "program_discarded")][0] == (1, "T-DEC", None)
    assert reveals(g)[:2] == [(0, "T-PLACE", 0), (1, "T-DEC", 0)]
    assert zone(g, 1, "discard") == ["T-DEC"]
    # the same with equal HP: the priority player first
    g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-DEC"], deck=FILL), priority=0, start="main")
    assert decision(g) == (0, "place")
    g = scenario(p0=dict(programs=["T-PLACE"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-DEC"], deck=FILL), priority=1, start="main")
    decode(g, 1)
    assert [(e["player"], e["id"]) for e in events(g, "program_decoded")] == [(0, "T-PLACE")]


def test_tt_p12_decoder_without_same_segment_program_is_discarded():
    # p0's only program starts at 0 and lasts 2 segments; p1's decoder starts at 1
    g = scenario(p0=dict(programs=["T-PLACE2"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-PLACE", "T-DEC"], hand=["T-GUARD"], deck=FILL),
                 start="main")
    do(g, "place", card="T-SMALL")  # p0, seg 0
    do(g, "place", card="T-GUARD")  # p1, seg 0
    assert [(p, c, s) for p, c, s in reveals(g)] == [(0, "T-PLACE2", 0), (1, "T-PLACE", 0), (1, "T-DEC", 1)]
    assert events(g, "program_decoded") == []
    assert [(e["player"], e["id"]) for e in events(g, "program_discarded")] == [(1, "T-DEC")]
    assert zone(g, 1, "discard") == ["T-DEC"]
    assert zone(g, 0, "chars") == ["T-SMALL"]
    assert zone(g, 0, "discard") == []


def test_tt_p12_decoder_ignores_a_program_starting_later():
    # p1's decoder starts at 1; p0's next program starts at 2: nothing at 1, decoder discarded
    g = scenario(p0=dict(programs=["T-PLACE2", "T-PLACE"], hand=["T-SMALL", "T-GUARD"], deck=FILL),
                 p1=dict(programs=["T-PLACE", "T-DEC"], hand=["T-BIG"], deck=FILL), start="main")
    do(g, "place", card="T-SMALL")   # p0 seg 0
    do(g, "place", card="T-BIG")     # p1 seg 0
    assert events(g, "program_decoded") == []
    assert [(e["player"], e["id"]) for e in events(g, "program_discarded")] == [(1, "T-DEC")]
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 2
    do(g, "place", card="T-GUARD")
    assert zone(g, 0, "chars") == ["T-SMALL", "T-GUARD"]
    assert reveals(g) == [(0, "T-PLACE2", 0), (1, "T-PLACE", 0), (1, "T-DEC", 1), (0, "T-PLACE", 2)]


def test_tt_p12_decoder_discards_one_program_only():
    # p1 (priority, equal HP) decodes p0's first program at 0; p0's second one then starts at 0
    # too (the decoded one consumed nothing) and runs: a decoder discards one program
    g = scenario(p0=dict(programs=["T-PLACE", "T-PLACE"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(programs=["T-DEC2"], deck=FILL), priority=1, start="main")
    decode(g, 1)
    assert [(e["player"], e["id"]) for e in events(g, "program_decoded")] == [(0, "T-PLACE")]
    assert decision(g) == (0, "place") and g.decision.info["segment"] == 0
    do(g, "place", card="T-SMALL")
    assert zone(g, 0, "chars") == ["T-SMALL"]


def test_tt_p12_decoder_hits_a_later_segment_match():
    # p1's decoder starts at 2; p0's second program starts at 2 too (after a 2-segment one)
    g = scenario(p0=dict(programs=["T-PLACE2", "T-PLACE"], hand=["T-SMALL", "T-GUARD"], deck=FILL),
                 p1=dict(programs=["T-PLACE2", "T-DEC"], hand=["T-BIG"], deck=FILL, hp=19), start="main")
    do(g, "place", card="T-BIG")     # p1 seg 0 (lower HP)
    do(g, "place", card="T-SMALL")   # p0 seg 0
    # seg 2: p1's decoder goes before p0's T-PLACE (p1 has the lower HP)
    decode(g, 1)
    assert [(e["player"], e["id"]) for e in events(g, "program_decoded")] == [(0, "T-PLACE")]
    assert zone(g, 0, "discard") == ["T-PLACE"] and "T-GUARD" in zone(g, 0, "hand")
    assert zone(g, 1, "hand")[:2] == ["T-PLACE2", "T-DEC"]


def test_tt_p12_two_decoders_first_in_order_decodes_the_other():
    g = scenario(p0=dict(programs=["T-DEC"], deck=FILL, hp=20),
                 p1=dict(programs=["T-DEC"], deck=FILL, hp=18), priority=0, start="main")
    decode(g, 1)
    assert [(e["player"], e["id"]) for e in events(g, "program_reveal")] == [(1, "T-DEC")]
    assert [(e["player"], e["id"]) for e in events(g, "program_decoded")] == [(0, "T-DEC")]
    assert zone(g, 0, "discard") == ["T-DEC"]
    assert zone(g, 1, "discard") == []
    assert "T-DEC" in zone(g, 1, "hand")   # resolved, back to hand
    assert "T-DEC" not in zone(g, 0, "hand")


def test_tt_p12_decoder_programmed_and_decoding_through_a_whole_round():
    # with equal HP the priority player's attack at segment 0 runs before the decoder
    g = scenario(p0=dict(hand=["T-ATK"], chars=["T-ODD"], deck=FILL),
                 p1=dict(hand=["T-DEC"], deck=FILL), priority=0)
    program(g, 0, "T-ATK")
    program(g, 1, "T-DEC")
    assert decision(g) == (0, "attackers")
    do(g, "pick", card="T-ODD")
    do(g, "done")
    assert g.state.players[1].hp == 17
    assert zone(g, 1, "discard") == ["T-DEC"] and events(g, "program_decoded") == []
    # with p1 first (priority), the attack never happens
    g = scenario(p0=dict(hand=["T-ATK"], chars=["T-ODD"], deck=FILL),
                 p1=dict(hand=["T-DEC"], deck=FILL), priority=1)
    program(g, 1, "T-DEC")
    program(g, 0, "T-ATK")
    decode(g, 1)
    # the attack never happens
    assert g.state.players[1].hp == 20
    assert unit(g, 0, "T-ODD").awake is True
    assert zone(g, 0, "discard") == ["T-ATK"]
    assert g.state.round == 3 and g.decision == Decision(1, "program")
