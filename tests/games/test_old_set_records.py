"""A record of an older shipped sample set keeps its version and replays with it (each game with
a ``sets/`` folder).

``<game>/data/record-set-<version>.json`` is a whole game saved with that set (made by
``make_record.py``, see its ``FIXTURES``: 1.1.0 before the set gained the cards of "Real cards,
part 1" (Kemuri: 1.2.1), Shironeko's, Turu-turu's and Z/X's 1.2.0 and Kemuri's 1.3.0 before
their cards using the card language's costs, choices and keywords)."""
from __future__ import annotations

import hashlib
import json
import pathlib

import pytest

import tcg
import tcg.games
from tcg.engine.card_files import rules_of_set_version

HERE = pathlib.Path(__file__).parent
#: game -> two decks of the current set
DECKS = {
    "kemuri": ["early_shift", "night_guard"],
    "shironeko": ["thunder_tempo", "blue_control"],
    "turutoru": ["rush", "control"],
    "zx": ["jade_vigil", "azure_tide"],
}
#: (game, version) -> the SHA-256 of its kept sets/<version>.toml: byte for byte the cards.toml
#: of the commit named, a kept set is never edited
KEPT = {
    ("kemuri", "1.2.1"): "9d20bda83010dad3b10a9cfc653920efda4d3e713cf4d531087dc274e142f5bc",  # 14449d5
    ("kemuri", "1.3.0"): "d9516df957fc30260019d8ea28d71866fc92834a43a972f7ffa2850aa4f49f93",  # 21fc82f
    ("shironeko", "1.1.0"): "4ed4bb3b610ad3711736866997caf6c35846c51a2a317f97778408c13be560d5",  # 6102f25
    ("shironeko", "1.2.0"): "f2b572c899c58bbcd720231ca33a1988c988dfc0adbae48ec6d987e6907e9200",  # 9c57a13
    ("turutoru", "1.1.0"): "a027ad987ddb5c1779783787197c9b2464f6f6511f1423153dcb84fd5f731f85",  # 6102f25
    ("turutoru", "1.2.0"): "6642c856bcab90de84d87992ccb1f757aedb5042453903974b92a4440a17d75d",  # 60ce6db
    ("zx", "1.1.0"): "8bb3f9992386480132c56c9bb3df52c260400faae5f699cab1c7fecc7af9aa15",  # f72ea4d
    ("zx", "1.2.0"): "2bf9f30f1d94981d5a636317f4753e33e26aceaf99b5bdc05fbef1c682f137b9",  # 60ce6db
}


def record_path(game: str, version: str) -> pathlib.Path:
    return HERE / game / "data" / f"record-set-{version}.json"


@pytest.mark.parametrize("game,version", sorted(KEPT))
def test_a_record_of_a_kept_set_replays_with_its_version(game, version):
    saved = json.loads(record_path(game, version).read_text(encoding="utf-8"))
    assert saved["card_set"]["version"] == version
    replayed = tcg.replay(record_path(game, version))
    assert replayed.is_over and replayed.result == saved["result"]
    # compared as JSON: an action's list parameter (Kemuri's cross) is a tuple before saving
    assert json.loads(json.dumps(replayed.actions)) == saved["actions"]
    again = replayed.record()
    assert again["card_set"] == saved["card_set"]  # it keeps its version
    assert again["decks"] == saved["decks"] and again["seed"] == saved["seed"]


@pytest.mark.parametrize("game,version", sorted(KEPT))
def test_the_kept_set_is_the_one_shipped_and_the_current_set_is_newer(game, version):
    rules = tcg.games.get_rules(game)
    kept = rules.folder / "sets" / f"{version}.toml"
    assert hashlib.sha256(kept.read_bytes()).hexdigest() == KEPT[game, version]
    old = rules_of_set_version(rules, version)
    assert old is rules_of_set_version(rules, version)  # loaded once
    assert old.cards.version == version and rules.cards.version != version
    assert {c.id for c in old.cards} < {c.id for c in rules.cards}
    assert rules_of_set_version(rules, "0.9.9") is None and rules_of_set_version(rules, "../x") is None


@pytest.mark.parametrize("game", sorted(DECKS))
def test_a_record_of_an_unknown_version_is_still_refused(game):
    first = min(version for g_, version in KEPT if g_ == game)
    saved = json.loads(record_path(game, first).read_text(encoding="utf-8"))
    saved["card_set"]["version"] = "0.9.9"
    with pytest.raises(tcg.RecordError, match="card set version '0.9.9'"):
        tcg.replay(saved)


@pytest.mark.parametrize("game", sorted(DECKS))
def test_new_games_play_the_current_set(game):
    g = tcg.new_game(game, DECKS[game], seed=3)
    kept = {version for g_, version in KEPT if g_ == game}
    assert g.record()["card_set"]["version"] == tcg.card_set(game).version not in kept
