"""Kemuri deck construction and set-up: KM-D1..D6, KM-S1..S5.

Deck and set-up tests play real games through the public API (``Game(fixture_rules(), decks,
seed)``) with fixture decks; the first-turn tests (KM-S5) build precise states with the
scenario harness."""
from __future__ import annotations

import pytest

from tcg.engine.action import Action, Decision
from tcg.engine.deck import Deck
from tcg.engine.errors import IllegalActionError
from tcg.engine.game import Game
from tcg.games.kemuri.deckcheck import check_deck

from ..harness_base import check_decks_shuffled_seeded, copies, deck_problems
from .harness import (can_swap, decision, do, events, fixture_rules, kinds, legal_types, options,
                      scenario, seats, serve, zone)

# 30 cards, no level-3 card, one event, no trouble: legal
MAIN = {"K-EA": 4, "K-EB": 4, "K-LA": 4, "K-LC": 4, "K-F1": 4, "K-F2": 4, "K-HE2": 2, "K-HL3": 2,
        "E-CP": 1, "S-DRAW": 1}
FILL = ["K-F1"] * 8


def make_deck(table: dict | None = None, leader: tuple[str, ...] = ("KL-AOI",), **extra) -> Deck:
    sections = {"main": copies(MAIN if table is None else table), "leader": tuple(leader)}
    sections.update(extra)
    return Deck("kemuri", "fixture", sections)


def problems(deck: Deck) -> list[tuple[str, str | None]]:
    return deck_problems(fixture_rules(), deck, "KM-D")


def new_game(seed: int, d0: Deck | None = None, d1: Deck | None = None) -> Game:
    return Game(fixture_rules(), [d0 or make_deck(), d1 or make_deck(leader=("KL-BEN",))], seed)


def keep(g: Game) -> None:
    assert g.decision.kind == "mulligan"
    g.apply(Action("mulligan_done"))


# =============================================================================================
# KM-D1: free deck size, no leader in the deck
# =============================================================================================

def test_km_d1_reference_30_card_deck_is_legal():
    assert sum(MAIN.values()) == 30
    assert problems(make_deck()) == []
    assert fixture_rules().profile.get("deck.reference_size") == 30


@pytest.mark.parametrize("size", [1, 7, 31, 60])
def test_km_d1_deck_size_is_free(size):
    table = {}
    pool = ["K-EA", "K-EB", "K-ED", "K-LA", "K-LC", "K-AOI2", "K-HE2", "K-HL3", "K-STAT", "K-CALL2",
            "K-TRIG", "K-TCALL", "K-F1", "K-F2", "S-DRAW", "S-PUMP"]
    n = 0
    for cid in pool:
        for _ in range(4):
            if n < size:
                table[cid] = table.get(cid, 0) + 1
                n += 1
    assert sum(table.values()) == size
    assert problems(make_deck(table)) == []


def test_km_d1_leader_card_in_the_deck_is_illegal():
    table = dict(MAIN, **{"KL-BEN": 1})
    assert problems(make_deck(table)) == [("KM-D1", "KL-BEN")]


def test_km_d1_empty_deck_and_unknown_cards_are_reported():
    assert problems(make_deck({})) == [("KM-D1", None)]
    assert problems(make_deck(dict(MAIN, **{"NOPE-9": 1}))) == [("KM-D1", "NOPE-9")]
    assert problems(make_deck(extra=("K-EA",))) == [("KM-D1", None)]  # unknown section [extra]


# =============================================================================================
# KM-D2: at most 4 copies of a card, 1 of each event
# =============================================================================================

def test_km_d2_four_copies_legal_five_illegal():
    assert problems(make_deck(dict(MAIN, **{"K-EA": 4}))) == []
    assert problems(make_deck(dict(MAIN, **{"K-EA": 5}))) == [("KM-D2", "K-EA")]


def test_km_d2_copies_are_counted_by_card_name_so_reprints_share_the_limit():
    """「同一カードはデッキに 4枚まで」: the same card is the same name, whatever its card id."""
    assert problems(make_deck(dict(MAIN, **{"K-EA": 2, "K-EA-R": 2}))) == []
    assert problems(make_deck(dict(MAIN, **{"K-EA": 3, "K-EA-R": 2}))) == [("KM-D2", "K-EA, K-EA-R")]
    r = fixture_rules()
    [p] = check_deck(r.cards, r.profile, make_deck(dict(MAIN, **{"K-EA": 3, "K-EA-R": 2})))
    assert "5 copies of '早番あおい', at most 4" in p.message and "same card by name" in p.message


def test_km_d2_events_one_copy_each():
    assert problems(make_deck(dict(MAIN, **{"E-OWN": 1, "E-CALL": 1}))) == []
    assert problems(make_deck(dict(MAIN, **{"E-CP": 2}))) == [("KM-D2", "E-CP")]
    r = fixture_rules()
    msgs = [p.message for p in check_deck(r.cards, r.profile, make_deck(dict(MAIN, **{"E-CP": 2})))]
    assert len(msgs) == 1 and "2 copies" in msgs[0] and "at most 1" in msgs[0]


# =============================================================================================
# KM-D3: at most 2 trouble cards in total
# =============================================================================================

def test_km_d3_two_troubles_legal_three_illegal_across_different_cards():
    assert problems(make_deck(dict(MAIN, **{"R-WEAK": 1, "R-KICK": 1}))) == []
    assert problems(make_deck(dict(MAIN, **{"R-WEAK": 2}))) == []
    found = problems(make_deck(dict(MAIN, **{"R-WEAK": 2, "R-KICK": 1})))
    assert found == [("KM-D3", "R-KICK, R-WEAK")]


# =============================================================================================
# KM-D4: at most 6 level-3 cards in total
# =============================================================================================

def test_km_d4_six_level3_cards_legal_seven_illegal():
    assert problems(make_deck(dict(MAIN, **{"K-LB": 4, "K-F3": 2}))) == []
    assert problems(make_deck(dict(MAIN, **{"K-LB": 4, "K-F3": 1, "E-CALL": 1}))) == []
    found = problems(make_deck(dict(MAIN, **{"K-LB": 4, "K-F3": 2, "E-CALL": 1})))
    assert found == [("KM-D4", "E-CALL, K-F3, K-LB")]


# =============================================================================================
# KM-D5: exactly one leader, outside the deck
# =============================================================================================

def test_km_d5_exactly_one_leader_card():
    assert problems(make_deck(leader=())) == [("KM-D5", None)]
    assert problems(make_deck(leader=("KL-AOI", "KL-BEN"))) == [("KM-D5", None)]
    assert problems(make_deck(leader=("K-EA",))) == [("KM-D5", "K-EA")]
    assert problems(make_deck(leader=("NOPE",))) == [("KM-D5", "NOPE")]
    for leader in ("KL-AOI", "KL-BEN", "KL-CHO"):
        assert problems(make_deck(leader=(leader,))) == []


# =============================================================================================
# KM-D6: every violation reported with card and rule
# =============================================================================================

def test_km_d6_every_violation_reported_with_card_and_rule():
    table = dict(MAIN, **{"K-EA": 6, "E-CP": 3, "R-WEAK": 2, "R-KICK": 2, "K-LB": 4, "K-F3": 3,
                          "KL-CHO": 1})
    found = problems(make_deck(table, leader=()))
    assert found == [("KM-D1", "KL-CHO"), ("KM-D2", "E-CP"), ("KM-D2", "K-EA"),
                     ("KM-D3", "R-KICK, R-WEAK"), ("KM-D4", "K-F3, K-LB"), ("KM-D5", None)]
    r = fixture_rules()
    by_rule = {}
    for p in check_deck(r.cards, r.profile, make_deck(table, leader=())):
        by_rule.setdefault(p.rule, []).append(p.message)
    assert any("6 copies" in m for m in by_rule["KM-D2"])
    assert any("3 copies" in m for m in by_rule["KM-D2"])
    assert "4 trouble" in by_rule["KM-D3"][0]
    assert "7 level-3" in by_rule["KM-D4"][0]
    assert "found 0" in by_rule["KM-D5"][0]


# =============================================================================================
# KM-S1: shuffle, leaders on their spots, seat markers (0 seats)
# =============================================================================================

def test_km_s1_both_decks_shuffled_seeded():
    check_decks_shuffled_seeded(new_game, zone, make_deck().section("main"), 30)


def test_km_s1_leaders_on_their_spots_active_and_no_seats_yet():
    g = new_game(4)
    s = g.state
    assert [s.cards[s.players[p].leader].id for p in (0, 1)] == ["KL-AOI", "KL-BEN"]
    for p in (0, 1):
        ps = s.players[p]
        assert ps.leader_active is True and ps.charm_used is False
        assert ps.leader not in ps.deck + ps.hand + ps.backyard + ps.seating
        assert seats(g, p) == 0 and ps.seating == [] and ps.floor == []
    assert [(e["player"], e["id"], e["active"]) for e in events(g, "leader")] == [
        (0, "KL-AOI", True), (1, "KL-BEN", True)]
    view = g.observe(None)
    assert [pv["leader"]["id"] for pv in view["players"]] == ["KL-AOI", "KL-BEN"]
    assert [pv["seats"] for pv in view["players"]] == [0, 0]
    assert view["close_seats"] == 16
    fixture_rules().check_invariants(s)


# =============================================================================================
# KM-S2: each draws 5, then the first player is decided (seeded)
# =============================================================================================

def test_km_s2_each_draws_five_then_first_player_decided():
    g = new_game(3)
    for p in (0, 1):
        assert len(zone(g, p, "hand")) == 5 and len(zone(g, p, "deck")) == 25
    types = kinds(g)
    assert types == ["shuffle", "leader", "shuffle", "leader"] + ["draw"] * 10 + ["first_player"]
    assert [e["player"] for e in events(g, "draw")] == [0] * 5 + [1] * 5
    assert events(g, "first_player")[0]["player"] == g.state.first
    assert g.decision == Decision(g.state.first, "mulligan")


def test_km_s2_first_player_is_seeded_and_both_can_be_first():
    seen = set()
    for seed in range(16):
        a, b = new_game(seed), new_game(seed)
        assert a.state.first == b.state.first
        assert a.observe(None)["first_player"] == a.state.first
        seen.add(a.state.first)
    assert seen == {0, 1}


# =============================================================================================
# KM-S3: mulligan, first player first, once each
# =============================================================================================

def _seed_with_first(first: int) -> int:
    return next(seed for seed in range(50) if new_game(seed).state.first == first)


def test_km_s3_mulligan_first_player_first_marked_cards_to_backyard_draw_that_many():
    seed = _seed_with_first(1)
    g = new_game(seed)
    ps = g.state.players[1]
    assert g.decision == Decision(1, "mulligan")
    hand = list(ps.hand)
    top3 = list(reversed(ps.deck))[:2]
    assert g.legal_actions() == [Action("mulligan_mark", card=i) for i in hand] + [Action("mulligan_done")]
    g.apply(Action("mulligan_mark", card=hand[0]))
    g.apply(Action("mulligan_mark", card=hand[3]))
    # marking only adds: a marked card is no longer offered and cannot be marked (or unmarked) again
    assert g.legal_actions() == [Action("mulligan_mark", card=i) for i in (hand[1], hand[2], hand[4])] + \
        [Action("mulligan_done")]
    with pytest.raises(IllegalActionError):
        g.apply(Action("mulligan_mark", card=hand[3]))
    assert g.decision == Decision(1, "mulligan")
    assert g.observe(1)["players"][1]["mulligan_pick"] == [hand[0], hand[3]]
    assert "mulligan_pick" not in g.observe(0)["players"][1]
    start = len(g.log)
    g.apply(Action("mulligan_done"))
    assert ps.backyard == [hand[0], hand[3]]
    assert ps.hand == [hand[1], hand[2], hand[4]] + top3
    assert len(ps.deck) == 23 and ps.mulliganed
    assert [(e["type"], e["player"]) for e in g.log[start:]] == [("mulligan", 1), ("draw", 1), ("draw", 1)]
    assert g.log[start]["returned"] == 2
    # then the second player, once
    assert g.decision == Decision(0, "mulligan")
    g.apply(Action("mulligan_done"))
    assert g.state.players[0].backyard == [] and len(g.state.players[0].hand) == 5
    # mulligans are over: turn 1 of the first player begins
    assert g.state.turn == 1 and g.state.active == 1
    assert "mulligan_mark" not in legal_types(g) and "mulligan_done" not in legal_types(g)
    with pytest.raises(IllegalActionError):
        g.apply(Action("mulligan_done"))


def test_km_s3_keeping_leaves_the_hand_alone():
    g = new_game(_seed_with_first(0))
    hands = [list(g.state.players[p].hand) for p in (0, 1)]
    keep(g)
    keep(g)
    assert g.state.players[1].hand == hands[1]
    assert g.state.players[0].hand[:5] == hands[0]  # + turn 1's draw
    assert [e["returned"] for e in events(g, "mulligan")] == [0, 0]
    assert [e["player"] for e in events(g, "mulligan")] == [0, 1]


# =============================================================================================
# KM-S4: no hand limit
# =============================================================================================

def test_km_s4_no_hand_limit_and_no_discard_step():
    big_hand = ["K-F1"] * 9 + ["K-F2"] * 3
    g = scenario(p0=dict(hand=big_hand, deck=FILL), p1=dict(deck=FILL), start="end_phase")
    # end of turn 3 goes straight on to player 1's turn 4 (its charcoal phase)
    assert g.state.turn == 4 and decision(g) == (1, "charcoal")
    assert len(zone(g, 0, "hand")) == 12 and zone(g, 0, "backyard") == []
    assert fixture_rules().profile.get("start.hand_limit") == "none"
    # drawing past any size is fine too
    g = scenario(p0=dict(hand=big_hand, deck=FILL), p1=dict(deck=FILL), start="start_turn")
    assert len(zone(g, 0, "hand")) == 13
    assert decision(g) == (0, "charcoal")


# =============================================================================================
# KM-S5: the first player's first turn
# =============================================================================================

def test_km_s5_first_turn_draws_then_skips_the_charcoal_phase():
    g = scenario(p0=dict(deck=["K-LA", "K-F1"], hand=["K-F1"], seating=["K-F1"]), p1=dict(deck=FILL),
                 turn=1, start="start_turn")
    assert g.state.turn == 1 and g.state.active == 0
    assert zone(g, 0, "hand") == ["K-F1", "K-LA"]  # drew
    assert decision(g) == (0, "operation")  # no charcoal phase although a swap would be possible
    assert "charcoal" not in [e.get("phase") for e in events(g, "phase")]


def test_km_s5_second_players_first_turn_has_the_charcoal_phase():
    g = scenario(p0=dict(deck=FILL), p1=dict(deck=["K-LA"] + FILL, hand=["K-F1"], seating=["K-F1"]),
                 turn=2, active=1, start="start_turn")
    assert g.state.turn == 2
    assert decision(g) == (1, "charcoal")
    assert can_swap(g, "K-F1", ["K-F1"])


def test_km_s5_first_turn_no_charm_later_turns_charm():
    g = scenario(p0=dict(leader="KL-AOI", deck=FILL), p1=dict(deck=FILL), turn=1, start="start_turn")
    assert decision(g) == (0, "operation")
    assert "charm" not in legal_types(g)
    assert "leader_draw" in legal_types(g)  # the draw ability is not restricted
    g = scenario(p0=dict(leader="KL-AOI", deck=FILL), p1=dict(deck=FILL), turn=3, start="start_turn")
    do(g, "end_charcoal")
    assert decision(g) == (0, "operation")
    assert "charm" in legal_types(g)
    g = scenario(p0=dict(deck=FILL), p1=dict(leader="KL-AOI", deck=FILL), turn=2, active=1,
                 start="start_turn")
    assert decision(g) == (1, "charcoal")
    do(g, "end_charcoal")
    assert "charm" in legal_types(g)  # the second player's first turn is not restricted


def test_km_s5_first_turn_only_one_serving():
    g = scenario(p0=dict(floor=["K-EB", "K-EA"], deck=FILL), p1=dict(floor=["K-LA"], deck=FILL),
                 turn=1, start="serve")
    assert options(g, "serve", "cast") == ["K-EB", "K-EA"]
    serve(g, "K-EB", "K-LA")  # wins (5 vs 3)
    assert decision(g) == (0, "serve")
    assert [a.type for a in g.legal_actions()] == ["end_serving"]
    # a later turn: both serve
    g = scenario(p0=dict(floor=["K-EB", "K-EA"], deck=FILL), p1=dict(floor=["K-LA", "K-LC"], deck=FILL),
                 turn=3, start="serve")
    serve(g, "K-EB", "K-LA")
    assert options(g, "serve", "cast") == ["K-EA"]


def test_km_s5_first_turn_only_one_serving_with_ikeike():
    g = scenario(p0=dict(floor=["K-EA", "K-LA"], deck=FILL), p1=dict(deck=FILL), turn=1, start="serve")
    serve(g, "K-EA", -1)
    assert [a.type for a in g.legal_actions()] == ["end_serving"]


def test_km_s5_first_turn_only_one_serving_even_when_the_server_lost():
    g = scenario(p0=dict(floor=["K-LA", "K-EA"], deck=FILL), p1=dict(floor=["K-BIG"], deck=FILL),
                 turn=1, start="serve")
    serve(g, "K-LA", "K-BIG")  # 3 vs 9: K-LA loses and leaves
    assert zone(g, 0, "floor") == ["K-EA"]
    assert decision(g) == (0, "serve")
    assert [a.type for a in g.legal_actions()] == ["end_serving"]
