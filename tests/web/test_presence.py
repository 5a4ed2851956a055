"""Presence (issue 30, item 5): when a player's last page closes, the other seat is told at once
by a ``presence`` message (public: it names the seat and how long it has been away), before the
60 s after which a win may be claimed; when the player comes back, the others are told again."""
from __future__ import annotations

import json

from .helpers import browsers, receive_state
from .test_clock import friend_gone


def presence(ws, limit: int = 50) -> dict:
    """Read until a presence message."""
    for _ in range(limit):
        msg = json.loads(ws.receive_text())
        if msg.get("type") == "presence":
            return msg
    raise AssertionError("no presence message came")


def test_the_other_seat_learns_at_once_that_a_page_closed_and_came_back(tmp_path):
    c, (host, friend) = browsers(tmp_path, 2)
    with friend_gone((c, host, friend)) as (_, gid, a, first, _):
        assert first["away"] == {}  # while the friend's page was open
        gone = presence(a)
        assert gone == {"type": "presence", "seat": 1, "away": {"1": 0}}
        with friend.websocket_connect(f"/ws/{gid}?seat=1") as b:
            receive_state(b)
            back = presence(a)
            assert back == {"type": "presence", "seat": 1, "away": {}}
            a.send_text(json.dumps({"type": "sync"}))
            m = receive_state(a, lambda x: x.get("reply") == "sync")
            assert m["away"] == {} and not m["can_claim"]
