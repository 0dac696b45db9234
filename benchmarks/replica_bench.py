"""What a lost machine costs with the continuous copy: the rounds acknowledged but not yet off it.

The real server takes rounds from client threads as fast as they are answered (far more than
tables at a real pace send) while ``make replicate`` copies the database to a folder. At a
random moment the server and the replicator are killed with SIGKILL and the database is
deleted; ``make restore`` brings it back. Per kill: the rounds acknowledged but missing from
the restored database, and the loss window, the time from the oldest such round's answer to
the kill (0 when nothing was lost). The sync interval in ``litestream.yml`` is 1 s.

Run ``.venv/bin/python -m benchmarks.replica_bench``.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

from tests.replica import Replicator, lose_the_machine
from tests.support.server import Server
from tests.traffic import Players, create_games, stored_rounds

GAMES = 12
THREADS = 4
WARM_SECONDS = 3.0  # traffic before the earliest kill: past the first snapshot and a few syncs


def _one_kill(folder: Path, rng: Random) -> dict[str, Any]:
    folder.mkdir()
    server = Server(folder / "instance")
    server.start()
    replicator = Replicator(server.database, folder / "replica", folder)
    try:
        replicator.start()
        players = Players(server, create_games(server, GAMES), THREADS, endless=True)
        players.start()
        try:
            time.sleep(WARM_SECONDS + rng.uniform(0, 2))
            server.kill()
            replicator.kill()
            killed = time.monotonic()
        finally:
            players.finish()
    finally:
        server.stop()
        replicator.stop()
    lose_the_machine(server.database)
    restored = replicator.restore()
    if restored.returncode != 0:
        raise RuntimeError(f"make restore failed:\n{restored.stdout}{restored.stderr}")
    server.start()
    lost: list[float] = []
    try:
        with server.client() as client:
            for tracked in players.games:
                status, _answer = client.request("GET", f"/api/games/{tracked.id}")
                count = len(stored_rounds(client, tracked.id)) if status == 200 else 0
                lost += tracked.acknowledged_at[count:]
    finally:
        server.stop()
    acknowledged = sum(len(tracked.acknowledged) for tracked in players.games)
    return {
        "acknowledged": acknowledged,
        "lost": len(lost),
        "window_s": killed - min(lost) if lost else 0.0,
        "rounds_per_s": acknowledged / (killed - players.started),
    }


def run(kills: int = 5, seed: int = 1) -> dict[str, Any]:
    """The rounds lost and the loss window of each of ``kills`` machines lost under traffic."""
    rng = Random(seed)
    runs = []
    for number in range(kills):
        with tempfile.TemporaryDirectory() as tmp:
            runs.append(_one_kill(Path(tmp) / str(number), rng))
    windows = [run["window_s"] for run in runs]
    return {
        "kills": kills,
        "runs": runs,
        "window_median_s": statistics.median(windows),
        "window_max_s": max(windows),
        "rounds_per_s": statistics.median(run["rounds_per_s"] for run in runs),
        "sync_interval_s": 1.0,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
