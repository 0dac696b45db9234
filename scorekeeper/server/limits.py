"""What one client may take of the server: a body's size, and open requests from one address.

The rest are Uvicorn's own settings (``running.config``): an idle connection is closed after
:data:`running.IDLE_SECONDS`, and a request's head may be 16 KiB at most. Uvicorn does not time
a head that trickles in; on the internet the proxy in front does (docs/hosting.md).
"""

from __future__ import annotations

from collections import Counter

from scorekeeper.server.types import ASGIApp, Message, Receive, Scope, Send, answer, header

# Set on a request whose body the server refused as too large, for the app to answer with its
# own 413 (its page or JSON, in the reader's language). A client's own header of that name is
# dropped first, so only the server sets it.
BODY_TOO_LARGE = b"x-scorekeeper-body-too-large"
# A table's phones each hold a stream and send a tap now and then; a club evening behind one
# router is a few dozen phones. Far above that, one address is taking the server.
MOST_PER_ADDRESS = 256


class BodyCap:
    """Bodies over ``cap`` bytes are refused without being read: as soon as the headers announce
    one (``Content-Length``), or once a chunked one passes the cap. The app answers the refusal
    (its request carries :data:`BODY_TOO_LARGE` and no body) and the connection then closes.

    A chunked body within the cap is read here and passed on with its length, as a WSGI app
    reads only a body whose length it knows.
    """

    def __init__(self, app: ASGIApp, cap: int) -> None:
        self.app = app
        self.cap = cap

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope["headers"] = [(k, v) for k, v in scope["headers"] if k != BODY_TOO_LARGE]
        length = header(scope, b"content-length")
        if length is not None:
            if int(length) > self.cap:  # the server has checked that it is a number
                await self._refuse(scope, send)
            else:
                await _read_before_the_end(self.app, scope, receive, send)
            return
        if b"chunked" not in (header(scope, b"transfer-encoding") or b"").lower():
            await self.app(scope, receive, send)
            return
        body = await self._read(receive)
        if body is None:
            await self._refuse(scope, send)
            return
        await self.app(_sized(scope, len(body)), _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` once it passes the cap (or the client left)."""
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            part = message.get("body", b"")
            size += len(part)
            if size > self.cap:
                return None
            parts.append(part)
            if not message.get("more_body", False):
                return b"".join(parts)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        refused = _sized(scope, 0)
        refused["headers"].append((BODY_TOO_LARGE, b"1"))

        async def closing(message: Message) -> None:
            # The rest of the body is never read: the connection cannot carry another request.
            if message["type"] == "http.response.start":
                message["headers"] = [*message["headers"], (b"connection", b"close")]
            await send(message)

        await self.app(refused, _replay(b"", None), closing)


async def _read_before_the_end(app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    """``app``, with the rest of a body it did not read (one within the cap) read before its
    answer starts: a server closing a connection with a body still coming resets it, and the
    phone may then lose the answer (the app's refusal of a body over its own limit); and a
    phone may stop sending once an answer starts."""
    done = False

    async def reading() -> Message:
        nonlocal done
        message = await receive()
        done = message["type"] != "http.request" or not message.get("more_body", False)
        return message

    async def answering(message: Message) -> None:
        while message["type"] == "http.response.start" and not done:
            await reading()
        await send(message)

    await app(scope, reading, answering)


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
    """At most :data:`MOST_PER_ADDRESS` requests open at once from one client address (a live
    stream is one as long as it is open); past that, ``429 Too Many Requests`` at once, so that
    one client cannot take the server from the others. Only without a proxy in front: behind
    one, the proxy caps its clients (docs/hosting.md)."""

    def __init__(self, app: ASGIApp, most: int = MOST_PER_ADDRESS) -> None:
        self.app = app
        self.most = most
        self.open: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client") if scope["type"] == "http" else None
        if not client:
            await self.app(scope, receive, send)
            return
        address = str(client[0])
        if self.open[address] >= self.most:
            await _too_many(send)
            return
        self.open[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]


async def _too_many(send: Send) -> None:
    # Plain: the server cannot spare one of the app's threads for whoever is taking them all.
    body = b"Too many connections from your address at once. Close a few pages, then try again.\n"
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", b"5"),
        (b"connection", b"close"),
    ]
    await answer(send, 429, headers, body)
