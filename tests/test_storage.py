"""Storage as an object per database file: every write path that changes a game bumps its
version, connections are closed when their thread or the app is done, and two servers may start
on one file at the same moment."""

from __future__ import annotations

import gc
import hashlib
import inspect
import json
import sqlite3
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Suit, Turned, Variants
from scorekeeper.storage import games as stored_games
from scorekeeper.storage import group_renames as stored_renames
from scorekeeper.storage import groups as stored_groups
from scorekeeper.storage.database import MAPPED_BYTES, Database
from scorekeeper.storage.record_cache import RecordCache
from tests.pdfs import play
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, create

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

# Every public function of the games and groups modules, by what it does to a stored game.
READS = {"load", "load_many", "version_of", "new_game_id", "load_group", "load_groups"}
READS |= {"group_games", "group_of", "grouped", "group_stamps", "check_carried"}
# Writes a change's history entry, inside the transaction of a caller that changes the game;
# moves a group's version on, inside the transaction of a caller that changes the group; moves
# the versions of a game's group and club night on, inside the transaction changing the game.
NOTES = {"noted", "touch_group", "group_changing"}
CREATES = {"create_game", "create_game_once", "create_group", "create_group_game", "import_group"}
CREATES |= {"create_group_once"}
# Change a group (its roster, its list of games), not a game's facts; deleting a group leaves
# its games as they are.
GROUP_ONLY = {"add_group_games", "remove_group_game", "join_roster", "delete_group"}


def _content(db: Database) -> dict[str, tuple[int, str]]:
    """Each game's version and a digest of every fact stored for it."""
    found = {}
    for game_id, version in db.execute("SELECT id, version FROM games"):
        facts = [
            list(db.execute(f"SELECT * FROM {table} WHERE game_id = ? ORDER BY 2, 3", [game_id]))
            for table in ("seats", "rounds", "hands")
        ]
        facts.append(
            list(db.execute("SELECT first_dealer, variants FROM games WHERE id = ?", [game_id]))
        )
        found[game_id] = (version, hashlib.sha256(json.dumps(facts).encode()).hexdigest())
    return found


def _writers(conn: Database) -> dict[str, Callable[[], object]]:
    """A call of every function that changes an existing game, on games made for it."""
    group = storage.create_group(conn, "Friday club")
    in_group = storage.create_group_game(conn, group.id, play(("Ana", "Ben", "Cleo"), rounds=2))
    alone = storage.create_game(conn, play(("Ana", "Ben", "Cleo"), rounds=2))
    doomed = storage.create_game(conn, play(("Ana", "Ben", "Cleo"), rounds=1))

    def save() -> object:
        stored = storage.load(conn, alone.id)
        assert stored is not None
        return storage.save(conn, stored, game.set_trump(stored.record, Turned.SUIT, Suit.CLUBS))

    return {
        "save": save,
        "rename_player": lambda: storage.rename_player(conn, group.id, "ana", "Anna"),
        "changing": lambda: storage.changing(conn, in_group.id),
        "delete_game": lambda: storage.delete_game(conn, doomed.id),
        "add_group_games": lambda: storage.add_group_games(conn, group.id, [alone]),
        "remove_group_game": lambda: storage.remove_group_game(conn, group.id, alone.id),
        "join_roster": lambda: storage.join_roster(conn, group.id, ["Dora"]),
        "delete_group": lambda: storage.delete_group(conn, group.id),  # last: its games stay
    }


def _public(module: Any) -> set[str]:
    return {
        name
        for name, value in vars(module).items()
        if inspect.isfunction(value) and value.__module__ == module.__name__ and name[0] != "_"
    }


def test_every_write_path_that_changes_a_game_bumps_its_version(conn: Database) -> None:
    writers = _writers(conn)
    known = READS | CREATES | NOTES | set(writers)
    for module in (stored_games, stored_groups, stored_renames):
        assert _public(module) <= known, "a storage function nobody checked"
    for name, write in writers.items():
        before = _content(conn)
        write()
        after = _content(conn)
        for game_id, (version, facts) in after.items():
            if game_id in before and before[game_id][1] != facts:
                assert version > before[game_id][0], (name, game_id)
        if name in GROUP_ONLY:
            assert all(after[gid] == before[gid] for gid in after), name


def test_the_version_bump_refuses_a_change_from_an_old_version(conn: Database) -> None:
    stored = storage.create_game(conn, play(("Ana", "Ben", "Cleo"), rounds=1))
    storage.changing(conn, stored.id)
    with pytest.raises(storage.Conflict):
        storage.changing(conn, stored.id, stored.version)


def test_one_stamp_names_a_version_with_its_time_of_change(conn: Database) -> None:
    stored = storage.create_game(conn, play(("Ana", "Ben", "Cleo"), rounds=1))
    assert stored.stamp == (stored.id, stored.version, stored.updated_at)
    loaded = storage.load(conn, stored.id)
    assert loaded is not None and loaded.stamp == stored.stamp


def _closed(db: Database) -> bool:
    try:
        db.execute("SELECT 1")
    except sqlite3.ProgrammingError:
        return True
    return False


def test_a_threads_connection_is_closed_with_the_thread(tmp_path: Path) -> None:
    kept = storage.Storage.of(tmp_path / "games.sqlite")
    opened: list[Database] = []
    worker = threading.Thread(target=lambda: opened.append(kept.connection()))
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        worker.start()
        worker.join()
        gc.collect()
    assert _closed(opened[0])


def test_closing_the_storage_closes_every_connection(tmp_path: Path) -> None:
    kept = storage.Storage.of(tmp_path / "games.sqlite")
    assert storage.Storage.of(tmp_path / "games.sqlite") is kept
    mine, other = kept.connection(), kept.open()
    kept.close()
    assert _closed(mine) and _closed(other)
    again = kept.connection()  # a closed storage opens anew when asked again
    assert not _closed(again)
    kept.close()


START = """
import sys, time
from scorekeeper import create_app
start = float(sys.argv[2])
time.sleep(max(0.0, start - time.time()))
create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "x", "TESTING": True})
print("started")
"""


@pytest.mark.parametrize("attempt", range(2))
def test_two_servers_started_together_on_one_file_both_start(tmp_path: Path, attempt: int) -> None:
    path = tmp_path / f"games-{attempt}.sqlite"
    at = str(time.time() + 2.5)  # both have imported everything by then
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", START, str(path), at],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    for started in starts:
        out, err = started.communicate(timeout=60)
        assert started.returncode == 0, err
        assert out.strip() == "started"
    db = storage.connect(path)
    try:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (0,)
    finally:
        db.close()


def test_a_restored_version_is_printed_anew(app: Flask, client: FlaskClient) -> None:
    """A backup restored under a running server brings back a version number the server has
    printed already, with another time of change: the printed sheet is made again."""
    game_id, _token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    first = client.get(f"/games/{game_id}/sheet.pdf")
    assert first.status_code == 200
    db = storage.connect(storage.database_of(app))
    try:
        db.execute("UPDATE games SET updated_at = '2020-01-01T00:00:00+00:00'")
        db.conn.commit()
    finally:
        db.close()
    again = client.get(
        f"/games/{game_id}/sheet.pdf", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 200 and again.headers["ETag"] != first.headers["ETag"]


def test_a_connection_reads_the_file_through_a_memory_map(tmp_path: Path) -> None:
    # Pages read again after another connection wrote come from the map, not from a read of
    # the file each (storage/database.py, MAPPED_BYTES); what is read is the same.
    path = tmp_path / "games.sqlite"
    kept = storage.Storage.of(path)
    writer, reader = kept.open(), kept.open()
    try:
        storage.migrate(writer)
        made = storage.create_game(writer, game.new_game(("Ana", "Ben", "Cleo"), 0, Variants()))
        assert reader.execute("PRAGMA mmap_size").fetchone()[0] == MAPPED_BYTES
        first = stored_games.load(reader, made.id)
        assert first is not None
        writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the rows now live in the file
        kept.records = RecordCache()  # read them from the file again
        again = stored_games.load(reader, made.id)
        assert again is not None and again.record == first.record
    finally:
        kept.close()
