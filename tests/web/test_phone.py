"""The game table on a phone (issue 17, part 7): each game's table opened in Chromium emulating a
390x844 touch screen (``is_mobile``, ``has_touch``) and played against the random computer by
tapping options and highlighted cards. At a few moments: the page never scrolls sideways (rows of
cards and Turu-turu's timeline scroll inside their own box), the decision panel is on the screen
wherever the board is scrolled (it sticks to the bottom), every option and highlighted card is
at least 40 px each way and can be brought into view. Screenshots of each table mid-game go to
test-screenshots/phone-<game>-<lang>.png (the screen) and phone-<game>-<lang>-board.png (the
player's own side); look at them."""
from __future__ import annotations

import random

import pytest

from .browser import SHOTS, play_one, seq, wait_ready
from .test_browser import start_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
#: (game, language, moves at most: None plays to the end); two games in English, two in Japanese
PLAN = [("shironeko", "en", 40), ("turutoru", "ja", 40), ("kemuri", "en", 40), ("zx", "ja", None)]
CHECK_AT = {1, 6, 14, 30}  # moves after which the layout is measured
SHOT_AT = 8
TAP = 40  # px: the smallest side of anything a finger taps


def box_of(locator) -> dict:
    b = locator.bounding_box()
    assert b is not None, locator
    return b


def check_layout(page, where: str) -> None:
    """The phone rules at one moment (the player's decision on screen)."""
    w, h = PHONE["width"], PHONE["height"]
    # no sideways scroll: mobile Chromium widens its layout viewport to fit a page wider than the
    # screen, so innerWidth is compared with the device width too
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw == w, f"{where}: the page is {sw} px wide (window {iw}, screen {w})"
    # the decision panel is on the screen wherever the page is scrolled over the board
    board = box_of(page.locator("#board"))
    top = page.evaluate("window.scrollY")
    for y in (0, top + board["y"] + board["height"] / 2 - h / 2):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        d = box_of(page.locator("#decision"))
        assert d["y"] >= -1 and d["y"] + d["height"] <= h + 1, f"{where}: the options are off screen ({d})"
        first = box_of(page.locator("#options button").first)
        assert 0 <= first["y"] and first["y"] + first["height"] <= h + 1, f"{where}: first option off screen"
    # every option: visible, inside the screen once scrolled to, a finger's size
    buttons = page.locator("#options button")
    for i in range(buttons.count()):
        b = buttons.nth(i)
        b.scroll_into_view_if_needed()
        assert b.is_visible()
        r = box_of(b)
        assert r["height"] >= TAP and r["width"] >= TAP, f"{where}: option {i + 1} is {r}"
        assert r["x"] >= 0 and r["x"] + r["width"] <= w + 1 and r["y"] >= 0 and r["y"] + r["height"] <= h + 1, \
            f"{where}: option {i + 1} is not inside the screen: {r}"
    for sel in ("#back", "#undo", "#clear-prepared", "#concede"):
        b = page.locator(sel)
        if b.count() and b.is_visible():
            r = box_of(b)
            assert r["height"] >= TAP and r["width"] >= TAP, f"{where}: {sel} is {r}"
    # highlighted cards and places are as big as a finger
    for r in page.eval_on_selector_all(
            "#board .clickable", "els => els.map(e => { const b = e.getBoundingClientRect(); "
                                 "return {w: b.width, h: b.height, ref: e.dataset.ref}; })"):
        assert r["w"] >= TAP and r["h"] >= TAP, f"{where}: {r['ref']} is {r['w']}x{r['h']}"
    page.evaluate("window.scrollTo(0, 0)")


def screenshots(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(1500)  # the log's and the last move's highlights fade
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    # the shared middle of the table (Z/X's 3x3 board, Turu-turu's timeline) or else the player's side
    page.locator("#board .side-middle, #board .side-bottom").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SHOTS / f"{name}-board.png"))
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize("game,lang,most", PLAN, ids=[g for g, _, _ in PLAN])
def test_a_game_played_on_a_phone_by_tapping(browser, server, game, lang, most):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start_game(page, server.url, game, lang)
    rng = random.Random(17 + PLAN.index((game, lang, most)))
    state, moves, stuck = wait_ready(page), 0, 0
    while state != "over" and (most is None or moves < most):
        if moves in CHECK_AT:
            check_layout(page, f"{game} move {moves}")
        if moves == SHOT_AT:
            screenshots(page, f"phone-{game}-{lang}")
        before = seq(page)
        if not play_one(page, rng, tap=True):
            stuck += 1
            assert stuck < 20, "tapping does not move the game on"
            continue
        moves += 1
        assert moves < 1500, "the game did not end"
        state = wait_ready(page, before)
    assert moves > SHOT_AT
    if most is None:
        assert state == "over"
        assert page.locator("#status").inner_text().strip()
        sw = page.evaluate("document.documentElement.scrollWidth")
        assert sw <= PHONE["width"]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"phone-{game}-{lang}-end.png"))
    assert errors == []
    ctx.close()
