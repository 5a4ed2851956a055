"""Clocks and absent players in games between two people (tcg/web/clock.py): a timed-out decision
is made for the player and recorded as the clock's, repeated timeouts concede, and a player who
stays away may be claimed against or replaced by the computer."""
from __future__ import annotations

import contextlib
import json

import pytest

import tcg
from tcg.web import clock as clocks
from tcg.web.clock import Clock, clock_option

from .helpers import browsers, receive_state, current_state


# --- the clock itself ----------------------------------------------------------------------------
def test_time_over_the_move_comes_off_the_reserve_and_a_decision_resets_timeouts():
    c = Clock.of({"move": 10, "reserve": 60, "limit": 3}, [0, 1])
    c.start(0, now=100.0)
    assert c.left(now=100.0) == 70.0
    c.timeouts[0] = 2
    c.used(0, "player", now=125.0)           # 15 s over the 10 s of the move
    assert c.reserves == {0: 45.0, 1: 60.0} and c.timeouts[0] == 0 and c.running is None
    c.start(1, now=200.0)
    c.used(1, "player", now=205.0)           # within the move: the reserve is kept
    assert c.reserves[1] == 60.0
    c.start(0, now=300.0)
    view = c.view(now=312.0)
    assert view["running"] == 0 and view["move_left"] == 0.0 and view["reserves"]["0"] == 43.0
    c.used(0, "clock", now=400.0)            # a timeout: reserve spent, the count kept
    assert c.reserves[0] == 0.0


def test_clock_options_are_named_and_an_unknown_one_is_refused():
    assert clock_option("off") is None and clock_option("") is None
    assert clock_option("rapid") == {"name": "rapid", "move": 30, "reserve": 300, "limit": clocks.TIMEOUT_LIMIT}
    with pytest.raises(tcg.TcgError, match="unknown clock"):
        clock_option("bullet")


# --- in games ------------------------------------------------------------------------------------
def friends_game(c, host, friend, clock: dict | None = None, game: str = "turutoru") -> str:
    """A game between host (seat 0) and friend (seat 1), with ``clock`` as its option."""
    deck = tcg.list_decks(game)[0]
    g = tcg.new_game(game, [deck, deck], seed=4)
    setup = {k: v for k, v in g.record().items() if k not in ("actions", "result")}
    store = c.app.state.store
    gid, tokens, _ = store.create(game, setup, {"clock": clock} if clock else {}, ["human", "human"])
    host.cookies["tcg_session"] = tokens[0]  # a seat created without a session: its token serves as one
    friend.cookies["tcg_session"] = tokens[1]
    return gid


def test_the_clock_moves_for_a_player_out_of_time_and_repeated_timeouts_concede(tmp_path):
    c, (host, friend) = browsers(tmp_path, 2)
    with c:
        gid = friends_game(c, host, friend, {"move": 0.2, "reserve": 0.2, "limit": 2})
        with host.websocket_connect(f"/ws/{gid}?seat=0") as a, friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
            first = receive_state(a)
            assert first["clock"]["move"] == 0.2 and set(first["clock"]["reserves"]) == {"0", "1"}
            end = receive_state(a, lambda m: m["result"] is not None, limit=500)
            receive_state(b, lambda m: m["result"] is not None, limit=500)
        stored = c.app.state.store.load(gid)
    # nobody played: every decision was the clock's, and a seat conceded after 2 timeouts in a row
    assert stored.actions and {x["by"] for x in stored.actions} == {"clock"}
    assert stored.actions[-1]["action"] == {"type": "concede"}
    assert end["result"]["reason"] == "concede"
    loser = stored.actions[-1]["player"]
    # limit 2: one decision made for the loser, then its second timeout in a row concedes
    assert [x["player"] for x in stored.actions[:-1]].count(loser) >= 1
    assert any("time ran out" in s["text"] for s in end["log"])  # the log says why
    # seat 0's table speaks to it: "You lose." or "You win!", and why
    assert end["result"]["text"] == ("You lose. (ran out of time)" if loser == 0 else "You win! (ran out of time)")
    # and its replay says it the same way
    with c:
        replayed = host.get(f"/api/replay/{gid}?step={len(stored.actions)}&viewer=0&lang=en").json()
    assert replayed["result"]["text"] == end["result"]["text"]


def test_a_player_who_decides_in_time_is_never_moved_for(tmp_path):
    c, (host, friend) = browsers(tmp_path, 2)
    with c:
        gid = friends_game(c, host, friend, {"move": 30, "reserve": 60, "limit": 3})
        with host.websocket_connect(f"/ws/{gid}?seat=0") as a, friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
            socks = {0: a, 1: b}
            last = {0: receive_state(a), 1: receive_state(b)}
            for _ in range(12):
                p = next((p for p in (0, 1) if last[p]["decision"] and last[p]["decision"]["yours"]
                          and last[p]["options"]), None)
                if p is None:
                    break
                m = last[p]
                assert m["clock"]["running"] == p and 0 < m["clock"]["move_left"] <= 30
                socks[p].send_text(json.dumps({"type": "act", "seq": m["seq"], "option": 0}))
                last[p] = receive_state(socks[p], lambda x, s=m["seq"]: x["seq"] > s)
                last[1 - p] = current_state(socks[1 - p])  # (sent nothing after a secret choice)
        stored = c.app.state.store.load(gid)
    assert stored.actions and all(x["by"] == "player" for x in stored.actions)


@pytest.fixture
def friends(tmp_path, monkeypatch):
    """A test client, the host and the friend, with a grace period of 0.3 s."""
    monkeypatch.setattr(clocks, "GRACE", 0.3)
    c, (host, friend) = browsers(tmp_path, 2)
    return c, host, friend


@contextlib.contextmanager
def friend_gone(friends):
    """A game between the two; the friend's page opens and closes: yields (client, game id, the
    host's socket, the host's first state, the friend) with the friend just gone."""
    c, host, friend = friends
    with c:
        gid = friends_game(c, host, friend)
        with host.websocket_connect(f"/ws/{gid}?seat=0") as a:
            with friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
                receive_state(b)
                first = receive_state(a)
            yield c, gid, a, first, friend


def test_an_absent_opponent_may_be_claimed_against_after_the_grace_period(friends):
    with friend_gone(friends) as (c, gid, a, m, _):
        assert m["away"] == {} and not m["can_claim"]  # (while the friend was there)
        # the friend is gone, but only just: a claim is refused, nothing changes
        a.send_text(json.dumps({"type": "claim", "seq": m["seq"]}))
        err = json.loads(a.receive_text())
        while err["type"] == "presence":  # (the host was told at once that the friend's page closed)
            err = json.loads(a.receive_text())
        assert err["type"] == "error" and "not away" in err["message"]
        # after the grace period the host is told, and may claim the win
        m = receive_state(a, lambda x: x["can_claim"])
        assert "1" in m["away"]
        a.send_text(json.dumps({"type": "claim", "seq": m["seq"]}))
        end = receive_state(a, lambda x: x["result"] is not None)
        assert end["result"]["winner"] == 0
        last = c.app.state.store.load(gid).actions[-1]
        assert last == {"player": 1, "action": {"type": "concede"}, "by": "away"}
        assert "left the game" in end["result"]["text"]


def test_the_computer_stands_in_for_an_absent_player_until_they_come_back(friends):
    with friend_gone(friends) as (c, gid, a, _, friend):
        m = receive_state(a, lambda x: x["can_claim"])
        a.send_text(json.dumps({"type": "standin", "seq": m["seq"]}))
        m = receive_state(a, lambda x: x["standins"] == [1])
        # the host plays; the computer answers for seat 1
        for _ in range(30):
            if m["result"] or [x for x in c.app.state.store.load(gid).actions if x["by"] == "computer"]:
                break
            if m["decision"] and m["decision"]["yours"] and m["options"]:
                a.send_text(json.dumps({"type": "act", "seq": m["seq"], "option": 0}))
                m = receive_state(a, lambda x, s=m["seq"]: x["seq"] > s)
            else:  # the computer's move (a secret one does not count in the host's seq)
                m = receive_state(a, lambda x: x["result"] or (x["decision"] and x["decision"]["yours"]))
        played = [x for x in c.app.state.store.load(gid).actions if x["by"] == "computer"]
        assert played and {x["player"] for x in played} == {1}
        # the friend comes back: the seat is theirs again
        with friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
            receive_state(b)
            m = receive_state(a, lambda x: x["standins"] == [] and x["away"] == {})  # told it is back
            assert not m["can_claim"]


@pytest.mark.parametrize("game", ["shironeko", "kemuri"])
def test_a_mulligan_marked_card_by_card_is_one_decision_for_the_clock(tmp_path, game):
    """The clock gives a player's whole mulligan one move's time and, once out, makes every mark of
    it for them as one timeout: the first seat's mulligan is finished before any concession, and
    the loss reads as time running out."""
    c, (host, friend) = browsers(tmp_path, 2)
    with c:
        gid = friends_game(c, host, friend, {"move": 0.2, "reserve": 0.0, "limit": 2}, game=game)
        with host.websocket_connect(f"/ws/{gid}?seat=0") as a, friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
            end = receive_state(a, lambda m: m["result"] is not None, limit=500)
            receive_state(b, lambda m: m["result"] is not None, limit=500)
        stored = c.app.state.store.load(gid)
    types = [(x["player"], x["action"]["type"]) for x in stored.actions]
    marks = [t for t in types if t[1] == "mulligan_mark"]
    assert marks, types  # the heuristic marked cards: several steps of one decision
    loser = types[-1][0]
    assert types[-1][1] == "concede" and (loser, "mulligan_done") in types, types
    assert "ran out of time" in end["result"]["text"] and end["result"]["reason"] == "concede"
