"""Your own cards in real Chromium: a broken card typed into the text box and its problem shown
with card and field as you type, fixed and the problem gone, the set saved (its hash shown), a
game started from the start page's form with it and a deck that uses the new card, the new card's
name on the table; the page on a phone. Screenshots: test-screenshots/my-cards-*.png."""
from __future__ import annotations

import re

import pytest

from .browser import add_hidden_fields, new_page, screenshot, start_game_showing, wait_page_state
from .test_my_cards import MY, MY_DECK, seed_with_new_card_in_hand

pytestmark = pytest.mark.e2e

BROKEN_CARD = MY.replace('color = "red"', 'color = "pink"')


def shot(page, name: str, full: bool = True) -> None:
    screenshot(page, f"my-cards-{name}", full)


def wait_state(page, *states: str, timeout: float = 15_000) -> str:
    return wait_page_state(page, "my-cards", *states, timeout=timeout)


def type_text(page, text: str) -> None:
    """The text put in the box, the last line typed key by key (the check runs as you type)."""
    head, last = text.rstrip("\n").rsplit("\n", 1)
    page.fill("#mc-text", head + "\n")
    page.focus("#mc-text")
    page.keyboard.press("Control+End")
    page.keyboard.type(last + "\n", delay=15)


def test_type_fix_save_and_play_with_your_own_card(browser, server):
    ctx, page, errors = new_page(browser, viewport={"width": 1280, "height": 900})
    page.goto(f"{server.url}/my-cards?lang=en")
    assert wait_state(page, "empty") == "empty"
    assert page.is_disabled("#mc-save")

    # a broken card: its problem appears with the card and the field
    type_text(page, BROKEN_CARD)
    assert wait_state(page, "problems") == "problems"
    problem = page.locator("#mc-problems .mc-problem").first
    assert page.locator("#mc-problems .mc-problem").count() == 1
    where = problem.locator(".mc-where").inner_text()
    assert "MY-001" in where and "color" in where and "line 11" in where
    assert "'pink' is not one of" in problem.locator(".mc-message").inner_text()
    assert page.inner_text("#mc-state") == "1 problem to fix."
    assert page.is_disabled("#mc-save")
    assert page.locator("#mc-cards .mc-card.bad[data-id='MY-001']").count() == 1
    problem.click()  # the cursor goes to the line
    assert page.evaluate("() => { const t = document.getElementById('mc-text');"
                         " return t.value.slice(t.selectionStart, t.selectionEnd); }") == 'color = "pink"'
    shot(page, "problem")

    # fixed: the problem goes
    page.fill("#mc-text", MY)
    assert wait_state(page, "ok") == "ok"
    assert page.locator("#mc-problems .mc-problem").count() == 0
    assert "No problems: 1 cards" in page.inner_text("#mc-state")
    assert "Test Swordsman" in page.inner_text("#mc-cards")
    assert not page.is_disabled("#mc-save")

    # saved: its hash and the link to play
    page.fill("#mc-set-name", "My test cards")
    page.click("#mc-save")
    page.wait_for_selector("#mc-play")
    digest = page.eval_on_selector("#my-cards", "r => r.dataset.saved")
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert digest in page.inner_text("#mc-save-message")
    assert "My test cards" in page.inner_text("#mc-sets")
    shot(page, "saved")

    # the start page's form, with the set chosen and a deck that uses the new card
    page.click("#mc-play")
    page.wait_for_url(re.compile(r".*/\?game=shironeko&cards="))
    page.wait_for_function("(h) => document.querySelector('select[name=card_set]').value === h", arg=digest)
    assert page.is_checked("input[name=game][value=shironeko]")
    assert page.eval_on_selector("select[name=card_set]", "s => s.selectedOptions[0].textContent") == \
        "+ your set “My test cards”"
    page.click("details.paste summary")
    page.fill("textarea[name=deck_text]", MY_DECK)
    page.click("#check-deck")
    page.wait_for_selector("#deck-problems li.ok")
    page.check("input[name=opponent][value=computer]")
    page.check("input[name=first][value=random]")
    page.select_option("select[name=agent]", "random")
    add_hidden_fields(page, "new-game", seed=str(seed_with_new_card_in_hand()))
    shot(page, "form")
    start_game_showing(page, "#start", "Test Swordsman")
    shot(page, "table")
    assert errors == []
    ctx.close()


def test_the_page_on_a_phone(browser, server):
    ctx, page, errors = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page.goto(f"{server.url}/my-cards?lang=ja")
    wait_state(page, "empty")
    page.click("#mc-example")
    assert wait_state(page, "ok") == "ok"
    page.fill("#mc-text", BROKEN_CARD.replace("hp = 2", "hp = \"2\""))
    assert wait_state(page, "problems") == "problems"
    assert page.locator("#mc-problems .mc-problem").count() == 2
    assert "項目" in page.inner_text("#mc-problems")
    assert page.is_visible("#mc-state-mini") and "2件" in page.inner_text("#mc-state-mini")  # beside the text
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px screen"
    shot(page, "phone")
    assert errors == []
    ctx.close()
