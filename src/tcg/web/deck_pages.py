"""The deck builder in the browser: ``/decks`` (the games) and ``/decks/{game}`` (the builder),
with the JSON its script (``static/decks.js``) uses.

* ``GET /api/cards/{game}?lang=en|ja``: the game's card set, each card with its names in both
  languages, kind, colour, cost, stats and text in the page's language, the parts of a deck it
  may go in, and ``search``: one lower-case string holding both languages (names, texts, kind,
  colour, stats) that the page's search box looks in;
* ``POST /api/read-deck/{game}``: a deck file (an uploaded ``deck_file``, or ``deck_text``) or a
  sample deck (``sample``) as the page's deck JSON; a bad file gets ``{"ok": false, "error"}``
  naming what is wrong;
* ``POST /api/deck-file/{game}``: the page's deck JSON as the text of a deck file (TOML, as in
  docs/cards.md), written by ``Deck.to_toml`` with the deck's description and each card's name
  as a comment.

The rules are checked by ``POST /api/check-deck/{game}`` (card_pages.py) with the file text,
and a game is started by the ``/new`` form with ``deck_text``: the page never writes the format
itself.

A player's own card set (``/my-cards``, stored by its hash): ``/decks/{game}?cards=<hash>``
builds decks with the game's cards plus the set's. Each endpoint above takes the same
``?cards=<hash>`` (the card list then holds the set's cards, first, each with ``"own": true``;
a deck file's card names and the comments of a written file know them), the check sends the
hash as ``card_set`` and "Play with this deck" sends it to ``/new`` as ``card_set``. A hash not
stored here, or a set of another game, is a 404 (JSON ``{"ok": false, "error"}``, or the
problem page).

The page's deck JSON::

    {"game": "zx", "name": "My deck", "description": "",
     "sections": {"main": [{"id": "ZXS-001", "count": 4}, ...], "dynamis": [...], ...}}
"""
from __future__ import annotations

import json
import pathlib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from fastapi import FastAPI, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse

from ..engine.deck import MAX_DECK_CARDS, Deck, _toml_str, count_copies
from ..engine.errors import DeckFileError, TcgError
from ..present.errors import error_text
from ..engine.files import MAX_DECK_BYTES, parse_json, parse_toml, read_text
from ..games import spec
from ..spec import DeckPart
from ..present.text import card_title, catalog
from .clock import CLOCKS, TIMEOUT_LIMIT
from .forms import AGENTS, GAME_NAMES, HASH, LANGS

#: most bytes of the deck JSON the page sends, and of a deck name and description
MAX_DECK_JSON = 512 * 1024
MAX_NAME = 200
MAX_DESCRIPTION = 4000
SECTION_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


#: one part of a deck (section, kinds, how many): each game's are in its profile's ``[deck_builder]``
Part = DeckPart
#: the words the page's script uses (``web.decks.<key>``), sent to it unformatted
SCRIPT_WORDS = ("shown", "add", "add_to", "remove", "in_deck", "part_exact", "part_most", "part_about",
                "part_count", "empty_part", "legal", "problems", "checking", "check_failed", "loaded",
                "bad_file", "downloaded", "unknown_card", "no_cards", "play_needs_legal", "cleared",
                "confirm_clear", "new_name", "more", "less", "own_badge")


def _card_text(game: str, card: Any, lang: str) -> str:
    """The card's text from the game's text layer (``card_text``)."""
    return spec(game).member("words", "card_text")(card, lang) or ""


def _kind_name(game: str, kind: str, lang: str) -> str:
    return spec(game).member("words", "kind_name")(kind, lang)


def _colour_name(game: str, value: str, lang: str) -> str:
    """A colour filter's value in words (the text layer's function the deck builder names)."""
    name = spec(game).deck_builder.colour_name
    fn = spec(game).member("words", name) if name else None
    return fn(value, lang) if fn is not None and value else str(value or "")


def _fold(text: str) -> str:
    """Search form: NFKC (full-width letters and digits as ASCII, half-width kana as full) and
    lower case; the page folds what is typed the same way."""
    return unicodedata.normalize("NFKC", text).lower()


def parts_of(game: str) -> tuple[Part, ...]:
    """The parts of a deck of ``game`` (its spec's deck builder; one main part for another id)."""
    return spec(game).deck_builder.parts if game in GAME_NAMES else (Part("main", None),)


def part_sizes(game: str) -> list[dict[str, Any]]:
    """The parts of a deck of ``game`` for the page: section, the kinds it takes, the size."""
    from ..games import get_rules
    profile = get_rules(game).profile
    out = []
    for p in parts_of(game):
        size = p.size
        if isinstance(size, str):
            size = profile.get(size, None)
        out.append({"section": p.section, "kinds": list(p.kinds) if p.kinds is not None else None,
                    "how": p.how if isinstance(size, int) else None,
                    "size": size if isinstance(size, int) else None})
    return out


def rules_for(game: str, cards: list[tuple[str, str]] | None):
    """The ruleset of ``game``: its own (``cards`` None) or with a player's card files."""
    from ..games import get_rules
    if cards is None:
        return get_rules(game)
    from ..api import rules_with_cards
    return rules_with_cards(game, cards)


def card_list(game: str, lang: str, cards: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The JSON of ``GET /api/cards/{game}``: the parts, the filters' choices and the cards;
    with ``cards`` (a player's card files) their cards too, first, each marked ``own``."""
    rules = rules_for(game, cards)
    cs = rules.cards
    return _card_list(game, lang, f"{getattr(cs, 'name', '')}|{getattr(cs, 'version', '')}|{len(cs)}",
                      None if cards is None else rules)


def own_ids(game: str, cards: list[tuple[str, str]]) -> list[str]:
    """The ids of the cards a player's card files add to the game's own."""
    from ..api import own_cards
    base = own_cards(game)
    return [c.id for c in rules_for(game, cards).cards if c.id not in base]


@lru_cache(maxsize=16)
def _card_list(game: str, lang: str, _version: str, rules: Any = None) -> dict[str, Any]:
    from ..api import own_cards
    from ..games import get_rules
    from ..present import card_columns
    cards = list((rules if rules is not None else get_rules(game)).cards)
    mine: set[str] = set()
    if rules is not None:  # a player's set: its cards (those the game has not) first
        base = own_cards(game)
        mine = {c.id for c in cards if c.id not in base}
        cards = [c for c in cards if c.id in mine] + [c for c in cards if c.id not in mine]
    other = "ja" if lang == "en" else "en"
    columns = {lang: card_columns(game, lang), other: card_columns(game, other)}
    builder = spec(game).deck_builder
    cost_col, cost_word = builder.cost_column, builder.cost_words
    cost_of = {h: g for h, g, _ in columns[lang][0]}.get(cost_col)
    colour_field, colour_word = builder.colour_field, builder.colour_words
    parts = parts_of(game)
    t = catalog().t
    badge = " ".join(t("web.decks.own_badge", lg) for lg in (lang, other))
    out_cards: list[dict[str, Any]] = []
    kinds: dict[str, Any] = {}
    colours: dict[str, Any] = {}
    costs: set[Any] = set()
    for c in cards:
        kind = str(getattr(c, "kind", "") or "")
        colour = str(getattr(c, colour_field, "") or "") if colour_field else ""
        cost = cost_of(c) if cost_of is not None else ""
        stats = {lg: [s for s in columns[lg][1](c) if s][1:] for lg in (lang, other)}  # first is the kind
        texts = {lg: _card_text(game, c, lg) for lg in (lang, other)}
        names = {lg: _kind_name(game, kind, lg) for lg in (lang, other)}
        colour_names = {lg: _colour_name(game, colour, lg) for lg in (lang, other)} if colour else {lang: "", other: ""}
        kinds.setdefault(kind, names[lang])
        if colour:
            colours.setdefault(colour, colour_names[lang])
        if cost != "":
            costs.add(cost)
        search = "\n".join([c.id, c.name, c.name_en or "", texts["en"], texts["ja"], names[lang], names[other],
                            colour_names[lang], colour_names[other], " ".join(stats[lang]),
                            " ".join(stats[other])] + ([badge] if c.id in mine else []))
        entry = {
            "id": c.id, "name": c.name, "name_en": c.name_en or "", "kind": kind, "kind_name": names[lang],
            "colour": colour, "colour_name": colour_names[lang], "cost": cost, "stats": stats[lang],
            "text": texts[lang], "parts": [p.section for p in parts if p.kinds is None or kind in p.kinds],
            "search": _fold(search)}
        if c.id in mine:
            entry["own"] = True
        out_cards.append(entry)
    return {
        "game": game, "lang": lang, "parts": part_sizes(game),
        "filters": {
            "kind": {"label": t("web.decks.kind", lang),
                     "choices": [{"value": k, "label": v} for k, v in kinds.items()]},
            "colour": {"label": t(colour_word, lang),
                       "choices": [{"value": k, "label": v} for k, v in colours.items()]},
            "cost": {"label": t(cost_word, lang),
                     "choices": [{"value": v, "label": v} for v in sorted(costs, key=_number)]},
        },
        "own": len(mine),
        "cards": out_cards,
    }


def _number(text: str) -> tuple[int, str]:
    from .guard import whole_number
    n = whole_number(text, 0, 10 ** 9 - 1)
    return (n, "") if n is not None else (10 ** 9, text)


# --- deck files <-> the page's deck JSON -------------------------------------------------------------

def deck_json(game: str, deck: Deck, description: str = "") -> dict[str, Any]:
    """The page's form of ``deck``: every part of the game (empty ones too), then any other
    section the deck has (the rules report those), each a list of ``{"id", "count"}``."""
    sections: dict[str, list[dict[str, Any]]] = {p.section: [] for p in parts_of(game)}
    for sec in deck.sections:
        sections[sec] = [{"id": cid, "count": n} for cid, n in deck.counts(sec).items()]
    return {"game": game, "name": deck.name, "description": description, "sections": sections}


def read_deck_text(game: str, text: str, where: str, cards: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The page's deck JSON of a deck file's text (card names made ids, with a player's card
    files ``cards`` too); a ``TcgError`` naming what is wrong (the message starts with
    ``where``, the file's name)."""
    from ..api import _resolve_names
    if len(text) > MAX_DECK_BYTES:
        raise DeckFileError(f"{where}: the deck file is larger than {MAX_DECK_BYTES:,} characters")
    if not text.strip():
        raise DeckFileError(f"{where}: the file is empty")
    data = parse_toml(text, where, error=DeckFileError)
    if "game" in data and not isinstance(data["game"], str):
        raise DeckFileError(f"{where}: 'game' must be text (e.g. game = \"{game}\")")
    if data.get("game", game) != game:
        raise DeckFileError(f"{where}: this deck is for the game {data['game']!r}, not {game!r}")
    deck = _resolve_names(rules_for(game, cards), Deck.from_dict({"game": game, **data}, source=where))
    if not deck.sections or not any(deck.sections.values()):
        raise DeckFileError(f"{where}: the file holds no cards (a deck file has sections such as "
                            f"[{parts_of(game)[0].section}] with \"card id\" = copies)")
    return deck_json(game, deck, data.get("description", "") or "")


def decode_upload(raw: bytes, where: str) -> str:
    """An uploaded deck file's text: UTF-8 (a byte-order mark dropped), at most MAX_DECK_BYTES."""
    if len(raw) > MAX_DECK_BYTES:
        raise DeckFileError(f"{where}: the file is larger than the limit of {MAX_DECK_BYTES:,} bytes")
    data = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DeckFileError(f"{where}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset "
                            f"{e.start + len(raw) - len(data)}); is it a deck file?") from None


def deck_from_json(game: str, data: Any) -> tuple[Deck, str]:
    """The ``Deck`` and description of the page's deck JSON; a ``DeckFileError`` naming what is
    wrong with it."""
    if not isinstance(data, dict):
        raise DeckFileError("the deck must be a JSON object")
    if data.get("game", game) != game:
        raise DeckFileError(f"the deck is for the game {data.get('game')!r}, not {game!r}")
    name, description = data.get("name", ""), data.get("description", "")
    if not isinstance(name, str) or not isinstance(description, str):
        raise DeckFileError("the deck's name and description must be text")
    name = " ".join(_CONTROL.sub(" ", name).split())[:MAX_NAME] or "unnamed"
    if len(description) > MAX_DESCRIPTION:
        raise DeckFileError(f"the description is longer than {MAX_DESCRIPTION} characters")
    sections = data.get("sections", {})
    if not isinstance(sections, dict):
        raise DeckFileError("'sections' must be an object of section: cards")
    out: dict[str, tuple[str, ...]] = {}
    total = 0
    for sec, entries in sections.items():
        if not SECTION_NAME.fullmatch(sec):
            raise DeckFileError(f"the section name {sec[:40]!r} is not letters, digits, _ or -")
        if isinstance(entries, dict):
            entries = [{"id": k, "count": v} for k, v in entries.items()]
        if not isinstance(entries, list):
            raise DeckFileError(f"section [{sec}] must be a list of {{id, count}}")
        ids: list[str] = []
        for e in entries:
            cid, n = (e.get("id"), e.get("count")) if isinstance(e, dict) else (None, None)
            if not isinstance(cid, str) or not cid or len(cid) > 200 or _CONTROL.search(cid):
                raise DeckFileError(f"section [{sec}] has a card id that is not a short line of text: "
                                    f"{str(cid)[:40]!r}")
            copies, total = count_copies(total, n, f"section [{sec}] card {cid!r}",
                                         over=f"the deck holds more than {MAX_DECK_CARDS:,} cards")
            ids.extend([cid] * copies)
        out[sec] = tuple(ids)
    order = [p.section for p in parts_of(game)]
    ordered = {s: out[s] for s in order if out.get(s)}
    ordered.update({s: v for s, v in out.items() if s not in ordered and v})
    return Deck(game, name, ordered), description


def deck_file_text(game: str, deck: Deck, description: str = "", cards: list[tuple[str, str]] | None = None) -> str:
    """The deck file (TOML) of ``deck``: ``Deck.to_toml`` with the description after the name
    and each card's name (Japanese, then English) as a comment, as the sample decks have them
    (a player's card files ``cards`` name their cards too)."""
    known = rules_for(game, cards).cards
    notes: dict[str, str] = {}
    for sec in deck.sections:
        for cid, n in deck.counts(sec).items():
            c = known.find(cid)
            if c is not None:
                label = card_title(c.name, c.name_en, "en")
                notes[f"{_toml_str(cid)} = {n}"] = _CONTROL.sub(" ", label)
    lines = []
    for line in deck.to_toml().splitlines():
        note = notes.get(line)
        lines.append(f"{line}   # {note}" if note else line)
        if line.startswith("name = ") and description:
            lines.append(f"description = {_toml_text(description)}")
    text = "\n".join(lines) + "\n"
    parse_toml(text, "the written deck file", error=DeckFileError)  # never hand out a broken file
    return text


def _toml_text(s: str) -> str:
    """A TOML basic string of any text (JSON's escapes are TOML's; DEL escaped too)."""
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def file_name(name: str) -> str:
    stem = re.sub(r"[^\w.-]+", "_", name, flags=re.UNICODE).strip("._")[:60]
    return (stem or "deck") + ".toml"


# --- a player's own card set ------------------------------------------------------------------------

class NoCardSet(Exception):
    """``?cards=<hash>`` names no set this server can build decks of ``game`` with: ``key`` names
    the words (``web.decks.<key>``)."""

    def __init__(self, key: str, **params: Any):
        super().__init__(key)
        self.key, self.params = key, params


@dataclass(frozen=True)
class OwnSet:
    """A stored card set: its hash, name and card files."""

    hash: str
    name: str
    files: list[tuple[str, str]]


def own_set(store: Any, game: str, digest: str | None) -> OwnSet | None:
    """The stored card set ``digest`` (None when not asked for) or ``NoCardSet``: not stored
    here, or a set of another game."""
    digest = (digest or "").strip()
    if not digest:
        return None
    got = store.card_set(digest) if store is not None and HASH.fullmatch(digest) else None
    if got is None:
        raise NoCardSet("no_set", hash=digest[:70])
    set_game, name, files = got
    if set_game != game:
        raise NoCardSet("set_of_other_game", name=name, hash=digest, set_game=set_game, game=game)
    return OwnSet(digest, name, [(f["name"], f["text"]) for f in files])


# --- routes ------------------------------------------------------------------------------------------

def add_routes(app: FastAPI, page: Callable[..., HTMLResponse], problem: Callable[..., HTMLResponse],
               lang_of: Callable[[Request], str], store: Any = None) -> None:
    """The deck builder's pages and JSON on ``app``; ``page``, ``problem`` and ``lang_of`` are
    the application's (templates with the words, the problem page, the viewer's language),
    ``store`` the games' store, where players' card sets are (``?cards=<hash>``)."""
    import tcg
    from starlette.concurrency import run_in_threadpool


    def no_game(request: Request, game: str) -> HTMLResponse:
        lang = lang_of(request)
        t = catalog().t
        names = ", ".join(f"{g} ({t(GAME_NAMES[g], lang)})" for g in GAME_NAMES)
        return problem(request, t("web.decks.no_game", lang, game=game, games=names), 404)

    def bad(message: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"ok": False, "error": message}, status_code=status)

    def no_set_text(request: Request, e: NoCardSet) -> str:
        lang = lang_of(request)
        t = catalog().t
        params = dict(e.params)
        for k in ("set_game", "game"):
            if k in params:
                params[k + "_name"] = t(GAME_NAMES[params[k]], lang) if params[k] in GAME_NAMES else params[k]
        return t(f"web.decks.{e.key}", lang, **params)

    def set_of(request: Request, game: str) -> OwnSet | None:
        return own_set(store, game, request.query_params.get("cards"))

    @app.get("/decks", response_class=HTMLResponse)
    async def decks_index(request: Request):
        counts = {g: (len(tcg.card_set(g)), len(tcg.list_decks(g))) for g in GAME_NAMES}
        return page(request, "decks.html", game=None, counts=counts)

    @app.get("/decks/{game}", response_class=HTMLResponse)
    async def deck_builder(request: Request, game: str):
        if game not in GAME_NAMES:
            return no_game(request, game)
        lang = lang_of(request)
        try:
            mine = set_of(request, game)
            own_count = 0 if mine is None else len(await run_in_threadpool(own_ids, game, mine.files))
        except NoCardSet as e:
            return problem(request, no_set_text(request, e), 404)
        except TcgError as e:  # a stored set the game's cards no longer take
            return problem(request, error_text(e, lang), 409)
        cat = catalog()
        words = {}
        for k in SCRIPT_WORDS:
            entry = cat.entry(f"web.decks.{k}") or {}
            words[k] = str(entry.get(lang, entry.get("en", f"⟦web.decks.{k}⟧")))
        sections = {p.section: cat.t(f"web.decks.section.{p.section}", lang) for p in parts_of(game)}
        own = None if mine is None else {"hash": mine.hash, "name": mine.name, "count": own_count}
        return page(request, "decks.html", lang=lang, game=game, samples=tcg.list_decks(game),
                    agents=AGENTS, clocks=CLOCKS, timeout_limit=TIMEOUT_LIMIT, words=words,
                    section_names=sections, own=own)

    @app.get("/api/cards/{game}")
    async def api_cards(request: Request, game: str):
        if game not in GAME_NAMES:
            return bad(error_text(f"unknown game {game!r} (games: {', '.join(GAME_NAMES)})", lang_of(request)), 404)
        lang = request.query_params.get("lang")
        try:
            mine = set_of(request, game)
            return await run_in_threadpool(card_list, game, lang if lang in LANGS else "en",
                                           None if mine is None else mine.files)
        except NoCardSet as e:
            return bad(no_set_text(request, e), 404)
        except TcgError as e:
            return bad(error_text(e, lang_of(request)), 409)

    def game_and_set(request: Request, game: str):
        """(the card set the request names, None) or (None, the answer refusing the request)."""
        if game not in GAME_NAMES:
            return None, bad(error_text(f"unknown game {game!r} (games: {', '.join(GAME_NAMES)})", lang_of(request)), 404)
        try:
            return set_of(request, game), None
        except NoCardSet as e:
            return None, bad(no_set_text(request, e), 404)

    @app.post("/api/read-deck/{game}")
    async def api_read_deck(request: Request, game: str, sample: str = Form(""), deck_text: str = Form(""),
                            deck_file: UploadFile | None = File(None)):
        mine, refused = game_and_set(request, game)
        if refused is not None:
            return refused
        try:
            if sample:
                if sample not in tcg.list_decks(game):
                    raise DeckFileError(f"no sample deck {sample!r} for {game} "
                                        f"(sample decks: {', '.join(tcg.list_decks(game))})")
                from ..games import get_rules
                where = f"{sample}.toml"
                text = read_text(pathlib.Path(get_rules(game).deck_dir()) / where, "deck", MAX_DECK_BYTES,
                                 error=DeckFileError)
            elif deck_file is not None:
                where = _CONTROL.sub("", deck_file.filename or "deck file")[:80] or "deck file"
                raw = await deck_file.read(MAX_DECK_BYTES + 1)
                text = decode_upload(raw, where)
            else:
                where, text = "pasted deck", deck_text
            deck = await run_in_threadpool(read_deck_text, game, text, where, None if mine is None else mine.files)
            return {"ok": True, "deck": deck}
        except TcgError as e:
            return bad(error_text(e, lang_of(request)))

    @app.post("/api/deck-file/{game}")
    async def api_deck_file(request: Request, game: str):
        mine, refused = game_and_set(request, game)
        if refused is not None:
            return refused
        body = await request.body()
        if len(body) > MAX_DECK_JSON:
            return bad(error_text(f"the deck is larger than {MAX_DECK_JSON:,} bytes", lang_of(request)), 413)
        try:
            data = parse_json(body.decode("utf-8"), "the deck", error=DeckFileError)
        except (UnicodeDecodeError, TcgError) as e:
            return bad(error_text(f"the deck is not JSON ({e})", lang_of(request)))
        try:
            deck, description = deck_from_json(game, data)
            text = await run_in_threadpool(deck_file_text, game, deck, description,
                                           None if mine is None else mine.files)
        except TcgError as e:
            return bad(error_text(e, lang_of(request)))
        return {"ok": True, "text": text, "filename": file_name(deck.name)}


__all__ = ["Part", "add_routes", "card_list", "deck_file_text", "deck_from_json", "own_set", "read_deck_text",
           "rules_for"]
