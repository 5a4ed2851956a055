"""Mechanics corpus, Kemuri Chuudoku, step 6 (docs/card-language-design.md): keywords. One scenario
test per card of tests/corpus/kemuri/keywords.toml (an exact state, an action, the exact outcome),
the keyword's line in the card's text in both languages, keywords shared among the files loaded
together, then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.games.kemuri import text as T
from tcg.games.kemuri.cards import load_cards

from ..games.kemuri.harness import (
    FILL,
    FIXTURE,
    call_in_value,
    cp,
    decision,
    do,
    events,
    with_decks,
    zone,
)
from . import cardfile
from .cardfile import card_head, says, set_table

CORPUS = pathlib.Path(__file__).with_name("kemuri") / "keywords.toml"
#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def card(g, cid: str):
    return g.rules.cards.find(cid)


# --- KKEY-01: Regular: placed from the hand, call in once -----------------------------------------------

def test_kkey01_regular_calls_in_when_placed_from_the_hand():
    g = game(p0=dict(hand=["KKEY-01"], deck=["K-F3"] + FILL))
    do(g, "place", card="KKEY-01")
    assert zone(g, 0, "seating") == ["K-F3"] and decision(g) == (0, "operation")
    assert [e["id"] for e in events(g, "trigger")] == ["KKEY-01"]


def test_kkey01_the_keyword_is_printed_with_its_reminder_text():
    c = load_cards(FIXTURE, CORPUS).find("KKEY-01")
    assert T.card_text(c, "en") == "Regular (When this cast is placed from your hand, call in once.)"
    assert T.card_text(c, "ja") == "常連（このキャストが手札から配置された時、呼び込みを1回行う。）"
    assert [a.keyword for a in c.abilities] == ["regular"] and [k.id for k in c.keywords] == ["regular"]


# --- KKEY-02: Signboard beside an ability of its own -------------------------------------------------------

def test_kkey02_signboard_adds_a_call_in_and_its_own_ability_stays():
    g = game(p0=dict(floor=["KKEY-02"]))
    assert call_in_value(g, 0, "KKEY-02") == 2
    do(g, "activate", card="KKEY-02", ability=0)                    # its own ability comes first
    assert cp(g, 0, "KKEY-02") == 4
    c = card(g, "KKEY-02")
    assert T.card_text(c, "en").split("\n")[0] == "Signboard (This cast gets +1 call-in.)"   # the name's line


# --- KKEY-03: Pick-Up: a keyword with a cost, used from the hand ---------------------------------------------

def test_kkey03_pickup_from_the_hand_draws():
    g = game(p0=dict(hand=["KKEY-03"], deck=["K-EA"] + FILL))
    do(g, "activate", card="KKEY-03", ability=0)
    assert zone(g, 0, "backyard") == ["KKEY-03"] and zone(g, 0, "hand") == ["K-EA"]


def test_kkey03_the_option_reads_the_keyword():
    g = game(p0=dict(hand=["KKEY-03"]))
    a = next(a for a in g.legal_actions() if a.type == "activate")
    assert "Pick-Up" in T.label(g, a, 0, "en") and "送迎" in T.label(g, a, 0, "ja")


# --- KKEY-04: Full House: a call-in trigger on a support -------------------------------------------------------

def test_kkey04_called_in_its_keyword_trigger_calls_in_again():
    g = game(p0=dict(floor=["K-EA"], deck=["KKEY-04", "K-F3"] + FILL), start="serve")
    do(g, "serve", cast="K-EA", target=-1)                           # イケイケ: call in 2
    assert zone(g, 0, "backyard") == ["KKEY-04"]
    assert zone(g, 0, "seating") == ["K-F3", "K-F1"]


def test_kkey04_used_from_the_hand_only_its_use_happens():
    g = game(p0=dict(hand=["KKEY-04"], deck=["K-EA"] + FILL))
    do(g, "support", card="KKEY-04")
    assert zone(g, 0, "hand") == ["K-EA"] and zone(g, 0, "seating") == []


# --- KKEY-05: two keywords ------------------------------------------------------------------------------------

def test_kkey05_both_keywords_work():
    g = game(p0=dict(hand=["KKEY-05"], seating=["K-F2"], deck=["K-F1"] + FILL))
    do(g, "place", card="KKEY-05")
    do(g, "pay", card="K-F2")
    assert call_in_value(g, 0, "KKEY-05") == 2 and zone(g, 0, "seating") == ["K-F1"]
    assert T.card_text(card(g, "KKEY-05"), "ja").split("\n") == [
        "常連（このキャストが手札から配置された時、呼び込みを1回行う。）", "看板（このキャストの呼び込み+1。）"]


# --- keywords shared among the files loaded together --------------------------------------------------------

HEAD = set_table("kemuri", "mine")
CAST = card_head("kemuri", None, "MY-1")


def test_a_card_of_another_file_lists_a_keyword_the_corpus_declares():
    cards = load_cards(FIXTURE, CORPUS, CardText("mine.toml", HEAD + CAST + 'keywords = ["signboard"]\n'))
    c = cards.find("MY-1")
    assert [a.keyword for a in c.abilities] == ["signboard"] and "signboard" in cards.keywords


# --- load errors ------------------------------------------------------------------------------------------------

def load_error(text: str) -> str:
    return str(cardfile.load_error("kemuri", HEAD + text, loaded_with=(FIXTURE, CORPUS)))


@pytest.mark.parametrize("text, field, words", [
    (CAST + 'keywords = ["reguler"]\n', "keywords[0]", "did you mean 'regular'"),
    (CAST + 'keywords = ["regular", "regular"]\n', "keywords[1]", "listed twice"),
    ('[[keywords]]\nid = "regular"\nname = "常連"\n' + CAST, "keywords.regular.id", "already declared"),
    ('[[keywords]]\nid = "x"\nnme = "x"\n' + CAST, "keywords.x.nme", "did you mean 'name'"),
    ('[[keywords]]\nid = "x"\nname = "x"\n[[keywords.abilities]]\nkind = "charm"\ntiming = "end"\n'
     'effects = [{op = "drow"}]\n' + CAST, "keywords.x.abilities[0].effects", "drow"),
    ('[[keywords]]\nid = "x"\nname = "x"\n[[keywords.abilities]]\nkind = "use"\neffects = [{op = "draw"}]\n'
     + CAST + 'keywords = ["x"]\n', "keywords.x.abilities[0].kind", "a cast card cannot have an ability of kind 'use'"),
])
def test_load_errors(text, field, words):
    says(load_error(text), field, words)


# --- KKEY-06: a keyword with a number (Bustle 2) ---------------------------------------------------------

def test_kkey06_bustle_2_calls_in_twice_when_placed_from_the_hand():
    g = game(p0=dict(hand=["KKEY-06"], deck=["K-F3", "K-F2"] + FILL))
    do(g, "place", card="KKEY-06")
    assert zone(g, 0, "seating") == ["K-F3", "K-F2"] and decision(g) == (0, "operation")
    assert [e["id"] for e in events(g, "trigger")] == ["KKEY-06"]


def test_kkey06_the_keyword_prints_its_number_in_both_languages():
    c = load_cards(FIXTURE, CORPUS).find("KKEY-06")
    assert T.card_text(c, "en") == "Bustle 2 (When this cast is placed from your hand, call in 2 times.)"
    assert T.card_text(c, "ja") == "盛況2（このキャストが手札から配置された時、呼び込みを2回行う。）"
    assert [(k.id, k.n) for k in c.keywords] == [("bustle", 2)]


@pytest.mark.parametrize("text, field, words", [
    (CAST + 'keywords = ["bustle"]\n', "keywords[0]", "keyword 'bustle' takes a number"),
    (CAST + 'keywords = ["regular:2"]\n', "keywords[0]", "keyword 'regular' takes no number"),
    (CAST + 'keywords = ["bustle:100"]\n', "keywords[0]", "whole number 1..99, got '100'"),
    ('[[keywords]]\nid = "x"\nname = "x"\n[[keywords.abilities]]\nkind = "trigger"\n'
     'when = {event = "enters", card = {self = true}}\neffects = [{op = "call_in", amount = {keyword = "n"}}]\n' + CAST,
     "keywords.x.abilities[0].effects[0].amount", "add number = true"),
])
def test_load_errors_of_a_keyword_with_a_number_in_both_languages(text, field, words):
    error = cardfile.load_error("kemuri", HEAD + text, loaded_with=(FIXTURE, CORPUS))
    says(str(error), field, words)
    assert "bad.toml" in cardfile.in_japanese(error)
