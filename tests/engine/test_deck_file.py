"""Deck files (TOML): loading, the dict form, and errors that name the file."""
from __future__ import annotations

import pytest

import tcg
from tcg.engine.deck import Deck, DeckProblem

from tinygame import RULES, make_deck, new_game


def write(tmp_path, text: str, name: str = "deck.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


GOOD = '''
game = "highcard"
name = "Low and high"
description = "ignored text"

[main]
"N1" = 3
"N9" = 2

[side]
"N5" = 1
'''


def test_load_a_deck_file(tmp_path):
    p = write(tmp_path, GOOD)
    d = Deck.load(p)
    assert (d.game, d.name, d.source) == ("highcard", "Low and high", str(p))
    assert d.section("main") == ("N1", "N1", "N1", "N9", "N9")
    assert d.section("side") == ("N5",)
    assert d.section("missing") == ()
    assert d.counts("main") == {"N1": 3, "N9": 2}
    assert set(d.sections) == {"main", "side"}   # 'description' is not a section
    assert RULES.validate_deck(d) == []


def test_list_form_sections_and_zero_copies(tmp_path):
    p = write(tmp_path, 'game = "highcard"\nmain = ["N1", "N2", "N1"]\n[side]\n"N3" = 0\n')
    d = Deck.load(p)
    assert d.section("main") == ("N1", "N2", "N1") and d.section("side") == ()


def test_name_defaults_to_the_file_stem(tmp_path):
    d = Deck.load(write(tmp_path, 'game = "highcard"\n[main]\n"N1" = 3\n', "my_deck.toml"))
    assert d.name == "my_deck"


def test_loaded_deck_plays(tmp_path):
    d = Deck.load(write(tmp_path, GOOD))
    g = new_game(seed=1, decks=[d, make_deck()])
    assert g.observe(None)["players"][0]["deck"] == 2   # 5 cards, 3 in hand


@pytest.mark.parametrize("text, match", [
    pytest.param('game = "highcard"\n[main\n"N1" = 3\n', "not valid TOML", id="bad-toml"),
    pytest.param('game = "highcard"\n[main]\n"N1" = 3\n"N1" = 2\n', "not valid TOML", id="duplicate-key"),
    pytest.param('name = "x"\n[main]\n"N1" = 3\n', "missing or empty 'game'", id="missing-game"),
    pytest.param('game = ""\n[main]\n"N1" = 3\n', "missing or empty 'game'", id="empty-game"),
    pytest.param('game = 3\n[main]\n"N1" = 3\n', "missing or empty 'game'", id="game-not-text"),
    pytest.param('game = "highcard"\nname = 5\n[main]\n"N1" = 3\n', "'name' must be text", id="name-not-text"),
    pytest.param('game = "highcard"\n[main]\n"N1" = -1\n', r'\[main\] "N1" = -1: copies must be a whole number',
                 id="negative-count"),
    pytest.param('game = "highcard"\n[main]\n"N1" = 2.5\n', r'"N1" = 2.5: copies must be', id="float-count"),
    pytest.param('game = "highcard"\n[main]\n"N1" = "3"\n', r"\"N1\" = '3': copies must be", id="text-count"),
    pytest.param('game = "highcard"\n[main]\n"N1" = true\n', r'"N1" = True: copies must be', id="bool-count"),
    pytest.param('game = "highcard"\nmain = 3\n', r"\[main\] must be a table of card = copies, got int",
                 id="section-not-table"),
    pytest.param('game = "highcard"\nmain = ["N1", 2]\n', r"section \[main\] lists 2, expected card ids",
                 id="list-with-number"),
    pytest.param('game = "highcard"\nsections = 3\n', "'sections' must be a table", id="sections-not-table"),
    pytest.param('game = "highcard"\n[main]\n"N1" = 5000000000\n',
                 r'\[main\] "N1" = 5000000000: copies must be a whole number from 0 to 1,000', id="huge-count"),
    pytest.param('game = "highcard"\n[main]\n"N1" = 1001\n', r'"N1" = 1001: copies must be', id="count-over-cap"),
    pytest.param('game = "highcard"\n[a]\n"N1" = 1000\n[b]\n"N1" = 1000\n' * 1 + "".join(
        f'[s{i}]\n"N1" = 1000\n' for i in range(9)), r'\[s8\] "N1" = 1000 brings the deck above 10,000 cards',
                 id="total-over-cap"),
    pytest.param('game = "highcard"\ndescription = ["x"]\n', "'description' must be text", id="description-not-text"),
    pytest.param('game = "highcard"\nmain = ["N1", ""]\n', r"section \[main\] lists '', expected card ids",
                 id="list-with-empty-id"),
    pytest.param('game = "highcard"\na = ' + "[" * 60 + "]" * 60, "nested more than 50 levels deep", id="too-deep"),
])
def test_malformed_deck_file_raises_deck_file_error_naming_the_file(tmp_path, text, match):
    p = write(tmp_path, text, "broken.toml")
    with pytest.raises(tcg.DeckFileError, match=match) as err:
        Deck.load(p)
    assert str(err.value).startswith(str(p) + ":")


def test_missing_and_unreadable_deck_files(tmp_path):
    with pytest.raises(tcg.DeckFileError, match=r"nowhere\.toml: cannot read deck file: no such file"):
        Deck.load(tmp_path / "nowhere.toml")
    with pytest.raises(tcg.DeckFileError, match="is a directory, not a deck file"):
        Deck.load(tmp_path)   # a folder
    p = tmp_path / "latin1.toml"
    p.write_bytes('game = "highcard"\nname = "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(tcg.DeckFileError, match=r"latin1\.toml: cannot read deck file"):
        Deck.load(p)


def test_from_dict_errors_name_the_source():
    with pytest.raises(tcg.DeckFileError, match="^record deck: a deck must be a table, got list"):
        Deck.from_dict([], source="record deck")
    with pytest.raises(tcg.DeckFileError, match="^deck: missing or empty 'game'"):
        Deck.from_dict({"sections": {}})


def test_dict_form_round_trip(tmp_path):
    d = Deck.load(write(tmp_path, GOOD))
    data = d.to_dict()
    assert data == {"game": "highcard", "name": "Low and high",
                    "sections": {"main": ["N1", "N1", "N1", "N9", "N9"], "side": ["N5"]}}
    back = Deck.from_dict(data)
    assert back.sections == d.sections and (back.game, back.name) == (d.game, d.name)


def test_dict_form_keeps_exact_card_order():
    d = Deck("highcard", "mixed", {"main": ("N1", "N9", "N1"), "side": ()})
    data = d.to_dict()
    assert data == {"game": "highcard", "name": "mixed", "sections": {"main": ["N1", "N9", "N1"], "side": []}}
    back = Deck.from_dict(data)
    assert back.sections == d.sections == {"main": ("N1", "N9", "N1"), "side": ()}
    assert back.to_dict() == data


def test_from_dict_still_reads_copy_count_tables():
    back = Deck.from_dict({"game": "highcard", "name": "old",
                           "sections": {"main": {"N1": 3, "N9": 2}, "side": {"N5": 1, "N4": 0}}})
    assert back.sections == {"main": ("N1", "N1", "N1", "N9", "N9"), "side": ("N5",)}
    assert back.to_dict()["sections"] == {"main": ["N1", "N1", "N1", "N9", "N9"], "side": ["N5"]}


def test_toml_round_trip_with_awkward_names(tmp_path):
    d = Deck("highcard", 'The "Best" \\ deck', {"main": ("N1", "N1", "N2"), "extra": ('a"b',)})
    p = write(tmp_path, d.to_toml(), "round.toml")
    back = Deck.load(p)
    assert (back.game, back.name, back.sections) == (d.game, d.name, d.sections)


def test_deck_problem_form():
    p = DeckProblem("deck.size", "too small", "N1")
    assert str(p) == "[deck.size] too small"
    assert p.to_dict() == {"rule": "deck.size", "message": "too small", "card": "N1"}


def test_tiny_game_deck_validation_reports_problems():
    bad = Deck("other", "bad", {"main": ("N1", "X7")})
    rules = {p.rule for p in RULES.validate_deck(bad)}
    assert rules == {"deck.game", "deck.size", "deck.card"}
