"""A crash loses nothing that was acknowledged and leaves nothing half-written.

The real server (over a real SQLite file, and on PostgreSQL: issue 52) takes rounds for 20
games from 8 client threads; it is killed with SIGKILL in the middle of that traffic and started
again. Every round that got a success answer must be there, exactly as sent; a round in flight
at the kill may be there or not, but whole; every round has all its seats with bids and tricks;
round numbers run 1, 2, 3 … without a gap; and SQLite's integrity check is ok.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.support.server import Server
from tests.traffic import Players, acknowledged, check_database, create_games, stored_rounds

GAMES = 20
THREADS = 8
KILL_AFTER_ROUNDS = 120  # acknowledged rounds before the kill, of about 400 in all
MAX_TRAFFIC_SECONDS = 5.0  # the kill comes by then in any case


@pytest.mark.engines
def test_a_killed_server_keeps_every_acknowledged_round_and_nothing_half_written(
    tmp_path: Path, engine_settings: dict[str, str]
) -> None:
    server = Server(tmp_path, env=engine_settings)
    server.start()
    try:
        games = create_games(server, GAMES)
        players = Players(server, games, THREADS)
        players.start()
        try:
            deadline = time.monotonic() + MAX_TRAFFIC_SECONDS
            while acknowledged(games) < KILL_AFTER_ROUNDS and time.monotonic() < deadline:
                time.sleep(0.01)
            assert players.playing(), "the traffic ended before the kill"
            server.kill()
        finally:
            players.finish()
        assert players.failures == []
        assert acknowledged(games) > 0
        assert any(not tracked.record.finished for tracked in games), "the kill came too late"

        server.start()
        with server.client() as client:
            for tracked in games:
                stored = stored_rounds(client, tracked.id)
                count = len(tracked.acknowledged)
                assert stored[:count] == tracked.acknowledged, tracked.id
                # Beyond what was acknowledged: at most the round in flight, and all of it.
                assert stored[count:] in ([], [tracked.in_flight]), tracked.id
    finally:
        server.stop()
    if not engine_settings:  # SQLite's own checks of its file
        check_database(server.database, games)
