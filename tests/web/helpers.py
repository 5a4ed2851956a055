"""Shared by the web tests: an app on a fresh database, games created through the form, and
WebSocket clients that read until the state they wait for."""
from __future__ import annotations

import json
import re
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from fastapi.testclient import TestClient

from tcg.web.app import create_app


#: the test client's address: a name the test servers answer to (``allow_hosts``), and the
#: ``Origin`` every request of the test browsers carries, as a browser's do
BASE = "http://testserver"


def client(tmp_path, name: str = "games.sqlite3", *, app: Any = None, **kw: Any) -> TestClient:
    """A browser (its own cookies) on ``app``, or on a new server process over the database."""
    kw.setdefault("allow_hosts", ("testserver",))
    return TestClient(app if app is not None else create_app(db=tmp_path / name, **kw), base_url=BASE,
                      headers={"origin": BASE})


@contextmanager
def served(app: Any, limits: Any = None, **kw: Any) -> Iterator[int]:
    """A real uvicorn server of ``app`` in a thread on a free port of 127.0.0.1, set up as
    ``tcg serve`` sets it up (``serve.uvicorn_config``); yields the port."""
    import uvicorn

    from tcg.web.serve import uvicorn_config

    from .browser import free_port
    port = free_port()
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, limits, **kw))
    thread = threading.Thread(target=server.run, name="uvicorn-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(15)


def new_game(c: TestClient, game: str = "zx", opponent: str = "computer", agent: str = "random",
             seat: str = "0", **form: Any) -> str:
    from tcg import list_decks
    data = {"game": game, "deck": list_decks(game)[0], "opponent": opponent, "agent": agent,
            "seconds": "0.2", "seat": seat, **form}
    r = c.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    m = re.fullmatch(r"/game/([A-Za-z0-9]+)", r.headers["location"])
    assert m, r.headers["location"]
    return m.group(1)


def invite_path(c, gid: str) -> str:
    """The path of the invitation link the host's game page shows."""
    page = c.get(f"/game/{gid}").text
    return re.search(r'id="invite-link" readonly value="[^"]*?(/join/[^"]+)"', page).group(1)


def join(c, path: str):
    """Take the seat of an invitation as a person does: its page, then its button (a POST)."""
    shown = c.get(path, follow_redirects=False)
    if shown.status_code != 200:
        return shown
    assert 'id="take-seat"' in shown.text, shown.text[:300]
    # a game waiting for the friend's deck: the first sample deck the page offers
    m = re.search(r'<select name="deck" id="join-deck">\s*<option value="([^"]+)"', shown.text)
    return c.post(path, data={"deck": m.group(1)} if m else {}, follow_redirects=False)


def receive_state(ws, until: Callable[[dict], bool] = lambda m: True, limit: int = 200,
                  book: "LogBook | None" = None) -> dict:
    """Read messages until a state for which ``until`` holds (errors and stale notices skipped);
    ``book`` keeps the log of every state read."""
    for _ in range(limit):
        msg = json.loads(ws.receive_text())
        if msg.get("type") == "state" and book is not None:
            book.update(msg)
        if msg.get("type") == "state" and until(msg):
            return msg
    raise AssertionError("the state waited for never came")


def current_state(ws, book: "LogBook | None" = None) -> dict:
    """The state now: a ``sync`` sent and its answer read (the states sent before it, which a
    broadcast may have queued, are read on the way; ``book`` keeps their logs)."""
    ws.send_text(json.dumps({"type": "sync"}))
    return receive_state(ws, lambda m: m.get("reply") == "sync", book=book)


class LogBook:
    """The log as a page keeps it: whole when a message says ``log_full``, else new steps added."""

    def __init__(self) -> None:
        self.steps: list[dict] = []

    def update(self, msg: dict) -> list[dict]:
        if msg["log_full"]:
            self.steps = list(msg["log"])
        else:
            known = self.steps[-1]["n"] if self.steps else 0
            self.steps += [s for s in msg["log"] if s["n"] > known]
        return self.steps


def my_turn(msg: dict) -> bool:
    return bool(msg["result"] or (msg["decision"] and msg["decision"]["yours"] and msg["options"]))


class Browser:
    """One browser (its own cookies) on a shared test client: several browsers on one server
    must share the client's event loop, as real connections share uvicorn's."""

    def __init__(self, c: TestClient):
        self.c = c
        self.cookies: dict[str, str] = {}

    @property
    def app(self):
        return self.c.app

    def _headers(self, headers: dict | None = None) -> dict:
        h = dict(headers or {})
        if self.cookies:
            h["cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return h

    def _keep(self, r):
        for k, v in r.cookies.items():
            self.cookies[k] = v
        self.c.cookies.clear()
        return r

    def get(self, url: str, **kw: Any):
        self.c.cookies.clear()
        return self._keep(self.c.get(url, headers=self._headers(kw.pop("headers", None)), **kw))

    def post(self, url: str, **kw: Any):
        self.c.cookies.clear()
        return self._keep(self.c.post(url, headers=self._headers(kw.pop("headers", None)), **kw))

    def websocket_connect(self, url: str, **kw: Any):
        self.c.cookies.clear()
        return self.c.websocket_connect(url, headers=self._headers(kw.pop("headers", None)), **kw)


def browsers(tmp_path, n: int, name: str = "games.sqlite3"):
    """A test client (use it in a ``with``) and ``n`` browsers on it."""
    c = client(tmp_path, name)
    return c, [Browser(c) for _ in range(n)]
