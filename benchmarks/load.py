"""Load test on loopback: many tables playing through the API of the real server at once.

The real server (``python -m scorekeeper.serve``, Uvicorn with 8 threads for Flask) runs as a
subprocess on a free port of 127.0.0.1 over a temporary instance folder. For a bounded time,
each simulated table (one thread, one keep-alive connection) creates a game through the API and
plays it round by round, as a scorekeeper's phone would: submit the round
(``POST /api/games/<id>/rounds``), then load the state (``GET /api/games/<id>``); a finished
game is followed by a new one. Every round is legal (the rules pick the bids), so any answer but
201/200 counts as an error, and there must be none.

Run ``.venv/bin/python -m benchmarks.load --seconds 10``; :func:`run` returns the figures as a
flat dict for ``make bench``. Not a test: ``make test`` does not run it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from scorekeeper.core import game
from scorekeeper.core.rules import Variants
from tests.plays import legal_round, round_json
from tests.support.client import Client
from tests.support.server import running

NAMES = ("Tom", "Γιώργος", "Мария", "José", "Zoë", "Ivo")
KINDS = ("create", "round", "state")


# --- one table -------------------------------------------------------------------------------


@dataclass
class Tally:
    """What one table measured: latencies by kind of request, counts and errors."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: list[str] = field(default_factory=list)
    games_created: int = 0
    games_finished: int = 0
    rounds: int = 0


class Table(threading.Thread):
    """A scorekeeper's phone: games one after the other, round by round, until the deadline."""

    def __init__(self, port: int, number: int, deadline: float) -> None:
        super().__init__(name=f"table-{number}", daemon=True)
        self.rng = Random(number)
        self.players = 3 + number % 4
        self.deadline = deadline
        self.tally = Tally()
        # A request in flight at the deadline may take up to this timeout.
        self.client = Client(port, timeout=30)

    def run(self) -> None:
        with self.client:
            while time.monotonic() < self.deadline:
                self._play_a_game()

    def _play_a_game(self) -> None:
        players = NAMES[: self.players]
        dealer = self.rng.randrange(len(players))
        body = {"players": list(players), "first_dealer": dealer}
        created = self._request("create", "POST", "/api/games", 201, body)
        if created is None:
            return
        self.tally.games_created += 1
        game_id, token = created["id"], created["edit_token"]
        record = game.new_game(players, dealer, Variants())
        while not record.finished and time.monotonic() < self.deadline:
            played = legal_round(record, self.rng)
            path = f"/api/games/{game_id}/rounds"
            if self._request("round", "POST", path, 201, round_json(played), token=token) is None:
                return
            self.tally.rounds += 1
            record = game.add_round(record, played)
            state = self._request("state", "GET", f"/api/games/{game_id}", 200)
            if state is None:
                return
            if len(state["rounds"]) != len(record.rounds):
                self.tally.errors.append(f"state of {game_id} lost a round")
                return
        if record.finished:
            self.tally.games_finished += 1

    def _request(
        self,
        kind: str,
        method: str,
        path: str,
        expected: int,
        body: object = None,
        token: str | None = None,
    ) -> dict[str, Any] | None:
        """Send one request and time it; ``None`` (and an error counted) unless ``expected``."""
        started = time.perf_counter()
        try:
            status, answer = self.client.request(method, path, body, token)
        except (OSError, http.client.HTTPException, ValueError) as error:
            self.tally.errors.append(f"{kind}: {error!r}")
            return None
        self.tally.latencies[kind].append(time.perf_counter() - started)
        if status != expected:
            self.tally.errors.append(f"{kind}: {status} {str(answer)[:200]}")
            return None
        if not isinstance(answer, dict):
            self.tally.errors.append(f"{kind}: {status} without a JSON object")
            return None
        return answer


# --- the run ---------------------------------------------------------------------------------


def _ms(values: list[float], percentile: int) -> float:
    """The ``percentile``-th percentile of ``values`` (seconds) in milliseconds."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0] * 1000
    return statistics.quantiles(values, n=100, method="inclusive")[percentile - 1] * 1000


def run(
    seconds: float = 60.0, tables: int = 24, server_threads: int | None = None
) -> dict[str, Any]:
    """Play ``tables`` tables at once against the real server for ``seconds``; the figures.

    ``server_threads`` is the server's thread count for Flask (``None``: the server's own default).
    """
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-load-") as folder,
        running(Path(folder), server_threads) as server,
    ):
        port = server.port
        deadline = time.monotonic() + seconds
        players = [Table(port, number, deadline) for number in range(tables)]
        started = time.perf_counter()
        for table in players:
            table.start()
        for table in players:
            # A request in flight at the deadline may take up to its 30 s timeout.
            table.join(timeout=seconds + 60)
        elapsed = time.perf_counter() - started
        stuck = sum(table.is_alive() for table in players)
    latencies = {kind: [t for p in players for t in p.tally.latencies[kind]] for kind in KINDS}
    every = [t for kind in KINDS for t in latencies[kind]]
    errors = [error for table in players for error in table.tally.errors]
    figures: dict[str, Any] = {
        "seconds": round(elapsed, 2),
        "tables": tables,
        "server_threads": server_threads or "the server's default",
        "requests": len(every),
        "requests_per_second": len(every) / elapsed,
        "p50_ms": _ms(every, 50),
        "p99_ms": _ms(every, 99),
        "errors": len(errors) + stuck,
    }
    for kind in KINDS:
        figures[f"{kind}_p50_ms"] = _ms(latencies[kind], 50)
        figures[f"{kind}_p99_ms"] = _ms(latencies[kind], 99)
    figures["games_created"] = sum(table.tally.games_created for table in players)
    figures["games_finished"] = sum(table.tally.games_finished for table in players)
    figures["rounds_submitted"] = sum(table.tally.rounds for table in players)
    if errors or stuck:
        figures["first_errors"] = "; ".join(errors[:3]) or f"{stuck} tables did not stop"
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long (default 60)")
    parser.add_argument("--tables", type=int, default=24, help="tables at once (default 24)")
    parser.add_argument("--threads", type=int, default=None, help="the server's threads for Flask")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = run(args.seconds, args.tables, args.threads)
    if args.json:
        print(json.dumps(figures))
    else:
        width = max(map(len, figures))
        for key, value in figures.items():
            shown = f"{value:.2f}" if isinstance(value, float) else str(value)
            print(f"{key:<{width}}  {shown}")
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
