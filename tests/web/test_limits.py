"""What a server open to strangers allows (issue 28, findings 8 and 9; docs/web.md "Limits"):
the rate limit counts every message, oversized and invalid ones included, per socket and per
client (the remote address, all its sockets together); a client holds a limited number of
sockets; binary frames and deeply nested JSON get a clear error and keep the socket; idle rooms
are dropped from memory and loaded again on demand; a restart loads only the games whose
computer is to move."""
from __future__ import annotations

import contextlib
import json
import logging
import time

import pytest
from starlette.websockets import WebSocketDisconnect

import tcg
from tcg.web.guard import HttpLimits
from tcg.web.hub import BURST, MAX_MESSAGE, RATE, Limits
from tcg.web.store import SQLiteStore

from .helpers import client, my_turn, new_game, receive_state


@pytest.fixture
def no_tracebacks(caplog):
    """Nothing a client sends may log an error (a traceback) on the server."""
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not bad, [r.getMessage() for r in bad]


def answers(ws, n: int) -> list[dict]:
    return [json.loads(ws.receive_text()) for _ in range(n)]


def test_oversized_messages_count_against_the_rate_and_get_a_short_error(tmp_path, no_tracebacks):
    """Finding 9: 600 oversized messages were answered at once, each with a full state. Now they
    go through the rate limiter like any other message, and each gets one short error."""
    n = BURST + 60
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            first = receive_state(ws, my_turn)
            t0 = time.monotonic()
            for _ in range(n):
                ws.send_text("x" * (MAX_MESSAGE + 1))
            got = answers(ws, n)
            elapsed = time.monotonic() - t0
            assert [m["type"] for m in got] == ["error"] * n  # no state after each
            assert all("too long" in m["message"] and len(json.dumps(m)) < 200 for m in got)
            assert elapsed >= 0.8 * 60 / RATE, elapsed  # held back to the rate after the burst
            ws.send_text(json.dumps({"type": "sync"}))
            assert receive_state(ws)["seq"] == first["seq"]


@pytest.mark.parametrize("send, words", [
    (lambda ws: ws.send_bytes(b'{"type": "sync"}'), "binary"),
    (lambda ws: ws.send_text("[" * 2000 + "]" * 2000), "nested"),  # under 4 KiB
    (lambda ws: ws.send_text("[" * 4000), "nested"),
    (lambda ws: ws.send_text("not json"), "not JSON"),
    (lambda ws: ws.send_text("[1, 2]"), "JSON object"),
    (lambda ws: ws.send_text(json.dumps({"type": "fly" * 500})), "unknown message type"),
])
def test_an_invalid_message_gets_a_short_error_and_the_socket_stays(tmp_path, no_tracebacks, send, words):
    """A binary frame ended the socket with a traceback (KeyError: 'text'), deeply nested JSON
    under 4 KiB with a RecursionError: both now get a clear error, the socket stays open."""
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            first = receive_state(ws, my_turn)
            send(ws)
            err = json.loads(ws.receive_text())
            assert err["type"] == "error" and words in err["message"], err
            assert len(err["message"]) < 200
            ws.send_text(json.dumps({"type": "sync"}))  # the next answer is the sync's: no state came with the error
            again = json.loads(ws.receive_text())
            assert again["type"] == "state" and again["seq"] == first["seq"]
            ws.send_text(json.dumps({"type": "act", "seq": first["seq"], "option": 0}))
            assert receive_state(ws, lambda m: m["seq"] > first["seq"])  # and the game goes on


@pytest.mark.parametrize("msg", [
    {"type": "act", "seq": None}, {"type": "act", "seq": 10**300, "option": 0}, {"type": "act", "seq": 1.5},
    {"type": "act", "option": {"a": [1]}}, {"type": "prepare", "seq": "SEQ", "step": [1], "option": "x"},
    {"type": "prepare", "seq": "SEQ", "step": None, "clear": True}, {"type": ["act"]}, {"type": None},
    {"type": "act", "seq": "SEQ", "option": 1e308}, {"type": "concede", "seq": -1}, {"type": "undo", "seq": "SEQ"},
    {"type": "claim", "seq": "SEQ"}, {"type": "standin", "seq": "SEQ"}, {"type": "act", "seq": "SEQ", "option": -10**40},
])
def test_odd_messages_get_an_error_never_a_traceback(tmp_path, no_tracebacks, msg):
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            first = receive_state(ws, my_turn)
            text = json.dumps(msg).replace('"SEQ"', str(first["seq"]))
            ws.send_text(text)
            got = json.loads(ws.receive_text())
            assert got["type"] in ("error", "stale"), got
            ws.send_text(json.dumps({"type": "sync"}))
            assert receive_state(ws)["seq"] == first["seq"]


def test_the_rate_limit_is_per_client_across_its_sockets(tmp_path, no_tracebacks):
    """Finding 9: the limit was per socket, so 20 sockets sent 20 times the rate. All the
    sockets of one client (remote address) now share one allowance as well."""
    sockets, each = 20, 20
    limits = Limits()
    with client(tmp_path) as c:
        gid = new_game(c)
        with contextlib.ExitStack() as stack:
            wss = [stack.enter_context(c.websocket_connect(f"/ws/{gid}?seat=0")) for _ in range(sockets)]
            seq = [receive_state(ws, my_turn)["seq"] for ws in wss][0]
            t0 = time.monotonic()
            for ws in wss:
                for _ in range(each):
                    ws.send_text(json.dumps({"type": "sync"}))
            for ws in wss:
                assert all(m["type"] == "state" and m["seq"] == seq for m in answers(ws, each))
            elapsed = time.monotonic() - t0
    over = sockets * each + sockets - limits.client_burst  # each connection counts as a message too
    assert each < limits.burst and over > 0
    assert elapsed >= 0.8 * over / limits.client_rate, elapsed


def test_a_client_holds_a_limited_number_of_sockets(tmp_path, no_tracebacks):
    limits = Limits()
    with client(tmp_path) as c:
        gid = new_game(c)
        with contextlib.ExitStack() as stack:
            wss = [stack.enter_context(c.websocket_connect(f"/ws/{gid}?seat=spectator"))
                   for _ in range(limits.sockets)]
            for ws in wss:
                receive_state(ws)
            with c.websocket_connect(f"/ws/{gid}?seat=0") as extra:
                err = json.loads(extra.receive_text())
                assert err["type"] == "error" and "too many connections" in err["message"], err
                with pytest.raises(WebSocketDisconnect) as e:
                    extra.receive_text()
                assert e.value.code == 4429 and "too many connections" in e.value.reason
            wss[0].close()
            with c.websocket_connect(f"/ws/{gid}?seat=0") as again:  # one closed: room for another
                assert receive_state(again)["type"] == "state"


# --- idle rooms (finding 8) ---------------------------------------------------------------------------
def wait_for(cond, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def test_idle_rooms_are_dropped_and_come_back_at_the_same_step(tmp_path, no_tracebacks):
    """A room with no page open and nothing happening leaves memory after ``idle`` seconds (a
    finished game's after ``idle_finished``); a later connection loads the same game again."""
    limits = Limits(idle=2.0, idle_finished=0.1)
    with client(tmp_path, limits=limits) as c:
        hub = c.app.state.hub
        gid, done = new_game(c), new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            for _ in range(3):
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": len(msg["options"]) - 1}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
            time.sleep(0.3)
            assert gid in hub.rooms  # a page is open: the room stays, however long
        with c.websocket_connect(f"/ws/{done}?seat=0") as ws:
            m = receive_state(ws, my_turn)
            ws.send_text(json.dumps({"type": "concede", "seq": m["seq"]}))
            assert receive_state(ws, lambda x: x["result"])["result"]
        closed = time.monotonic()
        assert wait_for(lambda: done not in hub.rooms, 2.0)  # finished: dropped soon
        assert gid in hub.rooms or time.monotonic() - closed > 1.5  # the other one waits its idle time
        assert wait_for(lambda: gid not in hub.rooms, 10.0)
        assert not hub.conns.get(gid) and gid not in hub._seen
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:  # loaded again on demand
            again = receive_state(ws, my_turn)
            assert gid in hub.rooms
        assert again["seq"] == msg["seq"] and again["view"] == msg["view"] and again["options"] == msg["options"]
        ws_done = c.websocket_connect(f"/ws/{done}?seat=spectator")
        with ws_done as ws:
            assert receive_state(ws)["result"]


def test_many_new_games_neither_stay_in_memory_nor_load_at_restart(tmp_path, no_tracebacks):
    """Finding 8 (shortened to 60 games): every /new stayed in Hub.rooms, and a restart loaded
    every game. Now the rooms are dropped when idle, and a restart loads only the games whose
    computer is to move (the store says which: ``computer_to_move``)."""
    limits = Limits(idle=0.2, idle_finished=0.1)
    with client(tmp_path, limits=limits, http_limits=HttpLimits(games=0)) as c:  # (no limit per client)
        hub = c.app.state.hub
        gids = [new_game(c, seed=str(i)) for i in range(60)]
        assert wait_for(lambda: not hub.rooms, 5.0), len(hub.rooms)
    store = SQLiteStore(tmp_path / "games.sqlite3")
    assert store.computer_to_move() == []  # the human is to move in every one
    # a game whose computer is to move (created in the store only: nobody has moved it yet)
    g = tcg.new_game("zx", [tcg.list_decks("zx")[0]] * 2, seed=5)
    assert g.decision.player == 0
    setup = {k: v for k, v in g.record().items() if k not in ("actions", "result")}
    waiting, _, _ = store.create("zx", setup, {"computer": {"agent": "random"}}, ["computer", "human"])
    assert store.computer_to_move() == [waiting]  # not known yet: a candidate
    with client(tmp_path, limits=Limits(idle=600)) as c2:
        hub = c2.app.state.hub
        assert set(hub.rooms) <= {waiting}
        assert wait_for(lambda: store.load(waiting).actions, 5.0)  # the computer moved ...
        assert wait_for(lambda: store.computer_to_move() == [], 10.0)  # ... until the human is to move
        assert not set(gids) & set(hub.rooms)
    assert store.computer_to_move() == []


def test_an_older_sqlite_database_gets_the_to_move_column(tmp_path):
    import sqlite3
    from tcg.web.store import SCHEMA
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA.replace(",\n    to_move   INTEGER DEFAULT -1", ""))
        db.execute("INSERT INTO games (id, game, created, updated, setup, options) VALUES ('old1', 'zx', 0, 0, '{}', '{}')")
        db.execute("INSERT INTO seats (game_id, seat, kind) VALUES ('old1', 0, 'computer'), ('old1', 1, 'human')")
        assert "to_move" not in [r[1] for r in db.execute("PRAGMA table_info(games)")]
    store = SQLiteStore(path)
    assert store.load("old1").to_move == -1 and store.computer_to_move() == ["old1"]
    store.set_to_move("old1", 1)
    assert store.computer_to_move() == []
    SQLiteStore(path)  # opened again: nothing to add
