"""The rules say why an option is not offered as data (games/kemuri/reasons.py,
``KemuriRules.unavailable``): each reason is a key, the card instance it is about and the values
the rule compared; no words. The words (text.why_not) phrase them: the recorded lines of
tests/text/test_why_not_recorded.py, and here the lines the recorded games never produce (a
cross that cannot be made, an ability used once per game, no close)."""
from __future__ import annotations

import tcg
from tcg.agents import make_agent
from tcg.agents.base import AgentView
from tcg.engine.reasons import Reason
from tcg.games.kemuri import payment as KP
from tcg.games.kemuri import text as W

from .harness import scenario

FILL = ["K-F1"] * 8


def _named(g, reasons):
    """(key, printed id of the card, params) of each reason."""
    return [(r.key, g.state.cards[r.card].id if r.card is not None else None, dict(r.params)) for r in reasons]


def test_the_reasons_of_an_operation_phase_are_keys_cards_and_values():
    g = scenario(p0=dict(deck=FILL, hand=["K-BIG", "E-CP", "K-F1"], seating=["K-F1"] * 2, used_event=True,
                         floor=[dict(card="K-EA", served=True), "K-LA", dict(card="K-EB", served=True)],
                         leader="KL-DAN"),
                 p1=dict(deck=FILL, event="E-CALL"))
    reasons = g.rules.unavailable(g.state, 0)
    assert _named(g, reasons) == [
        ("floor_full", "K-BIG", {"count": 3}),
        ("event_used", "E-CP", {}),
        ("floor_full", "K-F1", {"count": 3}),
        ("remove_event", "E-CALL", {"cost": 3, "count": 2}),
        ("cross_served", "K-EA", {}),
        ("charm_timing", "KL-DAN", {"timing": "trouble"}),
    ]
    assert all(isinstance(r, Reason) and isinstance(r.card, int) for r in reasons)
    # the same with the legal actions given, as the words give them
    assert g.rules.unavailable(g.state, 0, g.legal_actions()) == reasons


def test_the_other_seat_is_told_whose_decision_it_is_a_spectator_nothing_and_everyone_the_end():
    g = scenario(p0=dict(deck=FILL, hand=["K-BIG"]), p1=dict(deck=FILL))
    assert g.rules.unavailable(g.state, 1) == [Reason("not_yours", None, {"who": 0})]
    assert g.rules.unavailable(g.state, None) == []
    g.concede(0)
    assert all(g.rules.unavailable(g.state, v) == [Reason("over")] for v in (0, 1, None))


def test_no_cross_when_every_cast_is_in_a_cross_already():
    g = scenario(p0=dict(deck=FILL, floor=[dict(card="K-EA", below=["K-EB"]), dict(card="K-LA", below=["K-LC"])]),
                 p1=dict(deck=FILL))
    assert ("cross_full", None, {}) in _named(g, g.rules.unavailable(g.state, 0))
    assert "No flavour cross: a cross holds at most 3 casts" in W.why_not(g, 0, "en")
    assert "味クロスできない：味クロスは3体まで" in W.why_not(g, 0, "ja")


def test_an_ability_used_once_per_game_says_so():
    g = scenario(p0=dict(deck=FILL, event="E-ACT"), p1=dict(deck=FILL))
    ev = g.state.event
    g.state.players[0].activated = ((ev, 0, "game"),)
    assert ("ability_used_game", "E-ACT", {"ability": 0}) in _named(g, g.rules.unavailable(g.state, 0))
    assert "Surprise Bonus (臨時ボーナス): its ability was used (once per game)" in W.why_not(g, 0, "en")
    assert "臨時ボーナス：もう効果を使った（1ゲーム1回）" in W.why_not(g, 0, "ja")


def test_no_close_with_too_few_seats():
    """The end phase opens for a leader's end-phase charm: the close is not offered below 16 seats."""
    g = scenario(p0=dict(seating=["K-F3"] * 5, deck=FILL, leader="KL-FUU"), p1=dict(deck=FILL), start="end_phase")
    assert g.decision.kind == "close"
    assert _named(g, g.rules.unavailable(g.state, 0)) == [("close_seats", None, {"count": 15, "goal": 16})]
    assert W.why_not(g, 0, "en") == ["No close: 15 seats, 16 needed"]
    assert W.why_not(g, 0, "ja") == ["クローズできない：席数15（16必要）"]


def test_no_close_with_the_leader_locked():
    """(The rules open no end-phase decision for a locked leader: the state is made by hand.)"""
    g = scenario(p0=dict(seating=["K-F3"] * 6, deck=FILL), p1=dict(deck=FILL), start="end_phase")
    assert g.decision.kind == "close"
    g.state.players[0].leader_active = False
    assert _named(g, g.rules.unavailable(g.state, 0)) == [("close_locked", None, {}),
                                                          ("charm_timing", "KL-CHO", {"timing": "operation"})]
    assert W.why_not(g, 0, "en")[0] == "No close: your leader is locked"
    assert W.why_not(g, 0, "ja")[0] == "クローズできない：リーダーがロック状態"


def test_the_reasons_of_seeded_games_hold_no_words():
    """Every parameter is a number, a seat, None or an id of the rules (a timing, a shift): never
    a sentence; every card is an instance id."""
    keys = set()
    decks = tcg.list_decks("kemuri")
    for seed in (1, 2):
        game = tcg.new_game("kemuri", [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        agents = [make_agent("random", seed=seed), make_agent("random", seed=seed + 9)]
        while not game.is_over and len(game.actions) < 600:
            for seat in (0, 1):
                for r in game.rules.unavailable(game.state, seat, game.legal_actions()):
                    keys.add(r.key)
                    assert r.card is None or isinstance(r.card, int), r
                    for k, val in r.params.items():
                        assert val is None or isinstance(val, int) or (
                            isinstance(val, str) and " " not in val and val.isascii()), (r, k)
            game.apply(agents[game.decision.player].act(AgentView(game, game.legal_actions())))
    assert {"not_yours", "floor_full", "charm_used"} <= keys, keys


def test_the_payment_of_an_offered_action_is_the_rules_data():
    """What a cost in seats really takes (seating cards are paid whole) and which hand cards
    complete a swap: games/kemuri/payment.py, which the option labels phrase."""
    assert KP.best_payment([3], 2) == 3
    assert KP.best_payment([1, 3], 2) == 3
    assert KP.best_payment([1, 1, 3], 2) == 2
    assert KP.best_payment([1], 2) is None
    hand = [(10, 1), (11, 1), (12, 2), (13, 3)]
    assert KP.completions(hand, 2) == [(12,), (10, 11)]
    assert KP.completions(hand, 3, picked=(10,)) == [(10, 12)]
    assert KP.completions(hand, 9) == []
