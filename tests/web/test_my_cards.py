"""A player's own cards on the server: card sets stored once by their hash in both stores (an
old database gets the table when opened), games played with them rebuilt with their card files
(a room, a restarted server, the replay endpoint); the /my-cards page and its JSON (every problem
of a file with its card and field, a set saved once), and games started with a set through the
form: against the computer (played, the server restarted, replayed) and with an invited friend."""
from __future__ import annotations

import json
import sqlite3

import pytest

import tcg
from tcg import api
from tcg.web.room import Room
from tcg.web.store import SQLiteStore, StoreError
from tcg.web.stores import open_store

from .helpers import browsers, client, invite_path, join, my_turn, new_game, receive_state, current_state
from .pg import Postgres
from ..card_texts import MY

#: Red Rush with the new card (by its Japanese name) in place of SNP-001 (見習い剣士ルカ)
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
    deck = api.as_deck("shironeko", tcg.engine.files.parse_toml(MY_DECK, "deck"), rules)
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


# --- the web: /my-cards, the JSON, games with a card set ----------------------------------------------
BROKEN = MY.replace('color = "red"', 'color = "pink"').replace("attack = 2", "attack = -1\natack = 3") + '''
[[cards]]
id = "MY-002"
kind = "monster"
name = ""
cost = "3"
'''


def files(text: str = MY, name: str = "my-cards.toml") -> dict:
    return {"files": [{"name": name, "text": text}]}


def save(c, text: str = MY, name: str = "Mine") -> str:
    r = c.post("/api/card-sets/shironeko", json={"name": name, **files(text)})
    assert r.status_code == 200, r.text
    return r.json()["hash"]


def rows(tmp_path) -> int:
    db = sqlite3.connect(tmp_path / "games.sqlite3")
    try:
        return _count(db.execute("SELECT COUNT(*) FROM card_sets"))
    finally:
        db.close()


def seed_with_new_card_in_hand() -> int:
    """A seed whose opening hand of seat 0 (our deck first, then red_rush) holds the new card."""
    rules = api.rules_with_cards("shironeko", [MY])
    deck = api.as_deck("shironeko", tcg.engine.files.parse_toml(MY_DECK, "deck"), rules)
    for seed in range(200):
        g = tcg.new_game("shironeko", [deck, "red_rush"], seed=seed, cards=[MY])
        if any(c["id"] == "MY-001" for c in g.observe(0)["players"][0]["hand"] or []):
            return seed
    raise AssertionError("no seed deals the new card")


def test_the_page_in_both_languages(tmp_path):
    with client(tmp_path) as c:
        en = c.get("/my-cards?lang=en")
        assert en.status_code == 200
        assert "Your own cards" in en.text and "Save this card set" in en.text and "/static/my_cards.js" in en.text
        ja = c.get("/my-cards?lang=ja&game=zx")
        assert "自作カード" in ja.text and "このカードセットを保存" in ja.text
        assert '"game": "zx"' in ja.text  # the game asked for is chosen
        assert c.get("/static/my_cards.js").status_code == 200
        home = c.get("/?lang=ja")
        assert 'name="card_set"' in home.text and "ゲーム付属のカードのみ" in home.text and 'href="/my-cards"' in home.text


def test_every_problem_of_a_broken_file_is_shown_with_card_and_field(tmp_path):
    with client(tmp_path) as c:
        r = c.post("/api/check-cards/shironeko", json=files(BROKEN, "broken.toml"))
        assert r.status_code == 200
        got = r.json()
        assert not got["ok"]
        seen = {(p["file"], p["card"], p["field"]) for p in got["problems"]}
        assert {("broken.toml", "MY-001", "color"), ("broken.toml", "MY-001", "attack"),
                ("broken.toml", "MY-001", "atack"), ("broken.toml", "MY-002", "cost"),
                ("broken.toml", "MY-002", "name")} <= seen
        assert all(p["message"] and p["line"] for p in got["problems"])
        assert {c_["id"]: c_["ok"] for c_ in got["cards"]} == {"MY-001": False, "MY-002": False}
        # a clean file: no problems, its card listed, the hash it would be stored by
        ok = c.post("/api/check-cards/shironeko", json=files()).json()
        assert ok["ok"] and ok["problems"] == [] and ok["hash"] == api.card_files_sha256([MY])
        assert ok["cards"] == [{"file": "my-cards.toml", "id": "MY-001", "name": "テスト剣士",
                                "name_en": "Test Swordsman", "title": "Test Swordsman (テスト剣士)", "kind": "character",
                                "ok": True}]
        # line ends typed on any system are the same file
        assert c.post("/api/check-cards/shironeko", json=files(MY.replace("\n", "\r\n"))).json()["hash"] == ok["hash"]
        # the file is for another game
        zx = c.post("/api/check-cards/zx", json=files()).json()
        assert (None, "set.game") in {(p["card"], p["field"]) for p in zx["problems"]}
        # requests the page never sends
        assert c.post("/api/check-cards/nope", json=files()).status_code == 404
        assert c.post("/api/check-cards/shironeko", json={"files": []}).status_code == 400
        assert c.post("/api/check-cards/shironeko", content=b"not json",
                      headers={"content-type": "application/json"}).status_code == 400
        big = c.post("/api/check-cards/shironeko", json=files("#" * (600 * 1024)))
        assert big.status_code == 413 and "512 KiB" in big.json()["error"]


def test_a_card_set_is_saved_once_by_its_hash(tmp_path):
    with client(tmp_path) as c:
        bad = c.post("/api/card-sets/shironeko", json={"name": "Broken", **files(BROKEN)})
        assert bad.status_code == 400 and bad.json()["problems"] and rows(tmp_path) == 0
        r = c.post("/api/card-sets/shironeko", json={"name": "Mine", **files()})
        got = r.json()
        assert got["ok"] and got["hash"] == api.card_files_sha256([MY]) and got["name"] == "Mine"
        assert got["play"] == f"/?game=shironeko&cards={got['hash']}"
        assert got["hash"] in r.headers["set-cookie"]
        again = c.post("/api/card-sets/shironeko", json={"name": "Again", **files(name="renamed.toml")}).json()
        assert again["hash"] == got["hash"] and rows(tmp_path) == 1  # stored once
        assert c.get("/api/card-sets?game=shironeko").json()["sets"] == [
            {"hash": got["hash"], "game": "shironeko", "name": "Mine"}]
        assert c.get("/api/card-sets?game=zx").json()["sets"] == []
        one = c.get(f"/api/card-sets/{got['hash']}").json()
        assert one["game"] == "shironeko" and one["files"] == [{"name": "my-cards.toml", "text": MY}]
        assert c.get("/api/card-sets/" + "0" * 64).status_code == 404
        # the page opens a stored set for editing
        page = c.get(f"/my-cards?set={got['hash']}")
        assert got["hash"] in page.text and "MY-001" in page.text
        # another browser does not list it
        c.cookies.clear()
        assert c.get("/api/card-sets?game=shironeko").json()["sets"] == []


def test_a_deck_with_the_new_card_needs_the_set(tmp_path):
    with client(tmp_path) as c:
        digest = save(c)
        # without the card set the new card is unknown
        r = c.post("/new", data={"game": "shironeko", "deck_text": MY_DECK, "opponent": "computer"})
        assert r.status_code == 400 and "MY-001" not in r.text and "テスト剣士" in r.text
        checked = c.post("/api/check-deck/shironeko", data={"deck_text": MY_DECK, "card_set": digest}).json()
        assert checked == {"ok": True, "problems": []}
        assert not c.post("/api/check-deck/shironeko", data={"deck_text": MY_DECK, "card_set": ""}).json()["ok"]
        # a set that is not stored, or is for another game
        r = c.post("/new", data={"game": "shironeko", "deck": "red_rush", "card_set": "f" * 64})
        assert r.status_code == 400 and "no card set" in r.text
        r = c.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "card_set": digest})
        assert r.status_code == 400 and "for the game" in r.text


def test_a_game_with_the_new_card_is_played_resumed_and_replayed(tmp_path):
    seed = seed_with_new_card_in_hand()
    with client(tmp_path) as c:
        digest = save(c)
        gid = new_game(c, "shironeko", card_set=digest, deck_text=MY_DECK, opponent_deck="red_rush",
                       seed=str(seed))
        with c.websocket_connect(f"/ws/{gid}?seat=0&lang=en") as ws:
            msg = receive_state(ws, my_turn)
            assert "Test Swordsman" in json.dumps(msg["view"], ensure_ascii=False)  # in our hand
            for _ in range(4):  # a few moves, keeping the new card in hand
                if msg["result"]:
                    break
                pick = next(i for i, o in enumerate(msg["options"]) if "Test Swordsman" not in json.dumps(o))
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": pick}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
        cookies = dict(c.cookies)
        stored = SQLiteStore(tmp_path / "games.sqlite3").load(gid)
        assert stored.setup["card_set"]["files_sha256"] == digest
        played = len(stored.actions)
        assert played >= 4
    # the server restarts on the same database: the game resumes with the same cards
    with client(tmp_path) as c2:
        c2.cookies.update(cookies)
        with c2.websocket_connect(f"/ws/{gid}?seat=0&lang=ja") as ws:
            again = receive_state(ws)
            assert "テスト剣士" in json.dumps(again["view"], ensure_ascii=False)
        room = c2.app.state.hub.room(gid)
        assert room.game.rules.cards.find("MY-001") is not None
        assert len(room.game.actions) >= played
        # the replay endpoint rebuilds it with the same cards (our own seat while it is played)
        r = c2.get(f"/api/replay/{gid}?step=0&viewer=0&lang=en")
        assert r.status_code == 200, r.text
        assert "Test Swordsman" in r.text
        last = c2.get(f"/api/replay/{gid}?step={played}&viewer=spectator&lang=en")
        assert last.status_code == 200, last.text


def test_an_invited_friend_sees_the_new_card(tmp_path):
    c, (me, friend) = browsers(tmp_path, 2)
    with c:
        digest = save(me)
        # the server draws the seed of a game between people: a game may end before the new card is
        # played (about one in six); then another one
        for _attempt in range(4):
            r = me.post("/new", data={"game": "shironeko", "deck_text": MY_DECK, "card_set": digest,
                                      "opponent": "friend", "seat": "0"}, follow_redirects=False)
            assert r.status_code == 303, r.text
            gid = r.headers["location"].rsplit("/", 1)[1]
            assert join(friend, invite_path(me, gid)).status_code == 303
            with me.websocket_connect(f"/ws/{gid}?seat=0&lang=en") as w0, \
                    friend.websocket_connect(f"/ws/{gid}?seat=1&lang=en") as w1:
                m0, m1 = receive_state(w0), receive_state(w1)
                for _ in range(400):  # we play the new card as soon as we can; the friend answers with option 0
                    if "Test Swordsman" in json.dumps(m1["view"], ensure_ascii=False) or m0["result"]:
                        break
                    if m0["decision"] and m0["decision"]["yours"] and m0["options"]:
                        pick = next((i for i, o in enumerate(m0["options"]) if "Test Swordsman" in json.dumps(o)), 0)
                        w0.send_text(json.dumps({"type": "act", "seq": m0["seq"], "option": pick}))
                        m0 = current_state(w0)  # answered after the act (one socket's messages go in order) ...
                        m1 = current_state(w1)  # ... so the other's sync sees it (a secret choice sends it nothing)
                    elif m1["decision"] and m1["decision"]["yours"] and m1["options"]:
                        w1.send_text(json.dumps({"type": "act", "seq": m1["seq"], "option": 0}))
                        m1 = current_state(w1)
                        m0 = current_state(w0)
                    else:
                        raise AssertionError(f"nobody to move: {m0['decision']} / {m1['decision']}")
            if "Test Swordsman" in json.dumps(m1["view"], ensure_ascii=False):
                break
        assert "Test Swordsman" in json.dumps(m1["view"], ensure_ascii=False)
        # a spectator sees it too
        with c.websocket_connect(f"/ws/{gid}?seat=spectator&lang=en") as ws:
            assert "Test Swordsman" in json.dumps(receive_state(ws)["view"], ensure_ascii=False)
