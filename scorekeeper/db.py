"""Storage: the only module that talks to SQLite (through sqlite-utils).

It stores the facts of a game (players, variants, trump, bids, tricks, the round in progress)
and never a score. Every change is one transaction that first bumps the game's version, so a
change made against an old version is refused instead of overwriting another phone's entry.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from flask import Flask, abort, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from scorekeeper import variants
from scorekeeper.game import GameRecord, RoundInProgress, RoundRecord
from scorekeeper.migrations import migrations
from scorekeeper.rules import Suit, Trump, Turned

WRITE_WAIT = 10  # seconds a write waits for another before giving up
_WRITE_LOCK = threading.Lock()


Row = dict[str, Any]
# A server thread keeps a connection to each of this many database files (one, but for tests).
KEPT_CONNECTIONS = 4


class Conflict(Exception):
    """The game changed since the page was loaded (another phone entered something)."""


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its record plus what only storage knows."""

    id: str
    record: GameRecord
    version: int
    edit_token: str
    created_at: str
    updated_at: str

    @property
    def day(self) -> str:
        """The day the game started, YYYY-MM-DD (UTC)."""
        return self.created_at[:10]


# --- connection ------------------------------------------------------------------------------


def connect(path: str | Path) -> Database:
    """Open the database file in WAL mode, waiting up to 10 s for another writer."""
    conn = sqlite3.connect(str(path), timeout=WRITE_WAIT, check_same_thread=False)
    db = Database(conn)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def migrate(db: Database) -> None:
    """Create or upgrade the schema; running it again changes nothing."""
    migrations.apply(db)


@contextmanager
def _writing(db: Database) -> Iterator[Database]:
    """One write transaction that takes the write lock first (``BEGIN IMMEDIATE``).

    A deferred transaction that reads before it writes (sqlite-utils reads the schema before an
    insert) cannot wait for the lock: when another request committed meanwhile, SQLite answers
    "database is locked" at once. Taken up front, the lock is waited for (``timeout``).
    """
    if db.conn.in_transaction:  # inside a caller's transaction: a savepoint, as atomic() does
        with db.atomic():
            yield db
        return
    # Threads of this process queue here rather than in SQLite's busy loop, which sleeps in
    # growing steps and makes the slowest of many simultaneous writes wait far longer.
    if not _WRITE_LOCK.acquire(timeout=WRITE_WAIT):
        raise sqlite3.OperationalError("database is locked")
    try:
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.conn.execute("COMMIT")
        except BaseException:
            db.conn.rollback()
            raise
    finally:
        _WRITE_LOCK.release()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --- games -----------------------------------------------------------------------------------


def new_game_id() -> str:
    """An unguessable, URL-safe game id (96 random bits)."""
    return secrets.token_urlsafe(12)


def new_edit_token() -> str:
    """A secret that lets a second phone edit a game."""
    return secrets.token_urlsafe(18)


def create_game(db: Database, record: GameRecord) -> StoredGame:
    """Store a new game with all its rounds in one transaction."""
    game_id, token, now = new_game_id(), new_edit_token(), _now()
    with _writing(db):
        db.execute(
            "INSERT INTO games (id, created_at, updated_at, first_dealer, variants, edit_token,"
            " version) VALUES (?, ?, ?, ?, ?, ?, 1)",
            [
                game_id,
                now,
                now,
                record.first_dealer,
                json.dumps(variants.to_plain(record.variants)),
                token,
            ],
        )
        db.conn.executemany(
            "INSERT INTO seats (game_id, seat, name) VALUES (?, ?, ?)",
            [(game_id, seat, name) for seat, name in enumerate(record.players)],
        )
        _write_rounds(db, game_id, record, _rounds_by_number(record))
    return StoredGame(game_id, record, 1, token, now, now)


def load(db: Database, game_id: str) -> StoredGame | None:
    """The stored game with this id, or ``None``; read as one consistent snapshot."""
    with db.atomic():
        rows = _rows(db, "SELECT * FROM games WHERE id = ?", game_id)
        if not rows:
            return None
        seats = _rows(db, "SELECT name FROM seats WHERE game_id = ? ORDER BY seat", game_id)
        rounds = _rows(db, "SELECT * FROM rounds WHERE game_id = ? ORDER BY number", game_id)
        hands = _rows(db, "SELECT * FROM hands WHERE game_id = ? ORDER BY number, seat", game_id)
    return _stored(rows[0], tuple(row["name"] for row in seats), rounds, hands)


def _rows(db: Database, sql: str, *params: object) -> list[Row]:
    """The rows of a query as dicts (sqlite-utils' ``query`` adds a savepoint per query)."""
    cursor = db.execute(sql, params)
    keys = [column[0] for column in cursor.description]
    return [dict(zip(keys, row, strict=True)) for row in cursor]


def save(db: Database, stored: StoredGame, record: GameRecord) -> StoredGame:
    """Write the change from ``stored`` to ``record`` as one transaction.

    Raises :class:`Conflict` when the game's version moved on since ``stored`` was loaded.
    Only the rounds that changed are rewritten.
    """
    before, after = _rounds_by_number(stored.record), _rounds_by_number(record)
    changed = {n for n in before.keys() | after.keys() if before.get(n) != after.get(n)}
    now = _now()
    with _writing(db):
        cursor = db.execute(
            "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
            [now, stored.id, stored.version],
        )
        if cursor.rowcount != 1:
            raise Conflict(stored.id)
        for number in changed:
            db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [stored.id, number])
            db.execute("DELETE FROM rounds WHERE game_id = ? AND number = ?", [stored.id, number])
        _write_rounds(db, stored.id, record, {n: after[n] for n in changed if n in after})
    return StoredGame(
        stored.id, record, stored.version + 1, stored.edit_token, stored.created_at, now
    )


def renew_edit_token(db: Database, stored: StoredGame) -> StoredGame:
    """Give the game a new edit token: links and phones holding the old one lose edit access."""
    token = new_edit_token()
    with _writing(db):
        db.execute("UPDATE games SET edit_token = ? WHERE id = ?", [token, stored.id])
    return StoredGame(
        stored.id, stored.record, stored.version, token, stored.created_at, stored.updated_at
    )


def delete_game(db: Database, game_id: str) -> None:
    """Remove a game and everything entered for it."""
    with _writing(db):
        for table in ("hands", "rounds", "seats", "games"):
            column = "id" if table == "games" else "game_id"
            db.execute(f"DELETE FROM {table} WHERE {column} = ?", [game_id])


def load_many(db: Database, game_ids: Iterable[str]) -> list[StoredGame]:
    """The stored games among ``game_ids`` (unknown ids are skipped), in the order given."""
    games = (load(db, game_id) for game_id in game_ids)
    return [stored for stored in games if stored is not None]


def backup(db: Database, target: str | Path) -> None:
    """Write a consistent copy of the database to ``target`` with SQLite's backup API."""
    destination = sqlite3.connect(str(target))
    try:
        db.conn.backup(destination)
    finally:
        destination.close()


# --- rows <-> records ------------------------------------------------------------------------


def _rounds_by_number(record: GameRecord) -> dict[int, RoundRecord | RoundInProgress]:
    rounds: dict[int, RoundRecord | RoundInProgress] = dict(enumerate(record.rounds, start=1))
    if record.current is not None and not record.finished:
        rounds[len(record.rounds) + 1] = record.current
    return rounds


def _write_rounds(
    db: Database, game_id: str, record: GameRecord, rounds: dict[int, RoundRecord | RoundInProgress]
) -> None:
    players = len(record.players)
    for number, entry in sorted(rounds.items()):
        complete = isinstance(entry, RoundRecord)
        trump = entry.trump
        winners = "" if isinstance(entry, RoundRecord) else ",".join(map(str, entry.trick_winners))
        db.execute(
            "INSERT INTO rounds (game_id, number, trump_turned, trump_suit, trick_winners,"
            " complete) VALUES (?, ?, ?, ?, ?, ?)",
            [
                game_id,
                number,
                trump.turned.value if trump else None,
                trump.suit.value if trump and trump.suit else None,
                winners,
                int(complete),
            ],
        )
        tricks = entry.tricks if isinstance(entry, RoundRecord) else (None,) * players
        bids = entry.bids or (None,) * players
        db.conn.executemany(
            "INSERT INTO hands (game_id, number, seat, bid, tricks) VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, number, seat, bid, taken)
                for seat, (bid, taken) in enumerate(zip(bids, tricks, strict=True))
            ],
        )


def _stored(game: Row, players: tuple[str, ...], rounds: list[Row], hands: list[Row]) -> StoredGame:
    chosen = variants.from_plain(json.loads(game["variants"]))
    by_round: dict[int, list[Row]] = {}
    for hand in hands:
        by_round.setdefault(hand["number"], []).append(hand)
    done: list[RoundRecord] = []
    current = None
    for row in rounds:
        seats = by_round.get(row["number"], [])
        bids = tuple(hand["bid"] for hand in seats)
        trump = None
        if row["trump_turned"] is not None:
            suit = Suit(row["trump_suit"]) if row["trump_suit"] else None
            trump = Trump(Turned(row["trump_turned"]), suit)
        if row["complete"] and trump is not None:
            done.append(RoundRecord(trump, bids, tuple(hand["tricks"] for hand in seats)))
        else:
            winners = tuple(int(seat) for seat in row["trick_winners"].split(",") if seat)
            current = RoundInProgress(trump, bids, winners)
    record = GameRecord(players, game["first_dealer"], chosen, tuple(done), current)
    return StoredGame(
        game["id"],
        record,
        game["version"],
        game["edit_token"],
        game["created_at"],
        game["updated_at"],
    )


# --- Flask glue ------------------------------------------------------------------------------


def get_db() -> Database:
    """The request's connection: the one its server thread keeps open for this database file.

    Opening a connection per request cost more than most pages (and closing the last one makes
    SQLite checkpoint its write-ahead log); the server's threads are few and long-lived.
    """
    if "db" not in g:
        g.db = _thread_connection(current_app.config["DATABASE"])
    db: Database = g.db
    return db


class _Kept(threading.local):
    def __init__(self) -> None:
        self.connections: OrderedDict[str, Database] = OrderedDict()


_kept = _Kept()


def _thread_connection(path: str) -> Database:
    kept = _kept.connections
    db = kept.get(path)
    if db is None:
        db = kept[path] = connect(path)
        while len(kept) > KEPT_CONNECTIONS:
            kept.popitem(last=False)[1].close()
    kept.move_to_end(path)
    return db


def load_or_404(game_id: str) -> StoredGame:
    """The game with this id for the request, or a 404 page."""
    stored = load(get_db(), game_id)
    if stored is None:
        abort(404)
    return stored


def close_db(_error: BaseException | None = None) -> None:
    """End the request's use of its connection; a transaction it left open is rolled back."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    """Create or upgrade the schema now, and register teardown and the CLI commands."""
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)
    db = connect(app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.close()
    app.teardown_appcontext(close_db)
    app.cli.add_command(backup_command)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
def backup_command(path: str) -> None:
    """Copy the database to PATH, safely while the app is running."""
    backup(get_db(), path)
    click.echo(f"Backed up the games to {path}.")
