"""``tcg serve``: run the web application with uvicorn."""
from __future__ import annotations

import errno
import re
import socket
import threading
import webbrowser

from ..engine.errors import TcgError
from .store import StoreError, default_db_path


def shown_db(path: str) -> str:
    """The database as printed: a URL's password left out."""
    return re.sub(r"^(\w+://[^:/@]+):[^@]*@", r"\1:…@", path)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, public_url: str | None = None,
          open_browser: bool = True) -> None:
    import uvicorn

    from .app import create_app
    path = db or str(default_db_path())
    try:
        app = create_app(db=path, public_url=public_url)
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
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=16 * 1024)
