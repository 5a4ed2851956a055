"""In Chromium: a host lists a game in the lobby under a name; a guest finds it there, joins with a
deck code and a name; both tables show both names; after the end both pages offer a rematch,
the guest sees the host's offer, accepts, and both pages go to the new game, seats swapped."""
from __future__ import annotations

import re

import pytest

import tcg

from .browser import new_page, screenshot

pytestmark = pytest.mark.e2e


def test_lobby_join_with_a_deck_code_names_and_a_rematch(browser, server):
    host_ctx, host, host_errors = new_page(browser)
    guest_ctx, guest, guest_errors = new_page(browser)
    host.goto(f"{server.url}/?lang=en")
    host.check("input[name=game][value=zx]")
    host.check("input[name=opponent][value=friend]")
    host.check("#lobby-open")
    host.fill("input[name=name]", "Ann <host>")
    host.click("#start")
    host.wait_for_url(re.compile(r".*/game/\w+"))
    gid = host.url.rsplit("/", 1)[1].split("?")[0]
    host.wait_for_selector("#waiting")
    # the guest: the lobby (linked from every page), the game's join form
    guest.goto(f"{server.url}/?lang=en")
    guest.click("#nav-lobby")
    guest.wait_for_selector(f"li[data-gid='{gid}']")
    assert "Ann <host>" in guest.inner_text(f"li[data-gid='{gid}']")
    guest.click(f"li[data-gid='{gid}'] a.lobby-join")
    guest.fill("#join-name", "Ben")
    guest.click("details.paste summary")
    guest.fill("#join-deck-text", tcg.deck_code("zx", tcg.list_decks("zx")[2]))
    guest.click("#take-seat")
    guest.wait_for_url(re.compile(rf".*/game/{gid}$"))
    host.wait_for_selector("#table-page", timeout=15_000)  # the waiting page became the table
    for p in (host, guest):
        p.wait_for_function("() => ['yours', 'wait'].includes(document.getElementById('table-page').dataset.ready)")
    assert "Ann <host> (you)" in host.inner_text("#seat-names") and "Ben" in host.inner_text("#seat-names")
    assert "Ben (you)" in guest.inner_text("#seat-names")
    # the host concedes; both pages offer a rematch
    host.once("dialog", lambda d: d.accept())
    host.click("#concede")
    for p in (host, guest):
        p.wait_for_selector("#rematch-button", timeout=15_000)
    host.click("#rematch-button")
    host.wait_for_selector("#rematch-waiting")
    guest.wait_for_selector("#rematch-offered", timeout=15_000)
    assert "Ann <host> offers a rematch" in guest.inner_text("#rematch-offered")
    screenshot(guest, "friend-rematch-offered")
    guest.click("#rematch-button")
    for p in (host, guest):
        p.wait_for_url(lambda url: "/game/" in url and gid not in url, timeout=15_000)
    assert host.url.rsplit("/", 1)[1] == guest.url.rsplit("/", 1)[1]
    assert host.eval_on_selector("#table-page", "r => r.dataset.seat") == "1"
    assert guest.eval_on_selector("#table-page", "r => r.dataset.seat") == "0"
    assert host_errors == [] and guest_errors == []
    host_ctx.close()
    guest_ctx.close()
