"""What a server open to strangers checks before a page runs: the names it answers to (DNS
rebinding), where a change comes from (cross-site requests), how big and how slow a request may
be, and how many games and card sets one client may make.

* ``Policy``: the hosts and origins of this server. With ``--public-url`` the origin of that URL
  (its scheme too: an ``http://`` page is not a ``https://`` server's), else the loopback names
  (``127.0.0.1``, ``localhost``, ``[::1]``) and the address it listens on, with its port; plus
  every ``--allow-host`` (a name alone: on the server's port, or 80/443 through a proxy). A
  server listening on every address (``0.0.0.0``) also answers to its IP addresses (a page at
  ``http://192.168.1.20:8000`` posting to that same address): an IP address cannot be rebound,
  only a name can.
* ``Guard``: an ASGI middleware. A request whose ``Host`` is not one of the server's names gets
  400; a request that changes something (any method but GET, HEAD, OPTIONS) must come from one
  of the server's origins (``Origin``, else ``Referer``; neither: refused), else 403; its body is
  counted as it arrives and refused (413) past the route's limit, without being read further,
  and a body that stops arriving for ``body_timeout`` seconds is refused (408).
* ``Window``: requests per client in a sliding window (``/new``: games, ``/api/card-sets``:
  card sets), keyed by IP address (an IPv6 client by its /64).
* ``whole_number``: the one parser of numbers typed into a URL or a form (ASCII digits only,
  bounded).
"""
from __future__ import annotations

import asyncio
import ipaddress
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable, Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
KiB = 1024


def whole_number(text: Any, lo: int = 0, hi: int = 2 ** 63 - 1) -> int | None:
    """``text`` as a whole number from ``lo`` to ``hi``: ASCII digits only (not "²", "٣" or
    "１", which ``str.isdigit`` accepts and ``int`` may not), no sign, no more digits than ``hi``
    has; else None."""
    if not isinstance(text, str) or not 0 < len(text) <= len(str(hi)):
        return None
    if not all("0" <= ch <= "9" for ch in text):
        return None
    n = int(text)
    return n if lo <= n <= hi else None


# --- hosts and origins ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Origin:
    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        default = {"http": 80, "https": 443}[self.scheme]
        return f"{self.scheme}://{host}" + ("" if self.port == default else f":{self.port}")


def parse_origin(value: str | None) -> Origin | None:
    """The origin (scheme, host, port) of an ``Origin`` header or of a URL; None for ``null``
    or anything that is not an http(s) URL."""
    if not value or len(value) > 2048:
        return None
    try:
        u = urlsplit(value.strip())
        scheme = u.scheme.lower()
        if scheme not in ("http", "https") or not u.hostname:
            return None
        return Origin(scheme, u.hostname.lower().rstrip("."), u.port or (443 if scheme == "https" else 80))
    except ValueError:
        return None


def parse_host(value: str | None) -> tuple[str, int | None] | None:
    """A ``Host`` header (or ``--allow-host`` value) as (name, port or None)."""
    if not value or len(value) > 300 or any(c in value for c in "/?#@ \t\\"):
        return None
    try:
        u = urlsplit("//" + value.strip())
        if not u.hostname:
            return None
        return u.hostname.lower().rstrip("."), u.port
    except ValueError:
        return None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


class Policy:
    """The names and origins this server answers to (see the module's docstring)."""

    def __init__(self, public_url: str | None = None, port: int | None = None, bind: str | None = None,
                 allow_hosts: Iterable[str] = ()):
        self.public = parse_origin(public_url) if public_url else None
        if public_url and self.public is None:
            raise ValueError(f"not an http:// or https:// URL: {public_url!r}")
        self.secure = bool(self.public and self.public.scheme == "https")
        self.port = port
        self.wildcard = bind is not None and bind.strip("[]") in WILDCARDS
        names: set[tuple[str, int | None]] = {(n, port) for n in LOOPBACK}
        if bind and not self.wildcard:
            names.add((bind.strip("[]").lower(), port))
        self.extra: set[tuple[str, int | None]] = set()
        for h in allow_hosts:
            got = parse_host(h.split("://", 1)[-1].rstrip("/"))
            if got is None:
                raise ValueError(f"not a host name (name or name:port): {h!r}")
            if got[1] is not None or port is None:
                self.extra.add(got)
            else:  # a name alone: on this server's port, or on 80/443 (through a proxy)
                self.extra |= {(got[0], port), (got[0], 80), (got[0], 443)}
        names |= self.extra
        if self.public:
            names.add((self.public.host, self.public.port))
        self.names = names

    @staticmethod
    def _match(names: set[tuple[str, int | None]], host: str, port: int | None) -> bool:
        for n, p in names:
            if n == host and (p is None or port == p or (port is None and p in (80, 443))):
                return True
        return False

    def host_ok(self, host_header: str | None) -> bool:
        """Whether a request's ``Host`` is a name of this server (else: DNS rebinding, or a
        name nobody told the server about)."""
        got = parse_host(host_header)
        if got is None:
            return False
        host, port = got
        if self._match(self.names, host, port):
            return True
        return self.wildcard and _is_ip(host) and (self.port is None or port == self.port)

    def origin_ok(self, origin: str | None, host_header: str | None = None) -> bool:
        """Whether a page at ``origin`` is this server's (so it may change things here and open
        the game socket). With a public URL: that origin, scheme included, or an
        ``--allow-host`` name (https only when the public URL is https); else any of the
        server's names, or (listening on every address) the IP address the request was sent to."""
        o = parse_origin(origin)
        if o is None:
            return False
        if self.public is not None:
            if o == self.public:
                return True
            return (o.scheme == "https" or not self.secure) and self._match(self.extra, o.host, o.port)
        if self._match(self.names, o.host, o.port):
            return True
        got = parse_host(host_header)
        if not (self.wildcard and _is_ip(o.host) and got is not None and self.host_ok(host_header)):
            return False
        return (o.host, o.port) == (got[0], got[1] if got[1] is not None else (443 if o.scheme == "https" else 80))

    def described(self) -> str:
        """The allowed origins, for a message."""
        if self.public is not None:
            scheme = "https" if self.secure else "http(s)"
            return ", ".join([str(self.public)] + [f"{scheme}://{n}" + (f":{p}" if p else "")
                                                   for n, p in sorted(self.extra, key=str)])
        shown = sorted({(f"[{n}]" if ":" in n else n) + (f":{p}" if p else "") for n, p in self.names})
        return ", ".join(shown) + (" (and this machine's IP addresses)" if self.wildcard else "")


# --- limits --------------------------------------------------------------------------------------

@dataclass
class HttpLimits:
    """The numbers of ``tcg serve``'s options (0: no limit where a count is concerned)."""

    games: int = 30            # games one client may start per window
    card_sets: int = 20        # card sets one client may store per window
    window: float = 600.0      # seconds
    body_timeout: float = 30.0  # seconds a request body may stop arriving
    head_timeout: float = 10.0  # seconds to send a request head (serve.py)
    keep_alive: float = 5.0     # seconds an idle connection is kept (serve.py)
    max_clients: int = 10_000   # clients remembered by each window (the oldest forgotten first)


class Window:
    """At most ``count`` events per client in ``seconds`` (a sliding window); 0: no limit."""

    def __init__(self, count: int, seconds: float, max_clients: int = 10_000):
        self.count, self.seconds, self.max_clients = count, seconds, max_clients
        self.events: OrderedDict[str, deque[float]] = OrderedDict()

    def wait(self, client: str, now: float | None = None) -> float:
        """Seconds until ``client`` may do it again (0: now)."""
        if self.count <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        q = self.events.get(client)
        if not q:
            return 0.0
        while q and q[0] <= now - self.seconds:
            q.popleft()
        return 0.0 if len(q) < self.count else max(0.1, q[0] + self.seconds - now)

    def add(self, client: str, now: float | None = None) -> None:
        if self.count <= 0:
            return
        now = time.monotonic() if now is None else now
        q = self.events.setdefault(client, deque())
        q.append(now)
        self.events.move_to_end(client)
        while len(q) > self.count:
            q.popleft()
        while len(self.events) > self.max_clients:
            self.events.popitem(last=False)


def client_key(scope: Mapping[str, Any]) -> str:
    """Who a request comes from, for the limits: its IP address (an IPv6 one by its /64 network,
    which one client holds whole); behind ``--proxy`` uvicorn has put the forwarded address here."""
    client = scope.get("client")
    host = client[0] if client else "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


# --- the middleware ------------------------------------------------------------------------------

Refuse = Callable[[dict[str, Any], str, int, dict[str, Any]], Awaitable[Any]]


class _Refused(Exception):
    pass



@dataclass
class _Body:
    """What a guarded request's body has done so far: bytes ``read``, whether it is ``done``,
    the answer that ``refused`` it (key, status, parameters) and whether the app ``started``
    its own answer."""
    read: int = 0
    done: bool = False
    refused: tuple[str, int, dict[str, Any]] | None = None
    started: bool = False

class Guard:
    """ASGI middleware: hosts, origins, body sizes and body time (see the module's docstring).

    ``refuse(scope, key, status, params)`` gives the answer (a Starlette response) refusing a
    request: the words ``key`` with ``params``, as a page or, under ``/api/``, as JSON;
    ``body_limit(method, path)`` the most bytes a request's body may hold."""

    def __init__(self, app: Any, policy: Policy, refuse: Callable[..., Any], body_limit: Callable[[str, str], int],
                 body_timeout: float = 30.0):
        self.app, self.policy, self.refuse, self.body_limit = app, policy, refuse, body_limit
        self.body_timeout = body_timeout

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = Headers(scope=scope)
        host = headers.get("host")
        if not self.policy.host_ok(host):
            if kind == "websocket":  # closed before it is accepted: the handshake gets 403
                await send({"type": "websocket.close", "code": 1008, "reason": "unknown host"})
                return
            return await self._answer(scope, receive, send, "web.guard.bad_host", 400,
                                      host=(host or "")[:100], names=self.policy.described())
        if kind == "websocket":  # its origin is checked by the socket (app._same_origin)
            return await self.app(scope, receive, send)
        method = scope.get("method", "GET")
        if method not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is None and headers.get("referer"):
                got = parse_origin(headers.get("referer"))
                origin = str(got) if got else "null"
            if not origin:
                return await self._answer(scope, receive, send, "web.guard.no_origin", 403)
            if not self.policy.origin_ok(origin, host):
                return await self._answer(scope, receive, send, "web.guard.cross_site", 403, origin=origin[:100])
        limit = self.body_limit(method, scope.get("path", ""))
        size = headers.get("content-length")
        declared = whole_number(size.strip(), 0, 2 ** 62) if size is not None else None
        if size is not None and declared is None:
            return await self._answer(scope, receive, send, "web.guard.bad_length", 400)
        if declared is not None and declared > limit:
            return await self._answer(scope, receive, send, "web.guard.too_big", 413, kib=max(1, limit // KiB))
        has_body = (declared or 0) > 0 or "chunked" in headers.get("transfer-encoding", "").lower()
        await self._guarded(scope, receive, send, limit, has_body)

    async def _answer(self, scope, receive, send, key: str, status: int, **params: Any) -> None:
        response = await self.refuse(scope, key, status, params)
        response.headers["connection"] = "close"  # whatever body was sent is not read
        await response(scope, receive, send)

    async def _guarded(self, scope, receive, send, limit: int, has_body: bool) -> None:
        state = _Body(done=not has_body)

        async def guarded_receive() -> dict[str, Any]:
            if state.done:
                return await receive()
            try:
                msg = await asyncio.wait_for(receive(), self.body_timeout)
            except asyncio.TimeoutError:
                state.refused = ("web.guard.body_timeout", 408, {"seconds": f"{self.body_timeout:g}"})
                raise _Refused() from None
            if msg["type"] == "http.request":
                state.read += len(msg.get("body", b""))
                if state.read > limit:
                    state.refused = ("web.guard.too_big", 413, {"kib": max(1, limit // KiB)})
                    raise _Refused()
                if not msg.get("more_body", False):
                    state.done = True
            else:
                state.done = True
            return msg

        async def guarded_send(msg: dict[str, Any]) -> None:
            if state.refused is not None:
                return  # the app's own answer to a refused body: ours goes instead
            if msg["type"] == "http.response.start":
                state.started = True
                if not state.done:  # a body nobody read: the connection closes after the answer
                    MutableHeaders(scope=msg)["connection"] = "close"
            await send(msg)

        try:
            await self.app(scope, guarded_receive, guarded_send)
        except Exception:
            if state.refused is None:
                raise
        if state.refused is not None and not state.started:
            key, status, params = state.refused
            await self._answer(scope, receive, send, key, status, **params)


__all__ = ["Guard", "HttpLimits", "Origin", "Policy", "Window", "client_key", "parse_host", "parse_origin",
           "whole_number"]
