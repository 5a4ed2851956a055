"""One cookie per browser: ``tcg_session``, a random secret (HttpOnly, SameSite=Lax, Secure when
the public URL is https, 180 days). The store holds only its hash: a seat is held by the session
whose hash is the seat's ``token_hash``, and the host's invitation codes are kept sealed with it.

Before sessions, every game added a cookie ``tcg_<game>_<seat>`` (and ``tcg_<game>_invite`` for
a game with a friend), and past about 8 KiB of cookies a browser could no longer open a game's
socket. ``Sessions`` (ASGI middleware) moves such a browser's seats to its session on its next
request (``store.adopt``; the invitation codes it still holds are sealed with the session,
``store.keep_invitation``) and deletes the old cookies.

Routes read the session with ``session_of(request)`` and make one with ``ensure_session``; the
middleware sends the cookie when a route asked for it (``request.state.session_set``).
"""
from __future__ import annotations

import logging
import re
import secrets
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import cookie_parser

log = logging.getLogger("tcg.web")
COOKIE = "tcg_session"
MAX_AGE = 180 * 86400
VALID = re.compile(r"[A-Za-z0-9_-]{32,64}")
OLD_SEAT = re.compile(r"tcg_([A-Za-z0-9]{1,40})_([0-9])")
OLD_INVITE = re.compile(r"tcg_([A-Za-z0-9]{1,40})_invite")
#: the most old cookies moved in one request (a browser holds at most a few hundred)
MAX_OLD = 400


def new_session() -> str:
    return secrets.token_urlsafe(32)


def cookie_header(name: str, value: str, max_age: int, secure: bool) -> str:
    return (f"{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax" + ("; Secure" if secure else ""))


def session_of(request: Any) -> str | None:
    """This browser's session (None: it has none yet)."""
    got = request.scope.get("state", {}).get("session")
    if got is None:
        got = request.cookies.get(COOKIE)
    return got if isinstance(got, str) and VALID.fullmatch(got) else None


def ensure_session(request: Any) -> str:
    """This browser's session, made now if it has none; the answer sets (or renews) its cookie."""
    state = request.scope.setdefault("state", {})
    session = session_of(request) or new_session()
    state["session"] = session
    state["session_set"] = True
    return session


class Sessions:
    """ASGI middleware: the session of each HTTP request in ``scope["state"]["session"]``, the old
    seat and invitation cookies moved to it, the cookie sent when a route asked for it."""

    def __init__(self, app: Any, store: Any, secure: bool = False):
        self.app, self.store, self.secure = app, store, secure

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        raw = b"; ".join(v for k, v in scope.get("headers", ()) if k == b"cookie").decode("latin-1")
        cookies = cookie_parser(raw) if raw else {}
        state = scope.setdefault("state", {})
        session = cookies.get(COOKIE)
        session = session if session and VALID.fullmatch(session) else None
        old = [name for name in cookies if OLD_SEAT.fullmatch(name) or OLD_INVITE.fullmatch(name)][:MAX_OLD]
        if old:
            if session is None:
                session = new_session()
                state["session_set"] = True
            try:
                self._move(session, cookies, old)
            except Exception:  # noqa: BLE001 - the store failed: the cookies stay for the next request
                log.warning("moving a browser's seat cookies to its session failed", exc_info=True)
                old = []
        if session is not None:
            state["session"] = session

        async def send_with_cookies(msg: dict[str, Any]) -> None:
            if msg["type"] == "http.response.start":
                headers = MutableHeaders(scope=msg)
                if state.get("session_set") and state.get("session"):
                    headers.append("set-cookie", cookie_header(COOKIE, state["session"], MAX_AGE, self.secure))
                for name in old:
                    headers.append("set-cookie", cookie_header(name, '""', 0, self.secure))
            await send(msg)

        await self.app(scope, receive, send_with_cookies)

    def _move(self, session: str, cookies: dict[str, str], names: list[str]) -> None:
        """Seats first (an invitation is kept only for a browser holding a seat of its game)."""
        for name in names:
            m = OLD_SEAT.fullmatch(name)
            if m and VALID.fullmatch(cookies[name] or ""):
                self.store.adopt(session, m.group(1), int(m.group(2)), cookies[name])
        for name in names:
            m = OLD_INVITE.fullmatch(name)
            if m and VALID.fullmatch(cookies[name] or ""):
                self.store.keep_invitation(session, m.group(1), cookies[name])


__all__ = ["COOKIE", "Sessions", "ensure_session", "new_session", "session_of"]
