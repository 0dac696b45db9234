"""A stranger on the table's Wi-Fi trying to stall the pad, and a table beside them: shared by
tests/test_strangers.py and ``make bench`` ("Strangers"). Every connection is to loopback, from
loopback addresses other than the table's (127.0.0.2 and up), and each helper opens a bounded
number of them and closes them all at the end."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from random import Random
from typing import Any

from scorekeeper.core import game
from scorekeeper.core.rules import Variants
from tests.plays import legal_round, round_json
from tests.support.ports import HOST
from tests.support.slow import room_for

STRANGER = "127.0.0.2"
PIECE = 1 << 16  # a chunk of a chunked body
PLAYERS = ["Ana", "Ben", "Cleo"]


def connect(port: int, source: str = STRANGER, timeout: float = 10) -> socket.socket:
    """A connection to the server from the loopback address ``source``."""
    return socket.create_connection((HOST, port), timeout=timeout, source_address=(source, 0))


@contextmanager
def slow_bodies(port: int, count: int, source: str = STRANGER) -> Iterator[list[socket.socket]]:
    """``count`` round submissions whose heads come whole and whose bodies never finish."""
    opened: list[socket.socket] = []
    try:
        for _ in range(count):
            connection = connect(port, source)
            connection.sendall(
                b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n{"
            )
            opened.append(connection)
        yield opened
    finally:
        for connection in opened:
            connection.close()


@contextmanager
def idle_connections(
    port: int, count: int, sources: list[str], settle: float = 0.5
) -> Iterator[list[socket.socket]]:
    """``count`` connections that send nothing, from ``sources`` in turn (those the server
    refuses are closed at once on its side, and kept open here all the same)."""
    room_for(count + 512)
    opened: list[socket.socket] = []
    try:
        for number in range(count):
            with contextlib.suppress(OSError):
                opened.append(connect(port, sources[number % len(sources)]))
        time.sleep(settle)  # every connection has reached the server
        yield opened
    finally:
        for connection in opened:
            connection.close()


def still_open(connection: socket.socket) -> bool:
    """Whether the server keeps ``connection`` open (it has not closed or reset it)."""
    connection.setblocking(False)
    try:
        return connection.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        connection.setblocking(True)


def large_head(port: int, size: int, source: str = STRANGER, chunk: int = 1 << 16) -> bytes:
    """Send a request whose head is ``size`` bytes (one long cookie); what the server answers
    before it closes the connection (b"": nothing)."""
    with connect(port, source, timeout=30) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: a=")
        sent = 0
        with contextlib.suppress(OSError):  # closed by the server before the end: as it should
            while sent < size:
                piece = min(chunk, size - sent)
                connection.sendall(b"b" * piece)
                sent += piece
            connection.sendall(b"\r\n\r\n")
        return _answer(connection)


def _answer(connection: socket.socket) -> bytes:
    received = b""
    with contextlib.suppress(OSError):
        while part := connection.recv(65536):
            received += part
    return received


@contextmanager
def open_chunked_bodies(
    port: int, count: int, size: int, source: str = STRANGER
) -> Iterator[list[socket.socket]]:
    """``count`` chunked uploads of ``size`` bytes each (in whole chunks of :data:`PIECE`),
    never finished (no last chunk)."""
    opened: list[socket.socket] = []
    piece = b"%x\r\n%s\r\n" % (PIECE, b"[" * PIECE)
    try:
        for _ in range(count):
            connection = connect(port, source, timeout=30)
            connection.sendall(
                b"POST /groups/import HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                b"Content-Type: application/json\r\n\r\n"
            )
            with contextlib.suppress(OSError):  # refused and closed: what is tested
                for _ in range(-(-size // PIECE)):
                    connection.sendall(piece)
            opened.append(connection)
        yield opened
    finally:
        for connection in opened:
            connection.close()


def status_of(connection: socket.socket, timeout: float = 5) -> int | None:
    """The status the server answered on ``connection`` within ``timeout`` (None: none)."""
    connection.settimeout(timeout)
    try:
        head = connection.recv(12)
    except OSError:
        return None
    return int(head[9:12]) if head.startswith(b"HTTP/1.1 ") else None


class Table:
    """A table's phone from 127.0.0.1: a game, its round page, and its rounds submitted."""

    def __init__(self, port: int, timeout: float = 10) -> None:
        self.port = port
        self.timeout = timeout
        self.rng = Random(7)
        created = self._json("POST", "/api/games", {"players": PLAYERS, "first_dealer": 0})
        self.game, self.token = created["id"], created["edit_token"]
        self.record = game.new_game(PLAYERS, 0, Variants())

    def round_page(self) -> tuple[int, float]:
        """Open the game's round page: its status and seconds."""
        began = time.perf_counter()
        connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        try:
            connection.request("GET", f"/games/{self.game}")
            answer = connection.getresponse()
            answer.read()
        finally:
            connection.close()
        return answer.status, time.perf_counter() - began

    def submit_round(self) -> tuple[int, float]:
        """Submit the next round: its status and seconds."""
        played = legal_round(self.record, self.rng)
        began = time.perf_counter()
        path = f"/api/games/{self.game}/rounds"
        status = self._status("POST", path, round_json(played))
        if status == 201:
            self.record = game.add_round(self.record, played)
        return status, time.perf_counter() - began

    def _status(self, method: str, path: str, body: object) -> int:
        return self._send(method, path, body)[0]

    def _json(self, method: str, path: str, body: object) -> Any:
        return self._send(method, path, body)[1]

    def _send(self, method: str, path: str, body: object) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if hasattr(self, "token"):
            headers["Authorization"] = f"Bearer {self.token}"
        try:
            connection.request(method, path, body=json.dumps(body).encode(), headers=headers)
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read() or b"null")
        finally:
            connection.close()
