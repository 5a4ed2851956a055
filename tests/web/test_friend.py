"""Games between friends (issue 30): each seat brings its own deck (the friend chooses it on the
join form: a sample, a pasted deck file or deck code, a file saved from /decks), each seat has a
display name (table, log, replay, list of games), the lobby, and the schema migration to
version 4 (tests/web/data/before-friend.*)."""
from __future__ import annotations

import json
import pathlib
import re
import shutil
import sqlite3

import tcg
from markupsafe import escape

from tcg.web.store import SCHEMA_VERSION, SQLiteStore

from .helpers import Browser, browsers, invite_path, join, my_turn, new_game, receive_state

DATA = pathlib.Path(__file__).parent / "data"


def sample_text(game: str, name: str) -> str:
    from tcg.games import get_rules
    return (pathlib.Path(get_rules(game).deck_dir()) / f"{name}.toml").read_text(encoding="utf-8")


def dealt_decks(c, gid: str) -> list[str]:
    """The names of the decks the game was dealt with, by seat."""
    return [d["name"] for d in c.app.state.store.load(gid).setup["decks"]]


def test_the_friend_brings_their_own_deck_and_every_problem_is_listed(tmp_path):
    c, (host, friend, other, third) = browsers(tmp_path, 4)
    samples = tcg.list_decks("zx")
    with c:
        gid = new_game(host, opponent="friend", deck=samples[0])
        store = c.app.state.store
        assert "seed" not in store.load(gid).setup  # not dealt until the friend brings a deck
        path = invite_path(host, gid)
        page = friend.get(path)
        assert page.status_code == 200 and 'id="join-deck"' in page.text and 'name="deck_text"' in page.text
        for d in samples:
            assert f'<option value="{d}"' in page.text
        # a deck that breaks the rules: every problem listed, in the page's language, the seat still free
        bad = sample_text("zx", samples[1])
        first_id = re.search(r'^"([^"]+)" = \d+', bad, re.M).group(1)
        bad = re.sub(rf'^"{re.escape(first_id)}" = \d+', f'"{first_id}" = 9', bad, count=1, flags=re.M)
        from tcg.api import as_deck
        from tcg.engine.files import parse_toml
        problems = tcg.validate_deck("zx", as_deck("zx", parse_toml(bad, "bad deck")))
        assert problems
        r = friend.post(path, data={"deck": samples[0], "deck_text": bad, "name": "Bob"}, follow_redirects=False)
        assert r.status_code == 400 and 'id="join-problems"' in r.text and 'id="take-seat"' in r.text
        listed = re.findall(r'<li class="bad">([^<]*)</li>', r.text)
        assert len(listed) == len(problems) and all(str(escape(p.text("en"))) in r.text for p in problems)
        assert 'value="Bob"' in r.text  # what was typed stays in the form
        r = friend.post(path + "?lang=ja", data={"deck": samples[0], "deck_text": bad}, follow_redirects=False)
        assert r.status_code == 400 and all(str(escape(p.text("ja"))) in r.text for p in problems)
        assert store.invited_seat(gid, path.rsplit("/", 1)[1]) == 1
        # garbage, a deck code of another game: a message, not a 500
        # (a long pasted text, 9 bytes a character once form-encoded, reaches the form: not a 413)
        for text in ("[main\n", "tcg1:zx:nonsense", tcg.deck_code("shironeko", tcg.list_decks("shironeko")[0]),
                     "あ" * 60_000, "x" * 70_000):
            r = friend.post(path, data={"deck_text": text}, follow_redirects=False)
            assert r.status_code == 400 and 'id="join-problems"' in r.text and "Traceback" not in r.text, text
        # a deck code: the game is dealt with it
        code = tcg.deck_code("zx", samples[2])
        r = friend.post(path, data={"deck": samples[0], "deck_text": code, "name": "Bob"}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/game/{gid}"
        setup = store.load(gid).setup
        assert "waiting" not in setup and isinstance(setup["seed"], int)
        assert setup["decks"][0]["name"] == tcg.load_deck("zx", samples[0]).name
        assert sorted(setup["decks"][1]["sections"]["main"]) == sorted(tcg.load_deck("zx", samples[2]).sections["main"])
        # a pasted deck file; the friend in the first seat (the host took the second)
        gid2 = new_game(host, opponent="friend", seat="1", deck=samples[1])
        r = other.post(invite_path(host, gid2), data={"deck_text": sample_text("zx", samples[0])},
                       follow_redirects=False)
        assert r.status_code == 303
        assert dealt_decks(c, gid2) == [tcg.load_deck("zx", samples[0]).name, tcg.load_deck("zx", samples[1]).name]
        # a deck saved from the deck builder (/decks: its file), opened into the form
        sections = {"main": {}}
        for card in tcg.load_deck("zx", samples[1]).sections["main"]:
            sections["main"][card] = sections["main"].get(card, 0) + 1
        saved = c.post("/api/deck-file/zx", json={"game": "zx", "name": "Saved one", "sections": sections}).json()
        assert saved["ok"], saved
        gid3 = new_game(host, opponent="friend")
        assert third.post(invite_path(host, gid3), data={"deck": samples[0], "deck_text": saved["text"]},
                          follow_redirects=False).status_code == 303
        assert dealt_decks(c, gid3)[1] == "Saved one"
        # both seats play: the friend's deck is theirs, and the host's view holds none of its hidden cards
        with host.websocket_connect(f"/ws/{gid3}?seat=0") as a, third.websocket_connect(f"/ws/{gid3}?seat=1") as b:
            sa, sb = receive_state(a), receive_state(b)
            assert sa["waiting"] == [] and sb["seat"] == 1
            assert "Saved one" not in json.dumps(sa, ensure_ascii=False)  # the friend's deck is not shown to the host


def test_display_names_on_the_table_in_the_log_the_replay_and_the_list(tmp_path):
    c, (host, friend, watcher) = browsers(tmp_path, 3)
    evil = '<b>"Al</b>'
    with c:
        # refused: too long, control characters (the form comes back, nothing made)
        r = host.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "opponent": "friend",
                                    "seat": "0", "name": "x" * 25})
        assert r.status_code == 400 and "at most 24" in r.text
        r = host.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "opponent": "friend",
                                    "seat": "0", "name": "a\u202eb"})
        assert r.status_code == 400
        gid = new_game(host, opponent="friend", name=evil)
        path = invite_path(host, gid)
        page = friend.get(path)
        assert "&lt;b&gt;&#34;Al&lt;/b&gt;" in page.text and evil not in page.text  # escaped, as the host's name
        assert join_named(friend, path, "ボブ").status_code == 303
        store = c.app.state.store
        assert [s["name"] for s in store.load(gid).seats] == [evil, "ボブ"]
        # the table: each seat's name; "(you)" after one's own
        table = host.get(f"/game/{gid}").text
        assert 'id="seat-names"' in table and "ボブ" in table and evil not in table
        assert "&lt;b&gt;&#34;Al&lt;/b&gt; (you)" in table
        assert "（あなた）" in friend.get(f"/game/{gid}?lang=ja").text
        # the state: the players by name (a JSON string, drawn as text by the page)
        with host.websocket_connect(f"/ws/{gid}?seat=0") as a, friend.websocket_connect(f"/ws/{gid}?seat=1") as b, \
                watcher.websocket_connect(f"/ws/{gid}") as w:
            sa, sb, sw = receive_state(a), receive_state(b), receive_state(w)
            assert sa["players"]["1"] == "ボブ" and sb["players"]["0"] == evil
            assert sw["players"] == {"0": evil, "1": "ボブ"}
            mover = a if sa["decision"]["yours"] else b
            m = sa if mover is a else sb
            mover.send_text(json.dumps({"type": "concede", "seq": m["seq"]}))
            sw = receive_state(w, lambda x: x["result"] is not None)
            logged = json.dumps(sw["log"], ensure_ascii=False)
            assert ("ボブ" if mover is b else evil.replace('"', '\\"')) in logged
        # the replay, and the list of games
        rep = watcher.get(f"/api/replay/{gid}?viewer=spectator&step=0").json()
        assert "ボブ" in json.dumps(rep, ensure_ascii=False)
        home = host.get("/").text
        assert "ボブ" in home and evil not in home and "&lt;b&gt;" in home
        # a name left empty: "Player 2" in the page's language
        gid2 = new_game(host, opponent="friend")
        assert join(Browser(c), invite_path(host, gid2)).status_code == 303
        assert store.load(gid2).seats[1]["name"] is None
        assert "Player 2" in watcher.get(f"/watch/{gid2}").text
        assert "プレイヤー2" in watcher.get(f"/watch/{gid2}?lang=ja").text


def join_named(c, path: str, name: str):
    shown = c.get(path)
    deck = re.search(r'<select name="deck" id="join-deck">\s*<option value="([^"]+)"', shown.text).group(1)
    return c.post(path, data={"deck": deck, "name": name}, follow_redirects=False)


def test_the_lobby_lists_open_games_to_join_or_watch(tmp_path):
    c, (host, guest, late) = browsers(tmp_path, 3)
    with c:
        assert 'href="/lobby"' in host.get("/").text
        assert 'name="lobby"' in host.get("/").text  # the checkbox of the new-game form
        private = new_game(host, opponent="friend", name="Hidden")
        listed = new_game(host, opponent="friend", name="Host<1>", lobby="1", clock="blitz")
        solo = new_game(host, lobby="1")  # against the computer: never listed
        lobby = guest.get("/lobby").text
        assert listed in lobby and private not in lobby and solo not in lobby
        assert "Host&lt;1&gt;" in lobby and "Host<1>" not in lobby and "15 s per decision + 2 min" in lobby
        assert f'href="/lobby/join/{listed}"' in lobby
        assert "ロビー" in guest.get("/lobby?lang=ja").text
        # the host's waiting page says it is listed
        assert "listed in the lobby" in host.get(f"/game/{listed}").text
        # an unlisted game cannot be taken without its invitation
        assert guest.get(f"/lobby/join/{private}").status_code == 409
        assert guest.post(f"/lobby/join/{private}", data={"deck": tcg.list_decks("zx")[0]}).status_code == 409
        # join from the lobby: the same form, with the guest's deck and name
        form = guest.get(f"/lobby/join/{listed}")
        assert form.status_code == 200 and 'id="join-deck"' in form.text and f'action="/lobby/join/{listed}"' in form.text
        r = guest.post(f"/lobby/join/{listed}", data={"deck": tcg.list_decks("zx")[1], "name": "Guest"},
                       follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/game/{listed}"
        # now being played: listed to watch, not to join
        lobby = late.get("/lobby").text
        assert f'href="/lobby/join/{listed}"' not in lobby and f'href="/watch/{listed}"' in lobby and "Guest" in lobby
        assert late.post(f"/lobby/join/{listed}", data={"deck": tcg.list_decks("zx")[1]}).status_code == 409
        with guest.websocket_connect(f"/ws/{listed}?seat=1") as ws:
            assert receive_state(ws)["seat"] == 1
        # finished: gone from the lobby
        with host.websocket_connect(f"/ws/{listed}?seat=0") as ws:
            m = receive_state(ws)
            ws.send_text(json.dumps({"type": "concede", "seq": m["seq"]}))
            receive_state(ws, lambda x: x["result"] is not None)
        assert listed not in late.get("/lobby").text


def test_a_database_of_schema_3_opens_and_its_games_resume_or_replay(tmp_path):
    db = tmp_path / "games.sqlite3"
    shutil.copy(DATA / "before-friend.sqlite3", db)
    old = json.loads((DATA / "before-friend.json").read_text())
    g = old["games"]
    raw = sqlite3.connect(db)
    assert raw.execute("SELECT version FROM tcg_schema").fetchone() == (3,)
    seats_before = raw.execute("SELECT game_id, seat, kind, token_hash, invite_hash FROM seats ORDER BY 1, 2").fetchall()
    raw.close()
    c, (host, friend, newcomer, watcher) = browsers(tmp_path, 4)
    host.cookies.update(old["cookies"]["host"])
    friend.cookies.update(old["cookies"]["friend"])
    with c:
        store = c.app.state.store
        assert store.schema_version() == SCHEMA_VERSION == 4
        raw = sqlite3.connect(db)
        assert raw.execute("SELECT game_id, seat, kind, token_hash, invite_hash FROM seats ORDER BY 1, 2"
                           ).fetchall() == seats_before
        assert {r[1] for r in raw.execute("PRAGMA table_info(seats)")} >= {"name"}
        assert {r[1] for r in raw.execute("PRAGMA table_info(games)")} >= {"lobby"}
        assert raw.execute("SELECT count(*) FROM games WHERE lobby != 0").fetchone() == (0,)
        raw.close()
        assert store.lobby_games() == []
        # the friends' game in progress: both seats open, nameless ("Player 1"/"Player 2" on the table)
        with host.websocket_connect(f"/ws/{g['friend_joined']}?seat=0") as a, \
                friend.websocket_connect(f"/ws/{g['friend_joined']}?seat=1") as b:
            sa, sb = receive_state(a), receive_state(b)
            assert sa["seat"] == 0 and sb["seat"] == 1 and sa["waiting"] == []
            mover, m = (a, sa) if sa["decision"]["yours"] else (b, sb)
            mover.send_text(json.dumps({"type": "act", "seq": m["seq"], "option": 0}))
            receive_state(mover, lambda x, s=m["seq"]: x["seq"] > s)
        assert "Player 2" in host.get(f"/game/{g['friend_joined']}").text
        # the game whose invitation was not used (dealt then, by the server): the old link still
        # works, without a deck to choose; the newcomer's name is kept
        path = old["invite"]
        assert invite_path(host, g["friend_waiting"]) == path
        form = newcomer.get(path)
        assert form.status_code == 200 and 'id="join-deck"' not in form.text
        before = store.load(g["friend_waiting"]).setup
        r = newcomer.post(path, data={"name": "Newcomer"}, follow_redirects=False)
        assert r.status_code == 303 and store.load(g["friend_waiting"]).setup == before
        assert store.load(g["friend_waiting"]).seats[0]["name"] == "Newcomer"
        with newcomer.websocket_connect(f"/ws/{g['friend_waiting']}?seat=0") as ws:
            assert receive_state(ws)["seat"] == 0
        # the game against the computer resumes where it was
        with host.websocket_connect(f"/ws/{g['computer']}?seat=0") as ws:
            assert receive_state(ws, my_turn)["options"]
        assert len(store.load(g["computer"]).actions) >= 3
        # the finished game replays
        rep = watcher.get(f"/api/replay/{g['finished']}?viewer=all&step=0")
        assert rep.status_code == 200 and rep.json()
        assert watcher.get(f"/replay/{g['finished']}").status_code == 200
        # the saved card set is still there, and a new game is dealt with it
        assert store.card_set(old["card_set"]) is not None
        gid = new_game(host, opponent="friend", card_set=old["card_set"], lobby="1")
        assert gid in watcher.get("/lobby").text
        assert 'id="join-deck"' in newcomer.get(f"/lobby/join/{gid}").text
    again = SQLiteStore(db)  # opened again: nothing to do
    assert again.schema_version() == 4
    again.close()


def test_a_rematch_swaps_the_seats_once_both_accept(tmp_path):
    c, (host, friend, watcher) = browsers(tmp_path, 3)
    samples = tcg.list_decks("zx")
    with c:
        solo = new_game(host)
        gid = new_game(host, opponent="friend", name="Ann", deck=samples[0], clock="blitz")
        path = invite_path(host, gid)
        assert friend.post(path, data={"deck": samples[1], "name": "Ben"}, follow_redirects=False).status_code == 303
        assert 'id="rematch-script"' in host.get(f"/game/{gid}").text
        assert 'id="rematch-script"' not in watcher.get(f"/watch/{gid}").text
        # not before the end
        assert host.get(f"/game/{gid}/rematch").json()["available"] is False
        assert host.post(f"/game/{gid}/rematch").status_code == 409
        with host.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            m = receive_state(ws)
            ws.send_text(json.dumps({"type": "concede", "seq": m["seq"]}))
            receive_state(ws, lambda x: x["result"] is not None)
        # neither a spectator nor a game against the computer
        assert watcher.post(f"/game/{gid}/rematch").status_code == 409
        with host.websocket_connect(f"/ws/{solo}?seat=0") as ws:
            m = receive_state(ws)
            ws.send_text(json.dumps({"type": "concede", "seq": m["seq"]}))
            receive_state(ws, lambda x: x["result"] is not None)
        assert host.get(f"/game/{solo}/rematch").json()["available"] is False
        # the host offers: the friend's page is told, with the host's name
        st = host.post(f"/game/{gid}/rematch").json()
        assert st["available"] and st["accepted"] == [0] and st["game"] is None and st["other"] == "Ben"
        seen = friend.get(f"/game/{gid}/rematch").json()
        assert seen["accepted"] == [0] and seen["seat"] == 1 and seen["other"] == "Ann" and seen["game"] is None
        assert host.post(f"/game/{gid}/rematch").json()["game"] is None  # offered twice: still one offer
        # the friend accepts: the new game, the same decks, seats swapped, names and clock kept
        done = friend.post(f"/game/{gid}/rematch").json()
        new = done["game"]
        assert new and host.get(f"/game/{gid}/rematch").json()["game"] == new
        store = c.app.state.store
        old_g, new_g = store.load(gid), store.load(new)
        assert [d["name"] for d in new_g.setup["decks"]] == [d["name"] for d in old_g.setup["decks"]][::-1]
        assert [s["name"] for s in new_g.seats] == ["Ben", "Ann"]
        assert new_g.options.get("clock", {}).get("name") == "blitz" and new_g.result is None
        assert friend.post(f"/game/{gid}/rematch").json()["game"] == new  # one new game only
        assert len([g for g in store.games_held(host.cookies["tcg_session"]) if g["id"] == new]) == 1
        with host.websocket_connect(f"/ws/{new}?seat=1") as a, friend.websocket_connect(f"/ws/{new}?seat=0") as b:
            assert receive_state(a)["seat"] == 1 and receive_state(b)["seat"] == 0
        assert 'data-seat="1"' in host.get(f"/game/{new}").text


def test_the_friend_may_use_the_cards_of_the_hosts_card_set(tmp_path):
    from ..card_texts import MY
    from .test_my_cards import MY_DECK
    c, (host, friend, other) = browsers(tmp_path, 3)
    with c:
        r = host.post("/api/card-sets/shironeko", json={"name": "Mine", "files": [{"name": "my.toml", "text": MY}]})
        digest = r.json()["hash"]
        gid = new_game(host, "shironeko", opponent="friend", deck="red_rush", card_set=digest)
        path = invite_path(host, gid)
        assert "own card set" in friend.get(path).text
        assert friend.post(path, data={"deck": "red_rush", "deck_text": MY_DECK}, follow_redirects=False).status_code == 303
        assert "MY-001" in c.app.state.store.load(gid).setup["decks"][1]["sections"]["main"]
        # without the host's set the new card is unknown: the form says so, the seat stays free
        plain = new_game(host, "shironeko", opponent="friend", deck="red_rush")
        path = invite_path(host, plain)
        r = other.post(path, data={"deck": "red_rush", "deck_text": MY_DECK}, follow_redirects=False)
        assert r.status_code == 400 and "テスト剣士" in r.text and 'id="join-problems"' in r.text
        assert c.app.state.store.invited_seat(plain, path.rsplit("/", 1)[1]) == 1


def test_who_goes_first_is_what_the_host_chose_or_drawn(tmp_path):
    """Issue 30 item 2: the form offers "drawn at random", "you" or "your opponent" (each game's
    source only says that it is decided); the game then goes as chosen, the friend's join page
    says who goes first, and the table announces it (the game's own first-player line)."""
    c, (host, friend) = browsers(tmp_path, 2)
    store = c.app.state.store
    with c:
        page = host.get("/?lang=ja").text
        assert 'name="first" value="random" checked' in page and "相手が先攻" in page
        for first, expect in (("me", 0), ("opponent", 1)):
            gid = new_game(host, game="kemuri", opponent="computer", first=first)
            assert store.load(gid).setup["first"] == expect
        gid = new_game(host, game="kemuri", opponent="computer")  # drawn: the record says nothing
        assert "first" not in store.load(gid).setup
        gid = new_game(host, game="zx", opponent="friend", first="opponent")
        path = invite_path(host, gid)
        assert "You go first." in friend.get(path + "?lang=en").text
        assert join(friend, path).status_code == 303
        setup = store.load(gid).setup
        assert setup["first"] == 1
        g = tcg.replay({**setup, "actions": []})
        for _ in range(8):  # Z/X decides after the start and gate cards: the table's log says who
            g.apply(g.legal_actions()[0])
        assert [e["player"] for e in g.log if e["type"] == "first_player"] == [1]
        r = host.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "first": "later"},
                      follow_redirects=False)
        assert r.status_code == 400 and "first" in r.text
