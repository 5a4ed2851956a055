"""A record of an older shipped Turu-turu sample set keeps its version and replays with it.

``data/record-set-1.1.0.json`` is a whole game saved with set 1.1.0 (made by
``data/make_record_1_1_0.py`` before the set gained the cards of "Real cards, part 1")."""
from __future__ import annotations

import json
import pathlib

import pytest

import tcg
import tcg.games

DATA = pathlib.Path(__file__).parent / "data"
RECORD = DATA / "record-set-1.1.0.json"


def test_a_record_of_set_1_1_0_replays_with_its_version():
    saved = json.loads(RECORD.read_text(encoding="utf-8"))
    assert saved["card_set"]["version"] == "1.1.0"
    game = tcg.replay(RECORD)
    assert game.is_over and game.result == saved["result"]
    assert game.actions == saved["actions"]
    again = game.record()
    assert again["card_set"] == saved["card_set"]  # it keeps its version
    assert again["decks"] == saved["decks"] and again["seed"] == saved["seed"]


def test_the_kept_set_is_the_one_shipped_and_the_current_set_is_newer():
    import hashlib

    from tcg.engine.card_files import rules_of_set_version
    rules = tcg.games.get_rules("turutoru")
    kept = rules.folder / "sets" / "1.1.0.toml"
    # byte for byte the cards.toml of commit 6102f25: a kept set is never edited
    assert hashlib.sha256(kept.read_bytes()).hexdigest() == \
        "a027ad987ddb5c1779783787197c9b2464f6f6511f1423153dcb84fd5f731f85"
    old = rules_of_set_version(rules, "1.1.0")
    assert old is rules_of_set_version(rules, "1.1.0")  # loaded once
    assert old.cards.version == "1.1.0" and rules.cards.version != "1.1.0"
    assert {c.id for c in old.cards} < {c.id for c in rules.cards}
    assert rules_of_set_version(rules, "0.9.9") is None and rules_of_set_version(rules, "../x") is None


def test_a_record_of_an_unknown_version_is_still_refused():
    saved = json.loads(RECORD.read_text(encoding="utf-8"))
    saved["card_set"]["version"] = "0.9.9"
    with pytest.raises(tcg.RecordError, match="card set version '0.9.9'"):
        tcg.replay(saved)


def test_new_games_play_the_current_set():
    game = tcg.new_game("turutoru", ["rush", "control"], seed=3)
    assert game.record()["card_set"]["version"] == tcg.card_set("turutoru").version != "1.1.0"
