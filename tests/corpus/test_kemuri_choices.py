"""Mechanics corpus, Kemuri Chuudoku, step 5 (docs/card-language-design.md): choices and amounts.
One scenario test per card of tests/corpus/kemuri/choices.toml (an exact state, an action, the
exact outcome), hidden-information pair tests for the secret choices (a look, the opponent
choosing among their own hand), the narration in both languages, then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.games.kemuri import text as T
from tcg.games.kemuri.cards import load_cards

from . import cardfile
from .cardfile import header, load_error_cases, says
from ..games.kemuri.harness import FILL, call_in_value, cp, decision, do, events, with_decks, zone

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "choices.toml"
#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def lines(g, viewer: int, lang: str) -> list[str]:
    evs = [dict(type=e[0], **e[1]) for e in g.state.events]
    return T.lines(evs, viewer, lang, g.rules.cards)


def prompt(g, viewer: int, lang: str = "en") -> str:
    return T.prompt(g.observe(viewer)["decision"], viewer, lang, g.observe(viewer), g.rules.cards)


def chosen(g, a_type: str = "look_take") -> list[str]:
    return [g.state.cards[a.get("card")].id for a in g.legal_actions() if a.type == a_type]


# --- KCHO-01: choose one: draw two or call in ----------------------------------------------------------

def test_kcho01_the_chosen_mode_resolves_in_view_of_both():
    g = game(p0=dict(hand=["KCHO-01"], deck=["K-EA", "K-EB", "K-F3"] + FILL))
    do(g, "support", card="KCHO-01")
    assert decision(g) == (0, "choose_mode") and [a.get("mode") for a in g.legal_actions()] == [0, 1]
    assert "Draw two cards." in T.label(g, g.legal_actions()[0], 0, "en")
    assert "カードを2枚引く。" in T.label(g, g.legal_actions()[0], 0, "ja")
    assert g.observe(1)["decision"]["kind"] == "choose_mode"        # a public choice
    do(g, "mode", mode=1)
    assert zone(g, 0, "seating") == ["K-EA"] and zone(g, 0, "hand") == []
    assert [e["mode"] for e in events(g, "mode")] == [1]
    assert any("Call in once." in x for x in lines(g, 1, "en")) and any("呼び込みを1回行う。" in x for x in lines(g, 1, "ja"))


def test_kcho01_draw_two():
    g = game(p0=dict(hand=["KCHO-01"], deck=["K-EA", "K-EB"] + FILL))
    do(g, "support", card="KCHO-01")
    do(g, "mode", mode=0)
    assert zone(g, 0, "hand") == ["K-EA", "K-EB"] and zone(g, 0, "seating") == []


# --- KCHO-02: choose two of three; they resolve in printed order -----------------------------------------

def test_kcho02_two_modes_resolve_in_printed_order():
    g = game(p0=dict(hand=["KCHO-02"], seating=["K-F1"], deck=["K-EA"] + FILL))
    do(g, "place", card="KCHO-02")
    do(g, "pay", card="K-F1")
    assert decision(g) == (0, "choose_mode")
    do(g, "mode", mode=2)
    assert decision(g) == (0, "choose_mode") and [a.get("mode") for a in g.legal_actions()] == [0, 1]
    do(g, "mode", mode=0)
    assert cp(g, 0, "KCHO-02") == 4 and call_in_value(g, 0, "KCHO-02") == 1 and zone(g, 0, "hand") == ["K-EA"]
    kinds = [e[0] for e in g.state.events if e[0] in ("mode", "modify", "draw")]
    assert kinds == ["mode", "mode", "modify", "draw"]              # printed order: CP first, then the draw


# --- KCHO-03: look at three, take up to one cast, the rest to the bottom in order -------------------------

def test_kcho03_takes_a_cast_and_orders_the_rest_to_the_bottom():
    g = game(p0=dict(hand=["KCHO-03"], deck=["S-DRAW", "K-EB", "K-F2", "K-F3"]))
    do(g, "support", card="KCHO-03")
    assert decision(g) == (0, "look_take")
    assert chosen(g) == ["K-EB", "K-F2"] and "look_done" in [a.type for a in g.legal_actions()]
    do(g, "look_take", card="K-EB")
    assert decision(g) == (0, "look_order")
    do(g, "look_order", card="K-F2")                                  # the first chosen ends highest
    assert zone(g, 0, "hand") == ["K-EB"] and zone(g, 0, "deck") == ["K-F3", "K-F2", "S-DRAW"]


def test_kcho03_taking_nothing_is_allowed():
    g = game(p0=dict(hand=["KCHO-03"], deck=["K-F1", "K-F2", "K-F3"]))
    do(g, "support", card="KCHO-03")
    do(g, "look_done")
    do(g, "look_order", card="K-F3")
    do(g, "look_order", card="K-F1")
    assert zone(g, 0, "hand") == [] and zone(g, 0, "deck") == ["K-F3", "K-F1", "K-F2"]


def test_kcho03_the_opponent_learns_only_counts():
    g = game(p0=dict(hand=["KCHO-03"], deck=["S-DRAW", "K-EB", "K-F2", "K-F3"]))
    do(g, "support", card="KCHO-03")
    seen = g.observe(1)["decision"]
    assert seen["kind"] == "look_take" and "candidates" not in seen
    assert "K-EB" not in str(lines(g, 1, "en")) and "Ben" not in str(lines(g, 1, "en"))


def test_kcho03_hidden_pair_the_opponent_sees_the_same_whatever_the_deck():
    """Two games that differ only in the cards looked at (one with no cast to take): the opponent
    is told the same, and the looker is asked either way."""
    seen = []
    for deck in (["S-DRAW", "K-EB", "K-F2", "K-F3"], ["S-DRAW", "S-PUMP", "E-CP", "K-F3"]):
        g = game(p0=dict(hand=["KCHO-03"], deck=deck))
        do(g, "support", card="KCHO-03")
        assert decision(g) == (0, "look_take")
        do(g, "look_done")
        obs = g.observe(1)
        seen.append((obs["decision"], obs["players"][0]["deck"], lines(g, 1, "en"), lines(g, 1, "ja")))
    assert seen[0] == seen[1]


# --- KCHO-04: the opponent's top two, back on top in any order -------------------------------------------

def test_kcho04_reorders_the_opponents_top_two():
    g = game(p0=dict(floor=["KCHO-04"]), p1=dict(deck=["K-EA", "K-LB", "K-F1"]))
    do(g, "activate", card="KCHO-04", ability=0)
    assert decision(g) == (0, "look_order") and sorted(chosen(g, "look_order")) == ["K-EA", "K-LB"]
    do(g, "look_order", card="K-LB")
    assert zone(g, 1, "deck") == ["K-LB", "K-EA", "K-F1"]
    assert [e["count"] for e in events(g, "look")] == [2] and [e["to"] for e in events(g, "look_rest")] == ["top"]


# --- KCHO-05: one to the seating zone, the rest to the backyard ---------------------------------------------

def test_kcho05_one_becomes_a_customer_the_rest_goes_to_the_backyard():
    g = game(p0=dict(hand=["KCHO-05"], deck=["K-F1", "K-F3", "K-EA", "K-EB"]))
    do(g, "support", card="KCHO-05")
    assert decision(g) == (0, "look_take") and "look_done" not in [a.type for a in g.legal_actions()]
    do(g, "look_take", card="K-F3")
    assert zone(g, 0, "seating") == ["K-F3"] and zone(g, 0, "backyard") == ["K-F1", "K-EA", "KCHO-05"]
    assert zone(g, 0, "deck") == ["K-EB"]


def test_kcho05_a_deck_emptied_by_the_look_is_refreshed():
    g = game(p0=dict(hand=["KCHO-05"], deck=["K-F1", "K-F3"], backyard=["K-LA"]))
    do(g, "support", card="KCHO-05")
    do(g, "look_take", card="K-F3")
    assert events(g, "refresh") and sorted(zone(g, 0, "deck")) == ["K-F1", "K-LA"]


# --- KCHO-06: draw one for each cast, at most three --------------------------------------------------------

@pytest.mark.parametrize("floor, drawn", [([], 0), (["K-EA"], 1), (["K-EA", "K-LA", dict(card="K-LB", below=["K-ED"])], 3)])
def test_kcho06_draws_one_per_cast(floor, drawn):
    g = game(p0=dict(hand=["KCHO-06"], floor=floor))
    do(g, "support", card="KCHO-06")
    assert len(zone(g, 0, "hand")) == drawn                          # a cross is one cast


# --- KCHO-07: +2 CP for each event in the backyard, at most +6 ------------------------------------------------

@pytest.mark.parametrize("backyard, now", [([], 1), (["E-CP", "K-EA"], 3), (["E-CP", "E-OWN", "E-CALL", "E-ACT"], 7)])
def test_kcho07_counts_the_events_in_the_backyard(backyard, now):
    g = game(p0=dict(floor=["KCHO-07"], backyard=backyard))
    do(g, "activate", card="KCHO-07", ability=0)
    assert cp(g, 0, "KCHO-07") == now


# --- KCHO-08: the opponent chooses a card of their own hand ----------------------------------------------------

def test_kcho08_the_opponent_chooses_which_card_of_their_hand_goes():
    g = game(p0=dict(floor=["K-EA"], hand=["K-EB", "K-LB"]), p1=dict(hand=["KCHO-08"]), start="serving_start")
    do(g, "trouble", card="KCHO-08")
    assert decision(g) == (0, "target_hidden")                       # the opponent (player 0) chooses
    assert g.decision.info["controller"] == 1
    do(g, "target", target="K-LB")
    assert zone(g, 0, "hand") == ["K-EB"] and zone(g, 0, "backyard") == ["K-LB"]
    assert zone(g, 1, "backyard") == ["KCHO-08"]


def test_kcho08_hidden_pair_the_trouble_user_sees_the_same_whatever_the_hand():
    seen = []
    for hand in (["K-EB", "K-LB"], ["K-ED", "K-BIG"]):
        g = game(p0=dict(floor=["K-EA"], hand=hand), p1=dict(hand=["KCHO-08"]), start="serving_start")
        do(g, "trouble", card="KCHO-08")
        obs = g.observe(1)
        seen.append((obs["decision"], prompt(g, 1), prompt(g, 1, "ja")))
    assert seen[0] == seen[1] and "candidates" not in seen[0][0]


# --- KCHO-09: a static "for each": +2 CP for each other cast of yours, counted all the time ----------------

def test_kcho09_the_static_count_follows_the_floor():
    g = game(p0=dict(floor=["KCHO-09"], hand=["K-EA", "K-LA"]))
    assert cp(g, 0, "KCHO-09") == 1
    do(g, "place", card="K-EA")
    assert cp(g, 0, "KCHO-09") == 3
    do(g, "place", card="K-LA")
    assert cp(g, 0, "KCHO-09") == 5
    assert [c["cp_now"] for c in g.observe(1)["players"][0]["floor"] if c["id"] == "KCHO-09"] == [5]


def test_kcho09_a_cross_counts_once_and_a_cast_leaving_lowers_it():
    g = game(p0=dict(floor=["KCHO-09", dict(card="K-EA", below=["K-LA"])]), p1=dict(hand=["R-KICK"]),
             start="serving_start")
    assert cp(g, 0, "KCHO-09") == 3
    do(g, "trouble", card="R-KICK")
    do(g, "target", target="K-EA")
    assert cp(g, 0, "KCHO-09") == 1


# --- load errors ------------------------------------------------------------------------------------

HEAD = header("kemuri")


def load_error(effects: str, kind: str = "on_place") -> str:
    return str(cardfile.load_error("kemuri", HEAD + f'[[cards.abilities]]\nkind = "{kind}"\neffects = {effects}\n'))


@pytest.mark.parametrize("effects, field, words", load_error_cases("kemuri", "choices"))
def test_load_errors(effects, field, words):
    says(load_error(effects), field, words)


def test_a_static_for_each_amount_may_not_count_by_cp_now():
    msg = load_error('[{op = "modify", target = "self", stat = "cp", amount = {count = {zone = "floor", cp = {min = 3}}}}]',
                     "static")
    assert "may not count by cp or call_in now" in msg, msg
    load_cards(CardText("ok.toml", HEAD + '[[cards.abilities]]\nkind = "static"\neffects = [{op = "modify", target = '
                        '"self", stat = "cp", amount = {count = {zone = "floor", cp = {min = 3, printed = true}}}}]\n'))
