"""A database as one object (:class:`Storage`): a SQLite file or a PostgreSQL database
(:mod:`.postgres`), its connections, its write lock and the game records read from it.

Connections are kept, one per server thread, because opening one per request cost more than most
pages (and closing the last one makes SQLite checkpoint its write-ahead log). A kept connection
is closed when its thread ends, when it makes room for another file's (tests open many files), or
when :meth:`Storage.close` is called (the app is done); none is left for the garbage collector,
which Python 3.13 warns about.
"""

from __future__ import annotations

import re
import secrets
import sqlite3
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeAlias, TypeVar, overload

from sqlite_utils import Database as SqliteDatabase

from scorekeeper.storage import postgres_schema
from scorekeeper.storage.migrations import migrations
from scorekeeper.storage.record_cache import RecordCache

if TYPE_CHECKING:
    from scorekeeper.storage.postgres import PostgresDatabase

# A connection to the pad's database: a SQLite file through sqlite-utils, or PostgreSQL
# (:mod:`.postgres`, which speaks to the storage's modules as sqlite-utils does).
Database: TypeAlias = "SqliteDatabase | PostgresDatabase"

WRITE_WAIT = 10  # seconds a write waits for another before giving up
# A server thread keeps a connection to each of this many database files (one, but for tests).
KEPT_CONNECTIONS = 4
# Each connection reads the file through a memory map this large (the most SQLite takes is
# 2 GB). A connection's own page cache is emptied whenever another connection has written, as
# every server thread's is after each saved round; without the map, each page read again was a
# read from the file, and a file of 100,000 games has deeper trees: submitting a round read
# twice as many bytes as with 10 games (docs/speed.md). Writes still go through SQLite's files.
MAPPED_BYTES = 1 << 30

Row = dict[str, Any]


class Conflict(Exception):
    """The game changed since the page was loaded (another phone entered something)."""


class Unavailable(Exception):
    """The database cannot be written now: a read-only file or folder, a full disk or size cap,
    or another writer holding it too long. Reading still works; nothing of the entry was saved."""


# SQLite's answers (extended codes start with these) that mean "cannot write now", as opposed to
# a mistake in a statement.
_CANNOT_WRITE = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_BUSY")


class Away(Unavailable):
    """The database server cannot be reached now (PostgreSQL restarting or gone): neither
    reading nor writing works until it is back."""


def is_database_error(error: BaseException) -> bool:
    """Whether ``error`` is the database's (busy, away, refused), of either engine."""
    driver = sys.modules.get("psycopg")  # imported only where PostgreSQL is used
    return isinstance(error, sqlite3.Error | Unavailable) or (
        driver is not None and isinstance(error, driver.Error)
    )


def cannot_write(error: sqlite3.Error) -> bool:
    return str(getattr(error, "sqlite_errorname", "")).startswith(_CANNOT_WRITE)


class Storage:
    """One database file: every connection to it in this process, its write lock and the
    records read from it. :meth:`of` gives the one object of a file."""

    _ALL: ClassVar[weakref.WeakValueDictionary[tuple[str, int | None], Storage]] = (
        weakref.WeakValueDictionary()
    )
    _ALL_LOCK: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, path: str, max_bytes: int | None = None) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self.records = RecordCache()
        # Threads of this process queue here rather than in SQLite's busy loop, which sleeps in
        # growing steps and makes the slowest of many simultaneous writes wait far longer.
        self.write_lock = threading.Lock()
        self._open: weakref.WeakSet[Database] = weakref.WeakSet()

    @classmethod
    def of(cls, path: str | Path, max_bytes: int | None = None) -> Storage:
        """The storage of the database file at ``path`` (with a size cap, if given)."""
        key = (str(path) if _not_a_file(str(path)) else str(Path(path).resolve()), max_bytes)
        with cls._ALL_LOCK:
            storage = cls._ALL.get(key)
            if storage is None:
                storage = cls._ALL[key] = cls(key[0], max_bytes)
            return storage

    def open(self) -> Database:
        """A new connection of its own (closed by whoever opened it, or by :meth:`close`)."""
        db = _open(self.path, self.max_bytes)
        _OWNERS[db] = self
        self._open.add(db)
        return db

    def connection(self) -> Database:
        """The connection this thread keeps to the file."""
        kept = _kept.connections
        db = kept.get(self)
        # none yet, closed with the storage, or (PostgreSQL) dropped by the server in a write
        if db is None or db not in self._open or getattr(db.conn, "closed", False):
            db = kept[self] = self.open()
            while len(kept) > KEPT_CONNECTIONS:
                kept.popitem(last=False)[1].close()
        kept.move_to_end(self)
        return db

    def close(self) -> None:
        """Close every connection to the file, in every thread (the app is done with it)."""
        for db in list(self._open):
            db.close()
        self._open.clear()


class _Connections(OrderedDict["Storage", Database]):
    """The connections one thread keeps, least recently used first; closed with the thread."""

    def __del__(self) -> None:
        for db in self.values():
            db.close()


class _Kept(threading.local):
    def __init__(self) -> None:
        self.connections = _Connections()


_kept = _Kept()
# The storage each connection belongs to (its write lock and records).
_OWNERS: weakref.WeakKeyDictionary[Database, Storage] = weakref.WeakKeyDictionary()
# Connections opened outside any storage's knowledge share this lock.
_LONE_WRITES = threading.Lock()


def storage_of(db: Database) -> Storage | None:
    """The storage ``db`` is a connection of, if it came from one."""
    return _OWNERS.get(db)


def _not_a_file(target: str) -> bool:
    return target == ":memory:" or is_url(target)


def is_url(target: str) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://…``), not a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


@overload
def connect(path: Path, max_bytes: int | None = None) -> SqliteDatabase: ...
@overload
def connect(path: str, max_bytes: int | None = None) -> Database: ...
def connect(path: str | Path, max_bytes: int | None = None) -> Database:
    """A new connection to the database (see :func:`_open`), one of its storage's: a file's
    ``Path`` is always SQLite's; a ``str`` may be a PostgreSQL URL."""
    if str(path) == ":memory:":
        return _open(path, max_bytes)
    return Storage.of(path, max_bytes).open()


def _open(path: str | Path, max_bytes: int | None = None) -> Database:
    """Open the database: a PostgreSQL URL through :mod:`.postgres` (``max_bytes`` is then the
    server's to set), else the SQLite file (:func:`_open_file`)."""
    if is_url(str(path)):
        from scorekeeper.storage.postgres import PostgresDatabase

        return PostgresDatabase(str(path))  # Unavailable if the server cannot be reached
    return _open_file(path, max_bytes)


def _open_file(path: str | Path, max_bytes: int | None = None) -> SqliteDatabase:
    """Open the database file in WAL mode, waiting up to 10 s for another writer.

    A file that cannot be written is still opened for reading (writes then raise
    :class:`Unavailable`). ``max_bytes`` caps the file's size: past it, writes are refused as on
    a full disk.
    """
    conn = sqlite3.connect(str(path), timeout=WRITE_WAIT, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as error:
        if not cannot_write(error):
            raise
        # A read-only file is still read (WAL or not); a read-only folder may not even let
        # SQLite make the files WAL needs beside the database: then read the file as it is.
        if not _readable(conn):
            conn.close()
            conn = _frozen(Path(path), error)
    # No sqlite-utils plugins: finding them reads every installed package at start, and none
    # may change the pad's connection.
    db = SqliteDatabase(conn, execute_plugins=False)
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute(f"PRAGMA mmap_size = {MAPPED_BYTES}")
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
    if not isinstance(db, SqliteDatabase):
        if db.execute("SHOW transaction_read_only").fetchone() == ("on",):
            return "the database is read-only"
        return None
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    if pages >= db.execute("PRAGMA max_page_count").fetchone()[0]:
        return "database or disk is full"  # at its size cap: only free pages left inside
    try:
        with writing(db):
            # Creating a table needs a new page and a write lock; rolled back, it leaves nothing.
            db.execute("CREATE TABLE _write_probe (x)")
            raise _Probed
    except _Probed:
        return None
    except Unavailable as error:
        return str(error)


class NotAFile(Exception):
    """What is asked works on a SQLite file only; the message says what to do instead."""


class _Probed(Exception):
    """The probe's write went through (and is rolled back)."""


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction that takes the write lock first (``BEGIN IMMEDIATE``).

    A deferred transaction that reads before it writes (sqlite-utils reads the schema before an
    insert) cannot wait for the lock: when another request committed meanwhile, SQLite answers
    "database is locked" at once. Taken up front, the lock is waited for (``timeout``).
    """
    if db.conn.in_transaction:  # inside a caller's transaction: a savepoint, as atomic() does
        with db.atomic():
            yield db
        return
    owner = storage_of(db)
    lock = _LONE_WRITES if owner is None else owner.write_lock
    if not lock.acquire(timeout=WRITE_WAIT):
        raise Unavailable("another write held the database too long")
    try:
        if not isinstance(db, SqliteDatabase):
            with db.writing():  # what cannot be written now is Unavailable there too
                yield db
            return
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.conn.execute("COMMIT")
        except BaseException:
            db.conn.rollback()
            raise
    except sqlite3.OperationalError as error:
        if cannot_write(error):
            raise Unavailable(str(error)) from error
        raise
    finally:
        lock.release()


def shown(said: str) -> str:
    """A database's name or a driver's message as a log may show it: no password of a URL."""
    return re.sub(r"(://[^:/@\s]*:)[^@\s]*@", r"\1…@", said)


def migrate(db: Database) -> None:
    """Create or upgrade the schema; running it again changes nothing.

    In one write transaction taken up front: a second server starting on the same database at
    the same moment waits for the first one's upgrade instead of failing ("database is locked").
    """
    if not isinstance(db, SqliteDatabase) and not postgres_schema.to_apply(db):
        return  # nothing written: a read-only database (a standby) is served as it is
    with writing(db):
        if isinstance(db, SqliteDatabase):
            migrations.apply(db)
        else:
            postgres_schema.apply(db, now())


def now() -> str:
    """The time of a change, as stored (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Shared(Protocol):
    """A stored game or group: a row of ``TABLE`` with its tokens."""

    TABLE: ClassVar[str]

    @property
    def id(self) -> str: ...


Thing = TypeVar("Thing", bound=Shared)


def new_token() -> str:
    """A secret that lets a phone edit or see a game or group."""
    return secrets.token_urlsafe(18)


def renew_token(db: Database, stored: Thing, link: Literal["edit", "view"]) -> Thing:
    """Give a game or group a new edit token (links and phones holding the old one lose edit
    access), or a (new) view token (from then on seeing it takes the link with the token, and
    phones that saw it by its id or an older link lose sight of it)."""
    token = new_token()
    with writing(db):
        db.execute(f"UPDATE {stored.TABLE} SET {link}_token = ? WHERE id = ?", [token, stored.id])
    return replace(stored, **{f"{link}_token": token})  # type: ignore[type-var]


def backup(db: Database, target: str | Path) -> None:
    """Write a consistent copy of the database to ``target`` with SQLite's backup API (a
    PostgreSQL database is copied with its own tools: :class:`NotAFile`)."""
    if not isinstance(db, SqliteDatabase):
        raise NotAFile(
            "The games are on PostgreSQL: copy them with pg_dump or the server's continuous "
            "archiving (docs/hosting.md), not with this command."
        )
    destination = sqlite3.connect(str(target))
    try:
        db.conn.backup(destination)
    finally:
        destination.close()


def rows(db: Database, sql: str, *params: object) -> list[Row]:
    """The rows of a query as dicts (sqlite-utils' ``query`` adds a savepoint per query)."""
    cursor = db.execute(sql, params)
    keys = [column[0] for column in cursor.description]
    return [dict(zip(keys, row, strict=True)) for row in cursor]
