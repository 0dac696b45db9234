"""Each game's stream of versions (scorekeeper/server/streams.py) on the real server: it opens
with the version now and pushes each change as it is saved, in this process or another on the
same database; it opens only for whoever the version check lets watch; and one address cannot
hold more than its share of the server (scorekeeper/server/limits.py)."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Iterator, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import storage
from scorekeeper.server.limits import AddressCap
from scorekeeper.server.running import in_a_thread
from scorekeeper.web import hosting
from tests.pages import play_round, start_game
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS
from tests.support.apps import make_app
from tests.support.client import Client, status
from tests.support.ports import HOST
from tests.support.server import Server
from tests.test_groups_pages import FIVE_ROUNDS, make_group, new_group_game
from tests.test_view_link import renew, renew_at


class Stream:
    """A game's (or a group's) stream read from a socket, as a phone's page reads it."""

    def __init__(self, port: int, game_id: str, cookie: str = "", kind: str = "games") -> None:
        self.connection = socket.create_connection((HOST, port), timeout=5)
        head = f"GET /{kind}/{game_id}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
        if cookie:
            head += f"Cookie: {cookie}\r\n"
        self.connection.sendall((head + "\r\n").encode())
        self.file = self.connection.makefile("rb")
        self.status = int(self.file.readline().split(b" ", 2)[1])

    def next_version(self) -> str:
        """The next version told (skipping the stream's other lines and its pings)."""
        kind = b""
        while True:
            line = self.file.readline()
            assert line, "the stream ended"
            if line.startswith(b"event: "):
                kind = line[7:].strip()
            elif line.startswith(b"data: ") and kind == b"version":
                return line[6:].strip().decode()

    def next_event(self) -> tuple[str, str] | None:
        """The next event's kind and data (pings skipped), or ``None`` once the stream ended."""
        kind = ""
        while True:
            line = self.file.readline()
            if line in (b"", b"0\r\n"):  # closed, or the last chunk of the answer
                return None
            if line.startswith(b"event: "):
                kind = line[7:].strip().decode()
            elif line.startswith(b"data: ") and kind != "ping":
                return kind, line[6:].strip().decode()

    def close(self) -> None:
        self.file.close()
        self.connection.close()


@pytest.fixture(scope="module")
def pad(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, int]]:
    """The app and the port of the server serving it from a thread."""
    app = make_app(tmp_path_factory.mktemp("streams") / "games.sqlite", SECRET_KEY="streams")
    with in_a_thread(hosting.asgi_app(app, threads=4), HOST) as base:
        yield app, int(base.rsplit(":", 1)[1])


def refused(port: int, game_id: str, kind: str = "games") -> int:
    """The status a stream of ``game_id`` is answered with."""
    stream = Stream(port, game_id, kind=kind)
    stream.close()
    return stream.status


def new_game(port: int) -> dict[str, Any]:
    with Client(port) as client:
        status, answer = client.request("POST", "/api/games", EXAMPLE_GAME)
    assert status == 201
    return dict(answer)


def post_round(port: int, game: dict[str, Any]) -> None:
    with Client(port) as client:
        path = f"/api/games/{game['id']}/rounds"
        status, _answer = client.request("POST", path, EXAMPLE_ROUNDS[0], game["edit_token"])
    assert status == 201


def test_a_stream_opens_with_the_version_and_pushes_each_change(pad: tuple[Flask, int]) -> None:
    app, port = pad
    game = new_game(port)
    stream = Stream(port, game["id"])
    try:
        assert stream.status == 200
        assert stream.next_version() == "1"
        sent = time.monotonic()
        post_round(port, game)
        assert stream.next_version() == "2"
        assert time.monotonic() - sent < 1
        database = storage.connect(app.config["DATABASE"])
        try:
            storage.delete_game(database, game["id"])
        finally:
            database.close()
        assert stream.next_version() == "null"  # the page reloads, and says the game is gone
    finally:
        stream.close()


def test_a_stream_opens_only_for_whoever_may_watch(pad: tuple[Flask, int]) -> None:
    app, port = pad
    assert refused(port, "no-such-game") == 404
    client = app.test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    renew(client, game_id)  # the view link renewed: the old one no longer watches
    assert refused(port, game_id) == 403
    session = client.get_cookie("session")
    assert session is not None
    holder = Stream(port, game_id, cookie=f"session={session.value}")
    try:
        assert holder.status == 200 and holder.next_version() == "1"
    finally:
        holder.close()


@pytest.mark.parametrize("kind", ["games", "groups"])
def test_a_renewed_view_link_ends_the_streams_opened_with_the_old_one(
    pad: tuple[Flask, int], kind: str
) -> None:
    """Issue 46: a stream opened by the old view link kept being told every version after the
    link was renewed. It ends, saying it was refused (the page then asks, and shows the app's
    answer); the keeper's stream goes on."""
    app, port = pad
    client = app.test_client()
    games = kind == "games"
    thing_id = start_game(client, ["Ana", "Ben", "Cleo"]) if games else make_group(client)
    session = client.get_cookie("session")
    assert session is not None
    watcher = Stream(port, thing_id, kind=kind)
    keeper = Stream(port, thing_id, cookie=f"session={session.value}", kind=kind)
    try:
        first = watcher.next_version()
        assert keeper.next_version() == first
        renew_at(client, f"/{kind}/{thing_id}")
        assert watcher.next_event() == ("refused", "1")
        assert watcher.next_event() is None
        if games:
            play_round(client, thing_id, [0, 1, 1], [0, 0, 1])
            assert int(keeper.next_version()) > int(first)
    finally:
        watcher.close()
        keeper.close()


def test_a_groups_stream_is_told_of_a_round_in_one_of_its_games(pad: tuple[Flask, int]) -> None:
    app, port = pad
    client = app.test_client()
    group_id = make_group(client)
    names = {"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": "Cleo"}
    game_id = new_group_game(client, group_id, **names, first_dealer="new-0")
    stream = Stream(port, group_id, kind="groups")
    try:
        assert stream.status == 200
        before = int(stream.next_version())
        bids, tricks = FIVE_ROUNDS[0]
        play_round(client, game_id, bids, list(tricks))
        assert int(stream.next_version()) > before
    finally:
        stream.close()
    assert refused(port, "no-such-group", kind="groups") == 404


@pytest.mark.engines
def test_a_change_saved_by_another_process_reaches_the_stream(
    tmp_path: Path, engine_settings: dict[str, str]
) -> None:
    """Two servers on one database (one instance folder's file, or one PostgreSQL database,
    each server with a folder of its own): a round saved through one is pushed to a phone
    watching through the other (on PostgreSQL by its notification: issue 52)."""
    folders = ("instance", "instance") if not engine_settings else ("first", "second")
    first, second = (Server(tmp_path / folder, env=engine_settings) for folder in folders)
    first.start()
    try:
        second.start()
        game = new_game(second.port)
        stream = Stream(first.port, game["id"])
        try:
            assert stream.next_version() == "1"
            post_round(second.port, game)
            assert stream.next_version() == "2"
            with Client(first.port) as client:  # printed in the heavy worker, from the database
                printed = client.send("GET", f"/games/{game['id']}/sheet.pdf")
            assert printed.status == 200
            assert printed.body.startswith(b"%PDF")
            with Client(second.port) as client:
                client.request("DELETE", f"/api/games/{game['id']}", None, game["edit_token"])
            assert stream.next_version() == "null"
        finally:
            stream.close()
    finally:
        first.stop()
        second.stop()


def test_one_address_past_its_share_is_refused_at_once() -> None:
    async def held(_scope: Any, receive: Any, send: Any) -> None:
        await receive()  # a stream: open until the phone leaves
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    capped = AddressCap(held, most=2)
    answers: list[int] = []

    async def ask(address: str, leave: asyncio.Event) -> None:
        scope = {
            "type": "http",
            "client": (address, 1234),
            "headers": [],
            "path": "/games/g/events",
        }

        async def receive() -> dict[str, Any]:
            await leave.wait()
            return {"type": "http.disconnect"}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answers.append(message["status"])

        await capped(scope, receive, send)

    async def main() -> None:
        leave = asyncio.Event()
        open_ones = [asyncio.create_task(ask("10.0.0.1", leave)) for _ in range(2)]
        await asyncio.sleep(0.01)
        await ask("10.0.0.1", leave)  # a third from the same address: refused at once
        assert answers == [429]
        other = asyncio.create_task(ask("10.0.0.2", leave))  # another address: served
        await asyncio.sleep(0.01)
        leave.set()
        await asyncio.gather(*open_ones, other)
        assert sorted(answers) == [200, 200, 200, 429]
        assert not capped.open, "an address's count outlived its requests"

    # In a thread of its own: a browser test before may have left this one an event loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result(timeout=10)


# Run first by Python in the server's process (a ``sitecustomize`` on its path): the compiled
# speed-ups cannot be imported, as where no wheel of them exists and nothing compiles them.
WITHOUT_SPEED_UPS = """import pathlib, sys
sys.modules["uvloop"] = sys.modules["httptools"] = None
pathlib.Path(__file__).with_name("ran").touch()
"""


def test_the_pad_serves_and_streams_in_pure_python(tmp_path: Path) -> None:
    """Issue 32: without uvloop and httptools (no wheel for the machine, no compiler) Uvicorn
    runs on asyncio and h11: the pad serves its pages and its streams push as before."""
    blocker = tmp_path / "no-speed-ups"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(WITHOUT_SPEED_UPS)
    server = Server(tmp_path / "instance", env={"PYTHONPATH": str(blocker)})
    server.start()
    try:
        game = new_game(server.port)
        stream = Stream(server.port, game["id"])
        try:
            assert stream.next_version() == "1"
            post_round(server.port, game)
            assert stream.next_version() == "2"
        finally:
            stream.close()
        assert status(server.port, f"/games/{game['id']}/display") == 200
        log = server.instance / "server-1.log"
    finally:
        server.stop()
    assert (blocker / "ran").exists()
    assert "Traceback" not in log.read_text()
