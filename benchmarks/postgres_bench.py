"""PostgreSQL beside SQLite (issue 52): what a round page, the 6 x 10 sheet and a submitted round
cost on each engine on this machine, and two pad servers on one PostgreSQL with 2,000 phones
watching split over them.

Both engines hold the same pad: ``benchmarks.growth.prepare`` writes it to a SQLite file, and
``storage.moving`` copies it into a PostgreSQL server made for the run (the operating system's,
with its default durability: every commit written to disk before it is acknowledged). The real
server (``python -m scorekeeper.serve``, 8 threads) serves each engine in turn; one phone asks
for each page, one request after the other, and submits rounds to games of its own. Then two
servers on the PostgreSQL database: the round page's wait through one of them alone, and with
1,000 streams open on each; then 1,000 phones following a game through the second server while
rounds are posted through the first, the time until the last of them has each change.

Run ``.venv/bin/python -m benchmarks --only postgres --output /tmp/bench.md``.
"""

from __future__ import annotations

import http.client
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import games
from benchmarks.common import THREADS
from benchmarks.goals import markdown_table
from benchmarks.growth import new_games, prepare
from benchmarks.load import _ms
from benchmarks.watchers import CHANGES, Crowd, _api_game, _post_rounds, scorekeeper
from scorekeeper import storage
from scorekeeper.storage import moving
from tests.support.ports import HOST
from tests.support.postgres import PostgresServer, bin_folder
from tests.support.server import Server

STORED = 1000  # games in the pad besides the ones measured
POSTED_GAMES = 100  # fresh 6-player games a round is submitted to, one each


def _copy_to(path: Path, url: str) -> None:
    source, target = storage.connect(path), storage.connect(url)
    try:
        storage.migrate(target)
        moving.copy_pad(source, target)
    finally:
        source.close()
        target.close()


def _instance(folder: Path, secret: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "secret_key").write_text(secret)
    return folder


def _submits(port: int, stored: list[storage.StoredGame]) -> list[float]:
    """Seconds each submitted round took, one after the other."""
    body = json.dumps(games.round_json(games.finished(6, seed=3).rounds[0]))
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    waits = []
    try:
        for entry in stored:
            headers = {
                "Content-Type": "application/json",
                "Authorization": f"Bearer {entry.edit_token}",
            }
            started = time.perf_counter()
            connection.request("POST", f"/api/games/{entry.id}/rounds", body, headers)
            answer = connection.getresponse()
            answer.read()
            if answer.status != 201:
                raise RuntimeError(f"a round answered {answer.status}")
            waits.append(time.perf_counter() - started)
    finally:
        connection.close()
    return waits


def _round_trip(target: str, count: int = 2000) -> float:
    """The median milliseconds of the smallest query (``SELECT 1``) on the engine."""
    db = storage.connect(target)
    try:
        waits = []
        for _ in range(count):
            started = time.perf_counter()
            db.execute("SELECT 1").fetchall()
            waits.append(time.perf_counter() - started)
    finally:
        db.close()
    return statistics.median(waits) * 1000


def _costs(server: Server, target: str, fixtures: Any, seconds: float) -> dict[str, Any]:
    port = server.port
    figures: dict[str, Any] = {}
    pages = {"round": f"/games/{fixtures.round_id}"}
    pages["sheet6"] = f"/games/{fixtures.sheets['sheet6']}/sheet"
    for case, path in pages.items():
        cookie = fixtures.cookies[case]
        scorekeeper(port, path, cookie, 1)  # warm up
        waits = scorekeeper(port, path, cookie, seconds)
        figures[case] = {"requests": len(waits), "p50_ms": _ms(waits, 50), "p99_ms": _ms(waits, 99)}
    waits = _submits(port, new_games(target, POSTED_GAMES))
    figures["post"] = {"requests": len(waits), "p50_ms": _ms(waits, 50), "p99_ms": _ms(waits, 99)}
    figures["select_1_ms"] = _round_trip(target)
    return figures


def run(seconds: float = 10.0, watchers: int = 2000) -> dict[str, Any]:
    """Each engine's costs, then two servers on PostgreSQL with ``watchers`` phones."""
    found = bin_folder()
    if found is None:
        return {"error": "PostgreSQL's server is not installed (make test installs it)"}
    with tempfile.TemporaryDirectory(prefix="bench-postgres-") as tmp:
        folder = Path(tmp)
        sqlite_instance = folder / "sqlite"
        fixtures, _filled = prepare(sqlite_instance, STORED)
        secret = (sqlite_instance / "secret_key").read_text()
        postgres = PostgresServer(found, durable=True)
        postgres.start()
        try:
            url = postgres.empty_database()
            _copy_to(sqlite_instance / "scorekeeper.sqlite", url)
            env = {"SCOREKEEPER_DATABASE_URL": url}
            figures: dict[str, Any] = {"stored": STORED, "seconds": seconds}
            served = Server(sqlite_instance, THREADS)
            served.start()
            try:
                path = str(sqlite_instance / "scorekeeper.sqlite")
                figures["sqlite"] = _costs(served, path, fixtures, seconds)
            finally:
                served.stop()
            first = Server(_instance(folder / "first", secret), THREADS, env=env)
            second = Server(_instance(folder / "second", secret), THREADS, env=env)
            first.start()
            try:
                figures["postgresql"] = _costs(first, url, fixtures, seconds)
                second.start()
                try:
                    figures["two_servers"] = _two_servers(
                        first, second, fixtures, seconds, watchers
                    )
                finally:
                    second.stop()
            finally:
                first.stop()
        finally:
            postgres.stop()
            shutil.rmtree(folder, ignore_errors=True)
    for case in ("round", "sheet6", "post"):
        figures[f"{case}_ratio"] = (
            figures["postgresql"][case]["p50_ms"] / figures["sqlite"][case]["p50_ms"]
        )
    return figures


def _two_servers(
    first: Server, second: Server, fixtures: Any, seconds: float, watchers: int
) -> dict[str, Any]:
    page, cookie = f"/games/{fixtures.round_id}", fixtures.cookie
    scorekeeper(first.port, page, cookie, 1)
    alone = scorekeeper(first.port, page, cookie, seconds)
    half = watchers // 2
    crowds = [
        Crowd(server.port, [fixtures.round_id], half, seconds + 90) for server in (first, second)
    ]
    opened = max(crowd.wait_ready() for crowd in crowds)
    watched = scorekeeper(first.port, page, cookie, seconds)
    for crowd in crowds:
        crowd.process.terminate()
        crowd.process.join(timeout=30)

    followed, token = _api_game(first.port)
    changes = CHANGES * 2.0 + 5
    crowd = Crowd(second.port, [followed], half, changes + 60)
    crowd.wait_ready()
    sent = _post_rounds(first.port, followed, token, CHANGES)
    tally = crowd.tally()
    told = []
    for version, at in sent.items():
        arrived = tally["arrivals"].get(version, [])
        told.append(max(arrived) - at if len(arrived) == half else float("inf"))
    return {
        "watchers": watchers,
        "streams_opened_s": round(opened, 2),
        "alone_p50_ms": _ms(alone, 50),
        "alone_p99_ms": _ms(alone, 99),
        "watched_p50_ms": _ms(watched, 50),
        "watched_p99_ms": _ms(watched, 99),
        "p99_ratio": _ms(watched, 99) / _ms(alone, 99),
        "changes": len(told),
        "changes_to_all": sum(1 for t in told if t != float("inf")),
        "all_told_median_s": round(statistics.median(told), 3),
        "all_told_slowest_s": round(max(told), 3),
        "errors": len(tally["errors"]),
    }


def report(results: dict[str, Any]) -> list[str]:
    """The section of docs/benchmarks.md."""
    from benchmarks.report import _failed, _n

    section = results.get("postgres", {})
    lines = ["## PostgreSQL beside SQLite", ""]
    if failed := _failed(section):
        return lines + failed
    sqlite, postgres, two = section["sqlite"], section["postgresql"], section["two_servers"]
    names = {
        "round": "Round page (6 players, round 10)",
        "sheet6": "Score sheet, 6 players x 10 rounds",
        "post": f"Submit a round ({POSTED_GAMES} games, 6 players, one after the other)",
    }
    rows = [
        [
            name,
            _n(sqlite[case]["p50_ms"], 2),
            _n(postgres[case]["p50_ms"], 2),
            f"**{_n(section[f'{case}_ratio'], 2)}x**",
            _n(sqlite[case]["p99_ms"], 2),
            _n(postgres[case]["p99_ms"], 2),
        ]
        for case, name in names.items()
    ]
    smallest = [_n(sqlite["select_1_ms"], 3), _n(postgres["select_1_ms"], 3), "", "", ""]
    rows.append(["The smallest query (`SELECT 1`)", *smallest])
    head = ["", "SQLite p50 ms", "PostgreSQL p50 ms", "ratio", "SQLite p99", "PostgreSQL p99"]
    half = _n(two["watchers"] // 2)
    return [
        *lines,
        "The same pad on both engines (`benchmarks/postgres_bench.py`): "
        f"{_n(section['stored'])} stored games written to a SQLite file, then copied into a "
        "PostgreSQL server started for the run (the operating system's, its default durability: "
        "each commit on disk before it is acknowledged). The real server (8 threads) serves each "
        "engine in turn; one phone asks for each page one request after the other for "
        f"{_n(section['seconds'])} s, then submits a round to each of its own new games. Goal: "
        "PostgreSQL at most 2x SQLite's median.",
        "",
        *markdown_table(head, rows),
        "",
        "Where the time goes: every statement is a round trip to the server (the smallest "
        "query's row above), where SQLite reads in the process; a page is a few reads, a "
        "submitted round about four round trips (its statements sent as a pipeline) and a "
        "commit written to disk before it is acknowledged, which SQLite's write-ahead log "
        "does not wait for (docs/postgresql.md).",
        "",
        "**Two pad servers on one PostgreSQL**, each with its own process and threads: the round "
        f"page through the first alone, then with {_n(two['watchers'])} phones' streams open on "
        f"its game, half on each server (all open within {_n(two['streams_opened_s'], 1)} s): "
        f"p50 {_n(two['alone_p50_ms'], 1)} -> {_n(two['watched_p50_ms'], 1)} ms, p99 "
        f"{_n(two['alone_p99_ms'], 1)} -> {_n(two['watched_p99_ms'], 1)} ms, "
        f"**{_n(two['p99_ratio'], 2)}x** (goal 1.5x). Then {half} phones follow a game through "
        f"the second server while {two['changes']} rounds are posted through the first, 1 to 2 s "
        "apart: the last phone had each change "
        f"{_n(two['all_told_median_s'], 3)} s after it was sent (median), "
        f"**{_n(two['all_told_slowest_s'], 3)} s** at the slowest (goal 1 s; "
        f"{two['changes_to_all']} of {two['changes']} reached all; errors: {two['errors']}).",
    ]
