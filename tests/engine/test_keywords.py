"""engine/keywords.py on its own (no game): the [[keywords]] tables, the book of a set's keywords,
a card's keywords resolved (the old marks mapped) and the keyword's line in a card's text."""
from __future__ import annotations

import pytest

from tcg.engine.errors import CardDataError
from tcg.engine.keywords import Keyword, KeywordBook, keyword_text, read_keywords

SPARK = {"id": "spark", "name": "火花", "name_en": "Spark", "text": "火の粉が舞う。", "text_en": "Sparks fly.",
         "abilities": [{"kind": "trigger"}]}


def test_read_keywords_checks_each_table():
    (kw,) = read_keywords("f.toml", {"keywords": [SPARK]})
    assert (kw.id, kw.name, kw.name_en, kw.file, kw.index) == ("spark", "火花", "Spark", "f.toml", 0)
    assert kw.abilities == ({"kind": "trigger"},)
    assert read_keywords("f.toml", {}) == []
    for table, field, words in (
            ({**SPARK, "txet": "x"}, "keywords.spark.txet", "did you mean 'text'"),
            ({"name": "x"}, "keywords[0].id", "required"),
            ({**SPARK, "id": "Spark"}, "keywords[0].id", "lower-case"),
            ({**SPARK, "name": " "}, "keywords.spark.name", "must not be empty"),
            ({**SPARK, "abilities": [1]}, "keywords.spark.abilities", "ability tables")):
        with pytest.raises(CardDataError) as e:
            read_keywords("f.toml", {"keywords": [table]})
        assert e.value.field == field and words in e.value.detail, str(e.value)
    with pytest.raises(CardDataError, match="declared twice in this file"):
        read_keywords("f.toml", {"keywords": [SPARK, SPARK]})


def test_the_book_resolves_a_cards_keywords_and_its_marks():
    spark, calm = Keyword("spark", "火花"), Keyword("calm", "静", file="g.toml")
    book = KeywordBook([spark, calm])
    assert list(book) == ["spark", "calm"] and book["calm"] is calm
    assert book.resolve("f", "C-1", ["calm"]) == (calm,)
    assert book.resolve("f", "C-1", [], {"sparky": "spark"}, {"sparky": True}) == (spark,)
    assert book.resolve("f", "C-1", ["spark"], {"sparky": "spark"}, {"sparky": True}) == (spark,)
    assert book.resolve("f", "C-1", [], {"old": "nothing"}, {"old": True}) == ()  # a mark stays a mark
    with pytest.raises(CardDataError, match="did you mean 'calm'"):
        book.resolve("f", "C-1", ["clam"])
    with pytest.raises(CardDataError, match="already declared in g.toml"):
        book.add([Keyword("calm", "静", file="h.toml")])


def test_the_keyword_line_in_a_cards_text():
    kw = Keyword("spark", "火花", "Spark", "火の粉が舞う。", "Sparks fly.")
    assert keyword_text("Draw a card.", [kw], "en") == "Spark (Sparks fly.)\nDraw a card."
    assert keyword_text("火花\n【メイン】引く。", [kw], "ja") == "火花（火の粉が舞う。）\n【メイン】引く。"
    assert keyword_text("Spark\nDraw.", [kw], "en") == "Spark (Sparks fly.)\nDraw."
    assert keyword_text("", [kw], "en") == "Spark (Sparks fly.)"
    assert keyword_text("Draw.", [], "en") == "Draw."
    bare = Keyword("calm", "静")
    assert (bare.line("en"), bare.line("ja"), bare.label("en")) == ("静", "静", "静")
