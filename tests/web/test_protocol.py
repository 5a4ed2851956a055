"""The game protocol through FastAPI's test client (no browser): join, act, stale answers, wrong
seat, spectator, reconnect, restart and resume from the database, bad messages."""
from __future__ import annotations

import json

import pytest

from starlette.websockets import WebSocketDisconnect

from tcg.web.store import SQLiteStore
from .helpers import Browser, LogBook, browsers, client, join, my_turn, new_game, receive_state


def play_to_end(ws, pick=lambda msg: 0, limit: int = 3000) -> dict:
    msg = receive_state(ws, my_turn)
    for _ in range(limit):
        if msg["result"]:
            return msg
        ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": pick(msg)}))
        msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["zx"])
def test_a_game_against_the_computer_is_played_to_the_end_and_stored(tmp_path, game):
    with client(tmp_path) as c:
        gid = new_game(c, game)
        with c.websocket_connect(f"/ws/{gid}?seat=0&lang=en") as ws:
            end = play_to_end(ws)
        assert end["result"]["text"]
        assert end["decision"] is None and end["options"] == []
    stored = SQLiteStore(tmp_path / "games.sqlite3").load(gid)
    assert stored.result == {k: v for k, v in end["result"].items() if k != "text"}
    assert len(stored.actions) == stored.version or stored.version >= len(stored.actions)
    # the stored record replays to the same end
    import tcg
    g = tcg.replay(dict(stored.record(), result=stored.result))
    assert g.result == stored.result


def test_a_stale_or_repeated_answer_changes_nothing(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            after = receive_state(ws, lambda m: m["seq"] > msg["seq"])
            store = SQLiteStore(tmp_path / "games.sqlite3")
            n = len(store.load(gid).actions)
            # the same answer again: refused as stale, the state comes back
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            stale = json.loads(ws.receive_text())
            assert stale == {"type": "stale", "seq": stale["seq"]} and stale["seq"] >= after["seq"]
            back = receive_state(ws)
            assert back["seq"] == stale["seq"]
            assert len(store.load(gid).actions) == n


def test_only_the_seat_holding_the_token_may_connect_as_that_seat(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        # the computer's seat: nobody holds its token
        from starlette.websockets import WebSocketDisconnect
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/ws/{gid}?seat=1") as ws:
                ws.receive_text()
        assert e.value.code == 4403
        # a browser without the cookie cannot take seat 0 either
        c.cookies.clear()
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
                ws.receive_text()
        assert e.value.code == 4403


def test_spectators_see_no_hand_and_cannot_act(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        c.cookies.clear()
        with c.websocket_connect(f"/ws/{gid}?seat=spectator") as ws:
            msg = receive_state(ws)
            assert msg["seat"] is None and msg["options"] == []
            ids = json.dumps(msg["view"])
            for p in msg["view"]["areas"]:
                if p["id"].endswith(".hand"):
                    assert all(card["face_down"] for card in p["cards"]), p
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            err = json.loads(ws.receive_text())
            assert err["type"] == "error" and "spectator" in err["message"]
            assert ids


@pytest.mark.parametrize("bad, words", [
    ("not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": "fly"}', "unknown message type"),
    ('{"type": "act", "option": 0}', "seq"),
    ('{"type": "act", "seq": "x", "option": 0}', "seq"),
    ("x" * 5000, "too long"),
])
def test_malformed_messages_get_a_clear_error_and_change_nothing(tmp_path, bad, words):
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            ws.send_text(bad)
            err = json.loads(ws.receive_text())
            assert err["type"] == "error" and words in err["message"], err
            ws.send_text(json.dumps({"type": "sync"}))  # (a message that is not one gets no state)
            again = receive_state(ws)
            assert again["seq"] == msg["seq"]


@pytest.mark.parametrize("option", [-1, 10_000, "1", None, True])
def test_an_option_that_was_not_offered_is_refused(tmp_path, option):
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": option}))
            err = json.loads(ws.receive_text())
            assert err["type"] == "error" and "option" in err["message"]
            assert receive_state(ws)["seq"] == msg["seq"]


def test_reconnecting_shows_the_same_pending_decision(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            first = receive_state(ws, my_turn)
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            again = receive_state(ws, my_turn)
        assert again["seq"] == first["seq"] and again["options"] == first["options"]


def test_a_restarted_server_resumes_the_game_exactly(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        cookies = dict(c.cookies)
        book = LogBook()
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn, book=book)
            for _ in range(5):
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": len(msg["options"]) - 1}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m), book=book)
    # a new process on the same database
    with client(tmp_path) as c2:
        c2.cookies.update(cookies)
        with c2.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            again = receive_state(ws, my_turn)
    assert again["seq"] == msg["seq"]
    assert again["view"] == msg["view"] and again["options"] == msg["options"]
    assert again["log_full"]
    assert [s["text"] for s in again["log"]] == [s["text"] for s in book.steps][-len(again["log"]):]
    assert len(again["log"]) == min(40, len(book.steps))


def test_after_its_first_message_a_connection_is_sent_only_new_log_steps(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c, game="shironeko", seed="1")
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            first = receive_state(ws)
            assert first["log_full"] and first["log"]
            seen = [s["n"] for s in first["log"]]

            def until_my_turn(msg: dict) -> dict:
                while not my_turn(msg):
                    msg = json.loads(ws.receive_text())
                    if msg["type"] != "state":
                        continue
                    assert not msg["log_full"]
                    ns = [s["n"] for s in msg["log"]]
                    assert all(n > seen[-1] for n in ns) and ns == sorted(ns)  # nothing sent twice
                    seen.extend(ns)
                return msg

            msg = until_my_turn(first)
            for _ in range(6):  # until an action that can be taken back (a mulligan choice)
                if msg["can_undo"]:
                    break
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
                msg = until_my_turn({"result": None, "decision": None, "options": []})
            assert seen == list(range(seen[0], seen[-1] + 1))  # and nothing left out
            # an undo rebuilds the log: the next message carries it whole
            assert msg["can_undo"] and len(seen) > len(first["log"])
            ws.send_text(json.dumps({"type": "undo", "seq": msg["seq"]}))
            assert receive_state(ws)["log_full"]


def test_two_friends_play_through_an_invitation(tmp_path):
    c, (host, friend) = browsers(tmp_path, 2)
    with c:
        gid = new_game(host, opponent="friend")
        page = host.get(f"/game/{gid}")
        import re
        link = re.search(r'id="invite-link" readonly value="([^"]+)"', page.text).group(1)
        path = link.split("testserver", 1)[1]
        # not dealt before the friend brings a deck: the host's page waits (its socket is refused)
        assert 'id="waiting"' in page.text and host.get(f"/game/{gid}/dealt").json() == {"dealt": False}
        with pytest.raises(WebSocketDisconnect) as refused, host.websocket_connect(f"/ws/{gid}?seat=0") as early:
            early.receive_text()
        assert refused.value.code == 4409
        r = join(friend, path)
        assert r.status_code == 303 and r.headers["location"] == f"/game/{gid}"
        assert host.get(f"/game/{gid}/dealt").json() == {"dealt": True}
        with host.websocket_connect(f"/ws/{gid}?seat=0") as early:
            assert receive_state(early)["waiting"] == []  # the table, without the invitation
        # the link is used once
        third = Browser(c)
        assert third.get(path, follow_redirects=False).status_code == 409
        assert third.post(path, follow_redirects=False).status_code == 409
        with host.websocket_connect(f"/ws/{gid}?seat=0") as a, friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
            last = {a: receive_state(a), b: receive_state(b)}
            mover = a if last[a]["decision"]["yours"] else b
            for _ in range(4000):
                m = last[mover]
                if m["result"]:
                    break
                assert m["decision"]["yours"]
                mover.send_text(json.dumps({"type": "act", "seq": m["seq"], "option": 0}))
                last[mover] = receive_state(mover, lambda x, s=m["seq"]: x["seq"] > s)
                if not last[mover]["decision"] or not last[mover]["decision"]["yours"]:
                    # the other seat is told: its decision now, or the end (a seat is sent a
                    # state only when what it sees changed: another's secret choices send nothing)
                    mover = b if mover is a else a
                    last[mover] = receive_state(mover, lambda x: x["result"] or x["decision"]["yours"])
            for ws in (a, b):
                if not last[ws]["result"]:
                    last[ws] = receive_state(ws, lambda x: x["result"])
            assert last[a]["result"] and last[a]["result"]["winner"] == last[b]["result"]["winner"]


def test_a_flood_of_messages_is_held_back_to_the_rate():
    from tcg.web.hub import BURST, RATE, Conn
    conn = Conn(send=None, room=None, seat=None)
    waits = [conn.delay() for _ in range(BURST + 50)]
    assert waits[:BURST - 1] == [0.0] * (BURST - 1)          # a burst goes through at once
    assert 49 / RATE * 0.8 < waits[-1] <= 50 / RATE           # then one message per 1/RATE s
    assert all(b >= a - 1e-3 for a, b in zip(waits[BURST:], waits[BURST + 1:]))


def test_undo_against_the_computer_takes_back_the_last_action_in_the_store_too(tmp_path):
    import random
    rng = random.Random(2)
    with client(tmp_path) as c:
        gid = new_game(c, "shironeko")
        store = SQLiteStore(tmp_path / "games.sqlite3")
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            for _ in range(400):
                if msg["can_undo"] or msg["result"]:
                    break
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": rng.randrange(len(msg["options"]))}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
            assert msg["can_undo"], "a take-back was offered at some point"
            n = len(store.load(gid).actions)
            ws.send_text(json.dumps({"type": "undo", "seq": msg["seq"]}))
            after = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s)
            assert len(store.load(gid).actions) == n - 1
            assert after["decision"]["yours"]
            # the stored record replays to the table shown
            import tcg
            from tcg.present.board import describe
            g = tcg.replay(store.load(gid).record())
            assert describe("shironeko", g.observe(0), "en", g.rules.cards)["areas"] == after["view"]["areas"]


def test_the_last_move_points_only_at_elements_on_the_viewers_table(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c, "zx")
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            pointed = 0
            for _ in range(60):
                if msg["result"]:
                    break
                ids = {a["id"] for a in msg["view"]["areas"]} | {
                    x.get("ref") or x.get("id") for a in msg["view"]["areas"]
                    for x in (a.get("cards") or []) + (a.get("cells") or [])} | {
                    card["ref"] for a in msg["view"]["areas"] for ce in a.get("cells") or [] for card in ce["cards"]}
                assert set(msg["last"]) <= ids
                pointed += bool(msg["last"])
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
            assert pointed


@pytest.mark.parametrize("field, value, words", [
    ("seed", "x1", "whole number"), ("game", "chess", "no game"), ("seconds", "99", "between"),
    ("deck_text", "[main\n", "pasted deck"),
])
def test_a_bad_new_game_form_gets_a_page_naming_the_problem(tmp_path, field, value, words):
    from tcg import list_decks
    with client(tmp_path) as c:
        data = {"game": "zx", "deck": list_decks("zx")[0], "opponent": "computer", "agent": "random",
                "seconds": "1", "seat": "0", field: value}
        r = c.post("/new", data=data, follow_redirects=False)
        assert r.status_code == 400 and words in r.text, r.text[:300]


def test_a_search_player_thinks_off_the_event_loop_and_the_page_is_told(tmp_path):
    """ISMCTS with a thinking time thinks in a worker thread: the seats are told it is thinking,
    and the server still answers while it thinks (a sync gets the thinking state back)."""
    with client(tmp_path) as c:
        gid = new_game(c, game="zx", agent="ismcts", seconds="3", seed="3")
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            answered = False
            for _ in range(60):  # a computer move may end before the sync is read: try the next one
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": len(msg["options"]) - 1}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and (my_turn(m) or m["thinking"]))
                if msg["result"]:
                    break  # (the game ended: an act now would get an error and no state, ever)
                if not msg["thinking"]:
                    continue
                assert not msg["options"]
                ws.send_text(json.dumps({"type": "sync"}))
                during = receive_state(ws, lambda m: m.get("reply") == "sync")  # (not a state sent before it)
                answered = during["thinking"] and during["seq"] == msg["seq"]  # answered while it thinks
                after = receive_state(ws, lambda m: not m["thinking"])
                if answered or after["result"]:
                    break
                msg = after if after["decision"] and after["decision"]["yours"] else receive_state(ws, my_turn)
                if msg["result"]:
                    break
            assert answered, "the server answered no sync while the computer was thinking"
            # the computer moved (its sequence number counts the computer's move unless that was a
            # secret choice, e.g. a Z/X start card), and the seat is asked again (perhaps after
            # more computer decisions) or the game is over
            assert after["seq"] >= msg["seq"]
            assert my_turn(after) or my_turn(receive_state(ws, my_turn))



@pytest.mark.parametrize("game", ["shironeko", "turutoru", "kemuri", "zx"])
def test_the_log_speaks_to_the_seat_as_you_never_as_a_name(tmp_path, game):
    """The table names the viewer "You": the log says "your turn" / "You kept...", never "You's"
    or "You keeps" (a name given to the viewer is still the viewer)."""
    with client(tmp_path) as c:
        gid = new_game(c, game=game, seed="2")
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            for _ in range(40):
                if msg["result"]:
                    break
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": len(msg["options"]) - 1}))
                msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m))
            ws.send_text(json.dumps({"type": "sync"}))
            ws.close()
        from tcg.web.room import Room
        room = Room(c.app.state.store.load(gid), c.app.state.store)
        text = json.dumps(room.voice(0, "en").log, ensure_ascii=False)
    assert "You's" not in text and "You keeps" not in text and "You has" not in text


def _ask_why(ws) -> dict:
    """Send "why" and read up to its answer (a state broadcast may come first)."""
    ws.send_text(json.dumps({"type": "why"}))
    while True:
        m = ws.receive_json()
        if m["type"] == "why":
            return m


def test_why_tells_the_seat_what_the_terminals_question_mark_tells(tmp_path):
    """Issue 30 item 6: a card with no option says why, in the page's language, from the game's
    own words (the terminal's ``?``); a spectator, who has no cards, is told nothing."""
    from tcg.ui.terminal import why_not
    with client(tmp_path) as c:
        gid = new_game(c, game="shironeko", seed="3")
        seen = 0
        with c.websocket_connect(f"/ws/{gid}?seat=0&lang=ja") as ws:
            msg = receive_state(ws, my_turn)
            for _ in range(60):  # through the mulligan into the first turns: some card cannot be played
                if msg["result"]:
                    break
                why = _ask_why(ws)  # asked at our own decision: the game waits for us meanwhile
                assert why["seq"] == msg["seq"]
                assert why["lines"] == why_not(c.app.state.hub.rooms[gid].game, 0, "ja")
                seen += len(why["lines"])
                ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": len(msg["options"]) - 1}))
                msg = receive_state(ws, my_turn)
        assert seen, "no card without an option met: choose another seed"
        with c.websocket_connect(f"/ws/{gid}?seat=spectator&lang=en") as ws:
            receive_state(ws)
            assert _ask_why(ws)["lines"] == []
