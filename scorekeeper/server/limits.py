"""What one client may take of the server's app: a body's size, time and memory, and open
requests from one address.

Connections and heads are limited before them, as each is accepted and as each head arrives
(``heads.Gate``); an idle connection is closed after :data:`running.IDLE_SECONDS` (Uvicorn's own
setting). Every refusal is logged, at most once a minute for each kind (``refusals``).
"""

from __future__ import annotations

import asyncio
from collections import Counter

from scorekeeper.server.connections import address_of
from scorekeeper.server.refusals import Refusals
from scorekeeper.server.streams import PATH as STREAM
from scorekeeper.server.types import ASGIApp, Message, Receive, Scope, Send, answer, header

# Set on a request whose body the server refused as too large, for the app to answer with its
# own 413 (its page or JSON, in the reader's language). A client's own header of that name is
# dropped first, so only the server sets it.
BODY_TOO_LARGE = b"x-scorekeeper-body-too-large"
# A table's phones each hold a stream and send a tap now and then; a club evening behind one
# router is a few dozen phones. Far above that, one address is taking the server.
MOST_PER_ADDRESS = 256
# A body must keep coming: all of it within this many seconds of its head, or this many
# seconds' worth of BODY_RATE bytes in each such while (BodyCap).
BODY_SECONDS = 30.0
BODY_RATE = 1024


class BodyCap:
    """Every request body is read whole here, before the app sees the request and takes one of
    its threads for it: a phone's upload on weak Wi-Fi, or a stranger's body that never ends,
    waits in the server's event loop, not in a thread a table needs.

    - A body over ``cap`` bytes is refused without being read: as soon as the headers announce
      one (``Content-Length``), or once a chunked one passes the cap. The app answers the
      refusal (its request carries :data:`BODY_TOO_LARGE` and no body) and the connection then
      closes.
    - A body must keep coming at ``rate`` bytes a second: all of it within ``seconds`` of its
      head, or ``seconds`` x ``rate`` bytes of it in each ``seconds`` (a phone sends a round in
      a packet or two; a group file of 8 MB at 1 KiB/s takes over two hours): otherwise
      ``408 Request Timeout`` and the connection closes. A body that stalls is cut however much
      of it came before, so nobody holds memory or a connection by sending nothing.
    - The bodies one address has open at once hold ``held_per_address`` bytes at most, as they
      arrive: past that, ``429 Too Many Requests``, so that one address cannot fill the
      server's memory (``None``: no such limit, behind a proxy, which reads and caps bodies
      itself); all of them together ``held_in_all`` bytes at most (past that, ``503``).

    The body reaches the app with its length, chunked or not, as a WSGI app reads only a body
    whose length it knows.
    """

    def __init__(
        self,
        app: ASGIApp,
        cap: int,
        *,
        seconds: float = BODY_SECONDS,
        rate: int = BODY_RATE,
        held_per_address: int | None = None,
        held_in_all: int | None = None,
        refusals: Refusals | None = None,
    ) -> None:
        self.app = app
        self.cap = cap
        self.seconds = seconds
        self.rate = rate
        self.held_per_address = held_per_address
        self.held_in_all = held_in_all
        self.held_now = 0
        self.refusals = refusals or Refusals()
        self.held: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope["headers"] = [(k, v) for k, v in scope["headers"] if k != BODY_TOO_LARGE]
        announced = header(scope, b"content-length")
        chunked = b"chunked" in (header(scope, b"transfer-encoding") or b"").lower()
        # The server has checked that a length is a number.
        length = None if announced is None else int(announced)
        if length == 0 or (length is None and not chunked):
            await self.app(scope, receive, send)
            return
        if length is not None and length > self.cap:
            await self._refuse(scope, send)
            return
        address = address_of(str(scope["client"][0])) if scope.get("client") else ""
        reading = _Reading(self, address, length)
        try:
            body = await reading.body(receive)
            if isinstance(body, bytes):
                await self.app(_sized(scope, len(body)), _replay(body, receive), send)
            elif body == TOO_LARGE:
                await self._refuse(scope, send)
            elif body == TOO_SLOW:
                self.refusals.said("slow body", address, "Cut request bodies that came too slowly")
                await _plain(send, 408, b"The request took too long to arrive. Try again.\n")
            elif body == TOO_MUCH:
                self.refusals.said("bodies", address, "Refused bodies past an address's memory")
                await _plain(
                    send, 429, b"Too much is being sent from your address at once. Try again.\n"
                )
            elif body == TOO_BUSY:
                self.refusals.said("all bodies", address, "Refused bodies past the server's memory")
                await _plain(send, 503, b"The server is busy receiving uploads. Try again.\n")
        finally:
            self.release(address, reading.held)

    def reserve(self, address: str, size: int) -> str | None:
        """Count ``size`` more bytes held for ``address`` if its share and the server's have
        room; otherwise say which is full (:data:`TOO_MUCH`, :data:`TOO_BUSY`)."""
        if self.held_per_address is not None and self.held[address] + size > self.held_per_address:
            return TOO_MUCH
        if self.held_in_all is not None and self.held_now + size > self.held_in_all:
            return TOO_BUSY
        self.held[address] += size
        self.held_now += size
        return None

    def release(self, address: str, size: int) -> None:
        """Give back ``size`` bytes of ``address``'s share."""
        if not size:
            return
        self.held_now -= size
        self.held[address] -= size
        if self.held[address] <= 0:
            del self.held[address]

    async def _refuse(self, scope: Scope, send: Send) -> None:
        refused = _sized(scope, 0)
        refused["headers"].append((BODY_TOO_LARGE, b"1"))
        await self.app(refused, _replay(b"", None), _closing(send))


# What :meth:`_Reading.body` answers instead of a body.
TOO_LARGE, TOO_SLOW, TOO_MUCH, TOO_BUSY, GONE = "large", "slow", "much", "busy", "gone"


class _Reading:
    """One body being read by a :class:`BodyCap`: its deadline, and the bytes it holds of its
    address's share (``held``, to be given back once the request is answered)."""

    def __init__(self, cap: BodyCap, address: str, length: int | None) -> None:
        self.cap = cap
        self.address = address
        self.length = length
        self.held = 0

    async def body(self, receive: Receive) -> bytes | str:
        """The whole body, or why there is none (a refusal, or the client left). It must keep
        coming: the first ``seconds`` after the head, and each ``seconds`` after that, bring
        the rest of it or ``seconds`` x ``rate`` bytes of it."""
        loop = asyncio.get_running_loop()
        window, in_window = loop.time(), 0
        parts: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(
                    receive(), max(window + self.cap.seconds - loop.time(), 0)
                )
            except TimeoutError:
                return TOO_SLOW
            if message["type"] != "http.request":
                return GONE
            part = message.get("body", b"")
            size += len(part)
            if size > self.cap.cap:
                return TOO_LARGE
            refused = self._hold(len(part))
            if refused is not None:
                return refused
            parts.append(part)
            if not message.get("more_body", False):
                return b"".join(parts)
            in_window += len(part)
            if in_window >= self.cap.seconds * self.cap.rate:
                window, in_window = loop.time(), 0

    def _hold(self, size: int) -> str | None:
        refused = self.cap.reserve(self.address, size)
        if refused is None:
            self.held += size
        return refused


def _closing(send: Send) -> Send:
    """``send``, with the answer saying the connection closes: the rest of the body is never
    read, so the connection cannot carry another request."""

    async def closing(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message["headers"], (b"connection", b"close")]
        await send(message)

    return closing


async def _plain(send: Send, status: int, words: bytes) -> None:
    """A plain answer in the server's own words, and the connection closed: the app's threads
    are not spent on whoever is being refused."""
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(words)).encode()),
        (b"retry-after", b"5"),
        (b"connection", b"close"),
    ]
    await answer(send, status, headers, words)


def _sized(scope: Scope, length: int) -> Scope:
    headers = [
        (k, v) for k, v in scope["headers"] if k not in (b"content-length", b"transfer-encoding")
    ]
    return {**scope, "headers": [*headers, (b"content-length", str(length).encode())]}


def _replay(body: bytes, receive: Receive | None) -> Receive:
    """``receive`` that gives ``body`` first, then waits as ``receive`` does (for the client to
    leave); without ``receive``, says the client left."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        if receive is None:
            return {"type": "http.disconnect"}
        return await receive()

    return replay


class AddressCap:
    """At most :data:`MOST_PER_ADDRESS` requests open at once from one client address, and as
    many live streams (each one as long as it is open) apart: past either, ``429 Too Many
    Requests`` at once, so that one client cannot take the server from the others, and a device
    holding every stream its router's address may have leaves the pages and taps of the phones
    behind the same router served (their live pages fall back on asking now and then). Only
    without a proxy in front: behind one, the proxy caps its clients (docs/hosting.md)."""

    def __init__(
        self, app: ASGIApp, most: int = MOST_PER_ADDRESS, refusals: Refusals | None = None
    ) -> None:
        self.app = app
        self.most = most
        self.refusals = refusals or Refusals()
        self.open: Counter[tuple[str, bool]] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client") if scope["type"] == "http" else None
        if not client:
            await self.app(scope, receive, send)
            return
        held = (address_of(str(client[0])), bool(STREAM.fullmatch(scope["path"])))
        if self.open[held] >= self.most:
            kind = "streams" if held[1] else "requests"
            self.refusals.said(kind, held[0], f"Refused {kind} past {self.most} open")
            await _plain(
                send,
                429,
                b"Too many connections from your address at once. Close a few pages, then try "
                b"again.\n",
            )
            return
        self.open[held] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[held] -= 1
            if not self.open[held]:
                del self.open[held]


class LeftQuietly:
    """An answer written to a client that has just left ends quietly: Uvicorn on uvloop refuses
    the write (``RuntimeError``: its transport closed) a moment before it says the client left,
    and the app (a2wsgi) would pass that on as an error with a traceback, one for each such
    request (a client sending two requests at once and leaving wrote thousands a second). The
    rest of the answer is dropped; any other error of a write is still the app's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        gone = False

        async def sending(message: Message) -> None:
            nonlocal gone
            if gone:
                return
            try:
                await send(message)
            except (OSError, RuntimeError) as error:
                if not _client_left(error):
                    raise
                gone = True

        await self.app(scope, receive, sending)


def _client_left(error: Exception) -> bool:
    """Whether a failed write says its connection has closed (uvloop's words: "unable to
    perform operation on <TCPTransport closed=True ...>; the handler is closed")."""
    if isinstance(error, ConnectionError):
        return True
    return isinstance(error, RuntimeError) and "closed=True" in str(error)
