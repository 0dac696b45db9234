"""The pad's continuous copy off the machine as an operator runs it, for the replication test and
benchmark: ``make replicate`` beside the real server, ``make restore`` once the machine is lost
(docs/hosting.md, "A copy off the machine").

The replicator is the real Litestream with the shipped ``litestream.yml``, plus a control socket
so that a test can ask for a sync and know when it is done.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random

from scorekeeper.core import game
from scorekeeper.core.rules import Variants
from tests.plays import NAMES
from tests.support.client import Client
from tests.support.server import PROJECT_ROOT, Process, run_make, server_env
from tests.traffic import Tracked

LITESTREAM = Path(sys.executable).parent / "litestream"


class Replicator:
    """``make replicate`` copying ``database`` to the folder ``replica``; its files in ``work``."""

    def __init__(self, database: Path, replica: Path, work: Path) -> None:
        self.database = database
        self.replica = replica
        # A socket's path holds at most 107 bytes: not under pytest's deep temporary folders.
        self.socket_folder = Path(tempfile.mkdtemp(prefix="litestream-"))
        self.socket = self.socket_folder / "control.sock"
        self.config = work / "litestream.yml"
        shipped = (PROJECT_ROOT / "litestream.yml").read_text()
        self.config.write_text(f"{shipped}\nsocket:\n  enabled: true\n  path: {self.socket}\n")
        self.log = work / "litestream.log"
        self.process: Process | None = None

    def make(self, target: str) -> list[str]:
        """The make command of ``target`` for this database and replica."""
        return [
            "make",
            "-s",
            target,
            f"DATABASE={self.database}",
            f"REPLICA={self.replica}",
            f"LITESTREAM_CONFIG={self.config}",
        ]

    def start(self, timeout: float = 30) -> None:
        """Start replicating; back once the first copy of the database is in the replica."""
        self.process = Process(self.make("replicate"), server_env(), self.log)
        deadline = time.monotonic() + timeout
        while "snapshot complete" not in self.process.output():
            if self.process.popen.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"make replicate did not start:\n{self.process.output()}")
            time.sleep(0.05)

    def sync(self) -> None:
        """Copy what is in the database now to the replica, and wait until that is done."""
        command = [str(LITESTREAM), "sync", "-wait", "-timeout", "30", "-socket", str(self.socket)]
        result = subprocess.run(
            [*command, str(self.database)], capture_output=True, text=True, timeout=60, check=False
        )
        assert result.returncode == 0, result.stdout + result.stderr

    def kill(self) -> None:
        """SIGKILL for make and Litestream: the machine is gone."""
        assert self.process is not None
        self.process.kill()
        self.process.popen.wait(timeout=10)

    def stop(self) -> None:
        """Stop replicating if it still runs, and remove the control socket's folder."""
        if self.process is not None:
            self.process.stop()
        shutil.rmtree(self.socket_folder, ignore_errors=True)

    def restore(self) -> subprocess.CompletedProcess[str]:
        """``make restore``: the database brought back from the replica, as documented."""
        return run_make(*self.make("restore")[2:])


def lose_the_machine(database: Path) -> None:
    """Delete the database with its write-ahead log and shared-memory files."""
    for suffix in ("", "-wal", "-shm"):
        database.with_name(database.name + suffix).unlink(missing_ok=True)


def create_group_games(client: Client, count: int) -> tuple[str, list[Tracked]]:
    """A group made through the API with ``count`` new games in it: its id, and the games."""
    status, group = client.request("POST", "/api/groups", {"name": "Thursday club"})
    assert status == 201, group
    games = []
    for index in range(count):
        players = NAMES[: 3 + index % 4]
        body = {
            "format": "wizard-scorekeeper/1",
            "players": list(players),
            "first_dealer": 0,
            "rounds": [],
        }
        path = f"/api/groups/{group['id']}/games"
        status, answer = client.request("POST", path, body, group["edit_token"])
        assert status == 201, answer
        record = game.new_game(players, 0, Variants())
        games.append(Tracked(answer["id"], answer["edit_token"], record, Random(1000 + index)))
    return group["id"], games
