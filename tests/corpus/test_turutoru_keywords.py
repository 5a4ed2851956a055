"""Mechanics corpus, Turu-turu Stage, step 6 (docs/card-language-design.md): keywords. One
scenario test per card of tests/corpus/turutoru/keywords.toml (an exact state, the program that
uses the card, the exact outcome); the keyword's line in the card text and the log in both
languages; keywords shared among files loaded together; then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.games.turutoru import text as T
from tcg.games.turutoru.cards import load_cards
from tcg.games.turutoru.flow import toughness_of

from ..games.turutoru.harness import (
    ACTIVATE,
    FILL,
    FIXTURE,
    decision,
    do,
    events,
    unit,
    zone,
)
from ..games.turutoru.harness import main as tt_main
from . import cardfile
from .cardfile import card_head, says, set_table

CORPUS = pathlib.Path(__file__).parent / "turutoru" / "keywords.toml"
PLACE = ["T-PLACE", "T-DRAW2"]


#: a main phase with the corpus cards
main = functools.partial(tt_main, cards=CORPUS)


# --- TKW-01: Overclock (a triggered ability of the keyword) ------------------------------------------

def test_tkw01_placed_it_draws_by_its_keyword():
    g = main(dict(programs=PLACE, hand=["TKW-01"], deck=["T-BIG"] + FILL))
    do(g, "place", card="TKW-01")
    assert zone(g, 0, "hand") == ["T-BIG"]
    assert [e["card"] for e in events(g, "trigger")] == [g.state.players[0].chars[0].iid]
    for lang, words in (("en", "Luka, Speeding Courier"), ("ja", "加速する配達員ルカ")):
        lines = T.lines(g.log.for_player(1), 1, lang, cards=g.rules.cards)
        kw = "Overclock triggers" if lang == "en" else "オーバークロックが誘発した"
        assert any(words in line and kw in line for line in lines), lines


# --- TKW-02: two keywords and an ability of its own ------------------------------------------------------

def test_tkw02_has_its_own_ability_then_the_keywords():
    g = main(dict(programs=PLACE, hand=["TKW-02"], deck=["T-BIG"] + FILL))
    do(g, "place", card="TKW-02")
    u = unit(g, 0, "TKW-02")
    assert toughness_of(g.state, u) == 3                      # Firewall: 2 + 1
    assert zone(g, 0, "hand") == ["T-BIG"]                    # Overclock
    card = g.state.cards[u.iid]
    assert [(ab.kind, ab.keyword) for ab in card.abilities] == [("activated", ""), ("static", "firewall"),
                                                                  ("trigger", "overclock")]


def test_tkw02_its_own_activated_ability_is_used_as_always():
    g = main(dict(programs=ACTIVATE, chars=[dict(card="TKW-02", awake=False)]))
    do(g, "activate", card="TKW-02", ability=0)
    assert unit(g, 0, "TKW-02").awake


# --- TKW-03: Recycle (an activated ability of the keyword, used from the discard pile) ---------------------

def test_tkw03_recycled_from_the_discard_pile():
    g = main(dict(programs=ACTIVATE, discard=["TKW-03"], hp=10))
    assert decision(g) == (0, "activate")
    do(g, "activate_card", card="TKW-03", ability=0)
    assert g.state.players[0].hp == 11 and zone(g, 0, "discard") == []
    assert g.state.cards[g.state.players[0].deck[-1]].id == "TKW-03"


# --- the card text ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, first, last", [
    ("en", "Firewall (This character gets +1 toughness.)", "Activate: Wake up this character."),
    ("ja", "ファイアウォール（このキャラクターのタフネスは+1される。）", "起動：このキャラクターをウェイクアップする。"),
])
def test_the_card_text_prints_each_keyword_with_its_reminder(lang, first, last):
    cards = load_cards(FIXTURE, CORPUS)
    lines = T.card_text(cards.find("TKW-02"), lang).split("\n")
    assert lines[0] == first and lines[-1] == last and len(lines) == 3
    # a text naming the keyword alone gets its reminder text in place
    assert T.card_text(cards.find("TKW-01"), lang).count("\n") == 0


# --- keywords shared among the files loaded together ------------------------------------------------------

HEAD = set_table("turutoru", "mine")
CARD = card_head("turutoru", None, "MY-1")


def test_a_card_of_another_file_may_list_a_declared_keyword():
    cards = load_cards(FIXTURE, CORPUS, CardText("mine.toml", HEAD + CARD + 'keywords = ["firewall"]\n'))
    c = cards.find("MY-1")
    assert [kw.id for kw in c.keywords] == ["firewall"] and c.abilities[0].keyword == "firewall"


def load_error(*texts: str) -> str:
    return str(cardfile.load_error("turutoru", *texts, loaded_with=(FIXTURE, CORPUS)))


@pytest.mark.parametrize("texts, field, words", [
    ((HEAD + CARD + 'keywords = ["firewal"]\n',), "keywords[0]", "did you mean 'firewall'"),
    ((HEAD + CARD + 'keywords = ["firewall", "firewall"]\n',), "keywords[1]", "listed twice"),
    ((HEAD + '[[keywords]]\nid = "firewall"\nname = "x"\n',), "keywords.firewall.id", "already declared"),
    ((HEAD + '[[keywords]]\nid = "boost"\nnme = "x"\n',), "keywords.boost.nme", "did you mean 'name'"),
    ((HEAD + '[[keywords]]\nid = "boost"\nname = "x"\n[[keywords.abilities]]\nkind = "trigger"\n'
      'effects = [{op = "draw"}]\n',), "keywords.boost.abilities[0].when", "a trigger says when"),
    ((HEAD + '[[keywords]]\nid = "boost"\nname = "x"\n[[keywords.abilities]]\nkind = "apply"\n'
      'effects = [{op = "draw"}]\n', HEAD.replace("mine", "other") + CARD + 'keywords = ["boost"]\n'),
     "keywords.boost.abilities[0].kind", "cannot have an ability of kind 'apply'"),
])
def test_load_errors_name_the_field_and_the_nearest_word(texts, field, words):
    says(load_error(*texts), field, words)


# --- TKW-04: a keyword with a number (Download 2) --------------------------------------------------------

def test_tkw04_placed_it_draws_two_by_its_keyword():
    g = main(dict(programs=PLACE, hand=["TKW-04"], deck=["T-BIG", "T-BIG"] + FILL))
    do(g, "place", card="TKW-04")
    assert zone(g, 0, "hand") == ["T-BIG", "T-BIG"]
    en = T.lines(g.log.for_player(1), 1, "en", cards=g.rules.cards)
    ja = T.lines(g.log.for_player(0), 0, "ja", cards=g.rules.cards)
    assert "Opponent's Mio, Receiving Operator (受信中の通信士ミオ)'s Download 2 triggers: a character came onto " \
        "the field" in en, en
    assert "あなたの受信中の通信士ミオのダウンロード2が誘発した：キャラクターがフィールドに出たとき" in ja, ja


@pytest.mark.parametrize("lang, line", [
    ("en", "Download 2 (When this character comes onto the field, draw 2 cards.)"),
    ("ja", "ダウンロード2（このキャラクターがフィールドに出たとき、カードを2枚引く。）"),
])
def test_tkw04_the_keyword_prints_its_number(lang, line):
    assert T.card_text(load_cards(FIXTURE, CORPUS).find("TKW-04"), lang) == line


@pytest.mark.parametrize("listed, words", [
    ('["download"]', "keyword 'download' takes a number"),
    ('["overclock:2"]', "keyword 'overclock' takes no number"),
    ('["download:-1"]', "whole number 1..99, got '-1'"),
])
def test_load_errors_of_a_keyword_with_a_number_in_both_languages(listed, words):
    error = cardfile.load_error("turutoru", HEAD + CARD + f"keywords = {listed}\n", loaded_with=(FIXTURE, CORPUS))
    says(str(error), "keywords[0]", words)
    assert "キーワード" in cardfile.in_japanese(error)
