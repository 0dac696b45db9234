"""Every connection as it is accepted and every request head as it arrives, before Uvicorn's
parser sees a byte of it:

- a connection is counted in by its client's address (:mod:`connections`), or closed at once
  when that address holds too many or the server is full;
- a request's head must arrive whole within :data:`running.IDLE_SECONDS` of its first byte,
  however often a byte comes, and a new connection must start one as soon: Uvicorn has no such
  timeout, and a thousand heads trickled in a header line at a time would each hold a
  connection open for ever;
- a head (or a chunked body's trailer) longer than :data:`MOST_HEAD` is answered
  ``431 Request Header Fields Too Large`` and the connection closed: the compiled parser
  (httptools) keeps a head of any size in memory, and a few of 25 MB take a small server down.

:class:`Gate` is Uvicorn's own HTTP protocol (the one it picks itself) with those rules around
it, given to Uvicorn as its ``http`` setting, which takes a protocol class. It reads nothing of a
request but where its head ends and where its body ends (its ``Content-Length``, or the sizes of
its chunks), to know when the next head begins; Uvicorn parses and answers everything as before.
A body may still come slowly here: ``limits.BodyCap`` gives it a deadline, and an open stream or
a kept connection waits untimed here: Uvicorn closes a kept connection idle for as long.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from scorekeeper.server.connections import Connections, address_of

# What Uvicorn's pure-Python parser takes (h11's default), for the compiled parser as well.
MOST_HEAD = 16 * 1024
# A chunk's size line ("1a2b;name=value"): far longer is no phone's.
MOST_CHUNK_LINE = 1024
# Past this many chunks, a chunked body's chunks must be this large on average: each costs the
# parser a call and a copy, and a body of a million one-byte chunks took the server's loop for
# seconds.
FEW_CHUNKS = 1024
SMALL_CHUNK = 256

HEAD, BODY, CHUNK_LINE, TRAILER = "head", "body", "chunk line", "trailer"


def _plain(status: bytes, words: bytes) -> bytes:
    return (
        b"HTTP/1.1 " + status + b"\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Length: " + str(len(words)).encode() + b"\r\nConnection: close\r\n\r\n" + words
    )


HEAD_TOO_LARGE = _plain(
    b"431 Request Header Fields Too Large",
    b"The request's headers are too large. Clear this site's cookies, then try again.\n",
)
BAD_CHUNK = _plain(b"400 Bad Request", b"The request's body is not sent as HTTP says.\n")
SMALL_CHUNKS = _plain(b"400 Bad Request", b"The request's body comes in too many small pieces.\n")


class Gate(asyncio.Protocol):
    """Uvicorn's HTTP protocol behind the rules above. Use :meth:`serving` for a server's own
    class (its connections' registry, the parser)."""

    connections: ClassVar[Connections]
    parser: ClassVar[Any] = AutoHTTPProtocol

    @classmethod
    def serving(cls, connections: Connections, parser: Any = None) -> type[Gate]:
        """The protocol class for one server: its connections counted in ``connections``,
        requests parsed by ``parser`` (Uvicorn's own choice unless given: a test runs both)."""
        given = {"connections": connections, "parser": parser or cls.parser}
        return type("ServedGate", (cls,), given)

    def __init__(self, **given: Any) -> None:
        self.inner: Any = self.parser(**given)
        self.seconds = float(given["config"].timeout_keep_alive)
        self.loop: asyncio.AbstractEventLoop = given.get("_loop") or asyncio.get_event_loop()
        # asyncio's or uvloop's, which is not a subclass of asyncio's classes.
        self.transport: Any = None
        self.address = ""
        self.admitted = False
        self.refused = False
        self.state = HEAD
        self.kept = b""  # the head, chunk line or trailer so far
        self.left = 0  # bytes of the body (or the chunk and its line end) still to come
        self.after_body = HEAD
        self.chunks = self.chunked = 0  # a chunked body's chunks and bytes so far
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = address_of(str(peer[0])) if isinstance(peer, tuple) and peer else ""
        self.admitted = self.connections.admit(self.address, self)
        if not self.admitted:
            self.refused = True
            self.transport.abort()
            return
        self._start_timing()  # a connection that sends nothing is cut as well
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        refusal = self._follow(data)
        if refusal is not None:
            self._refuse(refusal)
            return
        self.inner.data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timing()
        if self.admitted:
            self.connections.leave(self.address, self)
            self.inner.connection_lost(exc)

    def eof_received(self) -> bool | None:
        if not self.admitted:
            return None
        kept: bool | None = self.inner.eof_received()
        return kept

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()

    def abort(self) -> None:
        """Drop the connection now (the server is full and this one is the oldest)."""
        self.refused = True
        if self.transport is not None:
            self.transport.abort()

    def _follow(self, data: bytes) -> bytes | None:
        """Follow ``data`` through heads and bodies; the answer to send instead, if any. Walks
        ``data`` by offsets, copying only heads and chunk lines: a read of a thousand tiny
        chunks costs as much as one of a few large ones."""
        at, size = 0, len(data)
        while at < size:
            if self.state == BODY:
                taken = min(self.left, size - at)
                self.left -= taken
                at += taken
                if not self.left:
                    self.state = self.after_body
                continue
            if self.state == HEAD:
                self._start_timing()
            end = self._end_in(data, at)
            if end < 0:
                self.kept += data[at:]
                return self._too_long(len(self.kept))
            kept = self.kept + data[at:end]
            self.kept = b""
            at = end
            refusal = self._too_long(len(kept)) or self._ended(kept)
            if refusal is not None:
                return refusal
        return None

    def _end_in(self, data: bytes, at: int) -> int:
        """Where in ``data`` (from ``at``) the head, chunk line or trailer being kept ends, past
        its last line end; -1 while it goes on. Looks no further than it may be long."""
        marker = b"\r\n" if self.state == CHUNK_LINE else b"\r\n\r\n"
        if self.kept:  # the line end may begin in what is kept
            tail = self.kept[-(len(marker) - 1) :]
            found = (tail + data[at : at + len(marker) - 1]).find(marker)
            if found >= 0:
                return at + found + len(marker) - len(tail)
        most = MOST_CHUNK_LINE if self.state == CHUNK_LINE else MOST_HEAD
        found = data.find(marker, at, at + max(most - len(self.kept), 0) + len(marker))
        return found + len(marker) if found >= 0 else -1

    def _too_long(self, length: int) -> bytes | None:
        if self.state == CHUNK_LINE:
            return BAD_CHUNK if length > MOST_CHUNK_LINE else None
        return HEAD_TOO_LARGE if length > MOST_HEAD else None

    def _ended(self, kept: bytes) -> bytes | None:
        """Go on past a whole head, chunk line or trailer; the answer to send instead, if any."""
        if self.state == HEAD:
            self._stop_timing()
            length = _body_length(kept)
            if length is None:
                self.state = CHUNK_LINE
                self.chunks = self.chunked = 0
            else:
                self._body(length, then=HEAD)
            return None
        if self.state == TRAILER:
            self.state = HEAD
            return None
        size = _chunk_size(kept)
        if size is None:
            return BAD_CHUNK
        self.chunks += 1
        self.chunked += size
        if self.chunks > FEW_CHUNKS and self.chunks * SMALL_CHUNK > self.chunked:
            return SMALL_CHUNKS
        if size == 0:
            self.state = TRAILER
            self.kept = b"\r\n"  # no trailer at all is a bare line end after the last chunk
        else:
            self._body(size + 2, then=CHUNK_LINE)  # the chunk and its line end
        return None

    def _body(self, length: int, then: str) -> None:
        self.left = length
        self.after_body = then
        self.state = BODY if length else then

    def _refuse(self, answer: bytes) -> None:
        why = {
            HEAD_TOO_LARGE: "Refused heads over 16 KiB",
            SMALL_CHUNKS: "Refused bodies of too many small chunks",
        }.get(answer, "Refused bad chunks")
        self.connections.refusals.said(why, self.address, why)
        self.refused = True
        self._stop_timing()
        if self.transport is not None:
            self.transport.write(answer)
            self.transport.close()

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


def _body_length(head: bytes) -> int | None:
    """The length of the body after ``head``: its ``Content-Length``, ``None`` for a chunked
    one, or 0."""
    for line in head.split(b"\r\n")[1:]:
        name, _sep, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"transfer-encoding" and b"chunked" in value.lower():
            return None
        if name == b"content-length" and value.strip().isdigit():
            return int(value)
    return 0


def _chunk_size(line: bytes) -> int | None:
    """A chunk's size from its line ("1a;name=value\\r\\n"), ``None`` if it is not one."""
    digits = line.partition(b";")[0].strip()
    if not digits or any(byte not in b"0123456789abcdefABCDEF" for byte in digits):
        return None
    return int(digits, 16)
