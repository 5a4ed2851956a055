"""The web application: pages (Jinja2), the game WebSocket, and a few JSON endpoints.

``create_app(db=..., public_url=None)`` builds it; ``tcg serve`` runs it with uvicorn.

Seats are held by the browser's one session cookie (``tcg_session``, HttpOnly, SameSite=Lax;
session.py), stored hashed. A friend's seat is given by an invitation link, taken once by a click
on its page (a POST: a link preview takes nothing); a spectator link shows only the spectator
view. Requests to another host name, changes posted from another origin and WebSocket
connections from another origin are refused (guard.py); so are bodies past each route's limit.
For a game between two people the server alone chooses the seed; each seat brings its own deck,
and the game is dealt when the friend takes the seat with theirs (until then its set-up is
``{"game", "waiting": {"seat", "deck", "card_set"}}``: the host's seat and deck). A game the host
listed in the lobby (``/lobby``) may be joined by anyone, without the invitation's code.
"""
from __future__ import annotations

import json
import logging
import pathlib
import random
from contextlib import asynccontextmanager
from typing import Any, Iterable

from fastapi import FastAPI, Form, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

import tcg

from ..engine.errors import TcgError
from ..engine.files import MAX_DECK_BYTES
from ..engine.deck import Deck
from ..engine.game import MAX_SEED
from ..present.text import catalog
from ..present import rules_primer
from ..present.errors import error_text
from .catalog_pages import add_routes as add_catalog_routes
from .deck_pages import MAX_DECK_JSON
from .deck_pages import add_routes as add_deck_pages
from .forms import AGENTS, GAME_NAMES, LANGS, MAX_NAME, deck_from_form, display_name, problem_lines
from .guard import Guard, HttpLimits, Policy, Window, client_key, whole_number
from .session import Sessions, ensure_session, session_of
from .clock import CLOCKS, TIMEOUT_LIMIT, clock_option
from .hub import Hub, Limits
from .replay_pages import MAX_UPLOAD
from .replay_pages import add_routes as add_replay_routes
from . import card_pages
from .store import StoreError
from .stores import open_store

HERE = pathlib.Path(__file__).parent
log = logging.getLogger("tcg.web")
KiB = 1024
#: the most bytes of a request body, by route (``POST`` path, or path prefix ending in "/");
#: a form's deck text may be 64 Ki characters, each up to 9 bytes URL-encoded
BODY_LIMITS = {
    "/new": 768 * KiB, "/join/": 768 * KiB, "/lobby/join/": 768 * KiB,  # a pasted deck (form-encoded)
    "/api/check-deck/": 768 * KiB, "/api/validate-deck": 768 * KiB,
    "/api/read-deck/": MAX_DECK_BYTES + 64 * KiB, "/api/deck-file/": MAX_DECK_JSON,
    "/api/check-cards/": card_pages.MAX_BODY, "/api/card-sets/": card_pages.MAX_BODY,
    "/replay": MAX_UPLOAD + 64 * KiB,
}
DEFAULT_BODY_LIMIT = 64 * KiB


def body_limit(method: str, path: str) -> int:
    """The most bytes the body of a request to ``path`` may hold (``BODY_LIMITS``)."""
    if method in ("GET", "HEAD", "OPTIONS"):
        return DEFAULT_BODY_LIMIT
    if path in BODY_LIMITS:
        return BODY_LIMITS[path]
    for prefix, limit in BODY_LIMITS.items():
        if prefix.endswith("/") and path.startswith(prefix):
            return limit
    return DEFAULT_BODY_LIMIT


def seat_cookie(gid: str, seat: int) -> str:
    """The cookie that held a seat before sessions (moved to the session by session.Sessions)."""
    return f"tcg_{gid}_{seat}"


def holds_seat(store: Any, cookies: Any, gid: str, seat: int) -> bool:
    """Whether the browser sending ``cookies`` holds seat ``seat`` of game ``gid``: by its session,
    or by the seat cookie of a game made before sessions, not yet moved."""
    from .session import COOKIE
    return any(seat in store.seat_of(gid, cookies.get(name)) for name in (COOKIE, seat_cookie(gid, seat))
               if cookies.get(name))


def create_app(db: str | pathlib.Path | None = None, public_url: str | None = None,
               store: Any = None, resume: bool = True, *, port: int | None = None, bind: str | None = None,
               allow_hosts: tuple[str, ...] | list[str] = (), http_limits: HttpLimits | None = None,
               rng: random.Random | None = None, limits: Limits | None = None) -> FastAPI:
    """The application. ``port``, ``bind`` (the address listened on) and ``allow_hosts`` name
    the hosts and origins it answers (guard.Policy; ``port`` None: the loopback names on any
    port); ``http_limits`` the games and card sets per client; ``rng`` the server's secret choices
    (seeds, a friend's deck, a random seat): the system's randomness unless a test gives one;
    ``limits`` what the server allows its clients and how long idle games stay in memory
    (``tcg.web.hub.Limits``; its defaults when None)."""
    store = store or open_store(db)
    hub = Hub(store, limits=limits)
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    policy = Policy(public_url, port=port, bind=bind, allow_hosts=allow_hosts)
    http_limits = http_limits or HttpLimits()
    rng = rng or random.SystemRandom()
    new_games = Window(http_limits.games, http_limits.window, http_limits.max_clients)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if resume:
            hub.resume_all()
        hub.start()
        yield
        await hub.close()

    app = FastAPI(title="tcg", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.hub, app.state.store, app.state.public_url = hub, store, public_url
    app.state.policy, app.state.http_limits = policy, http_limits
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
            resp.set_cookie("tcg_lang", lang, max_age=365 * 86400, samesite="lax", secure=policy.secure)
        return resp

    def no_store(resp: Any) -> Any:
        """``resp`` marked for no cache to keep: a page or state that changes as the game goes."""
        resp.headers["cache-control"] = "no-store"
        return resp

    def problem(request: Request, message: str, status: int = 400, details: Iterable[str] = ()) -> HTMLResponse:
        return page(request, "problem.html", status=status, message=message, details=list(details))

    def no_game(request: Request) -> HTMLResponse:
        """The page of a game id the store does not have (404)."""
        return problem(request, words(lang_of(request))("web.no_game"), 404)

    def seats_held(request: Request, gid: str) -> list[int]:
        return sorted(store.seat_of(gid, session_of(request)))

    def too_many(request: Request, wait: float, key: str = "web.too_many_games") -> HTMLResponse:
        t = words(lang_of(request))
        resp = problem(request, t(key, count=http_limits.games, minutes=f"{http_limits.window / 60:g}",
                                  seconds=int(wait) + 1), 429)
        resp.headers["retry-after"] = str(int(wait) + 1)
        return resp

    async def refuse(scope: dict[str, Any], key: str, status: int, params: dict[str, Any]):
        """The answer of the guard (guard.Guard) refusing a request, in the viewer's language."""
        request = Request(scope)
        message = words(lang_of(request))(key, **params)
        if scope.get("path", "").startswith("/api/"):
            return JSONResponse({"ok": False, "error": message}, status_code=status)
        return problem(request, message, status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError):
        """A form or query without a field it needs, or with one that is not what it must be."""
        fields = sorted({str(e["loc"][-1]) for e in exc.errors() if e.get("loc")}) or ["?"]
        message = words(lang_of(request))("web.bad_field", field=", ".join(fields)[:200])
        if request.url.path.startswith("/api/"):
            return JSONResponse({"ok": False, "error": message}, status_code=400)
        return problem(request, message, 400)

    def seat_name(form: Any) -> str | None:
        """The display name a form gives (``name``); None when empty (each page then says
        "Player 1"/"Player 2" in its own language)."""
        return display_name(form.get("name", ""), "") or None

    def waiting(stored: Any) -> dict[str, Any] | None:
        """The host's part of a friend's game not dealt yet (None: dealt)."""
        w = stored.setup.get("waiting")
        return w if isinstance(w, dict) else None

    def deal(stored: Any, w: dict[str, Any], form: Any) -> dict[str, Any]:
        """The set-up of a waiting game dealt with the deck the friend's form brings (a sample,
        a pasted deck file or a deck code; of the game's cards or the host's card set) and a seed
        the server alone draws (a form without a deck: a sample deck it picks). ``tcg.IllegalDeckError``
        /``TcgError`` when the deck is refused. ``w``: the host's part (``waiting``)."""
        game = stored.game
        cards = card_pages.cards_for_new_game(store, game, w.get("card_set") or "")
        deck, text = form.get("deck", ""), form.get("deck_text", "")
        if "deck" not in form and not (isinstance(text, str) and text.strip()):
            deck = rng.choice(tcg.list_decks(game))  # no choice sent (a script): a sample, as before
        theirs = card_pages.deck_from_form(game, deck if isinstance(deck, str) else "",
                                           text if isinstance(text, str) else "", tcg.list_decks(game), cards)
        host = w["deck"] if isinstance(w["deck"], str) else Deck.from_dict(w["deck"])
        decks = [host, theirs] if w["seat"] == 0 else [theirs, host]
        g = tcg.new_game(game, decks, seed=rng.randrange(MAX_SEED + 1), cards=cards, first=w.get("first"))
        setup = g.record()
        setup.pop("actions", None)
        setup.pop("result", None)
        return setup

    def join_form(request: Request, gid: str, action: str, seat: int, stored: Any, status: int = 200,
                  problems: Iterable[str] = (), message: str = "", form: Any = None) -> HTMLResponse:
        """The page where the friend takes a seat, choosing their deck when the game waits for it."""
        w = waiting(stored)
        host = next((s.get("name") for s in stored.seats if s["seat"] != seat and s.get("name")), "")
        form = form or {}
        resp = page(request, "join.html", status=status, gid=gid, action=action, seat=seat, game=stored.game,
                    clock=stored.options.get("clock"), watch=f"/watch/{gid}", needs_deck=w is not None,
                    samples=tcg.list_decks(stored.game), card_set=(w or {}).get("card_set") or "",
                    host=host, problems=list(problems), message=message, max_name=MAX_NAME,
                    first=(w if w is not None else stored.setup).get("first"),
                    seat_name=form.get("name", "") if isinstance(form.get("name", ""), str) else "",
                    deck_text=form.get("deck_text", "") if isinstance(form.get("deck_text", ""), str) else "",
                    chosen=form.get("deck", "") if isinstance(form.get("deck", ""), str) else "")
        no_store(resp)
        resp.headers["referrer-policy"] = "same-origin"  # not "no-referrer": its button would post Origin: null
        return resp

    async def take_seat(request: Request, gid: str, code: str | None, action: str):
        """POST of the join form: the friend's name and deck checked (every problem listed, no
        seat taken), then the seat taken and, for a waiting game, the game dealt."""
        lang = lang_of(request)
        t = words(lang)
        if not store.exists(gid):
            return no_game(request)
        if seats_held(request, gid):
            return RedirectResponse(f"/game/{gid}", status_code=303)
        seat = store.invited_seat(gid, code) if code is not None else store.open_seat(gid)
        if seat is None:
            return problem(request, t("web.invite_used", url=f"/watch/{gid}"), 409)
        form = await request.form()
        stored = store.load(gid)
        try:
            name = seat_name(form)
            w = waiting(stored)
            setup = deal(stored, w, form) if w is not None else None
        except tcg.IllegalDeckError as e:
            return join_form(request, gid, action, seat, stored, 400, problem_lines(e.problems, lang),
                             t("web.illegal_deck"), form)
        except TcgError as e:
            return join_form(request, gid, action, seat, stored, 400, [error_text(e, lang)], t("web.bad_join"), form)
        got = store.claim(gid, code, session=ensure_session(request), name=name, setup=setup)
        if got is None:
            return problem(request, t("web.invite_used", url=f"/watch/{gid}"), 409)
        hub.seats_changed(gid)
        resp = RedirectResponse(f"/game/{gid}", status_code=303)
        if setup is None:
            await hub.broadcast(hub.room(gid))
        return resp

    def table_names(stored: Any, seat: int | None, lang: str) -> list[str]:
        """Each seat's name over the table: its display name (the computer's word for its seat),
        "(you)" after the viewer's own."""
        t = words(lang)
        out = []
        for s in stored.seats:
            name = s.get("name") or (t("web.computer") if s["kind"] == "computer" else t("web.player_n", n=s["seat"] + 1))
            out.append(t("web.name_you", name=name) if s["seat"] == seat else name)
        return out

    def waiting_page(request: Request, gid: str, stored: Any, invite: str | None, seat: int | None) -> HTMLResponse:
        """A friend's game not dealt yet: who is waiting, the invitation (for the host); reloads."""
        names = [n if s["taken"] else "…" for n, s in zip(table_names(stored, seat, lang_of(request)), stored.seats)]
        resp = page(request, "waiting.html", gid=gid, game=stored.game, invite=invite, names=names,
                    lobby=store.open_seat(gid) is not None, clock=stored.options.get("clock"))
        return no_store(resp)

    # --- pages -----------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def home(request: Request):
        mine = store.games_held(session_of(request), 30)
        decks = {g: tcg.list_decks(g) for g in GAME_NAMES}
        return page(request, "home.html", decks=decks, mine=mine, agents=AGENTS, clocks=CLOCKS,
                    timeout_limit=TIMEOUT_LIMIT)

    @app.post("/new")
    async def new(request: Request, game: str = Form(...), deck: str = Form(""), deck_text: str = Form(""),
                  opponent: str = Form("computer"), agent: str = Form("heuristic"),
                  seconds: float = Form(1.0), seat: str = Form("0"), opponent_deck: str = Form(""),
                  seed: str = Form(""), clock: str = Form("off"), first: str = Form("random")):
        lang = lang_of(request)
        t = words(lang)
        wait = new_games.wait(client_key(request.scope))
        if wait:
            return too_many(request, wait)
        if game not in GAME_NAMES:
            return problem(request, t("web.unknown_game", game=game[:60]))
        if opponent not in ("computer", "friend"):
            return problem(request, t("web.bad_field", field="opponent"))
        if agent not in AGENTS:
            return problem(request, t("web.bad_field", field="agent"))
        if not 0.1 <= seconds <= 30:
            return problem(request, t("web.bad_seconds"))
        samples = tcg.list_decks(game)
        if opponent == "friend" and (seed.strip() or opponent_deck.strip()):
            # the host must not choose what the friend is dealt: with the seed and both decks,
            # the friend's hand could be computed before the game starts
            return problem(request, t("web.friend_seed" if seed.strip() else "web.friend_deck"))
        chosen_seed = whole_number(seed.strip(), 0, MAX_SEED) if seed.strip() else rng.randrange(MAX_SEED + 1)
        if chosen_seed is None:
            return problem(request, t("web.bad_seed", max=MAX_SEED))
        if opponent_deck.strip() and opponent_deck not in samples:
            return problem(request, t("web.bad_field", field="opponent_deck"))
        if seat not in ("0", "1", "random"):  # (the seat: scripts may still choose it)
            return problem(request, t("web.bad_field", field="seat"))
        if first not in ("random", "me", "opponent"):  # who goes first: drawn, or the host's choice
            return problem(request, t("web.bad_field", field="first"))
        form = await request.form()
        card_set = form.get("card_set", "")  # a player's own cards (/my-cards)
        card_set = card_set if isinstance(card_set, str) else ""
        try:
            my_seat = rng.randrange(2) if seat == "random" else int(seat)
            goes_first = {"me": my_seat, "opponent": 1 - my_seat}.get(first)  # None: drawn by the game
            my_name = seat_name(form)
            cards = card_pages.cards_for_new_game(store, game, card_set)
            mine = card_pages.deck_from_form(game, deck, deck_text, samples, cards)
            if opponent == "friend":  # dealt when the friend takes the seat with their own deck
                setup = {"game": game, "waiting": {"seat": my_seat, "card_set": card_set.strip(), "first": goes_first,
                                                   "deck": mine if isinstance(mine, str) else mine.to_dict()}}
            else:
                theirs = opponent_deck if opponent_deck in samples else rng.choice(samples)
                decks = [mine, theirs] if my_seat == 0 else [theirs, mine]
                g = tcg.new_game(game, decks, seed=chosen_seed, cards=cards, first=goes_first)
                setup = g.record()
                setup.pop("actions", None)
                setup.pop("result", None)
        except tcg.IllegalDeckError as e:
            return problem(request, t("web.illegal_deck"), details=problem_lines(e.problems, lang))
        except TcgError as e:
            return problem(request, error_text(e, lang))
        kinds = ["human", "human"]
        kinds[1 - my_seat] = "computer" if opponent == "computer" else "invite"
        options = {"computer": {"agent": agent, "seconds": seconds}} if opponent == "computer" else {}
        if opponent == "friend":  # a clock is for games between two people
            try:
                chosen = clock_option(clock)
            except TcgError as e:
                return problem(request, error_text(e, lang))
            if chosen:
                options["clock"] = chosen
        lobby = opponent == "friend" and form.get("lobby") in ("1", "on")
        gid, _tokens, _invites = store.create(game, setup, options, kinds, session=ensure_session(request),
                                              names={my_seat: my_name} if my_name else None, lobby=lobby)
        new_games.add(client_key(request.scope))
        resp = RedirectResponse(f"/game/{gid}", status_code=303)
        if opponent == "computer" and not store.shared:  # with several processes, the one the player connects to runs it
            hub.schedule_computer(hub.room(gid))
        return resp

    @app.get("/join/{gid}/{code}", response_class=HTMLResponse)
    async def join_page(request: Request, gid: str, code: str):
        """An invitation: the game and a button that takes the seat (a GET takes nothing, so a
        chat program's link preview cannot take the friend's seat)."""
        if not store.exists(gid):
            return no_game(request)
        t = words(lang_of(request))
        if seats_held(request, gid):
            return RedirectResponse(f"/game/{gid}", status_code=303)
        seat = store.invited_seat(gid, code)
        if seat is None:
            return problem(request, t("web.invite_used", url=f"/watch/{gid}"), 409)
        return join_form(request, gid, f"/join/{gid}/{code}", seat, store.load(gid))

    @app.post("/join/{gid}/{code}")
    async def join(request: Request, gid: str, code: str):
        return await take_seat(request, gid, code, f"/join/{gid}/{code}")

    @app.get("/lobby", response_class=HTMLResponse)
    async def lobby(request: Request):
        """The games whose host listed them: those waiting for a second player (join them) and
        those being played (watch them)."""
        games = store.lobby_games()
        resp = page(request, "lobby.html", open_games=[g for g in games if g["open"]],
                    playing=[g for g in games if not g["open"]])
        return no_store(resp)

    @app.get("/lobby/join/{gid}", response_class=HTMLResponse)
    async def lobby_join_page(request: Request, gid: str):
        if not store.exists(gid):
            return no_game(request)
        t = words(lang_of(request))
        if seats_held(request, gid):
            return RedirectResponse(f"/game/{gid}", status_code=303)
        seat = store.open_seat(gid)
        if seat is None:
            return problem(request, t("web.invite_used", url=f"/watch/{gid}"), 409)
        return join_form(request, gid, f"/lobby/join/{gid}", seat, store.load(gid))

    @app.post("/lobby/join/{gid}")
    async def lobby_join(request: Request, gid: str):
        return await take_seat(request, gid, None, f"/lobby/join/{gid}")

    @app.get("/game/{gid}", response_class=HTMLResponse)
    async def game_page(request: Request, gid: str):
        if not store.exists(gid):
            return no_game(request)
        t = words(lang_of(request))
        held = seats_held(request, gid)
        if not held:
            return RedirectResponse(f"/watch/{gid}", status_code=303)
        want = request.query_params.get("seat")
        wanted = whole_number(want, 0, 1) if want is not None else None
        if want is not None and wanted is None:
            return problem(request, t("web.bad_seat", seat=want[:20]))
        seat = wanted if wanted in held else held[0]
        invite = None
        got = store.invitation_for(gid, session_of(request))
        stored = store.load(gid)
        if got is not None:
            invite = f"{base_url(request)}/join/{gid}/{got[1]}"
        if waiting(stored):
            return waiting_page(request, gid, stored, invite, seat)
        return page(request, "table.html", gid=gid, seat=seat, game=stored.game, invite=invite,
                    watch=f"{base_url(request)}/watch/{gid}", names=table_names(stored, seat, lang_of(request)))

    @app.get("/game/{gid}/dealt")
    async def dealt(request: Request, gid: str):
        """Whether a friend's game is dealt (the second seat taken): the waiting page asks."""
        if not store.exists(gid):
            return JSONResponse({"dealt": False}, status_code=404)
        resp = JSONResponse({"dealt": waiting(store.load(gid)) is None})
        return no_store(resp)

    # --- a rematch: the same decks, seats swapped, once both players accept ---------------------
    def rematch_state(request: Request, gid: str, stored: Any) -> dict[str, Any]:
        held = seats_held(request, gid)
        friends = len(stored.seats) == 2 and all(s["kind"] == "human" for s in stored.seats) \
            and not waiting(stored)
        available = bool(held) and friends and stored.result is not None
        offer = store.rematch(gid) if available else {"accepted": [], "game": None}
        seat = held[0] if held else None
        t = words(lang_of(request))
        other = next((s for s in stored.seats if s["seat"] != seat), None)
        return {"available": available, "seat": seat, "accepted": offer["accepted"], "game": offer["game"],
                "other": (other.get("name") or t("web.player_n", n=other["seat"] + 1)) if other else ""}

    @app.get("/game/{gid}/rematch")
    async def rematch_get(request: Request, gid: str):
        """Whether a rematch may be offered (a finished game between two people, to one of
        them), who has offered it, and the new game once both have."""
        if not store.exists(gid):
            return JSONResponse({"available": False}, status_code=404)
        resp = JSONResponse(rematch_state(request, gid, store.load(gid)))
        return no_store(resp)

    @app.post("/game/{gid}/rematch")
    async def rematch_post(request: Request, gid: str):
        """Offer, or accept, the rematch: the second acceptance makes the new game (the same
        decks and card set, the seats swapped, the same clock, a seed the server draws)."""
        if not store.exists(gid):
            return JSONResponse({"available": False}, status_code=404)
        stored = store.load(gid)
        state = rematch_state(request, gid, stored)
        if not state["available"]:
            return JSONResponse(state, status_code=409)
        if state["game"] is None:
            cards = store.cards_of(stored.setup)
            decks = [Deck.from_dict(d) for d in stored.setup["decks"]][::-1]
            g = tcg.new_game(stored.game, decks, seed=rng.randrange(MAX_SEED + 1), cards=cards)
            setup = g.record()
            setup.pop("actions", None)
            setup.pop("result", None)
            options = {k: v for k, v in stored.options.items() if k == "clock"}
            store.accept_rematch(gid, state["seat"], setup, options)
            state = rematch_state(request, gid, stored)
        resp = JSONResponse(state)
        return no_store(resp)

    @app.get("/watch/{gid}", response_class=HTMLResponse)
    async def watch(request: Request, gid: str):
        if not store.exists(gid):
            return no_game(request)
        stored = store.load(gid)
        if waiting(stored):
            return waiting_page(request, gid, stored, None, None)
        return page(request, "table.html", gid=gid, seat=None, game=stored.game, invite=None,
                    watch=f"{base_url(request)}/watch/{gid}", names=table_names(stored, None, lang_of(request)))

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
            return JSONResponse({"ok": False, "problems": [error_text(f"unknown game {game!r}", lang_of(request))]},
                                status_code=400)
        try:
            deck_from_form(game, "", deck_text, tcg.list_decks(game))
        except tcg.IllegalDeckError as e:
            return {"ok": False, "problems": problem_lines(e.problems, lang_of(request))}
        except TcgError as e:
            return {"ok": False, "problems": [error_text(e, lang_of(request))]}
        return {"ok": True, "problems": []}

    add_deck_pages(app, page, problem, lang_of, store)

    add_replay_routes(app, store, page, problem, seats_held, lang_of, GAME_NAMES)
    card_pages.add_routes(app, store, page, problem, lang_of,
                          Window(http_limits.card_sets, http_limits.window, http_limits.max_clients))

    # --- the game socket ----------------------------------------------------------------------
    @app.websocket("/ws/{gid}")
    async def socket(ws: WebSocket, gid: str):
        """One page's connection to a game. A client (remote address) holds at most
        ``limits.sockets`` of them; each new one counts as a message of its client; every
        message, text or binary, is the hub's (``Hub.handle``); nothing a client sends ends it
        but a close."""
        origin = ws.headers.get("origin")
        if origin and not _same_origin(origin, ws.headers.get("host", ""), policy):
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
        asked = ws.query_params.get("lang")
        lang = asked if asked is not None and asked in LANGS else "en"
        seat: int | None = None
        if seat_q not in (None, "", "spectator"):
            seat = whole_number(seat_q, 0, 9)
            if seat is None:
                await ws.close(code=4400, reason="bad seat")
                return
            if not holds_seat(store, ws.cookies, gid, seat):
                await ws.close(code=4403, reason="this seat is not yours")
                return
        await ws.accept()
        try:
            if gid not in hub.rooms and waiting(store.load(gid)):  # not dealt yet: the waiting page, no table
                await ws.close(code=4409, reason="waiting for the second player")
                return
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

    # outermost first: the guard (hosts, origins, bodies), then the sessions
    app.add_middleware(Sessions, store=store, secure=policy.secure)
    app.add_middleware(Guard, policy=policy, refuse=refuse, body_limit=body_limit, body_timeout=http_limits.body_timeout)
    return app


def _same_origin(origin: str, host: str, policy: Policy) -> bool:
    """Whether a page at ``origin`` may open the game socket: one of the server's own origins
    (``Policy.origin_ok``, the check of every change posted), never merely an ``Origin`` equal to
    the ``Host`` (both are the attacker's name after DNS rebinding)."""
    return policy.origin_ok(origin, host)


__all__ = ["create_app"]
