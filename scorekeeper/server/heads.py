"""A request's head must arrive whole within :data:`running.IDLE_SECONDS` of its first byte,
however often a byte comes, and a new connection must start one as soon: Uvicorn has no such
timeout, and a thousand heads trickled in a header line at a time would each hold a connection
open for ever.

:class:`HeadTimeout` is Uvicorn's own HTTP protocol (the one it picks itself) with that rule
added around it, given to Uvicorn as its ``http`` setting, which takes a protocol class. It
reads nothing of a request but where its head ends and how long its body is, to know when the
next head begins; Uvicorn parses and answers everything as before. A body may still come slowly
(a phone's upload on weak Wi-Fi), and an open stream or a kept connection waits untimed here:
Uvicorn closes a kept connection idle for as long.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

# A head longer than this is Uvicorn's to refuse (it takes 16 KiB); this one only stops looking.
MOST_KEPT = 64 * 1024
CHUNKED = -1  # a body of unknown length: the rest of the connection is not timed


class HeadTimeout(asyncio.Protocol):
    """Uvicorn's HTTP protocol, with a connection closed when a head takes too long."""

    def __init__(self, **given: Any) -> None:
        self.inner: Any = AutoHTTPProtocol(**given)
        self.seconds = float(given["config"].timeout_keep_alive)
        self.loop: asyncio.AbstractEventLoop = given.get("_loop") or asyncio.get_event_loop()
        self.transport: asyncio.BaseTransport | None = None
        self.head = b""
        self.body = 0  # bytes of the current request's body still to come
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self._start_timing()  # a connection that sends nothing is cut as well
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self._follow(data)
        self.inner.data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timing()
        self.inner.connection_lost(exc)

    def eof_received(self) -> bool | None:
        kept: bool | None = self.inner.eof_received()
        return kept

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def _follow(self, data: bytes) -> None:
        while data and self.body != CHUNKED:
            if self.body:
                taken = min(self.body, len(data))
                self.body -= taken
                data = data[taken:]
                continue
            self._start_timing()
            self.head += data
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                self.head = self.head[-MOST_KEPT:]
                return
            head, data = self.head[:end], self.head[end + 4 :]
            self.head = b""
            self._stop_timing()
            self.body = _body_length(head)

    def _start_timing(self) -> None:
        if self.timer is None:
            self.timer = self.loop.call_later(self.seconds, self._cut)

    def _stop_timing(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _cut(self) -> None:
        self.timer = None
        if self.transport is not None:
            self.transport.close()


def _body_length(head: bytes) -> int:
    """The length of the body after ``head``: its ``Content-Length``, :data:`CHUNKED`, or 0."""
    for line in head.split(b"\r\n")[1:]:
        name, _sep, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"transfer-encoding" and b"chunked" in value.lower():
            return CHUNKED
        if name == b"content-length" and value.strip().isdigit():
            return int(value)
    return 0
