"""Groups in storage: roster, membership, renaming and merging players, import in one go."""

from __future__ import annotations

from random import Random

import pytest
from sqlite_utils import Database as SqliteDatabase

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from scorekeeper.storage.database import Database
from tests.plays import legal_round

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

FIVE = Variants(length=Length.FIVE_ROUNDS)


def finished(names: tuple[str, ...], seed: int = 1) -> game.GameRecord:
    rng = Random(seed)
    record = game.new_game(names, 0, FIVE)
    for _ in record.schedule:
        record = game.add_round(record, legal_round(record, rng))
    return record


@pytest.mark.sqlite_only("SQLite's schema; PostgreSQL's in tests/test_postgres.py")
def test_migrating_twice_changes_nothing(conn: SqliteDatabase) -> None:
    storage.migrate(conn)
    assert {"groups", "group_players", "group_games"} <= set(conn.table_names())


def test_a_group_keeps_its_games_in_order_and_its_players_on_the_roster(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club", ["Ana"])
    first = storage.create_group_game(conn, group.id, finished(("Ana", "Ben", "Cleo")))
    second = storage.create_group_game(conn, group.id, finished(("ana", "Ben", "Dan"), 2))
    assert [entry.id for entry in storage.group_games(conn, group.id)] == [first.id, second.id]
    stored = storage.load_group(conn, group.id)
    assert stored is not None
    assert stored.roster == (("ana", "Ana"), ("ben", "Ben"), ("cleo", "Cleo"), ("dan", "Dan"))
    assert storage.group_of(conn, first.id) == group.id
    assert storage.load_group(conn, "nope") is None


def test_renaming_a_player_changes_every_game_of_the_group(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    games = [
        storage.create_group_game(conn, group.id, finished(("Ana", "Ben", "Cleo"))) for _ in "ab"
    ]
    outside = storage.create_game(conn, finished(("Ana", "Ben", "Cleo")))
    assert storage.rename_player(conn, group.id, "ana", "Anna") == 2
    for before in games:
        after = storage.load(conn, before.id)
        assert after is not None
        assert after.record.players == ("Anna", "Ben", "Cleo")
        assert after.version == before.version + 1  # a change like any other: phones reload
        with pytest.raises(storage.Conflict):
            storage.save(conn, before, before.record)
    untouched = storage.load(conn, outside.id)
    assert untouched is not None and untouched.record.players[0] == "Ana"
    stored = storage.load_group(conn, group.id)
    assert stored is not None and ("anna", "Anna") in stored.roster
    assert "ana" not in dict(stored.roster)


def test_merging_two_players_makes_one(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    storage.create_group_game(conn, group.id, finished(("Ana", "Ben", "Cleo")))
    storage.create_group_game(conn, group.id, finished(("Annie", "Ben", "Cleo")))
    assert storage.rename_player(conn, group.id, "annie", "Ana") == 1
    stored = storage.load_group(conn, group.id)
    assert stored is not None and stored.players == ("Ana", "Ben", "Cleo")
    assert {entry.record.players[0] for entry in storage.group_games(conn, group.id)} == {"Ana"}


def test_two_players_of_the_same_game_cannot_be_merged(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    played = storage.create_group_game(conn, group.id, finished(("Ana", "Ben", "Cleo")))
    with pytest.raises(storage.SameGame):
        storage.rename_player(conn, group.id, "ben", "ana")
    kept = storage.load(conn, played.id)
    assert kept is not None and kept.record.players == ("Ana", "Ben", "Cleo")
    assert kept.version == played.version


def test_existing_games_are_added_once(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    other = storage.create_group(conn, "Sunday club")
    loose = storage.create_game(conn, finished(("Ana", "Ben", "Cleo")))
    assert storage.add_group_games(conn, group.id, [loose]) == 1
    assert storage.add_group_games(conn, other.id, [loose]) == 0  # one group per game
    assert storage.grouped(conn, [loose.id, "nope"]) == {loose.id}
    assert storage.grouped(conn, []) == set()
    storage.remove_group_game(conn, group.id, loose.id)
    assert storage.group_games(conn, group.id) == [] and storage.load(conn, loose.id) is not None


def test_deleting_a_game_takes_it_out_of_its_group(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    played = storage.create_group_game(conn, group.id, finished(("Ana", "Ben", "Cleo")))
    storage.delete_game(conn, played.id)
    assert storage.group_games(conn, group.id) == []
    assert storage.group_of(conn, played.id) is None


def test_a_group_is_imported_whole_with_its_days(conn: Database) -> None:
    records = [
        (finished(("Ana", "Ben", "Cleo"), seed), f"2025-0{seed}-01T20:00:00+00:00")
        for seed in (1, 2)
    ]
    stored = storage.import_group(conn, "Friday club", ["Dan"], records)
    games = storage.group_games(conn, stored.id)
    assert [entry.created_at for entry in games] == [moment for _r, moment in records]
    assert [entry.record for entry in games] == [record for record, _m in records]
    assert stored.players == ("Ana", "Ben", "Cleo", "Dan")


def test_a_new_edit_token_replaces_the_groups_old_one(conn: Database) -> None:
    group = storage.create_group(conn, "Friday club")
    renewed = storage.renew_token(conn, group, "edit")
    stored = storage.load_group(conn, group.id)
    assert stored is not None and stored.edit_token == renewed.edit_token != group.edit_token


def test_every_change_of_a_group_or_of_its_games_moves_its_version_on(conn: Database) -> None:
    # Its open pages follow it live (scorekeeper/server/streams.py).
    def version() -> int:
        stored = storage.load_group(conn, group.id)
        assert stored is not None
        return stored.version

    group = storage.create_group(conn, "Friday club")
    seen = [version()]
    playing = storage.create_group_game(
        conn, group.id, game.new_game(("Ana", "Ben", "Cleo"), 0, FIVE)
    )
    seen.append(version())
    record = game.add_round(playing.record, legal_round(playing.record, Random(3)))
    storage.save(conn, playing, record)
    seen.append(version())
    storage.rename_player(conn, group.id, "ana", "Anna")
    seen.append(version())
    outside = storage.create_game(conn, finished(("Ana", "Ben", "Cleo")))
    storage.delete_game(conn, outside.id)  # not the group's: nothing of the group changed
    seen.append(version())
    storage.delete_game(conn, playing.id)
    seen.append(version())
    assert seen == sorted(seen) and len(set(seen)) == 5, seen
