"""Tables playing through the API of the real server, for the crash and backup tests.

Each game is tracked on the client side: the rounds the server acknowledged (201), and the round
in flight whose answer never came. Legal rounds come from :func:`tests.plays.legal_round`.
"""

from __future__ import annotations

import http.client
import sqlite3
import threading
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from scorekeeper.core import game
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Variants
from tests.plays import NAMES, legal_round, round_json
from tests.support.client import Client
from tests.support.server import Server


@dataclass
class Tracked:
    """One game as the client knows it: what the server acknowledged, and what is in doubt."""

    id: str
    token: str
    record: GameRecord
    rng: Random
    acknowledged: list[dict[str, Any]] = field(default_factory=list)
    acknowledged_at: list[float] = field(default_factory=list)  # time.monotonic() of each
    in_flight: dict[str, Any] | None = None


def create_game(client: Client, index: int) -> Tracked:
    """A standard game of 3 to 6 players (by ``index``), created through the API."""
    players = NAMES[: 3 + index % 4]
    dealer = index % len(players)
    body = {"players": list(players), "first_dealer": dealer}
    status, answer = client.request("POST", "/api/games", body)
    assert status == 201, answer
    record = game.new_game(players, dealer, Variants())
    return Tracked(answer["id"], answer["edit_token"], record, Random(index))


def create_games(server: Server, count: int) -> list[Tracked]:
    """``count`` games created through the API."""
    with server.client() as client:
        return [create_game(client, index) for index in range(count)]


def acknowledged(games: list[Tracked]) -> int:
    """How many rounds the server has acknowledged in all."""
    return sum(len(tracked.acknowledged) for tracked in games)


class Players:
    """Client threads, each submitting the next round of its share of the games in turn, until
    stopped, every game is over, or (``lost``) the connection breaks. ``endless`` tables start a
    new game when theirs are over, so the traffic goes on until stopped."""

    def __init__(
        self, server: Server, games: list[Tracked], threads: int, endless: bool = False
    ) -> None:
        self.server = server
        self.games = list(games)
        self.endless = endless
        self.stop = threading.Event()
        self.failures: list[str] = []
        self.lost: list[str] = []
        self.lock = threading.Lock()
        self.started = 0.0
        self.threads = [
            threading.Thread(target=self._play, args=(games[n::threads],), daemon=True)
            for n in range(threads)
        ]

    def start(self) -> None:
        self.started = time.monotonic()
        for thread in self.threads:
            thread.start()

    def playing(self) -> bool:
        return any(thread.is_alive() for thread in self.threads)

    def finish(self) -> None:
        """Stop and wait for every thread (they stop within a request's time)."""
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=20)
        assert not self.playing(), "a client thread did not stop"

    def _play(self, games: list[Tracked]) -> None:
        with self.server.client(timeout=10) as client:
            while not self.stop.is_set():
                playing = [tracked for tracked in games if not tracked.record.finished]
                if not playing and self.endless:
                    with self.lock:
                        index = len(self.games)
                    try:
                        playing = [create_game(client, index)]
                    except (OSError, http.client.HTTPException) as error:
                        self.lost.append(repr(error))
                        return
                    games.append(playing[0])
                    with self.lock:
                        self.games.append(playing[0])
                if not playing:
                    return
                for tracked in playing:
                    if not self._submit(client, tracked):
                        return

    def _submit(self, client: Client, tracked: Tracked) -> bool:
        played = legal_round(tracked.record, tracked.rng)
        tracked.in_flight = round_json(played)
        path = f"/api/games/{tracked.id}/rounds"
        try:
            status, answer = client.request("POST", path, tracked.in_flight, tracked.token)
        except (OSError, http.client.HTTPException) as error:
            self.lost.append(repr(error))  # no answer: the round stays in doubt
            return False
        if status != 201:
            self.failures.append(f"{status} {answer}")
            return False
        tracked.acknowledged.append(tracked.in_flight)
        tracked.acknowledged_at.append(time.monotonic())
        tracked.in_flight = None
        tracked.record = game.add_round(tracked.record, played)
        return True


def stored_rounds(client: Client, game_id: str) -> list[dict[str, Any]]:
    """The completed rounds of a game as the API shows them, in the shape they were sent."""
    status, state = client.request("GET", f"/api/games/{game_id}")
    assert status == 200, state
    return [{key: row[key] for key in ("trump", "bids", "tricks")} for row in state["rounds"]]


def check_database(path: Path, games: list[Tracked]) -> None:
    """SQLite's integrity check is ok, and every stored round is whole: one row per seat, each
    with a bid and tricks, and round numbers 1, 2, 3 … without a gap."""
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        for tracked in games:
            seats = conn.execute(
                "SELECT COUNT(*) FROM seats WHERE game_id = ?", [tracked.id]
            ).fetchone()[0]
            assert seats == len(tracked.record.players)
            rounds = conn.execute(
                "SELECT number, complete FROM rounds WHERE game_id = ? ORDER BY number",
                [tracked.id],
            ).fetchall()
            numbers = [number for number, _complete in rounds]
            assert numbers == list(range(1, len(numbers) + 1)), numbers
            assert all(complete == 1 for _number, complete in rounds)
            hands = conn.execute(
                "SELECT number, COUNT(*), COUNT(bid), COUNT(tricks) FROM hands "
                "WHERE game_id = ? GROUP BY number ORDER BY number",
                [tracked.id],
            ).fetchall()
            assert hands == [(number, seats, seats, seats) for number in numbers]


def all_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the games, in a stable order: equal means nothing changed."""
    with closing(sqlite3.connect(path)) as conn:
        return {
            table: conn.execute(f"SELECT * FROM {table} ORDER BY {key}").fetchall()
            for table, key in (
                ("games", "id"),
                ("seats", "game_id, seat"),
                ("rounds", "game_id, number"),
                ("hands", "game_id, number, seat"),
            )
        }
