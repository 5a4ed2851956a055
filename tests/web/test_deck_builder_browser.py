"""The deck builder in real Chromium: a deck built by clicking (a sample loaded, a card taken
out and the broken rule shown with its ID, put back and the problem gone), a search in Japanese,
a bad file named, the deck downloaded and read back, then "Play with this deck" reaching a game
table; a deck built with a player's own card set (?cards=<hash>) and played, the new card on the
table; and the page on a phone (390x844, touch): nothing wider than the screen, the card list and
the deck one above the other, buttons a finger can hit. Screenshots: test-screenshots/decks-*.png."""
from __future__ import annotations

import re
from collections import Counter

import pytest

import tcg
from tcg.engine.deck import Deck
from tcg.engine.files import parse_toml

from .browser import add_hidden_fields, new_page, screenshot, start_game_showing, wait_page_state

pytestmark = pytest.mark.e2e


def shot(page, name: str, full: bool = False) -> None:
    screenshot(page, f"decks-{name}", full)


def wait_state(page, *states: str, timeout: float = 15_000) -> str:
    return wait_page_state(page, "deck-builder", *states, timeout=timeout)


def load_sample(page, name: str) -> None:
    page.select_option("#dk-sample", name)
    page.click("#dk-load-sample")
    page.wait_for_function("(n) => document.getElementById('dk-message').textContent.includes(n)",
                           arg=tcg.load_deck(page.url.split("/decks/")[1].split("?")[0], name).name)


def visible_ids(page) -> list[str]:
    return page.eval_on_selector_all("#dk-cards .dk-card:not([hidden])", "els => els.map(e => e.dataset.id)")


def test_build_a_deck_by_clicking_then_play_with_it(browser, server, tmp_path):
    ctx, page, errors = new_page(browser, viewport={"width": 1280, "height": 900}, accept_downloads=True)
    page.goto(f"{server.url}/decks?lang=en")
    page.click("a[href='/decks/shironeko'] >> nth=0")
    page.wait_for_url(re.compile(r".*/decks/shironeko$"))
    # an empty deck breaks the rules; every card of the set is listed
    assert wait_state(page, "legal", "illegal") == "illegal"
    assert len(visible_ids(page)) == len(tcg.card_set("shironeko"))
    assert "SN-D1" in page.inner_text("#dk-problems")
    shot(page, "shironeko-empty")

    load_sample(page, "red_rush")
    assert wait_state(page, "legal", "illegal") == "legal"
    assert page.inner_text("#dk-state") == "This deck is legal."
    assert page.locator("#dk-problems li").count() == 0
    assert not page.is_disabled("#dk-play-button")
    main = page.locator("#dk-parts .dk-part[data-part=main]")
    assert "40 / 40" in main.locator("h3").inner_text()
    shot(page, "shironeko-legal")

    # one card out of the main deck: the rule it breaks is shown with its ID
    main.locator(".dk-row[data-id='SNP-001'] .dk-remove").click()
    assert wait_state(page, "legal", "illegal") == "illegal"
    problems = page.inner_text("#dk-problems")
    assert "SN-D1" in problems and "main deck has 39 cards" in problems
    assert page.is_disabled("#dk-play-button")
    assert "×2 in the deck" in page.inner_text("#dk-cards .dk-card[data-id='SNP-001'] .dk-count")
    shot(page, "shironeko-problem")

    # put it back from the card list: the problem goes
    page.click("#dk-cards .dk-card[data-id='SNP-001'] .dk-add")
    assert wait_state(page, "legal", "illegal") == "legal"
    assert page.locator("#dk-problems li").count() == 0

    # a search in Japanese on the English page, then filters
    page.fill("#dk-search", "剣士")
    ids = visible_ids(page)
    assert "SNP-001" in ids and 0 < len(ids) < 20
    assert re.match(rf"{len(ids)} of {len(tcg.card_set('shironeko'))} cards", page.inner_text("#dk-shown"))
    page.fill("#dk-search", "ダメージ")   # in the Japanese ability texts only
    damage = visible_ids(page)
    assert damage and "SNP-002" in damage
    page.fill("#dk-search", "")
    page.select_option("#dk-kind", "town")
    assert all(i.startswith("SNP-T") for i in visible_ids(page))
    page.select_option("#dk-kind", "")
    page.select_option("#dk-colour", "red")
    page.select_option("#dk-cost", "2")
    reds = visible_ids(page)
    cards = tcg.card_set("shironeko")
    assert reds and all(cards.find(i).color == "red" and cards.find(i).cost == 2 for i in reds)
    page.select_option("#dk-colour", "")
    page.select_option("#dk-cost", "")
    page.fill("#dk-search", "剣士")
    shot(page, "shironeko-search-ja")
    page.fill("#dk-search", "")

    # a bad file is named with what is wrong; the deck stays as it was
    page.set_input_files("#dk-file-input", files=[{"name": "broken.toml", "mimeType": "text/plain",
                                                    "buffer": b'game = "shironeko"\n[main]\n"SNP-001" = "three"\n'}])
    page.wait_for_function("() => document.getElementById('dk-message').classList.contains('bad')")
    msg = page.inner_text("#dk-message")
    assert "broken.toml" in msg and "copies must be a whole number" in msg
    assert wait_state(page, "legal", "illegal") == "legal"

    # download: the file the server wrote, read back as the same deck
    page.fill("#dk-name", "Clicked together")
    assert wait_state(page, "legal", "illegal") == "legal"
    with page.expect_download() as dl:
        page.click("#dk-download")
    saved = tmp_path / dl.value.suggested_filename
    dl.value.save_as(saved)
    assert saved.name == "Clicked_together.toml"
    got = Deck.from_dict(parse_toml(saved.read_text(encoding="utf-8"), "saved"))
    want = tcg.load_deck("shironeko", "red_rush")
    assert got.name == "Clicked together"
    assert {s: Counter(v) for s, v in got.sections.items() if v} == \
        {s: Counter(v) for s, v in want.sections.items() if v}
    # ... and loaded again from the file
    page.set_input_files("#dk-file-input", str(saved))
    page.wait_for_function("() => document.getElementById('dk-message').textContent.includes('Clicked together')")
    assert wait_state(page, "legal", "illegal") == "legal"

    # play with this deck against the computer
    page.select_option("#dk-play select[name=agent]", "random")
    page.click("#dk-play-button")
    page.wait_for_url(re.compile(r".*/game/\w+"))
    page.wait_for_selector("#table-page")
    page.wait_for_function("() => ['yours', 'over', 'wait'].includes(document.getElementById('table-page').dataset.ready)",
                           timeout=30_000)
    shot(page, "shironeko-table")
    assert errors == []
    ctx.close()


def test_a_deck_of_several_parts_is_built_in_japanese(browser, server):
    """Z/X: main deck, dynamis, player card and OB bottom each filled from the list."""
    ctx, page, errors = new_page(browser, viewport={"width": 1280, "height": 900})
    page.goto(f"{server.url}/decks/zx?lang=ja")
    wait_state(page, "legal", "illegal")
    load_sample(page, "azure_tide")
    assert wait_state(page, "legal", "illegal") == "legal"
    assert page.inner_text("#dk-state") == "このデッキは使用できます。"
    # the player card out: the EV EX for that player breaks ZX-X7
    page.locator("#dk-parts .dk-part[data-part=player] .dk-remove").first.click()
    assert wait_state(page, "legal", "illegal") == "illegal"
    assert "ZX-X7" in page.inner_text("#dk-problems")
    # put it back from the list, where a player card's only button adds to the player part
    page.click("#dk-cards .dk-card[data-id='ZXS-P02'] .dk-add")
    assert wait_state(page, "legal", "illegal") == "legal"
    page.fill("#dk-search", "潮")
    assert "ZXS-025" in visible_ids(page)   # 潮騒の子ミナモ
    shot(page, "zx-ja")
    assert errors == []
    ctx.close()


def test_the_page_on_a_phone(browser, server):
    ctx, page, errors = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                 device_scale_factor=2)
    page.goto(f"{server.url}/decks/kemuri?lang=ja")
    wait_state(page, "legal", "illegal")
    shot(page, "phone-ja-top")
    load_sample(page, "coal_cross")
    assert wait_state(page, "legal", "illegal") == "legal"
    width = page.evaluate("() => ({doc: document.documentElement.scrollWidth, body: document.body.scrollWidth,"
                          " view: window.innerWidth})")
    assert width["doc"] <= width["view"] and width["body"] <= width["view"], width
    # the card list, then the deck under it
    browse = page.locator("#dk-browse").bounding_box()
    deck = page.locator("#dk-deck").bounding_box()
    assert deck["y"] >= browse["y"] + browse["height"] - 1 and deck["width"] > 300
    # every button a finger can hit
    small = page.evaluate("""() => [...document.querySelectorAll('#deck-builder button, #deck-builder .button')]
        .filter(b => b.offsetParent !== null).map(b => [b.textContent.trim(), b.getBoundingClientRect().height])
        .filter(([, h]) => h < 40)""")
    assert small == []
    shot(page, "phone-ja-loaded")
    page.tap("#dk-cards .dk-card[data-id='KMS-001'] .dk-add")   # a tap adds; the summary on top says so
    wait_state(page, "legal", "illegal")
    assert "31枚" in page.inner_text("#dk-summary")
    assert "デッキに1枚" in page.inner_text("#dk-cards .dk-card[data-id='KMS-001'] .dk-count")
    shot(page, "phone-ja-added")
    page.evaluate("() => document.getElementById('dk-check').scrollIntoView()")
    shot(page, "phone-ja-rules")
    assert errors == []
    ctx.close()


def seed_dealing(text: str, card: str, files: list[tuple[str, str]]) -> int:
    """A seed whose opening hand of seat 0 (the deck file ``text`` first, then red_rush) holds ``card``."""
    from tcg import api
    rules = api.rules_with_cards("shironeko", files)
    deck = api.as_deck("shironeko", parse_toml(text, "deck"), rules)
    for seed in range(300):
        g = tcg.new_game("shironeko", [deck, "red_rush"], seed=seed, cards=files)
        if any(c["id"] == card for c in g.observe(0)["players"][0]["hand"] or []):
            return seed
    raise AssertionError(f"no seed deals {card}")


def test_build_and_play_a_deck_with_your_own_cards(browser, server):
    """/decks/shironeko?cards=<hash>: the set's new card listed first and marked, found by a search
    in Japanese, put in a sample deck in place of another card, the deck legal with it, played:
    the new card's name on the table."""
    from .test_my_cards import MY
    ctx, page, errors = new_page(browser, viewport={"width": 1280, "height": 900})
    saved = page.request.post(f"{server.url}/api/card-sets/shironeko", headers={"origin": server.url},  # as a page's fetch
                              data={"name": "My test cards", "files": [{"name": "my-cards.toml", "text": MY}]})
    assert saved.ok, saved.text()
    digest = saved.json()["hash"]
    page.goto(f"{server.url}/decks/shironeko?lang=en&cards={digest}")
    assert wait_state(page, "legal", "illegal") == "illegal"
    assert "My test cards" in page.inner_text("#dk-own-set")
    ids = visible_ids(page)
    assert ids[0] == "MY-001" and len(ids) == len(tcg.card_set("shironeko")) + 1
    mine = page.locator("#dk-cards .dk-card[data-id='MY-001']")
    assert mine.locator(".dk-own").inner_text() == "Yours" and "Test Swordsman" in mine.inner_text()
    page.check("#dk-own-only")
    assert visible_ids(page) == ["MY-001"]
    page.uncheck("#dk-own-only")

    # Red Rush with the new card in place of SNP-001, 3 copies (見習い剣士ルカ)
    load_sample(page, "red_rush")
    assert wait_state(page, "legal", "illegal") == "legal"
    main = page.locator("#dk-parts .dk-part[data-part=main]")
    for _ in range(3):
        main.locator(".dk-row[data-id='SNP-001'] .dk-remove").click()
    assert wait_state(page, "legal", "illegal") == "illegal"
    assert "SN-D1" in page.inner_text("#dk-problems")
    page.fill("#dk-search", "テスト剣士")   # its Japanese name, on the English page
    assert visible_ids(page) == ["MY-001"]
    for _ in range(3):
        mine.locator(".dk-add").click()
    assert wait_state(page, "legal", "illegal") == "legal"
    assert page.locator("#dk-problems li").count() == 0
    row = main.locator(".dk-row[data-id='MY-001']")
    assert "×3" in row.inner_text() and "Test Swordsman" in row.inner_text() and row.locator(".dk-own").count() == 1
    assert "40 / 40" in main.locator("h3").inner_text()
    text = page.input_value("#dk-deck-text")
    assert '"MY-001" = 3   # Test Swordsman (テスト剣士)' in text
    assert page.input_value("#dk-play input[name=card_set]") == digest
    shot(page, "own-cards-builder")

    # play with it (a seed that deals the new card, against red_rush, to see it in the hand)
    page.select_option("#dk-play select[name=agent]", "random")
    add_hidden_fields(page, "dk-play", seed=str(seed_dealing(text, "MY-001", [("my-cards.toml", MY)])),
                      opponent_deck="red_rush")
    start_game_showing(page, "#dk-play-button", "Test Swordsman")
    shot(page, "own-cards")
    assert errors == []
    ctx.close()


def test_a_page_used_before_its_card_list_comes(browser, server):
    """The card list comes by a request of its own. A resize (a phone turned), a filter or the deck's
    name changed before it comes raise no error, and the page works once it has come (the CI once
    saw "Cannot read properties of null (reading 'cards')" from a resize on the phone page)."""
    ctx, page, errors = new_page(browser, viewport={"width": 1280, "height": 900})
    held = []
    page.route("**/api/cards/**", lambda route: held.append(route))
    page.goto(f"{server.url}/decks/kemuri?lang=en")
    page.wait_for_function("() => document.getElementById('dk-search') !== null")
    page.wait_for_timeout(200)
    assert len(held) == 1
    page.set_viewport_size({"width": 390, "height": 844})
    page.fill("#dk-search", "coal")
    page.select_option("#dk-kind", index=0)
    page.dispatch_event("#dk-kind", "change")
    page.fill("#dk-name", "Early deck")
    page.evaluate("() => window.dispatchEvent(new Event('resize'))")
    page.wait_for_timeout(200)
    assert errors == []
    held[0].continue_()
    assert wait_state(page, "legal", "illegal") == "illegal"
    assert len(visible_ids(page)) >= 1          # the search typed early is applied when the list comes
    assert page.input_value("#dk-name") == "Early deck"
    load_sample(page, "coal_cross")
    assert wait_state(page, "legal", "illegal") == "legal"
    assert errors == []
    ctx.close()


def test_play_a_built_deck_against_a_friend_with_a_clock(browser, server):
    """The deck builder offers what the home page offers (one shared form part): against a friend,
    a clock instead of the computer's strength; the game starts with the clock and an invitation."""
    ctx, page, errors = new_page(browser, viewport={"width": 1280, "height": 900})
    page.goto(f"{server.url}/decks/zx?lang=en")
    wait_state(page, "legal", "illegal")
    assert not page.locator("#dk-play select[name=clock]").is_visible()   # the computer by default
    assert page.locator("#dk-play select[name=agent]").is_visible()
    load_sample(page, tcg.list_decks("zx")[0])
    assert wait_state(page, "legal", "illegal") == "legal"
    page.check("#dk-play input[name=opponent][value=friend]")
    assert page.locator("#dk-play select[name=clock]").is_visible()
    assert not page.locator("#dk-play select[name=agent]").is_visible()
    page.select_option("#dk-play select[name=clock]", "blitz")
    page.evaluate("() => document.getElementById('dk-play').scrollIntoView()")
    shot(page, "friend-form")
    page.click("#dk-play-button")
    page.wait_for_url(re.compile(r".*/game/\w+"))
    assert page.locator("#invite-link").input_value().startswith(server.url)
    # the game waits for the friend's deck; the clock is told (it runs once both decks are in)
    assert "Clock: blitz" in page.inner_text("#waiting")
    shot(page, "friend-with-clock")
    assert errors == []
    ctx.close()
