"""One cookie per browser (issue 28, finding 6): every game used to add a 180-day seat cookie
(and an invitation cookie), until the browser's Cookie header outgrew what the WebSocket
handshake reads. Now a browser holds one session cookie whatever its games; the host's
invitation link is kept on the server, sealed with the host's session; a database and cookies
made before sessions keep working (their seats move to the session, the old cookies are
deleted); the store's schema is versioned and its migration idempotent."""
from __future__ import annotations

import json
import pathlib
import shutil
import sqlite3

import pytest

import tcg
from tcg.web.store import SCHEMA_VERSION, SQLiteStore, hash_token
from tcg.web.stores import open_store

from .helpers import Browser, browsers, client, invite_path, join, my_turn, new_game, receive_state

DATA = pathlib.Path(__file__).parent / "data"


def set_cookies(r) -> list[str]:
    return r.headers.get_list("set-cookie")


def test_a_browser_holds_one_cookie_whatever_its_games(tmp_path):
    c, (me, friend) = browsers(tmp_path, 2)
    with c:
        games = []
        for i in range(6):
            r = me.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "agent": "random",
                                      "opponent": "friend" if i % 2 else "computer", "seat": "0"},
                        follow_redirects=False)
            assert r.status_code == 303
            games.append(r.headers["location"].rsplit("/", 1)[1])
            (cookie,) = set_cookies(r)  # only the session, renewed
            assert cookie.startswith("tcg_session=")
            for flag in ("HttpOnly", "SameSite=Lax", "Path=/", f"Max-Age={180 * 86400}"):
                assert flag.lower() in cookie.lower(), cookie
            assert "secure" not in cookie.lower()  # a plain-http server: the cookie must reach it
        assert set(me.cookies) == {"tcg_session"}
        session = me.cookies["tcg_session"]
        assert len(session) >= 32
        # the store keeps its hash, never the session itself
        rows = sqlite3.connect(tmp_path / "games.sqlite3").execute("SELECT token_hash FROM seats").fetchall()
        assert (hash_token(session),) in rows and not any(session in str(r) for r in rows)
        # every game is listed, and every seat opens with that one cookie
        home = me.get("/").text
        assert all(g in home for g in games)
        # the friend, invited to the games between people (dealt then), holds one cookie too
        for g in games[1::2]:
            assert join(friend, invite_path(me, g)).status_code == 303
        for g in games:
            with me.websocket_connect(f"/ws/{g}?seat=0") as ws:
                assert receive_state(ws)["seat"] == 0
        assert set(friend.cookies) == {"tcg_session"}
        with friend.websocket_connect(f"/ws/{games[1]}?seat=1") as ws:
            assert receive_state(ws)["seat"] == 1
        # another browser, or no cookie: no seat
        stranger = Browser(c)
        assert stranger.get(f"/game/{games[0]}", follow_redirects=False).headers["location"] == f"/watch/{games[0]}"


def test_the_host_reads_the_invitation_back_from_the_server_not_a_cookie(tmp_path):
    c, (host, friend) = browsers(tmp_path, 2)
    with c:
        gid = new_game(host, opponent="friend")
        assert "invite" not in " ".join(host.cookies)
        path = invite_path(host, gid)
        assert path == invite_path(host, gid)  # the same link every time the page is opened
        # it is stored sealed: neither the code nor its hash alone gives it back
        code = path.rsplit("/", 1)[1]
        db = sqlite3.connect(tmp_path / "games.sqlite3")
        (sealed,) = db.execute("SELECT sealed FROM invitations WHERE game_id=?", (gid,)).fetchone()
        assert code not in sealed and code.encode().hex() != sealed
        # only the host's browser sees it
        assert 'id="invite-link"' not in friend.get(f"/game/{gid}").text
        # a server restarted on the database still shows it to the host
        with client(tmp_path) as c2:
            c2.cookies.update(host.cookies)
            assert c2.get(f"/game/{gid}").text.count(path) == 1
        # once used it is gone
        assert join(friend, path).status_code == 303
        assert 'id="invite-link"' not in host.get(f"/game/{gid}").text
        assert db.execute("SELECT count(*) FROM invitations WHERE game_id=?", (gid,)).fetchone() == (0,)


def old_database(tmp_path) -> tuple[pathlib.Path, dict]:
    """A copy of the database made by the code before sessions, and the cookies of then."""
    db = tmp_path / "games.sqlite3"
    shutil.copy(DATA / "before-sessions.sqlite3", db)
    return db, json.loads((DATA / "before-sessions.json").read_text())


def test_a_database_made_before_sessions_opens_and_old_cookies_keep_their_seats(tmp_path):
    db, old = old_database(tmp_path)
    raw = sqlite3.connect(db)
    assert not raw.execute("SELECT name FROM sqlite_master WHERE name='tcg_schema'").fetchall()  # as made then
    raw.close()
    g = old["games"]
    c, (host, friend, solo, stranger) = browsers(tmp_path, 4)
    for b, name in ((host, "host"), (friend, "friend"), (solo, "solo")):
        b.cookies.update(old["cookies"][name])
    with c:
        assert c.app.state.store.schema_version() == SCHEMA_VERSION
        # the player against the computer: the game opens, its seat moves to a new session and
        # the old cookie is deleted
        r = solo.get(f"/game/{g['computer']}", follow_redirects=False)
        assert r.status_code == 200 and 'data-seat="0"' in r.text
        cookies = set_cookies(r)
        assert any(x.startswith("tcg_session=") for x in cookies)
        gone = [x for x in cookies if x.startswith(f"tcg_{g['computer']}_0=")]
        assert gone and "max-age=0" in gone[0].lower()
        session_only = {"tcg_session": solo.cookies["tcg_session"]}
        solo.cookies = dict(session_only)
        with solo.websocket_connect(f"/ws/{g['computer']}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            assert msg["seat"] == 0 and msg["options"]
        # the stored actions are still there and replay
        assert len(c.app.state.store.load(g["computer"]).actions) == 3
        # the host: both games, the unused invitation still shown (it was in a cookie then)
        home = host.get("/")
        assert g["friend_waiting"] in home.text and g["friend_joined"] in home.text
        deleted = {x.split("=", 1)[0] for x in set_cookies(home) if "max-age=0" in x.lower()}
        assert deleted == set(old["cookies"]["host"])
        host.cookies = {"tcg_session": host.cookies["tcg_session"]}
        link = invite_path(host, g["friend_waiting"])
        assert link.endswith(old["cookies"]["host"][f"tcg_{g['friend_waiting']}_invite"])  # the same link
        with host.websocket_connect(f"/ws/{g['friend_joined']}?seat=1") as ws:
            assert receive_state(ws)["seat"] == 1
        # the friend who had joined keeps the seat; the invited friend takes the other one
        with friend.websocket_connect(f"/ws/{g['friend_joined']}?seat=0") as ws:  # old cookie, not yet moved
            assert receive_state(ws)["seat"] == 0
        assert friend.get(f"/game/{g['friend_joined']}").status_code == 200
        assert set(friend.cookies) >= {"tcg_session"}
        assert join(stranger, link).status_code == 303
        with stranger.websocket_connect(f"/ws/{g['friend_waiting']}?seat=1") as ws:
            assert receive_state(ws)["seat"] == 1
        # an old cookie whose seat has moved gives nothing any more
        thief = Browser(c)
        thief.cookies.update(old["cookies"]["solo"])
        assert thief.get(f"/game/{g['computer']}", follow_redirects=False).status_code == 303


def test_the_schema_migration_is_versioned_and_idempotent(tmp_path):
    db, old = old_database(tmp_path)
    before = sqlite3.connect(db).execute("SELECT game_id, seat, kind, token_hash, invite_hash FROM seats").fetchall()
    store = SQLiteStore(db)
    assert store.schema_version() == SCHEMA_VERSION == 4  # 4: tests/web/test_friend.py
    store.close()
    again = SQLiteStore(db)  # opened again: nothing more to do, nothing changed
    assert again.schema_version() == SCHEMA_VERSION
    raw = sqlite3.connect(db)
    assert raw.execute("SELECT id, version FROM tcg_schema").fetchall() == [(1, SCHEMA_VERSION)]
    assert raw.execute("SELECT game_id, seat, kind, token_hash, invite_hash FROM seats").fetchall() == before
    assert raw.execute("SELECT count(*) FROM invitations").fetchone() == (0,)
    assert {r[1] for r in raw.execute("PRAGMA index_list(seats)")} >= {"seats_token"}
    # an old token still finds its seat, as a session would
    token = old["cookies"]["solo"][f"tcg_{old['games']['computer']}_0"]
    assert again.seat_of(old["games"]["computer"], token) == [0]
    # a database of a newer version is not opened by this one
    raw.execute("UPDATE tcg_schema SET version=99")
    raw.commit()
    from tcg.web.store import StoreError
    with pytest.raises(StoreError, match="newer"):
        SQLiteStore(db)


def test_the_migration_of_a_postgresql_database_made_before_sessions():
    from .pg import Postgres
    server = Postgres().start()  # fails (never skips) when PostgreSQL is not installed
    try:
        import psycopg
        url = server.fresh_database("before")
        from tcg.web.store import SCHEMA
        first = SCHEMA.split("CREATE TABLE IF NOT EXISTS tcg_schema")[0]  # the tables as they were made then
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(first.replace(" STRICT", "").replace(" REAL", " DOUBLE PRECISION"))
            db.execute("INSERT INTO games (id, game, created, updated, setup, options) VALUES "
                       "('g1', 'zx', 0, 0, '{}', '{}')")
            db.execute("INSERT INTO seats (game_id, seat, kind, token_hash) VALUES ('g1', 0, 'human', %s)",
                       (hash_token("x" * 32),))
        for _ in range(2):  # a second process opening it: nothing more to do
            store = open_store(url)
            assert store.schema_version() == SCHEMA_VERSION
            assert store.seat_of("g1", "x" * 32) == [0]
            # version 4 (display names, the lobby): the same columns as SQLite's
            assert store.load("g1").seats[0]["name"] is None and store.lobby_games() == []
            store.close()
        store = open_store(url)
        assert store.adopt("s" * 40, "g1", 0, "x" * 32)
        assert store.seat_of("g1", "s" * 40) == [0] and store.games_held("s" * 40)[0]["id"] == "g1"
        store.close()
    finally:
        server.stop()


def test_cookies_are_secure_behind_an_https_public_url(tmp_path):
    from fastapi.testclient import TestClient

    from tcg.web.app import create_app
    app = create_app(db=tmp_path / "games.sqlite3", public_url="https://cards.example.org")
    with TestClient(app, base_url="https://cards.example.org", headers={"origin": "https://cards.example.org"}) as c:
        gid = new_game(c)
        (cookie,) = set_cookies(c.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0],
                                                     "agent": "random"}, follow_redirects=False))
        assert "; secure" in cookie.lower() and "httponly" in cookie.lower()
        assert "secure" in c.get("/?lang=ja").headers["set-cookie"].lower()
        assert gid
