"""``flask --app scorekeeper backup PATH`` makes a consistent copy while the app serves writes.

The real server takes rounds from client threads; meanwhile the backup command runs as its own
process over the same instance folder. Each copy must pass SQLite's integrity check, hold every
game whole (all seats, bids and tricks, rounds without a gap), load and replay through the rules,
and hold every round acknowledged before the command started. A copy is one moment of the
database: rounds acknowledged later may be in it or not, but only whole and in order.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from scorekeeper import storage
from scorekeeper.core import game
from tests.plays import round_json
from tests.support.apps import make_app
from tests.support.server import PROJECT_ROOT, running, server_env
from tests.traffic import Players, Tracked, check_database, create_games

GAMES = 20
THREADS = 8
BACKUPS = 2


def run_backup(instance: Path, target: Path) -> subprocess.CompletedProcess[str]:
    """The backup command as an operator types it, over the server's instance folder."""
    command = [sys.executable, "-m", "flask", "--app", "scorekeeper", "backup", str(target)]
    return subprocess.run(
        command,
        cwd=PROJECT_ROOT,
        env=server_env(instance),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def check_copy(copy: Path, games: list[Tracked], before: dict[str, int]) -> None:
    """The copy is whole, loads through the app, and lacks nothing acknowledged ``before``."""
    app = make_app(copy, csrf=True)
    client = app.test_client()
    with app.app_context():
        copied = [
            tracked for tracked in games if storage.load(storage.get_db(), tracked.id) is not None
        ]
        assert {tracked.id for tracked in copied} >= set(before)
        check_database(copy, copied)
        for tracked in copied:
            stored = storage.load(storage.get_db(), tracked.id)
            assert stored is not None
            record = stored.record
            replayed = game.new_game(record.players, record.first_dealer, record.settings)
            for played in record.rounds:
                replayed = game.add_round(replayed, played)
            rounds = [round_json(played) for played in record.rounds]
            assert len(rounds) >= before.get(tracked.id, 0)
            assert rounds == tracked.acknowledged[: len(rounds)]
            response = client.get(f"/api/games/{tracked.id}")
            assert response.status_code == 200
            assert response.json is not None and len(response.json["rounds"]) == len(rounds)


def test_backup_while_the_server_takes_rounds_is_a_consistent_copy(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    copies = []
    with running(instance) as server:
        players = Players(server, create_games(server, GAMES), THREADS, endless=True)
        players.start()
        try:
            time.sleep(0.3)
            for number in range(BACKUPS):
                before = {tracked.id: len(tracked.acknowledged) for tracked in players.games}
                copy = tmp_path / f"copy-{number}.sqlite"
                result = run_backup(instance, copy)
                assert result.returncode == 0, result.stderr
                assert f"Backed up the games to {copy}." in result.stdout
                after = sum(len(tracked.acknowledged) for tracked in players.games)
                assert after > sum(before.values()), "no round was written during the backup"
                copies.append((copy, before))
            assert players.playing()
        finally:
            players.finish()
        assert players.failures == []
        assert players.lost == []
    for copy, before in copies:
        check_copy(copy, players.games, before)
