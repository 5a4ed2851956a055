"""A player's own cards on the server: card sets stored once by their hash in both stores (an
old database gets the table when opened), games played with them rebuilt with their card files
(a room, a restarted server, the replay endpoint)."""
from __future__ import annotations

import json
import sqlite3

import pytest

import tcg
from tcg import api
from tcg.web.room import Room
from tcg.web.store import SQLiteStore, StoreError, open_store

from .pg import Postgres

MY = '''[set]
game = "shironeko"
name = "My cards"
version = "1"

[[cards]]
id = "MY-001"
kind = "character"
name = "テスト剣士"
name_en = "Test Swordsman"
color = "red"
cost = 1
rune = "red"
level = 1
attack = 2
hp = 2
'''

#: Red Rush with the new card (by its Japanese name) in place of 見習い剣士ルカ (SNP-001)
MY_DECK = tcg.load_deck("shironeko", "red_rush").to_toml().replace('"SNP-001"', '"テスト剣士"')


def _count(rows) -> int:
    return rows.fetchone()[0]


# --- the store -------------------------------------------------------------------------------------
def check_card_sets(store) -> None:
    files = [{"name": "my-cards.toml", "text": MY}]
    digest = store.put_card_set("shironeko", "My cards", files)
    assert digest == api.card_files_sha256([MY])
    assert store.put_card_set("shironeko", "Another name", [("x.toml", MY)]) == digest  # stored once
    assert _count(store._exec(store._db(), "SELECT COUNT(*) FROM card_sets")) == 1
    assert store.card_set(digest) == ("shironeko", "My cards", files)
    assert store.card_set("0" * 64) is None
    assert store.card_set_names([digest, "nope"]) == {digest: ("shironeko", "My cards")}
    # a game's set-up names its set; the store gives the files back to rebuild it
    rules = api.rules_with_cards("shironeko", [MY])
    deck = api._as_deck("shironeko", tcg.engine.files.parse_toml(MY_DECK, "deck"), rules)
    setup = tcg.new_game("shironeko", [deck, "red_rush"], seed=3, cards=[MY]).record()
    setup.pop("actions")
    setup.pop("result")
    assert store.cards_of(setup) == [("my-cards.toml", MY)]
    assert store.cards_of({"card_set": {"name": "x"}}) is None
    with pytest.raises(StoreError, match="not stored here"):
        store.cards_of({"card_set": {"files_sha256": "1" * 64}})
    gid, tokens, _ = store.create("shironeko", setup, {"computer": {"agent": "random"}}, ["human", "computer"])
    room = Room(store.load(gid), store)
    assert room.game.rules.cards.find("MY-001") is not None
    for _ in range(6):
        if room.game.is_over:
            break
        room.act(room.game.decision.player, room.game.legal_actions()[0])
    again = Room(store.load(gid), store)  # as a restarted server builds it
    assert again.game.record() == room.game.record()
    assert again.game.record()["card_set"]["files_sha256"] == digest


def test_sqlite_keeps_card_sets_once_by_hash(tmp_path):
    store = SQLiteStore(tmp_path / "g.sqlite3")
    try:
        check_card_sets(store)
    finally:
        store.close()


def test_an_old_database_gets_the_card_sets_table(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, created REAL NOT NULL, "
                     "updated REAL NOT NULL, setup TEXT NOT NULL, options TEXT NOT NULL, version INTEGER NOT NULL "
                     "DEFAULT 0, actions INTEGER NOT NULL DEFAULT 0, result TEXT) STRICT;"
                     "INSERT INTO games VALUES ('old', 'zx', 1, 1, '{}', '{}', 0, 0, NULL);")
    db.close()
    store = open_store(path)
    try:
        assert store.exists("old")
        digest = store.put_card_set("shironeko", "My cards", [("a.toml", MY)])
        assert store.card_set(digest)[0] == "shironeko"
    finally:
        store.close()


def test_postgres_keeps_card_sets_once_by_hash():
    server = Postgres().start()  # fails (never skips) when PostgreSQL is not installed
    try:
        store = open_store(server.fresh_database("cards"))
        try:
            check_card_sets(store)
        finally:
            store.close()
    finally:
        server.stop()


def test_a_card_set_holds_one_to_twenty_files(tmp_path):
    store = SQLiteStore(tmp_path / "g.sqlite3")
    try:
        with pytest.raises(StoreError):
            store.put_card_set("shironeko", "none", [])
        with pytest.raises(StoreError):
            store.put_card_set("shironeko", "many", [(f"{i}.toml", MY) for i in range(21)])
        rows = store._exec(store._db(), "SELECT text FROM card_sets").fetchall()
        assert rows == []
        digest = store.put_card_set("shironeko", "two", [("a.toml", MY), ("b.toml", MY.replace("MY-001", "MY-002"))])
        assert [f["name"] for f in json.loads(store._exec(store._db(), "SELECT text FROM card_sets WHERE hash=?",
                                                          (digest,)).fetchone()[0])] == ["a.toml", "b.toml"]
    finally:
        store.close()
