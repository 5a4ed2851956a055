"""PostgreSQL as the store, against a real server the tests start themselves (tests/web/pg.py):
the store's contract as with SQLite, and two ``tcg serve`` processes on one database serving the
same games, one player on each, with one process killed mid-game."""
from __future__ import annotations

import json
import random
import re
import time

import httpx
import pytest

import tcg
from websockets.sync.client import connect

from tcg.web.store import Conflict, SQLiteStore
from tcg.web.stores import open_store

from .browser import Server
from .pg import Postgres

_names = iter(range(1, 10_000))
# the sync client is closed by hand here (a page's socket is replaced when a process dies)
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


@pytest.fixture(scope="module")
def postgres():
    server = Postgres().start()  # fails (never skips) when PostgreSQL is not installed
    yield server
    server.stop()


@pytest.fixture
def pg_url(postgres):
    return postgres.fresh_database(f"t{next(_names)}")


# --- the store ------------------------------------------------------------------------------------
@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path):
    if request.param == "sqlite":
        s = SQLiteStore(tmp_path / "g.sqlite3")
    else:
        s = open_store(request.getfixturevalue("pg_url"))
    yield s
    s.close()


def test_both_stores_keep_a_game_the_same_way(store):
    gid, tokens, invites = store.create("zx", {"game": "zx", "seed": 1}, {"x": 1}, ["human", "invite"])
    assert store.seat_of(gid, tokens[0]) == [0] and store.seat_of(gid, "wrong") == []
    seat, token = store.claim(gid, invites[1])
    assert seat == 1 and store.claim(gid, invites[1]) is None  # an invitation is used once
    assert store.append(gid, 0, {"player": 0, "action": {"type": "a"}}, None) == 1
    with pytest.raises(Conflict):  # action 0 is stored already: no fork
        store.append(gid, 0, {"player": 1, "action": {"type": "b"}}, None)
    assert store.append(gid, 1, {"player": 1, "action": {"type": "b"}, "by": "computer"}, {"winner": 1}) == 2
    g = store.load(gid)
    assert g.actions == [{"player": 0, "action": {"type": "a"}, "by": "player"},
                         {"player": 1, "action": {"type": "b"}, "by": "computer"}]
    assert g.result == {"winner": 1} and g.version == 2 and g.options == {"x": 1}
    assert store.truncate(gid, 1) == 3 and len(store.load(gid).actions) == 1
    store.set_prepared(gid, 1, [{"type": "keep"}])
    assert store.prepared(gid, 1) == [{"type": "keep"}] and store.prepared(gid, 0) == []
    assert [x["id"] for x in store.games_of({gid: token})] == [gid]
    assert store.game_ids() == [gid]


def test_both_stores_keep_names_and_the_lobby_the_same_way(store):
    """Schema version 4: each seat's display name, the games listed in the lobby, a listed
    game's seat taken without its invitation and dealt in the same transaction."""
    waiting = {"game": "zx", "waiting": {"seat": 0, "deck": "d", "card_set": ""}}
    private, _, invites = store.create("zx", waiting, {}, ["human", "invite"], session="s" * 40, names={0: "Ann"})
    listed, _, _ = store.create("zx", waiting, {}, ["human", "invite"], session="s" * 40, names={0: "Ann"}, lobby=True)
    assert [g["id"] for g in store.lobby_games()] == [listed] and store.lobby_games()[0]["open"]
    assert store.open_seat(listed) == 1 and store.open_seat(private) is None
    assert store.claim(private, None, "t" * 40) is None  # not listed: only its invitation takes it
    seat, _ = store.claim(listed, None, "t" * 40, name="Ben", setup={"game": "zx", "seed": 5})
    assert seat == 1 and store.claim(listed, None, "u" * 40) is None
    g = store.load(listed)
    assert [s["name"] for s in g.seats] == ["Ann", "Ben"] and g.setup == {"game": "zx", "seed": 5}
    assert not store.lobby_games()[0]["open"] and store.games_held("t" * 40)[0]["names"] == ["Ann", "Ben"]
    assert store.claim(private, invites[1], "u" * 40)[0] == 1 and store.load(private).seats[1]["name"] is None
    # a rematch: made when both seats accepted, the seats (and names) swapped
    store.append(listed, 0, {"player": 0, "action": {"type": "concede"}}, {"winner": 1})
    assert store.accept_rematch(listed, 1, {"game": "zx", "seed": 6}, {}) == {"accepted": [1], "game": None}
    new = store.accept_rematch(listed, 0, {"game": "zx", "seed": 6}, {})["game"]
    assert new and store.rematch(listed)["game"] == new and store.seat_of(new, "t" * 40) == [0]
    assert [s["name"] for s in store.load(new).seats] == ["Ben", "Ann"] and store.seat_of(new, "s" * 40) == [1]


def test_one_process_at_a_time_owns_a_game_and_hears_the_others(pg_url):
    a, b = open_store(pg_url), open_store(pg_url)
    heard: list[tuple[str, int]] = []
    b.listen(lambda gid, version: heard.append((gid, version)))
    gid, _, _ = a.create("zx", {"game": "zx"}, {}, ["human", "computer"])
    a.append(gid, 0, {"player": 0, "action": {"type": "a"}}, None)
    assert a.own(gid) and not b.own(gid)
    deadline = time.monotonic() + 10
    while (gid, 1) not in heard and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (gid, 1) in heard
    a.close()  # its session ends: the game is free for another process
    deadline = time.monotonic() + 10
    while not b.own(gid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert b.own(gid)
    b.close()


# --- two server processes -------------------------------------------------------------------------
class Seat:
    """One player's browser: cookies from the pages, a WebSocket to one server process."""

    def __init__(self, server: Server, cookies: httpx.Cookies | None = None):
        # a browser's pages send their origin with every form they post
        self.http = httpx.Client(base_url=server.url, cookies=cookies, headers={"origin": server.url})
        self.server = server

    def move_to(self, server: Server) -> None:
        """The page reconnects through another process (the load balancer's choice)."""
        self.http = httpx.Client(base_url=server.url, cookies=self.http.cookies, headers={"origin": server.url})
        self.server = server

    def socket(self, gid: str, seat: int):
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        return connect(f"ws://127.0.0.1:{self.server.port}/ws/{gid}?seat={seat}",
                       additional_headers={"Cookie": cookie}, max_size=2**22, open_timeout=20)


def state(ws, until=lambda m: True, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if msg.get("type") == "state" and until(msg):
            return msg


def stored_and_replayed(url: str, gid: str):
    """The game as the database holds it, and the game its record replays to."""
    store = open_store(url)
    try:
        stored = store.load(gid)
    finally:
        store.close()
    return stored, tcg.replay(stored.record())


def told(url: str, gid: str, seat: int) -> tuple[int, bool]:
    """What ``seat`` is told of the stored game: its sequence number, and whether it decides."""
    from tcg.web.room import SecretRun
    store = open_store(url)
    try:
        stored = store.load(gid)
    finally:
        store.close()
    g = tcg.replay(dict(stored.record(), actions=[]))
    run = SecretRun.walk(g, stored.actions)
    return stored.version - run.hidden_from(seat), bool(g.is_over or g.decision.player == seat)


def yours(m: dict) -> bool:
    return bool(m["result"] or (m["decision"] and m["decision"]["yours"] and m["options"]))


def test_two_processes_serve_one_game_between_friends_and_survive_one_killed(pg_url, tmp_path):
    """The host plays through process A, the friend through process B; every move reaches the
    other seat through the database. A is killed (kill -9) mid-game: the host reconnects through B
    and the game goes on to its end, nothing lost, nothing played twice."""
    a, b = Server(pg_url).start(), Server(pg_url).start()
    try:
        host = Seat(a)
        r = host.http.post("/new", data={"game": "turutoru", "deck": tcg.list_decks("turutoru")[0],
                                         "opponent": "friend", "seat": "0"}, follow_redirects=False)
        assert r.status_code == 303, r.text
        gid = r.headers["location"].rsplit("/", 1)[1]
        link = re.search(r'id="invite-link" readonly value="([^"]+)"', host.http.get(f"/game/{gid}").text).group(1)
        friend = Seat(b)
        path = link.split(str(a.port), 1)[1]
        assert 'id="take-seat"' in friend.http.get(path).text  # the invitation's page: the seat is taken by its button
        assert friend.http.post(path, follow_redirects=False).status_code == 303
        rng = random.Random(7)
        moves, killed = 0, False
        ws = {0: host.socket(gid, 0), 1: friend.socket(gid, 1)}
        last = {p: state(ws[p]) for p in (0, 1)}
        while True:
            # whoever decides answers; the other seat must see the move through the other process
            movers = [p for p in (0, 1) if yours(last[p]) and not last[p]["result"]]
            if any(last[p]["result"] for p in (0, 1)):
                break
            if not movers:
                p = 0 if last[0]["seq"] < last[1]["seq"] else 1
                last[p] = state(ws[p], lambda m, s=last[p]["seq"]: m["seq"] > s)
                continue
            p = movers[0]
            m = last[p]
            ws[p].send(json.dumps({"type": "act", "seq": m["seq"], "option": rng.randrange(len(m["options"]))}))
            last[p] = state(ws[p], lambda x, s=m["seq"]: x["seq"] > s or x["result"])
            other = 1 - p
            # heard across: the other seat is sent what it may know of the move (nothing of a
            # secret choice: its sequence number counts only what it may know, see room.SecretRun)
            want, its_turn = told(pg_url, gid, other)
            if want > last[other]["seq"] or (its_turn and not yours(last[other])):
                last[other] = state(ws[other], lambda x: x["seq"] >= want and (yours(x) or not its_turn))
            assert last[other]["seq"] == want
            moves += 1
            if moves == 25 and not killed:
                a.kill()
                killed = True
                ws[0].close()
                host.move_to(b)
                ws[0] = host.socket(gid, 0)
                last[0] = state(ws[0])
                assert last[0]["seq"] == told(pg_url, gid, 0)[0]  # nothing lost
            assert moves < 3000
        assert killed and moves > 25
        for s in ws.values():
            s.close()
    finally:
        a.kill()
        b.stop()
    stored, replayed = stored_and_replayed(pg_url, gid)
    assert stored.result is not None and len(stored.actions) >= moves
    assert replayed.is_over and replayed.result["winner"] == stored.result["winner"]


def test_the_computer_moves_once_and_a_surviving_process_takes_its_game_over(pg_url):
    """A game against the computer, its player connected to B while A (which created it) runs the
    computer; A is killed: B takes the computer over and the game is played to its end."""
    a, b = Server(pg_url).start(), Server(pg_url).start()
    try:
        player = Seat(a)
        r = player.http.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "opponent": "computer",
                                           "agent": "random", "seat": "0", "seed": "11"}, follow_redirects=False)
        assert r.status_code == 303, r.text
        gid = r.headers["location"].rsplit("/", 1)[1]
        ws = player.socket(gid, 0)  # first through A, which takes the computer's seat
        rng = random.Random(3)
        m = state(ws, yours)
        moves = 0
        while not m["result"]:
            ws.send(json.dumps({"type": "act", "seq": m["seq"], "option": rng.randrange(len(m["options"]))}))
            m = state(ws, lambda x, s=m["seq"]: x["seq"] > s and yours(x))
            moves += 1
            if moves == 5:  # the page reconnects through B; A still runs the computer
                ws.close()
                player.move_to(b)
                ws = player.socket(gid, 0)
                m = state(ws, yours)
            if moves == 15:
                a.kill()
            assert moves < 2000
        ws.close()
    finally:
        a.kill()
        b.stop()
    stored, replayed = stored_and_replayed(pg_url, gid)  # every stored move legal in turn: none twice
    assert replayed.is_over and [x["by"] for x in stored.actions].count("computer") > 0
