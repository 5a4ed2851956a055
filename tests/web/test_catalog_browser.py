"""The catalog page and a card gallery in real Chromium, on a phone (390x844, touch) and on a
desktop: the page itself never scrolls sideways on the phone (only the catalog table's own box
does, with the entry column kept in view), the gallery is a grid that fits the screen, and the
card texts are shown. Screenshots go to test-screenshots/catalog-*.png (look at them)."""
from __future__ import annotations

import pytest

import tcg

from .browser import SHOTS, Server

pytestmark = pytest.mark.e2e
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
#: the page's own sideways overflow (0: none), what the table box can scroll, and the box's width
OVERFLOW = """() => ({page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                     body: document.body.scrollWidth - document.body.clientWidth})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("catalog-browser") / "games.sqlite3").start()
    yield s
    s.stop()


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"catalog-{name}.png"), full_page=True)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_catalog_and_the_zx_gallery_fit_the_screen(browser, server, size):
    ctx = browser.new_context(**(PHONE if size == "phone" else DESKTOP))
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    width = 390 if size == "phone" else 1280
    for lang in ("en", "ja"):
        # the catalog: the table is wider than a phone and scrolls inside its own box
        page.goto(f"{server.url}/catalog?lang={lang}")
        page.wait_for_selector("#catalog")
        assert page.evaluate(OVERFLOW) == {"page": 0, "body": 0}
        box = page.locator("#catalog-scroll")
        assert box.bounding_box()["width"] <= width
        rows = page.locator("#catalog tbody tr")
        assert rows.count() == 21
        assert page.locator("#catalog th.game").count() == len(tcg.list_games())
        if size == "phone":
            scroll = box.evaluate("b => b.scrollWidth - b.clientWidth")
            assert scroll > 0, "the table should be wider than a phone and scroll in its box"
            entry = page.locator("#catalog tbody th.entry").first
            before = entry.bounding_box()["x"]
            box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
            page.wait_for_timeout(100)
            assert abs(entry.bounding_box()["x"] - before) < 1, "the entry column should stay in view"
            last = page.locator("#catalog tbody tr").first.locator("td").last
            lb = last.bounding_box()
            assert lb["x"] + lb["width"] <= width + 1, "the last column can be scrolled into view"
            shot(page, f"table-{size}-{lang}-scrolled")
            box.evaluate("b => { b.scrollLeft = 0; }")
        shot(page, f"table-{size}-{lang}")
        # the gallery: every card, a grid of several columns, text shown on the card
        page.goto(f"{server.url}/cards/zx?lang={lang}")
        page.wait_for_selector(".gallery-card")
        assert page.evaluate(OVERFLOW) == {"page": 0, "body": 0}
        cards = page.locator(".gallery-card")
        assert cards.count() == len(list(tcg.card_set("zx")))
        first = cards.nth(0).bounding_box()
        second = cards.nth(1).bounding_box()
        assert abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"], "cards side by side"
        per_row = page.evaluate("""() => { const cs = [...document.querySelectorAll('.gallery')[0].children];
                                         const y = cs[0].getBoundingClientRect().top;
                                         return cs.filter(c => Math.abs(c.getBoundingClientRect().top - y) < 1).length; }""")
        assert (2 <= per_row <= 3) if size == "phone" else per_row >= 5
        for i in range(cards.count()):
            b = cards.nth(i).bounding_box()
            assert b["x"] >= 0 and b["x"] + b["width"] <= width + 1, f"card {i} sticks out"
        text = cards.nth(0).locator(".text")
        assert text.is_visible() and text.inner_text().strip()
        shot(page, f"cards-zx-{size}-{lang}")
    assert errors == []
    ctx.close()
