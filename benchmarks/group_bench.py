"""The round page while strangers ask a big group for its heaviest answers.

A group of 1,000 games (the most a group file may hold) is stored; then ``clients`` threads
fetch, without pause, its group file, its season PDF and its statistics under filters that
change every time (more combinations than are kept, so most answers are counted again). The
round page of another table is measured alone and meanwhile, on the real server. Goal: at most
2x (docs/benchmarks.md).

Run ``.venv/bin/python -m benchmarks.group_bench``.
"""

from __future__ import annotations

import itertools
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks import games, growth, server
from benchmarks.common import THREADS, ratio
from scorekeeper import storage
from scorekeeper.core.group_record import MAX_GAMES
from scorekeeper.core.rules import Length, Variants
from scorekeeper.core.stats import VariantFilter
from tests.plays import played_game
from tests.support.client import Client
from tests.support.server import running

PLAYED_AT = "2026-01-02T19:30:00+00:00"


def heavy_paths(group_id: str) -> itertools.cycle[str]:
    """The heaviest requests a stranger can make of the group, under changing filters."""
    paths = [f"/groups/{group_id}/export.json"]
    for length, variant in itertools.product(Length, VariantFilter):
        query = f"length={length.value}&variant={variant.value}"
        paths += [f"/api/groups/{group_id}/stats?{query}", f"/groups/{group_id}/season.pdf?{query}"]
    return itertools.cycle(paths)


def under_load(seconds: float = 10, clients: int = 8, count: int = MAX_GAMES) -> dict[str, Any]:
    """The round page's median (ms) alone and while ``clients`` ask a ``count``-game group for
    its heavy answers; their ratio, and what the strangers got."""
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        database = storage.connect(instance / "scorekeeper.sqlite")
        try:
            storage.migrate(database)
            stored = storage.create_game(database, games.played(*growth.ROUND_GAME, seed=11))
            big = [(played_game(4, Variants(), 99, seed=n), PLAYED_AT) for n in range(count)]
            group = storage.import_group(database, "Big", (), big)
        finally:
            database.close()
        path = f"/games/{stored.id}"
        with running(instance, THREADS) as live:
            port = live.port
            server.warm(port, path, {})
            alone = server.python_load(port, server.get_forever(path, {}), seconds, clients=1)
            answered = {"200": 0, "503": 0, "other": 0}
            stop = threading.Event()
            paths = heavy_paths(group.id)

            def fetch() -> None:
                with Client(port, timeout=120) as client:
                    while not stop.is_set():
                        status = client.send("GET", next(paths)).status
                        key = str(status) if status in (200, 503) else "other"
                        answered[key] += 1
                        if status == 503:
                            time.sleep(0.5)  # as a browser would, told to retry

            strangers = [threading.Thread(target=fetch, daemon=True) for _ in range(clients)]
            for thread in strangers:
                thread.start()
            time.sleep(1)
            loaded = server.python_load(port, server.get_forever(path, {}), seconds, clients=1)
            stop.set()
            for thread in strangers:
                thread.join(timeout=120)
    return {
        "clients": clients,
        "seconds": seconds,
        "games": count,
        "round_p50_ms_alone": round(alone.p50_ms, 2),
        "round_p50_ms_loaded": round(loaded.p50_ms, 2),
        "round_p99_ms_loaded": round(loaded.p99_ms, 2),
        "round_errors": alone.errors + loaded.errors,
        "ratio": round(ratio(loaded.p50_ms, alone.p50_ms), 2),
        "answered": answered["200"],
        "told_to_retry": answered["503"],
        "failed": answered["other"],
    }


def main() -> None:
    """Print the results, one per line."""
    for key, value in under_load().items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
