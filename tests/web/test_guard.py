"""A server safe to open to strangers (issue 28): changes only from the server's own pages
(Origin, else Referer), only under its own names (DNS rebinding), invitations taken only by a
click, games between people dealt by the server alone, numbers read strictly, and limits per
client on games and card sets, with a clear page (or JSON) in the viewer's language."""
from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import tcg
from tcg.web.app import create_app
from tcg.web.guard import HttpLimits, Policy, Window, whole_number

from .helpers import BASE, Browser, browsers, client, invite_path, join, new_game, receive_state

ZX = {"game": "zx", "deck": tcg.list_decks("zx")[0], "opponent": "computer", "agent": "random", "seat": "0"}


def games_in(c) -> int:
    return len(c.app.state.store.game_ids())


def bare(c, **headers):
    """The test client without its default Origin (a request whose page is not said)."""
    c.headers.pop("origin", None)
    c.headers.update(headers)
    return c


# --- changes only from this server's pages ----------------------------------------------------------

def test_a_page_of_another_site_cannot_start_games_in_your_browser(tmp_path):
    """A page on another site could post the start form: 170 games made in the victim's browser."""
    with client(tmp_path) as c:
        for headers in ({"origin": "http://evil.example"}, {"origin": "null"},
                        {"origin": "http://testserver.evil.example"}, {"origin": "http://evil.testserver"}):
            r = c.post("/new", data=ZX, headers=headers, follow_redirects=False)
            assert r.status_code == 403, (headers, r.status_code)
            assert "another site" in r.text and 'id="problem"' in r.text
        # no Origin: the Referer decides; neither: refused
        bare(c)
        r = c.post("/new", data=ZX, headers={"referer": "http://evil.example/page"}, follow_redirects=False)
        assert r.status_code == 403
        r = c.post("/new", data=ZX, follow_redirects=False)
        assert r.status_code == 403 and "Origin" in r.text
        assert games_in(c) == 0
        r = c.post("/new", data=ZX, headers={"referer": f"{BASE}/decks/zx"}, follow_redirects=False)
        assert r.status_code == 303
        # in the viewer's language
        r = c.post("/new?lang=ja", data=ZX, headers={"origin": "http://evil.example"})
        assert r.status_code == 403 and "別のサイト" in r.text
        assert games_in(c) == 1


def test_every_post_route_refuses_another_origin(tmp_path):
    with client(tmp_path) as c:
        posts = sorted({r.path for r in c.app.routes if "POST" in getattr(r, "methods", set())})
        assert {"/new", "/join/{gid}/{code}", "/api/card-sets/{game}", "/replay"} <= set(posts)
        for path in posts:
            url = re.sub(r"\{[^}]+\}", "zx", path)
            for headers in ({"origin": "http://evil.example"}, {"origin": ""}):
                r = c.post(url, data={"game": "zx"}, headers=headers)
                assert r.status_code == 403, (path, headers, r.status_code)
                if url.startswith("/api/"):
                    assert r.json()["ok"] is False and r.json()["error"]
        assert games_in(c) == 0


def test_an_https_server_refuses_its_http_origin_and_foreign_hosts(tmp_path):
    app = create_app(db=tmp_path / "games.sqlite3", public_url="https://cards.example.org")
    with TestClient(app, base_url="https://cards.example.org") as c:
        for origin in ("http://cards.example.org", "https://cards.example.org:8443", "https://evil.example"):
            assert c.post("/new", data=ZX, headers={"origin": origin}).status_code == 403, origin
        r = c.post("/new", data=ZX, headers={"origin": "https://cards.example.org"}, follow_redirects=False)
        assert r.status_code == 303
        # behind a proxy that passes Host on, or one that sends the loopback address
        assert c.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert c.get("/", headers={"host": "evil.example"}).status_code == 400


def test_a_dns_rebinding_page_is_refused_its_pages_and_its_socket(tmp_path):
    """A name of the attacker's that resolves to this server: Host and Origin are both that name.
    The socket compared Origin with Host, so it was accepted; now the name is not one of the
    server's: every request gets a clear 400 page, the socket is refused."""
    with client(tmp_path) as c:
        gid = new_game(c)
        r = c.get("/", headers={"host": "rebind.evil.example"})
        assert r.status_code == 400 and "does not answer to the name rebind.evil.example" in r.text
        assert "--allow-host" in r.text
        r = c.get("/?lang=ja", headers={"host": "rebind.evil.example"})
        assert r.status_code == 400 and "という名前では応答しません" in r.text
        evil = {"host": "rebind.evil.example", "origin": "http://rebind.evil.example"}
        with pytest.raises(WebSocketDisconnect):
            with c.websocket_connect(f"/ws/{gid}?seat=spectator", headers=evil) as ws:
                ws.receive_text()
        # the same socket from another site's page under this server's name: refused by origin
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/ws/{gid}?seat=0", headers={"origin": "http://evil.example"}) as ws:
                ws.receive_text()
        assert e.value.code == 1008
        with c.websocket_connect(f"/ws/{gid}?seat=0") as ws:  # the server's own page
            assert receive_state(ws)["seat"] == 0


def test_the_names_a_server_answers_to():
    local = Policy(port=8000, bind="127.0.0.1")
    for host in ("127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        assert local.host_ok(host) and local.origin_ok(f"http://{host}", host)
    for host in ("127.0.0.1:9000", "evil.example:8000", "", "a b", "127.0.0.1.evil.example:8000"):
        assert not local.host_ok(host), host
    assert not local.origin_ok("http://localhost:9000", "localhost:8000")
    assert not local.origin_ok("null") and not local.origin_ok("file:///x")
    # listening on every address: its IP addresses, each only as the origin of a request to it
    lan = Policy(port=8000, bind="0.0.0.0", allow_hosts=["games.lan"])
    assert lan.host_ok("192.168.1.20:8000") and lan.host_ok("games.lan:8000") and lan.host_ok("games.lan")
    assert not lan.host_ok("games.lan:3000") and not lan.origin_ok("http://games.lan:3000", "games.lan:8000")
    assert lan.origin_ok("http://192.168.1.20:8000", "192.168.1.20:8000")
    assert not lan.origin_ok("http://10.0.0.5:8000", "192.168.1.20:8000")  # another machine's page
    assert not lan.host_ok("rebind.evil.example:8000")
    public = Policy("https://cards.example.org", port=8000, allow_hosts=["cards2.example.org"])
    assert public.secure and public.origin_ok("https://cards.example.org")
    assert public.origin_ok("https://cards2.example.org")
    assert not public.origin_ok("http://cards2.example.org") and not public.origin_ok("http://127.0.0.1:8000")
    with pytest.raises(ValueError):
        Policy(allow_hosts=["bad host/"])


# --- invitations ------------------------------------------------------------------------------------

def test_opening_an_invitation_link_takes_nothing_until_its_button(tmp_path):
    """A chat program's link preview fetched the link: a GET took the friend's seat."""
    c, (host, preview, friend) = browsers(tmp_path, 3)
    with c:
        gid = new_game(host, opponent="friend")
        path = invite_path(host, gid)
        assert 'id="waiting"' in host.get(f"/game/{gid}").text  # not dealt before the friend brings a deck
        for _ in range(3):  # previews, crawlers, a second look
            page = preview.get(path)
            assert page.status_code == 200 and 'id="take-seat"' in page.text
            assert f'action="{path}"' in page.text and 'method="post"' in page.text
            assert "Take this seat" in page.text and "Z/X" in page.text
            # its address goes to no other site, but the button's POST keeps its Origin
            # ("no-referrer" would make a browser send Origin: null, refused)
            assert page.headers["referrer-policy"] == "same-origin" and page.headers["cache-control"] == "no-store"
        assert "この席に座る" in preview.get(path + "?lang=ja").text
        assert c.app.state.store.invited_seat(gid, path.rsplit("/", 1)[1]) == 1  # still free
        assert "tcg_session" not in preview.cookies  # a look holds nothing
        # the button, posted from another site's page: refused
        assert friend.post(path, headers={"origin": "http://evil.example"}).status_code == 403
        r = friend.post(path, data={"deck": "no such deck"}, follow_redirects=False)  # the form again, the seat free
        assert r.status_code == 400 and 'id="take-seat"' in r.text
        r = friend.post(path, follow_redirects=False)  # no deck sent: a sample deck
        assert r.status_code == 303 and r.headers["location"] == f"/game/{gid}"
        with host.websocket_connect(f"/ws/{gid}?seat=0") as ws:
            assert receive_state(ws)["waiting"] == []
        assert preview.post(path, follow_redirects=False).status_code == 409
        assert preview.get(path).status_code == 409
        assert friend.get(path, follow_redirects=False).status_code == 303  # the friend: to the table


# --- the seed of a game between people ----------------------------------------------------------------

def test_the_host_cannot_choose_the_seed_or_decks_of_a_game_with_a_friend(tmp_path):
    """With the seed and both decks the host could compute the friend's hand offline."""
    with client(tmp_path) as c:
        friend_game = dict(ZX, opponent="friend")
        r = c.post("/new", data=dict(friend_game, seed="7"))
        assert r.status_code == 400 and "the seed cannot be chosen" in r.text
        r = c.post("/new?lang=ja", data=dict(friend_game, seed="7"))
        assert r.status_code == 400 and "シード値は指定できません" in r.text
        r = c.post("/new?lang=en", data=dict(friend_game, opponent_deck=tcg.list_decks("zx")[0]))
        assert r.status_code == 400 and "opponent_deck cannot be chosen" in r.text
        assert games_in(c) == 0
        # the server chooses (when the friend brings a deck): two games from the same form are not dealt alike
        seeds = set()
        for _ in range(3):
            gid = new_game(c, opponent="friend")
            assert "seed" not in c.app.state.store.load(gid).setup  # nothing dealt before the friend's deck
            assert join(client(tmp_path, app=c.app), invite_path(c, gid)).status_code == 303
            seeds.add(c.app.state.store.load(gid).setup["seed"])
        assert len(seeds) == 3
        # against the computer a seed may still be given (documented; the tests replay games with it)
        gid = new_game(c, seed="18446744073709551615")
        assert c.app.state.store.load(gid).setup["seed"] == 2 ** 64 - 1


@pytest.mark.parametrize("seed", ["²", "٣", "１", "-1", "1e3", "18446744073709551616", "9" * 5000])
def test_a_seed_that_is_not_a_plain_whole_number_gets_a_clear_400(tmp_path, seed):
    with client(tmp_path) as c:
        r = c.post("/new", data=dict(ZX, seed=seed))
        assert r.status_code == 400 and "whole number from 0 to 18446744073709551615" in r.text, r.text[:300]
        assert "Traceback" not in r.text and games_in(c) == 0


def test_numbers_in_addresses_are_read_strictly_never_a_500(tmp_path):
    with client(tmp_path) as c:
        gid = new_game(c)
        for url in (f"/game/{gid}?seat=²", f"/game/{gid}?seat=x", f"/game/{gid}?seat=" + "9" * 5000):
            r = c.get(url)
            assert r.status_code == 400 and "The seat must be 0 or 1" in r.text, url
        assert c.get(f"/game/{gid}?seat=1").status_code == 200  # a seat not held: your own is shown
        for q in ("step=²", "step=" + "9" * 5000, "step=1&tail=²", "step=0&tail=" + "9" * 5000):
            r = c.get(f"/api/replay/{gid}?{q}")
            assert r.status_code == 400 and r.json()["error"], q
        assert c.get(f"/replay/{gid}?step=²").status_code == 200  # the page opens at the start
        with pytest.raises(WebSocketDisconnect) as e:
            with c.websocket_connect(f"/ws/{gid}?seat=²") as ws:
                ws.receive_text()
        assert e.value.code == 4400
        # a form field of the wrong type gets the problem page, not FastAPI's JSON
        r = c.post("/new", data=dict(ZX, seconds="²"))
        assert r.status_code == 400 and 'id="problem"' in r.text and "seconds" in r.text


def test_whole_number():
    assert whole_number("0") == 0 and whole_number("42", 0, 100) == 42
    for bad in ("", " 1", "1 ", "+1", "-1", "²", "１", "٣", "1.0", "0x1", "101", None, 5):
        assert whole_number(bad, 0, 100) is None, bad
    assert whole_number("9" * 5000) is None


# --- games and card sets per client ----------------------------------------------------------------------

def test_too_many_games_from_one_client_get_a_429_page_in_its_language(tmp_path):
    with client(tmp_path, http_limits=HttpLimits(games=3, window=600)) as c:
        for _ in range(3):
            new_game(c)
        r = c.post("/new", data=ZX, follow_redirects=False)
        assert r.status_code == 429 and 'id="problem"' in r.text
        assert "at most 3 in 10 minutes" in r.text and int(r.headers["retry-after"]) > 500
        r = c.post("/new?lang=ja", data=ZX)
        assert r.status_code == 429 and "10分間に3局まで" in r.text
        assert games_in(c) == 3
        # a refused form does not count: a bad deck is not a game
    with client(tmp_path, "b.sqlite3", http_limits=HttpLimits(games=2)) as c:
        for _ in range(5):
            assert c.post("/new", data=dict(ZX, deck="nope")).status_code == 400
        new_game(c)
        new_game(c)
        assert c.post("/new", data=ZX).status_code == 429


def test_too_many_card_sets_from_one_client_get_a_429(tmp_path):
    from .test_my_cards import MY
    with client(tmp_path, http_limits=HttpLimits(card_sets=2)) as c:
        for i in range(2):
            body = {"name": f"Set {i}", "files": [{"name": "my.toml", "text": MY + f"\n# {i}\n"}]}
            assert c.post("/api/card-sets/shironeko", json=body).status_code == 200
        r = c.post("/api/card-sets/shironeko?lang=ja", json=body)
        assert r.status_code == 429 and "2件まで" in r.json()["error"] and r.headers["retry-after"]
        assert c.post("/api/check-cards/shironeko", json=body).status_code == 200  # checking is not saving


def test_the_window_counts_per_client_and_forgets():
    w = Window(2, 10.0, max_clients=3)
    assert w.wait("a", 0) == 0
    w.add("a", 0)
    w.add("a", 1)
    assert w.wait("a", 2) == pytest.approx(8) and w.wait("b", 2) == 0
    assert w.wait("a", 10.5) == 0  # the first one left the window
    for k in "bcde":
        w.add(k, 3)
    assert len(w.events) == 3  # the oldest clients forgotten first
    assert Window(0, 10).wait("a") == 0  # 0: no limit


def test_behind_a_proxy_the_client_is_the_forwarded_address_only_when_trusted(tmp_path):
    from tcg.web.guard import client_key
    assert client_key({"client": ("2001:db8::1", 1)}) == client_key({"client": ("2001:db8::ffff", 2)})
    assert client_key({"client": ("::ffff:10.0.0.1", 1)}) == "10.0.0.1"
    from tcg.web.serve import uvicorn_config
    app = create_app(db=tmp_path / "games.sqlite3")
    plain = uvicorn_config(app, "127.0.0.1", 8000)
    assert plain.proxy_headers is False  # X-Forwarded-For from anyone is ignored
    behind = uvicorn_config(app, "127.0.0.1", 8000, proxy=["10.0.0.2"])
    assert behind.proxy_headers is True and behind.forwarded_allow_ips == ["10.0.0.2"]


def test_tcg_serve_takes_the_new_options(monkeypatch):
    from typer.testing import CliRunner

    from tcg.cli import app
    got = {}
    monkeypatch.setattr("tcg.web.serve.serve", lambda **kw: got.update(kw))
    r = CliRunner().invoke(app, ["serve", "--no-browser", "--allow-host", "games.lan:8000", "--proxy", "10.0.0.2",
                                 "--games-per-client", "5", "--card-sets-per-client", "0", "--limit-window", "60",
                                 "--head-timeout", "3", "--keep-alive", "2", "--body-timeout", "9"])
    assert r.exit_code == 0, r.output
    assert got["allow_hosts"] == ["games.lan:8000"] and got["proxy"] == ["10.0.0.2"]
    limits = got["http_limits"]
    assert (limits.games, limits.card_sets, limits.window, limits.head_timeout, limits.keep_alive,
            limits.body_timeout) == (5, 0, 60, 3, 2, 9)
    r = CliRunner().invoke(app, ["serve", "--no-browser", "--allow-host", "a b/c"])
    assert r.exit_code != 0 and "--allow-host" in r.output
    r = CliRunner().invoke(app, ["serve", "--no-browser", "--games-per-client", "-1"])
    assert r.exit_code != 0 and "--games-per-client" in r.output


def test_a_browser_of_the_test_client_still_works_as_before(tmp_path):
    """The helpers send the server's origin as a browser does: every test client works."""
    c = client(tmp_path)
    with c:
        b = Browser(c)
        assert b.post("/api/validate-deck", data={"game": "zx", "deck_text": ""}).status_code == 200
