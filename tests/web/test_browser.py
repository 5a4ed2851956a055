"""Browser tests in real Chromium (Debian's, driven by Playwright): each game played to the end
against the computer by a scripted player who clicks cards and options; two browsers playing
each other through an invitation; a spectator who sees no hidden card; the server killed
(kill -9) and started again mid-game with both players going on. Screenshots of each table go
to test-screenshots/ (look at them)."""
from __future__ import annotations

import random
import re

import pytest

from .browser import SHOTS, Server, play_one, play_to_end, seq

pytestmark = pytest.mark.e2e
GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


def start_game(page, url: str, game: str, lang: str = "en", opponent: str = "computer", first: str = "random") -> str:
    page.goto(f"{url}/?lang={lang}")
    page.check(f"input[name=game][value={game}]")
    page.check(f"input[name=opponent][value={opponent}]")
    page.check(f"input[name=first][value={first}]")
    if opponent == "computer":
        page.select_option("select[name=agent]", "random")
    page.click("#start")
    page.wait_for_url(re.compile(r".*/game/\w+"))
    return page.url.rsplit("/", 1)[1].split("?")[0]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_is_played_to_the_end_against_the_computer(browser, server, game):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    lang = "ja" if game in ("kemuri", "zx") else "en"
    start_game(page, server.url, game, lang)
    moves = play_to_end(page, random.Random(GAMES.index(game)), screenshot=f"{game}-{lang}.png")
    assert moves > 3
    assert page.locator("#status").inner_text().strip()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game}-{lang}-end.png"), full_page=True)
    assert errors == []
    ctx.close()


def test_two_browsers_play_each_other_and_a_spectator_watches(browser, server):
    host_ctx, friend_ctx, watch_ctx = (browser.new_context() for _ in range(3))
    host, friend, watcher = host_ctx.new_page(), friend_ctx.new_page(), watch_ctx.new_page()
    gid = start_game(host, server.url, "zx", opponent="friend")
    link = host.locator("#invite-link").input_value()
    assert link.startswith(server.url + "/join/")
    friend.goto(link)  # the invitation's page: the seat is taken by its button
    friend.click("#take-seat")
    friend.wait_for_url(re.compile(rf".*/game/{gid}"))
    host.wait_for_selector("#table-page", timeout=15_000)  # the host's waiting page becomes the table
    watcher.goto(f"{server.url}/watch/{gid}")
    watcher.wait_for_selector("#spectating")
    rng = random.Random(7)
    for _ in range(4000):
        page = None
        for p in (host, friend):
            if p.eval_on_selector("#table-page", "r => r.dataset.ready") == "over":
                page = "over"
                break
            if p.eval_on_selector("#table-page", "r => r.dataset.ready") == "yours":
                page = p
                break
        if page == "over":
            break
        if page is None:
            host.wait_for_timeout(30)
            continue
        play_one(page, rng)
    for p in (host, friend, watcher):
        p.wait_for_function("() => document.getElementById('table-page').dataset.ready === 'over'")
    # the spectator never saw a hand: every card in a hand area is face down
    hands = watcher.locator("[data-area$='.hand'] .card:not(.face-down)")
    assert hands.count() == 0
    assert watcher.locator("#options button").count() == 0
    for c in (host_ctx, friend_ctx, watch_ctx):
        c.close()


def test_the_server_killed_mid_game_comes_back_and_both_players_go_on(browser, tmp_path):
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        a_ctx, b_ctx = browser.new_context(), browser.new_context()
        a, b = a_ctx.new_page(), b_ctx.new_page()
        gid = start_game(a, server.url, "turutoru", opponent="friend")
        b.goto(a.locator("#invite-link").input_value())
        b.click("#take-seat")
        b.wait_for_url(re.compile(rf".*/game/{gid}"))
        a.wait_for_selector("#table-page", timeout=15_000)  # the host's waiting page becomes the table
        rng = random.Random(3)
        moves = 0
        while moves < 10:
            for p in (a, b):
                if p.eval_on_selector("#table-page", "r => r.dataset.ready") == "yours":
                    play_one(p, rng)
                    moves += 1
            a.wait_for_timeout(20)
        # each page's own sequence number (a seat's does not count the other's secret choices)
        before = {p: int(seq(p) or 0) for p in (a, b)}
        server.kill()
        server = Server(tmp_path / "games.sqlite3", port=server.port).start()
        # both pages reconnect by themselves; a reload works too
        b.reload()
        for p in (a, b):
            p.wait_for_function("(s) => Number(document.getElementById('table-page').dataset.seq) >= s",
                                arg=before[p], timeout=30_000)
        rng = random.Random(4)
        for _ in range(4000):
            ready = [p.eval_on_selector("#table-page", "r => r.dataset.ready") for p in (a, b)]
            if "over" in ready:
                break
            for p, r in zip((a, b), ready):
                if r == "yours":
                    play_one(p, rng)
            a.wait_for_timeout(20)
        for p in (a, b):
            p.wait_for_function("() => document.getElementById('table-page').dataset.ready === 'over'",
                                timeout=60_000)
        a_ctx.close()
        b_ctx.close()
    finally:
        server.stop()
