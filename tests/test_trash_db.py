"""Issue 47, the trash in storage: a trashed game is skipped by every read of games (its
group's lists, the watch, the version checks) until restored; past its days it is deleted at
start."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import storage
from scorekeeper.storage.database import Database
from scorekeeper.storage.migrations import migrations
from tests.pdfs import play
from tests.support.apps import make_app
from tests.support.older import older_game

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

PLAYERS = ("Ana", "Ben", "Cleo")


def test_a_trashed_game_leaves_its_groups_lists_until_restored(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    kept = storage.create_group_game(conn, group.id, play(("Ana", "Ben", "Cleo"), rounds=1))
    trashed = storage.create_group_game(conn, group.id, play(("Ana", "Ben", "Cleo"), rounds=2))
    before = storage.load_group(conn, group.id)
    assert before is not None
    storage.trash_game(conn, trashed.id)
    assert [game.id for game in storage.group_games(conn, group.id)] == [kept.id]
    assert [game.id for game in storage.group_stamps(conn, group.id)] == [kept.id]
    assert storage.version_of(conn, trashed.id) is None
    after = storage.load_group(conn, group.id)
    assert after is not None and after.version > before.version  # its pages are counted anew
    assert storage.restore_game(conn, trashed.id)
    assert len(storage.group_games(conn, group.id)) == 2
    assert storage.load(conn, trashed.id) == trashed


def test_a_trashed_game_is_watched_as_a_deleted_one(app: Flask) -> None:
    conn = storage.connect(storage.database_of(app))
    stored = storage.create_game(conn, play(PLAYERS, rounds=1))
    watch = storage.Watch(conn)
    assert storage.peek_version(app, stored.id) == stored.version
    storage.trash_game(conn, stored.id)
    assert watch.versions([("games", stored.id)]) == {("games", stored.id): None}
    assert storage.peek_version(app, stored.id) is None
    storage.restore_game(conn, stored.id)
    assert watch.versions([("games", stored.id)]) == {("games", stored.id): stored.version}
    assert storage.peek_version(app, stored.id) == stored.version
    conn.close()


def test_a_trash_from_another_version_is_refused(conn: Database) -> None:
    stored = storage.create_game(conn, play(PLAYERS, rounds=1))
    with pytest.raises(storage.Conflict):
        storage.trash_game(conn, stored.id, stored.version + 1)
    assert storage.load(conn, stored.id) == stored
    assert not storage.restore_game(conn, stored.id)  # not in the trash


def test_games_past_their_days_are_deleted_at_start(target: str) -> None:
    database = target
    storage.storage(make_app(database)).close()
    conn = storage.connect(database)
    old = storage.create_game(conn, play(PLAYERS, rounds=1))
    new = storage.create_game(conn, play(PLAYERS, rounds=2))
    for game in (old, new):
        storage.trash_game(conn, game.id)
    conn.execute("UPDATE games SET deleted_at = '2020-01-01T00:00:00+00:00' WHERE id = ?", [old.id])
    conn.conn.commit()
    conn.close()
    storage.storage(make_app(database)).close()
    conn = storage.connect(database)
    assert [row[0] for row in conn.execute("SELECT id FROM games")] == [new.id]
    assert storage.GAME_TRASH.trashed_at(conn, new.id) is not None
    # its id and the day it went are kept, no more
    assert storage.GAME_TRASH.gone_for_good(conn, old.id) == "2020-01-31T00:00:00+00:00"
    assert storage.GAME_TRASH.gone_for_good(conn, new.id) is None
    conn.close()


def test_m017_keeps_every_game_in_play(tmp_path: Path) -> None:
    conn = storage.connect(tmp_path / "old.sqlite")
    migrations.apply(conn, stop_before="m017_game_trash")
    game_id = older_game(conn, play(PLAYERS, rounds=1))
    migrations.apply(conn)
    assert storage.GAME_TRASH.trashed_at(conn, game_id) is None
    assert storage.load(conn, game_id) is not None
    conn.close()
