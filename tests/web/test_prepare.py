"""Simultaneous phases between two people: a seat whose decision is not open yet prepares its
hidden choices; the server keeps them for that seat alone (in the store: a restart keeps them)
and makes them, each checked legal, when the seat's decision opens."""
from __future__ import annotations

import json

from tcg.web.store import SQLiteStore
from .helpers import browsers, client, current_state, invite_path, join, new_game, receive_state


def friends(tmp_path, game: str):
    c, (a, b) = browsers(tmp_path, 2)
    c.__enter__()
    gid = new_game(a, game, opponent="friend")
    assert join(b, invite_path(a, gid)).status_code == 303
    return c, a, b, gid


def test_the_second_player_prepares_a_mulligan_and_it_is_made_when_asked(tmp_path):
    c, a, b, gid = friends(tmp_path, "turutoru")
    with c, a.websocket_connect(f"/ws/{gid}?seat=0") as s0, b.websocket_connect(f"/ws/{gid}?seat=1") as s1:
        m0, m1 = receive_state(s0), receive_state(s1)
        first = 0 if m0["decision"]["yours"] else 1
        second = 1 - first
        socks, msgs = {0: s0, 1: s1}, {0: m0, 1: m1}
        assert msgs[first]["decision"]["kind"] == "mulligan"
        prep = msgs[second]["prepare"]
        assert prep is not None and prep["options"] and prep["done"] == [] and msgs[second]["options"] == []
        assert msgs[first]["prepare"] is None
        choice = prep["options"][-1]
        socks[second].send_text(json.dumps({"type": "prepare", "seq": msgs[second]["seq"], "step": 0,
                                            "option": choice["id"]}))
        after = receive_state(socks[second])
        assert after["seq"] == msgs[second]["seq"] and after["prepare"]["step"] == 1
        assert len(after["prepare"]["done"]) == 1
        # kept in the store for that seat alone
        store = SQLiteStore(tmp_path / "games.sqlite3")
        assert len(store.prepared(gid, second)) == 1 and store.prepared(gid, first) == []
        # a stale step changes nothing
        socks[second].send_text(json.dumps({"type": "prepare", "seq": msgs[second]["seq"], "step": 0,
                                            "option": 0}))
        err = json.loads(socks[second].receive_text())
        assert err["type"] == "error" and "step" in err["message"]
        receive_state(socks[second])
        n_before = len(store.load(gid).actions)
        # the first player decides; the prepared choice is made at once for the second
        while True:
            m = msgs[first]
            if not (m["decision"] and m["decision"]["yours"] and m["decision"]["kind"] == "mulligan"):
                break
            socks[first].send_text(json.dumps({"type": "act", "seq": m["seq"], "option": len(m["options"]) - 1}))
            msgs[first] = receive_state(socks[first], lambda x, q=m["seq"]: x["seq"] > q)
        stored = store.load(gid)
        mine = [e for e in stored.actions[n_before:] if e["player"] == second]
        assert mine, "the prepared mulligan choice was made"
        assert store.prepared(gid, second) == [] or len(store.prepared(gid, second)) < 1


def test_the_other_seat_is_sent_nothing_when_one_prepares(tmp_path):
    c, a, b, gid = friends(tmp_path, "zx")
    with c, a.websocket_connect(f"/ws/{gid}?seat=0") as s0, b.websocket_connect(f"/ws/{gid}?seat=1") as s1:
        m0, m1 = receive_state(s0), receive_state(s1)
        waiting, sock, other = (m1, s1, s0) if m0["decision"]["yours"] else (m0, s0, s1)
        assert waiting["prepare"] and waiting["prepare"]["options"]
        sock.send_text(json.dumps({"type": "prepare", "seq": waiting["seq"], "step": 0, "option": 0}))
        receive_state(sock)
        # the other seat: a sync brings exactly one state, nothing was queued before it
        other.send_text(json.dumps({"type": "sync"}))
        got = json.loads(other.receive_text())
        assert got["type"] == "state" and got["prepare"] is None


def test_prepared_choices_survive_a_restart(tmp_path):
    c, a, b, gid = friends(tmp_path, "zx")
    cookies = dict(b.cookies)
    with c, a.websocket_connect(f"/ws/{gid}?seat=0") as s0, b.websocket_connect(f"/ws/{gid}?seat=1") as s1:
        m0, m1 = receive_state(s0), receive_state(s1)
        assert m0["decision"]["yours"]
        s1.send_text(json.dumps({"type": "prepare", "seq": m1["seq"], "step": 0, "option": 0}))
        done = receive_state(s1)["prepare"]["done"]
    with client(tmp_path) as c2:
        c2.cookies.update(cookies)
        with c2.websocket_connect(f"/ws/{gid}?seat=1") as s1:
            again = receive_state(s1)
    assert again["prepare"]["done"] == done and again["prepare"]["step"] == 1


def test_a_preview_stops_before_the_cards_the_seat_would_draw(tmp_path):
    """Issue 28, leak 2a: a Z/X seat waiting for the other's set-up prepares its start and gate
    cards; the preview then offered the mulligan ("Keep this hand: …") naming the four cards it
    was about to draw, from the real order of its deck. A preview is made on a redealt copy
    (``Game.determinized``) and stops at anything the seat would only learn then: after the
    set-up choices come the shuffle and the draw, so nothing more is offered."""
    c, a, b, gid = friends(tmp_path, "zx")
    with c, a.websocket_connect(f"/ws/{gid}?seat=0") as s0, b.websocket_connect(f"/ws/{gid}?seat=1") as s1:
        m0, m1 = receive_state(s0), receive_state(s1)
        waiting, sock = (m1, s1) if m0["decision"]["yours"] else (m0, s0)
        kinds = []
        for step in range(4):
            prep = waiting["prepare"]
            if not prep or not prep["options"]:
                break
            room = c.app.state.hub.room(gid)
            got = room.preview(waiting["seat"])
            kinds.append(got[0].decision.kind)
            sock.send_text(json.dumps({"type": "prepare", "seq": waiting["seq"], "step": prep["step"],
                                       "option": 0}))
            waiting = current_state(sock)
        assert kinds == ["start_card", "gate_card"], kinds  # the set-up choices, prepared
        assert waiting["prepare"]["step"] == 2 and waiting["prepare"]["options"] == []  # no mulligan
