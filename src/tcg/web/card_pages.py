"""Your own cards in the browser: ``/my-cards`` (upload or type card files, every problem shown
as you type, save the set) and the JSON its script (``static/my_cards.js``) and the start page use.

* ``POST /api/check-cards/{game}`` with ``{"files": [{"name", "text"}, ...]}``: every problem
  of the files (``tcg.api.check_card_files``: file, card, field, message, line), the cards they
  hold (id, names, kind, whether the card has a problem) and the hash they would be stored by;
* ``POST /api/card-sets/{game}`` with ``{"name", "files"}``: the set checked again and, with no
  problem, stored once by its hash (``store.put_card_set``); the hash is added to this
  browser's list (cookie ``tcg_card_sets``) and the answer gives it with the link to play;
* ``GET /api/card-sets?game=G``: the sets saved from this browser (hash, game, name);
  ``GET /api/card-sets/{hash}``: a stored set's game, name and files (to edit it again);
* ``POST /api/check-deck/{game}`` with ``deck_text`` and ``card_set``: a pasted deck checked
  against the game's cards plus the set's (the start page's "Check" with a card set chosen).

The start page's form sends the chosen set's hash as ``card_set``; ``/new`` (app.py) builds the
game with ``cards_for_new_game`` and ``deck_from_form``: the game's record (its set-up in the
store) names the set by ``card_set.files_sha256``, and every seat, spectator and replay of the
game rebuilds it with the stored files. Bodies are at most ``MAX_BODY`` (512 KiB)."""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from fastapi import FastAPI, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse

from ..engine.errors import TcgError
from ..present.errors import error_text, translate, where_text
from ..engine.files import parse_toml
from ..present.text import card_title, catalog
from .forms import GAME_NAMES, HASH, problem_lines
from .forms import deck_from_form as deck_from_form_of_game
from .store import MAX_CARD_SET_FILES

#: the most bytes a check or a save may send (all files together, as JSON)
MAX_BODY = 512 * 1024
#: the cookie listing the card sets saved from this browser (hashes, newest first)
COOKIE = "tcg_card_sets"
MAX_REMEMBERED = 20
MAX_NAME = 100
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: the words the page's script uses (``web.cards_own.<key>``), sent to it unformatted
SCRIPT_WORDS = ("checking", "no_problems", "n_problems", "card", "field", "line", "check_failed", "fix_first",
                "saving", "saved", "save_failed", "play", "untitled", "no_cards", "has_problem", "remove_file",
                "empty_set", "read_failed", "new_file_name", "the_file", "edit", "no_sets", "one_problem")


class CardSetRefused(Exception):
    """A card set that cannot be used: ``key`` names the words (``web.cards_own.<key>``)."""

    def __init__(self, key: str, status: int = 400, **params: Any):
        super().__init__(key)
        self.key, self.status, self.params = key, status, params


# --- the files a page sends -------------------------------------------------------------------------
def clean_name(name: Any, default: str) -> str:
    text = " ".join(_CONTROL.sub(" ", name).split())[:MAX_NAME] if isinstance(name, str) else ""
    return text or default


def files_of(data: Any) -> list[tuple[str, str]]:
    """The ``files`` of a page's JSON as ``(name, text)``: line ends made ``\\n`` (a file typed on
    any system, uploaded or pasted, is the same set), a byte-order mark dropped."""
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, list) or not files:
        raise CardSetRefused("empty_set")
    if len(files) > MAX_CARD_SET_FILES:
        raise CardSetRefused("too_many", max=MAX_CARD_SET_FILES)
    out = []
    for i, f in enumerate(files, 1):
        text = f.get("text") if isinstance(f, dict) else None
        if not isinstance(text, str):
            raise CardSetRefused("bad_request", detail=f"file #{i} has no text")
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        out.append((clean_name(f.get("name"), f"my-cards-{i}.toml"), text.removeprefix("\ufeff")))
    return out


def cards_in(files: list[tuple[str, str]], problems: list[dict[str, Any]], lang: str = "en") -> list[dict[str, Any]]:
    """The cards the files hold, as written (id, names, kind), with their title in ``lang``
    (``card_title``), each marked when a problem names it."""
    bad = {(p["file"], p["card"]) for p in problems if p.get("card")}
    out = []
    for name, text in files:
        try:
            data = parse_toml(text, name, error=TcgError)
        except TcgError:
            continue
        raw = data.get("cards")
        for i, c in enumerate(raw if isinstance(raw, list) else [], 1):
            if not isinstance(c, dict):
                continue
            cid = c.get("id") if isinstance(c.get("id"), str) and c.get("id") else f"#{i}"
            names = str(c.get("name", ""))[:MAX_NAME], str(c.get("name_en", "") or "")[:MAX_NAME]
            out.append({"file": name, "id": cid, "name": names[0], "name_en": names[1],
                        "title": card_title(*names, lang), "kind": str(c.get("kind", ""))[:40],
                        "ok": (name, cid) not in bad})
    return out


def check(game: str, files: list[tuple[str, str]], lang: str = "en") -> dict[str, Any]:
    """The answer of ``/api/check-cards``: problems (their ``message`` and ``text`` in ``lang``),
    cards and the hash."""
    from ..api import check_card_files
    from ..engine.card_files import files_sha256
    problems = [problem_in(p, lang) for p in check_card_files(game, files)]
    return {"ok": not problems, "problems": problems, "cards": cards_in(files, problems, lang),
            "hash": files_sha256([t for _, t in files])}


def problem_in(problem: dict[str, Any], lang: str) -> dict[str, Any]:
    """A card-file problem (``card_files.problem``) with its message and text in ``lang``."""
    if lang != "ja":
        return problem
    message = translate(problem["message"], lang)
    return {**problem, "message": message,
            "text": f"{where_text(problem['file'], problem['card'], problem['field'], lang)}：{message}"}


async def read_json(request: Request) -> Any:
    """The request's JSON body, at most ``MAX_BODY`` bytes."""
    from .guard import whole_number
    size = whole_number((request.headers.get("content-length") or "").strip(), 0, 2 ** 62)
    if size is not None and size > MAX_BODY:
        raise CardSetRefused("too_big", 413, kib=MAX_BODY // 1024)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise CardSetRefused("too_big", 413, kib=MAX_BODY // 1024)
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise CardSetRefused("bad_request", detail=f"not JSON ({e})") from None


def remembered(request: Request) -> list[str]:
    """The hashes of the sets saved from this browser (newest first)."""
    raw = request.cookies.get(COOKIE, "")
    return [h for h in dict.fromkeys(raw.split(".")) if HASH.fullmatch(h)][:MAX_REMEMBERED]


# --- the /new form with a card set ---------------------------------------------------------------------
def cards_for_new_game(store: Any, game: str, card_set: str) -> list[tuple[str, str]] | None:
    """The card files of the set the form chose (``card_set``: its hash; empty: none), or a
    ``TcgError`` saying why it cannot be played."""
    card_set = (card_set or "").strip()
    if not card_set:
        return None
    got = store.card_set(card_set) if HASH.fullmatch(card_set) else None
    if got is None:
        raise TcgError(f"no card set {card_set[:70]!r} is stored on this server (save it on /my-cards first)")
    if got[0] != game:
        raise TcgError(f"the card set {got[1]!r} is for the game {got[0]!r}, not {game!r}")
    return [(f["name"], f["text"]) for f in got[2]]


def deck_from_form(game: str, deck: str, deck_text: str, samples: list[str], cards: list | None):
    """``forms.deck_from_form`` with the set's cards: a sample deck by name, or a pasted deck whose
    card names or ids may be the set's, checked against the rules with those cards."""
    import tcg

    from ..api import rules_with_cards
    if cards is None:
        return deck_from_form_of_game(game, deck, deck_text, samples)
    if deck_text.strip():
        from .forms import pasted_deck
        rules = rules_with_cards(game, cards)
        d = pasted_deck(game, deck_text, rules)
        if d.game != game:
            raise TcgError(f"the pasted deck is for the game {d.game!r}, not {game!r}")
        problems = rules.validate_deck(d)
        if problems:
            raise tcg.IllegalDeckError(d, problems)
        return d
    if deck in samples:
        return deck
    raise TcgError(f"choose one of the sample decks ({', '.join(samples)}) or paste a deck")


def example(game: str) -> str:
    """A card file to start from: the ``[set]`` table and the first card of the game's own set,
    as the game's ``cards.toml`` writes it, with an id and a name of its own."""
    from ..games import spec
    text = (spec(game).folder / "cards.toml").read_text(encoding="utf-8")
    start = re.search(r"^\[\[cards\]\]", text, re.M)
    end = re.search(r"^\[\[cards\]\]", text[start.end():], re.M) if start else None
    block = text[start.start(): start.end() + end.start()] if start and end else ""
    lines = [ln for ln in block.rstrip().splitlines() if not ln.lstrip().startswith("#")]
    block = "\n".join(lines)
    block = re.sub(r'^id = ".*"$', 'id = "MY-001"', block, count=1, flags=re.M)
    block = re.sub(r'^name = ".*"$', 'name = "わたしのカード"', block, count=1, flags=re.M)
    block = re.sub(r'^name_en = ".*"$', 'name_en = "My Card"', block, count=1, flags=re.M)
    return (f'[set]\ngame = "{game}"\nname = "My cards"\nversion = "1"\n\n'
            f'# one [[cards]] table per card (docs/cards.md)\n{block}\n')


# --- routes ----------------------------------------------------------------------------------------
def add_routes(app: FastAPI, store: Any, page: Callable[..., HTMLResponse], problem: Callable[..., HTMLResponse],
               lang_of: Callable[[Request], str], limit: Any = None) -> None:
    """The page and JSON of your own cards on ``app`` (``store``: the games' store; ``limit``: a
    ``guard.Window``, the card sets one client may store in a while)."""
    from .guard import client_key

    def t(lang: str, key: str, **params: Any) -> str:
        return catalog().t(f"web.cards_own.{key}", lang, **params)

    def refused(request: Request, e: CardSetRefused) -> JSONResponse:
        return JSONResponse({"ok": False, "error": t(lang_of(request), e.key, **e.params)}, status_code=e.status)

    def unknown(request: Request, game: str) -> JSONResponse:
        return JSONResponse({"ok": False, "error": t(lang_of(request), "unknown_game", game=game[:40],
                                                     games=", ".join(GAME_NAMES))}, status_code=404)

    def sets_of(request: Request, game: str | None = None) -> list[dict[str, Any]]:
        names = store.card_set_names(remembered(request))
        return [{"hash": h, "game": g, "name": n} for h, (g, n) in names.items() if game in (None, g)]

    @app.get("/my-cards", response_class=HTMLResponse)
    async def my_cards(request: Request):
        lang = lang_of(request)
        cat = catalog()
        words = {}
        for k in SCRIPT_WORDS:
            entry = cat.entry(f"web.cards_own.{k}") or {}
            words[k] = str(entry.get(lang, entry.get("en", f"⟦web.cards_own.{k}⟧")))
        game = request.query_params.get("game")
        game = game if game in GAME_NAMES else next(iter(GAME_NAMES))
        start: dict[str, Any] = {"game": game, "name": "", "files": [], "hash": None}
        wanted = request.query_params.get("set", "")
        if HASH.fullmatch(wanted) and (got := store.card_set(wanted)) is not None:
            start = {"game": got[0], "name": got[1], "files": got[2], "hash": wanted}
        config = {"words": words, "games": {g: cat.t(GAME_NAMES[g], lang) for g in GAME_NAMES},
                  "examples": {g: example(g) for g in GAME_NAMES}, "start": start,
                  "sets": sets_of(request), "lang": lang}
        return page(request, "my_cards.html", lang=lang, game=start["game"], config=config,
                    max_kib=MAX_BODY // 1024, max_files=MAX_CARD_SET_FILES)

    # plain functions (FastAPI runs them in worker threads): a check reads every card
    def check_answer(game: str, files: list[tuple[str, str]], lang: str = "en") -> dict[str, Any]:
        return check(game, files, lang)

    @app.post("/api/check-cards/{game}")
    async def api_check(request: Request, game: str):
        from starlette.concurrency import run_in_threadpool
        if game not in GAME_NAMES:
            return unknown(request, game)
        try:
            files = files_of(await read_json(request))
        except CardSetRefused as e:
            return refused(request, e)
        return await run_in_threadpool(check_answer, game, files, lang_of(request))

    @app.post("/api/card-sets/{game}")
    async def api_save(request: Request, game: str):
        from starlette.concurrency import run_in_threadpool
        if game not in GAME_NAMES:
            return unknown(request, game)
        wait = limit.wait(client_key(request.scope)) if limit is not None else 0
        if wait:
            return JSONResponse({"ok": False, "error": t(lang_of(request), "too_many_sets", count=limit.count,
                                                         minutes=f"{limit.seconds / 60:g}", seconds=int(wait) + 1)},
                                status_code=429, headers={"retry-after": str(int(wait) + 1)})
        try:
            data = await read_json(request)
            files = files_of(data)
        except CardSetRefused as e:
            return refused(request, e)
        answer = await run_in_threadpool(check_answer, game, files, lang_of(request))
        if not answer["ok"]:
            answer["error"] = t(lang_of(request), "fix_first")
            return JSONResponse(answer, status_code=400)
        first_name = ""
        try:
            meta = parse_toml(files[0][1], files[0][0]).get("set")
            first_name = meta.get("name", "") if isinstance(meta, dict) else ""
        except TcgError:
            pass
        name = clean_name(data.get("name"), clean_name(first_name, "My cards"))

        def save() -> str:
            from ..api import rules_with_cards
            rules_with_cards(game, files)  # loads (the check said so): ready for the first game
            return store.put_card_set(game, name, [{"name": n, "text": x} for n, x in files])
        try:
            digest = await run_in_threadpool(save)
        except TcgError as e:
            return JSONResponse({"ok": False, "error": error_text(e, lang_of(request))}, status_code=400)
        if limit is not None:
            limit.add(client_key(request.scope))
        sets = [digest] + [h for h in remembered(request) if h != digest]
        answer.update(hash=digest, name=name, play=f"/?game={game}&cards={digest}",
                      edit=f"/my-cards?set={digest}")
        resp = JSONResponse(answer)
        resp.set_cookie(COOKIE, ".".join(sets[:MAX_REMEMBERED]), max_age=365 * 86400, httponly=True, samesite="lax",
                        secure=app.state.policy.secure)
        return resp

    @app.get("/api/card-sets")
    async def api_sets(request: Request):
        game = request.query_params.get("game")
        return {"sets": sets_of(request, game if game in GAME_NAMES else None)}

    @app.get("/api/card-sets/{digest}")
    async def api_set(request: Request, digest: str):
        got = store.card_set(digest) if HASH.fullmatch(digest) else None
        if got is None:
            return JSONResponse({"ok": False, "error": t(lang_of(request), "no_set", hash=digest[:70])}, status_code=404)
        return {"ok": True, "hash": digest, "game": got[0], "name": got[1], "files": got[2]}

    @app.post("/api/check-deck/{game}")
    def api_check_deck(request: Request, game: str, deck_text: str = Form(""), card_set: str = Form("")):
        import tcg

        if game not in GAME_NAMES:
            return unknown(request, game)
        try:
            cards = cards_for_new_game(store, game, card_set)
            deck_from_form(game, "", deck_text, tcg.list_decks(game), cards)
        except tcg.IllegalDeckError as e:
            return {"ok": False, "problems": problem_lines(e.problems, lang_of(request))}
        except TcgError as e:
            return {"ok": False, "problems": [error_text(e, lang_of(request))]}
        return {"ok": True, "problems": []}


__all__ = ["MAX_BODY", "add_routes", "cards_for_new_game", "check", "deck_from_form", "example"]
