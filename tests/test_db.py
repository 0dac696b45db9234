"""Storage: games survive a round trip through SQLite, changes are versioned, copies are safe."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlite_utils import Database as SqliteDatabase

from scorekeeper import create_app, storage
from scorekeeper.core import game
from scorekeeper.core.family.skull_king import Extras
from scorekeeper.core.game import GameRecord, RoundInProgress, RoundRecord
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    Suit,
    Trump,
    Turned,
    Variants,
)
from scorekeeper.core.variants import Edition
from scorekeeper.storage import migrations as schema_migrations
from scorekeeper.storage.database import Database
from scorekeeper.storage.migrations import migrations
from tests import family_games

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

HEARTS = Trump(Turned.SUIT, Suit.HEARTS)
TABLES = ("games", "seats", "rounds", "hands")


def new(players: int = 4, first_dealer: int = 0, **variants: Any) -> GameRecord:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]
    return game.new_game(names, first_dealer, Variants(**variants))


def bid_all(record: GameRecord, bids: tuple[int | None, ...]) -> GameRecord:
    for seat in game.current_setup(record).bidders:
        bid = bids[seat]
        assert bid is not None
        record = game.place_bid(record, seat, bid)
    return record


def play(record: GameRecord, bids: tuple[int | None, ...], tricks: tuple[int, ...]) -> GameRecord:
    if game.current_round(record).trump is None:
        record = game.set_trump(record, Turned.SUIT, Suit.HEARTS)
    return game.finish_round(bid_all(record, bids), tricks)


def two_rounds(record: GameRecord) -> GameRecord:
    return play(play(record, (0, 1, 1), (0, 0, 1)), (2, 0, 0), (1, 0, 1))


def finished_five_rounds() -> GameRecord:
    record = new(3, length=Length.FIVE_ROUNDS)
    for hand in range(1, 6):
        record = play(record, (0, 0, hand), (0, 0, hand))
    return record


def whole_deck() -> GameRecord:
    """6 players, quick play: the last round deals all 60 cards, so no trump card."""
    record = new(6, length=Length.QUICK)
    for hand in record.schedule:
        trump = game.current_round(record).trump or HEARTS
        record = game.add_round(record, RoundRecord(trump, (0,) * 6, (hand, 0, 0, 0, 0, 0)))
    assert record.rounds[-1].trump == Trump(Turned.NONE, None)
    return record


def corrected(record: GameRecord, number: int, **changes: Any) -> GameRecord:
    """``record`` with round ``number`` corrected: it keeps its figures from before."""
    return game.replace_round(record, number, replace(record.rounds[number - 1], **changes))


def skull_king_corrected() -> GameRecord:
    """Skull King with round 1's bonuses corrected: its original keeps the game's own facts."""
    record = family_games.skull_king()
    facts = record.rounds[0].facts
    assert isinstance(facts, Extras)
    return corrected(record, 1, facts=replace(facts, bonuses=facts.bonuses[:1]))


# | what was entered | record |
RECORDS = [
    ("a new game", new(4)),
    ("a new game of 8 with the first dealer last", new(8, 7)),
    (
        "every flag set",
        new(
            5,
            2,
            length=Length.QUICK,
            saboteur=True,
            jester_bid=True,
            edition=Edition.FANTASY,
            foresight=True,
            gizzard_fester=True,
            pull_one=True,
        ),
    ),
    ("hidden bids", new(5, 2, bid_visibility=BidVisibility.HIDDEN, saboteur=True)),
    ("plus/minus one", new(3, bid_restriction=BidRestriction.PLUS_MINUS_ONE)),
    ("Canadian, Amigo", new(4, length=Length.AMIGO, bid_restriction=BidRestriction.CANADIAN)),
    ("delayed bids", new(6, bid_visibility=BidVisibility.DELAYED)),
    ("the worked example", two_rounds(new(3))),
    ("trump entered", game.set_trump(new(3), Turned.WIZARD, Suit.DIAMONDS)),
    ("a Jester turned", game.set_trump(new(3), Turned.JESTER, None)),
    (
        "some bids in",
        game.place_bid(game.set_trump(two_rounds(new(3)), Turned.SUIT, Suit.CLUBS), 0, 3),
    ),
    (
        "a round reopened",
        game.undo(play(play(new(3, 1), (0, 1, 0), (0, 0, 1)), (1, 1, 0), (1, 0, 1))),
    ),
    (
        "saboteur rounds",
        play(play(new(3, 0, saboteur=True), (None, 1, 0), (0, 0, 1)), (0, None, 1), (1, 0, 1)),
    ),
    (
        "saboteur mid-bid",
        game.place_bid(game.set_trump(new(3, 0, saboteur=True), Turned.JESTER, None), 1, 1),
    ),
    ("Jester bid in play", game.set_trump(new(4, jester_bid=True), Turned.JESTER, None)),
    ("Maximus fixed trump", game.place_bid(new(4, length=Length.MAXIMUS), 1, 5)),
    (
        "Maximus rounds",
        play(
            play(new(4, length=Length.MAXIMUS), (3, 3, 3, 3), (3, 4, 4, 4)),
            (0, 0, 0, 0),
            (15, 0, 0, 0),
        ),
    ),
    ("the whole deck dealt", whole_deck()),
    (
        "a corrected round",
        corrected(two_rounds(new(3)), 1, tricks=(0, 1, 0), trump=Trump(Turned.JESTER, None)),
    ),
    ("a corrected round reopened", game.undo(corrected(two_rounds(new(3)), 2, tricks=(2, 0, 0)))),
    ("a Skull King round corrected", skull_king_corrected()),
    ("a finished game", finished_five_rounds()),
    ("a reopened last round", game.undo(finished_five_rounds())),
    (
        "a round at the table with nothing entered",
        GameRecord(("Ann", "Bob", "Cid"), 0, Variants(), (), RoundInProgress(None, (None,) * 3)),
    ),
]


@pytest.mark.parametrize("record", [record for _, record in RECORDS], ids=[n for n, _ in RECORDS])
def test_a_game_comes_back_exactly_as_entered(conn: Database, record: GameRecord) -> None:
    stored = storage.create_game(conn, record)
    loaded = storage.load(conn, stored.id)
    assert loaded is not None
    assert loaded.record == record
    assert loaded == stored


def test_a_new_game_is_stored_at_version_1_with_an_edit_token(conn: Database) -> None:
    stored = storage.create_game(conn, new(4))
    assert stored.version == 1
    assert stored.created_at == stored.updated_at
    assert len(stored.edit_token) >= 20
    assert stored.id != storage.create_game(conn, new(4)).id


def test_an_unknown_game_is_not_found(conn: Database) -> None:
    assert storage.load(conn, "no-such-game") is None


def test_ids_and_tokens_are_unguessable_and_url_safe() -> None:
    ids = {storage.new_game_id() for _ in range(50)}
    tokens = {storage.new_edit_token() for _ in range(50)}
    assert len(ids) == len(tokens) == 50
    for value in ids | tokens:
        assert value.replace("-", "").replace("_", "").isalnum()
        assert len(value) >= 16


@pytest.mark.sqlite_only("SQLite's schema and files; PostgreSQL's in tests/test_postgres.py")
def test_no_score_is_stored(conn: SqliteDatabase) -> None:
    storage.create_game(conn, two_rounds(new(3)))
    for table in TABLES:
        assert not any(
            "score" in column or "total" in column for column in conn[table].columns_dict
        )


# --- saving changes ------------------------------------------------------------------------------


def test_every_move_is_saved_and_read_back(conn: Database) -> None:
    """Trump, bids, a finished round, undo, a correction and a dropped round."""
    record = new(3, 0)
    stored = storage.create_game(conn, record)
    moves: list[Callable[[GameRecord], GameRecord]] = [
        lambda r: game.set_trump(r, Turned.SUIT, Suit.HEARTS),
        lambda r: game.place_bid(r, 1, 0),
        lambda r: game.place_bid(r, 2, 1),
        lambda r: game.place_bid(r, 0, 0),
        lambda r: game.finish_round(r, (0, 0, 1)),
        lambda r: game.set_trump(r, Turned.JESTER, None),
        game.undo,
        game.undo,
        lambda r: game.finish_round(r, (0, 1, 0)),
        lambda r: game.add_round(r, RoundRecord(HEARTS, (1, 1, 1), (1, 1, 0))),
        lambda r: game.replace_round(r, 1, RoundRecord(HEARTS, (1, 0, 0), (1, 0, 0))),
        lambda r: game.set_trump(r, Turned.WIZARD, Suit.CLUBS),
        lambda r: game.drop_last_round(r, 2),
    ]
    for version, move in enumerate(moves, start=2):
        record = move(record)
        stored = storage.save(conn, stored, record)
        assert stored.version == version
        loaded = storage.load(conn, stored.id)
        assert loaded is not None
        assert loaded.record == record
        assert loaded.version == version
    assert len(record.rounds) == 1 and record.current is None


def test_saving_rewrites_only_the_rounds_that_changed(conn: Database) -> None:
    record = two_rounds(new(3))
    stored = storage.create_game(conn, record)
    # A completed round's trick counter is never read: a mark there shows the row was kept.
    conn.execute(
        "UPDATE rounds SET trick_winners = 'kept' WHERE game_id = ? AND number = 1", [stored.id]
    )
    changed = game.replace_round(record, 2, RoundRecord(HEARTS, (2, 0, 0), (2, 0, 0)))
    storage.save(conn, stored, changed)
    marks = [row["trick_winners"] for row in conn.query("SELECT * FROM rounds ORDER BY number")]
    assert marks == ["kept", ""]


def test_a_round_whose_tricks_were_counted_during_play_still_loads(conn: Database) -> None:
    """Tricks were once counted one by one during play, each winner's seat kept in the round's
    ``trick_winners``: such a round reads as the tricks counted so far, where the tricks step
    starts, and the round is finished as any other."""
    record = bid_all(game.set_trump(new(3), Turned.SUIT, Suit.HEARTS), (1, 0, 1))
    stored = storage.create_game(conn, record)
    conn.execute(
        "UPDATE rounds SET trick_winners = '2,0,2' WHERE game_id = ? AND number = 1", [stored.id]
    )
    loaded = storage.load(conn, stored.id)
    assert loaded is not None and loaded.record.current is not None
    assert loaded.record.current.reopened_tricks == (1, 0, 2)
    finished = game.finish_round(loaded.record, (1, 0, 0))
    assert finished.rounds[0].tricks == (1, 0, 0)


def test_a_change_made_against_an_old_version_is_refused(conn: Database) -> None:
    stored = storage.create_game(conn, new(3))
    phone_a = storage.load(conn, stored.id)
    phone_b = storage.load(conn, stored.id)
    assert phone_a is not None and phone_b is not None
    a_record = game.set_trump(phone_a.record, Turned.SUIT, Suit.CLUBS)
    saved = storage.save(conn, phone_a, a_record)
    with pytest.raises(storage.Conflict):
        storage.save(conn, phone_b, game.set_trump(phone_b.record, Turned.JESTER, None))
    loaded = storage.load(conn, stored.id)
    assert loaded is not None
    assert loaded.record == a_record
    assert loaded.version == saved.version == 2
    # reloaded, phone B may go on
    assert storage.save(conn, loaded, game.undo(a_record)).version == 3


def test_a_deleted_game_cannot_be_saved(conn: Database) -> None:
    stored = storage.create_game(conn, new(3))
    storage.delete_game(conn, stored.id)
    with pytest.raises(storage.Conflict):
        storage.save(conn, stored, game.set_trump(stored.record, Turned.JESTER, None))
    assert storage.load(conn, stored.id) is None


def test_a_new_edit_token_replaces_the_old_one(conn: Database) -> None:
    stored = storage.create_game(conn, two_rounds(new(3)))
    renewed = storage.renew_token(conn, stored, "edit")
    assert renewed.edit_token != stored.edit_token
    assert (renewed.id, renewed.record, renewed.version) == (stored.id, stored.record, 1)
    loaded = storage.load(conn, stored.id)
    assert loaded is not None
    assert loaded.edit_token == renewed.edit_token
    assert loaded.version == 1


def test_a_game_read_again_at_the_same_version_is_the_record_kept(conn: Database) -> None:
    stored = storage.create_game(conn, two_rounds(new(3)))
    first, again = storage.load(conn, stored.id), storage.load(conn, stored.id)
    assert first is not None and again is not None
    assert again.record is first.record


def test_a_kept_record_never_hides_a_change(conn: Database, target: str) -> None:
    stored = storage.create_game(conn, two_rounds(new(3)))
    assert storage.load(conn, stored.id) is not None
    # Another connection (another server thread) changes the game: the next read sees it.
    other = storage.connect(target)
    saved = storage.save(other, stored, game.set_trump(stored.record, Turned.JESTER, None))
    renewed = storage.renew_token(other, saved, "edit")
    group = storage.create_group(other, "Thursdays")
    storage.add_group_games(other, group.id, [renewed])
    storage.rename_player(other, group.id, "ann", "Annie")
    other.close()
    loaded = storage.load(conn, stored.id)
    assert loaded is not None
    assert loaded.record.players == ("Annie", "Bob", "Cid")
    assert loaded.record.current is not None
    assert loaded.record.current.trump == Trump(Turned.JESTER, None)
    assert loaded.edit_token == renewed.edit_token
    storage.delete_game(conn, stored.id)
    assert storage.load(conn, stored.id) is None


def test_deleting_a_game_removes_everything_entered_for_it(conn: Database) -> None:
    kept = storage.create_game(conn, two_rounds(new(3)))
    gone = storage.create_game(
        conn, game.place_bid(game.set_trump(two_rounds(new(3)), Turned.JESTER, None), 0, 1)
    )
    storage.delete_game(conn, gone.id)
    assert storage.load(conn, gone.id) is None
    for table in TABLES:
        column = "id" if table == "games" else "game_id"
        rows = list(conn.query(f"SELECT * FROM {table} WHERE {column} = ?", [gone.id]))
        assert rows == []
    assert storage.load(conn, kept.id) == kept


def test_load_many_skips_unknown_games_and_keeps_the_order(conn: Database) -> None:
    first = storage.create_game(conn, new(3))
    second = storage.create_game(conn, new(4))
    assert storage.load_many(conn, [second.id, "nope", first.id]) == [second, first]
    assert storage.load_many(conn, []) == []


# --- schema and copies ---------------------------------------------------------------------------


@pytest.mark.sqlite_only("SQLite's schema and files; PostgreSQL's in tests/test_postgres.py")
def test_migrate_creates_the_schema(conn: SqliteDatabase) -> None:
    assert set(TABLES) <= set(conn.table_names())
    assert [m.name for m in migrations.applied(conn)] == schema_migrations.names()


@pytest.mark.sqlite_only("SQLite's schema and files; PostgreSQL's in tests/test_postgres.py")
def test_migrating_twice_is_harmless(conn: SqliteDatabase) -> None:
    stored = storage.create_game(conn, two_rounds(new(3)))
    schema = conn.schema
    storage.migrate(conn)
    storage.migrate(conn)
    assert conn.schema == schema
    assert [m.name for m in migrations.applied(conn)] == schema_migrations.names()
    assert storage.load(conn, stored.id) == stored


@pytest.mark.sqlite_only("SQLite's schema and files; PostgreSQL's in tests/test_postgres.py")
def test_a_connection_waits_for_writers_and_enforces_foreign_keys(conn: SqliteDatabase) -> None:
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


@pytest.mark.sqlite_only("SQLite's schema and files; PostgreSQL's in tests/test_postgres.py")
def test_a_backup_is_a_readable_copy(conn: SqliteDatabase, tmp_path: Path) -> None:
    records = [
        two_rounds(new(3)),
        game.undo(play(new(4, jester_bid=True), (0, 0, 0, 0), (0, 1, 0, 0))),
    ]
    stored = [storage.create_game(conn, record) for record in records]
    target = tmp_path / "backup.sqlite"
    storage.backup(conn, target)
    copy = storage.connect(target)
    try:
        assert [storage.load(copy, s.id) for s in stored] == stored
        storage.migrate(copy)  # already up to date
        assert [m.name for m in migrations.applied(copy)] == schema_migrations.names()
    finally:
        copy.close()


# --- Flask glue ----------------------------------------------------------------------------------


@pytest.fixture
def flask_app(tmp_path: Path) -> Flask:
    app = Flask(__name__)
    app.config["DATABASE"] = str(tmp_path / "instance" / "games.sqlite")
    storage.init_app(app)
    return app


def test_the_app_creates_and_migrates_its_database_at_start(flask_app: Flask) -> None:
    assert Path(flask_app.config["DATABASE"]).exists()
    with flask_app.app_context():
        db = storage.get_db()
        assert isinstance(db, SqliteDatabase)
        assert set(TABLES) <= set(db.table_names())


def test_a_thread_keeps_its_connection_from_request_to_request(flask_app: Flask) -> None:
    with flask_app.app_context():
        first = storage.get_db()
        assert storage.get_db() is first
        first.execute("BEGIN")
        first.execute("DELETE FROM seats")
    with flask_app.app_context():
        assert storage.get_db() is first
        assert not first.conn.in_transaction  # what a request left open was rolled back
    other: list[Database] = []
    thread = threading.Thread(target=lambda: other.append(_request_connection(flask_app)))
    thread.start()
    thread.join()
    assert other[0] is not first


def test_a_thread_keeps_few_connections(tmp_path: Path) -> None:
    apps = [
        create_app({"DATABASE": str(tmp_path / f"{n}.sqlite"), "SECRET_KEY": "t"})
        for n in range(storage.KEPT_CONNECTIONS + 1)
    ]
    first = _request_connection(apps[0])
    for app in apps[1:]:
        _request_connection(app)
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        first.execute("SELECT 1")
    assert _request_connection(apps[-1]).execute("SELECT 1").fetchone() == (1,)


def _request_connection(app: Flask) -> Database:
    with app.app_context():
        return storage.get_db()


def test_the_backup_command_copies_the_games(flask_app: Flask, tmp_path: Path) -> None:
    with flask_app.app_context():
        stored = storage.create_game(storage.get_db(), two_rounds(new(3)))
        target = tmp_path / "copy.sqlite"
        result = flask_app.test_cli_runner().invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    assert result.output == f"Backed up the games to {target}.\n"
    copy = storage.connect(target)
    try:
        assert storage.load(copy, stored.id) == stored
    finally:
        copy.close()
