"""The replay page in real Chromium: a finished game (put into the database before the server
starts) stepped through with the buttons, the keys and the slider, its turns, its points of view
(both seats at once included) and its link to the moment shown. Screenshots go to
test-screenshots/replay-*.png (look at them)."""
from __future__ import annotations

import random
import re

import pytest

import tcg
from tcg.web.store import SQLiteStore

from .browser import SHOTS, Server

pytestmark = pytest.mark.e2e


def finished_game(db, game: str = "zx", seed: int = 11) -> tuple[str, int]:
    """A game played to the end by random players, stored as the server stores games."""
    decks = tcg.list_decks(game)
    g = tcg.new_game(game, [decks[0], decks[-1]], seed=seed)
    setup = g.record()
    setup.pop("actions")
    setup.pop("result")
    store = SQLiteStore(db)
    gid, _, _ = store.create(game, setup, {}, ["human", "computer"])
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        player = g.decision.player
        action = rng.choice(g.legal_actions())
        g.apply(action)
        store.append(gid, n, {"player": player, "action": action.to_dict(), "by": "player"}, g.result)
        n += 1
    store.close()
    return gid, n


def shown(page) -> str:
    return page.eval_on_selector("#replay-page", "r => r.dataset.shown || ''")


def wait_shown(page, step: int, viewer: str) -> None:
    page.wait_for_function("(want) => document.getElementById('replay-page').dataset.shown === want",
                           arg=f"{step}:{viewer}", timeout=20_000)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"replay-{name}.png"), full_page=True)


def test_a_finished_game_is_stepped_through_in_the_browser(browser, tmp_path):
    db = tmp_path / "games.sqlite3"
    gid, n = finished_game(db)
    server = Server(db).start()
    try:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/replay/{gid}?lang=en")
        wait_shown(page, 0, "spectator")
        assert "Before the first action" in page.locator("#position").inner_text()
        assert page.locator("#prev").is_disabled() and page.locator("#first").is_disabled()
        shot(page, "start")

        # the buttons and the keys
        for step in (1, 2, 3):
            page.click("#next")
            wait_shown(page, step, "spectator")
        page.click("#prev")
        wait_shown(page, 2, "spectator")
        page.keyboard.press("ArrowRight")
        wait_shown(page, 3, "spectator")
        page.keyboard.press("ArrowLeft")
        wait_shown(page, 2, "spectator")
        assert page.locator("#position").inner_text().strip() == f"Action 2 of {n}"
        assert re.search(rf"/replay/{gid}\?step=2&viewer=spectator$", page.url)

        # the slider: to the middle of the game
        middle = n // 2
        page.locator("#slider").fill(str(middle))
        wait_shown(page, middle, "spectator")
        assert page.locator("#log .step, #logs .step").count() > 0
        assert page.locator("#logs .step.current").count() >= 1
        shot(page, "middle-spectator")
        # the spectator sees no card of a hand
        assert page.locator("[data-area$='.hand'] .card:not(.face-down)").count() == 0

        # a turn chosen in the list
        options = page.locator("#turn option")
        assert options.count() > 3
        target = options.nth(3).get_attribute("value")
        page.select_option("#turn", target)
        wait_shown(page, int(target), "spectator")

        # another point of view: seat 0, then both seats at once
        page.locator("#slider").fill(str(middle))
        wait_shown(page, middle, "spectator")
        page.select_option("#viewer", "0")
        wait_shown(page, middle, "0")
        assert page.locator("[data-area='p0.hand'] .card:not(.face-down)").count() > 0
        shot(page, "middle-seat0")
        page.select_option("#viewer", "all")
        wait_shown(page, middle, "all")
        assert page.locator(".replay-table").count() == 2
        assert page.locator(".replay-log").count() == 2
        for seat in (0, 1):
            table = page.locator(f".replay-table[data-seat='{seat}']")
            assert table.locator(f"[data-area='p{seat}.hand'] .card:not(.face-down)").count() > 0
        shot(page, "middle-all")

        # the link to this moment opens it again, in a new page
        link = page.locator("#share").input_value()
        assert link == f"{server.url}/replay/{gid}?step={middle}&viewer=all"
        other = ctx.new_page()
        other.goto(link)
        wait_shown(other, middle, "all")
        other.close()

        # the end: the result; the buttons forward are disabled
        page.click("#last")
        wait_shown(page, n, "all")
        assert page.locator("#next").is_disabled() and page.locator("#last").is_disabled()
        assert page.locator(".replay-table .status-line").first.inner_text().strip()
        shot(page, "end-all")
        page.click("#first")
        wait_shown(page, 0, "all")

        # in Japanese, from seat 1
        page.goto(f"{server.url}/replay/{gid}?lang=ja&step={middle}&viewer=1")
        wait_shown(page, middle, "1")
        assert "手目" in page.locator("#position").inner_text()
        shot(page, "middle-seat1-ja")
        assert errors == []
        ctx.close()
    finally:
        server.stop()


def test_a_record_file_is_opened_and_replayed_in_the_browser(browser, tmp_path):
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        decks = tcg.list_decks("kemuri")
        g = tcg.new_game("kemuri", [decks[0], decks[-1]], seed=5)
        rng = random.Random(5)
        for _ in range(60):
            g.apply(rng.choice(g.legal_actions()))
        path = tmp_path / "kemuri-game.json"
        g.save(str(path))
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/replay?lang=en")
        page.set_input_files("input[name=record]", str(path))
        page.click("#open-record")
        page.wait_for_url(re.compile(r".*/replay/file/[\w-]+"))
        wait_shown(page, 0, "spectator")
        page.click("#last")
        wait_shown(page, 60, "spectator")
        page.select_option("#viewer", "all")
        wait_shown(page, 60, "all")
        shot(page, "file-all")
        # a broken file: a page saying what is wrong
        bad = tmp_path / "broken.json"
        bad.write_text('{"game": "kemuri", "seed": 1, "decks": []}')
        page.goto(f"{server.url}/replay?lang=en")
        page.set_input_files("input[name=record]", str(bad))
        page.click("#open-record")
        page.wait_for_selector("#problem")
        assert "cannot be replayed" in page.locator("#problem .message").inner_text()
        assert errors == []
        ctx.close()
    finally:
        server.stop()
