"""Replays in the browser (``tcg.web.replay_pages``) through FastAPI's test client: each step is
the game replayed to it (``tcg.replay(record, upto=K)``) as the viewer observes it; who may see
what (a game being played: the spectator view and a player's own seat only; a finished game:
everything, both seats at once included); no hidden card in any step of a spectator replay; bad
parameters answered with a message; record files opened, broken ones refused with a clear page."""
from __future__ import annotations

import json
import random
import re

import pytest

import tcg
from tcg.present import board as B
from tcg.present.text import catalog
from tcg.web.replay_pages import MAX_UPLOAD

from .helpers import LogBook, browsers, client, my_turn, new_game, receive_state
from .test_hidden import card_ids, names_of

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def play_through_socket(c, gid: str, actions: int | None = None, book: LogBook | None = None) -> dict:
    """Seat 0 answers its decisions with the first option, ``actions`` times (None: to the end)."""
    with c.websocket_connect(f"/ws/{gid}?seat=0&lang=en") as ws:
        msg = receive_state(ws, my_turn, book=book)
        n = 0
        while not msg["result"] and (actions is None or n < actions):
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            msg = receive_state(ws, lambda m, s=msg["seq"]: m["seq"] > s and my_turn(m), book=book)
            n += 1
        return msg


def record_of(app, gid: str) -> dict:
    return app.state.store.load(gid).record()


def expected_view(record: dict, step: int, viewer, lang: str = "en"):
    """What the page must show: the game replayed to ``step``, observed by ``viewer``."""
    g = tcg.replay(record, upto=step)
    if viewer == "all":
        return [B.describe(g.game_id, g.observe(p), lang, g.rules.cards) for p in range(2)]
    seat = None if viewer == "spectator" else int(viewer)
    return B.describe(g.game_id, g.observe(seat), lang, g.rules.cards)


def stored_game(app, game: str, seed: int, actions: int | None, rng_seed: int = 0,
                kinds=("human", "human")) -> tuple[str, dict[int, str], "tcg.Game"]:
    """A game put straight into the store: random legal actions, ``actions`` of them (None: to
    the end). Returns its id, the seat tokens and the game."""
    decks = tcg.list_decks(game)
    g = tcg.new_game(game, [decks[0], decks[-1]], seed=seed)
    setup = g.record()
    setup.pop("actions")
    setup.pop("result")
    store = app.state.store
    gid, tokens, _ = store.create(game, setup, {}, list(kinds))
    rng = random.Random(rng_seed)
    n = 0
    while not g.is_over and (actions is None or n < actions):
        player = g.decision.player
        action = rng.choice(g.legal_actions())
        g.apply(action)
        store.append(gid, n, {"player": player, "action": action.to_dict(), "by": "player"}, g.result)
        n += 1
    return gid, tokens, g


# --- each step is the game replayed to it ----------------------------------------------------------
def test_a_finished_game_replays_step_by_step_as_each_viewer_observed_it(tmp_path):
    book = LogBook()
    with client(tmp_path) as c:
        gid = new_game(c, "shironeko")
        end = play_through_socket(c, gid, book=book)
        assert end["result"]
        record = record_of(c.app, gid)
        n = len(record["actions"])
        for step in (0, n // 2, n):
            for viewer in ("0", "1", "spectator", "all"):
                r = c.get(f"/api/replay/{gid}?step={step}&viewer={viewer}&lang=en")
                assert r.status_code == 200, r.text
                got = r.json()
                assert got["step"] == step and got["steps"] == n and got["viewer"] == viewer
                assert got["view"] == expected_view(record, step, viewer), (step, viewer)
                assert got["finished"] is True
        # the last step: the result, as the table said it; the log as the player read it live
        last = c.get(f"/api/replay/{gid}?step={n}&viewer=0").json()
        assert last["result"] == end["result"]
        assert [(s["who"], s["text"], s["lines"]) for s in last["log"]] == \
            [(s["who"], s["text"], s["lines"]) for s in book.steps]
        assert last["players"] == end["players"]
        # the log grows with the steps: each step's entries are those known after it
        first = c.get(f"/api/replay/{gid}?step=0&viewer=0").json()
        assert first["result"] is None and all(s["step"] == 0 for s in first["log"])
        assert first["log"] == last["log"][:len(first["log"])]
        # the turns: in order, each with the first step of that turn
        turns = last["turns"]
        assert turns and turns[0][1] == 0
        assert [t for t, _ in turns] == sorted(t for t, _ in turns)
        for turn, at in turns[1:]:
            assert c.get(f"/api/replay/{gid}?step={at}").json()["turn"] == turn
            assert c.get(f"/api/replay/{gid}?step={at - 1}").json()["turn"] != turn
        # tail: only the last steps of the log
        assert c.get(f"/api/replay/{gid}?step={n}&viewer=0&tail=3").json()["log"] == last["log"][-3:]


def test_every_step_of_a_game_equals_the_replay_to_it_in_both_languages(tmp_path):
    """Stepping forward, back and jumping (cached copies of the game in every order)."""
    with client(tmp_path) as c:
        gid, _, g = stored_game(c.app, "zx", seed=3, actions=90)
        record = record_of(c.app, gid)
        order = list(range(0, 91, 1)) + [90, 40, 39, 41, 0, 64, 63, 65, 33, 31, 90]
        for i, step in enumerate(order):
            lang = ("en", "ja")[i % 2]
            got = c.get(f"/api/replay/{gid}?step={step}&viewer=spectator&lang={lang}").json()
            assert got["view"] == expected_view(record, step, "spectator", lang), (step, lang)
        assert len(c.app.state.replays.sources) == 1


def test_a_game_that_goes_on_is_replayed_to_its_new_end(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c, "zx")
        play_through_socket(c, gid, actions=2)
        before = c.get(f"/api/replay/{gid}?step=0").json()
        play_through_socket(c, gid, actions=3)
        record = record_of(c.app, gid)
        n = len(record["actions"])
        assert n > before["steps"]
        got = c.get(f"/api/replay/{gid}?step={n}&viewer=0").json()
        assert got["steps"] == n and got["view"] == expected_view(record, n, "0")
        assert c.get(f"/api/replay/{gid}?step={n + 1}").status_code == 400


def test_a_game_taken_back_and_played_otherwise_is_replayed_as_it_is_now(tmp_path):
    with client(tmp_path) as c:
        gid, _, _ = stored_game(c.app, "kemuri", seed=6, actions=30)
        assert c.get(f"/api/replay/{gid}?step=30").status_code == 200
        store = c.app.state.store
        store.truncate(gid, 20)  # as an undo does
        g = tcg.replay(record_of(c.app, gid))
        rng = random.Random(99)
        for i in range(20, 35):
            player, action = g.decision.player, rng.choice(g.legal_actions())
            g.apply(action)
            store.append(gid, i, {"player": player, "action": action.to_dict(), "by": "player"}, g.result)
        record = record_of(c.app, gid)
        for step in (35, 25, 20):
            got = c.get(f"/api/replay/{gid}?step={step}").json()
            assert got["steps"] == 35 and got["view"] == expected_view(record, step, "spectator"), step


# --- who may see what ------------------------------------------------------------------------------
def test_a_game_being_played_shows_strangers_the_spectator_view_and_players_their_own_seat(tmp_path):
    c, (player, stranger) = browsers(tmp_path, 2)
    with c:
        gid = new_game(player, "zx")
        with player.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            msg = receive_state(ws, my_turn)
            ws.send_text(json.dumps({"type": "act", "seq": msg["seq"], "option": 0}))
            receive_state(ws, lambda m: m["seq"] > msg["seq"] and my_turn(m))
        # (step 0: the seat's first choice, a Z/X start card, is secret until both have chosen)
        api = f"/api/replay/{gid}?step=0"
        for viewer, status in (("spectator", 200), ("0", 403), ("1", 403), ("all", 403)):
            r = stranger.get(f"{api}&viewer={viewer}")
            assert r.status_code == status, (viewer, r.text)
            if status == 403:
                assert "still being played" in r.json()["error"]
        for viewer, status in (("spectator", 200), ("0", 200), ("1", 403), ("all", 403)):
            r = player.get(f"{api}&viewer={viewer}")
            assert r.status_code == status, (viewer, r.text)
        assert player.get(f"{api}&viewer=0").json()["viewers"] == ["spectator", "0"]
        assert stranger.get(f"{api}&viewer=spectator").json()["viewers"] == ["spectator"]
        assert "seat 1" in player.get(f"{api}&viewer=1").json()["error"]
        assert "ends" in player.get(f"{api}&viewer=all").json()["error"]
        # the page offers only what the server allows; asked for more, it says so and shows the
        # spectator view
        page = stranger.get(f"/replay/{gid}?viewer=0&step=0").text
        assert 'data-viewer="spectator"' in page and 'id="refused"' in page
        assert re.findall(r'<option value="([^"]+)"', page) == ["spectator"]
        page = player.get(f"/replay/{gid}").text
        assert re.findall(r'<option value="([^"]+)"', page) == ["spectator", "0"]
        assert 'data-viewer="0"' in page and 'id="refused"' not in page
        assert f'href="/watch/{gid}"' in page
        # a session holding a seat of another game gets nothing here, nor that game's seat
        # token put in the cookie this game's seat was held by before sessions
        other = new_game(stranger, "zx")
        assert stranger.get(f"{api}&viewer=0").status_code == 403
        token = stranger.cookies["tcg_session"]
        stranger.cookies[f"tcg_{gid}_0"] = token
        assert stranger.get(f"{api}&viewer=0").status_code == 403
        assert other


def test_after_the_end_anyone_sees_every_point_of_view_and_both_seats_at_once(tmp_path):
    c, (player, stranger) = browsers(tmp_path, 2)
    with c:
        gid, _, g = stored_game(c.app, "shironeko", seed=9, actions=None)
        assert g.is_over
        record = record_of(c.app, gid)
        n = len(record["actions"])
        for viewer in ("spectator", "0", "1", "all"):
            r = stranger.get(f"/api/replay/{gid}?step={n // 3}&viewer={viewer}")
            assert r.status_code == 200, (viewer, r.text)
        both = stranger.get(f"/api/replay/{gid}?step={n // 3}&viewer=all").json()
        assert both["view"] == expected_view(record, n // 3, "all")
        assert [v["viewer"] for v in both["view"]] == [0, 1]
        assert len(both["log"]) == 2 and len(both["last"]) == 2
        # every card each seat holds is shown face up in its own table
        replayed = tcg.replay(record, upto=n // 3)
        for seat, view in enumerate(both["view"]):
            hand = [a for a in view["areas"] if a["id"] == f"p{seat}.hand"]
            assert hand and all(not card["face_down"] for card in hand[0]["cards"])
            assert len(hand[0]["cards"]) == len(replayed.observe(seat)["players"][seat]["hand"])
        page = stranger.get(f"/replay/{gid}?viewer=all&step=5").text
        assert 'data-viewer="all"' in page and 'data-step="5"' in page
        assert re.findall(r'<option value="([^"]+)"', page) == ["0", "1", "spectator", "all"]


# --- no hidden card --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_no_step_of_a_spectator_replay_shows_a_hidden_card(tmp_path, game):
    """Every step of a game being played, replayed for a spectator: no name of a card of either
    seat appears unless the spectator's observations or events so far showed that card."""
    steps = 100
    with client(tmp_path) as c:
        gid, _, played = stored_game(c.app, game, seed=101 + GAMES.index(game), actions=steps,
                                     rng_seed=GAMES.index(game))
        assert not played.is_over and c.get(f"/api/replay/{gid}?viewer=all").status_code == 403
        record = record_of(c.app, gid)
        g = tcg.replay(record, upto=0)
        cards = g.rules.cards
        all_ids = {x.id for x in cards}
        names = {cid: names_of(cards, cid) for cid in all_ids}
        deck_ids = [set().union(*(set(ids) for ids in d.sections.values())) for d in g.decks]
        seen: set[str] = set()
        mark = 0
        flagged = 0  # names the scan finds in seat 0's own view: it can find something
        # the steps of a live game that may be replayed: all, less a secret phase going on
        public = c.get(f"/api/replay/{gid}?step=0&viewer=spectator").json()["steps"]
        assert steps - 20 < public <= steps
        if public < steps:
            assert c.get(f"/api/replay/{gid}?step={public + 1}&viewer=spectator").status_code == 400
        for step in range(public + 1):
            if step:
                e = record["actions"][step - 1]
                g.apply(e["action"], e["player"], by=e["by"])
            card_ids(g.observe(None), seen, all_ids)
            card_ids(g.log.for_spectator(mark), seen, all_ids)
            mark = len(g.log)
            r = c.get(f"/api/replay/{gid}?step={step}&viewer=spectator")
            assert r.status_code == 200
            known = set().union(*(names[x] for x in seen)) if seen else set()
            unseen = set().union(*(names[cid] - known for cid in (deck_ids[0] | deck_ids[1]) - seen))

            def scrub(text: str) -> str:
                for name in sorted(known, key=len, reverse=True):
                    text = text.replace(name, "")
                return text
            text = scrub(json.dumps(r.json(), ensure_ascii=False))
            for name in unseen:
                assert name not in text, (game, step, name)
            if step % 10 == 0:
                own = scrub(json.dumps(B.describe(game, g.observe(0), "en", cards), ensure_ascii=False))
                flagged += sum(1 for name in unseen if name in own)
        assert flagged > 0, "the scan looks for names that a seat's own view does show"


# --- bad requests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("query, status, words", [
    ("step=-1", 400, "step must be a whole number from 0 to"),
    ("step=x", 400, "not “x”"),
    ("step=1.5", 400, "step must be"),
    ("step=%C2%B2", 400, "step must be"),
    ("step=99999999999999999999", 400, "step must be"),
    ("viewer=2", 400, "viewer must be 0, 1, spectator or all"),
    ("viewer=", 400, "viewer must be"),
    ("viewer=everyone", 400, "not “everyone”"),
    ("lang=fr", 400, "lang must be en or ja"),
    ("tail=0", 400, "tail must be"),
    ("tail=x", 400, "tail must be"),
])
def test_bad_parameters_are_refused_with_a_message_naming_the_problem(tmp_path, query, status, words):
    with client(tmp_path) as c:
        gid, _, _ = stored_game(c.app, "zx", seed=1, actions=5)
        r = c.get(f"/api/replay/{gid}?{query}")
        assert r.status_code == status and words in r.json()["error"], r.text


def test_a_step_past_the_end_and_an_unknown_game_are_refused(tmp_path):
    with client(tmp_path) as c:
        gid, _, _ = stored_game(c.app, "zx", seed=1, actions=40)
        n = c.get(f"/api/replay/{gid}?step=0").json()["steps"]
        assert n > 10  # (past the set-up, whose secret choices are not replayed while it lasts)
        r = c.get(f"/api/replay/{gid}?step={n + 1}")
        assert r.status_code == 400 and f"from 0 to {n}" in r.json()["error"]
        assert c.get(f"/api/replay/{gid}?step={n}").status_code == 200
        r = c.get("/api/replay/nosuchgame?step=0")
        assert r.status_code == 404 and r.json()["error"]
        assert c.get("/replay/nosuchgame").status_code == 404
        assert c.get("/api/replay/file/nosuchfile?step=0").status_code == 404
        r = c.get("/replay/file/nosuchfile")
        assert r.status_code == 404 and "Open the file again" in r.text
        # in Japanese when asked so
        r = c.get(f"/api/replay/{gid}?step={n + 1}&lang=ja")
        assert r.status_code == 400 and "整数" in r.json()["error"]


# --- opened record files ---------------------------------------------------------------------------
def test_an_opened_record_file_replays_from_every_point_of_view(tmp_path):
    with client(tmp_path) as c:
        g = tcg.new_game("turutoru", ["control", "steel_dragons"], seed=4)  # a game longer than 40 actions
        rng = random.Random(4)
        for _ in range(40):
            g.apply(rng.choice(g.legal_actions()))
        record = g.record()
        r = c.post("/replay", files={"record": ("game.json", json.dumps(record), "application/json")},
                   follow_redirects=False)
        assert r.status_code == 303, r.text
        url = r.headers["location"]
        assert re.fullmatch(r"/replay/file/[\w-]+", url)
        page = c.get(url + "?step=7&viewer=1")
        assert page.status_code == 200 and 'data-step="7"' in page.text and 'data-viewer="1"' in page.text
        assert "game.json" in page.text
        # a stranger (no cookie at all) may see everything: the file holds everything
        c.cookies.clear()
        for step in (0, 40):
            for viewer in ("0", "1", "spectator", "all"):
                got = c.get(f"/api{url}?step={step}&viewer={viewer}").json()
                assert got["view"] == expected_view(record, step, viewer), (step, viewer)
        # pasted text works the same
        r = c.post("/replay", data={"record_text": json.dumps(record)}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] != url


def _broken_records() -> list[tuple[str, bytes, str]]:
    decks = tcg.list_decks("zx")
    g = tcg.new_game("zx", [decks[0], decks[-1]], seed=2)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    good = g.record()
    bad_action = dict(good, actions=good["actions"][:3] + [{"player": 0, "action": {"type": "fly"}}])
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    done = g.record()
    wrong_end = dict(done, result=dict(done["result"], winner=1 - done["result"]["winner"]))
    return [
        ("not json", b"this is not a record", "is not JSON"),
        ("not utf-8", b"\xff\xfe{}", "is not JSON"),
        ("a list", b"[1, 2, 3]", "not a game record"),
        ("no game", b'{"seed": 1}', "no &#39;game&#39; entry"),
        ("format", json.dumps(dict(good, format="chess-pgn")).encode(), "format"),
        ("unknown game", json.dumps(dict(good, game="chess")).encode(), "does not know: chess"),
        ("bad action", json.dumps(bad_action).encode(), "cannot be replayed: record action #3"),
        ("another end", json.dumps(wrong_end).encode(), "replay ends differently"),
        ("empty", b"", "Choose a record file"),
    ]


@pytest.mark.parametrize("case", range(9))
def test_a_broken_record_file_gets_a_page_saying_what_is_wrong(tmp_path, case):
    what, data, words = _broken_records()[case]
    with client(tmp_path) as c:
        r = c.post("/replay", files={"record": ("x.json", data, "application/json")}, follow_redirects=False)
        assert r.status_code == 400, (what, r.status_code)
        assert 'id="problem"' in r.text and words in r.text, (what, r.text[-800:])


def test_a_record_file_too_large_is_refused(tmp_path):
    with client(tmp_path) as c:
        big = b'{"game": "zx", "pad": "' + b"x" * (MAX_UPLOAD + 10) + b'"}'
        r = c.post("/replay", files={"record": ("big.json", big, "application/json")}, follow_redirects=False)
        assert r.status_code == 413 and "too large" in r.text


def test_opened_files_are_kept_in_a_small_memory_lru(tmp_path, monkeypatch):
    from tcg.web import replay_pages
    monkeypatch.setattr(replay_pages, "MAX_FILES", 2)
    with client(tmp_path) as c:
        decks = tcg.list_decks("zx")
        text = json.dumps(tcg.new_game("zx", [decks[0], decks[-1]], seed=2).record())
        urls = [c.post("/replay", data={"record_text": text}, follow_redirects=False).headers["location"]
                for _ in range(3)]
        assert c.get(urls[0]).status_code == 404
        assert c.get(urls[1]).status_code == 200 and c.get(urls[2]).status_code == 200


# --- the pages' words ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_pages_words_come_from_the_text_table(tmp_path, lang):
    cat = catalog()
    with client(tmp_path) as c:
        gid, _, _ = stored_game(c.app, "kemuri", seed=1, actions=None)
        page = c.get(f"/replay/{gid}?lang={lang}").text
        for key in ("web.replay.first", "web.replay.prev", "web.replay.next", "web.replay.last",
                    "web.replay.viewer_label", "web.replay.share", "web.replay.keys",
                    "web.replay.viewer_all", "web.replay.note_finished"):
            assert cat.t(key, lang) in page, key
        assert "⟦" not in page
        form = c.get(f"/replay?lang={lang}").text
        assert cat.t("web.replay.open_button", lang) in form and "⟦" not in form
    assert not [p for p in cat.check() if p.startswith("web.replay.")]
