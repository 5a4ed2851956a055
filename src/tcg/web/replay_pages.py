"""Replays in the browser: a stored game (``/replay/<game>``) or an opened record file
(``/replay/file/<id>``) stepped through action by action, from a chosen point of view.

The page (``replay.html`` + ``static/replay.js``) asks ``/api/replay/<game>?step=K&viewer=V`` for
each step. The answer is built from the record like everything the table shows: the game after
its first K actions (the same as ``tcg.replay(record, upto=K)``), observed by the viewer
(``game.observe``), described by ``tcg.present.board.describe``, and the log of the steps so far as that
viewer reads them (``room.Voice``, the table's own words).

Who may see what is decided here, on the server (hidden cards are a security property):

* a finished stored game: every point of view (spectator, each seat, and ``all``: both seats'
  tables, every card each seat held);
* a stored game still being played: the spectator view, and a player's own seat (the seat cookie
  ``tcg_<game>_<seat>`` holds its token) -- never the other seat, never ``all``;
* an opened record file: every point of view (the file holds everything).

Opened files are not stored in the database: they are kept in memory (``FileShelf``, a small
LRU keyed by a random id) while the server runs. Rebuilt games and logs are cached per game
(``Replays``): a game's walk leaves a copy every ``CHECK_EVERY`` actions, so a step is at most
that many actions away from a copy, and each point of view walks the log once.
"""
from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from typing import Any, Callable, Mapping

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

import tcg

from ..present import board as B
from ..engine.action import Action
from ..engine.errors import TcgError
from ..engine.game import RECORD_FORMATS
from ..present import get_renderer, result_words
from ..present.text import catalog
from .room import SecretRun, Voice, player_names, result_as_said
from .guard import whole_number
from .store import StoreError

log = logging.getLogger("tcg.web.replay")

LANGS = ("en", "ja")
#: the largest record file the page opens (the CLI reads up to 20 MiB, but opened files are held
#: in memory, several at once: a record is ~100 bytes per action, so this is ~20,000 actions)
MAX_UPLOAD = 2 * 1024 * 1024
#: opened record files held in memory (the least recently used one is dropped first)
MAX_FILES = 16
#: games whose replays are cached (rebuilt copies and logs)
MAX_SOURCES = 8
#: a copy of the game is kept every this many actions of a replay
CHECK_EVERY = 32
#: rebuilt games kept per replay at the steps last asked
RECENT_GAMES = 4
#: the most log steps one answer holds (``tail``)
MAX_TAIL = 100_000
VIEWERS = ("0", "1", "spectator", "all")


class ReplayRefused(Exception):
    """An answer that is not given: ``status`` and the words' key and parameters."""

    def __init__(self, status: int, key: str, **params: Any):
        super().__init__(key)
        self.status, self.key, self.params = status, key, params


# --- one game's replay ------------------------------------------------------------------------
class _Stage:
    """What a ``Voice`` needs of a room: the game id, the game, the players' names."""

    def __init__(self, game_id: str, game: "tcg.Game", seat_kinds: list[str],
                 seat_names: list[str | None] | None = None):
        self.game_id, self.game, self.seat_kinds, self.seat_names = game_id, game, seat_kinds, seat_names

    def names(self, viewer: int | None, lang: str) -> dict[int, str]:
        return player_names(self.game_id, self.seat_kinds, viewer, lang, self.seat_names)


def apply_entry(g: "tcg.Game", entry: Mapping[str, Any]) -> None:
    """One record action applied as ``tcg.replay`` applies it."""
    body, by = entry["action"], entry.get("by", "player")
    if body.get("type") == "concede" and len(body) == 1:
        g.concede(entry["player"], by=by)
    else:
        g.apply(Action.from_dict(body), entry.get("player"), by=by)


def turn_of(g: "tcg.Game") -> int | None:
    """The game's turn number (Turu-turu counts rounds); None for a game without one."""
    for name in ("turn", "round"):
        value = getattr(g.state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    obs = g.observe(None)
    value = obs.get("turn", obs.get("round")) if isinstance(obs, Mapping) else None
    return value if isinstance(value, int) else None


class Timeline:
    """The log of a replay as one viewer reads it, walked once (and further when the game
    grows): each step tagged with the action count after which it is known (0: the set-up)."""

    def __init__(self, source: "Source", viewer: int | None, lang: str):
        self.source, self.viewer, self.lang = source, viewer, lang
        self.game = source.start.clone()
        self.stage = _Stage(source.game_id, self.game, source.seat_kinds, source.seat_names)
        self.voice = Voice(self.stage, viewer, lang)  # type: ignore[arg-type]
        self.steps: list[dict[str, Any]] = []
        self.last: list[list[str]] = []  # per action count: what the last action was about
        self.done = 0
        self.voice.add_setup(self.game)
        self._take(0)

    def _take(self, step: int) -> None:
        for entry in self.voice.log:
            self.steps.append(dict(entry, step=step))
        self.voice.log.clear()
        self.last.append(list(self.voice.last_refs))

    def ensure(self, n: int) -> None:
        actions = self.source.actions
        while self.done < n:
            entry = actions[self.done]
            self.voice.before(self.game, entry)
            mark = len(self.game.log)
            apply_entry(self.game, entry)
            self.voice.after(self.game, mark)
            self.done += 1
            self._take(self.done)

    def log_at(self, step: int, tail: int | None) -> list[dict[str, Any]]:
        self.ensure(step)
        # the steps known after ``step`` actions: a prefix (steps are in order)
        lo, hi = 0, len(self.steps)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.steps[mid]["step"] <= step:
                lo = mid + 1
            else:
                hi = mid
        out = self.steps[:lo]
        return out[-tail:] if tail is not None else out

    def last_at(self, step: int) -> list[str]:
        self.ensure(step)
        return self.last[step]


class Source:
    """One record being replayed: its actions, copies of the game along the way, its turns, and
    the logs of the viewers who asked."""

    def __init__(self, record: Mapping[str, Any], seat_kinds: list[str] | None = None, version: Any = None,
                 cards: list | None = None, seat_names: list[str | None] | None = None):
        self.game_id: str = record["game"]
        self.seat_names = seat_names  # the seats' display names (a stored game's), or None
        self.start = tcg.replay(dict(record, actions=[], result=None), cards=cards)
        players = self.start.rules.players
        self.seat_kinds = list(seat_kinds or ["human"] * players)
        self.actions: list[dict[str, Any]] = [dict(a) for a in record.get("actions", [])]
        self.version = version
        self.finished = False  # a stored game that is over (it never changes again)
        self.checkpoints: dict[int, "tcg.Game"] = {0: self.start}
        self.recent: OrderedDict[int, "tcg.Game"] = OrderedDict()
        self.turn_at: list[int | None] = [turn_of(self.start)]
        self._walk = self.start.clone()
        self._run = SecretRun()  # the secret phase going on at the end of the walk
        self.timelines: dict[tuple[int | None, str], Timeline] = {}

    @property
    def steps(self) -> int:
        """The actions one may step through: all of them, less those of a secret phase going on
        at the end (a live game's: nothing of it is told before it is over, see ``SecretRun``)."""
        self._walk_to(len(self.actions))
        return len(self.actions) - len(self._run.players)

    def extend(self, actions: list[dict[str, Any]], version: Any) -> bool:
        """The stored game went on: take its new actions (False when it changed otherwise, an
        undo: then this replay is out of date)."""
        n = len(self.actions)
        if len(actions) < n or actions[:n] != self.actions:
            return False
        self.actions = [dict(a) for a in actions]
        self.version = version
        return True

    def _walk_to(self, n: int) -> None:
        while len(self.turn_at) <= n:
            k = len(self.turn_at)  # actions after this one is applied
            entry = self.actions[k - 1]
            secret = self._run.before(self._walk)
            apply_entry(self._walk, entry)
            self._run.after(self._walk, entry["player"], secret)
            self.turn_at.append(turn_of(self._walk))
            if k % CHECK_EVERY == 0:
                self.checkpoints[k] = self._walk.clone()

    def game_at(self, step: int) -> "tcg.Game":
        """The game after its first ``step`` actions (not to be changed: a cached copy)."""
        g = self.recent.get(step)
        if g is not None:
            self.recent.move_to_end(step)
            return g
        self._walk_to(step)
        base = max([k for k in self.checkpoints if k <= step] + [k for k in self.recent if k <= step])
        g = (self.checkpoints.get(base) or self.recent[base]).clone()
        for entry in self.actions[base:step]:
            apply_entry(g, entry)
        self.recent[step] = g
        while len(self.recent) > RECENT_GAMES:
            self.recent.popitem(last=False)
        return g

    def turns(self) -> list[list[int]]:
        """[turn number, the first action count at which it is that turn] for each turn."""
        steps = self.steps
        out: list[list[int]] = []
        for k, t in enumerate(self.turn_at[:steps + 1]):
            if t is not None and (not out or out[-1][0] != t):
                out.append([t, k])
        return out

    def timeline(self, viewer: int | None, lang: str) -> Timeline:
        key = (viewer, lang)
        tl = self.timelines.get(key)
        if tl is None:
            tl = self.timelines[key] = Timeline(self, viewer, lang)
        return tl


class Replays:
    """The cached replays of one server (stored games and opened files), and the answers of the
    JSON endpoint. Thread-safe: the endpoint runs in worker threads, one answer at a time."""

    def __init__(self, store: Any):
        self.store = store
        self.sources: OrderedDict[str, Source] = OrderedDict()
        self.files = FileShelf()
        self.lock = threading.Lock()

    def _keep(self, key: str, source: Source) -> Source:
        self.sources[key] = source
        self.sources.move_to_end(key)
        while len(self.sources) > MAX_SOURCES:
            self.sources.popitem(last=False)
        return source

    def stored_source(self, gid: str) -> tuple[Source, bool]:
        """The replay of stored game ``gid`` as it is now, and whether the game is over."""
        key = "game:" + gid
        src = self.sources.get(key)
        if src is not None and src.finished:
            self.sources.move_to_end(key)
            return src, True  # a finished game never changes
        try:
            stored = self.store.load(gid)
        except StoreError:
            raise ReplayRefused(404, "web.no_game") from None
        finished = stored.result is not None
        if src is None or (src.version != stored.version and not src.extend(stored.actions, stored.version)):
            try:
                if stored.setup.get("waiting"):  # a friend's game not dealt yet: nothing to replay
                    raise ReplayRefused(404, "web.waiting_friend")
                src = Source(stored.record(), [s["kind"] for s in stored.seats], stored.version,
                             cards=self.store.cards_of(stored.setup), seat_names=[s.get("name") for s in stored.seats])
            except (TcgError, StoreError) as e:  # e.g. a card set changed since the game was played
                raise ReplayRefused(500, "web.replay.bad_record", detail=str(e)) from None
        src.finished = finished
        return self._keep(key, src), finished

    def file_source(self, fid: str) -> Source:
        key = "file:" + fid
        src = self.sources.get(key)
        if src is None:
            record = self.files.get(fid)
            if record is None:
                raise ReplayRefused(404, "web.replay.gone")
            try:
                src = Source(record, cards=self.store.cards_of(record))
            except (TcgError, StoreError) as e:
                raise ReplayRefused(400, "web.replay.bad_record", detail=str(e)) from None
        return self._keep(key, src)

    def answer(self, source: Source, step: int, viewer: str, lang: str, tail: int | None,
               allowed: list[str], finished: bool) -> dict[str, Any]:
        """The JSON of one step (``viewer`` checked against ``allowed`` by the caller)."""
        g = source.game_at(step)
        cards = g.rules.cards
        gid = source.game_id
        seats: list[int | None]
        if viewer == "all":
            seats = list(range(g.rules.players))
        else:
            seats = [None if viewer == "spectator" else int(viewer)]
        views, logs, lasts = [], [], []
        for seat in seats:
            view = B.describe(gid, g.observe(seat), lang, cards)
            tl = source.timeline(seat, lang)
            views.append(view)
            logs.append(tl.log_at(step, tail))
            ids = B.element_ids(view)
            lasts.append([r for r in tl.last_at(step) if r in ids])
        one = viewer != "all"
        names_for = None if viewer in ("all", "spectator") else int(viewer)
        names = player_names(gid, source.seat_kinds, names_for, lang, source.seat_names)
        result = None
        if g.result is not None:
            renderer = get_renderer(gid, g, lang, viewer=names_for, names=names)
            # (as on the table: the seat is spoken to as you, "You win!")
            renderer.viewer_is_you = names_for is not None and len(source.seat_kinds) == 2
            result = dict(g.result)  # its words as on the table: a loss on time reads as one
            result["text"] = result_words(renderer, result_as_said(g.result, g.actions), names_for)[0]
        return {
            "game": gid, "step": step, "steps": source.steps, "turn": source.turn_at[step],
            "turns": source.turns(), "viewer": viewer, "viewers": allowed, "lang": lang,
            "finished": finished,
            "players": {str(p): n for p, n in names.items()},
            "view": views[0] if one else views,
            "log": logs[0] if one else logs,
            "last": lasts[0] if one else lasts,
            "result": result,
        }


class FileShelf:
    """Opened record files, in memory only: the ``MAX_FILES`` last used, by random id."""

    def __init__(self) -> None:
        self.records: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.names: dict[str, str] = {}
        self.lock = threading.Lock()

    def put(self, record: dict[str, Any], name: str = "") -> str:
        fid = secrets.token_urlsafe(12)
        with self.lock:
            self.records[fid] = record
            self.names[fid] = name
            while len(self.records) > MAX_FILES:
                old, _ = self.records.popitem(last=False)
                self.names.pop(old, None)
        return fid

    def get(self, fid: str) -> dict[str, Any] | None:
        with self.lock:
            rec = self.records.get(fid)
            if rec is not None:
                self.records.move_to_end(fid)
            return rec

    def name(self, fid: str) -> str:
        return self.names.get(fid, "")


# --- reading an opened file ------------------------------------------------------------------------
def read_record(data: bytes, games: Mapping[str, Any], store: Any = None) -> dict[str, Any]:
    """The record in an opened file, replayed whole and made regular (``Game.record()``), or a
    ``ReplayRefused`` saying what is wrong with it. A record played with a player's own card
    files is replayed with them when ``store`` holds them."""
    from ..engine.errors import RecordError
    from ..engine.files import parse_json
    if len(data) > MAX_UPLOAD:
        raise ReplayRefused(413, "web.replay.too_big", max=MAX_UPLOAD // 1024)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise ReplayRefused(400, "web.replay.no_file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReplayRefused(400, "web.replay.not_json", detail=f"not UTF-8 text (byte {e.start})") from None
    try:
        record = parse_json(text, "record", error=RecordError)
    except TcgError as e:
        raise ReplayRefused(400, "web.replay.not_json", detail=str(e)) from None
    if not isinstance(record, dict):
        raise ReplayRefused(400, "web.replay.not_record", detail=f"a JSON {type(record).__name__}, not an object")
    if "game" not in record:
        raise ReplayRefused(400, "web.replay.not_record", detail="no 'game' entry")
    fmt = record.get("format", RECORD_FORMATS[0])
    if fmt not in RECORD_FORMATS:
        raise ReplayRefused(400, "web.replay.not_record",
                            detail=f"format {str(fmt)[:60]!r}, not {' or '.join(RECORD_FORMATS)}")
    if not isinstance(record["game"], str) or record["game"] not in games:
        raise ReplayRefused(400, "web.replay.unknown_game", game=str(record["game"])[:60])
    try:
        full = tcg.replay(record, cards=store.cards_of(record) if store is not None else None)
    except (TcgError, StoreError) as e:
        raise ReplayRefused(400, "web.replay.bad_record", detail=str(e)) from None
    except Exception as e:  # noqa: BLE001 - a file nobody checked: whatever breaks, say so
        log.warning("an opened record file failed to replay", exc_info=True)
        raise ReplayRefused(400, "web.replay.bad_record", detail=f"{type(e).__name__}: {e}") from None
    return full.record()


# --- the routes ------------------------------------------------------------------------------------
def add_routes(app: FastAPI, store: Any, page: Callable[..., HTMLResponse], problem: Callable[..., HTMLResponse],
               seats_held: Callable[[Request, str], list[int]], lang_of: Callable[[Request], str],
               games: Mapping[str, str]) -> Replays:
    """The replay pages and their JSON endpoint (see the module's text)."""
    replays = Replays(store)
    app.state.replays = replays

    def t(lang: str, key: str, **params: Any) -> str:
        return catalog().t(key, lang, **params)

    def stored_viewers(request: Request, gid: str, finished: bool) -> list[str]:
        if finished:
            return list(VIEWERS)
        return ["spectator"] + [str(s) for s in seats_held(request, gid)]

    def viewer_choices(lang: str, allowed: list[str], mine: list[int]) -> list[tuple[str, str]]:
        out = []
        for v in allowed:
            if v == "spectator":
                out.append((v, t(lang, "web.replay.viewer_spectator")))
            elif v == "all":
                out.append((v, t(lang, "web.replay.viewer_all")))
            else:
                key = "web.replay.viewer_seat_you" if int(v) in mine else "web.replay.viewer_seat"
                out.append((v, t(lang, key, seat=v)))
        return out

    def show(request: Request, *, game: str, api: str, here: str, steps: int, allowed: list[str],
             mine: list[int], finished: bool, live: str | None, source: str, file_name: str = "") -> HTMLResponse:
        lang = lang_of(request)
        q = request.query_params
        want = q.get("viewer") or (str(mine[0]) if mine else "spectator")
        refused = want not in allowed
        viewer = "spectator" if refused else want
        step = q.get("step", "0")
        step_n = min(whole_number(step, 0, 10 ** 9) or 0, steps)
        return page(request, "replay.html", game=game, api=api, here=here, step=step_n, steps=steps,
                    viewer=viewer, viewers=viewer_choices(lang, allowed, mine), finished=finished,
                    refused=refused and want in VIEWERS, live=live, source=source, file_name=file_name)

    # --- the pages ---------------------------------------------------------------------------
    @app.get("/replay", response_class=HTMLResponse)
    async def replay_form(request: Request):
        return page(request, "replay.html", game=None, upload=True, max_kib=MAX_UPLOAD // 1024)

    @app.post("/replay")
    async def replay_open(request: Request):
        lang = lang_of(request)
        size = request.headers.get("content-length", "")
        if (whole_number(size.strip(), 0, 2 ** 62) or 0) > MAX_UPLOAD + 64 * 1024:
            return problem(request, t(lang, "web.replay.too_big", max=MAX_UPLOAD // 1024), 413)
        data, name = b"", ""
        try:
            form = await request.form(max_files=1, max_fields=4, max_part_size=MAX_UPLOAD + 1)
        except Exception as e:  # noqa: BLE001 - a form that is not one (Starlette says why)
            return problem(request, t(lang, "web.replay.bad_upload", detail=getattr(e, "detail", None) or str(e)))
        try:
            upload, pasted = form.get("record"), form.get("record_text")
            if isinstance(upload, UploadFile):
                data = await upload.read(MAX_UPLOAD + 1)
                name = (upload.filename or "")[:120]
            if not data.strip() and isinstance(pasted, str):
                data = pasted.encode("utf-8")
        finally:
            await form.close()
        try:
            record = await run_in_threadpool(read_record, data, games, store)
        except ReplayRefused as e:
            return problem(request, t(lang, e.key, **e.params), e.status)
        fid = replays.files.put(record, name)
        return RedirectResponse(f"/replay/file/{fid}", status_code=303)

    @app.get("/replay/file/{fid}", response_class=HTMLResponse)
    async def replay_file_page(request: Request, fid: str):
        record = replays.files.get(fid)
        if record is None:
            return problem(request, t(lang_of(request), "web.replay.gone"), 404)

        def file_steps() -> int:
            with replays.lock:
                return replays.file_source(fid).steps
        try:
            steps = await run_in_threadpool(file_steps)
        except ReplayRefused as e:
            return problem(request, t(lang_of(request), e.key, **e.params), e.status)
        return show(request, game=record["game"], api=f"/api/replay/file/{fid}", here=f"/replay/file/{fid}",
                    steps=steps, allowed=list(VIEWERS), mine=[], finished=True,
                    live=None, source="file", file_name=replays.files.name(fid))

    def stored_steps(gid: str) -> int:
        with replays.lock:
            return replays.stored_source(gid)[0].steps

    @app.get("/replay/{gid}", response_class=HTMLResponse)
    async def replay_page(request: Request, gid: str):
        try:
            stored = store.load(gid)
            steps = await run_in_threadpool(stored_steps, gid)  # a live game's: the public ones
        except StoreError:
            return problem(request, t(lang_of(request), "web.no_game"), 404)
        except ReplayRefused as e:
            return problem(request, t(lang_of(request), e.key, **e.params), e.status)
        finished = stored.result is not None
        mine = seats_held(request, gid)
        return show(request, game=stored.game, api=f"/api/replay/{gid}", here=f"/replay/{gid}",
                    steps=steps, allowed=stored_viewers(request, gid, finished), mine=mine,
                    finished=finished, live=None if finished else f"/watch/{gid}", source="game")

    # --- the JSON endpoint -----------------------------------------------------------------------
    def params(request: Request) -> tuple[str, str, str, int | None]:
        q = request.query_params
        lang = q.get("lang") or lang_of(request)
        if lang not in LANGS:
            raise ReplayRefused(400, "web.replay.bad_lang", got=_short(lang), lang="en")
        viewer = q.get("viewer", "spectator")
        if viewer not in VIEWERS:
            raise ReplayRefused(400, "web.replay.bad_viewer", got=_short(viewer))
        step = q.get("step", "0")
        tail = q.get("tail")
        tail_n = whole_number(tail, 1, MAX_TAIL) if tail is not None else None
        if tail is not None and tail_n is None:
            raise ReplayRefused(400, "web.replay.bad_tail", got=_short(tail), max=MAX_TAIL)
        return lang, viewer, step, tail_n

    def check_step(step: str, steps: int) -> int:
        n = whole_number(step, 0, steps)
        if n is None:
            raise ReplayRefused(400, "web.replay.bad_step", got=_short(step), steps=steps)
        return n

    def refused(e: ReplayRefused, lang: str) -> JSONResponse:
        lang = e.params.pop("lang", lang)
        return JSONResponse({"error": t(lang, e.key, **e.params)}, status_code=e.status)

    def stored_answer(request: Request, gid: str) -> JSONResponse:
        lang = lang_of(request)
        try:
            lang, viewer, step, tail = params(request)
            with replays.lock:
                source, finished = replays.stored_source(gid)
                allowed = stored_viewers(request, gid, finished)
                if viewer not in allowed:
                    key = "web.replay.not_yet_all" if viewer == "all" else "web.replay.not_your_seat"
                    raise ReplayRefused(403, key, seat=viewer)
                k = check_step(step, source.steps)
                return JSONResponse(replays.answer(source, k, viewer, lang, tail, allowed, finished))
        except ReplayRefused as e:
            return refused(e, lang)

    def file_answer(request: Request, fid: str) -> JSONResponse:
        lang = lang_of(request)
        try:
            lang, viewer, step, tail = params(request)
            with replays.lock:
                source = replays.file_source(fid)
                k = check_step(step, source.steps)
                return JSONResponse(replays.answer(source, k, viewer, lang, tail, list(VIEWERS), True))
        except ReplayRefused as e:
            return refused(e, lang)

    # plain functions: FastAPI runs them in worker threads (rebuilding a game never holds up the
    # live games on the event loop)
    app.get("/api/replay/file/{fid}")(file_answer)
    app.get("/api/replay/{gid}")(stored_answer)
    return replays


def _short(value: str, limit: int = 40) -> str:
    return value if len(value) <= limit else value[:limit] + "…"


__all__ = ["MAX_UPLOAD", "Replays", "add_routes", "read_record"]
