"""Issue 47: a kill -9 during restores loses nothing. The real server (over a real SQLite file)
takes restores to random entries of 8 games from 8 client threads and is killed with SIGKILL in
the middle of them. Started again, every acknowledged restore is in its game's history, every
game's history replays to the game as stored (no change without its entry, no entry without its
change), the state after every entry is a game the pad can read, and SQLite's integrity check
is ok."""

from __future__ import annotations

import http.client
import random
import threading
import time
from pathlib import Path

from scorekeeper import storage
from scorekeeper.core.rules import Variants
from scorekeeper.storage import game_history
from tests.plays import played_game, round_json
from tests.support.server import Server

GAMES = 8
KILL_AFTER = 60  # acknowledged restores before the kill
MAX_SECONDS = 5.0


class Restorers:
    """One thread per game, restoring it to random entries as fast as the server answers."""

    def __init__(self, server: Server, games: list[tuple[str, str]]) -> None:
        self.server = server
        self.games = games
        self.stop = threading.Event()
        self.acknowledged: dict[str, int] = {game: 0 for game, _token in games}
        self.failures: list[str] = []
        self.threads = [threading.Thread(target=self._restore, args=pair) for pair in games]

    def _restore(self, game_id: str, token: str) -> None:
        rng = random.Random(game_id)
        try:
            with self.server.client(timeout=30) as client:
                while not self.stop.is_set():
                    status, state = client.request("GET", f"/api/games/{game_id}/history")
                    entries = len(state["entries"])
                    body = {"entry": rng.randint(1, entries)}
                    status, _answer = client.request(
                        "POST", f"/api/games/{game_id}/restore", body, token
                    )
                    if status == 200:
                        self.acknowledged[game_id] += 1
                    elif status != 409:  # 409: another change came first, not a failure
                        self.failures.append(f"{game_id}: {status}")
        except (OSError, http.client.HTTPException):
            pass  # the kill

    def total(self) -> int:
        return sum(self.acknowledged.values())


def test_a_kill_during_restores_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        with server.client() as client:
            games = []
            for seed in range(GAMES):
                rounds = [round_json(r) for r in played_game(4, Variants(), 6, seed).rounds]
                body = {"players": ["Ana", "Ben", "Cleo", "Dan"], "first_dealer": 0}
                status, made = client.request("POST", "/api/games", body)
                assert status == 201
                game_id, token = made["id"], made["edit_token"]
                for played in rounds:
                    client.request("POST", f"/api/games/{game_id}/rounds", played, token)
                games.append((game_id, token))
        restorers = Restorers(server, games)
        for thread in restorers.threads:
            thread.start()
        deadline = time.monotonic() + MAX_SECONDS
        while restorers.total() < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.01)
        server.kill()
        restorers.stop.set()
        for thread in restorers.threads:
            thread.join(timeout=30)
        assert restorers.failures == []
        assert restorers.total() > 0
    finally:
        server.stop()
    db = storage.connect(server.database)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        for game_id, _token in games:
            stored = storage.load(db, game_id)
            assert stored is not None
            assert game_history.replays_to_stored(db, stored), game_id
            entries = game_history.game_history(db, game_id)
            restores = [e for e in entries if e.change["code"] == "restored_to"]
            assert len(restores) >= restorers.acknowledged[game_id]
            # every entry's game reads (a version is one more than its entries after the start)
            for entry in entries:
                game_history.game_after(entries, entry.entry)
            assert stored.version == len(entries)
    finally:
        db.close()
