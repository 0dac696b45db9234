"""The history's cost (issue 47): a submitted round with its entry against one without, the bytes
the history adds to a database of 100,000 played games, and the weight of a long game's History
page.

A round is submitted through the whole app in this process (the Flask test client, the JSON API
of ``POST /api/games/<id>/rounds``) on the database of 100,000 games; the same submissions
without their entries have the history's writer stand aside (``history.record`` left out, for
this measurement only), in alternating turns of the same run, so both meet the same machine.
Its cost is the process's CPU time (the app's and SQLite's work, what the history adds); the
wall clock, which a shared machine's other work moves by half, is reported beside it.
The history's bytes are its table's pages (SQLite's ``dbstat``), against the rest of the file.
"""

from __future__ import annotations

import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from random import Random
from typing import Any

from benchmarks import games
from benchmarks.common import median
from scorekeeper import create_app, storage
from scorekeeper.core import game
from scorekeeper.core.rules import Variants
from scorekeeper.storage import history
from tests.plays import legal_round, round_json

ROUND_COST_GOAL = 1.1
SIZE_GOAL = 2.0
PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn")
JSON = {"Content-Type": "application/json"}


def run(stored: int = 100_000, repeats: int = 5, rounds: int = 200) -> dict[str, Any]:
    """The figures: each turn submits ``rounds`` rounds with entries and as many without."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.sqlite"
        filled = games.fill(path, stored)
        sizes = _sizes(path)
        app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench", "TESTING": False})
        client = app.test_client()
        _submit(client, rounds, seed=99, kept=True)  # warmed up: every page compiled once
        with_entry: list[tuple[float, float]] = []
        without: list[tuple[float, float]] = []
        for turn in range(repeats):
            order = (True, False) if turn % 2 == 0 else (False, True)
            for kept in order:
                cpu, wall = _submit(client, rounds, seed=turn * 2 + kept, kept=kept)
                (with_entry if kept else without).append((cpu / rounds, wall / rounds))
        page = _history_page(client)
    ratios = [a[0] / b[0] for a, b in zip(with_entry, without, strict=True)]
    walls = [a[1] / b[1] for a, b in zip(with_entry, without, strict=True)]
    return {
        "games": stored,
        "filled": filled,
        **sizes,
        "size_goal": SIZE_GOAL,
        "round_ms_with": round(median([cpu for cpu, _wall in with_entry]) * 1000, 3),
        "round_ms_without": round(median([cpu for cpu, _wall in without]) * 1000, 3),
        "round_ratio": round(median(ratios), 3),
        "round_ratios": [round(ratio, 3) for ratio in ratios],
        "round_wall_ratio": round(median(walls), 3),
        "round_goal": ROUND_COST_GOAL,
        **page,
    }


def _sizes(path: Path) -> dict[str, Any]:
    """The bytes of the history (its table and the phones) against the rest of the file."""
    with closing(sqlite3.connect(path)) as conn:
        pages = dict(conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall())
        entries = conn.execute("SELECT count(*) FROM history").fetchone()[0]
    kept = pages.get("history", 0) + sum(size for name, size in pages.items() if "phones" in name)
    rest = sum(pages.values()) - kept
    return {
        "entries": entries,
        "history_mb": round(kept / 1e6, 1),
        "rest_mb": round(rest / 1e6, 1),
        "size_ratio": round(kept / rest, 2),
    }


def _submit(client: Any, rounds: int, seed: int, kept: bool) -> tuple[float, float]:
    """CPU and wall seconds to submit ``rounds`` rounds to fresh games of six (their entries
    written, or not when ``kept`` is false), a game after another."""
    rng = Random(seed)
    posts: list[tuple[str, dict[str, Any], dict[str, str]]] = []
    while len(posts) < rounds:
        made = client.post("/api/games", json={"players": list(PLAYERS), "first_dealer": 0})
        game_id, token = made.json["id"], made.json["edit_token"]
        headers = {**JSON, "Authorization": f"Bearer {token}"}
        record = games.played(len(PLAYERS), 0, variants=Variants())
        for _ in range(len(record.schedule)):
            played = legal_round(record, rng)
            record = game.add_round(record, played)
            posts.append((f"/api/games/{game_id}/rounds", round_json(played), headers))
    with _entries(kept):
        cpu, wall = time.process_time(), time.perf_counter()
        for path, body, headers in posts[:rounds]:
            answer = client.post(path, json=body, headers=headers)
            assert answer.status_code == 201, answer.json
        return time.process_time() - cpu, time.perf_counter() - wall


@contextmanager
def _entries(kept: bool) -> Iterator[None]:
    """The history's writer as it is, or standing aside (the baseline: a round without its
    entry, as the pad wrote it before histories)."""
    if kept:
        yield
        return
    writer = history.record
    history.record = lambda *_args, **_kwargs: 0
    try:
        yield
    finally:
        history.record = writer


def _history_page(client: Any) -> dict[str, Any]:
    """The bytes of the History page of a 20-round game of three, every tap an entry."""
    with client.application.app_context():
        db = storage.get_db()
        stored = games.tapped(db, games.played(3, 20))
        entries = len(storage.history.entries(db, "games", stored.id))
    page = client.get(f"/games/{stored.id}/history")
    wire = client.get(
        f"/games/{stored.id}/history", headers={"Accept-Encoding": "gzip, br"}
    ).get_data()
    return {
        "page_entries": entries,
        "page_bytes": len(page.get_data()),
        "page_wire_bytes": len(wire),
    }
