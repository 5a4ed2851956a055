"""KM-R2 reading: an endless exchange of refresh call-ins ends in a draw (``refresh_loop``), and
only such an exchange (issue 29, items 2 and 3).

Every refresh gives the opponent a call-in (「リフレッシュ 1回につき相手が呼び込みを 1回行う」), which
may refresh their deck and give one back. docs/rules/kemuri.md: the game is a draw when those
call-ins can never stop, whatever order the shuffles give; an exchange that can stop goes on.
The check compares everything that decides what the exchange does next (whose call-in comes
next included) and takes constant time a step, so the worst exchange is found at once."""
from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .harness import decision, events, scenario, serve, zone


def _capped(g, cap: int = 20_000):
    """The game with its own copy of the (shared) fixture ruleset, with a smaller step cap."""
    g.rules = copy.copy(g.rules)
    g.rules.max_steps_per_apply = cap
    return g


def _no_loop_rule(g, cap: int = 20_000):
    """The same game with the loop rule turned off and a smaller step cap: the exchange runs
    for real (with the same shuffles) until a decision, or the cap."""
    _capped(g, cap)
    g.rules._endless_refreshes = lambda s, *args: False
    return g


def _call_ins(g):
    return [(e["player"], e["why"]) for e in events(g, "call_in")]


# --- item 2: a repeat must compare everything that decides the future ---------------------------

def test_km_r2_a_call_in_that_finds_no_card_ends_the_exchange_without_a_draw():
    """Player 0 cycles one trigger card (a one-card shuffle leaves the random generator as it
    was); player 1's last card is seated by the call-in player 0's refresh gave. The next call-in
    owed to player 1 finds deck and backyard empty and does nothing: the exchange is over. The
    state before it differs from the state before player 0's call-in only in whose call-in comes
    next, which the earlier check left out (it called this a loop)."""
    g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TRIG"]),
                 p1=dict(floor=["K-LA"], deck=[], backyard=["K-F1"]), start="serve")
    serve(g, "K-EA", "K-LA")  # CP 3 against 3: the server wins, one call-in
    assert not g.is_over
    assert decision(g) == (0, "serve")
    assert _call_ins(g) == [(0, "serve"), (1, "refresh"), (0, "refresh")]
    assert [e["player"] for e in events(g, "refresh")] == [0, 1, 0]
    assert events(g, "no_card")[-1] == {"type": "no_card", "player": 1}  # the last call-in: nothing
    assert zone(g, 1, "seating") == ["K-F1"]


def test_km_r2_a_call_in_with_cards_left_ends_the_exchange_without_a_draw():
    """The same, with player 1's deck refilled by its refresh: the call-in owed to it seats a
    card and leaves one in the deck, so nothing is owed back."""
    g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TRIG"]),
                 p1=dict(floor=["K-LA"], deck=["K-F1"], backyard=["K-F2", "K-F3"]), start="serve")
    serve(g, "K-EA", "K-LA")
    assert not g.is_over and decision(g) == (0, "serve")
    assert _call_ins(g) == [(0, "serve"), (1, "refresh"), (0, "refresh"), (1, "refresh")]
    assert len(zone(g, 1, "deck")) == 1 and len(zone(g, 1, "seating")) == 2


# --- item 3: the worst exchange is found at once --------------------------------------------------

def test_km_r2_an_exchange_reshuffling_two_cards_is_a_draw_found_at_once():
    """Each player cycles two call-in triggers: every call-in a refresh gives draws both (the
    second calls in again and finds nothing), then the deck is empty and the next call-in
    refreshes the two cards with a two-card shuffle, which changes the random generator every
    time (an exact repeat never comes). The exchange can never stop: a draw, found within a few
    dozen events (it had run to the step cap, minutes)."""
    g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TCALL", "K-TCALL"]),
                 p1=dict(deck=[], backyard=["K-TCALL", "K-TCALL"]), start="serve")
    _capped(g)  # (the unfixed check ended here in step_limit)
    serve(g, "K-EA", -1)
    assert g.result == {"winner": None, "draw": True, "reason": "refresh_loop"}
    assert len(events(g, "refresh")) < 20 and len(g.log) < 100


def test_km_r2_the_worst_exchange_of_the_sample_cards_is_decided_at_once():
    """The sample cards: each player cycles the call-in triggers of a deck (Anniversary Festival
    and two Flyers; two Flyers and a New Hire), three-card shuffles with distinct cards. Every
    call-in a refresh gives draws the whole pile: a draw, decided in a fraction of a second."""
    for seed in range(4):
        g = _capped(scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["KMS-028", "KMS-031", "KMS-031"]),
                             p1=dict(deck=[], backyard=["KMS-031", "KMS-031", "KMS-009"]),
                             start="serve", seed=seed, samples=True))
        serve(g, "K-EA", -1)
        assert g.result["reason"] == "refresh_loop" and len(g.log) < 100


def test_km_r2_an_exchange_of_two_different_cards_is_a_draw_whatever_the_shuffles_give():
    """Two different triggers each (call in once; lock the opponent's leader): the shuffle
    decides which comes first and the piles differ from refresh to refresh, but every call-in a
    refresh gives makes exactly one refresh, so the exchange never stops, for every seed."""
    for seed in range(12):
        g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TCALL", "K-TLOCK"]),
                     p1=dict(deck=[], backyard=["K-TLOCK", "K-TCALL"]), start="serve", seed=seed)
        serve(g, "K-EA", -1)
        assert g.result["reason"] == "refresh_loop", seed
        assert len(g.log) < 200
        real = _no_loop_rule(scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TCALL", "K-TLOCK"]),
                                      p1=dict(deck=[], backyard=["K-TLOCK", "K-TCALL"]), start="serve", seed=seed))
        serve(real, "K-EA", -1)
        assert real.result["reason"] == "step_limit"  # the real exchange never reached a decision


def test_km_r2_an_exchange_that_can_stop_goes_on_until_it_stops():
    """Three triggers in player 1's piles: some shuffles let one of its call-ins leave a card in
    the deck (no refresh, nothing owed back). The state repeats along the way, but the exchange
    can stop, so it is no draw: it goes on and stops by itself."""
    stopped = 0
    for seed in range(20):
        g = scenario(p0=dict(floor=["K-EA"], deck=[], backyard=["K-TCALL", "K-TLOCK"]),
                     p1=dict(deck=[], backyard=["K-TCALL", "K-TLOCK", "K-TLOCK"]), start="serve", seed=seed)
        serve(g, "K-EA", -1)
        assert not g.is_over, seed
        assert decision(g) == (0, "serve")
        stopped += len(events(g, "refresh")) > 4
    assert stopped  # in some seeds the exchange went round more than once before it stopped


# --- the class: bounded property ------------------------------------------------------------------

TRIGGERS = ["K-TCALL", "K-TLOCK", "K-TRIG", "K-F1"]
piles = st.lists(st.sampled_from(TRIGGERS), max_size=5)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(d0=piles, b0=piles, d1=piles, b1=piles, receiver=st.booleans(), seed=st.integers(0, 2**32))
def test_km_r2_property_a_refresh_loop_only_when_the_exchange_never_stops(d0, b0, d1, b1, receiver, seed):
    """Any small piles of triggers and customers: the serving (one action) ends within the step
    cap, in a few rounds of the exchange (its log: the work done, under any load); when it ends in a refresh_loop draw, the same exchange played
    with the loop rule turned off (the same shuffles) never reaches a decision."""
    def game():
        return scenario(p0=dict(floor=["K-EA"], deck=list(d0), backyard=list(b0)),
                        p1=dict(floor=["K-LA"] if receiver else [], deck=list(d1), backyard=list(b1)),
                        start="serve", seed=seed)
    g = _capped(game())
    serve(g, "K-EA", "K-LA" if receiver else -1)
    assert len(g.log) < 200   # a few rounds of the exchange (under 40 seen), never the step cap's
    assert not g.is_over or g.result["reason"] == "refresh_loop"
    if g.is_over:
        real = _no_loop_rule(game())
        serve(real, "K-EA", "K-LA" if receiver else -1)
        assert real.is_over and real.result["reason"] == "step_limit"
