"""Server speed and its growth with the database: the app and the floor on the pad's server.

One app server per database size (10 and 100,000 games stored) and the floor app are served at
once in subprocesses. Each repeat measures the floor (GET with wrk or the Python client, POST
with the Python client), then the round page, three score sheets and submitting rounds through
the JSON API, each on every size back to back (in alternating order: measured a whole turn of
figures apart, the two sizes met different loads on a shared machine, and growth moved by a
fifth between runs). Each figure is divided by the floor of the same repeat, and each size by
the small one in the same repeat; the medians of those ratios are reported.
"""

from __future__ import annotations

import json
import math
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface

from benchmarks import games, server
from benchmarks.common import FLOOR, THREADS, cpu_seconds, median, ratio
from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Variants
from scorekeeper.web import access, kinds
from tests.support.server import Server, running

ROUND_GAME = (6, 9)  # 6 players, 9 rounds played: round 10 asks for bids, round 9's result shows
POST_GAMES_PER_CLIENT = 12  # 6 players x 10 rounds each: at most 960 submitted rounds a repeat
JSON = {"Content-Type": "application/json", "Accept": "application/json"}


@dataclass(frozen=True)
class Fixtures:
    """The stored games the figures read, and the phone's session cookie (editor of all) as it
    is after the phone opened each one: ``cookie`` for the round page, ``cookies`` by case."""

    round_id: str
    sheets: dict[str, str]  # case -> game id
    cookie: dict[str, str]
    cookies: dict[str, dict[str, str]]


CASES = {
    "round": "Round page (6 players, round 10: bids, last result)",
    "sheet6": "Score sheet, 6 players x 10 rounds",
    "sheet8": "Score sheet, 8 players x 7 rounds",
    "sheet3": "Score sheet, 3 players x 20 rounds",
    "post": "Submit a round (POST /api/games/<id>/rounds, 6 players)",
}


def _cookie(
    secret: str, stored: list[storage.StoredGame], opened: storage.StoredGame
) -> dict[str, str]:
    """The session cookie of the phone that created these games and has just opened ``opened``:
    it holds its CSRF token and lists ``opened`` as its most recent game. (A cookie without
    them would make every request a first visit that writes a new cookie, which a phone does
    once.)"""
    signer = Flask("bench")
    signer.secret_key = secret
    serializer = SecureCookieSessionInterface().get_signing_serializer(signer)
    assert serializer is not None
    order = [entry for entry in stored if entry is not opened] + [opened]
    session = {
        # The phone's memory as the pad writes it (web/access.py): each game kept, with a proof
        # of its edit token. (A cookie of an older form is converted, and written again, on
        # every request that sends it unchanged, as this benchmark's client does.)
        access.MEMORY: [
            [kinds.GAME.letter + entry.id, access.proof(entry.edit_token), ""] for entry in order
        ],
        "csrf_token": secrets.token_hex(20),
        "_permanent": True,
    }
    return {"Cookie": f"session={serializer.dumps(session)}"}


def prepare(instance: Path, stored: int) -> tuple[Fixtures, dict[str, Any]]:
    """An instance folder holding ``stored`` games, four of them the ones measured."""
    instance.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_hex(32)
    (instance / "secret_key").write_text(secret)
    path = instance / "scorekeeper.sqlite"
    records = {
        "round": games.played(*ROUND_GAME, seed=11),
        "sheet6": games.finished(6, seed=12),
        "sheet8": games.finished(8, seed=13),
        "sheet3": games.finished(3, seed=14),
    }
    filled = games.fill(path, stored - len(records))
    database = storage.connect(path)
    try:
        created = {case: storage.create_game(database, record) for case, record in records.items()}
    finally:
        database.close()
    fixtures = Fixtures(
        round_id=created["round"].id,
        sheets={case: created[case].id for case in ("sheet6", "sheet8", "sheet3")},
        cookie=_cookie(secret, list(created.values()), created["round"]),
        cookies={
            case: _cookie(secret, list(created.values()), opened)
            for case, opened in created.items()
        },
    )
    return fixtures, {**filled, "games": stored}


def new_games(target: str | Path, count: int) -> list[storage.StoredGame]:
    """``count`` new 6-player games in the database at ``target`` (a file, or a URL)."""
    database = storage.connect(str(target))
    try:
        record = game.new_game(games.NAMES[:6], 0, Variants())
        return [storage.create_game(database, record) for _ in range(count)]
    finally:
        database.close()


def _drop(path: Path, stored: list[storage.StoredGame]) -> None:
    database = storage.connect(path)
    try:
        for entry in stored:
            storage.delete_game(database, entry.id)
    finally:
        database.close()


def _posts(stored: list[storage.StoredGame], bodies: list[bytes]) -> server.Requests:
    """Each client submits the rounds of its own games in order (no two clients share one)."""

    def requests(number: int) -> Iterator[server.Request]:
        for entry in stored[number :: server.CLIENTS]:
            headers = {**JSON, "Authorization": f"Bearer {entry.edit_token}"}
            for body in bodies:
                yield ("POST", f"/api/games/{entry.id}/rounds", body, headers, 201)

    return requests


def _floor_posts(body: bytes) -> server.Requests:
    def requests(_number: int) -> Iterator[server.Request]:
        while True:
            yield ("POST", "/", body, JSON, 200)

    return requests


def _with_cpu(served: Server, measure: Callable[[], server.Load]) -> dict[str, Any]:
    """The figures of one load, with the server process's CPU milliseconds per request."""
    assert served.process is not None
    pid = served.process.popen.pid
    before = cpu_seconds(pid)
    load = measure()
    used = cpu_seconds(pid) - before
    return asdict(load) | {"cpu_ms": 1000 * used / load.requests if load.requests else math.nan}


def _floors(floor: Server, seconds: float, body: bytes) -> dict[str, Any]:
    """The floor under the same clients as the app: GET, then POST."""
    port = floor.port
    server.warm(port, "/", {})
    return {
        "floor_get": _with_cpu(floor, lambda: server.get(port, "/", seconds, {})),
        "floor_post": _with_cpu(
            floor, lambda: server.python_load(port, _floor_posts(body), seconds)
        ),
    }


def _cases(
    app: Server, db_state: State, seconds: float, bodies: list[bytes]
) -> dict[str, Callable[[], dict[str, Any]]]:
    """Every figure of one database, each a load to run: the pages under GET load, submitting."""
    fixtures, port = db_state.fixtures, app.port
    paths = {"round": f"/games/{fixtures.round_id}"}
    paths |= {case: f"/games/{game_id}/sheet" for case, game_id in fixtures.sheets.items()}

    def page(url: str, cookie: dict[str, str]) -> dict[str, Any]:
        server.warm(port, url, cookie)
        return _with_cpu(app, partial(server.get, port, url, seconds, cookie))

    def submit() -> dict[str, Any]:
        stored = new_games(db_state.path, POST_GAMES_PER_CLIENT * server.CLIENTS)
        try:
            return _with_cpu(app, lambda: server.python_load(port, _posts(stored, bodies), seconds))
        finally:
            _drop(db_state.path, stored)

    loads = {case: partial(page, url, fixtures.cookies[case]) for case, url in paths.items()}
    return loads | {"post": submit}


@dataclass(frozen=True)
class State:
    """One database measured: its folder, file, the games read, and what was stored."""

    instance: Path
    fixtures: Fixtures
    filled: dict[str, Any]

    @property
    def path(self) -> Path:
        return self.instance / "scorekeeper.sqlite"


def _summary(runs: list[dict[str, Any]], size: str) -> dict[str, Any]:
    """Medians over the repeats, and the median of each repeat's ratio to its own floor."""
    summary: dict[str, Any] = {}
    for case in (*runs[0]["floor"], *runs[0][size]):
        floor = "floor_post" if case in ("post", "floor_post") else "floor_get"
        figures = [run["floor"][case] if case in run["floor"] else run[size][case] for run in runs]
        pairs = list(zip(figures, [run["floor"][floor] for run in runs], strict=True))
        summary[case] = {
            "tool": figures[0]["tool"],
            "rps": median([f["rps"] for f in figures]),
            "p50_ms": median([f["p50_ms"] for f in figures]),
            "p99_ms": median([f["p99_ms"] for f in figures]),
            "requests": sum(f["requests"] for f in figures),
            "errors": sum(f["errors"] for f in figures),
            # How many times the floor's cost: floor rps / rps, p50 / floor p50.
            "cost_x": median([ratio(b["rps"], f["rps"]) for f, b in pairs]),
            "p50_x": median([ratio(f["p50_ms"], b["p50_ms"]) for f, b in pairs]),
            # The server's CPU time per request / the floor's: the same cost, read off the
            # process instead of the clock, so other programs on the machine hardly move it.
            "cpu_ms": median([f.get("cpu_ms", math.nan) for f in figures]),
            "cpu_x": median([ratio(f.get("cpu_ms", 0), b.get("cpu_ms", 0)) for f, b in pairs]),
        }
    return summary


def _growth(runs: list[dict[str, Any]], small: str, big: str) -> dict[str, dict[str, float]]:
    """Per case: the median, lowest and highest of the repeats' paired ratios."""
    growth = {}
    for case in CASES:
        paired = [ratio(run[small][case]["rps"], run[big][case]["rps"]) for run in runs]
        growth[case] = {"median": median(paired), "low": min(paired), "high": max(paired)}
    return growth


def measure(sizes: tuple[int, ...], repeats: int = 3, seconds: float = 5) -> dict[str, Any]:
    """Every server figure for each database size, all served at once and measured in turns.

    Each repeat measures the floor, then each figure on every size back to back (in
    alternating order), so the sizes of a figure meet the same machine load, ``seconds`` apart
    rather than a whole turn of figures; growth is the paired ratio within each repeat.
    """
    bodies = [json.dumps(games.round_json(r)).encode() for r in games.finished(6, seed=3).rounds]
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp, ExitStack() as stack:
        states = {}
        for size in sizes:
            instance = Path(tmp) / f"games-{size}"
            states[str(size)] = State(instance, *prepare(instance, size))
        started = time.perf_counter()
        floor = stack.enter_context(running(Path(tmp) / "floor", THREADS, module=FLOOR))
        servers = {
            size: stack.enter_context(running(state.instance, THREADS))
            for size, state in states.items()
        }
        runs: list[dict[str, Any]] = []
        loads = {key: _cases(servers[key], states[key], seconds, bodies) for key in states}
        for turn in range(repeats):
            run: dict[str, Any] = {"floor": _floors(floor, seconds, bodies[-1])}
            run |= {key: {} for key in states}
            for number, case in enumerate(CASES):
                order = list(states) if (turn + number) % 2 == 0 else list(reversed(states))
                for key in order:
                    run[key][case] = loads[key][case]()
            runs.append(run)
        minutes = (time.perf_counter() - started) / 60
    small, *others = (str(size) for size in sizes)
    return {
        "sizes": {
            size: {"stored": state.filled, "summary": _summary(runs, size)}
            for size, state in states.items()
        },
        # Paired within each repeat: requests/s with few games / with many (>1: many cost more).
        "growth": {size: _growth(runs, small, size) for size in others},
        "repeats": repeats,
        "seconds": seconds,
        "minutes": round(minutes, 1),
        "runs": runs,
    }
