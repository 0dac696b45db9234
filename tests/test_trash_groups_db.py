"""Issue 47, groups and club nights in the trash, in storage (real SQLite): a group goes with its
club nights and comes back with them, its games staying games; a club night in the trash keeps
its tables' games protected; deleted for good, each leaves its id and time, and never a game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import storage
from scorekeeper.core import evening_record
from scorekeeper.core.evening import Seating, draw
from scorekeeper.core.rules import Variants
from scorekeeper.storage import StoredEvening, StoredGroup
from scorekeeper.storage.database import Database
from scorekeeper.storage.migrations import migrations
from tests.pdfs import play
from tests.support.apps import make_app

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

PLAYERS = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal")
OLD = "2020-01-01T00:00:00+00:00"


def club_night(conn: Database, name: str = "Friday club") -> tuple[StoredGroup, StoredEvening]:
    """A group with a game of its own and a club night with its first sitting drawn (two
    tables, a game each)."""
    group = storage.create_group(conn, name)
    storage.create_group_game(conn, group.id, play(("Ana", "Ben", "Cleo"), rounds=1))
    made = storage.create_evening(
        conn,
        group.id,
        game="wizard",
        settings=Variants(),
        players=PLAYERS,
        sittings=2,
        table_sizes=[4],
        seed=1,
    )
    drawn = draw(PLAYERS, (4,), (), Seating.RANDOM, seed=1, sittings_left=2)
    new = storage.NewSitting(
        1, "random", 1, PLAYERS, drawn, evening_record.table_games(made.plan, drawn)
    )
    evening, _drawn, _again = storage.draw_sitting(conn, made, new, players=PLAYERS)
    loaded = storage.load_group(conn, group.id)
    assert loaded is not None
    return loaded, evening


def tables(evening: StoredEvening) -> tuple[str, ...]:
    return evening.sittings[0].game_ids


def test_a_group_goes_to_the_trash_with_its_club_nights_and_comes_back_with_them(
    conn: Database,
) -> None:
    group, evening = club_night(conn)
    games = [game.id for game in storage.group_games(conn, group.id)]
    watch = storage.Watch(conn)
    watched = [("groups", group.id), ("evenings", evening.id)]
    before = watch.versions(watched)
    when = storage.GROUP_TRASH.trash(conn, group.id, group.version)
    assert storage.load_group(conn, group.id) is None
    assert storage.load_groups(conn, [group.id]) == []
    assert storage.load_evening(conn, evening.id) is None
    assert storage.evening_version(conn, evening.id) is None
    assert watch.versions(watched) == dict.fromkeys(watched)  # watchers see them deleted
    # the club night is in the trash with its group, nothing of its own marked
    assert storage.EVENING_TRASH.trashed_at(conn, evening.id) == when
    assert storage.EVENING_TRASH.in_trash(conn, [evening.id]) == {evening.id: when}
    assert not storage.EVENING_TRASH.restore(conn, evening.id)
    # its games stay games, still the group's (it comes back as it stood)
    assert [game.id for game in storage.load_many(conn, games)] == games
    assert storage.grouped(conn, games) == set(games)
    assert storage.table_of_game(conn, tables(evening)[0]) is not None  # still protected
    assert storage.evening_of(conn, tables(evening)[0]) is None
    assert storage.evening_of(conn, tables(evening)[0], trashed=True) == evening.id
    assert storage.GROUP_TRASH.restore(conn, group.id)
    assert storage.load_group(conn, group.id) == group  # at the same version
    assert storage.load_evening(conn, evening.id) == evening
    assert watch.versions(watched) == before
    watch.close()


def test_a_trash_from_another_version_is_refused(conn: Database) -> None:
    group, evening = club_night(conn)
    for kind, thing in ((storage.GROUP_TRASH, group), (storage.EVENING_TRASH, evening)):
        with pytest.raises(storage.Conflict):
            kind.trash(conn, thing.id, thing.version + 1)
    assert storage.load_group(conn, group.id) == group
    assert storage.load_evening(conn, evening.id) == evening


def test_a_club_night_in_the_trash_keeps_its_tables_games_protected(conn: Database) -> None:
    group, evening = club_night(conn)
    storage.EVENING_TRASH.trash(conn, evening.id, evening.version)
    assert storage.load_evening(conn, evening.id) is None
    assert storage.group_evenings(conn, group.id) == []
    moved = storage.load_group(conn, group.id)
    assert moved is not None and moved.version > group.version  # its page lists it no more
    found = storage.table_of_game(conn, tables(evening)[0])
    assert found is not None and found.evening.id == evening.id
    # a draw that read it before it went draws nothing
    drawn = draw(PLAYERS, (4,), evening.drawn, Seating.RANDOM, seed=2, sittings_left=1)
    games = evening_record.table_games(evening.plan, drawn)
    new = storage.NewSitting(2, "random", 2, PLAYERS, drawn, games)
    with pytest.raises(storage.Conflict):
        storage.draw_sitting(conn, evening, new, players=PLAYERS)
    assert storage.EVENING_TRASH.restore(conn, evening.id)
    assert storage.load_evening(conn, evening.id) == evening  # its tables as they stood
    assert [found.id for found in storage.group_evenings(conn, group.id)] == [evening.id]


def test_a_group_deleted_for_good_leaves_its_games_in_no_group(conn: Database) -> None:
    group, evening = club_night(conn)
    games = [game.id for game in storage.group_games(conn, group.id)]
    storage.GROUP_TRASH.trash(conn, group.id)
    storage.GROUP_TRASH.delete_for_good(conn, group.id, OLD)
    assert storage.load_group(conn, group.id, trashed=True) is None
    assert storage.load_evening(conn, evening.id, trashed=True) is None
    assert [game.id for game in storage.load_many(conn, games)] == games
    assert storage.grouped(conn, games) == set()
    assert storage.table_of_game(conn, tables(evening)[0]) is None  # an ordinary game now
    assert storage.GROUP_TRASH.gone_for_good(conn, group.id) == OLD
    assert storage.EVENING_TRASH.gone_for_good(conn, evening.id) == OLD


def test_a_club_night_deleted_for_good_leaves_its_games_in_the_group(conn: Database) -> None:
    group, evening = club_night(conn)
    storage.EVENING_TRASH.trash(conn, evening.id)
    storage.EVENING_TRASH.delete_for_good(conn, evening.id)
    assert storage.load_evening(conn, evening.id, trashed=True) is None
    assert storage.grouped(conn, tables(evening)) == set(tables(evening))
    assert storage.table_of_game(conn, tables(evening)[0]) is None
    assert storage.EVENING_TRASH.gone_for_good(conn, evening.id) is not None
    assert storage.GROUP_TRASH.gone_for_good(conn, group.id) is None


def test_groups_and_club_nights_past_their_days_are_deleted_at_start(target: str) -> None:
    database = target
    storage.storage(make_app(database)).close()
    conn = storage.connect(database)
    old_group, its_evening = club_night(conn, "Old")
    new_group, lone_evening = club_night(conn, "New")
    recent = create_evening(conn, new_group)
    storage.GROUP_TRASH.trash(conn, old_group.id)
    storage.EVENING_TRASH.trash(conn, lone_evening.id)
    moved = storage.EVENING_TRASH.trash(conn, recent.id)
    games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    for table, thing in (("groups", old_group.id), ("evenings", lone_evening.id)):
        conn.execute(f"UPDATE {table} SET deleted_at = ? WHERE id = ?", [OLD, thing])
    conn.conn.commit()
    conn.close()
    storage.storage(make_app(database)).close()
    conn = storage.connect(database)
    assert [row[0] for row in conn.execute("SELECT name FROM groups")] == ["New"]
    assert [row[0] for row in conn.execute("SELECT id FROM evenings")] == [recent.id]
    gone = "2020-01-31T00:00:00+00:00"
    for kind, thing_id in (
        (storage.GROUP_TRASH, old_group.id),
        (storage.EVENING_TRASH, its_evening.id),
        (storage.EVENING_TRASH, lone_evening.id),
    ):
        assert kind.gone_for_good(conn, thing_id) == gone
    assert storage.EVENING_TRASH.trashed_at(conn, recent.id) == moved  # within its days
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == games  # never a game
    conn.close()


def create_evening(conn: Database, group: StoredGroup) -> StoredEvening:
    return storage.create_evening(
        conn,
        group.id,
        game="wizard",
        settings=Variants(),
        players=PLAYERS,
        sittings=1,
        table_sizes=[4],
        seed=2,
    )


def old_evening(conn: Database, group: StoredGroup) -> str:
    """A club night as m018's schema stored it (its columns then, none added since)."""
    conn.execute(
        "INSERT INTO evenings (id, group_id, game, variants, players, sittings, table_sizes,"
        " seed, created_at, updated_at) VALUES (?, ?, 'wizard', '{}', ?, 1, '[4]', 2, ?, ?)",
        ["old-evening", group.id, json.dumps(PLAYERS), OLD, OLD],
    )
    conn.conn.commit()
    return "old-evening"


def test_m019_keeps_every_group_and_club_night_in_play(tmp_path: Path) -> None:
    conn = storage.connect(tmp_path / "old.sqlite")
    migrations.apply(conn, stop_before="m019_group_and_evening_trash")
    made = storage.create_group(conn, "Friday club")  # written by the older schema
    evening_id = old_evening(conn, made)
    group = storage.load_group(conn, made.id)
    migrations.apply(conn)
    assert group is not None and storage.load_group(conn, group.id) == group
    evening = storage.load_evening(conn, evening_id)
    assert evening is not None and evening.group_id == group.id
    assert evening.players == PLAYERS and evening.table_sizes == (4,)
    assert storage.GROUP_TRASH.trashed_at(conn, group.id) is None
    assert storage.EVENING_TRASH.trashed_at(conn, evening.id) is None
    conn.close()
