"""The deck builder's pages and JSON (/decks, /api/cards, /api/read-deck, /api/deck-file) with
the rules checked by /api/validate-deck and /api/check-deck, as the page uses them; and the
builder with a player's own card set (?cards=<hash>): its cards listed and marked, a deck with
them legal only with the set, its file read and written with them, a game started with them,
a set not stored or of another game refused with a message."""
from __future__ import annotations

import html
import re
import unicodedata
from collections import Counter

import pytest

import tcg
from tcg.engine.deck import Deck
from tcg.engine.files import parse_toml
from tcg.games import spec
from tcg.present.text import catalog

from .helpers import client

GAMES = ["shironeko", "turutoru", "kemuri", "zx"]


@pytest.fixture(scope="module")
def c(tmp_path_factory):
    with client(tmp_path_factory.mktemp("decks")) as cl:
        yield cl


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower()


def counts(deck: Deck) -> dict[str, Counter]:
    return {sec: Counter(ids) for sec, ids in deck.sections.items() if ids}


def file_text(c, game: str, deck: dict) -> str:
    r = c.post(f"/api/deck-file/{game}", json=deck)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["ok"] and got["filename"].endswith(".toml")
    return got["text"]


def problems(c, game: str, text: str, lang: str = "en") -> list[str]:
    """The start page's check, in ``lang`` (the client may hold another page's language)."""
    r = c.post(f"/api/validate-deck?lang={lang}", data={"game": game, "deck_text": text})
    assert r.status_code == 200, r.text
    return r.json()["problems"]


def sample(c, game: str, name: str) -> dict:
    r = c.post(f"/api/read-deck/{game}", data={"sample": name})
    assert r.status_code == 200, r.text
    return r.json()["deck"]


@pytest.mark.parametrize("game", GAMES)
def test_the_card_list_holds_every_card_searchable_in_both_languages(c, game):
    cards = list(tcg.card_set(game))
    printed_text = spec(game).member("words", "card_text")
    for lang in ("en", "ja"):
        got = c.get(f"/api/cards/{game}?lang={lang}").json()
        assert [x["id"] for x in got["cards"]] == [x.id for x in cards]
        by_id = {x["id"]: x for x in got["cards"]}
        for card in cards:
            x = by_id[card.id]
            assert x["name"] == card.name and x["name_en"] == card.name_en and x["kind"] == card.kind
            assert x["parts"], f"{card.id} fits no part of a deck"
            # both languages' names and printed texts (a keyword with its reminder text) are in the
            # search string, whatever the page's language
            for words in (card.name, card.name_en, printed_text(card, "ja"), printed_text(card, "en")):
                if words:
                    assert fold(words) in x["search"], (card.id, words)
        kinds = {ch["value"] for ch in got["filters"]["kind"]["choices"]}
        assert kinds == {card.kind for card in cards}
        assert {p["section"] for p in got["parts"]} >= {"main"}
    # the page's language decides the text shown: an ability text without an English version
    # still shows, and a card with both shows each in its language
    en = {x["id"]: x for x in c.get(f"/api/cards/{game}?lang=en").json()["cards"]}
    ja = {x["id"]: x for x in c.get(f"/api/cards/{game}?lang=ja").json()["cards"]}
    both = [x for x in cards if x.text and x.text_en and x.text != x.text_en]
    for card in both[:5]:
        assert en[card.id]["text"] == card.text_en and ja[card.id]["text"] == card.text


def test_the_card_list_filters_and_unknown_game(c):
    got = c.get("/api/cards/shironeko?lang=ja").json()
    colours = {ch["value"]: ch["label"] for ch in got["filters"]["colour"]["choices"]}
    assert colours["red"] == "赤"
    assert got["filters"]["kind"]["label"] == "種類"
    costs = [ch["value"] for ch in got["filters"]["cost"]["choices"]]
    assert costs == sorted(costs, key=int) and "1" in costs
    town = next(x for x in got["cards"] if x["kind"] == "town")
    assert town["parts"] == ["town"] and town["cost"] == ""
    assert c.get("/api/cards/kemuri?lang=en").json()["filters"]["colour"]["label"] == "Shift"
    assert c.get("/api/cards/turutoru?lang=en").json()["filters"]["cost"]["label"] == "Segments"
    r = c.get("/api/cards/nosuchgame")
    assert r.status_code == 404 and "shironeko" in r.json()["error"]


@pytest.mark.parametrize("game", GAMES)
def test_each_sample_deck_round_trips_through_the_deck_file(c, game):
    parts = [p["section"] for p in c.get(f"/api/cards/{game}").json()["parts"]]
    for name in tcg.list_decks(game):
        want = tcg.load_deck(game, name)
        deck = sample(c, game, name)
        assert deck["name"] == want.name
        assert list(deck["sections"])[:len(parts)] == parts  # every part of the game, empty ones too
        text = file_text(c, game, deck)
        parsed = Deck.from_dict(parse_toml(text, "written"))
        assert parsed.game == game and parsed.name == want.name
        assert counts(parsed) == counts(want), name
        # the file reads back the same way the page loads a file, and is as legal as the sample
        again = c.post(f"/api/read-deck/{game}", files={"deck_file": (f"{name}.toml", text.encode())}).json()
        assert again["ok"] and again["deck"]["sections"] == deck["sections"]
        assert again["deck"]["description"] == deck["description"]
        assert problems(c, game, text) == [f"{p.rule}: {p.message}" + (f" ({p.card})" if p.card else "")
                                           for p in tcg.validate_deck(game, want)]


def test_the_written_file_names_each_card_and_survives_odd_names(c):
    deck = sample(c, "shironeko", "red_rush")
    deck["name"] = 'Quote " back\\slash\nnew line'
    deck["description"] = 'Two\nlines, a "quote" and a tab\t.'
    text = file_text(c, "shironeko", deck)
    assert '"SNP-001" = 3   # Luka, Apprentice Swordsman (見習い剣士ルカ)' in text
    data = parse_toml(text, "written")
    assert data["name"] == 'Quote " back\\slash new line'  # one line: control characters become spaces
    assert data["description"] == deck["description"]


@pytest.mark.parametrize("game, section, rule", [("shironeko", "main", "SN-D1"), ("turutoru", "main", "TT-D1"),
                                                 ("kemuri", "leader", "KM-D5"), ("zx", "main", "ZX-D1")])
def test_a_deck_breaking_a_rule_gets_that_rule_id(c, game, section, rule):
    deck = sample(c, game, tcg.list_decks(game)[0])
    assert problems(c, game, file_text(c, game, deck)) == []
    deck["sections"][section][0]["count"] -= 1  # one card short (or no leader)
    got = problems(c, game, file_text(c, game, deck))
    assert got and any(p.startswith(f"{rule}: ") for p in got), got


def test_every_problem_is_listed_with_its_rule_id(c):
    deck = sample(c, "shironeko", "red_rush")
    deck["sections"]["main"][0]["count"] = 5          # SN-D3: 5 copies of one name
    deck["sections"]["town"] = []                     # SN-D5: no town deck
    deck["sections"]["main"].append({"id": "NOPE-1", "count": 1})   # SN-D1: unknown card
    got = problems(c, "shironeko", file_text(c, "shironeko", deck))
    rules = {p.split(":")[0] for p in got}
    assert {"SN-D1", "SN-D3", "SN-D5"} <= rules, got
    assert all(re.match(r"SN-[A-Z0-9]+: ", p) for p in got)


@pytest.mark.parametrize("text, words", [
    ('game = "shironeko"\nname = "x"\n[main\n', "not valid TOML"),
    ('game = "zx"\nname = "x"\n[main]\n"ZXS-001" = 4\n', "for the game 'zx', not 'shironeko'"),
    ('game = "shironeko"\n[main]\n"SNP-001" = -2\n', 'mine.toml: [main] "SNP-001" = -2: copies must be a whole number'),
    ('game = "shironeko"\nname = "x"\n[main]\n"SNP-001" = "three"\n', "copies must be a whole number"),
    ('game = "shironeko"\nname = "nothing"\n', "holds no cards"),
    ("", "the file is empty"),
    ('game = "shironeko"\nmain = 3\n', "[main] must be a table of card = copies"),
])
def test_a_bad_deck_file_gets_a_message_naming_the_problem(c, text, words):
    r = c.post("/api/read-deck/shironeko", files={"deck_file": ("mine.toml", text.encode())})
    assert r.status_code == 400
    got = r.json()
    assert not got["ok"] and words in got["error"], got["error"]
    assert got["error"].startswith("mine.toml")


def test_a_file_that_is_not_text_or_too_big_is_named_as_such(c):
    r = c.post("/api/read-deck/zx", files={"deck_file": ("photo.jpg", b"\xff\xd8\xff\xe0 JFIF")})
    assert r.status_code == 400 and "photo.jpg: not UTF-8 text" in r.json()["error"]
    big = b"# " + b"x" * (1024 * 1024 + 10)
    r = c.post("/api/read-deck/zx", files={"deck_file": ("big.toml", big)})
    assert r.status_code == 400 and "larger than the limit" in r.json()["error"]
    bom = '\ufeffgame = "zx"\nname = "Bom"\n[main]\n"ZXS-001" = 2\n'.encode()
    r = c.post("/api/read-deck/zx", files={"deck_file": ("bom.toml", bom)})
    assert r.json()["deck"]["sections"]["main"] == [{"id": "ZXS-001", "count": 2}]
    r = c.post("/api/read-deck/zx", data={"sample": "../../etc/passwd"})
    assert r.status_code == 400 and "no sample deck" in r.json()["error"]


def test_card_names_in_a_file_become_ids_and_unknown_cards_stay_to_be_reported(c):
    text = 'game = "kemuri"\nname = "By name"\n[main]\n"開店準備のミオ" = 2\n"KMS-999" = 1\n[leader]\n"KMS-L03" = 1\n'
    deck = c.post("/api/read-deck/kemuri", files={"deck_file": ("n.toml", text.encode())}).json()["deck"]
    assert deck["sections"]["main"] == [{"id": "KMS-001", "count": 2}, {"id": "KMS-999", "count": 1}]
    got = problems(c, "kemuri", file_text(c, "kemuri", deck))
    assert any(p.startswith("KM-D1: unknown card 'KMS-999'") for p in got), got


@pytest.mark.parametrize("body, words", [
    ({"name": "x", "sections": {"main": [{"id": "SNP-001", "count": -1}]}}, "copies must be a whole number"),
    ({"name": "x", "sections": {"main": [{"id": "SNP-001", "count": True}]}}, "copies must be a whole number"),
    ({"name": "x", "sections": {"bad section": []}}, "is not letters, digits"),
    ({"name": "x", "sections": {"main": [{"id": "a\nb", "count": 1}]}}, "not a short line of text"),
    ({"name": "x", "sections": {"main": [{"id": "SNP-001", "count": 1000}] * 11}}, "more than 10,000 cards"),
    ({"game": "zx", "name": "x", "sections": {}}, "for the game 'zx'"),
    ([1, 2], "must be a JSON object"),
])
def test_a_bad_deck_json_is_refused_with_a_message(c, body, words):
    r = c.post("/api/deck-file/shironeko", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.json()
    r = c.post("/api/deck-file/shironeko", content=b"[" * 100_000, headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]


def test_the_pages(c):
    r = c.get("/decks?lang=en")
    assert r.status_code == 200
    for g in GAMES:
        assert f'href="/decks/{g}"' in r.text
    r = c.get("/decks/zx?lang=ja")
    assert r.status_code == 200
    assert "デッキ構築" in r.text and 'action="/new"' in r.text and 'name="deck_text"' in r.text
    assert "/static/decks.js" in r.text
    for d in tcg.list_decks("zx"):
        assert f'<option value="{d}">' in r.text
    # every word the page shows is in the catalog, in both languages
    assert "⟦" not in r.text and "⟦" not in c.get("/decks/shironeko?lang=en").text
    cat = catalog()
    for key in cat.keys("web.decks."):
        entry = cat.entry(key)
        assert entry["en"] and entry["ja"], key
    assert not [p for p in cat.check() if p.startswith("web.decks.")]


def test_no_such_game_is_a_404_page_naming_the_games(c):
    r = c.get("/decks/nosuchgame?lang=en")
    assert r.status_code == 404
    assert "nosuchgame" in r.text
    for g in GAMES:
        assert g in r.text
    assert "Shironeko Project TCG" in r.text


def test_play_with_this_deck_starts_a_game_through_the_new_form(c):
    deck = sample(c, "turutoru", "rush")
    deck["name"] = "Built in the browser"
    text = file_text(c, "turutoru", deck)
    r = c.post("/new", data={"game": "turutoru", "deck_text": text, "opponent": "computer", "agent": "random",
                             "seconds": "0.2", "seat": "0"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/game/")


@pytest.mark.parametrize("game", GAMES)
def test_a_japanese_page_shows_the_deck_problems_in_japanese(c, game):
    """The deck builder's check, the start page's check and the problem page of a game started
    with an illegal deck, asked from a Japanese page: each problem in Japanese (its English
    message nowhere), the same problems as in English."""
    sample_deck = tcg.load_deck(game, tcg.list_decks(game)[0])
    first = sample_deck.section("main")[0]
    text = f'game = "{game}"\nname = "Broken"\n[main]\n"{first}" = 6\n"NO-SUCH-CARD" = 1\n'
    want = tcg.validate_deck(game, Deck.from_dict(parse_toml(text, "broken")))
    assert want
    english = problems(c, game, text, "en")
    assert english == [f"{p.rule}: {p.message}" + (f" ({p.card})" if p.card else "") for p in want]
    japanese = [f"{p.rule}: {p.text('ja')}" + (f" ({p.card})" if p.card else "") for p in want]
    assert problems(c, game, text, "ja") == japanese == check_with(c, game, text, "", "ja")
    assert all(re.search(r"[\u3040-\u30ff]", line) for line in japanese)
    r = c.post("/new?lang=ja", data={"game": game, "deck_text": text, "opponent": "computer", "agent": "random",
                                     "seconds": "0.2", "seat": "0"}, follow_redirects=False)
    assert r.status_code == 400
    page = html.unescape(r.text)
    for p in want:
        assert p.text("ja") in page and p.message not in page


# --- a player's own card set: /decks/{game}?cards=<hash> ------------------------------------------------
def own_set(c, text: str | None = None, name: str = "Mine") -> str:
    """A card set with a new card (MY-001, テスト剣士 / Test Swordsman) saved as /my-cards saves it."""
    from .test_my_cards import MY
    r = c.post("/api/card-sets/shironeko", json={"name": name, "files": [{"name": "my-cards.toml", "text": text or MY}]})
    assert r.status_code == 200, r.text
    return r.json()["hash"]


def check_with(c, game: str, text: str, card_set: str, lang: str = "en") -> list[str]:
    """The deck builder's check: POST /api/check-deck/{game} with the set's hash, in ``lang``."""
    r = c.post(f"/api/check-deck/{game}?lang={lang}", data={"deck_text": text, "card_set": card_set})
    assert r.status_code == 200, r.text
    return r.json()["problems"]


def test_the_card_list_with_your_own_cards(c):
    digest = own_set(c)
    plain = c.get("/api/cards/shironeko?lang=en").json()
    assert "MY-001" not in {x["id"] for x in plain["cards"]} and plain["own"] == 0
    assert not any(x.get("own") for x in plain["cards"])
    for lang, badge in (("en", "Yours"), ("ja", "自作")):
        got = c.get(f"/api/cards/shironeko?lang={lang}&cards={digest}").json()
        ids = [x["id"] for x in got["cards"]]
        assert ids[0] == "MY-001" and got["own"] == 1            # the set's cards first
        assert sorted(ids[1:]) == sorted(x["id"] for x in plain["cards"])  # then every card of the game
        mine = got["cards"][0]
        assert mine["own"] is True and [x for x in got["cards"] if x.get("own")] == [mine]
        assert mine["name"] == "テスト剣士" and mine["name_en"] == "Test Swordsman"
        assert mine["kind"] == "character" and mine["parts"] == ["main"] and mine["cost"] == "1"
        # found by the search in both languages, and by the badge's words, whatever the page's language
        for words in ("テスト剣士", "test swordsman", "ｔｅｓｔ", "yours", "自作"):
            assert fold(words) in mine["search"], words
        assert badge in c.get(f"/decks/shironeko?lang={lang}&cards={digest}").text


def test_a_deck_with_your_own_card_is_legal_with_the_set_only(c):
    from .test_my_cards import MY_DECK
    digest = own_set(c)
    # the deck file names the new card by its Japanese name: with the set it becomes its id
    r = c.post(f"/api/read-deck/shironeko?cards={digest}", data={"deck_text": MY_DECK})
    assert r.status_code == 200, r.text
    deck = r.json()["deck"]
    assert {"id": "MY-001", "count": 3} in deck["sections"]["main"]
    # ... and the written file names it with its names as a comment
    r = c.post(f"/api/deck-file/shironeko?cards={digest}", json=deck)
    assert r.status_code == 200, r.text
    text = r.json()["text"]
    assert '"MY-001" = 3   # Test Swordsman (テスト剣士)' in text
    assert check_with(c, "shironeko", text, digest) == []
    # without the set the card is unknown: SN-D1, from either endpoint the page may use
    without = check_with(c, "shironeko", text, "")
    assert any(p.startswith("SN-D1: unknown card 'MY-001'") for p in without), without
    assert problems(c, "shironeko", text) == without
    assert '"MY-001" = 3\n' in file_text(c, "shironeko", deck)  # no name known for the comment
    # without the set the name stays a name (to be reported), with it the file reads back the same
    plain = c.post("/api/read-deck/shironeko", data={"deck_text": MY_DECK}).json()["deck"]
    assert {"id": "テスト剣士", "count": 3} in plain["sections"]["main"]
    again = c.post(f"/api/read-deck/shironeko?cards={digest}", files={"deck_file": ("mine.toml", text.encode())})
    assert again.json()["deck"]["sections"] == deck["sections"]
    assert Counter(Deck.from_dict(parse_toml(text, "written")).sections["main"])["MY-001"] == 3
    # a sample deck loads with the set too
    assert sample(c, "shironeko", "red_rush")["sections"] == \
        c.post(f"/api/read-deck/shironeko?cards={digest}", data={"sample": "red_rush"}).json()["deck"]["sections"]


def test_the_page_with_your_own_cards_plays_with_them(c):
    from .test_my_cards import MY_DECK
    from .test_my_cards import MY
    digest = own_set(c, MY.replace('name = "My cards"', 'name = "Builder\'s set"'), name="")  # its [set] name
    r = c.get(f"/decks/shironeko?lang=en&cards={digest}")
    assert r.status_code == 200 and "⟦" not in r.text
    assert f'<input type="hidden" name="card_set" value="{digest}">' in r.text   # "Play" sends the set to /new
    assert f'"cards": "{digest}"' in r.text and f'href="/my-cards?set={digest}"' in r.text
    assert "“Builder&#39;s set”: its cards (1) are" in r.text and 'id="dk-own-only"' in r.text
    ja = c.get(f"/decks/shironeko?lang=ja&cards={digest}").text
    assert "自作カードのみ" in ja and "自作カードセット" in ja
    plain = c.get("/decks/shironeko?lang=en").text
    assert 'name="card_set"' not in plain and '"cards": ""' in plain and 'id="dk-own-set"' not in plain
    text = c.post(f"/api/deck-file/shironeko?cards={digest}",
                  json=c.post(f"/api/read-deck/shironeko?cards={digest}", data={"deck_text": MY_DECK}).json()["deck"]
                  ).json()["text"]
    r = c.post("/new", data={"game": "shironeko", "deck_text": text, "card_set": digest, "opponent": "computer",
                             "agent": "random", "seconds": "0.2", "seat": "0"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/game/"), r.text


@pytest.mark.parametrize("lang, words", [("en", "No card set"), ("ja", "保存されていません")])
def test_a_card_set_not_stored_or_of_another_game_is_named(c, lang, words):
    digest = own_set(c)
    for bad in ("0" * 64, "not-a-hash", "../../etc"):
        for r in (c.get(f"/api/cards/shironeko?lang={lang}&cards={bad}"),
                  c.post(f"/api/read-deck/shironeko?cards={bad}&lang={lang}", data={"sample": "red_rush"}),
                  c.post(f"/api/deck-file/shironeko?cards={bad}&lang={lang}", json=sample(c, "shironeko", "red_rush"))):
            assert r.status_code == 404 and not r.json()["ok"] and words in r.json()["error"], r.text
        page = c.get(f"/decks/shironeko?lang={lang}&cards={bad}")
        assert page.status_code == 404 and words in page.text and 'id="problem"' in page.text
    # a set of Shironeko on the Z/X builder: said so, with where to build its decks
    r = c.get(f"/api/cards/zx?lang={lang}&cards={digest}")
    assert r.status_code == 404 and f"/decks/shironeko?cards={digest}" in r.json()["error"]
    assert ("Z/X" in r.json()["error"]) and ("Shironeko" in r.json()["error"] or "白猫" in r.json()["error"])
    page = c.get(f"/decks/zx?lang={lang}&cards={digest}")
    assert page.status_code == 404 and f"/decks/shironeko?cards={digest}" in page.text
    # an empty cards= is no set at all
    assert c.get("/api/cards/shironeko?cards=").status_code == 200
