"""uvicorn's HTTP protocol (httptools) with the two limits it lacks: the request head must arrive
within ``head_timeout`` seconds, and it must fit (``guarded_protocol``).

* **Size.** httptools reads a head of any size, and uvicorn hands a WebSocket handshake to the
  websockets library, which gives up on a line longer than 8 KiB or more than 128 headers
  *without answering*: a browser holding many cookies saw "Connecting…" forever. Here every head
  (a page's or a handshake's) is held to websockets' own limits (``MAX_LINE`` bytes a line,
  ``MAX_HEADERS`` headers) and to ``max_head`` bytes in all, and one past them is answered
  ``431 Request Header Fields Too Large`` with a page saying what to do, in English and Japanese.
  A head still incomplete after ``max_head`` bytes plus one read (``RAW_SLACK``) is answered the
  same way, so an endless head is never held in memory.
* **Time.** uvicorn times out an idle connection only after a response (``timeout_keep_alive``);
  a connection that sends nothing, or half a head, was kept forever (one file descriptor each).
  Here the head has ``head_timeout`` seconds from the connection (or from its first byte after a
  response): a connection that sent nothing is closed, one that sent part of a head is answered
  ``408 Request Timeout`` and closed.
"""
from __future__ import annotations

import asyncio
import html
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

try:  # the limits of the handshake parser that uvicorn hands WebSocket requests to
    from websockets.http11 import MAX_LINE_LENGTH as MAX_LINE
    from websockets.http11 import MAX_NUM_HEADERS as MAX_HEADERS
except ImportError:  # pragma: no cover - websockets is part of uvicorn[standard]
    MAX_LINE, MAX_HEADERS = 8192, 128

KiB = 1024
MAX_HEAD = 32 * KiB
#: bytes of an incomplete head read past ``max_head`` before it is refused (one read of the event
#: loop may carry a request's body and the next head together)
RAW_SLACK = 256 * KiB

_STATUS = {408: b"408 Request Timeout", 431: b"431 Request Header Fields Too Large"}


class _HeadRefused(Exception):
    pass


def _page(key: str, status: int, **params: Any) -> bytes:
    from ..present.text import catalog
    cat = catalog()
    parts = [f'<p lang="{lang}">{html.escape(cat.t(key, lang, **params))}</p>' for lang in ("en", "ja")]
    body = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>" + str(status) + "</title></head>"
            "<body><h1>" + html.escape(cat.t("web.problem", "en")) + " / " + html.escape(cat.t("web.problem", "ja"))
            + "</h1>" + "".join(parts) + '<p><a href="/">/</a></p></body></html>').encode("utf-8")
    return (b"HTTP/1.1 " + _STATUS[status] + b"\r\ncontent-type: text/html; charset=utf-8\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n" + body)


class GuardedHttpTools(HttpToolsProtocol):
    """``HttpToolsProtocol`` with a bounded, timed request head (see the module's docstring)."""

    head_timeout: float = 10.0
    max_head: int = MAX_HEAD

    def connection_made(self, transport: Any) -> None:
        self._in_head = True        # between a message's end (or the connection) and a head's end
        self._head_bytes = 0        # bytes received while in a head
        self._refusal: bytes | None = None
        self._head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    # --- time ------------------------------------------------------------------------------------
    def _arm(self) -> None:
        if self._head_timer is None and self.head_timeout:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_timed_out)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.transport.is_closing() or not self._in_head:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self._arm()  # a request before this one is still being answered
            return
        if self._head_bytes:
            self.transport.write(_page("web.guard.head_timeout", 408, seconds=f"{self.head_timeout:g}"))
        self.transport.close()

    # --- size ------------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self._in_head and data:
            self._arm()
        # uvicorn's data_received, with a refused head answered as such (431, not 400)
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            if self._refusal is not None:
                self._refuse_head()
            else:
                msg = "Invalid HTTP request received."
                self.logger.warning(msg)
                self.send_400_response(msg)
            return
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        if self._in_head and not self.transport.is_closing():
            self._head_bytes += len(data)
            if self._head_bytes > self.max_head + RAW_SLACK:
                self._refuse_head()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head_bytes = 0
        self._disarm()
        method = self.parser.get_method() or b""
        lines = [len(method) + len(self.url) + len(b"  HTTP/1.1\r\n")]
        lines += [len(name) + len(value) + 4 for name, value in self.headers]
        if max(lines) > MAX_LINE or len(self.headers) > MAX_HEADERS or sum(lines) + 2 > self.max_head:
            self._refusal = _page("web.guard.head_too_big", 431, line=MAX_LINE, head=self.max_head // KiB)
            raise _HeadRefused()  # httptools stops parsing (HttpParserCallbackError)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_head = True
        self._head_bytes = 0

    def _refuse_head(self) -> None:
        self._disarm()
        self.transport.write(self._refusal or _page("web.guard.head_too_big", 431, line=MAX_LINE,
                                                    head=self.max_head // KiB))
        self.transport.close()


def guarded_protocol(head_timeout: float = 10.0, max_head: int = MAX_HEAD) -> type[GuardedHttpTools]:
    """The protocol class for ``uvicorn.Config(http=...)`` with these limits."""
    return type("GuardedHttpTools", (GuardedHttpTools,), {"head_timeout": head_timeout, "max_head": max_head})


__all__ = ["GuardedHttpTools", "MAX_HEAD", "MAX_HEADERS", "MAX_LINE", "guarded_protocol", "httptools"]
