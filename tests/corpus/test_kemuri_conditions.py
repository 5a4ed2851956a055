"""Mechanics corpus, Kemuri Chuudoku, step 2 of docs/card-language-design.md: conditions (``if`` on
an ability and on an op), "if you do" (``if_done``) and "you may" (``optional``). One scenario test
per card of tests/corpus/kemuri/conditions.toml (invented cards), then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.errors import CardDataError

from . import cardfile
from .cardfile import header, load_error_cases
from ..games.kemuri.harness import FILL, cp, decision, do, events, legal_types, pay, seats, with_decks, zone

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "conditions.toml"
#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


# --- KCON-01: a static ability with an if ---------------------------------------------------------

def test_kcon01_the_static_works_only_while_the_seats_are_8_or_more():
    g = game(p0=dict(floor=["KCON-01"], seating=["K-F3", "K-F3", "K-F1"]))
    assert seats(g, 0) == 7 and cp(g, 0, "KCON-01") == 2
    g = game(p0=dict(floor=["KCON-01"], seating=["K-F3", "K-F3", "K-F2"]))
    assert seats(g, 0) == 8 and cp(g, 0, "KCON-01") == 4
    assert g.observe(0)["players"][0]["floor"][0]["cp_now"] == 4
    assert g.rules.observe_shared(g.state, 0)["players"][0]["floor"][0]["cp_now"] == 4


def test_kcon01_paying_below_8_seats_turns_it_off():
    g = game(p0=dict(floor=["KCON-01"], hand=["K-ED"], seating=["K-F3", "K-F3", "K-F2"]))
    shared = g.rules.observe_shared(g.state, 0)["players"][0]["floor"][0]["cp_now"]
    do(g, "place", card="K-ED")
    pay(g, 0, "K-F2")
    assert cp(g, 0, "KCON-01") == 2 and shared == 4
    assert g.rules.observe_shared(g.state, 0)["players"][0]["floor"][0]["cp_now"] == 2


# --- KCON-02: an on-place ability with an if ----------------------------------------------------

def test_kcon02_behind_on_seats_it_calls_in():
    g = game(p0=dict(hand=["KCON-02"], deck=["K-F2"] + FILL), p1=dict(seating=["K-F1"]))
    do(g, "place", card="KCON-02")
    assert zone(g, 0, "seating") == ["K-F2"] and [e["why"] for e in events(g, "call_in")] == ["effect"]


def test_kcon02_level_on_seats_nothing_happens():
    g = game(p0=dict(hand=["KCON-02"], seating=["K-F1"]), p1=dict(seating=["K-F1"]))
    do(g, "place", card="KCON-02")
    assert events(g, "call_in") == [] and decision(g) == (0, "operation")


# --- KCON-03: you may lose a seat; if you do, draw two ----------------------------------------------

def test_kcon03_yes_loses_a_seat_and_draws_two():
    g = game(p0=dict(hand=["KCON-03"], seating=["K-F2"], deck=["K-EA", "K-LA"] + FILL))
    do(g, "support", card="KCON-03")
    assert decision(g) == (0, "optional") and g.decision.info["op"] == "lose_seats"
    do(g, "optional", use=True)
    assert decision(g) == (0, "pay")
    do(g, "pay", card="K-F2")
    assert seats(g, 0) == 0 and zone(g, 0, "hand") == ["K-EA", "K-LA"]
    assert [e["use"] for e in events(g, "optional")] == [True]


def test_kcon03_no_draws_nothing():
    g = game(p0=dict(hand=["KCON-03"], seating=["K-F2"]))
    do(g, "support", card="KCON-03")
    do(g, "optional", use=False)
    assert seats(g, 0) == 2 and zone(g, 0, "hand") == [] and decision(g) == (0, "operation")


def test_kcon03_with_no_seats_it_is_not_asked_and_nothing_is_drawn():
    g = game(p0=dict(hand=["KCON-03"]))
    do(g, "support", card="KCON-03")
    assert decision(g) == (0, "operation") and zone(g, 0, "hand") == [] and events(g, "optional") == []


# --- KCON-04: a call-in trigger with an if ---------------------------------------------------------

def test_kcon04_with_two_casts_the_trigger_draws():
    g = game(p0=dict(floor=["K-EA", "K-LA"], deck=["KCON-04", "K-EB"] + FILL), start="serve")
    do(g, "serve", cast="K-EA", target=-1)                          # イケイケ: call in 2
    assert zone(g, 0, "hand") == ["K-EB"] and "KCON-04" in zone(g, 0, "backyard")
    assert zone(g, 0, "seating") == ["K-F1"]                        # the trigger took the next card first


def test_kcon04_with_one_cast_nothing_but_it_is_still_a_trigger_card():
    g = game(p0=dict(floor=["K-EA"], deck=["KCON-04", "K-EB"] + FILL), start="serve")
    do(g, "serve", cast="K-EA", target=-1)
    assert zone(g, 0, "hand") == [] and "KCON-04" in zone(g, 0, "backyard")
    assert zone(g, 0, "seating") == ["K-EB"]                        # no seat for the trigger card


# --- KCON-05: an activated ability offered only while its if holds -------------------------------------

def test_kcon05_offered_with_two_supports_in_the_backyard():
    g = game(p0=dict(floor=["KCON-05"], seating=["K-F1"], backyard=["S-DRAW", "S-PUMP"]))
    assert "activate" in legal_types(g)
    do(g, "activate", card="KCON-05", ability=0)
    pay(g, 0, "K-F1")
    assert decision(g) == (0, "pick_card")
    do(g, "pick", card="S-PUMP")
    assert zone(g, 0, "hand") == ["S-PUMP"]


def test_kcon05_not_offered_with_one():
    g = game(p0=dict(floor=["KCON-05"], seating=["K-F1"], backyard=["S-DRAW", "K-EA"]))
    assert "activate" not in legal_types(g)


# --- KCON-06: an op with an if, checked when its turn comes ----------------------------------------------

def test_kcon06_still_10_seats_after_the_first_loss_loses_2_more():
    g = game(p0=dict(floor=["K-EA"], seating=["K-F3"] * 4), p1=dict(hand=["KCON-06"]), start="serving_start")
    do(g, "trouble", card="KCON-06")
    pay(g, 0, "K-F3")
    assert seats(g, 0) == 9 and decision(g) == (0, "serve")        # 9 < 10: the second loss is skipped


def test_kcon06_with_13_seats_both_losses():
    g = game(p0=dict(floor=["K-EA"], seating=["K-F3"] * 4 + ["K-F1"]), p1=dict(hand=["KCON-06"]),
             start="serving_start")
    do(g, "trouble", card="KCON-06")
    pay(g, 0, "K-F3")
    assert decision(g) == (0, "pay")
    pay(g, 0, "K-F1", "K-F3")
    assert seats(g, 0) == 6


# --- KCON-07: a charm offered only while its if holds ----------------------------------------------------

def test_kcon07_the_charm_with_a_small_hand():
    g = game(p0=dict(leader="KCON-07", hand=["K-F1", "K-F1"], floor=["K-EA"]))
    assert "charm" in legal_types(g)
    do(g, "charm")
    assert len(zone(g, 0, "hand")) == 5


def test_kcon07_no_charm_with_a_big_hand_and_a_cast():
    g = game(p0=dict(leader="KCON-07", hand=["K-F1"] * 3, floor=["K-EA"]))
    assert "charm" not in legal_types(g)
    g = game(p0=dict(leader="KCON-07", hand=["K-F1"] * 3))            # no cast: the other half holds
    assert "charm" in legal_types(g)


# --- KCON-08: if you do, after a pick ---------------------------------------------------------------------

def test_kcon08_a_cast_taken_calls_in():
    g = game(p0=dict(hand=["KCON-08"], backyard=["K-EA"], deck=["K-F2"] + FILL))
    do(g, "support", card="KCON-08")
    do(g, "pick", card="K-EA")
    assert zone(g, 0, "hand") == ["K-EA"] and zone(g, 0, "seating") == ["K-F2"]


def test_kcon08_nothing_taken_no_call_in():
    g = game(p0=dict(hand=["KCON-08"], backyard=["K-EA"]))
    do(g, "support", card="KCON-08")
    do(g, "pick_none")
    assert zone(g, 0, "seating") == [] and events(g, "call_in") == []


# --- narration -----------------------------------------------------------------------------------------

def test_the_optional_decision_reads_in_both_languages():
    from tcg.games.kemuri import text as T
    g = game(p0=dict(hand=["KCON-03"], seating=["K-F2"]))
    do(g, "support", card="KCON-03")
    obs = g.observe(0)
    assert T.prompt(obs["decision"], 0, "en", obs=obs, cards=g.rules.cards) == \
        "You — the effect of Seat Shuffle (席替えタイム): may lose seats (yes or no)"
    assert T.prompt(obs["decision"], 0, "ja", obs=obs, cards=g.rules.cards) == \
        "あなた：席替えタイムの効果：席数を失うか選ぶ（任意）"
    labels = [T.label(g, a, 0, "en") for a in g.legal_actions()]
    assert labels == ["Yes: lose seats (Seat Shuffle (席替えタイム))", "No: skip it (Seat Shuffle (席替えタイム))"]
    assert [g.describe(a, "ja") for a in g.legal_actions()] == ["する", "しない"]
    do(g, "optional", use=False)
    evs = [dict(type=e[0], **e[1]) for e in g.state.events if e[0] in ("support", "optional")]
    assert T.lines(evs, 1, "en", cards=g.rules.cards)[-1] == \
        "Opponent chose not to lose seats (Seat Shuffle (席替えタイム))"
    assert T.lines(evs, 1, "ja", cards=g.rules.cards)[-1] == "相手は席替えタイムの任意の効果を使わなかった：席数を失う"


# --- load errors ----------------------------------------------------------------------------------------

def load_error(ability: str) -> CardDataError:
    return cardfile.load_error("kemuri", header("kemuri") + "[[cards.abilities]]\n" + ability + "\n")


@pytest.mark.parametrize("ability,field,words", load_error_cases("kemuri", "conditions"))
def test_load_errors(ability, field, words):
    e = load_error(ability)
    assert e.field == field and words in str(e), str(e)


def test_no_if_on_a_use():
    e = cardfile.load_error("kemuri", header("kemuri", "support")
                            + '[[cards.abilities]]\nkind = "use"\nif = {turn = "own"}\neffects = [{op = "draw"}]\n')
    assert e.field == "abilities[0].if" and "put 'if' on its ops" in str(e)
