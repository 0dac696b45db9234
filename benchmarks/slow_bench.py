"""A new visitor beside a thousand connections that trickle their requests in.

The real server over an empty instance; ``count`` connections each send a request line and one
header, then another header line now and then, and never finish (a slow attacker, or a crowd
of phones on a bad network). Once all are open, new visitors open the home page, each on a
connection of its own and each just after every trickling connection sent a line (the worst
moment): how long each waited, connecting included. The same visitors are timed before the
trickling starts. Goal: served within a second (issue 20, docs/hosting.md).

:func:`one_address`: one address opens 2,000 connections asking for a game's stream (the
server serves a few hundred at once from one address and refuses the rest, which stay open,
idle); new visitors from another address open the home page. Goal: served within a second.

:func:`reopening`: one address keeps 1,000 connections asking for a stream the app refuses (an
unknown game), each opening the next as soon as its answer comes (issue 46: the version checks
of these streams took every one of the app's threads, and a game's page waited 1.3 s); new
visitors from another address open a game's page meanwhile. Goal: served within a second.

Run ``.venv/bin/python -m benchmarks.slow_bench``.
"""

from __future__ import annotations

import asyncio
import http.client
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.support.ports import HOST
from tests.support.server import Server, running
from tests.support.slow import another_line, room_for, trickling, visitor_seconds

GOAL_SECONDS = 1.0
VISITOR_TIMEOUT = 30.0
SETTLE_SECONDS = 1.0


def _visitor(port: int) -> tuple[int, float]:
    """A visitor's status and seconds; a visitor not served within the timeout counts as 0."""
    try:
        return visitor_seconds(port, timeout=VISITOR_TIMEOUT)
    except OSError:
        return 0, VISITOR_TIMEOUT


def run(count: int = 1000, visitors: int = 5) -> dict[str, Any]:
    """The new visitors' median and slowest seconds alone and beside ``count`` trickling
    connections, their statuses, and the goal."""
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        with running(instance) as live:
            _visitor(live.port)  # warm: the first page's templates
            alone = [_visitor(live.port) for _ in range(visitors)]
            with trickling(live.port, count) as opened:
                # They are trickling once all are open: the burst of opening them is not timed.
                time.sleep(SETTLE_SECONDS)
                beside = []
                for _ in range(visitors):
                    another_line(opened)
                    beside.append(_visitor(live.port))
    return {"trickling": count, **_figures(alone, beside)}


def _figures(alone: list[tuple[int, float]], beside: list[tuple[int, float]]) -> dict[str, Any]:
    """The visitors' figures alone and beside the crowd, against the goal."""
    seconds = [taken for _status, taken in beside]
    return {
        "visitors": len(beside),
        "alone_median_s": round(statistics.median(taken for _status, taken in alone), 4),
        "median_s": round(statistics.median(seconds), 4),
        "slowest_s": round(max(seconds), 4),
        "not_served": sum(status != 200 for status, _taken in beside),
        "goal_s": GOAL_SECONDS,
    }


def _visitor_from(port: int, source: str) -> tuple[int, float]:
    """A visitor from the address ``source``: the home page's status and seconds."""
    began = time.perf_counter()
    try:
        connection = http.client.HTTPConnection(
            HOST, port, timeout=VISITOR_TIMEOUT, source_address=(source, 0)
        )
        connection.request("GET", "/")
        answer = connection.getresponse()
        answer.read()
        connection.close()
    except OSError:
        return 0, VISITOR_TIMEOUT
    return answer.status, time.perf_counter() - began


@contextmanager
def _a_server_with_a_game() -> Iterator[tuple[Server, dict[str, Any]]]:
    """The real server over an empty instance, with one game made: the server and the game."""
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        with running(instance) as live, live.client() as client:
            body = {"players": ["A", "B", "C"], "first_dealer": 0}
            yield live, client.request("POST", "/api/games", body)[1]


def one_address(count: int = 2000, visitors: int = 5) -> dict[str, Any]:
    """One address (127.0.0.1) opens ``count`` connections, each asking for a game's stream
    (those refused stay open, idle); new visitors from 127.0.0.2 open the home page."""
    room_for(count + 256)
    with _a_server_with_a_game() as (live, game):
        _visitor_from(live.port, "127.0.0.2")  # warm: the first page's templates
        alone = [_visitor_from(live.port, "127.0.0.2") for _ in range(visitors)]
        request = f"GET /games/{game['id']}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        statuses: dict[str, int] = {}
        opened: list[socket.socket] = []
        try:
            for _ in range(count):
                held = socket.create_connection((HOST, live.port), timeout=10)
                try:  # past 512 from one address, closed as it comes (server/connections.py)
                    held.sendall(request)
                    status = held.recv(12)[9:12].decode() or "closed"
                except OSError:
                    status = "closed"
                statuses[status] = statuses.get(status, 0) + 1
                if status != "200":  # refused and closed: open it again and keep it idle
                    held.close()
                    held = socket.create_connection((HOST, live.port), timeout=10)
                opened.append(held)
            time.sleep(SETTLE_SECONDS)
            beside = [_visitor_from(live.port, "127.0.0.2") for _ in range(visitors)]
        finally:
            for held in opened:
                held.close()
    return {"connections": count, "statuses": statuses, **_figures(alone, beside)}


def reopening(count: int = 1000, seconds: float = 8.0, visitors: int = 5) -> dict[str, Any]:
    """127.0.0.2 keeps ``count`` connections asking for an unknown game's stream for
    ``seconds``, each opened again as soon as it is answered; ``visitors`` from 127.0.0.1
    open a game's page meanwhile (spread over the time)."""
    room_for(count + 256)
    with _a_server_with_a_game() as (live, game):
        page = f"/games/{game['id']}"
        _visitor_at(live.port, page)  # warm: the page's templates
        alone = [_visitor_at(live.port, page) for _ in range(visitors)]
        statuses: dict[str, int] = {}
        until = time.monotonic() + seconds
        crowd = threading.Thread(
            target=asyncio.run, args=(_reopen(live.port, count, until, statuses),)
        )
        crowd.start()
        try:
            time.sleep(seconds / 4)  # all of them opening and refused
            beside = []
            for _ in range(visitors):
                beside.append(_visitor_at(live.port, page))
                time.sleep(seconds / 2 / visitors)
        finally:
            crowd.join(timeout=seconds + VISITOR_TIMEOUT)
    refused = {status: n for status, n in sorted(statuses.items())}
    return {
        "connections": count,
        "seconds": seconds,
        "statuses": refused,
        **_figures(alone, beside),
    }


def _visitor_at(port: int, path: str) -> tuple[int, float]:
    """A visitor from 127.0.0.1 opening ``path``: its status and seconds."""
    began = time.perf_counter()
    try:
        connection = http.client.HTTPConnection(HOST, port, timeout=VISITOR_TIMEOUT)
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        connection.close()
    except OSError:
        return 0, VISITOR_TIMEOUT
    return answer.status, time.perf_counter() - began


async def _reopen(port: int, count: int, until: float, statuses: dict[str, int]) -> None:
    """``count`` connections from 127.0.0.2, each asking for an unknown game's stream and, once
    answered, asking again on a new one, until ``until``."""
    request = b"GET /games/no-such-game/events HTTP/1.1\r\nHost: x\r\n\r\n"

    async def one() -> None:
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection(
                    HOST, port, local_addr=("127.0.0.2", 0)
                )
                writer.write(request)
                status = (await asyncio.wait_for(reader.readline(), 10))[9:12].decode()
                writer.close()
            except (OSError, TimeoutError) as error:
                status = type(error).__name__
            statuses[status] = statuses.get(status, 0) + 1

    await asyncio.gather(*(one() for _ in range(count)))


def main() -> None:
    """Print the results, one per line."""
    results = {**run(), "one_address": one_address(), "reopening": reopening()}
    for key, value in results.items():
        print(f"{key:>15}: {value}")


if __name__ == "__main__":
    main()
