"""The catalog page (/catalog: the four games' catalog profiles side by side) and the card
galleries (/cards/<game>): every game, every template entry and every value whole; every card of
each card set as a tile with its names, kind and text in the page's language; words from the
shared text table in both languages; an unknown game answered with the problem page."""
from __future__ import annotations

import importlib
from html.parser import HTMLParser

import pytest

import tcg
from tcg.engine.profile import TEMPLATE
from tcg.games import get_rules
from tcg.present.text import catalog, is_japanese

from .helpers import client

GAMES = tcg.list_games()
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str]):
        self.tag, self.attrs, self.children, self.parts = tag, attrs, [], []

    @property
    def text(self) -> str:
        """The element's text, unescaped, as the page shows it (whitespace runs kept)."""
        return "".join(p if isinstance(p, str) else p.text for p in self.parts)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> list["Element"]:
        out = []
        for c in self.children:
            if (tag is None or c.tag == tag) and (cls is None or cls in c.classes) \
                    and all(c.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items()):
                out.append(c)
            out += c.find_all(tag, cls, **attrs)
        return out

    def one(self, tag: str | None = None, cls: str | None = None, **attrs: str) -> "Element":
        got = self.find_all(tag, cls, **attrs)
        assert len(got) == 1, f"expected one {tag} .{cls} {attrs}, found {len(got)}"
        return got[0]


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        e = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(e)
        self.stack[-1].parts.append(e)
        if tag not in VOID:
            self.stack.append(e)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].parts.append(data)


def parse(html: str) -> Element:
    t = _Tree()
    t.feed(html)
    t.close()
    return t.root


def words(key: str, lang: str, **params) -> str:
    return catalog().t(key, lang, **params)


def set_by_kind(game: str) -> list:
    """The cards of the game's set as the gallery shows them: by kind (the kinds in the order the
    set first has them), each kind in the set's order."""
    cards = list(tcg.card_set(game))
    first = {k: i for i, k in reversed(list(enumerate(x.kind for x in cards)))}
    return sorted(cards, key=lambda x: first[x.kind])


def card_text(game: str, card, lang: str) -> str:
    """The card's text as the game's text layer words it (Shironeko's is in its board module)."""
    text = importlib.import_module(f"tcg.games.{game}.text")
    fn = getattr(text, "card_text", None) or importlib.import_module(f"tcg.games.{game}.board").card_text
    return fn(card, lang)


@pytest.fixture(scope="module")
def c(tmp_path_factory):
    return client(tmp_path_factory.mktemp("catalog"), resume=False)


# --- the catalog ----------------------------------------------------------------------------------

def test_the_catalog_lists_every_game_and_every_template_entry_with_every_value_whole(c):
    r = c.get("/catalog?lang=en")
    assert r.status_code == 200
    page = parse(r.text)
    table = page.one("table", id="catalog")
    heads = table.find_all("th", cls="game")
    assert [h.attrs["data-game"] for h in heads] == GAMES
    for h, g in zip(heads, GAMES):
        assert h.one(cls="game-name").text == get_rules(g).profile.get("game.name_en")
        links = {a.attrs["href"] for a in h.find_all("a")}
        assert links == {f"/rules/{g}", f"/cards/{g}"}
    rows = table.one("tbody").find_all("tr")
    assert [r.attrs["data-key"] for r in rows] == [k for k, _ in TEMPLATE]
    for row, (key, label) in zip(rows, TEMPLATE):
        assert row.one("th").one(cls="label").text == label
        cells = [td.text for td in row.find_all("td")]
        assert cells == [dict(get_rules(g).profile.rows())[label] for g in GAMES], key


def test_a_value_longer_than_the_terminal_cuts_is_shown_whole(c):
    values = [(len(v), g, label, v) for g in GAMES for label, v in get_rules(g).profile.rows()]
    n, game, label, longest = max(values)
    assert n > 80, "no profile value is longer than 80 characters: pick another test"
    page = parse(c.get("/catalog?lang=en").text)
    row = next(tr for tr in page.find_all("tr") if tr.find_all(cls="label")
               and tr.one(cls="label").text == label)
    assert row.one("td", data_game=game).text == longest


def test_the_catalog_in_japanese_labels_its_rows_in_japanese_and_keeps_the_values(c):
    r = c.get("/catalog?lang=ja")
    assert r.status_code == 200
    assert r.cookies.get("tcg_lang") == "ja"
    page = parse(r.text)
    assert page.one("html").attrs["lang"] == "ja"
    assert page.one("h1").text == words("web.catalog.title", "ja")
    for row, (key, label) in zip(page.one("tbody").find_all("tr"), TEMPLATE):
        ja = row.one(cls="label").text
        assert ja == words(f"web.catalog.row.{key}", "ja") and is_japanese(ja) and ja != label
        assert row.one(cls="label-other").text == label      # the English label alongside
    heads = page.find_all("th", cls="game")
    assert [h.one(cls="game-name").text for h in heads] == [get_rules(g).profile.get("game.name") for g in GAMES]
    zx = page.one("tr", data_key="deck.summary").one("td", data_game="zx").text
    assert zx == dict(get_rules("zx").profile.rows())["Deck construction"]   # data stays as given


def test_every_template_entry_has_its_row_words_and_the_english_is_the_template_label():
    cat = catalog()
    for key, label in TEMPLATE:
        entry = cat.entry(f"web.catalog.row.{key}")
        assert entry is not None, f"no text entry web.catalog.row.{key}"
        assert entry["en"] == label
        assert is_japanese(entry["ja"])
    assert [p for p in cat.check() if p.startswith("web.catalog.")] == []


def test_the_links_of_the_catalog_lead_to_pages_that_exist(c):
    page = parse(c.get("/catalog?lang=en").text)
    for a in page.one("table", id="catalog").find_all("a"):
        assert c.get(a.attrs["href"]).status_code == 200, a.attrs["href"]


# --- the card galleries -------------------------------------------------------------------------

def tiles(html: str) -> list[Element]:
    return parse(html).find_all("article", cls="gallery-card")


def gallery(c, game: str, lang: str):
    """The gallery page of ``game`` in ``lang``: (its tiles, the set's cards by kind, the game's
    text module)."""
    r = c.get(f"/cards/{game}?lang={lang}")
    assert r.status_code == 200
    return r, tiles(r.text), set_by_kind(game), importlib.import_module(f"tcg.games.{game}.text")


@pytest.mark.parametrize("game", GAMES)
def test_the_gallery_shows_every_card_of_the_set_once(c, game):
    r, got, cards, T = gallery(c, game, "en")
    assert len(got) == len(list(tcg.card_set(game)))
    assert sorted(t.attrs["data-card"] for t in got) == sorted(x.id for x in tcg.card_set(game))
    assert [t.attrs["data-card"] for t in got] == [x.id for x in cards]
    assert not [t.attrs["data-card"] for t in got if "fallback" in t.classes]  # the board drew each one
    page = parse(r.text)
    assert page.one("h1").text == words("web.catalog.cards_title", "en",
                                        game=get_rules(game).profile.get("game.name_en"))
    for tile, card in zip(got, cards):
        assert tile.one(cls="name").text == (card.name_en or card.name)
        if card.name_en:
            assert tile.one(cls="name-other").text == card.name
        assert tile.one(cls="kind").text.lower() == T.kind_name(card.kind, "en").lower()
        assert tile.one(cls="card-id").text == card.id
        text = card_text(game, card, "en")
        assert tile.one(cls="text").text == (text or words("web.catalog.no_text", "en")), card.id


@pytest.mark.parametrize("game", GAMES)
def test_the_gallery_in_japanese_shows_the_japanese_names_and_card_texts(c, game):
    r, got, cards, T = gallery(c, game, "ja")
    assert len(got) == len(cards)
    japanese = 0
    for tile, card in zip(got, cards):
        assert tile.one(cls="name").text == card.name
        assert tile.one(cls="kind").text == T.kind_name(card.kind, "ja")
        text = card_text(game, card, "ja")
        shown = tile.one(cls="text").text
        assert shown == (text or words("web.catalog.no_text", "ja")), card.id
        if text:
            japanese += is_japanese(shown)
            if card_text(game, card, "en") != text:
                assert card_text(game, card, "en") not in shown
    assert japanese >= len(cards) // 3, "few cards show a Japanese text"


def test_a_card_with_cost_colour_and_stats_shows_them(c):
    got = {t.attrs["data-card"]: t for t in tiles(c.get("/cards/zx?lang=en").text)}
    card = next(x for x in tcg.card_set("zx") if x.kind == "zx" and x.color and x.cost)
    tile = got[card.id]
    assert tile.one(cls="cost").text == str(card.cost)
    assert f"color-{card.color}" in tile.classes
    assert tile.one(cls="colour").text
    assert str(card.power) in tile.one(cls="stats").text


def test_the_gallery_groups_the_cards_by_kind_with_counts(c):
    page = parse(c.get("/cards/shironeko?lang=en").text)
    sections = page.find_all("section", cls="gallery-kind")
    cards = list(tcg.card_set("shironeko"))
    kinds = list(dict.fromkeys(x.kind for x in cards))
    assert [s.attrs["id"] for s in sections] == [f"kind-{k}" for k in kinds]
    for s, k in zip(sections, kinds):
        assert len(s.find_all("article")) == sum(x.kind == k for x in cards)
        assert f"({sum(x.kind == k for x in cards)})" in s.one("h2").text
    index = {a.attrs["href"] for a in page.one("nav", cls="kind-index").find_all("a")}
    assert index == {f"#kind-{k}" for k in kinds}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unknown_game_gets_the_problem_page_naming_the_known_games(c, lang):
    r = c.get(f"/cards/nosuchgame?lang={lang}")
    assert r.status_code == 404
    page = parse(r.text)
    message = page.one(cls="problem").one("p", cls="message").text
    assert message == words("web.catalog.unknown_game", lang, game="nosuchgame", known=", ".join(GAMES))
    for g in GAMES:
        assert g in message
    assert "Traceback" not in r.text


def test_a_game_name_in_the_address_is_never_markup(c):
    r = c.get("/cards/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    assert r.status_code == 404
    assert "<img" not in r.text and "&lt;img src=x onerror=alert(1)&gt;" in r.text


def test_the_pages_words_come_from_the_text_table_in_both_languages(c):
    for lang in ("en", "ja"):
        for url in ("/catalog", "/cards/kemuri"):
            html = c.get(f"{url}?lang={lang}").text
            assert "⟦" not in html, f"{url} ({lang}) shows a missing text entry"
    ja = c.get("/cards/kemuri?lang=ja").text
    assert words("web.catalog.rules_of", "ja", game="けむりちゅーどく") in ja
    assert words("web.catalog.all_games", "en") not in ja
