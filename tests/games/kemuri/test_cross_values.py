"""KM-K3: a flavour cross's values depend only on its cards and their order, never on how it was
built (issue 29, item 4).

「その際に CPは全体の合算値となるが、それ以外の能力は一番上のカードの情報のみが有効となる。」: the
CP is the sum of every card's, anything else (the call-in count included) is the top card's
alone. A change until the end of the turn belongs to the card it was made to: a "+1 call-in"
on a card counts while that card is the top of its cast, and stays with it when a third cast
joins, whoever ends up on top."""
from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from .harness import call_in_value, cast, cp, do, events, members, scenario


def _placed_rush():
    """Player 0 places K-RUSH (on place: +1 call-in until end of turn) beside K-EA and K-LA."""
    g = scenario(p0=dict(hand=["K-RUSH"], floor=["K-EA", "K-LA"], deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    do(g, "place", card="K-RUSH")
    assert call_in_value(g, 0, "K-RUSH") == 2  # its own +1
    return g


def test_km_k3_a_top_cards_call_in_change_does_not_follow_the_cross_to_a_new_top():
    """K-RUSH tops a cross of two (call-in 1 + its +1); K-LA joins and K-EA goes on top: the
    cross's call-in is K-EA's 1, as when the same three are crossed in that order at once (it
    was 2: the change moved to the new top card)."""
    g = _placed_rush()
    do(g, "cross", casts=["K-RUSH", "K-EA"])
    assert call_in_value(g, 0, "K-RUSH") == 2
    do(g, "cross", casts=["K-EA", "K-RUSH", "K-LA"])
    assert members(g, 0) == [["K-EA", "K-RUSH", "K-LA"]]
    assert call_in_value(g, 0, "K-EA") == 1
    assert cp(g, 0, "K-EA") == 3 + 2 + 3

    at_once = _placed_rush()
    do(at_once, "cross", casts=["K-EA", "K-RUSH", "K-LA"])
    assert call_in_value(at_once, 0, "K-EA") == 1 and cp(at_once, 0, "K-EA") == 8


def test_km_k3_the_change_counts_again_when_its_card_is_the_top():
    """Built from a cross K-EA over K-RUSH, the three with K-RUSH on top call in 2 (K-RUSH's 1
    and its own +1), as when crossed so at once; the serving calls in that many (+1 イケイケ)."""
    g = _placed_rush()
    do(g, "cross", casts=["K-EA", "K-RUSH"])
    assert call_in_value(g, 0, "K-EA") == 1
    do(g, "cross", casts=["K-RUSH", "K-LA", "K-EA"])
    assert call_in_value(g, 0, "K-RUSH") == 2
    do(g, "end_operation")
    do(g, "pass")
    do(g, "serve", cast="K-RUSH", target=-1)
    assert events(g, "ikeike")[-1]["call_in"] == 3
    assert len([e for e in events(g, "call_in") if e["why"] == "serve"]) == 3


def test_km_k3_each_card_keeps_its_own_change_when_the_cross_breaks_up():
    """The end phase breaks the cross up: K-RUSH, below, is a cast again with its +1."""
    g = _placed_rush()
    do(g, "cross", casts=["K-EA", "K-RUSH", "K-LA"])
    g.rules._step_end_phase(g.state, ("end_phase",))  # the break-up alone, before the turn ends
    assert [(g.state.cards[c.iid].id, c.call_mod) for c in g.state.players[0].floor] == \
        [("K-EA", 0), ("K-RUSH", 1), ("K-LA", 0)]


# --- property: every way of building the same cross gives the same values -----------------------

CASTS = ("K-EA", "K-LC", "K-EB")  # CP 3, 1, 5; call-in 1, 3, 2
mods = st.tuples(st.integers(-3, 3), st.integers(-1, 2))


@settings(max_examples=60, deadline=None)
@given(own=st.tuples(mods, mods, mods), order=st.permutations(range(3)), pair=st.sampled_from(
    [None] + [(a, b) for a, b in itertools.permutations(range(3), 2)]))
def test_km_k3_property_a_cross_is_worth_the_same_however_it_was_joined(own, order, pair):
    """Three casts with their own changes this turn (CP, call-in), crossed into the final order
    ``order``, either at once or as a pair (``pair``: its top, then the other) that the third
    joins; the cross's CP is the sum of every card's CP and change, its call-in the top card's
    printed call-in and its own change, whatever the way."""
    g = scenario(p0=dict(floor=list(CASTS), deck=["K-F1"] * 6), p1=dict(deck=["K-F1"] * 6))
    for (cp_mod, call_mod), c in zip(own, g.state.players[0].floor):
        c.cp_mod, c.call_mod = cp_mod, call_mod
    final = [CASTS[i] for i in order]
    if pair is None:
        do(g, "cross", casts=final)
    else:
        do(g, "cross", casts=[CASTS[pair[0]], CASTS[pair[1]]])
        do(g, "cross", casts=final)
    assert members(g, 0) == [final]
    cards = g.state.cards
    top = cast(g, 0, final[0])
    want_cp = sum(cards[i].cp for i in top.members) + sum(m[0] for m in own)
    want_call = cards[top.iid].call_in + own[order[0]][1]
    assert cp(g, 0, final[0]) == max(0, want_cp)
    assert call_in_value(g, 0, final[0]) == max(0, want_call)
