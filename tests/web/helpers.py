"""Shared by the web tests: an app on a fresh database, games created through the form, and
WebSocket clients that read until the state they wait for."""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from fastapi.testclient import TestClient

from tcg.web.app import create_app


def client(tmp_path, name: str = "games.sqlite3", *, app: Any = None, **kw: Any) -> TestClient:
    """A browser (its own cookies) on ``app``, or on a new server process over the database."""
    return TestClient(app if app is not None else create_app(db=tmp_path / name, **kw), base_url="http://testserver")


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


def receive_state(ws, until: Callable[[dict], bool] = lambda m: True, limit: int = 200) -> dict:
    """Read messages until a state for which ``until`` holds (errors and stale notices skipped)."""
    for _ in range(limit):
        msg = json.loads(ws.receive_text())
        if msg.get("type") == "state" and until(msg):
            return msg
    raise AssertionError("the state waited for never came")


def my_turn(msg: dict) -> bool:
    return bool(msg["result"] or (msg["decision"] and msg["decision"]["yours"] and msg["options"]))
