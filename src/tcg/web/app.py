"""The web application: pages (Jinja2), the game WebSocket, and a few JSON endpoints.

``create_app(db=..., public_url=None)`` builds it; ``tcg serve`` runs it with uvicorn.

Seats are held by secret tokens kept in cookies (``tcg_<game>_<seat>``, HttpOnly, SameSite=Lax)
and stored hashed. A friend's seat is given by an invitation link used once; a spectator link
shows only the spectator view. WebSocket connections from another origin are refused.
"""
from __future__ import annotations

import json
import logging
import pathlib
import random
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Form, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

import tcg

from ..engine.errors import TcgError
from ..text import catalog
from ..ui.terminal import rules_primer
from .catalog_pages import add_routes as add_catalog_routes
from .deck_pages import add_routes as add_deck_pages
from .clock import CLOCKS, TIMEOUT_LIMIT, clock_option
from .hub import Hub, Limits
from .replay_pages import add_routes as add_replay_routes
from . import card_pages
from .store import StoreError, open_store

HERE = pathlib.Path(__file__).parent
log = logging.getLogger("tcg.web")
LANGS = ("en", "ja")
GAME_NAMES = {"shironeko": "game.shironeko", "turutoru": "game.turutoru", "kemuri": "game.kemuri", "zx": "game.zx"}
AGENTS = ("heuristic", "ismcts", "random")
MAX_DECK_TEXT = 64 * 1024


def seat_cookie(gid: str, seat: int) -> str:
    return f"tcg_{gid}_{seat}"


def invite_cookie(gid: str) -> str:
    return f"tcg_{gid}_invite"


def create_app(db: str | pathlib.Path | None = None, public_url: str | None = None,
               store: Any = None, resume: bool = True, limits: Limits | None = None) -> FastAPI:
    """``limits``: what the server allows its clients and how long idle games stay in memory
    (``tcg.web.hub.Limits``; its defaults when None)."""
    store = store or open_store(db)
    hub = Hub(store, limits=limits)
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if resume:
            hub.resume_all()
        hub.start()
        yield
        await hub.close()

    app = FastAPI(title="tcg", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub, app.state.store, app.state.public_url = hub, store, public_url
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    # --- helpers ---------------------------------------------------------------------------
    def lang_of(request: Request) -> str:
        q = request.query_params.get("lang")
        if q in LANGS:
            return q
        c = request.cookies.get("tcg_lang")
        if c in LANGS:
            return c
        accept = request.headers.get("accept-language", "")
        return "ja" if accept.lower().startswith("ja") else "en"

    def words(lang: str):
        cat = catalog()

        def t(key: str, **params: Any) -> str:
            return cat.t(key, lang, **params)
        return t

    def base_url(request: Request) -> str:
        return (public_url or str(request.base_url)).rstrip("/")

    def page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        lang = ctx.pop("lang", None) or lang_of(request)
        resp = templates.TemplateResponse(request, name, {"t": words(lang), "lang": lang, "games": GAME_NAMES,
                                                          "path": request.url.path, **ctx}, status_code=status)
        if request.query_params.get("lang") in LANGS:
            resp.set_cookie("tcg_lang", lang, max_age=365 * 86400, samesite="lax")
        return resp

    def problem(request: Request, message: str, status: int = 400, details: list[str] = ()) -> HTMLResponse:
        return page(request, "problem.html", status=status, message=message, details=list(details))

    def my_tokens(request: Request) -> dict[str, str]:
        out = {}
        for name, value in request.cookies.items():
            parts = name.split("_")
            if len(parts) == 3 and parts[0] == "tcg" and parts[2].isdigit():
                out.setdefault(parts[1], value)
        return out

    def seats_held(request: Request, gid: str) -> list[int]:
        held = []
        for name, value in request.cookies.items():
            if name.startswith(f"tcg_{gid}_") and name.rsplit("_", 1)[1].isdigit():
                seat = int(name.rsplit("_", 1)[1])
                if seat in store.seat_of(gid, value):
                    held.append(seat)
        return sorted(held)

    # --- pages -----------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def home(request: Request):
        mine = []
        for g in store.games_of(my_tokens(request))[:30]:
            mine.append(g)
        decks = {g: tcg.list_decks(g) for g in GAME_NAMES}
        return page(request, "home.html", decks=decks, mine=mine, agents=AGENTS, clocks=CLOCKS,
                    timeout_limit=TIMEOUT_LIMIT)

    @app.post("/new")
    async def new(request: Request, game: str = Form(...), deck: str = Form(""), deck_text: str = Form(""),
                  opponent: str = Form("computer"), agent: str = Form("heuristic"),
                  seconds: float = Form(1.0), seat: str = Form("0"), opponent_deck: str = Form(""),
                  seed: str = Form(""), clock: str = Form("off")):
        lang = lang_of(request)
        t = words(lang)
        if game not in GAME_NAMES:
            return problem(request, t("web.unknown_game", game=game))
        if opponent not in ("computer", "friend"):
            return problem(request, t("web.bad_field", field="opponent"))
        if agent not in AGENTS:
            return problem(request, t("web.bad_field", field="agent"))
        if not 0.1 <= seconds <= 30:
            return problem(request, t("web.bad_seconds"))
        samples = tcg.list_decks(game)
        card_set = (await request.form()).get("card_set", "")  # a player's own cards (/my-cards)
        try:
            cards = card_pages.cards_for_new_game(store, game, card_set if isinstance(card_set, str) else "")
            mine = card_pages.deck_from_form(game, deck, deck_text, samples, cards)
            theirs = opponent_deck if opponent_deck in samples else random.choice(samples)
            my_seat = random.randrange(2) if seat == "random" else (1 if seat == "1" else 0)
            decks = [mine, theirs] if my_seat == 0 else [theirs, mine]
            if seed.strip() and not seed.strip().isdigit():
                raise TcgError(f"the seed must be a whole number, not {seed!r}")
            g = tcg.new_game(game, decks, seed=int(seed) if seed.strip() else None, cards=cards)
        except tcg.IllegalDeckError as e:
            return problem(request, t("web.illegal_deck"), details=problem_lines(e.problems))
        except TcgError as e:
            return problem(request, str(e))
        setup = g.record()
        setup.pop("actions", None)
        setup.pop("result", None)
        kinds = ["human", "human"]
        kinds[1 - my_seat] = "computer" if opponent == "computer" else "invite"
        options = {"computer": {"agent": agent, "seconds": seconds}} if opponent == "computer" else {}
        if opponent == "friend":  # a clock is for games between two people
            try:
                chosen = clock_option(clock)
            except TcgError as e:
                return problem(request, str(e))
            if chosen:
                options["clock"] = chosen
        gid, tokens, invites = store.create(game, setup, options, kinds)
        resp = RedirectResponse(f"/game/{gid}", status_code=303)
        for s, tok in tokens.items():
            resp.set_cookie(seat_cookie(gid, s), tok, max_age=180 * 86400, httponly=True, samesite="lax")
        for s, code in invites.items():
            resp.set_cookie(invite_cookie(gid), code, max_age=30 * 86400, httponly=True, samesite="lax")
        if not store.shared:  # with several processes, the one the player connects to runs it
            hub.schedule_computer(hub.room(gid))
        return resp

    @app.get("/join/{gid}/{code}")
    async def join(request: Request, gid: str, code: str):
        t = words(lang_of(request))
        if not store.exists(gid):
            return problem(request, t("web.no_game"), 404)
        if seats_held(request, gid):
            return RedirectResponse(f"/game/{gid}", status_code=303)
        got = store.claim(gid, code)
        if got is None:
            return problem(request, t("web.invite_used", url=f"/watch/{gid}"), 409)
        seat, token = got
        hub.seats_changed(gid)
        resp = RedirectResponse(f"/game/{gid}", status_code=303)
        resp.set_cookie(seat_cookie(gid, seat), token, max_age=180 * 86400, httponly=True, samesite="lax")
        await hub.broadcast(hub.room(gid))
        return resp

    @app.get("/game/{gid}", response_class=HTMLResponse)
    async def game_page(request: Request, gid: str):
        t = words(lang_of(request))
        if not store.exists(gid):
            return problem(request, t("web.no_game"), 404)
        held = seats_held(request, gid)
        if not held:
            return RedirectResponse(f"/watch/{gid}", status_code=303)
        want = request.query_params.get("seat")
        seat = int(want) if want and want.isdigit() and int(want) in held else held[0]
        invite = None
        code = request.cookies.get(invite_cookie(gid))
        stored = store.load(gid)
        if code and any(s["invited"] and not s["taken"] for s in stored.seats):
            invite = f"{base_url(request)}/join/{gid}/{code}"
        return page(request, "table.html", gid=gid, seat=seat, game=stored.game, invite=invite,
                    watch=f"{base_url(request)}/watch/{gid}")

    @app.get("/watch/{gid}", response_class=HTMLResponse)
    async def watch(request: Request, gid: str):
        t = words(lang_of(request))
        if not store.exists(gid):
            return problem(request, t("web.no_game"), 404)
        stored = store.load(gid)
        return page(request, "table.html", gid=gid, seat=None, game=stored.game, invite=None,
                    watch=f"{base_url(request)}/watch/{gid}")

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules(request: Request, game: str):
        lang = lang_of(request)
        if game not in GAME_NAMES:
            return problem(request, words(lang)("web.unknown_game", game=game), 404)
        return page(request, "rules.html", game=game, primer=rules_primer(game, lang) or "")

    add_catalog_routes(app, page, problem, lang_of)

    @app.get("/healthz")
    async def healthz():
        return {"ok": True, "games": len(hub.rooms)}

    @app.post("/api/validate-deck")
    async def validate(request: Request, game: str = Form(...), deck_text: str = Form("")):
        if game not in GAME_NAMES:
            return JSONResponse({"ok": False, "problems": [f"unknown game {game!r}"]}, status_code=400)
        try:
            _deck_from_form(game, "", deck_text, tcg.list_decks(game))
        except tcg.IllegalDeckError as e:
            return {"ok": False, "problems": problem_lines(e.problems)}
        except TcgError as e:
            return {"ok": False, "problems": [str(e)]}
        return {"ok": True, "problems": []}

    add_deck_pages(app, page, problem, lang_of, store)

    add_replay_routes(app, store, page, problem, seats_held, lang_of, GAME_NAMES)
    card_pages.add_routes(app, store, page, problem, lang_of)

    # --- the game socket ----------------------------------------------------------------------
    @app.websocket("/ws/{gid}")
    async def socket(ws: WebSocket, gid: str):
        """One page's connection to a game. A client (remote address) holds at most
        ``limits.sockets`` of them; each new one counts as a message of its client; every
        message, text or binary, is the hub's (``Hub.handle``); nothing a client sends ends it
        but a close."""
        origin = ws.headers.get("origin")
        if origin and not _same_origin(origin, ws.headers.get("host", ""), public_url):
            await ws.close(code=1008, reason="origin not allowed")
            return
        client = await hub.admit(ws.client.host if ws.client else "")
        if client is None:
            await ws.accept()
            await ws.send_json({"type": "error", "message": f"too many connections from your address (at most "
                                f"{hub.limits.sockets}): close another page of this server"})
            await ws.close(code=4429, reason="too many connections from your address")
            return
        try:
            await _game_socket(ws, gid, client)
        finally:
            hub.leave(client)

    async def _game_socket(ws: WebSocket, gid: str, client: Any) -> None:
        if not store.exists(gid):
            await ws.close(code=4404, reason="no such game")
            return
        seat_q = ws.query_params.get("seat")
        lang = ws.query_params.get("lang") if ws.query_params.get("lang") in LANGS else "en"
        seat: int | None = None
        if seat_q not in (None, "", "spectator"):
            if not seat_q.isdigit():
                await ws.close(code=4400, reason="bad seat")
                return
            seat = int(seat_q)
            token = ws.cookies.get(seat_cookie(gid, seat))
            if seat not in store.seat_of(gid, token):
                await ws.close(code=4403, reason="this seat is not yours")
                return
        await ws.accept()
        try:
            room = hub.room(gid)
        except (StoreError, TcgError) as e:
            await ws.send_json({"type": "error", "message": f"cannot load this game: {e}"})
            await ws.close()
            return

        async def send(msg: dict[str, Any]) -> None:
            await ws.send_text(json.dumps(msg, ensure_ascii=False))
        conn = hub.new_conn(send, room, seat, lang, client)
        hub.attach(conn)
        try:
            await hub.send_state(conn)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await hub.handle(conn, text if text is not None else (message.get("bytes") or b""))
        except WebSocketDisconnect:
            pass
        except Exception:  # noqa: BLE001 - a bug: logged with its traceback, the socket closes
            log.exception("game socket of %s failed", gid)
            await ws.close(code=1011, reason="internal error")
        finally:
            hub.detach(conn)

    return app


def _same_origin(origin: str, host: str, public_url: str | None) -> bool:
    got = urlsplit(origin).netloc.lower()
    if got and got == host.lower():
        return True
    return bool(public_url) and got == urlsplit(public_url).netloc.lower()


def _deck_from_form(game: str, deck: str, deck_text: str, samples: list[str]):
    """A sample deck by name, or a pasted deck file (TOML) checked against the deck rules."""
    if deck_text.strip():
        if len(deck_text) > MAX_DECK_TEXT:
            raise TcgError(f"the deck text is too long (at most {MAX_DECK_TEXT} characters)")
        from ..api import _as_deck
        from ..engine.files import parse_toml
        from ..games import get_rules
        d = _as_deck(game, parse_toml(deck_text, "pasted deck"))
        problems = tcg.validate_deck(game, d)
        if problems:
            raise tcg.IllegalDeckError(d, problems)
        get_rules(game)
        return d
    if deck in samples:
        return deck
    raise TcgError(f"choose one of the sample decks ({', '.join(samples)}) or paste a deck")


def problem_lines(problems: list[Any]) -> list[str]:
    return [f"{p.rule}: {p.message}" + (f" ({p.card})" if p.card else "") for p in problems]


__all__ = ["create_app"]
