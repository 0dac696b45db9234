"""Watching phones: the round page's wait with 500 phones following the game against none.

Every open page of a game asks ``/games/<id>/version`` whether the game changed
(``static/live.js``), saying it will wait (``Prefer: wait=10``): the server holds the question
while nothing changes and answers ``304`` after 10 s, or at once where it cannot hold it; 1.5 s
after each answer the page asks again. This measures what that costs the scorekeeper: the real
server (``python -m scorekeeper.serve``, 8 threads) on 127.0.0.1, the round page of a 6-player
game at round 10 asked for again and again by one scorekeeper's phone (one keep-alive
connection, opened after the watchers', as a phone that comes back from sleep), first alone,
then with 500 watchers polling on connections of their own, each at its own phase. The watchers
run in a process of their own (asyncio, one connection each), so their client work does not
slow the scorekeeper's client; on a 2-core machine they still share the cores with the server,
as phones share a laptop's Wi-Fi card.

Run ``.venv/bin/python -m benchmarks.watchers --seconds 10``; :func:`run` returns the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import THREADS
from benchmarks.growth import prepare
from benchmarks.load import _ms
from scorekeeper.web import held_checks
from tests.support.ports import HOST
from tests.support.server import running

WATCHERS = 500
EVERY = 1.5  # seconds from an answer to the next check: live.js's pace
WAIT = held_checks.MOST_SECONDS  # what live.js says it will wait (its WAIT_S)


# --- the scorekeeper -------------------------------------------------------------------------


def scorekeeper(port: int, path: str, cookie: dict[str, str], seconds: float) -> list[float]:
    """Seconds each ``GET path`` took, asked one after the other for ``seconds``."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    waits: list[float] = []
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            connection.request("GET", path, headers=cookie)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"round page answered {response.status}")
            waits.append(time.perf_counter() - started)
    finally:
        connection.close()
    return waits


# --- the watchers ----------------------------------------------------------------------------


async def _watch(
    port: int, path: str, etag: str, until: float, seed: int, tally: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    condition = f"If-None-Match: {etag}\r\nPrefer: wait={WAIT}\r\n" if etag else ""
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n{condition}\r\n".encode()
    await asyncio.sleep(rng.uniform(0, EVERY))  # phones opened the page at different times
    connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    try:
        while time.monotonic() < until:
            started = time.perf_counter()
            if connection is None:
                # As a browser does when the server closed the last one (the pad's Waitress
                # keeps it after a 304 since hosting._Task; it closes an idle one after 30 s).
                connection = await asyncio.open_connection(HOST, port)
                tally["connections"] += 1
            reader, writer = connection
            writer.write(request)
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=30)
            status = int(head.split(b" ", 2)[1])
            for line in head.lower().split(b"\r\n"):
                if line.startswith(b"content-length:"):
                    await reader.readexactly(int(line.split(b":", 1)[1]))
            if b"\r\nconnection: close" in head.lower():
                writer.close()
                connection = None
            tally["waits"].append(time.perf_counter() - started)
            tally["statuses"][status] = tally["statuses"].get(status, 0) + 1
            await asyncio.sleep(EVERY)
    except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
        tally["errors"].append(repr(error))
    finally:
        if connection is not None:
            connection[1].close()


def _watchers(port: int, path: str, etag: str, seconds: float, count: int, out: Any) -> None:
    """Process body: ``count`` watchers for ``seconds``; their tally goes to ``out``."""
    tally: dict[str, Any] = {"waits": [], "statuses": {}, "errors": [], "connections": 0}

    async def main() -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(_watch(port, path, etag, until, n, tally) for n in range(count)))

    asyncio.run(main())
    out.put(tally)


# --- the run ---------------------------------------------------------------------------------


def run(
    seconds: float = 20.0, watchers: int = WATCHERS, conditional: bool = True
) -> dict[str, Any]:
    """The round page's p50 and p99 alone and with ``watchers`` polling phones; their checks."""
    with tempfile.TemporaryDirectory(prefix="bench-watchers-") as tmp:
        instance = Path(tmp) / "instance"
        fixtures, _filled = prepare(instance, 10)
        page = f"/games/{fixtures.round_id}"
        with running(instance, THREADS) as server:
            port = server.port
            check = http.client.HTTPConnection(HOST, port, timeout=10)
            check.request("GET", f"{page}/version")
            answer = check.getresponse()
            etag = (answer.getheader("ETag") or "") if conditional else ""
            answer.read()
            check.close()
            scorekeeper(port, page, fixtures.cookie, 2)  # warm up
            alone = scorekeeper(port, page, fixtures.cookie, seconds)

            queue: Any = multiprocessing.get_context("spawn").Queue()
            process = multiprocessing.get_context("spawn").Process(
                target=_watchers,
                args=(port, f"{page}/version", etag, seconds + 2 * EVERY + 2, watchers, queue),
            )
            process.start()
            time.sleep(EVERY + 1)  # every watcher connected and polling
            watched = scorekeeper(port, page, fixtures.cookie, seconds)
            tally = queue.get(timeout=seconds + 120)
            process.join(timeout=30)
    checks: list[float] = tally["waits"]
    figures: dict[str, Any] = {
        "seconds": seconds,
        "watchers": watchers,
        "every_s": EVERY,
        "wait_s": WAIT,
        "alone_requests": len(alone),
        "alone_p50_ms": _ms(alone, 50),
        "alone_p99_ms": _ms(alone, 99),
        "watched_requests": len(watched),
        "watched_p50_ms": _ms(watched, 50),
        "watched_p99_ms": _ms(watched, 99),
        "checks": len(checks),
        "checks_per_second": len(checks) / (seconds + 2 * EVERY + 2),
        "check_p50_ms": _ms(checks, 50),
        "check_p99_ms": _ms(checks, 99),
        "check_statuses": {str(k): v for k, v in sorted(tally["statuses"].items())},
        "check_connections": tally["connections"],
        "errors": len(tally["errors"]),
    }
    figures["p99_ratio"] = figures["watched_p99_ms"] / figures["alone_p99_ms"]
    figures["p50_ratio"] = figures["watched_p50_ms"] / figures["alone_p50_ms"]
    if tally["errors"]:
        figures["first_errors"] = "; ".join(tally["errors"][:3])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.watchers", description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0, help="each phase (default 20)")
    parser.add_argument("--watchers", type=int, default=WATCHERS, help="polling phones")
    parser.add_argument("--plain", action="store_true", help="no If-None-Match: 200 each time")
    args = parser.parse_args(argv)
    figures = run(args.seconds, args.watchers, conditional=not args.plain)
    print(json.dumps(figures, indent=2))
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
