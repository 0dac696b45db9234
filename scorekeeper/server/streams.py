"""Every open page of a game or a group follows it live: a stream of its versions, pushed as
each change is saved (Server-Sent Events, ``GET /games/<id>/events``, ``/groups/<id>/events``,
``/evenings/<id>/events``).

The stream opens with the version now (a phone back from a drop or a restart catches up at
once) and sends the new one whenever it changes; ``static/live.js`` brings the page up to date
when it is not the one shown (the round page and the table display swap their new state in,
other pages reload). Who may watch is the app's to say: a stream opens only where the app's own
version check (``GET /games/<id>/version``, ``/groups/<id>/version``,
``/evenings/<id>/version``, which stays as the fallback for a page that cannot stream) answers
200 to the same request; otherwise that answer is the stream's. The app is asked again, with
the stream's own request, whenever the tokens that say who may see the thing change (a keeper
renews its view or edit link): a stream the app no longer answers 200 ends there, with a
``refused`` event, so that the phone asks and shows the app's answer (the renewed link's page).
At most :data:`CHECKS_AT_ONCE` such checks are in the app's threads at once, whoever asks: the
others wait in the server's loop, holding no thread, so that streams refused again and again
(one address opening them as fast as they are refused) never keep the pages of others waiting.

A client may leave while its stream is being written to: the write then fails (Uvicorn on
uvloop writes to a transport that closed a moment before it says the client left), and the
stream ends quietly, as it does when the client's leaving is seen first.

Changes are found by :class:`Changes`, one per server process: as soon as this process has
answered a request that may have changed something, and otherwise every :data:`LOOK_EVERY`
seconds (a change made by another process on the database), it asks SQLite whether anything
was committed and, only then, reads the versions of the things being watched, in one query per
table. On PostgreSQL the database itself tells of each commit, made by any server on it
(``LISTEN``/``NOTIFY``, issue 52): the look is woken as that comes, and asked by the clock only
every :data:`TOLD_LOOK_EVERY` seconds, in case a wake-up was missed. Its connection is open
while something is watched, and closed as the last stream ends (the server's stop ends them
all): none is left for the garbage collector, which Python 3.13 warns about.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from scorekeeper import storage
from scorekeeper.server.types import ASGIApp, Message, Receive, Scope, Send, answer
from scorekeeper.storage import Seen

LOG = logging.getLogger(__name__)
PATH = re.compile(r"/(games|groups|evenings)/([A-Za-z0-9_-]{1,64})/events")
Watched = tuple[str, str]  # the table ("games", "groups", "evenings") and the id
# How often the database is asked whether anything changed while a stream is open.
LOOK_EVERY = 0.03
# How often it is asked on PostgreSQL, whose every commit is told (LISTEN/NOTIFY) as it happens.
TOLD_LOOK_EVERY = 5.0
# How long the look for changes waits after the database failed to answer it (PostgreSQL
# restarting, say), before it asks again on a new connection: the log says so once a second.
AWAY_WAIT = 1.0
# A word this often keeps a quiet stream open through proxies, and tells the phone that the
# stream still stands (a dropped Wi-Fi leaves it silent, not closed: live.js then says so).
KEEP_ALIVE_SECONDS = 10
# How long a phone waits before it opens a dropped stream again (the browser's own retry): at
# least this, and up to twice as long, chosen per stream, so that the phones of a server that
# restarted do not all come back in the same instant.
RETRY_MS = 1000
# The most version checks of streams (an opening, or a check again after a renewal) in the app's
# threads at once: a quarter of them (``asgi.THREADS``), the rest always free for pages. With 4,
# an address reopening refused streams still slowed a page to 0.7 s (the checks' share of the
# interpreter); with 2, 0.05 s (``make bench``, "Slow connections").
CHECKS_AT_ONCE = 2
# How long a failed write waits for the server to say that the client left (it does at once,
# in the loop's next turn) before the failure counts as the stream's error.
GONE_WITHIN = 1.0
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
        self.followers: dict[Watched, set[asyncio.Queue[Seen]]] = {}
        self.known: dict[Watched, Seen] = {}  # each thing as last told
        self._watch: storage.Watch | None = None
        self._looking: asyncio.Task[None] | None = None
        self._poked = asyncio.Event()
        self._told: tuple[asyncio.AbstractEventLoop, int] | None = None

    @contextlib.contextmanager
    def follow(self, watched: Watched) -> Iterator[asyncio.Queue[Seen]]:
        """A queue that gets the thing as it is now, then each change of its version (``None``:
        deleted) or of who may see it."""
        queue: asyncio.Queue[Seen] = asyncio.Queue()
        self.followers.setdefault(watched, set()).add(queue)
        try:
            now = self._watching().seen([watched])[watched]
            # Told as last looked: a change not looked at yet is still told to the others.
            self.known.setdefault(watched, now)
            queue.put_nowait(now)
            if self._looking is None or self._looking.done():
                self._looking = asyncio.get_running_loop().create_task(self._look())
            yield queue
        finally:
            followers = self.followers.get(watched, set())
            followers.discard(queue)
            if not followers:
                self.followers.pop(watched, None)
                self.known.pop(watched, None)
            if not self.followers:
                self.close()

    def _watching(self) -> storage.Watch:
        if self._watch is None:
            self._watch = storage.Watch(storage.connect(self.database))
            told = self._watch.fileno()
            if told is not None:  # PostgreSQL tells of each commit: looked at as it comes
                self._told = (asyncio.get_running_loop(), told)
                self._told[0].add_reader(told, self._poked.set)
        return self._watch

    def close(self) -> None:
        """Close the connection that looks for changes: nothing is watched any more (the last
        stream ended, or the server stopped and ended them). The next stream opens another."""
        if self._told is not None:
            loop, told = self._told
            loop.remove_reader(told)
            self._told = None
        if self._watch is not None:
            self._watch.close()
            self._watch = None

    def poke(self) -> None:
        """Look now: this process has just answered a request that may have changed something."""
        self._poked.set()

    async def _look(self) -> None:
        while self.followers:
            with contextlib.suppress(TimeoutError):
                # PostgreSQL's notifications wake the look (``_told``): its timed look is only
                # a net under a wake-up missed, not the way a change is found.
                every = self.every if self._told is None else TOLD_LOOK_EVERY
                await asyncio.wait_for(self._poked.wait(), every)
            self._poked.clear()
            if not self.followers:  # the last stream ended meanwhile, and closed the connection
                return
            try:
                found = self._watching().changed(list(self.followers))
            except Exception as error:
                if not storage.is_database_error(error):
                    raise
                # the database busy or away a moment: look again, on a new connection
                self.close()
                LOG.warning("could not look for changes of what is watched", exc_info=True)
                await asyncio.sleep(AWAY_WAIT)
                continue
            for watched, now in (found or {}).items():
                if watched in self.followers and self.known.get(watched) != now:
                    self.known[watched] = now
                    for queue in self.followers[watched]:
                        queue.put_nowait(now)


class Streams:
    """``GET /games/<id>/events``, ``/groups/<id>/events`` and ``/evenings/<id>/events``
    answered here, everything else by ``app``."""

    def __init__(self, app: ASGIApp, changes: Changes, checks: int = CHECKS_AT_ONCE) -> None:
        self.app = app
        self.changes = changes
        self.checks = checks
        self._checking: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        found = PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        if found is None or scope["method"] != "GET":
            await self.app(scope, receive, send)
            if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
                self.changes.poke()  # a change saved here reaches the phones at once
            return
        watched = (found[1], found[2])
        # Followed before the app is asked: a renewal while it answers is told as well.
        with self.changes.follow(watched) as told:
            status, headers, body = await self._ask_the_app(scope, watched)
            if status != 200:
                await answer(send, status, headers, body)
                return
            await _Stream(send, receive).run(told, lambda: self._may_see(scope, watched))

    async def _may_see(self, scope: Scope, watched: Watched) -> bool:
        status, _headers, _body = await self._ask_the_app(scope, watched)
        return status == 200

    async def _ask_the_app(
        self, scope: Scope, watched: Watched
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The app's answer to the version check, asked as this request asked (in turn: at most
        :attr:`checks` at once)."""
        if self._checking is None:
            self._checking = asyncio.Semaphore(self.checks)
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

        async with self._checking:
            await self.app(asked, nothing, keep)
        return status, headers, b"".join(parts)


class _Stream:
    """One open stream: its writes, and whether its client is still there."""

    def __init__(self, send: Send, receive: Receive) -> None:
        self.send = send
        self.left = asyncio.ensure_future(_until_gone(receive))

    async def run(self, told: asyncio.Queue[Seen], may_see: Callable[[], Awaitable[bool]]) -> None:
        """Tell each version from ``told`` until the client leaves, the thing is deleted or
        the request may no longer see it (``may_see``, asked when its access changed)."""
        try:
            retry = RETRY_MS + random.randrange(RETRY_MS + 1)
            shown = told.get_nowait()
            start = {"type": "http.response.start", "status": 200, "headers": HEADERS}
            if await self._send(start) and await self._write(
                b"retry: %d\n\n" % retry + _event(shown.version)
            ):
                await self._follow(told, shown, may_see)
        finally:
            self.left.cancel()

    async def _follow(
        self, told: asyncio.Queue[Seen], shown: Seen, may_see: Callable[[], Awaitable[bool]]
    ) -> None:
        while shown.version is not None:
            now = await _next(told, self.left)
            if self.left.done():
                return
            if now is None:
                event = _event("")
            elif now.version is not None and now.access != shown.access and not await may_see():
                event = b"event: refused\ndata: 1\n\n"
                now = Seen(None, now.access)
            elif now.version == shown.version:
                shown = now  # still seen, by the same right or another: nothing to tell
                continue
            else:
                event = _event(now.version)
            if not await self._write(event):
                return
            shown = now if now is not None else shown
        await self._write(b"", more=False)

    async def _write(self, body: bytes, *, more: bool = True) -> bool:
        return await self._send({"type": "http.response.body", "body": body, "more_body": more})

    async def _send(self, message: Message) -> bool:
        """Send ``message``: ``False`` if the client has left (before or while it was sent)."""
        if self.left.done():
            return False
        try:
            await self.send(message)
        except (OSError, RuntimeError):
            # uvloop's transport refuses a write once it closed, a turn before Uvicorn says the
            # client left; an error of any other cause is the stream's own.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self.left), GONE_WITHIN)
            if not self.left.done():
                raise
            LOG.debug("a stream's client left while it was written to")
            return False
        return True


async def _next(told: asyncio.Queue[Seen], left: asyncio.Future[None]) -> Seen | None:
    """The thing's next change, or ``None`` for a keep-alive after a quiet while (or once the
    client left)."""
    getting: asyncio.Future[Any] = asyncio.ensure_future(told.get())
    either: set[asyncio.Future[Any]] = {getting, left}
    done, _pending = await asyncio.wait(
        either, timeout=KEEP_ALIVE_SECONDS, return_when=asyncio.FIRST_COMPLETED
    )
    if getting in done:
        now: Seen = getting.result()
        return now
    getting.cancel()
    return None


async def _until_gone(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def _event(version: float | str | None) -> bytes:
    if version == "":
        return b"event: ping\ndata: 1\n\n"
    data = json.dumps(version)  # null: the game was deleted
    return f"id: {data}\nevent: version\ndata: {data}\n\n".encode()
