"""A stranger on the table's Wi-Fi cannot stall the pad (issue 46): slow bodies, idle
connections, large heads and large chunked bodies from one address (or many of one attacker)
leave another address's pages and rounds served, and each is refused or cut. How fast the table
is served beside them, and the server's memory, go to ``make bench`` ("Strangers")."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from scorekeeper import create_app
from scorekeeper.server import asgi, connections
from scorekeeper.server.connections import Connections
from scorekeeper.server.refusals import Refusals
from scorekeeper.server.running import in_a_thread
from scorekeeper.web import hosting
from tests.support.ports import HOST
from tests.support.server import Server, running
from tests.support.strangers import (
    PIECE,
    STRANGER,
    Table,
    connect,
    idle_connections,
    large_head,
    open_chunked_bodies,
    slow_bodies,
    status_of,
    still_open,
)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real server (``make run``'s, 8 threads for the app) over an instance of its own."""
    instance = tmp_path_factory.mktemp("strangers") / "instance"
    instance.mkdir()
    with running(instance) as server:
        yield server


def test_slow_bodies_from_one_address_leave_another_tables_rounds_served(live: Server) -> None:
    # Twice the app's threads: each would hold one for ever if the body were read in the app.
    table = Table(live.port)
    with slow_bodies(live.port, 16) as stalled:
        time.sleep(0.3)
        assert table.round_page()[0] == 200
        assert table.submit_round()[0] == 201
        assert all(still_open(connection) for connection in stalled)  # waiting for their bodies


def test_the_connections_past_one_addresss_share_are_closed_as_they_come(live: Server) -> None:
    most = connections.MOST_PER_ADDRESS
    with idle_connections(live.port, most + 20, [STRANGER]) as held:
        kept = [still_open(connection) for connection in held]
        assert kept[:most] == [True] * most
        assert not any(kept[most:])
        assert Table(live.port).round_page()[0] == 200


def test_a_huge_head_is_refused_before_it_is_read_whole(live: Server) -> None:
    answer = large_head(live.port, 20 * 1024 * 1024)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:100]
    assert large_head(live.port, 12 * 1024).startswith(b"HTTP/1.1 200 ")


def test_one_addresss_open_bodies_hold_a_bounded_share_of_memory(live: Server) -> None:
    # Two chunked bodies of 8 MiB, each within the cap, are open; a third passes the address's
    # share just past its room, then waits for the answer.
    size = 8 * 1024 * 1024
    share = asgi.HELD_BODIES * hosting.body_cap(create_app({"TESTING": True}))
    room = share - 2 * size
    with open_chunked_bodies(live.port, 2, size) as first:
        time.sleep(0.5)  # the server has read what was sent
        assert all(still_open(connection) for connection in first)
        with open_chunked_bodies(live.port, 1, room + PIECE) as third:
            assert status_of(third[0]) == 429
        with open_chunked_bodies(live.port, 1, size, source="127.0.0.3") as elsewhere:
            assert still_open(elsewhere[0])  # another address has a share of its own
    assert Table(live.port).round_page()[0] == 200


@contextmanager
def served(body_seconds: float = 30.0, **settings: Any) -> Iterator[int]:
    """The app served from a thread of this process with Uvicorn's ``settings``: its port."""
    app = create_app({"TESTING": True, "HEAVY_WORKER": False})
    stack = asgi.make_app(
        app,
        database=str(app.config["DATABASE"]),
        body_cap=hosting.body_cap(app),
        threads=2,
        body_seconds=body_seconds,
    )
    with in_a_thread(stack, HOST, **settings) as base:
        yield int(base.rsplit(":", 1)[1])


def test_a_body_that_stops_coming_is_cut_with_408_at_its_deadline() -> None:
    with served(body_seconds=1.0) as port, connect(port) as upload:
        upload.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        started = time.perf_counter()
        assert status_of(upload, timeout=10) == 408
        assert 0.9 < time.perf_counter() - started < 5


@pytest.mark.parametrize("parser", [H11Protocol, HttpToolsProtocol], ids=["h11", "httptools"])
def test_heads_are_bounded_whichever_parser_reads_them(parser: object) -> None:
    with served(parser=parser) as port:
        _heads_are_bounded(port)


def _heads_are_bounded(port: int) -> None:
    assert large_head(port, 1024 * 1024).startswith(b"HTTP/1.1 431 ")
    assert large_head(port, 8 * 1024).startswith(b"HTTP/1.1 200 ")
    # After a chunked body, the next head on the same connection is followed too.
    chunked = (
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Type: application/json\r\n\r\n2;x=y\r\n{}\r\n0\r\nX-Trailer: 1\r\n\r\n"
    )
    with connect(port) as connection:
        connection.sendall(chunked)
        assert status_of(connection) == 400  # the app's answer to the game it was sent
        _rest(connection)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nCookie: " + b"c" * 40_000)
        assert status_of(connection) == 431
    with connect(port) as connection:  # a chunked body and another request, sent at once
        connection.sendall(chunked + b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        connection.settimeout(10)
        answers = b""
        while answers.count(b"HTTP/1.1 ") < 2:
            answers += connection.recv(65536)
    assert answers.startswith(b"HTTP/1.1 400 ")
    assert b"HTTP/1.1 200 " in answers


def _rest(connection: socket.socket) -> None:
    """Read the rest of an answer whose status line was read (up to its body's end)."""
    head = b""
    while b"\r\n\r\n" not in head:
        head += connection.recv(1)
    length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
    while length:
        length -= len(connection.recv(length))


def test_a_full_server_takes_room_from_the_address_holding_the_most() -> None:
    # Many addresses of one attacker fill the server: a new phone still comes in, in place of
    # the oldest connection of the address holding the most.
    registry = Connections(per_address=30, total=60)
    attackers = [f"127.0.0.{n}" for n in range(2, 6)]
    with served(connections=registry) as port, idle_connections(port, 60, attackers) as held:
        assert registry.count == 60
        assert Table(port).round_page()[0] == 200
        assert sum(not still_open(connection) for connection in held) >= 1


def test_each_kind_of_refusal_is_logged_once_a_minute_at_most(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    refusals = Refusals(clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="scorekeeper.server"):
        for second in range(120):
            now[0] = float(second)
            refusals.said("slow body", "127.0.0.2", "Cut request bodies that came too slowly")
            refusals.said("bodies", "127.0.0.3", "Refused bodies past an address's memory")
    notes = [record.getMessage() for record in caplog.records]
    assert len(notes) == 4  # each kind at 0 s and at 60 s
    assert "60 refused since the last note (60 from 127.0.0.2)" in notes[2]
