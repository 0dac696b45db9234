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
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database

from scorekeeper import stats, variants
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


class Unavailable(Exception):
    """The database cannot be written now: a read-only file or folder, a full disk or size cap,
    or another writer holding it too long. Reading still works; nothing of the entry was saved."""


# SQLite's answers (extended codes start with these) that mean "cannot write now", as opposed to
# a mistake in a statement.
_CANNOT_WRITE = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_BUSY")


def _cannot_write(error: sqlite3.Error) -> bool:
    return str(getattr(error, "sqlite_errorname", "")).startswith(_CANNOT_WRITE)


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its record plus what only storage knows."""

    id: str
    record: GameRecord
    version: int
    edit_token: str
    created_at: str
    updated_at: str
    # None: the game's id is its view link (until the scorekeeper renews the view link).
    view_token: str | None = None

    @property
    def day(self) -> str:
        """The day the game started, YYYY-MM-DD (UTC)."""
        return self.created_at[:10]


# --- connection ------------------------------------------------------------------------------


def connect(path: str | Path, max_bytes: int | None = None) -> Database:
    """Open the database file in WAL mode, waiting up to 10 s for another writer.

    A file that cannot be written is still opened for reading (writes then raise
    :class:`Unavailable`). ``max_bytes`` caps the file's size: past it, writes are refused as on
    a full disk.
    """
    conn = sqlite3.connect(str(path), timeout=WRITE_WAIT, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as error:
        if not _cannot_write(error):
            raise
        # A read-only file is still read (WAL or not); a read-only folder may not even let
        # SQLite make the files WAL needs beside the database: then read the file as it is.
        if not _readable(conn):
            conn.close()
            conn = _frozen(Path(path), error)
    db = Database(conn)
    if str(path) != ":memory:":
        _FILES[db] = str(Path(path).resolve())
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    if max_bytes is not None:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {max(1, int(max_bytes) // page_size)}")
    return db


def _readable(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        return False
    return True


def _frozen(path: Path, why: sqlite3.OperationalError) -> sqlite3.Connection:
    """The database opened read-only as an unchanging file (its folder cannot be written).

    Only when no write-ahead log with entries lies beside it: the file alone then holds every
    game, and nothing can change it while the folder stays read-only.
    """
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise why
    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True, timeout=WRITE_WAIT, check_same_thread=False)


def cannot_write_reason(db: Database) -> str | None:
    """Why a write would fail now (read-only, full), or ``None``; writes nothing."""
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    if pages >= db.execute("PRAGMA max_page_count").fetchone()[0]:
        return "database or disk is full"  # at its size cap: only free pages left inside
    try:
        with _writing(db):
            # Creating a table needs a new page and a write lock; rolled back, it leaves nothing.
            db.execute("CREATE TABLE _write_probe (x)")
            raise _Probed
    except _Probed:
        return None
    except Unavailable as error:
        return str(error)


class _Probed(Exception):
    """The probe's write went through (and is rolled back)."""


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
        raise Unavailable("another write held the database too long")
    try:
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.conn.execute("COMMIT")
        except BaseException:
            db.conn.rollback()
            raise
    except sqlite3.OperationalError as error:
        if _cannot_write(error):
            raise Unavailable(str(error)) from error
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


class KeyReused(Exception):
    """A creation key sent again with another request than the one that created its game."""


def create_game(db: Database, record: GameRecord, key: str | None = None) -> StoredGame:
    """Store a new game with all its rounds in one transaction.

    ``key`` names the request that creates it: when a game with this key exists already (the
    same form sent twice), that game is returned and nothing new is stored.
    """
    return create_game_once(db, record, key)[0]


def create_game_once(
    db: Database,
    record: GameRecord,
    key: str | None,
    digest: str | None = None,
    since: str | None = None,
) -> tuple[StoredGame, bool]:
    """Store a new game, unless the request named ``key`` made one already: the game, and
    whether it was made earlier.

    ``digest`` is the request's fingerprint: the key of a game made by a request with another
    digest raises :class:`KeyReused`. ``since`` (an ISO time) forgets keys of games created
    before it, so that a key is only held for a while.
    """
    game_id, token, now = new_game_id(), new_edit_token(), _now()
    with _writing(db):
        if key is not None:
            if since is not None:
                db.execute(
                    "UPDATE games SET creation_key = NULL"
                    " WHERE creation_key = ? AND created_at < ?",
                    [key, since],
                )
            made = db.execute(
                "SELECT id, creation_digest FROM games WHERE creation_key = ?", [key]
            ).fetchone()
            if made is not None:
                if made[1] != digest:
                    raise KeyReused(made[0])
                earlier = load(db, made[0])
                assert earlier is not None
                return earlier, True
        db.execute(
            "INSERT INTO games (id, created_at, updated_at, first_dealer, variants, edit_token,"
            " version, creation_key, creation_digest) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)",
            [
                game_id,
                now,
                now,
                record.first_dealer,
                json.dumps(variants.to_plain(record.variants)),
                token,
                key,
                digest,
            ],
        )
        db.conn.executemany(
            "INSERT INTO seats (game_id, seat, name) VALUES (?, ?, ?)",
            [(game_id, seat, name) for seat, name in enumerate(record.players)],
        )
        _write_rounds(db, game_id, record, _rounds_by_number(record))
    return StoredGame(game_id, record, 1, token, now, now), False


def load(db: Database, game_id: str) -> StoredGame | None:
    """The stored game with this id, or ``None``; read as one consistent snapshot."""
    rows = _rows(db, "SELECT * FROM games WHERE id = ?", game_id)
    if not rows:
        return None
    record = _RECORDS.get(_stamp(db, rows[0]))
    if record is not None:  # one row read is a snapshot of its own
        return _stored(rows[0], record)
    with db.atomic():
        rows = _rows(db, "SELECT * FROM games WHERE id = ?", game_id)
        if not rows:
            return None
        game = rows[0]
        stamp = _stamp(db, game)
        record = _RECORDS.get(stamp)
        if record is None:
            seats = _rows(db, "SELECT name FROM seats WHERE game_id = ? ORDER BY seat", game_id)
            rounds = _rows(db, "SELECT * FROM rounds WHERE game_id = ? ORDER BY number", game_id)
            hands = _rows(
                db, "SELECT * FROM hands WHERE game_id = ? ORDER BY number, seat", game_id
            )
            record = _record(game, tuple(row["name"] for row in seats), rounds, hands)
            _RECORDS.put(stamp, record)
    return _stored(game, record)


class _RecordCache:
    """Game records already read, by file, game and version: the same version of a game is
    read again and again (every phone at the table reloads when it changes, the scorekeeper
    moves between the round and the sheet), and a record never changes once read.

    Every change to a game bumps its version (and its time of change) in the same transaction,
    so a new version is never served from here. Restore a backup with the server stopped: a
    running server might otherwise keep a version of the same number and second it read before.
    """

    SIZE = 256

    def __init__(self) -> None:
        self._records: OrderedDict[tuple[object, ...], GameRecord] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, stamp: tuple[object, ...]) -> GameRecord | None:
        if stamp[0] is None:
            return None
        with self._lock:
            record = self._records.get(stamp)
            if record is not None:
                self._records.move_to_end(stamp)
            return record

    def put(self, stamp: tuple[object, ...], record: GameRecord) -> None:
        if stamp[0] is None:
            return
        with self._lock:
            self._records[stamp] = record
            while len(self._records) > self.SIZE:
                self._records.popitem(last=False)


_RECORDS = _RecordCache()
# The database file each connection opened by :func:`connect` reads (the record cache's key).
_FILES: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()


def _file_of(db: Database) -> str | None:
    return _FILES.get(db)


def _stamp(db: Database, game: Row) -> tuple[object, ...]:
    """What names one version of a stored game (the record cache's key)."""
    return (_file_of(db), game["id"], game["version"], game["updated_at"])


def _rows(db: Database, sql: str, *params: object) -> list[Row]:
    """The rows of a query as dicts (sqlite-utils' ``query`` adds a savepoint per query)."""
    cursor = db.execute(sql, params)
    keys = [column[0] for column in cursor.description]
    return [dict(zip(keys, row, strict=True)) for row in cursor]


def version_of(db: Database, game_id: str) -> int | None:
    """The game's version alone, or ``None``: one indexed read, for phones watching a game."""
    row = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
    return None if row is None else int(row[0])


def peek_version(app: Flask, game_id: str) -> int | None:
    """The game's version outside a request, on the connection this thread keeps for ``app``:
    watching phones ask many times a second (``live.VersionCheck``). ``None`` for an unknown
    game and for one whose view link was renewed: watching that takes a token, checked in a
    request."""
    row = (
        _thread_connection(app.config["DATABASE"], _max_bytes(app))
        .execute("SELECT version FROM games WHERE id = ? AND view_token IS NULL", [game_id])
        .fetchone()
    )
    return None if row is None else int(row[0])


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
    saved = replace(stored, record=record, version=stored.version + 1, updated_at=now)
    if not db.conn.in_transaction:  # committed: the next read of the game is this record
        _RECORDS.put(
            _stamp(db, {"id": saved.id, "version": saved.version, "updated_at": now}), record
        )
    return saved


Shared = TypeVar("Shared", "StoredGame", "StoredGroup")
# The table of each kind of shared thing, by the type storage reads it as.
_TABLES = {"StoredGame": "games", "StoredGroup": "groups"}


def renew_token(db: Database, stored: Shared, link: Literal["edit", "view"]) -> Shared:
    """Give a game or group a new edit token (links and phones holding the old one lose edit
    access), or a (new) view token (from then on seeing it takes the link with the token, and
    phones that saw it by its id or an older link lose sight of it)."""
    token = new_edit_token()
    table = _TABLES[type(stored).__name__]
    with _writing(db):
        db.execute(f"UPDATE {table} SET {link}_token = ? WHERE id = ?", [token, stored.id])
    if link == "edit":
        return replace(stored, edit_token=token)
    return replace(stored, view_token=token)


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
        winners = "" if isinstance(entry, RoundRecord) else _trick_winners(entry.reopened_tricks)
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


def _stored(game: Row, record: GameRecord) -> StoredGame:
    return StoredGame(
        game["id"],
        record,
        game["version"],
        game["edit_token"],
        game["created_at"],
        game["updated_at"],
        game["view_token"],
    )


def _record(game: Row, players: tuple[str, ...], rounds: list[Row], hands: list[Row]) -> GameRecord:
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
            current = RoundInProgress(trump, bids, _reopened_tricks(row["trick_winners"], seats))
    return GameRecord(players, game["first_dealer"], chosen, tuple(done), current)


# The column of a round in progress keeps the seat that took each trick, as it did when tricks
# were counted one by one during play: a reopened round's tricks are written that way, and a row
# from those days reads as the tricks counted so far, where the tricks step starts.
def _trick_winners(tricks: tuple[int, ...]) -> str:
    return ",".join(str(seat) for seat, taken in enumerate(tricks) for _ in range(taken))


def _reopened_tricks(winners: str, seats: list[Row]) -> tuple[int, ...]:
    by_seat = [int(seat) for seat in winners.split(",") if seat]
    if not by_seat:
        return ()
    return tuple(by_seat.count(seat) for seat in range(len(seats)))


# --- groups: a table's games and roster ------------------------------------------------------


@dataclass(frozen=True)
class StoredGroup:
    """A group as stored: its name, edit token and roster (player key -> name shown)."""

    id: str
    name: str
    edit_token: str
    created_at: str
    updated_at: str
    roster: tuple[tuple[str, str], ...]
    # None: the group's id is its view link (until a keeper renews the view link).
    view_token: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        """The roster's names, in alphabetical order."""
        return tuple(name for _key, name in self.roster)


class SameGame(Exception):
    """Two players cannot be merged: they sat at the same game (its id is the argument)."""


def create_group(db: Database, name: str, roster: Iterable[str] = ()) -> StoredGroup:
    """Store a new group, with its first players if given."""
    group_id, token, now = new_game_id(), new_edit_token(), _now()
    with _writing(db):
        db.execute(
            "INSERT INTO groups (id, name, edit_token, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?)",
            [group_id, name, token, now, now],
        )
        _join_roster(db, group_id, roster)
    stored = load_group(db, group_id)
    assert stored is not None
    return stored


def import_group(
    db: Database, name: str, roster: Iterable[str], games: Iterable[tuple[GameRecord, str]]
) -> StoredGroup:
    """Store a whole group at once, each game with the time it started: all or nothing."""
    with _writing(db):
        stored = create_group(db, name, roster)
        for record, played_at in games:
            create_group_game(db, stored.id, record, played_at)
    loaded = load_group(db, stored.id)
    assert loaded is not None
    return loaded


def load_group(db: Database, group_id: str) -> StoredGroup | None:
    """The group with this id and its roster, or ``None``."""
    with db.atomic():
        rows = list(db.query("SELECT * FROM groups WHERE id = ?", [group_id]))
        if not rows:
            return None
        roster = db.query(
            "SELECT key, name FROM group_players WHERE group_id = ? ORDER BY key", [group_id]
        )
        players = tuple((row["key"], row["name"]) for row in roster)
    row = rows[0]
    return StoredGroup(
        row["id"],
        row["name"],
        row["edit_token"],
        row["created_at"],
        row["updated_at"],
        players,
        row["view_token"],
    )


def load_groups(db: Database, group_ids: Iterable[str]) -> list[StoredGroup]:
    """The stored groups among ``group_ids`` (unknown ids are skipped), in the order given."""
    groups = (load_group(db, group_id) for group_id in group_ids)
    return [stored for stored in groups if stored is not None]


def group_games(db: Database, group_id: str) -> list[StoredGame]:
    """The group's games in the order they were started."""
    rows = db.query(
        "SELECT games.id FROM group_games JOIN games ON games.id = group_games.game_id "
        "WHERE group_games.group_id = ? ORDER BY games.created_at, games.rowid",
        [group_id],
    )
    return load_many(db, [row["id"] for row in rows])


def group_of(db: Database, game_id: str) -> str | None:
    """The id of the group the game belongs to, if any."""
    rows = list(db.query("SELECT group_id FROM group_games WHERE game_id = ?", [game_id]))
    return rows[0]["group_id"] if rows else None


def grouped(db: Database, game_ids: Iterable[str]) -> set[str]:
    """Those of ``game_ids`` that belong to a group already."""
    ids = list(game_ids)
    if not ids:
        return set()
    marks = ", ".join("?" * len(ids))
    rows = db.query(f"SELECT game_id FROM group_games WHERE game_id IN ({marks})", ids)
    return {row["game_id"] for row in rows}


def create_group_game(
    db: Database,
    group_id: str,
    record: GameRecord,
    played_at: str | None = None,
    key: str | None = None,
) -> StoredGame:
    """Store a new game as one of the group's; its players join the roster.

    ``played_at`` (an ISO date-time) keeps the date of an imported game; a new game is now.
    ``key`` names the request, as for :func:`create_game` (a game made already is returned).
    """
    with _writing(db):
        stored = create_game(db, record, key=key)
        if played_at is not None:
            db.execute("UPDATE games SET created_at = ? WHERE id = ?", [played_at, stored.id])
            stored = replace(stored, created_at=played_at)
        _add_games(db, group_id, [stored])
    return stored


def add_group_games(db: Database, group_id: str, games: Iterable[StoredGame]) -> int:
    """Put existing games into the group (those in a group already are left where they are);
    their players join the roster. Returns how many were added."""
    with _writing(db):
        return _add_games(db, group_id, list(games))


def remove_group_game(db: Database, group_id: str, game_id: str) -> None:
    """Take a game out of the group; the game itself stays."""
    with _writing(db):
        db.execute(
            "DELETE FROM group_games WHERE group_id = ? AND game_id = ?", [group_id, game_id]
        )
        _touch_group(db, group_id)


def join_roster(db: Database, group_id: str, names: Iterable[str]) -> None:
    """Add players to the roster; a name whose key is there already keeps its spelling."""
    with _writing(db):
        _join_roster(db, group_id, names)
        _touch_group(db, group_id)


def rename_player(db: Database, group_id: str, key: str, name: str) -> int:
    """Rename the player ``key`` to ``name`` in the roster and in every game of the group.

    When ``name`` is another player's, the two become one (a merge); :class:`SameGame` is raised
    if they sat at the same game. Every game changed gets a new version, as any change does.
    Returns how many games changed.
    """
    new_key = stats.player_key(name)
    with _writing(db):
        seats = db.query(
            "SELECT seats.game_id, seats.seat, seats.name FROM seats JOIN group_games "
            "ON group_games.game_id = seats.game_id WHERE group_games.group_id = ?",
            [group_id],
        )
        by_game: dict[str, list[Row]] = {}
        for row in seats:
            by_game.setdefault(row["game_id"], []).append(row)
        changed = 0
        now = _now()
        for game_id, rows in by_game.items():
            names = [row["name"] for row in sorted(rows, key=lambda row: row["seat"])]
            keys = stats.seat_keys(names)
            if key not in keys:
                continue
            if new_key != key and new_key in keys:
                raise SameGame(game_id)
            seat = keys.index(key)
            db.execute(
                "UPDATE seats SET name = ? WHERE game_id = ? AND seat = ?", [name, game_id, seat]
            )
            db.execute(
                "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?",
                [now, game_id],
            )
            changed += 1
        db.execute("DELETE FROM group_players WHERE group_id = ? AND key = ?", [group_id, key])
        db.execute(
            "INSERT OR REPLACE INTO group_players (group_id, key, name) VALUES (?, ?, ?)",
            [group_id, new_key, name],
        )
        _touch_group(db, group_id)
    return changed


def _add_games(db: Database, group_id: str, games: list[StoredGame]) -> int:
    taken = grouped(db, [stored.id for stored in games])
    added = [stored for stored in games if stored.id not in taken]
    now = _now()
    for stored in added:
        db.execute(
            "INSERT INTO group_games (game_id, group_id, added_at) VALUES (?, ?, ?)",
            [stored.id, group_id, now],
        )
        _join_roster(db, group_id, stored.record.players)
    _touch_group(db, group_id)
    return len(added)


def _join_roster(db: Database, group_id: str, names: Iterable[str]) -> None:
    for name in names:
        db.execute(
            "INSERT OR IGNORE INTO group_players (group_id, key, name) VALUES (?, ?, ?)",
            [group_id, stats.player_key(name), name.strip()],
        )


def _touch_group(db: Database, group_id: str) -> None:
    db.execute("UPDATE groups SET updated_at = ? WHERE id = ?", [_now(), group_id])


# --- Flask glue ------------------------------------------------------------------------------


def get_db() -> Database:
    """The request's connection: the one its server thread keeps open for this database file.

    Opening a connection per request cost more than most pages (and closing the last one makes
    SQLite checkpoint its write-ahead log); the server's threads are few and long-lived.
    """
    if "db" not in g:
        g.db = _thread_connection(current_app.config["DATABASE"], _max_bytes(current_app))
    db: Database = g.db
    return db


class _Kept(threading.local):
    def __init__(self) -> None:
        self.connections: OrderedDict[tuple[str, int | None], Database] = OrderedDict()


_kept = _Kept()


def _thread_connection(path: str, max_bytes: int | None) -> Database:
    kept = _kept.connections
    key = (path, max_bytes)  # a size cap is set when the connection opens
    db = kept.get(key)
    if db is None:
        db = kept[key] = connect(path, max_bytes=max_bytes)
        while len(kept) > KEPT_CONNECTIONS:
            kept.popitem(last=False)[1].close()
    kept.move_to_end(key)
    return db


def close_db(_error: BaseException | None = None) -> None:
    """End the request's use of its connection; a transaction it left open is rolled back."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def _max_bytes(app: Flask) -> int | None:
    megabytes = app.config.get("DATABASE_MAX_MB")
    return None if megabytes is None else int(float(megabytes) * 1024 * 1024)


def init_app(app: Flask) -> None:
    """Create or upgrade the schema now, and register teardown and the CLI commands.

    A database that cannot be written (read-only, full) is served read-only, with the reason in
    the log; only an out-of-date schema that cannot be upgraded stops the start.
    """
    path = app.config["DATABASE"]
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path, max_bytes=_max_bytes(app))
    try:
        migrate(db)
        reason = cannot_write_reason(db)
    except (Unavailable, sqlite3.OperationalError) as error:
        if isinstance(error, sqlite3.OperationalError) and not _cannot_write(error):
            raise
        raise RuntimeError(
            f"The database {path} needs an upgrade but cannot be written ({error}). "
            "Free some disk space or make it writable, then start again."
        ) from error
    finally:
        db.close()
    if reason is not None:
        app.logger.warning(
            "The database %s cannot be written (%s): serving the games read-only. Every entry "
            "is refused until it can be written again (free disk space, make it writable).",
            path,
            reason,
        )
    app.teardown_appcontext(close_db)
    app.cli.add_command(backup_command)


@click.command("backup")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True))
def backup_command(path: str) -> None:
    """Copy the database to PATH, safely while the app is running."""
    backup(get_db(), path)
    click.echo(f"Backed up the games to {path}.")
