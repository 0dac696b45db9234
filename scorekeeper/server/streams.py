"""Every open page of a game or a group follows it live: a stream of its versions, pushed as
each change is saved (Server-Sent Events, ``GET /games/<id>/events``, ``/groups/<id>/events``,
``/evenings/<id>/events``).

The stream opens with the version now (a phone back from a drop or a restart catches up at
once) and sends the new one whenever it changes; ``static/live.js`` brings the page up to date
when it is not the one shown (the round page and the table display swap their new state in,
other pages reload). Who may watch is the app's to say: a stream opens only where the app's own
version check (``GET /games/<id>/version``, ``/groups/<id>/version``,
``/evenings/<id>/version``, which stays as the fallback for a page that cannot stream) answers
200 to the same request; otherwise that answer is the stream's.

Changes are found by :class:`Changes`, one per server process: as soon as this process has
answered a request that may have changed something, and otherwise every :data:`LOOK_EVERY`
seconds (a change made by another process on the database), it asks SQLite whether anything
was committed and, only then, reads the versions of the things being watched, in one query per
table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

from scorekeeper import storage
from scorekeeper.server.types import ASGIApp, Message, Receive, Scope, Send, answer

LOG = logging.getLogger(__name__)
PATH = re.compile(r"/(games|groups|evenings)/([A-Za-z0-9_-]{1,64})/events")
Watched = tuple[str, str]  # the table ("games", "groups", "evenings") and the id
# How often the database is asked whether anything changed while a stream is open.
LOOK_EVERY = 0.03
# A word this often keeps a quiet stream open through proxies, and tells the phone that the
# stream still stands (a dropped Wi-Fi leaves it silent, not closed: live.js then says so).
KEEP_ALIVE_SECONDS = 10
# How long a phone waits before it opens a dropped stream again (the browser's own retry).
RETRY_MS = 1000
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
    # nginx passes the stream on as it comes instead of buffering it (docs/hosting.md).
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]


class Changes:
    """The games and groups this process's streams watch, and their versions as saved."""

    def __init__(self, database: str, every: float = LOOK_EVERY) -> None:
        self.database = database
        self.every = every
        self.followers: dict[Watched, set[asyncio.Queue[int | None]]] = {}
        self.known: dict[Watched, int | None] = {}  # each thing's version as last told
        self._watch: storage.Watch | None = None
        self._looking: asyncio.Task[None] | None = None
        self._poked = asyncio.Event()

    @contextlib.contextmanager
    def follow(self, watched: Watched) -> Iterator[asyncio.Queue[int | None]]:
        """A queue that gets the version now, then each new one (``None``: deleted)."""
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        self.followers.setdefault(watched, set()).add(queue)
        version = self.known[watched] = self._watching().versions([watched])[watched]
        queue.put_nowait(version)
        if self._looking is None or self._looking.done():
            self._looking = asyncio.get_running_loop().create_task(self._look())
        try:
            yield queue
        finally:
            followers = self.followers.get(watched, set())
            followers.discard(queue)
            if not followers:
                self.followers.pop(watched, None)
                self.known.pop(watched, None)

    def _watching(self) -> storage.Watch:
        if self._watch is None:
            self._watch = storage.Watch(storage.connect(self.database))
        return self._watch

    def poke(self) -> None:
        """Look now: this process has just answered a request that may have changed something."""
        self._poked.set()

    async def _look(self) -> None:
        while self.followers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), self.every)
            self._poked.clear()
            try:
                found = self._watching().changed(list(self.followers))
            except sqlite3.Error:  # the database busy or away a moment: look again
                LOG.warning("could not look for changes of what is watched", exc_info=True)
                continue
            for watched, version in (found or {}).items():
                if watched in self.followers and self.known.get(watched) != version:
                    self.known[watched] = version
                    for queue in self.followers[watched]:
                        queue.put_nowait(version)


class Streams:
    """``GET /games/<id>/events`` and ``/groups/<id>/events`` answered here, everything else
    by ``app``."""

    def __init__(self, app: ASGIApp, changes: Changes) -> None:
        self.app = app
        self.changes = changes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if found is None or scope["method"] != "GET":
            await self.app(scope, receive, send)
            if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
                self.changes.poke()  # a change saved here reaches the phones at once
            return
        watched = (found[1], found[2])
        status, headers, body = await self._ask_the_app(scope, watched)
        if status != 200:
            await answer(send, status, headers, body)
            return
        await self._stream(watched, receive, send)

    async def _ask_the_app(
        self, scope: Scope, watched: Watched
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The app's answer to the version check, asked as this request asked."""
        path = "/{}/{}/version".format(*watched)
        kept = [(k, v) for k, v in scope["headers"] if k not in (b"if-none-match", b"accept")]
        asked = {**scope, "path": path, "raw_path": path.encode(), "query_string": b""}
        asked["headers"] = [*kept, (b"accept", b"application/json")]
        status = 500
        headers: list[tuple[bytes, bytes]] = []
        parts: list[bytes] = []

        async def nothing() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def keep(message: Message) -> None:
            nonlocal status, headers
            if message["type"] == "http.response.start":
                status, headers = message["status"], list(message.get("headers", []))
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))

        await self.app(asked, nothing, keep)
        return status, headers, b"".join(parts)

    async def _stream(self, watched: Watched, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
        await send(
            {"type": "http.response.body", "body": b"retry: %d\n\n" % RETRY_MS, "more_body": True}
        )
        left = asyncio.ensure_future(_until_gone(receive))
        try:
            with self.changes.follow(watched) as versions:
                while not left.done():
                    version = await _next(versions, left)
                    if left.done():
                        break
                    await send(
                        {"type": "http.response.body", "body": _event(version), "more_body": True}
                    )
                    if version is None:
                        break
            await send({"type": "http.response.body", "body": b""})
        finally:
            left.cancel()


async def _next(
    versions: asyncio.Queue[int | None], left: asyncio.Future[None]
) -> int | str | None:
    """The next version, or ``""`` for a keep-alive after a quiet while (or once the client
    left)."""
    getting: asyncio.Future[Any] = asyncio.ensure_future(versions.get())
    either: set[asyncio.Future[Any]] = {getting, left}
    done, _pending = await asyncio.wait(
        either, timeout=KEEP_ALIVE_SECONDS, return_when=asyncio.FIRST_COMPLETED
    )
    if getting in done:
        version: int | None = getting.result()
        return version
    getting.cancel()
    return ""


async def _until_gone(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def _event(version: int | str | None) -> bytes:
    if version == "":
        return b"event: ping\ndata: 1\n\n"
    data = json.dumps(version)  # null: the game was deleted
    return f"id: {data}\nevent: version\ndata: {data}\n\n".encode()
