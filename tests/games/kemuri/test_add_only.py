"""Choices that build a selection only add, and end with an explicit "done" (or complete
themselves): the KM-S3 mulligan marks and the KM-T2 charcoal change as add-only steps (seat
first, then hand cards one at a time). No sequence of legal actions returns to an earlier state."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from tcg.engine.action import Action, Decision
from tcg.engine.errors import IllegalActionError
from tcg.engine.rng import Rng

import tcg

from .harness import can_swap, decision, do, events, reachable_swaps, scenario, seats, swap, zone

FILL = ["K-F1"] * 8
BY_LEVEL = {1: ["K-F1", "K-EA", "K-ED"], 2: ["K-F2", "K-EB", "K-LC"], 3: ["K-F3", "K-LB"]}


def old_swaps(g, skip_swapped_in: bool = True) -> set[tuple[int, frozenset]]:
    """The swaps the former one-option-per-combination listing offered: every seating card with
    every 1-3 hand cards whose levels add up to its level (seats swapped in this phase left out)."""
    s = g.state
    ps = s.players[g.decision.player]
    hand = sorted(ps.hand)
    out = set()
    for seat in ps.seating:
        if skip_swapped_in and seat in ps.swapped_in:
            continue
        for k in (1, 2, 3):
            for combo in itertools.combinations(hand, k):
                if sum(s.cards[i].level for i in combo) == s.cards[seat].level:
                    out.add((seat, frozenset(combo)))
    return out


# =============================================================================================
# KM-S3: the mulligan marks only add; done puts exactly the marked cards into the backyard
# =============================================================================================

def _mulligan_game(seed: int = 4):
    decks = tcg.list_decks("kemuri")
    return tcg.new_game("kemuri", decks[:2], seed=seed)


def test_km_s3_mulligan_marks_only_add_and_a_marked_card_is_not_offered_again():
    g = _mulligan_game()
    p = g.decision.player
    ps = g.state.players[p]
    hand = list(ps.hand)
    offered = []
    while g.legal_actions()[0].type == "mulligan_mark":
        offered.append(len(g.legal_actions()))
        a = g.legal_actions()[0]  # always the first option: it must still end
        g.apply(a)
        assert a.card in ps.mull_pick
        assert a not in g.legal_actions()
        with pytest.raises(IllegalActionError):
            g.apply(a)
    assert offered == list(range(len(hand) + 1, 1, -1))
    assert g.legal_actions() == [Action("mulligan_done")]
    assert ps.mull_pick == hand
    g.apply(Action("mulligan_done"))
    assert ps.backyard == hand and ps.mull_pick == [] and ps.mulliganed
    assert events(g, "mulligan")[0]["returned"] == len(hand)


def test_km_s3_mulligan_done_returns_exactly_the_marked_cards():
    g = _mulligan_game(9)
    p = g.decision.player
    ps = g.state.players[p]
    hand = list(ps.hand)
    marked = [hand[1], hand[4], hand[2]]
    for i in marked:
        g.apply(Action("mulligan_mark", card=i))
    assert g.decision == Decision(p, "mulligan")
    assert g.observe(p)["players"][p]["mulligan_pick"] == marked
    assert "mulligan_pick" not in g.observe(1 - p)["players"][p]  # marks are secret
    g.apply(Action("mulligan_done"))
    assert ps.backyard == marked
    assert ps.hand[:2] == [hand[0], hand[3]] and len(ps.hand) == 5


# =============================================================================================
# KM-T2 / KM-Z3: the charcoal change in add-only steps
# =============================================================================================

def test_km_t2_the_seat_comes_first_and_only_completable_seats_are_offered():
    g = scenario(p0=dict(seating=["K-F1", "K-F2", "K-F3"], hand=["K-F1", "K-F1"], deck=FILL),
                 start="charcoal")
    s = g.state
    # Lv1 <- 1, Lv2 <- 1+1; no Lv3 from two Lv1 cards
    assert [(a.type, s.cards[a.seat].id) for a in g.legal_actions()[:-1]] == \
        [("swap_out", "K-F1"), ("swap_out", "K-F2")]
    assert g.legal_actions()[-1] == Action("end_charcoal")
    do(g, "swap_out", seat="K-F2")
    d = g.decision
    assert (d.player, d.kind) == (0, "charcoal_in")
    assert s.cards[d.info["seat"]].id == "K-F2" and d.info["level"] == 2
    assert d.info["picked"] == [] and d.info["need"] == 2
    # no take-back: only hand cards can be added, nothing ends the selection early
    assert {a.type for a in g.legal_actions()} == {"swap_in"}
    assert seats(g, 0) == 6 and zone(g, 0, "seating") == ["K-F1", "K-F2", "K-F3"]  # nothing moved yet
    do(g, "swap_in", card="K-F1")
    d = g.decision
    assert d.kind == "charcoal_in" and d.info["need"] == 1 and len(d.info["picked"]) == 1
    picked = d.info["picked"][0]
    assert Action("swap_in", card=picked) not in g.legal_actions()  # a picked card is not offered again
    with pytest.raises(IllegalActionError):
        g.apply(Action("swap_in", card=picked))
    do(g, "swap_in", card="K-F1")
    assert decision(g) == (0, "charcoal")
    assert zone(g, 0, "seating") == ["K-F1", "K-F3", "K-F1", "K-F1"] and seats(g, 0) == 6
    ev = events(g, "charcoal_change")
    assert len(ev) == 1 and ev[0]["out_id"] == "K-F2" and ev[0]["in_ids"] == ["K-F1", "K-F1"]


def test_km_t2_hand_cards_are_offered_only_when_the_level_can_still_be_reached():
    # seat Lv3 with a hand of 2, 2, 1: 2+1 completes, 2+2 overshoots
    g = scenario(p0=dict(seating=["K-F3"], hand=["K-F2", "K-EB", "K-F1", "K-F3"], deck=FILL),
                 start="charcoal")
    do(g, "swap_out", seat="K-F3")
    ids = [g.state.cards[a.card].id for a in g.legal_actions()]
    assert ids == ["K-F2", "K-EB", "K-F1", "K-F3"]
    do(g, "swap_in", card="K-F2")
    # 2 picked: only the Lv1 card completes (K-EB would make 4, K-F3 6)
    assert [g.state.cards[a.card].id for a in g.legal_actions()] == ["K-F1"]


def test_km_t2_a_card_swapped_into_the_seats_cannot_be_swapped_out_again_this_phase():
    g = scenario(p0=dict(seating=["K-F2"], hand=["K-EB", "K-F1", "K-F1"], deck=FILL, leader_active=False),
                 p1=dict(deck=FILL), start="charcoal")
    swap(g, "K-F2", ["K-EB"])
    # K-EB (Lv2) is now in the seats and K-F1 + K-F1 would complete it, but it came in this phase
    assert not can_swap(g, "K-EB", ["K-F1", "K-F1"])
    assert g.legal_actions() == [Action("end_charcoal")]
    with pytest.raises(IllegalActionError):
        g.apply(Action("swap_out", seat=g.state.players[0].seating[0]))
    # the next charcoal phase of this player may swap it out
    do(g, "end_charcoal")
    for _ in range(40):
        if decision(g) == (0, "charcoal"):
            break
        g.apply(next(a for a in g.legal_actions()
                     if a.type in ("end_operation", "pass", "end_serving", "end_turn", "end_charcoal", "done")))
    assert decision(g) == (0, "charcoal")
    assert can_swap(g, "K-EB", ["K-F1", "K-F1"])


def test_km_t2_always_taking_the_first_swap_ends_the_phase():
    """Each swap adds at least one card to the cards swapped in this phase, which cannot leave the
    seats again: however the swaps are chosen, the phase ends (here: always the first option)."""
    g = scenario(p0=dict(seating=["K-F1", "K-F2", "K-F3", "K-F1"],
                         hand=["K-F1", "K-EA", "K-F2", "K-ED", "K-EB", "K-F3", "K-LB"], deck=FILL),
                 start="charcoal")
    states = set()
    n = 0
    while decision(g)[1] in ("charcoal", "charcoal_in") and g.legal_actions()[0].type != "end_charcoal":
        key = (tuple(g.state.players[0].hand), tuple(g.state.players[0].seating), repr(g.decision))
        assert key not in states, "a state came back"
        states.add(key)
        g.apply(g.legal_actions()[0])
        n += 1
        assert n < 60
    assert seats(g, 0) == 7
    assert g.legal_actions()[-1] == Action("end_charcoal")


SEAT_LEVELS = st.lists(st.integers(1, 3), min_size=0, max_size=5)
HAND_LEVELS = st.lists(st.integers(1, 3), min_size=0, max_size=8)


def _charcoal_game(seat_levels, hand_levels, rng):
    pick = lambda lv: BY_LEVEL[lv][rng.below(len(BY_LEVEL[lv]))]  # noqa: E731
    return scenario(p0=dict(seating=[pick(lv) for lv in seat_levels], hand=[pick(lv) for lv in hand_levels],
                            deck=FILL), start="charcoal")


@settings(max_examples=60, deadline=None)
@given(seat_levels=SEAT_LEVELS, hand_levels=HAND_LEVELS, seed=st.integers(0, 2**32), data=st.data())
def test_km_t2_km_z3_the_steps_reach_exactly_the_swaps_of_the_old_combination_listing(
        seat_levels, hand_levels, seed, data):
    """Property (KM-T2/KM-Z3): for random seats and hands, the swaps reachable through the add-only
    steps are exactly the (seat, 1-3 hand cards of the same total level) pairs the former listing
    offered, every step offered leads to a completed swap, and every swap keeps the seat total.
    After a swap, the same holds without the seats swapped in during the phase."""
    g = _charcoal_game(seat_levels, hand_levels, Rng(seed))
    assert decision(g) == (0, "charcoal")
    for _round in range(2):
        reached = reachable_swaps(g)
        assert reached == old_swaps(g)
        assert (len(g.legal_actions()) == 1) == (not reached)  # end_charcoal alone iff no swap
        if not reached:
            break
        seat, ins = data.draw(st.sampled_from(sorted(reached, key=lambda x: (x[0], sorted(x[1])))))
        before = seats(g, 0)
        g.apply(Action("swap_out", seat=seat))
        for i in data.draw(st.permutations(sorted(ins))):
            g.apply(Action("swap_in", card=i))
        assert decision(g) == (0, "charcoal") and seats(g, 0) == before
        assert set(ins) <= set(g.state.players[0].seating) and seat in g.state.players[0].hand


def test_km_t2_samples_during_a_swap_keep_it_completable():
    """A swap under way shows its seat and picked cards and tells that the hand completes it:
    its player's samples keep the hand (so the swap still completes); nobody else samples then."""
    g = scenario(p0=dict(seating=["K-F3"], hand=["K-F1", "K-F2", "K-EA", "K-LB"], deck=["K-EB"] * 6),
                 p1=dict(deck=FILL), start="charcoal")
    do(g, "swap_out", seat="K-F3")
    do(g, "swap_in", card="K-F2")
    picked = g.decision.info["picked"]
    assert g.determinized(1, Rng(0)) is None
    for k in range(5):
        h = g.determinized(0, Rng(k))
        assert h is not None
        assert h.state.players[0].hand == g.state.players[0].hand and set(picked) <= set(h.state.players[0].hand)
        assert h.legal_actions() == g.legal_actions()
        h.apply(h.legal_actions()[0])
        assert h.decision.kind == "charcoal" and seats(h, 0) == 3
