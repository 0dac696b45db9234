"""The machine is lost; the continuous copy brings every acknowledged round back.

The real server takes rounds for games and a group's games from client threads while the real
Litestream (``make replicate``, the shipped configuration) copies the database to a folder. A
sync is asked for in the middle of the traffic; more rounds follow; then the server and the
replicator are killed with SIGKILL and the database file is deleted. ``make restore`` brings it
back (with SQLite's integrity check), and the server starts on it: every round acknowledged
before that sync is there exactly as sent, each game holds only acknowledged rounds (at most
the one in flight beyond them), in order and whole, and the group still holds its games.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import time
from contextlib import closing
from pathlib import Path

from tests.replica import (
    LITESTREAM,
    Replicator,
    create_group_games,
    lose_the_machine,
)
from tests.support.server import PROJECT_ROOT, Server, run_make, server_env
from tests.traffic import Players, acknowledged, check_database, create_games, stored_rounds

GAMES = 8
GROUP_GAMES = 4
THREADS = 4
ROUNDS_BEFORE_SYNC = 40
ROUNDS_AFTER_SYNC = 40
MAX_TRAFFIC_SECONDS = 20.0


def wait_for_rounds(players: Players, rounds: int, deadline: float) -> None:
    while acknowledged(players.games) < rounds and time.monotonic() < deadline:
        assert players.playing(), "the traffic ended early"
        time.sleep(0.01)
    assert acknowledged(players.games) >= rounds, "too few rounds in the time given"


def test_a_lost_machine_is_restored_from_the_replica_with_every_synced_round(
    tmp_path: Path,
) -> None:
    instance = tmp_path / "instance"
    server = Server(instance)
    server.start()
    replicator = Replicator(server.database, tmp_path / "replica", tmp_path)
    try:
        replicator.start()
        games = create_games(server, GAMES)
        with server.client() as client:
            group_id, group_games = create_group_games(client, GROUP_GAMES)
        players = Players(server, games + group_games, THREADS, endless=True)
        players.start()
        try:
            deadline = time.monotonic() + MAX_TRAFFIC_SECONDS
            wait_for_rounds(players, ROUNDS_BEFORE_SYNC, deadline)
            synced = {tracked.id: list(tracked.acknowledged) for tracked in players.games}
            replicator.sync()
            wait_for_rounds(players, sum(map(len, synced.values())) + ROUNDS_AFTER_SYNC, deadline)
            server.kill()
            replicator.kill()
        finally:
            players.finish()
        assert players.failures == []
    finally:
        server.stop()
        replicator.stop()

    lose_the_machine(server.database)
    restored = replicator.restore()
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert "integrity check passed" in restored.stderr + restored.stdout

    server.start()
    try:
        with server.client() as client:
            for tracked in players.games:
                before_sync = synced.get(tracked.id, [])
                if not before_sync:
                    status, _answer = client.request("GET", f"/api/games/{tracked.id}")
                    if status == 404:  # made after the sync, and lost with the machine
                        continue
                stored = stored_rounds(client, tracked.id)
                assert stored[: len(before_sync)] == before_sync, tracked.id
                count = len(tracked.acknowledged)
                assert stored in (
                    tracked.acknowledged[: len(stored)],
                    [*tracked.acknowledged, tracked.in_flight],
                ), tracked.id
                assert len(stored) <= count + 1
            status, figures = client.request("GET", f"/api/groups/{group_id}/stats")
            assert status == 200, figures
    finally:
        server.stop()
    kept = [tracked for tracked in players.games if tracked.id in synced]
    check_database(server.database, kept)
    with closing(sqlite3.connect(server.database)) as conn:
        rows = conn.execute("SELECT game_id FROM group_games WHERE group_id = ?", [group_id])
        assert {game_id for (game_id,) in rows} == {tracked.id for tracked in group_games}


def test_make_replicate_and_restore_ask_where_the_copy_is() -> None:
    for target in ("replicate", "restore"):
        result = run_make(target)
        assert result.returncode != 0
        assert f"Say where the copy is: make {target} REPLICA=" in result.stdout


def test_make_restore_leaves_a_database_that_is_there_alone(tmp_path: Path) -> None:
    database = tmp_path / "scorekeeper.sqlite"
    database.write_bytes(b"the games of last night")
    result = run_make("restore", f"REPLICA={tmp_path / 'replica'}", f"DATABASE={database}")
    assert result.returncode != 0
    assert f"A database is already at {database}: stop the server" in result.stdout
    assert database.read_bytes() == b"the games of last night"


def test_the_configurations_docs_hosting_shows_are_read_by_litestream(tmp_path: Path) -> None:
    text = (PROJECT_ROOT / "docs" / "hosting.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL)
    shown = [*blocks, (PROJECT_ROOT / "litestream.yml").read_text()]
    assert len(shown) == 3
    env = server_env() | {
        "SCOREKEEPER_DATABASE": str(tmp_path / "scorekeeper.sqlite"),
        "SCOREKEEPER_REPLICA": f"file://{tmp_path / 'replica'}",
    }
    for number, block in enumerate(shown):
        config = tmp_path / f"litestream-{number}.yml"
        config.write_text(block)
        result = subprocess.run(
            [str(LITESTREAM), "databases", "-config", str(config)],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert str(tmp_path / "scorekeeper.sqlite") in result.stdout
