"""Connections to a real server (uvicorn in a thread on 127.0.0.1, set up as ``tcg serve`` sets it
up: ``serve.uvicorn_config``), as a stranger may open them: a head too large is answered 431 (a
page's and a WebSocket handshake's, which before got no answer at all: "Connecting…" forever),
a head that does not arrive in time is closed, a body past its route's limit is refused while it
streams, a body that stalls is dropped. Every loop here is bounded in count and time."""
from __future__ import annotations

import base64
import os
import select
import socket
import time

import httpx

import tcg
from tcg.web.app import create_app
from tcg.web.guard import HttpLimits

from .helpers import served

WS_KEY = base64.b64encode(os.urandom(16)).decode()


def talk(port: int, data: bytes, wait: float = 5.0) -> bytes:
    """Send ``data``, then read until the server closes or ``wait`` seconds pass."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as s:
        s.sendall(data)
        return read_all(s, wait)


def read_all(s: socket.socket, wait: float) -> bytes:
    out = b""
    deadline = time.monotonic() + wait
    s.settimeout(0.2)
    while time.monotonic() < deadline:
        try:
            got = s.recv(65536)
        except socket.timeout:
            if out.endswith(b"</html>") or b"\r\n\r\n" in out and out.startswith(b"HTTP/1.1 101"):
                break
            continue
        except ConnectionResetError:
            break
        if not got:
            break
        out += got
    return out


def send_until_answered(s: socket.socket, data: bytes, times: int, counted: int | None = None) -> int:
    """Send ``data`` up to ``times`` times, until the server answers (something to read) or closes
    the connection; returns how many bytes were sent, ``counted`` a time (the payload without its
    framing; default: all of ``data``)."""
    sent = 0
    for _ in range(times):
        try:
            s.sendall(data)
        except OSError:
            break
        sent += len(data) if counted is None else counted
        if select.select([s], [], [], 0)[0]:
            break
    return sent


def handshake(port: int, path: str, cookie: str, extra: str = "") -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {WS_KEY}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n"
            f"Cookie: {cookie}\r\n{extra}\r\n").encode()


def page_request(port: int, cookie: str, extra: str = "") -> bytes:
    return f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n{extra}\r\n".encode()


def test_a_head_too_large_gets_431_with_a_page_saying_why_for_a_page_and_a_websocket(tmp_path):
    """Past 8 KiB of Cookie the WebSocket handshake used to get no answer at all (every game of
    the browser showed "Connecting…" forever) while the page itself loaded: now both are answered
    431, the page saying what to do in English and Japanese; below the limits both work."""
    app = create_app(db=tmp_path / "games.sqlite3")
    with served(app) as port:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, headers={"origin": base}) as http:
            r = http.post("/new", data={"game": "zx", "deck": tcg.list_decks("zx")[0], "opponent": "computer",
                                        "agent": "random", "seat": "0"}, follow_redirects=False)
            assert r.status_code == 303, r.text
            gid = r.headers["location"].rsplit("/", 1)[1]
            session = http.cookies["tcg_session"]
        # below the limits: the page and the seat's socket open, with other sites' cookies beside ours
        small = f"tcg_session={session}; other_app={'x' * 6000}"
        assert talk(port, page_request(port, small)).startswith(b"HTTP/1.1 200")
        assert talk(port, handshake(port, f"/ws/{gid}?seat=0", small), wait=3).startswith(b"HTTP/1.1 101")
        for size in (9_000, 40_000):
            big = f"tcg_session={session}; other_app={'x' * size}"
            t0 = time.monotonic()
            answer = talk(port, handshake(port, f"/ws/{gid}?seat=0", big))
            assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
            assert time.monotonic() - t0 < 3
            text = answer.decode()
            assert "connection: close" in text.lower()
            assert "Delete this site" in text and "クッキーを削除" in text
            page = talk(port, page_request(port, big))
            assert page.startswith(b"HTTP/1.1 431") and b"Delete this site" in page, page[:200]
        # more headers than the handshake parser reads: 431 too, not silence
        many = "".join(f"X-Pad-{i}: {i}\r\n" for i in range(200))
        assert talk(port, handshake(port, f"/ws/{gid}?seat=0", small, many)).startswith(b"HTTP/1.1 431")
        assert talk(port, page_request(port, small, many)).startswith(b"HTTP/1.1 431")


def test_a_head_that_never_ends_is_refused_without_being_held(tmp_path):
    app = create_app(db=tmp_path / "games.sqlite3")
    with served(app) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Endless: ".encode())
            sent = send_until_answered(s, b"y" * 16384, 4096)  # at most 64 MiB
            answered = read_all(s, 2)
        assert answered.startswith(b"HTTP/1.1 431"), answered[:100]
        assert sent < 4 * 1024 * 1024, sent


def test_connections_that_send_half_a_head_or_nothing_are_closed_in_time(tmp_path):
    """Before, a connection that sent half a request head was kept forever (200 of them: 200
    file descriptors more). Now the head has its time (here 1 s): a connection that sent nothing
    is closed, one that sent part of a head is answered 408 and closed; an idle connection after
    an answer is closed after the keep-alive time."""
    app = create_app(db=tmp_path / "games.sqlite3")
    with served(app, HttpLimits(head_timeout=1.0, keep_alive=1.0)) as port:
        half = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(20)]
        silent = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(5)]
        for s in half:
            s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: a=".encode())
        idle = socket.create_connection(("127.0.0.1", port), timeout=5)
        idle.sendall(page_request(port, "a=1"))
        t0 = time.monotonic()
        answers = [read_all(s, 6) for s in half]
        quiet = [read_all(s, 6) for s in silent]
        first = read_all(idle, 6)
        assert time.monotonic() - t0 < 6
        for a in answers:
            assert a.startswith(b"HTTP/1.1 408"), a[:100]
            assert "did not arrive in 1 s" in a.decode() and "1秒以内に届かなかった" in a.decode()
        assert quiet == [b""] * 5  # closed without a word: nothing was asked
        assert first.startswith(b"HTTP/1.1 200")  # answered, then closed when idle (read_all saw the end)
        for s in half + silent + [idle]:
            s.close()


def test_a_huge_body_is_refused_after_reading_little_more_than_the_limit(tmp_path):
    """``POST /api/deck-file`` read the whole body before looking at its size. A 200 MiB body
    sent in chunks (no length said) is now refused (413) once the route's limit (512 KiB) is
    passed: the application is handed little more than the limit, and the connection closes."""
    read = {"bytes": 0}
    inner = create_app(db=tmp_path / "games.sqlite3")

    async def counting(scope, receive, send):  # what the server hands the application
        async def counted():
            msg = await receive()
            if msg["type"] == "http.request":
                read["bytes"] += len(msg.get("body", b""))
            return msg
        await inner(scope, counted, send)

    with served(counting) as port:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(f"POST /api/deck-file/zx HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}"
                      f"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
            chunk = b"[" * 65536
            framed = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
            sent = send_until_answered(s, framed, 200 * 16, counted=len(chunk))  # 200 MiB at most
            answer = read_all(s, 3)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert b"at most 512 KiB" in answer
        assert read["bytes"] <= 512 * 1024 + 256 * 1024, read
        assert sent < 32 * 1024 * 1024, sent  # what the sockets' buffers held, not 200 MiB
        # a length said in advance is refused before any of the body is sent
        answer = talk(port, f"POST /api/deck-file/zx HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: "
                            f"http://127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                            f"Content-Length: {200 * 1024 * 1024}\r\n\r\n".encode(), wait=3)
        assert answer.startswith(b"HTTP/1.1 413") and b"connection: close" in answer.lower()


def test_a_body_that_stops_arriving_is_dropped(tmp_path):
    app = create_app(db=tmp_path / "games.sqlite3", http_limits=HttpLimits(body_timeout=1.0))
    with served(app) as port:
        t0 = time.monotonic()
        answer = talk(port, f"POST /api/deck-file/zx HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: "
                            f"http://127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 1000"
                            f"\r\n\r\n{{\"name\": ".encode(), wait=5)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"stopped arriving for 1 s" in answer and time.monotonic() - t0 < 4
