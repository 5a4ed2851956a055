"""Mechanics corpus, Kemuri Chuudoku, step 4 (docs/card-language-design.md): costs. One scenario
test per card of tests/corpus/kemuri/costs.toml (an exact state, an action, the exact outcome), the
secret choice among the own hand, the narration in both languages; the load errors of cost lists
(in Kemuri's words: seats, the backyard, no counters) are in test_load_errors_alike.py."""
from __future__ import annotations

import functools
import pathlib

from tcg.games.kemuri import text as T

from .scenes import pay_in_secret
from ..games.kemuri.harness import (FILL, call_in_value, cast, cp, decision, do, end_operation, events, pay,
                                    with_decks, zone)

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "costs.toml"
#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def activations(g) -> list[tuple[str, int]]:
    return [(g.state.cards[a.card].id, a.ability) for a in g.legal_actions() if a.type == "activate"]


def lines(g, viewer: int, lang: str) -> list[str]:
    evs = [dict(type=e[0], **e[1]) for e in g.state.events]
    return T.lines(evs, viewer, lang, g.rules.cards)


# --- KCST-01: a seat and a card of the hand: draw two ------------------------------------------------

def test_kcst01_pays_a_seat_then_discards_the_chosen_card_then_draws():
    g = game(p0=dict(floor=["KCST-01"], hand=["K-EA", "K-LB"], seating=["K-F2"], deck=["K-EB", "K-ED"] + FILL))
    do(g, "activate", card="KCST-01", ability=0)
    pay(g, 0, "K-F2")                                              # 1 seat: a level-2 card overpays
    assert decision(g) == (0, "target_hidden")                     # a choice among the own hand: secret
    assert g.decision.info["op"] == "pay" and g.decision.info["to"] == "backyard"
    do(g, "target", target="K-LB")
    assert decision(g) == (0, "operation")
    assert zone(g, 0, "backyard") == ["K-F2", "K-LB"] and zone(g, 0, "seating") == []
    assert zone(g, 0, "hand") == ["K-EA", "K-EB", "K-ED"]
    kinds = [e[0] for e in g.state.events if e[0] in ("activate", "pay", "move", "draw")]
    assert kinds == ["activate", "pay", "move", "draw", "draw"]     # paid, then it resolves


def test_kcst01_the_opponent_is_not_shown_the_choice():
    g = game(p0=dict(floor=["KCST-01"], hand=["K-EA", "K-LB"], seating=["K-F1"]))
    do(g, "activate", card="KCST-01", ability=0)
    do(g, "pay", card="K-F1")
    assert decision(g) == (0, "target_hidden")
    assert "candidates" not in g.observe(1)["decision"]
    assert "candidates" not in g.rules.observe_shared(g.state, 1)["decision"]
    other = T.prompt(g.observe(1)["decision"], 1, "en", g.observe(1), g.rules.cards)
    assert "hidden" in other and "K-EA" not in other and "Aoi" not in other, other


def test_kcst01_hidden_pair_the_opponent_sees_the_same_whatever_the_hand():
    """Two games that differ only in the hand chosen from: the opponent's view of the decision
    and of everything told so far is the same."""
    seen = []
    for hand in (["K-EA", "K-LB"], ["K-ED", "K-BIG"]):
        g = game(p0=dict(floor=["KCST-01"], hand=hand, seating=["K-F1"]))
        do(g, "activate", card="KCST-01", ability=0)
        do(g, "pay", card="K-F1")
        obs = g.observe(1)
        seen.append((obs["decision"], obs["players"][0].get("hand"), obs["players"][0]["hand_count"],
                     lines(g, 1, "en")))
    assert seen[0] == seen[1]


def test_kcst01_not_offered_without_a_card_in_hand_or_without_a_seat():
    assert activations(game(p0=dict(floor=["KCST-01"], seating=["K-F1"]))) == []
    assert activations(game(p0=dict(floor=["KCST-01"], hand=["K-EA"]))) == []
    assert activations(game(p0=dict(floor=["KCST-01"], hand=["K-EA"], seating=["K-F1"]))) == [("KCST-01", 0)]


def test_kcst01_one_card_in_hand_is_taken_without_asking():
    g = game(p0=dict(floor=["KCST-01"], hand=["K-EA"], seating=["K-F1"], deck=["K-EB", "K-ED"] + FILL))
    do(g, "activate", card="KCST-01", ability=0)
    do(g, "pay", card="K-F1")
    assert decision(g) == (0, "operation") and zone(g, 0, "hand") == ["K-EB", "K-ED"]


# --- KCST-02: used from the hand, it goes to the backyard -----------------------------------------

def test_kcst02_from_the_hand_it_goes_to_the_backyard_and_raises_a_cast():
    g = game(p0=dict(hand=["KCST-02"], floor=["K-EA", "K-LA"]))
    assert activations(g) == [("KCST-02", 0)]
    do(g, "activate", card="KCST-02", ability=0)
    assert zone(g, 0, "backyard") == ["KCST-02"] and zone(g, 0, "hand") == []
    assert decision(g) == (0, "target")                            # the casts on the floor: public
    do(g, "target", target="K-LA")
    assert cp(g, 0, "K-LA") == 5 and cp(g, 0, "K-EA") == 3
    activate = events(g, "activate")[-1]
    assert activate["zone"] == "hand"


def test_kcst02_on_the_floor_or_in_the_backyard_it_is_not_offered():
    assert activations(game(p0=dict(floor=["KCST-02"]))) == []
    assert activations(game(p0=dict(backyard=["KCST-02"], floor=["K-EA"]))) == []


def test_kcst02_used_from_the_hand_is_narrated_in_both_languages():
    g = game(p0=dict(hand=["KCST-02"], floor=["K-EA"]))
    a = next(a for a in g.legal_actions() if a.type == "activate")
    en = T.label(g, a, 0, "en")
    assert "Tsubame Drops In" in en and "this card → backyard" in en, en
    assert "このカードをバックヤードへ" in T.label(g, a, 0, "ja")
    do(g, "activate", card="KCST-02", ability=0)
    assert any("used the ability of Tsubame Drops In" in x and "from your hand" in x for x in lines(g, 0, "en"))
    assert any("手札から" in x and "飛び入りのつばめ" in x for x in lines(g, 0, "ja"))


# --- KCST-03: the cast takes a break: call in once ------------------------------------------------------

def test_kcst03_takes_a_break_calls_in_and_cannot_serve():
    g = game(p0=dict(floor=["KCST-03", "K-EA"], deck=["K-F3"] + FILL))
    do(g, "activate", card="KCST-03", ability=0)
    assert cast(g, 0, "KCST-03").served and zone(g, 0, "seating") == ["K-F3"]
    assert [e["id"] for e in events(g, "break")] == ["KCST-03"]
    assert any("(呼び込み担当のみなみ) takes a break" in x for x in lines(g, 0, "en"))
    assert any("休憩" in x for x in lines(g, 0, "ja"))
    end_operation(g)
    assert [g.state.cards[a.get("cast")].id for a in g.legal_actions() if a.type == "serve"] == ["K-EA"]


def test_kcst03_after_serving_it_cannot_pay():
    g = game(p0=dict(floor=[dict(card="KCST-03", served=True)]))
    assert activations(g) == []


# --- KCST-04: another early-shift cast takes a break ----------------------------------------------------

def test_kcst04_the_player_chooses_which_early_cast_takes_a_break():
    g = game(p0=dict(floor=["KCST-04", "K-EA", "K-ED"]))
    do(g, "activate", card="KCST-04", ability=0)
    assert decision(g) == (0, "target") and g.decision.info["op"] == "pay"
    do(g, "target", target="K-ED")
    assert cast(g, 0, "K-ED").served and not cast(g, 0, "K-EA").served
    assert cp(g, 0, "KCST-04") == 6


def test_kcst04_a_late_cast_or_one_that_served_cannot_pay():
    assert activations(game(p0=dict(floor=["KCST-04", "K-LA"]))) == []
    assert activations(game(p0=dict(floor=["KCST-04", dict(card="K-EA", served=True)]))) == []


# --- KCST-05: the event: two casts of the backyard onto the deck, call in ---------------------------------

def test_kcst05_two_casts_of_the_backyard_go_on_top_then_one_is_called_in():
    g = game(p0=dict(event="KCST-05", backyard=["K-EA", "S-DRAW", "K-LB"], deck=["K-F1"]))
    assert activations(g) == [("KCST-05", 0)]
    do(g, "activate", card="KCST-05", ability=0)                    # two casts: both pay, no choice
    assert zone(g, 0, "backyard") == ["S-DRAW"]
    assert zone(g, 0, "seating") == ["K-LB"] and zone(g, 0, "deck") == ["K-EA", "K-F1"]


def test_kcst05_one_cast_in_the_backyard_is_not_enough():
    assert activations(game(p0=dict(event="KCST-05", backyard=["K-EA", "S-DRAW"]))) == []


# --- KCST-06: from the backyard: its printed cost, back to the hand ------------------------------------

def test_kcst06_pays_its_cost_and_returns_to_the_hand():
    g = game(p0=dict(backyard=["KCST-06"], floor=["K-EA"], seating=["K-F1"]))
    assert activations(g) == [("KCST-06", 0)]
    a = next(a for a in g.legal_actions() if a.type == "activate")
    assert "Ibuki Comes Back (出戻りのいぶき) from your backyard" in T.label(g, a, 0, "en")
    assert "（バックヤードから）" in T.label(g, a, 0, "ja")
    do(g, "activate", card="KCST-06", ability=0)
    pay(g, 0, "K-F1")
    assert zone(g, 0, "hand") == ["KCST-06"] and zone(g, 0, "backyard") == ["K-F1"]
    assert call_in_value(g, 0, "K-EA") == 2
    assert events(g, "activate")[-1]["zone"] == "backyard"


def test_kcst06_without_a_seat_it_is_not_offered():
    assert activations(game(p0=dict(backyard=["KCST-06"], floor=["K-EA"]))) == []


# --- KCST-07: you may discard a card; if you do, call in ------------------------------------------------

def test_kcst07_discard_and_call_in():
    g = game(p0=dict(hand=["KCST-07", "K-LB", "K-EA"], deck=["K-F2"] + FILL))
    do(g, "place", card="KCST-07")
    pay_in_secret(g, "K-LB")
    assert zone(g, 0, "backyard") == ["K-LB"] and zone(g, 0, "seating") == ["K-F2"]


def test_kcst07_declined_nothing_happens():
    g = game(p0=dict(hand=["KCST-07", "K-LB"]))
    do(g, "place", card="KCST-07")
    do(g, "optional", use=False)
    assert zone(g, 0, "hand") == ["K-LB"] and zone(g, 0, "seating") == [] and decision(g) == (0, "operation")


def test_kcst07_with_an_empty_hand_nothing_is_asked():
    g = game(p0=dict(hand=["KCST-07"]))
    do(g, "place", card="KCST-07")
    assert decision(g) == (0, "operation") and zone(g, 0, "seating") == []


# --- KCST-08: the support: you may pay 2 seats; if you do, draw two ---------------------------------------

def test_kcst08_pay_two_seats_and_draw_two():
    g = game(p0=dict(hand=["KCST-08"], seating=["K-F1", "K-F1", "K-F1"], deck=["K-EA", "K-EB"] + FILL))
    do(g, "support", card="KCST-08")
    assert decision(g) == (0, "optional")
    assert "pay the cost" in T.prompt(g.observe(0)["decision"], 0, "en", g.observe(0), g.rules.cards)
    do(g, "optional", use=True)
    pay(g, 0, "K-F1", "K-F1")
    assert zone(g, 0, "hand") == ["K-EA", "K-EB"] and len(zone(g, 0, "seating")) == 1
    assert zone(g, 0, "backyard") == ["K-F1", "K-F1", "KCST-08"]


def test_kcst08_with_one_seat_it_cannot_be_paid_and_is_not_asked():
    g = game(p0=dict(hand=["KCST-08"], seating=["K-F1"]))
    do(g, "support", card="KCST-08")
    assert decision(g) == (0, "operation") and zone(g, 0, "hand") == []


# --- load errors ------------------------------------------------------------------------------------

# The load errors of cost lists that the games give alike: test_load_errors_alike.py.
