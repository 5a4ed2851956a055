"""In real Chromium: a game between two browsers with a clock shows it counting down; when the
friend's page closes the host is told, and after the grace period lets the computer play for the
friend, who gets the seat back on coming back."""
from __future__ import annotations

import re

import pytest

from .browser import ARGS, SHOTS, Server, chromium_path

pytestmark = pytest.mark.e2e


def test_a_clock_counts_down_and_an_absent_friend_is_replaced_by_the_computer(tmp_path, monkeypatch):
    from playwright.sync_api import sync_playwright
    monkeypatch.setenv("TCG_WEB_GRACE", "1")
    server = Server(tmp_path / "games.sqlite3").start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=ARGS)
            host_ctx, friend_ctx = browser.new_context(), browser.new_context()
            host, friend = host_ctx.new_page(), friend_ctx.new_page()
            host.goto(f"{server.url}/?lang=en")
            host.check("input[name=game][value=zx]")
            host.check("input[name=opponent][value=friend]")
            assert host.locator("select[name=clock]").is_visible()  # offered for games between people
            host.select_option("select[name=clock]", "rapid")
            host.click("#start")
            host.wait_for_url(re.compile(r".*/game/\w+"))
            friend.goto(host.locator("#invite-link").input_value())
            friend.click("#take-seat")
            friend.wait_for_selector("#clock:not([hidden])")
            host.wait_for_selector("#table-page", timeout=15_000)  # the host's waiting page becomes the table
            clock = host.locator("#clock")
            clock.wait_for(state="visible")
            first = clock.inner_text()
            assert "Clock" in first and "reserve" in first
            host.wait_for_function("(t) => document.getElementById('clock').innerText !== t", arg=first,
                                   timeout=5000)  # it counts down
            SHOTS.mkdir(exist_ok=True)
            host.screenshot(path=str(SHOTS / "clock-running.png"), full_page=True)
            # the friend's page closes: after the grace period the host may act on it
            game_url, saved = friend.url, friend_ctx.cookies()
            friend_ctx.close()
            host.wait_for_selector("#standin:not([hidden])", timeout=15000)
            assert "away" in host.locator("#away-text").inner_text()
            assert host.locator("#claim").is_visible()
            host.screenshot(path=str(SHOTS / "clock-away.png"), full_page=True)
            host.click("#standin")
            host.wait_for_function(
                "() => document.getElementById('away-text').innerText.includes('plays for')", timeout=10000)
            host.screenshot(path=str(SHOTS / "clock-standin.png"), full_page=True)
            # the friend comes back (same browser cookies): the seat is theirs again
            back_ctx = browser.new_context()
            back_ctx.add_cookies(saved)
            back = back_ctx.new_page()
            back.goto(game_url)
            back.wait_for_selector("#clock:not([hidden])")
            host.wait_for_selector("#away", state="hidden", timeout=10000)
            browser.close()
    finally:
        server.stop()
