"""The round page of one table, alone and beside heavy requests of others: the load loop that
the printing (``pdf_bench``) and big group (``group_bench``) benchmarks share.

A game is stored in a fresh instance folder (and whatever ``prepare`` adds: a big group), the
real server starts, and the round page's median is measured alone; then ``clients`` threads ask
for heavy answers without pause (``path(client, count)`` names each one; a 503 is retried after
half a second, as a browser told to retry would) while the round page is measured again.
"""

from __future__ import annotations

import itertools
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from benchmarks import games, growth, server
from benchmarks.common import THREADS, ratio
from scorekeeper import storage
from tests.support.client import Client
from tests.support.server import running

# The heavy request of client number n, its count-th.
Paths = Callable[[int, int], str]


def round_page_beside(
    prepare: Callable[[Database], Paths], seconds: float = 10, clients: int = 8
) -> dict[str, Any]:
    """The round page's median and p99 (ms) alone and while ``clients`` ask for the heavy
    answers that ``prepare`` (given the new database) names; their ratio, and what the heavy
    requests got (answered, told to retry, failed)."""
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        database = storage.connect(instance / "scorekeeper.sqlite")
        try:
            storage.migrate(database)
            stored = storage.create_game(database, games.played(*growth.ROUND_GAME, seed=11))
            heavy_path = prepare(database)
        finally:
            database.close()
        path = f"/games/{stored.id}"
        with running(instance, THREADS) as live:
            port = live.port
            server.warm(port, path, {})
            alone = server.python_load(port, server.get_forever(path, {}), seconds, clients=1)
            answered = {"200": 0, "503": 0, "other": 0}
            stop = threading.Event()

            def fetch(number: int) -> None:
                with Client(port, timeout=120) as client:
                    for count in itertools.count():
                        if stop.is_set():
                            return
                        status = client.send("GET", heavy_path(number, count)).status
                        key = str(status) if status in (200, 503) else "other"
                        answered[key] += 1
                        if status == 503:
                            time.sleep(0.5)  # as a browser would, told to retry

            heavy = [threading.Thread(target=fetch, args=(n,), daemon=True) for n in range(clients)]
            for thread in heavy:
                thread.start()
            time.sleep(1)  # the heavy work is running and queued
            loaded = server.python_load(port, server.get_forever(path, {}), seconds, clients=1)
            stop.set()
            for thread in heavy:
                thread.join(timeout=120)
    return {
        "clients": clients,
        "seconds": seconds,
        "round_p50_ms_alone": round(alone.p50_ms, 2),
        "round_p50_ms_loaded": round(loaded.p50_ms, 2),
        "round_p99_ms_loaded": round(loaded.p99_ms, 2),
        "round_errors": alone.errors + loaded.errors,
        "ratio": round(ratio(loaded.p50_ms, alone.p50_ms), 2),
        "answered": answered["200"],
        "told_to_retry": answered["503"],
        "failed": answered["other"],
    }
