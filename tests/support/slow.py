"""Connections that trickle a request in, a header line at a time, as a slow attacker would:
shared by tests/test_slow_connections.py and ``make bench``."""

from __future__ import annotations

import contextlib
import resource
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.support.client import Client
from tests.support.ports import HOST


def room_for(files: int) -> None:
    """Let this process open ``files`` files (the soft limit is often 1,024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = files if hard == resource.RLIM_INFINITY else min(files, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


# The trickling connections come from 127.0.0.2 and up, this many from each: the server closes
# connections past 512 from one address as they come (server/connections.py).
PER_ADDRESS = 250


@contextmanager
def trickling(port: int, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections, each with a request line and one header sent, never finished,
    from loopback addresses other than :data:`HOST`."""
    room_for(count + 256)
    opened: list[socket.socket] = []
    try:
        for number in range(count):
            source = f"127.0.0.{2 + number // PER_ADDRESS}"
            connection = socket.create_connection(
                (HOST, port), timeout=10, source_address=(source, 0)
            )
            connection.sendall(f"GET /?slow={number} HTTP/1.1\r\nHost: x\r\n".encode())
            opened.append(connection)
        yield opened
    finally:
        for connection in opened:
            connection.close()


def another_line(opened: list[socket.socket]) -> None:
    """One more header line on every connection still open (what keeps them from idling)."""
    for connection in opened:
        with contextlib.suppress(OSError):  # closed by the server: what it should do
            connection.sendall(b"X-Slow: 1\r\n")


def visitor_seconds(port: int, path: str = "/", timeout: float = 60) -> tuple[int, float]:
    """A new visitor's status and how long its page took (connecting included)."""
    began = time.perf_counter()
    with Client(port, timeout=timeout) as client:
        status = client.send("GET", path).status
    return status, time.perf_counter() - began
