"""Mechanics corpus, Shironeko, step 6 (docs/card-language-design.md): keywords. One scenario test
per card of tests/corpus/shironeko/keywords.toml (an exact state, an action, the exact outcome),
the printed text and narration with the keyword in both languages, keywords shared among the
files loaded together, then the load errors."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tcg.engine.cards import CardText
from tcg.games.shironeko.cards import load_cards

from ..games.shironeko.harness import (
    DECK,
    FIXTURE,
    decision,
    do,
    events,
    unit,
    with_decks,
    zone,
)
from . import cardfile
from .cardfile import SPARK, card_head, says, set_table, spark_errors

CORPUS = pathlib.Path(__file__).parent / "shironeko" / "keywords.toml"
ANY = "F-T-RAINBOW"  # a soul that pays any colour

#: a scenario with the corpus cards, each player with a deck unless told
game = functools.partial(with_decks, CORPUS)


def corpus_cards():
    return load_cards(FIXTURE, CORPUS)


# --- CKW-01: Charge (when it attacks, +1 attack); CKW-04: Rally 2 (a keyword with a number: +2) ----------------

@pytest.mark.parametrize("card, attack, en, ja", [
    ("CKW-01", 1, "The Charge of Opponent's Dashing Squire (駆ける見習い騎士) triggers: a character attacked",
     "あなたの駆ける見習い騎士の突撃が誘発した"),
    ("CKW-04", 2, "The Rally 2 of Opponent's Banner-Raising Squire (旗を掲げる従騎士) triggers: a character attacked",
     "あなたの旗を掲げる従騎士の鼓舞2が誘発した"),
])
def test_its_keyword_gives_attack_when_it_attacks_and_is_narrated_by_its_name(card, attack, en, ja):
    from tcg.games.shironeko import text
    g = game(p0={"chars": [card]}, p1={"chars": [dict(card="F-B1", on=False)]})
    do(g, "attack", attacker=card)
    assert unit(g, 0, card).atk_mod == attack
    assert [(e["id"], e["event"]) for e in events(g, "trigger")] == [(card, "attacks")]
    ev = next(e for e in g.log.for_player(1) if e["type"] == "trigger")
    assert text.narrate(ev, 1, "en", g.rules.cards) == en           # the opponent reads it in English
    assert text.narrate(ev, 0, "ja", g.rules.cards).startswith(ja)  # its owner, in Japanese


# --- CKW-02: Guard and Charge, after its own ability -----------------------------------------------------------

def test_ckw02_its_own_ability_then_its_keywords():
    c = corpus_cards().find("CKW-02")
    assert [(a.kind, a.keyword, a.index) for a in c.abilities] == \
        [("on_enter", "", 0), ("on_enter", "guard", 1), ("trigger", "charge", 2)]
    g = game(p0={"hand": ["CKW-02"], "town": [ANY] * 2, "deck": ["F-R3"] + DECK})
    do(g, "place", card="CKW-02")
    assert zone(g, 0, "hand") == ["F-R3"] and unit(g, 0, "CKW-02").hp_mod == 2
    assert [e[0] for e in g.state.events if e[0] in ("draw", "modify")] == ["draw", "modify"]


def test_ckw02_guard_ends_with_the_turn():
    g = game(p0={"hand": ["CKW-02"], "town": [ANY] * 2})
    do(g, "place", card="CKW-02")
    do(g, "end_turn")
    assert unit(g, 0, "CKW-02").hp_mod == 0


# --- CKW-03: Afterglow, from the discard pile ---------------------------------------------------------------

def test_ckw03_afterglow_used_from_the_discard_pile():
    g = game(p0={"discard": ["CKW-03"], "town": [ANY] * 2, "deck": ["F-R3"] + DECK})
    assert [a.type for a in g.legal_actions() if a.type.startswith("activate")] == ["activate_card"]
    do(g, "activate_card", card="CKW-03", ability=0)
    assert zone(g, 0, "removed") == ["CKW-03"] and zone(g, 0, "hand") == ["F-R3"]
    assert len(g.state.players[0].souls_off) == 2 and decision(g) == (0, "main")


def test_ckw03_not_from_the_field_or_the_hand():
    g = game(p0={"chars": ["CKW-03"], "hand": ["CKW-03"], "town": [ANY] * 2})
    assert not [a for a in g.legal_actions() if a.type.startswith("activate")]


# --- printed text ----------------------------------------------------------------------------------

def test_a_keyword_is_printed_first_with_its_reminder_text():
    from tcg.games.shironeko.text import card_text
    c = corpus_cards().find("CKW-01")
    assert card_text(c, "en") == "Charge (When this character attacks, it gets +1 attack until end of turn.)"
    assert card_text(c, "ja") == "突撃（このキャラが攻撃した時、ターン終了時まで、このキャラの攻撃力+1。）"


def test_a_line_naming_the_keyword_gets_its_reminder_text_in_place():
    from tcg.games.shironeko.text import card_text
    c = corpus_cards().find("CKW-02")
    assert card_text(c, "ja").split("\n") == ["守護（このキャラが登場した時、ターン終了時まで、このキャラのHP+2。）",
                                              "突撃（このキャラが攻撃した時、ターン終了時まで、このキャラの攻撃力+1。）",
                                              "【登場時】カードを1枚引く。"]
    assert card_text(c, "en").split("\n")[2] == "On enter: draw a card."


def test_the_keywords_are_the_sets_book():
    cards = corpus_cards()
    assert list(cards.keywords) == ["charge", "guard", "afterglow", "rally"]
    assert cards.keywords["guard"].label("en") == "Guard"


# --- keywords shared among the files loaded together ------------------------------------------------------

SET = set_table("shironeko")
CARD = card_head("shironeko")
MONSTER = card_head("shironeko", "monster", "BAD-2") \
    + 'keywords = ["spark"]\n[[cards.abilities]]\nkind = "use"\neffects = [{ op = "draw" }]\n'
LEADER = '[[cards]]\nid = "BAD-3"\nkind = "leader"\nname = "bad"\nrune = "red"\n'
KW = SPARK


def test_a_keyword_of_another_file_may_be_listed():
    cards = load_cards(CardText("a.toml", SET + KW + CARD),
                       CardText("b.toml", SET + CARD.replace("BAD-1", "B-2") + 'keywords = ["spark"]\n'))
    assert [k.id for k in cards.find("B-2").keywords] == ["spark"] and cards.find("B-2").abilities[0].keyword == "spark"


def test_a_player_file_may_list_the_corpus_keywords():
    cards = load_cards(FIXTURE, CORPUS, CardText("mine.toml", SET + CARD.replace("BAD-1", "MY-1")
                                                 + 'keywords = ["charge"]\n'))
    assert cards.find("MY-1").abilities[0].keyword == "charge"


def load_error(text: str, *more: str) -> str:
    return str(cardfile.load_error("shironeko", text, *more))


@pytest.mark.parametrize("text, where, words", spark_errors("shironeko") + [
    (SET + KW.replace('kind = "trigger"', 'kind = "trigerr"') + CARD, "field 'keywords.spark.abilities[0].kind'",
     "trigger"),
    (SET + KW + MONSTER, "card BAD-2, field 'keywords.spark.abilities[0].when'",
     "never on the field"),
    (SET + KW + LEADER + 'keywords = ["spark"]\n', "card BAD-3, field 'keywords.spark.abilities[0].kind'",
     "cannot have a 'trigger' ability"),
    (SET + KW + '[[cards]]\nid = "BAD-4"\nkind = "town"\nname = "bad"\ncolor = "red"\nkeywords = ["spark"]\n',
     "card BAD-4, field 'keywords.spark.abilities[0].kind'", "a town card has no abilities"),
])
def test_load_errors(text, where, words):
    says(load_error(text), where, words)


def test_the_card_file_checker_tells_every_keyword_problem_with_its_line():
    from tcg.engine.card_files import check_card_file
    from tcg.games.shironeko import RULES
    text = SET + KW.replace('"attacks"', '"atacks"') + CARD.replace("BAD-1", "MY-1") + 'keywords = ["sprak"]\n'
    found = check_card_file(RULES, text)
    line = text.split("\n").index('keywords = ["sprak"]') + 1
    assert [(p["field"], p["line"]) for p in found] == [("keywords.spark.abilities[0].when.event", 5),
                                                         ("keywords[0]", line)]
    assert "did you mean 'attacks'" in found[0]["message"] and "did you mean 'spark'" in found[1]["message"]


# --- CKW-04: a keyword with a number (Rally 2; its attack and narration: with CKW-01's) ---------------------

def test_ckw04_the_keyword_prints_its_number_in_both_languages():
    from tcg.games.shironeko.text import card_text
    c = corpus_cards().find("CKW-04")
    assert card_text(c, "en") == "Rally 2 (When this character attacks, it gets +2 attack until end of turn.)"
    assert card_text(c, "ja") == "鼓舞2（このキャラが攻撃した時、ターン終了時まで、このキャラの攻撃力+2。）"


NUMBERED = KW.replace('id = "spark"', 'id = "spark"\nnumber = true').replace('{ op = "draw" }',
                                                                          '{ op = "draw", amount = { keyword = "n" } }')


@pytest.mark.parametrize("text, where, words", [
    (SET + NUMBERED + CARD + 'keywords = ["spark"]\n', "field 'keywords[0]'", "takes a number"),
    (SET + KW + CARD + 'keywords = ["spark:1"]\n', "field 'keywords[0]'", "takes no number"),
    (SET + NUMBERED + CARD + 'keywords = ["spark:1.5"]\n', "field 'keywords[0]'", "whole number 1..99"),
    (SET + NUMBERED.replace("number = true\n", "") + CARD, "field 'keywords.spark.abilities[0].effects[0].amount'",
     "number = true"),
    (SET + CARD + '[[cards.abilities]]\nkind = "activated"\neffects = [{ op = "draw", amount = { keyword = "n" } }]\n',
     "card BAD-1, field 'abilities[0].effects[0].amount'", "only in that keyword's abilities"),
])
def test_load_errors_of_a_keyword_with_a_number_in_both_languages(text, where, words):
    error = cardfile.load_error("shironeko", text)
    says(str(error), where, words)
    assert cardfile.in_japanese(error).startswith("ファイル bad.toml")
