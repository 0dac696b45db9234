"""The server's event loop (``web/event_loop.py``) answers what Waitress's own loop answers, but
asks a connection waiting for its next request only once, not at every turn: 500 watching
phones no longer cost every request 1,000 calls."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from waitress.server import create_server

from scorekeeper.web import event_loop, hosting
from tests.support.ports import HOST

BIG = b"x" * 300_000  # more than Waitress sends at once: the answer goes out over several turns


def _app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
    body = BIG if environ["PATH_INFO"] == "/big" else environ["PATH_INFO"].encode()
    start_response("200 OK", [("Content-Length", str(len(body)))])
    return [body]


class _Counted(hosting._Channel):
    """The server's connection, counting how often the loop asks whether it wants to read."""

    asked = 0

    def readable(self) -> bool:
        type(self).asked += 1
        return bool(super().readable())


@contextmanager
def _serving(**options: Any) -> Iterator[Any]:
    """A Waitress server on a free port whose loop is :class:`event_loop.Poller`, turned in a
    thread of its own until the end."""
    server = create_server(_app, host=HOST, port=0, threads=2, **options)
    server.channel_class = _Counted
    _Counted.asked = 0
    poller = event_loop.Poller(server._map)
    stop = threading.Event()

    def turn() -> None:
        while not stop.is_set():
            poller.turn(0.02)

    thread = threading.Thread(target=turn, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        stop.set()
        thread.join(timeout=10)
        poller.close()
        server.close()


def _connect(server: Any) -> socket.socket:
    return socket.create_connection((HOST, server.effective_port), timeout=10)


def _read_answer(line: socket.socket) -> bytes:
    """One answer's body (by its Content-Length), read byte by byte up to its end: the next
    answer on the connection stays unread."""
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        got = line.recv(1)
        assert got, "the server closed the connection"
        head += got
    length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
    body = b""
    while len(body) < length:
        got = line.recv(length - len(body))
        assert got, "the server closed the connection"
        body += got
    return body


def _ask(line: socket.socket, path: str, extra: str = "") -> bytes:
    line.sendall(f"GET {path} HTTP/1.1\r\nHost: pad\r\n{extra}\r\n".encode())
    return _read_answer(line)


def test_every_connection_is_answered_in_turn_over_kept_connections() -> None:
    with _serving() as server:
        lines = [_connect(server) for _ in range(20)]
        try:
            for turn in range(3):
                for number, line in enumerate(lines):
                    assert _ask(line, f"/{turn}-{number}") == f"/{turn}-{number}".encode()
            # Two requests sent at once on one connection: two answers, in order.
            lines[0].sendall(b"GET /a HTTP/1.1\r\nHost: pad\r\n\r\n" * 2)
            assert _read_answer(lines[0]) == b"/a"
            assert _read_answer(lines[0]) == b"/a"
            # An answer larger than one send, then the connection still serves.
            assert _ask(lines[1], "/big") == BIG
            assert _ask(lines[1], "/after") == b"/after"
        finally:
            for line in lines:
                line.close()


def test_a_phone_that_asks_to_close_is_let_go_and_a_new_one_is_served() -> None:
    with _serving() as server:
        for number in range(30):  # file numbers are taken again by the next connections
            with _connect(server) as line:
                assert _ask(line, f"/{number}", "Connection: close\r\n") == f"/{number}".encode()
                assert line.recv(10) == b""  # closed by the server


def test_connections_waiting_for_a_request_are_not_asked_at_every_turn() -> None:
    with _serving() as server:
        waiting = [_connect(server) for _ in range(50)]
        busy = _connect(server)
        try:
            for line in waiting:
                _ask(line, "/hello")
            time.sleep(0.2)  # every waiting connection is known as waiting
            before = _Counted.asked
            for number in range(100):
                _ask(busy, f"/{number}")
            asked = _Counted.asked - before
        finally:
            for line in [*waiting, busy]:
                line.close()
    # Waitress's own loop asks all 51 connections at each of the 200 turns or more; this one
    # asks the busy one a few times per request and the waiting ones hardly at all.
    assert asked < 100 * 10, asked


def test_idle_connections_are_still_closed_after_the_idle_time() -> None:
    with _serving(channel_timeout=1, cleanup_interval=1) as server:
        idle = _connect(server)
        _ask(idle, "/once")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:  # closed 1 to 2 s after its answer
            idle.settimeout(0.5)
            try:
                if idle.recv(10) == b"":
                    break
            except TimeoutError:
                continue
        else:
            raise AssertionError("the idle connection was never closed")
        idle.close()
        with _connect(server) as fresh:  # the server still serves
            assert _ask(fresh, "/again") == b"/again"
