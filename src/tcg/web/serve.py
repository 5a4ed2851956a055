"""``tcg serve``: run the web application with uvicorn.

``uvicorn_config`` is the one place the server's connection limits are set (the tests start a
server with it too): the request head bounded in size and time (``protocol.py``), idle
connections closed after ``keep_alive`` seconds, WebSocket messages of at most 16 KiB, and
``X-Forwarded-For`` / ``X-Forwarded-Proto`` believed only from the ``--proxy`` addresses.
"""
from __future__ import annotations

import errno
import re
import socket
import threading
import webbrowser
from typing import Any, Sequence

from ..engine.errors import TcgError
from .guard import HttpLimits
from .store import StoreError, default_db_path


def shown_db(path: str) -> str:
    """The database as printed: a URL's password left out."""
    return re.sub(r"^(\w+://[^:/@]+):[^@]*@", r"\1:…@", path)


def uvicorn_config(app: Any, host: str, port: int, limits: HttpLimits | None = None, proxy: Sequence[str] = (),
                   **kw: Any):
    """The ``uvicorn.Config`` of ``tcg serve`` (``kw``: more of uvicorn's settings)."""
    import uvicorn

    from .protocol import guarded_protocol
    limits = limits or HttpLimits()
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=16 * 1024,
                          http=guarded_protocol(limits.head_timeout),
                          timeout_keep_alive=limits.keep_alive,  # type: ignore[arg-type]  # a float works too
                          proxy_headers=bool(proxy), forwarded_allow_ips=list(proxy) or None, **kw)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, public_url: str | None = None,
          open_browser: bool = True, allow_hosts: Sequence[str] = (), http_limits: HttpLimits | None = None,
          proxy: Sequence[str] = (), limits: Any = None) -> None:
    import uvicorn

    from .app import create_app
    path = db or str(default_db_path())
    try:
        app = create_app(db=path, public_url=public_url, port=port, bind=host, allow_hosts=tuple(allow_hosts),
                         http_limits=http_limits, limits=limits)
    except ValueError as e:
        raise TcgError(str(e)) from None
    except (OSError, StoreError) as e:
        raise TcgError(f"cannot open the games database {shown_db(path)}: {e}") from None
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as e:
            why = "it is in use (is another 'tcg serve' running? try --port)" if e.errno == errno.EADDRINUSE else e.strerror
            raise TcgError(f"cannot listen on {host}:{port}: {why}") from None
    shown = public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    print(f"tcg: games in {shown_db(path)}")
    print(f"tcg: open {shown}/ in your browser (Ctrl-C stops the server; games are kept)")
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(shown + "/")).start()
    uvicorn.Server(uvicorn_config(app, host, port, http_limits, proxy)).run()
