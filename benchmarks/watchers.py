"""Phones following games on their streams: the round page's wait with 2,000 streams open, and
a change to a game that 1,000 phones watch, pushed to all of them, with another table's round
page measured meanwhile.

Every open page of a game holds one stream (``/games/<id>/events``, ``static/live.js``): the
server pushes the game's new version on it as a change is saved, and a word every 10 s. The
real server (``python -m scorekeeper.serve``, 8 threads) on 127.0.0.1; one scorekeeper's phone
asks for the round page of a 6-player game at round 10 again and again (one keep-alive
connection), first alone, then with ``watchers`` streams open on its game. Then ``wave`` of the
streams follow another game, created through the API, to which a round is posted every 1-2 s:
for each change, the time from sending it until the last of them had it, while the scorekeeper
keeps asking for its own round page. The watchers run in a process of their own (asyncio, one
connection each, from 127.0.0.2 and up, at most 100 from one address: the server caps one
address's open requests), so their client work does not slow the scorekeeper's client; on a
2-core machine they still share the cores with the server.

Run ``.venv/bin/python -m benchmarks.watchers --seconds 10``; :func:`run` returns the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.common import THREADS
from benchmarks.growth import prepare
from benchmarks.load import _ms
from scorekeeper import storage
from tests.support.ports import HOST
from tests.support.server import Server, running
from tests.traffic import Players, acknowledged, create_games, stored_rounds

WATCHERS = 2000
WAVE = 1000
CHANGES = 10
PER_ADDRESS = 100


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
    port: int, games: list[str], number: int, until: float, tally: dict[str, Any], again: bool
) -> None:
    """One phone following ``games[number % len(games)]`` until ``until``; with ``again``, it
    opens its stream again a second after it drops, as a browser does."""
    game = games[number % len(games)]
    source = f"127.0.0.{2 + number // PER_ADDRESS}"
    await asyncio.sleep(random.Random(number).uniform(0, 2))  # pages opened at different times
    request = f"GET /games/{game}/events HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode()
    seen = 0
    while time.monotonic() < until:
        writer = None
        try:
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(source, 0))
            writer.write(request)
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=30)
            status = int(head.split(b" ", 2)[1])
            tally["statuses"][status] = tally["statuses"].get(status, 0) + 1
            if status != 200:
                raise ConnectionError(f"stream answered {status}")
            kind = b""
            while time.monotonic() < until:
                line = await asyncio.wait_for(reader.readline(), timeout=until - time.monotonic())
                if not line:
                    raise ConnectionError("the stream ended")
                if line.startswith(b"event: "):
                    kind = line[7:].strip()
                elif kind == b"version" and line[6:].strip().isdigit():
                    version = int(line[6:])
                    if not seen:
                        tally["ready"] += 1
                    elif version > seen:
                        tally["arrivals"].setdefault(version, []).append(time.monotonic())
                    seen = max(seen, version)
                    tally["last"][number] = (game, version, time.monotonic())
        except (TimeoutError, OSError, asyncio.IncompleteReadError) as error:
            if time.monotonic() >= until - 1:
                break
            if not again:
                tally["errors"].append(repr(error))
                break
            tally["drops"] += 1
            await asyncio.sleep(1)
        finally:
            if writer is not None:
                writer.close()


def _watchers(
    port: int, games: list[str], count: int, seconds: float, again: bool, ready: Any, out: Any
) -> None:
    """Process body: ``count`` phones following ``games`` for ``seconds``; ``ready`` counts
    those that had their first version; their tally goes to ``out``."""
    tally: dict[str, Any] = {
        "statuses": {},
        "errors": [],
        "arrivals": {},
        "ready": 0,
        "drops": 0,
        "last": {},
    }

    async def main() -> None:
        until = time.monotonic() + seconds

        async def report() -> None:
            while time.monotonic() < until:
                ready.value = tally["ready"]
                await asyncio.sleep(0.1)

        watching = (_watch(port, games, n, until, tally, again) for n in range(count))
        await asyncio.gather(report(), *watching)

    asyncio.run(main())
    out.put(tally)


class Crowd:
    """``count`` watching phones following ``games`` in a process of their own, for
    ``seconds``; with ``again``, a dropped stream is opened again."""

    def __init__(
        self, port: int, games: list[str], count: int, seconds: float, again: bool = False
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self.count = count
        self.seconds = seconds
        self.ready = context.Value("i", 0)
        self.queue: Any = context.Queue()
        self.process = context.Process(
            target=_watchers,
            args=(port, games, count, seconds, again, self.ready, self.queue),
        )
        self.process.start()

    def wait_ready(self, timeout: float = 60) -> float:
        """Seconds until every stream had its first version (RuntimeError after ``timeout``)."""
        started = time.monotonic()
        while self.ready.value < self.count:
            if time.monotonic() - started > timeout:
                raise RuntimeError(f"{self.ready.value} of {self.count} streams opened")
            time.sleep(0.05)
        return time.monotonic() - started

    def tally(self) -> dict[str, Any]:
        found: dict[str, Any] = self.queue.get(timeout=self.seconds + 120)
        self.process.join(timeout=30)
        return found


def _api_game(port: int) -> tuple[str, str]:
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    body = json.dumps({"players": ["Ana", "Ben", "Cleo"], "first_dealer": 0})
    connection.request("POST", "/api/games", body, {"Content-Type": "application/json"})
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return answer["id"], answer["edit_token"]


def _post_rounds(port: int, game: str, token: str, count: int) -> dict[int, float]:
    """Post ``count`` rounds 1-2 s apart: the monotonic time each was sent, by the version it
    makes (the game's version starts at 1)."""
    rng = random.Random(7)
    sent: dict[int, float] = {}
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    for number in range(1, count + 1):
        time.sleep(rng.uniform(1.0, 2.0))
        trump = {"turned": "suit", "suit": "hearts"}
        body = json.dumps({"trump": trump, "bids": [0, 0, 0], "tricks": [number, 0, 0]})
        sent[number + 1] = time.monotonic()
        connection.request("POST", f"/api/games/{game}/rounds", body, headers)
        answer = connection.getresponse()
        answer.read()
        if answer.status != 201:
            raise RuntimeError(f"round {number}: {answer.status}")
    connection.close()
    return sent


# --- the run ---------------------------------------------------------------------------------


def run(seconds: float = 20.0, watchers: int = WATCHERS, wave: int = WAVE) -> dict[str, Any]:
    """The round page alone and beside ``watchers`` streams, and ``wave`` streams told of
    :data:`CHANGES` changes while another table's round page is measured."""
    with tempfile.TemporaryDirectory(prefix="bench-watchers-") as tmp:
        instance = Path(tmp) / "instance"
        fixtures, _filled = prepare(instance, 10)
        page = f"/games/{fixtures.round_id}"
        with running(instance, THREADS) as server:
            port = server.port
            scorekeeper(port, page, fixtures.cookie, 2)  # warm up
            alone = scorekeeper(port, page, fixtures.cookie, seconds)

            crowd = Crowd(port, [fixtures.round_id], watchers, seconds + 90)
            opened_s = crowd.wait_ready()
            watched = scorekeeper(port, page, fixtures.cookie, seconds)
            crowd.process.terminate()
            crowd.process.join(timeout=30)

            game, token = _api_game(port)
            changes = CHANGES * 2.0 + 5
            crowd = Crowd(port, [game], wave, changes + 60)
            crowd.wait_ready()
            during: list[float] = []
            beside = threading.Thread(
                target=lambda: during.extend(scorekeeper(port, page, fixtures.cookie, changes))
            )
            beside.start()
            sent = _post_rounds(port, game, token, CHANGES)
            beside.join()
            tally = crowd.tally()
    reached = []
    for version, at in sent.items():
        arrived = tally["arrivals"].get(version, [])
        last = max(arrived) - at if len(arrived) == wave else float("inf")
        reached.append({"version": version, "told": len(arrived), "all_s": last})
    finite = [change["all_s"] for change in reached if change["all_s"] != float("inf")]
    figures: dict[str, Any] = {
        "seconds": seconds,
        "watchers": watchers,
        "wave": wave,
        "streams_opened_s": round(opened_s, 2),
        "alone_requests": len(alone),
        "alone_p50_ms": _ms(alone, 50),
        "alone_p99_ms": _ms(alone, 99),
        "watched_requests": len(watched),
        "watched_p50_ms": _ms(watched, 50),
        "watched_p99_ms": _ms(watched, 99),
        "wave_requests": len(during),
        "wave_p99_ms": _ms(during, 99),
        "changes": len(reached),
        "changes_to_all": len(finite),
        "all_told_median_s": round(statistics.median(finite), 3) if finite else None,
        "all_told_slowest_s": round(max(finite), 3) if finite else None,
        "wave_statuses": {str(k): v for k, v in sorted(tally["statuses"].items())},
        "errors": len(tally["errors"]),
    }
    figures["p99_ratio"] = figures["watched_p99_ms"] / figures["alone_p99_ms"]
    figures["p50_ratio"] = figures["watched_p50_ms"] / figures["alone_p50_ms"]
    figures["wave_p99_ratio"] = figures["wave_p99_ms"] / figures["alone_p99_ms"]
    if tally["errors"]:
        figures["first_errors"] = "; ".join(tally["errors"][:3])
    return figures


def crash(streams: int = 1000, games: int = 20) -> dict[str, Any]:
    """kill -9 while ``streams`` phones follow ``games`` games that 8 clients post rounds to:
    the rounds acknowledged that are missing after the restart, and how soon every phone had
    its game's version again (``tests/test_trust_crash.py`` checks the same without phones)."""
    with tempfile.TemporaryDirectory(prefix="bench-crash-") as tmp:
        server = Server(Path(tmp) / "instance", THREADS)
        server.start()
        try:
            tracked = create_games(server, games)
            crowd = Crowd(server.port, [game.id for game in tracked], streams, 20, again=True)
            crowd.wait_ready()
            players = Players(server, tracked, 8)
            players.start()
            try:
                deadline = time.monotonic() + 5
                while acknowledged(tracked) < 120 and time.monotonic() < deadline:
                    time.sleep(0.01)
                server.kill()
                killed = time.monotonic()
            finally:
                players.finish()
            server.start(same_port=True)
            restarted = time.monotonic()
            with server.client() as client:
                lost = 0
                for game in tracked:
                    stored = stored_rounds(client, game.id)
                    lost += sum(1 for done in game.acknowledged if done not in stored)
            watch = storage.Watch(storage.connect(server.database))
            current = watch.versions([("games", game.id) for game in tracked])
            watch.close()
            tally = crowd.tally()
        finally:
            server.stop()
    caught = [
        at - restarted
        for game_id, version, at in tally["last"].values()
        if version >= (current["games", game_id] or 0) and at >= killed
    ]
    return {
        "streams": streams,
        "games": games,
        "acknowledged": acknowledged(tracked),
        "lost": lost,
        "caught_up": len(caught),
        "caught_up_median_s": round(statistics.median(caught), 2) if caught else None,
        "caught_up_slowest_s": round(max(caught), 2) if caught else None,
        "drops": tally["drops"],
        "failures": len(players.failures),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.watchers", description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0, help="each phase (default 20)")
    parser.add_argument("--watchers", type=int, default=WATCHERS, help="streams open")
    parser.add_argument("--wave", type=int, default=WAVE, help="streams told of a change")
    args = parser.parse_args(argv)
    figures = run(args.seconds, args.watchers, args.wave)
    print(json.dumps(figures, indent=2))
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
