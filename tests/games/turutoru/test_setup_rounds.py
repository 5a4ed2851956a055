"""Turu-turu deck rules, set-up, the round and winning: TT-D1, TT-D2, TT-S1..S4, TT-T1..T6,
TT-W1..W3.

Set-up tests play real games through the public API (``Game(fixture_rules(), decks, seed)``)
with legal fixture decks; the others build precise states with the scenario harness."""
from __future__ import annotations

import pytest

from tcg.engine.action import Action, Decision
from tcg.engine.deck import Deck
from tcg.engine.errors import IllegalActionError
from tcg.engine.game import Game
from tcg.games.turutoru import flow as F
from tcg.games.turutoru.deckcheck import check_deck

from ..harness_base import check_decks_shuffled_seeded, copies, deck_problems
from .harness import (decision, do, events, finish_round, fixture_rules, kinds, legal_types,
                      options, program, scenario, unit, zone)

FILL = ["T-SMALL"] * 10

# 10 card numbers x 4 copies = 40
MAIN = {"T-PLACE": 4, "T-PLACE2": 4, "T-REBOOT": 4, "T-BED": 4, "T-ATK": 4, "T-FAN": 4,
        "T-DRAW2": 4, "T-DEC": 4, "D-FIELD": 4, "A-BOLT": 4}


def make_deck(table: dict | None = None) -> Deck:
    return Deck("turutoru", "fixture", {"main": copies(MAIN if table is None else table)})


def problems(deck: Deck) -> list[tuple[str, str | None]]:
    return deck_problems(fixture_rules(), deck, "TT-D")


def new_game(seed: int) -> Game:
    return Game(fixture_rules(), [make_deck(), make_deck()], seed)


def keep_both(g: Game) -> None:
    for _ in range(2):
        assert g.decision.kind == "mulligan"
        g.apply(Action("keep"))


# =============================================================================================
# TT-D1 / TT-D2: deck construction
# =============================================================================================

def test_tt_d1_exactly_40_with_at_most_4_copies_is_legal():
    assert problems(make_deck()) == []
    assert fixture_rules().profile.get("deck.size") == 40
    assert fixture_rules().profile.get("deck.max_copies") == 4


def test_tt_d1_39_or_41_cards_is_illegal():
    short = dict(MAIN, **{"A-BOLT": 3})
    assert problems(make_deck(short)) == [("TT-D1", None)]
    long_ = dict(MAIN, **{"T-SMALL": 1})
    assert problems(make_deck(long_)) == [("TT-D1", None)]
    r = fixture_rules()
    msg = [p.message for p in check_deck(r.cards, r.profile, make_deck(short))]
    assert msg == ["deck has 39 cards, must be exactly 40"]


def test_tt_d1_five_copies_of_one_number_is_illegal():
    table = dict(MAIN, **{"A-BOLT": 3, "T-ATK": 5})  # still 40 cards
    assert sum(table.values()) == 40
    assert problems(make_deck(table)) == [("TT-D1", "T-ATK")]
    table = dict(MAIN, **{"A-BOLT": 0, "T-ATK": 8})
    assert problems(make_deck(table)) == [("TT-D1", "T-ATK")]


def test_tt_d2_every_violation_reported_with_card_and_rule():
    # 5 x T-ATK, 6 x T-FAN, an unknown card and 43 cards in all: four problems, all reported
    table = dict(MAIN, **{"T-ATK": 5, "T-FAN": 6, "NOPE-1": 1, "A-BOLT": 3})
    found = problems(make_deck(table))
    assert found == [("TT-D1", None), ("TT-D1", "NOPE-1"), ("TT-D1", "T-ATK"), ("TT-D1", "T-FAN")]
    r = fixture_rules()
    by_card = {p.card: p.message for p in check_deck(r.cards, r.profile, make_deck(table))}
    assert "5 copies" in by_card["T-ATK"] and "T-ATK" in by_card["T-ATK"]
    assert "6 copies" in by_card["T-FAN"]
    assert "NOPE-1" in by_card["NOPE-1"]
    assert "43" in by_card[None]


# =============================================================================================
# TT-S1: shuffle, seeded priority player kept for the whole game
# =============================================================================================

def test_tt_s1_both_decks_shuffled_seeded():
    orders = check_decks_shuffled_seeded(new_game, zone, make_deck().section("main"), 40)
    assert orders[1, 0] != orders[1, 1]


def test_tt_s1_priority_player_seeded_and_announced():
    seen = set()
    for seed in range(20):
        a, b = new_game(seed), new_game(seed)
        assert a.state.priority == b.state.priority
        assert [e["player"] for e in events(a, "priority_player")] == [a.state.priority]
        assert a.observe(None)["priority_player"] == a.state.priority
        seen.add(a.state.priority)
    assert seen == {0, 1}


def test_tt_s1_priority_player_keeps_the_role_every_round():
    g = new_game(5)
    pr = g.state.priority
    keep_both(g)
    for rnd in (1, 2, 3):
        assert g.state.round == rnd
        # the priority player is asked first in every programming phase
        assert g.decision == Decision(pr, "program")
        do(g, "finish_program")
        assert g.decision == Decision(1 - pr, "program")
        do(g, "finish_program")
        finish_round(g)
        assert g.state.priority == pr
        assert g.observe(None)["priority_player"] == pr


# =============================================================================================
# TT-S2: 7 cards each, one optional mulligan each
# =============================================================================================

def test_tt_s2_each_draws_seven_then_priority_player_may_mulligan_first():
    g = new_game(3)
    pr = g.state.priority
    for p in (0, 1):
        assert len(zone(g, p, "hand")) == 7 and len(zone(g, p, "deck")) == 33
    assert g.decision == Decision(pr, "mulligan")
    assert set(g.legal_actions()) == {Action("keep"), Action("mulligan")}
    g.apply(Action("keep"))
    assert g.decision == Decision(1 - pr, "mulligan")
    g.apply(Action("keep"))
    # only once each: the game goes on to round 1's programming
    assert g.decision == Decision(pr, "program")
    assert "mulligan" not in legal_types(g)
    with pytest.raises(IllegalActionError):
        g.apply(Action("mulligan"))


def test_tt_s2_mulligan_returns_whole_hand_shuffles_and_draws_seven():
    g = new_game(8)
    pr = g.state.priority
    ps = g.state.players[pr]
    before = sorted(ps.hand)
    start = len(g.log)
    g.apply(Action("mulligan"))
    # chosen 「ほぼ同時に」: nothing happens until the other player has chosen too
    assert list(g.log[start:]) == [] and sorted(ps.hand) == before and ps.mulliganed
    g.apply(Action("keep"))
    evs = list(g.log[start:])
    assert [(e["type"], e["player"]) for e in evs[:9]] == [("mulligan", pr)] + [("draw", pr)] * 7 + \
        [("keep", 1 - pr)]
    assert evs[0]["returned"] == 7
    assert sorted(ps.hand + ps.deck) == sorted(range(len(g.state.cards)))[40 * pr:40 * pr + 40]
    assert sorted(ps.hand[:7]) != before  # a new hand (seeded shuffle)
    other = g.state.players[1 - pr]
    assert other.mulliganed and [e["type"] for e in g.log[start:]].count("mulligan") == 1
    assert len(other.hand) == 8 and len(ps.hand) == 8  # 7 each, then round 1's draw
    assert g.decision == Decision(pr, "program")


def _after_mulligans(seed: int, first: str, second: str | None):
    """A game whose priority player chose ``first``; the other then chose ``second`` (None: not
    yet). Returns the game and what the other seat and a spectator see."""
    g = new_game(seed)
    pr = g.state.priority
    g.apply(Action(first))
    if second is not None:
        g.apply(Action(second))
    other = 1 - pr
    return g, (list(g.log.for_player(other)), list(g.log.for_spectator()), g.observe(other), g.observe(None),
               g.observe(other, shared=True), g.decision)


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_tt_s2_the_mulligan_is_simultaneous_the_second_learns_nothing_of_the_first_choice(seed):
    """TT-S2 (source: 「それぞれがほぼ同時に処理を行い」): the priority player is asked first, but
    until the other has chosen, games that differ only in that first choice look the same to
    the other seat and to spectators: no keep or mulligan event, no shuffle, no draws."""
    kept, seen_kept = _after_mulligans(seed, "keep", None)
    took, seen_took = _after_mulligans(seed, "mulligan", None)
    assert seen_kept == seen_took
    pr = kept.state.priority
    assert kept.decision == Decision(1 - pr, "mulligan")
    # the first player's own hand is untouched too until then (the choice is only recorded)
    assert kept.state.players[pr].hand == took.state.players[pr].hand
    assert kept.state.rng.state == took.state.rng.state
    # once the other has chosen, both choices are carried out, the priority player's first
    for second in ("keep", "mulligan"):
        g, (log, _, _, _, _, _) = _after_mulligans(seed, "mulligan", second)
        types = [(e["type"], e["player"]) for e in log if e["type"] in ("keep", "mulligan")]
        assert types == [("mulligan", pr), (second, 1 - pr)]
        _, (log2, _, _, _, _, _) = _after_mulligans(seed, "keep", second)
        assert log != log2  # and now the first choice is known


def test_tt_s2_keep_leaves_the_hand_alone():
    g = new_game(9)
    hands = [list(g.state.players[p].hand) for p in (0, 1)]
    keep_both(g)
    for p in (0, 1):
        # round 1's draw added one card on top of the kept hand
        assert g.state.players[p].hand[:7] == hands[p]


# =============================================================================================
# TT-S3: 20 HP, no upper limit
# =============================================================================================

def test_tt_s3_both_start_at_20_hp():
    g = new_game(1)
    assert [g.state.players[p].hp for p in (0, 1)] == [20, 20]
    assert [pv["hp"] for pv in g.observe(None)["players"]] == [20, 20]


def test_tt_s3_hp_has_no_upper_limit():
    g = scenario(p0=dict(programs=["T-APPLY", "T-APPLY"], hand=["A-HEAL", "A-HEAL"],
                         deck=FILL),
                 p1=dict(deck=FILL), start="main")
    do(g, "apply", card="A-HEAL")
    assert g.state.players[0].hp == 25
    do(g, "apply", card="A-HEAL")
    assert g.state.players[0].hp == 30
    assert [e["hp"] for e in events(g, "hp")] == [25, 30]


# =============================================================================================
# TT-S4: no first-draw restriction
# =============================================================================================

def test_tt_s4_both_players_draw_in_the_first_draw_phase():
    g = new_game(4)
    keep_both(g)
    assert g.state.round == 1
    for p in (0, 1):
        assert len(zone(g, p, "hand")) == 8 and len(zone(g, p, "deck")) == 32
    types = kinds(g)
    i = types.index("round_start")
    assert types[i:i + 3] == ["round_start", "draw", "draw"]
    assert {e["player"] for e in list(g.log)[i + 1:i + 3]} == {0, 1}


# =============================================================================================
# TT-T1: draw phase
# =============================================================================================

def test_tt_t1_each_player_draws_one_from_the_top():
    g = scenario(p0=dict(deck=["T-ATK", "T-BED", "T-SMALL"], hand=["T-PLACE"]),
                 p1=dict(deck=["T-FAN", "T-SMALL"]), round=4, start="round")
    assert g.state.round == 4 and g.state.phase == "programming"
    assert zone(g, 0, "hand") == ["T-PLACE", "T-ATK"]
    assert zone(g, 0, "deck") == ["T-BED", "T-SMALL"]
    assert zone(g, 1, "hand") == ["T-FAN"]
    assert zone(g, 1, "deck") == ["T-SMALL"]
    assert [e["player"] for e in events(g, "draw")] == [0, 1]
    assert g.decision == Decision(0, "program")


def test_tt_t1_player_who_must_draw_from_empty_deck_loses():
    g = scenario(p0=dict(deck=["T-SMALL"]), p1=dict(deck=[]), start="round")
    assert g.is_over and g.winner == 0
    assert g.result == {"winner": 0, "draw": False, "reason": "deck_out"}
    assert g.decision is None


# =============================================================================================
# TT-T2: secret programming
# =============================================================================================

def test_tt_t2_priority_player_programs_then_the_other():
    g = scenario(p0=dict(hand=["T-PLACE"], deck=FILL), p1=dict(hand=["T-PLACE"], deck=FILL),
                 priority=1)
    assert g.decision == Decision(1, "program")
    do(g, "finish_program")
    assert g.decision == Decision(0, "program")


def test_tt_t2_only_character_cards_can_be_stacked_with_no_program_chosen():
    # 「使用時にいずれか一つを選んで使用する」: a card is stacked face down as a card; which of
    # its programs it runs is chosen when it is used
    g = scenario(p0=dict(hand=["T-MULTI", "D-FIELD", "A-BOLT", "T-PLACE"], deck=FILL),
                 p1=dict(deck=FILL))
    stacks = sorted((a.get("card"), a.get("program")) for a in g.legal_actions() if a.type == "stack")
    named = sorted((g.state.cards[c].id, prog) for c, prog in stacks)
    assert named == [("T-MULTI", None), ("T-PLACE", None)]
    assert legal_types(g) == {"stack", "finish_program"}


def test_tt_t2_stacked_cards_leave_hand_and_first_stacked_runs_first():
    g = scenario(p0=dict(hand=["T-PLACE2", "T-PLACE", "T-SMALL", "T-GUARD"], deck=FILL),
                 p1=dict(deck=FILL))
    do(g, "stack", card="T-PLACE2")
    assert g.decision == Decision(0, "program")  # still programming
    do(g, "stack", card="T-PLACE")
    assert zone(g, 0, "hand") == ["T-SMALL", "T-GUARD"]
    assert zone(g, 0, "programs") == ["T-PLACE2", "T-PLACE"]
    own = g.observe(0)["players"][0]["programs"]
    assert [(p["id"], p["start"], p["fits"]) for p in own] == [("T-PLACE2", 0, True), ("T-PLACE", 2, True)]
    do(g, "finish_program")
    program(g, 1)
    # main phase: the top (first stacked) card is revealed and runs first
    reveals = [(e["id"], e["start"]) for e in events(g, "program_reveal")]
    assert reveals == [("T-PLACE2", 0)]
    do(g, "place", card="T-SMALL")
    do(g, "place", card="T-GUARD")
    assert [(e["id"], e["start"]) for e in events(g, "program_reveal")] == [("T-PLACE2", 0), ("T-PLACE", 2)]
    assert zone(g, 0, "chars") == ["T-SMALL", "T-GUARD"]


def test_tt_t2_programming_has_no_take_back_action():
    """TT-T2 (add-only): stacking only adds; no action takes a stacked card back, so always taking
    the first option stacks every character and then finishes."""
    g = scenario(p0=dict(hand=["T-PLACE2", "T-PLACE", "D-FIELD"], deck=FILL), p1=dict(deck=FILL))
    sizes = []
    while g.decision == Decision(0, "program") and g.legal_actions()[0].type == "stack":
        legal = g.legal_actions()
        sizes.append(len(legal))
        assert {a.type for a in legal} == {"stack", "finish_program"} and legal[-1].type == "finish_program"
        g.apply(legal[0])
    assert sizes == [3, 2]  # each stacked card leaves the options
    assert g.legal_actions() == [Action("finish_program")]
    with pytest.raises(IllegalActionError):
        g.apply(Action("unstack"))
    assert zone(g, 0, "programs") == ["T-PLACE2", "T-PLACE"]
    assert zone(g, 0, "hand") == ["D-FIELD"]
    assert g.decision == Decision(0, "program")
    assert g.observe(0)["players"][0]["program_count"] == 2
    assert g.observe(1)["players"][0]["program_count"] is None  # TT-T2: secret until both are done


def test_tt_t2_program_chosen_when_it_runs_for_multi_program_card():
    # T-MULTI lists attack / place / bed_in; all three can act when it is revealed: its owner
    # chooses then (or skips), and only then is its program known
    g = scenario(p0=dict(hand=["T-MULTI", "T-SMALL"], chars=["T-ATK1"], deck=FILL),
                 p1=dict(chars=["T-GUARD"], deck=FILL))
    program(g, 0, "T-MULTI")
    program(g, 1)
    assert decision(g) == (0, "choose_program")
    iid = g.state.players[0].running
    assert g.decision.info == {"card": iid, "segment": 0, "programs": ["Attack", "Place", "Bed In"]}
    assert set(g.legal_actions()) == {Action("use", program=0), Action("use", program=1),
                                      Action("use", program=2), Action("skip")}
    reveal = events(g, "program_reveal")
    assert [(e["id"], e["start"], e["cost"]) for e in reveal] == [("T-MULTI", 0, 2)]
    assert "program" not in reveal[0]
    assert g.observe(1)["players"][0]["running"]["program"] is None  # revealed, not chosen yet
    do(g, "use", program=2)
    assert decision(g) == (0, "bed_in")
    assert g.decision.info["program"] == "bed_in"
    assert legal_types(g) == {"bed_in", "skip"}
    assert [(e["program"], e["index"]) for e in events(g, "program_use")] == [("bed_in", 2)]
    assert g.observe(1)["players"][0]["running"]["program"] == "Bed In"
    do(g, "bed_in", card="T-GUARD")
    assert unit(g, 1, "T-GUARD").awake is False
    assert zone(g, 0, "chars") == ["T-ATK1"]  # no Place happened
    assert zone(g, 0, "hand") == ["T-SMALL", "T-MULTI", "T-SMALL"]  # + resolved + round 3's draw
    assert g.state.players[1].hp == 20  # no attack happened


def test_tt_t2_only_programs_that_can_act_are_offered():
    # no character in hand (no Place), no awake character anywhere but a sleeping own one
    # (no Bed-in, no Attack): T-MULTI's programs that can act: none -> discarded unasked
    g = scenario(p0=dict(programs=["T-MULTI"], chars=[dict(card="T-ATK1", awake=False)], deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert [(e["type"], e["id"]) for e in g.log if e["type"].startswith("program_") and e["type"] != "program_reveal"] \
        == [("program_discarded", "T-MULTI")]
    assert events(g, "program_discarded")[0]["program"] is None
    # only Place can act: it runs as Place without a choice of program
    g = scenario(p0=dict(programs=["T-MULTI"], hand=["T-SMALL"], chars=[dict(card="T-ATK1", awake=False)],
                         deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert decision(g) == (0, "place")
    assert [e["program"] for e in events(g, "program_use")] == ["place"]
    # Attack and Place: the choice offers those two, not Bed-in's... (T-ATK1 awake: Bed-in can act too)
    g = scenario(p0=dict(programs=["T-MULTI"], hand=["T-SMALL"], chars=[dict(card="T-ATK1", placed_this_round=True)],
                         deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert decision(g) == (0, "choose_program")
    assert set(g.legal_actions()) == {Action("use", program=1), Action("use", program=2), Action("skip")}
    do(g, "skip")
    assert events(g, "program_discarded")[0]["id"] == "T-MULTI" and zone(g, 0, "chars") == ["T-ATK1"]


def test_tt_t2_opponent_sees_nothing_of_the_programming_until_both_are_done():
    g = scenario(p0=dict(hand=["T-ATK", "T-DEC", "T-PLACE"], deck=FILL),
                 p1=dict(hand=["T-BED"], deck=FILL))
    do(g, "stack", card="T-ATK")
    do(g, "stack", card="T-DEC")
    do(g, "finish_program")
    assert g.decision == Decision(1, "program")
    # 「それぞれ…配置する」: simultaneous; the second learns nothing, not even a count
    theirs = g.observe(1)["players"][0]
    assert theirs["program_count"] is None and theirs["programming_done"] is None
    assert "programs" not in theirs and theirs["hand"] is None and theirs["hand_count"] == 3
    assert g.observe(None)["players"][0]["program_count"] is None
    assert "programs" not in g.observe(None)["players"][0]
    mine = g.observe(0)["players"][0]
    assert [p["id"] for p in mine["programs"]] == ["T-ATK", "T-DEC"]
    assert mine["program_count"] == 2 and mine["hand_count"] == 1
    # no event tells of the stacking (its cards or how many)
    for view in (g.log.for_player(1), g.log.for_spectator(), g.log.for_player(0)):
        assert [e for e in view if e["type"] in ("stack", "programmed")] == []
    # once both are done, the counts are public
    do(g, "stack", card="T-BED")
    do(g, "finish_program")
    for view in (g.log.for_player(1), g.log.for_spectator()):
        assert [e for e in view if e["type"] == "programmed"] == [
            {"type": "programmed", "player": 0, "count": 2}, {"type": "programmed", "player": 1, "count": 1}]
    assert decision(g) == (0, "choose_program")  # p0's decoder at segment 0 (T-ATK had no attacker)
    do(g, "use", program=0)
    assert g.state.round == 3  # (p0's decoder at segment 0 decoded T-BED; the round is over)
    assert g.observe(1)["players"][0]["program_count"] is None  # a new programming phase: secret again


def test_tt_t2_opponent_view_does_not_depend_on_which_cards_were_stacked():
    def played(first: str) -> Game:
        others = [c for c in ("T-ATK", "T-DEC") if c != first]
        g = scenario(p0=dict(hand=["T-ATK", "T-DEC"], deck=FILL), p1=dict(hand=["T-BED"], deck=FILL))
        do(g, "stack", card=first)
        do(g, "finish_program")
        assert zone(g, 0, "hand") == others
        return g
    a, b = played("T-ATK"), played("T-DEC")
    # same layout, different face-down card: what player 1 may see must be identical
    va, vb = a.observe(1), b.observe(1)
    assert va["players"][0]["program_count"] is vb["players"][0]["program_count"] is None
    assert va == vb
    assert a.log.for_player(1) == b.log.for_player(1)
    assert a.observe(0) != b.observe(0)


def test_tt_t2_second_player_learns_nothing_from_how_many_were_stacked():
    # p0 (priority) stacks 0, 1 or 2 cards: p1, about to program, sees exactly the same
    def played(n: int) -> Game:
        g = scenario(p0=dict(hand=["T-ATK", "T-DEC", "T-PLACE"], deck=FILL), p1=dict(hand=["T-BED"], deck=FILL))
        for cid in ["T-ATK", "T-DEC"][:n]:
            do(g, "stack", card=cid)
        do(g, "finish_program")
        assert g.decision == Decision(1, "program")
        return g
    games = [played(n) for n in (0, 1, 2)]
    for g in games[1:]:
        assert g.observe(1) == games[0].observe(1)
        assert g.observe(None) == games[0].observe(None)
        assert g.log.for_player(1) == games[0].log.for_player(1)
        assert g.log.for_spectator() == games[0].log.for_spectator()
        assert g.decision == games[0].decision
    assert [g.observe(0)["players"][0]["program_count"] for g in games] == [0, 1, 2]


def test_tt_t2_face_down_programs_stay_hidden_during_the_main_phase():
    # p0's second face-down program differs (1 or 3 segments, place or bed-in): while only the
    # first is revealed, player 1 and spectators must see exactly the same thing
    def played(second: str):
        g = scenario(p0=dict(programs=["T-PLACE2", second, "T-PLACE"], hand=["T-SMALL"],
                             deck=FILL),
                     p1=dict(programs=["T-PLACE", "T-PLACE"], hand=["T-GUARD", "T-BIG"], deck=FILL),
                     start="main")
        do(g, "place", card="T-SMALL")   # p0's first program (segment 0, revealed)
        assert decision(g) == (1, "place")
        return g
    views = [played(c) for c in ("T-PLACE", "T-PLACE3", "T-BED")]
    for g in views[1:]:
        assert g.observe(1) == views[0].observe(1)
        assert g.observe(None) == views[0].observe(None)
        assert g.log.for_player(1) == views[0].log.for_player(1)
    theirs = views[0].observe(1)["players"][0]
    assert theirs["program_count"] == 2 and "programs" not in theirs
    # the owner sees its own timeline
    assert views[0].observe(0) != views[1].observe(0)


# =============================================================================================
# TT-T3: executed -> resolved (face up), not executed -> discard
# =============================================================================================

def test_tt_t3_executed_program_is_resolved_face_up_others_discarded():
    g = scenario(p0=dict(programs=["T-PLACE", "T-BED"], hand=["T-SMALL"], deck=FILL),
                 p1=dict(deck=FILL), start="main")
    assert decision(g) == (0, "place")
    do(g, "place", card="T-SMALL")
    # T-PLACE is resolved, face up: the opponent sees it in the resolved pile
    assert zone(g, 0, "resolved") == ["T-PLACE"]
    assert [c["id"] for c in g.observe(1)["players"][0]["resolved"]] == ["T-PLACE"]
    assert decision(g) == (0, "bed_in")
    assert g.observe(1)["players"][0]["running"]["id"] == "T-BED"  # revealed when it starts
    do(g, "skip")  # chosen not to run: discarded
    assert zone(g, 0, "discard") == ["T-BED"]
    types = [e["type"] for e in g.log if e["type"].startswith("program_")]
    assert types == ["program_reveal", "program_use", "program_resolved", "program_reveal", "program_use",
                     "program_discarded"]
    assert zone(g, 0, "hand") == ["T-PLACE", "T-SMALL"]  # TT-T4, then round 3's draw


# =============================================================================================
# TT-T4: resolved programs back to hand at the end of the main phase
# =============================================================================================

def test_tt_t4_resolved_programs_return_to_hand_library_draw_discarded():
    g = scenario(p0=dict(programs=["T-PLACE", "T-DRAW2"], hand=["T-SMALL"],
                         deck=["T-ATK", "T-BED", "T-FAN"]),
                 p1=dict(programs=["T-REBOOT"], chars=[dict(card="T-GUARD", awake=False)],
                         deck=FILL),
                 start="main")
    do(g, "place", card="T-SMALL")          # p0 seg 0 (priority)
    do(g, "pick", card="T-GUARD")           # p1 seg 0
    do(g, "done")
    assert decision(g) == (0, "library_draw")
    do(g, "run")                             # p0 seg 1
    # drawn T-ATK, T-BED; resolved T-PLACE back; then round 3's draw (T-FAN)
    assert zone(g, 0, "hand") == ["T-ATK", "T-BED", "T-PLACE", "T-FAN"]
    assert zone(g, 0, "discard") == ["T-DRAW2"]
    assert zone(g, 1, "hand") == ["T-REBOOT", "T-SMALL"]
    assert zone(g, 0, "resolved") == [] and zone(g, 1, "resolved") == []
    back = [(e["player"], [g.state.cards[i].id for i in e["cards"]]) for e in events(g, "resolved_to_hand")]
    assert back == [(0, ["T-PLACE"]), (1, ["T-REBOOT"])]
    types = kinds(g)
    last_program = max(i for i, t in enumerate(types) if t.startswith("program_"))
    assert types.index("resolved_to_hand") > last_program
    assert types.index("resolved_to_hand") < types.index("round_start")
    prepare = [i for i, e in enumerate(g.log) if e["type"] == "phase" and e["phase"] == "prepare"]
    assert max(i for i, t in enumerate(types) if t == "resolved_to_hand") < prepare[0]
    assert g.state.phase == "programming" and g.state.round == 3


# =============================================================================================
# TT-T5: prepare phase: damage removed, hand limit 7
# =============================================================================================

def test_tt_t5_damage_and_round_changes_removed():
    g = scenario(p0=dict(chars=[dict(card="T-GUARD", damage=3), "T-SKILL"], deck=FILL,
                         programs=["T-ACTV"]),
                 p1=dict(chars=[dict(card="T-BIG", damage=4)], deck=FILL), start="main")
    do(g, "activate", card="T-SKILL", ability=1)  # +2 power until the prepare phase
    # the main phase ended; look at the state right after the prepare phase
    assert g.state.round == 3
    assert unit(g, 0, "T-GUARD").damage == 0
    assert unit(g, 1, "T-BIG").damage == 0
    assert F.toughness_of(g.state, unit(g, 0, "T-GUARD")) == 4
    assert F.power_of(g.state, unit(g, 0, "T-SKILL")) == 1
    assert g.state.players[0].chars[0].pow_mod == 0


def test_tt_t5_power_bonus_lasts_until_prepare():
    g = scenario(p0=dict(chars=["T-SKILL"], deck=FILL, programs=["T-ACTV", "T-BED"]),
                 p1=dict(chars=["T-SMALL"], deck=FILL), start="main")
    do(g, "activate", card="T-SKILL", ability=1)
    assert decision(g) == (0, "bed_in")
    assert F.power_of(g.state, unit(g, 0, "T-SKILL")) == 3
    do(g, "skip")
    assert F.power_of(g.state, unit(g, 0, "T-SKILL")) == 1


def test_tt_t5_hand_above_seven_discards_down_owner_chooses():
    hand = ["T-ATK", "T-BED", "T-FAN", "T-PLACE", "T-PLACE2", "T-DEC", "T-SMALL", "A-BOLT", "D-FIELD"]
    g = scenario(p0=dict(hand=hand, deck=FILL), p1=dict(hand=hand[:7], deck=FILL), start="prepare")
    assert g.decision == Decision(0, "discard", {"over": 2})
    assert sorted(options(g, "discard")) == sorted(hand)
    do(g, "discard", card="A-BOLT")
    assert g.decision.kind == "discard" and g.decision.player == 0
    do(g, "discard", card="T-FAN")
    assert zone(g, 0, "discard") == ["A-BOLT", "T-FAN"]
    assert zone(g, 0, "hand") == ["T-ATK", "T-BED", "T-PLACE", "T-PLACE2", "T-DEC", "T-SMALL", "D-FIELD",
                                  "T-SMALL"]  # 7 kept + round 3's draw
    # player 1 has exactly 7: no discard; the next round begins (8 after its draw)
    assert g.decision == Decision(0, "program")
    assert zone(g, 1, "discard") == [] and len(zone(g, 1, "hand")) == 8


def test_tt_t5_resolved_programs_count_toward_the_hand_limit():
    hand = ["T-ATK", "T-BED", "T-FAN", "T-DEC", "T-SMALL", "A-BOLT"]
    g = scenario(p0=dict(programs=["T-PLACE", "T-PLACE"], hand=hand + ["T-GUARD", "T-BIG"], deck=FILL),
                 p1=dict(deck=FILL), start="main")
    do(g, "place", card="T-GUARD")
    do(g, "place", card="T-BIG")
    # 6 in hand + 2 resolved programs back = 8: one discard
    assert g.decision == Decision(0, "discard", {"over": 1})
    assert len(zone(g, 0, "hand")) == 8
    do(g, "discard", card="T-PLACE")
    assert zone(g, 0, "discard") == ["T-PLACE"]
    assert g.decision == Decision(0, "program")


def test_tt_t5_lower_hp_player_discards_first():
    hand = ["T-ATK", "T-BED", "T-FAN", "T-PLACE", "T-PLACE2", "T-DEC", "T-SMALL", "A-BOLT"]
    g = scenario(p0=dict(hand=hand, deck=FILL), p1=dict(hand=hand, deck=FILL, hp=12), start="prepare")
    assert g.decision == Decision(1, "discard", {"over": 1})
    do(g, "discard", card="T-DEC")
    assert g.decision == Decision(0, "discard", {"over": 1})
    do(g, "discard", card="T-ATK")
    assert [(e["player"], e["id"]) for e in events(g, "discard")] == [(1, "T-DEC"), (0, "T-ATK")]


# =============================================================================================
# TT-T6: end phase, next round
# =============================================================================================

def test_tt_t6_next_round_starts_with_the_draw_and_nothing_else_changes():
    g = scenario(p0=dict(chars=[dict(card="T-ATK", awake=False), "T-GUARD"], devices=["D-FIELD"],
                         hand=["T-PLACE"], deck=["T-BED", "T-SMALL"], hp=14),
                 p1=dict(chars=[dict(card="T-BIG", awake=False)], deck=["T-FAN", "T-SMALL"]),
                 round=5, start="prepare")
    types = kinds(g)
    assert types == ["phase", "round_start", "draw", "draw"]
    assert list(g.log)[1]["round"] == 6 and g.state.round == 6
    assert [e["player"] for e in events(g, "draw")] == [0, 1]  # p0 has less HP: draws first
    assert g.decision == Decision(0, "program")
    # nothing wakes characters, HP unchanged, devices stay
    assert unit(g, 0, "T-ATK").awake is False and unit(g, 1, "T-BIG").awake is False
    assert unit(g, 0, "T-GUARD").awake is True
    assert [g.state.players[p].hp for p in (0, 1)] == [14, 20]
    assert zone(g, 0, "devices") == ["D-FIELD"]
    assert zone(g, 0, "hand") == ["T-PLACE", "T-BED"] and zone(g, 1, "hand") == ["T-FAN"]


def test_tt_t6_full_round_cycle_returns_to_programming():
    g = scenario(p0=dict(hand=["T-PLACE", "T-SMALL"], deck=FILL), p1=dict(deck=FILL), round=1)
    program(g, 0, "T-PLACE")
    program(g, 1)
    do(g, "place", card="T-SMALL")
    assert g.state.round == 2 and g.state.phase == "programming"
    phases = [e.get("phase") or e["type"] for e in g.log if e["type"] in ("phase", "round_start")]
    assert phases == ["main", "prepare", "round_start"]
    assert g.decision == Decision(0, "program")


# =============================================================================================
# TT-W1..W3: winning
# =============================================================================================

@pytest.mark.parametrize("hp,final", [(3, 0), (2, -1)])
def test_tt_w1_zero_or_less_hp_loses(hp, final):
    g = scenario(p0=dict(chars=["T-ATK"], programs=["T-ATK1", "T-PLACE"], hand=["T-SMALL"],
                         deck=FILL),
                 p1=dict(hp=hp, deck=FILL), start="main")
    do(g, "pick", card="T-ATK")
    do(g, "done")
    assert g.state.players[1].hp == final
    assert g.is_over and g.winner == 0
    assert g.result == {"winner": 0, "draw": False, "reason": "hp"}
    assert g.legal_actions() == []
    assert zone(g, 0, "hand") == ["T-SMALL"]  # the game stopped: no later program ran


def test_tt_w1_one_hp_left_is_still_alive():
    g = scenario(p0=dict(chars=["T-ATK"], programs=["T-ATK1"], deck=FILL),
                 p1=dict(hp=4, deck=FILL), start="main")
    do(g, "pick", card="T-ATK")
    do(g, "done")
    assert g.state.players[1].hp == 1
    assert not g.is_over


def test_tt_w2_empty_deck_at_the_draw_phase_loses():
    g = scenario(p0=dict(deck=[], hp=5), p1=dict(deck=["T-SMALL"]), start="round")
    assert g.result == {"winner": 1, "draw": False, "reason": "deck_out"}


def test_tt_w2_library_draw_past_the_end_of_the_deck_loses():
    g = scenario(p0=dict(programs=["T-DRAW2"], deck=["T-SMALL"]), p1=dict(deck=FILL), start="main")
    do(g, "run")
    assert zone(g, 0, "hand") == ["T-SMALL"]
    assert g.result == {"winner": 1, "draw": False, "reason": "deck_out"}


def test_tt_w3_both_losing_at_once_is_a_draw():
    g = scenario(p0=dict(deck=[]), p1=dict(deck=[]), start="round")
    assert g.is_over and g.winner is None
    assert g.result == {"winner": None, "draw": True, "reason": "deck_out"}
    assert g.observe(0)["result"] == {"winner": None, "reason": "deck_out"}
