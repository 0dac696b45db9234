"""The streams' ASGI layer (scorekeeper/server/streams.py) called directly, as Uvicorn calls it,
for what a real server shows only by chance: a write after the client left, streams refused
many at once, a change saved as another stream opens (issue 46)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import storage
from scorekeeper.server import streams
from scorekeeper.server.streams import Changes, Streams
from scorekeeper.server.types import answer
from tests.pages import start_game
from tests.support.apps import make_app

# What uvloop's transport raises on a write once it closed (the client went), a turn of the loop
# before Uvicorn's protocol hears of it and says the client left.
CLOSED = "unable to perform operation on <TCPTransport closed=True>; the handler is closed"


def run(main: Coroutine[Any, Any, Any]) -> Any:
    # In a thread of its own: a browser test before may have left this one an event loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result(timeout=20)


@pytest.fixture
def game(tmp_path: Path) -> tuple[str, str]:
    """A database with one game: its path and the game's id."""
    app = make_app(tmp_path / "games.sqlite", SECRET_KEY="layer")
    return str(app.config["DATABASE"]), start_game(app.test_client(), ["Ana", "Ben", "Cleo"])


async def allowed(_scope: Any, _receive: Any, send: Any) -> None:
    """The app's version check, answering 200 to everyone."""
    await answer(send, 200, [(b"content-type", b"application/json")], b"{}")


async def served(app: Any, scope: dict[str, Any], receive: Any, send: Any) -> None:
    """``app`` called as Uvicorn calls it: an exception is its "Exception in ASGI application"."""
    try:
        await app(scope, receive, send)
    except Exception:
        logging.getLogger("uvicorn.error").exception("Exception in ASGI application")


def stream_of(game_id: str) -> dict[str, Any]:
    path = f"/games/{game_id}/events"
    return {"type": "http", "method": "GET", "path": path, "headers": [], "client": ("a", 1)}


@pytest.mark.parametrize("writes", [1, 2])
def test_a_write_after_the_client_left_ends_the_stream_quietly(
    game: tuple[str, str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    writes: int,
) -> None:
    """Once in 20,000 streams the log had a traceback: the client left as the stream was being
    written (its opening, or a later word), the write failed before Uvicorn said the client
    left. The stream ends quietly."""
    database, game_id = game
    monkeypatch.setattr(streams, "KEEP_ALIVE_SECONDS", 0.05)  # a later word comes soon

    async def main() -> None:
        gone = asyncio.Event()
        written: list[MutableMapping[str, Any]] = []

        async def receive() -> dict[str, Any]:
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            written.append(message)
            if len(written) > writes:  # the client has closed: Uvicorn hears of it next turn
                asyncio.get_running_loop().call_soon(gone.set)
                raise RuntimeError(CLOSED)

        layer = Streams(allowed, Changes(database))
        await asyncio.wait_for(served(layer, stream_of(game_id), receive, send), 5)

    run(main())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_failed_write_while_the_client_stays_is_the_streams_error(
    game: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    database, game_id = game
    monkeypatch.setattr(streams, "GONE_WITHIN", 0.05)

    async def main() -> None:
        async def receive() -> dict[str, Any]:
            await asyncio.sleep(10)
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.body":
                raise RuntimeError("something else")

        layer = Streams(allowed, Changes(database))
        with pytest.raises(RuntimeError, match="something else"):
            await layer(stream_of(game_id), receive, send)

    run(main())


def test_streams_refused_many_at_once_take_few_of_the_apps_threads(
    game: tuple[str, str],
) -> None:
    """One address opening streams as fast as they are refused took every one of Flask's
    threads with their version checks, and pages of others waited (1.3 s). The checks take
    turns: a few at once, the rest wait in the loop."""
    database, _game_id = game
    at_once = most = 0

    async def refusing(_scope: Any, _receive: Any, send: Any) -> None:
        nonlocal at_once, most
        at_once += 1
        most = max(most, at_once)
        await asyncio.sleep(0.01)  # a thread's while
        at_once -= 1
        await answer(send, 404, [], b"")

    async def main() -> list[int]:
        statuses: list[int] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                statuses.append(message["status"])

        layer = Streams(refusing, Changes(database))
        await asyncio.gather(*(layer(stream_of("gone"), receive, send) for _ in range(64)))
        return statuses

    assert run(main()) == [404] * 64
    assert most == streams.CHECKS_AT_ONCE


def test_a_change_is_told_to_a_stream_though_another_opened_before_it_was_looked_at(
    game: tuple[str, str],
) -> None:
    """A stream opened between a change's commit and the next look took the change as already
    told, and the streams open before it never heard of it."""
    database, game_id = game
    watched = ("games", game_id)

    async def main() -> float | None:
        changes = Changes(database)
        with changes.follow(watched) as first:
            before = first.get_nowait().version
            db = storage.connect(database)
            try:
                db.execute("UPDATE games SET version = version + 1 WHERE id = ?", [game_id])
                db.conn.commit()
            finally:
                db.close()
            with changes.follow(watched) as second:
                assert second.get_nowait().version == (before or 0) + 1
                told = await asyncio.wait_for(first.get(), 2)
                return told.version

    assert run(main()) == 2
