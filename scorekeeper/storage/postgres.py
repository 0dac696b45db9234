"""PostgreSQL as the pad's second engine (issue 52): a connection that speaks to the storage's
modules as a SQLite one does, so that the SQL of every module is the same on both engines.

The storage's statements are written once, in the SQL both engines take (upserts as
``ON CONFLICT``, ``RETURNING`` for a new row's number); what differs is said here: the
placeholders (``?`` become ``%s``), a write transaction (one writer at a time, as SQLite has it,
by a lock of the database's own that every pad server on it shares, its statements sent as a
pipeline), a read of several rows as one snapshot, and the change that phones follow (each write
transaction ends with a ``NOTIFY``, which every server's live streams ``LISTEN`` for, in place
of SQLite's ``data_version``). The schema is :mod:`.postgres_schema`'s.

psycopg 3 is the driver (docs/postgresql.md says why): server-side parameters and prepared
statements, pipelines, and the notifications as a plain socket to wait on. No pool: each server
thread keeps its connection, as it keeps its SQLite one (:class:`.database.Storage`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import adapt, pq

from scorekeeper.storage.database import Away, Unavailable, shown

# The channel every write transaction notifies on commit, and the live streams listen to.
CHANNEL = "scorekeeper_changed"
# The key of the lock that makes writes one at a time, across every server on the database
# (pg_advisory_xact_lock: held until the transaction ends, whatever way it ends).
WRITE_LOCK = 0x5C0E_C0DE
# How long a write waits for another before it is refused as "cannot write now", in ms (as
# database.WRITE_WAIT).
WRITE_WAIT_MS = 10_000

_MARK = re.compile(r"\?")


def statement(sql: str, parameters: Sequence[object] | None = None) -> str:
    """A statement of the storage's as PostgreSQL takes it: ``%s`` for each ``?`` (when it has
    parameters: psycopg reads ``%`` only then), and an empty list (``IN ()``, which SQLite
    takes) as a query of no rows."""
    if parameters:
        sql = _MARK.sub("%s", sql.replace("%", "%%"))
    return sql.replace("IN ()", "IN (SELECT NULL WHERE FALSE)")


class _BooleanAsInteger(adapt.Dumper):
    """``True`` and ``False`` stored as SQLite stores them, 1 and 0 (the columns are integers)."""

    oid = psycopg.adapters.types["int8"].oid

    def dump(self, obj: object) -> bytes:
        return b"1" if obj else b"0"


class Cursor:
    """A statement's answer, read as a ``sqlite3.Cursor`` is (rows as tuples). In a write
    transaction's pipeline (:meth:`PostgresDatabase.writing`), reading what the statement
    answered waits for it; its rows are fetched by psycopg as they are asked for."""

    def __init__(
        self, raw: psycopg.Cursor[tuple[Any, ...]], pipeline: psycopg.Pipeline | None = None
    ) -> None:
        self.raw = raw
        self.pipeline = pipeline

    def _answered(self) -> None:
        if self.pipeline is not None:
            self.pipeline.sync()
            self.pipeline = None

    @property
    def description(self) -> list[tuple[str, ...]]:
        self._answered()
        return [(column.name,) for column in self.raw.description or ()]

    @property
    def rowcount(self) -> int:
        self._answered()
        return self.raw.rowcount

    def fetchone(self) -> Any:
        return self.raw.fetchone()

    def fetchall(self) -> list[Any]:
        return self.raw.fetchall()

    def __iter__(self) -> Iterator[Any]:
        return iter(self.raw.fetchall())


class Connection:
    """The connection under a :class:`PostgresDatabase`, with the few calls the storage makes
    of a ``sqlite3.Connection``. A connection the server dropped (a restart, a failover) is
    made again for a statement outside a transaction; inside one, the statement is refused as
    "cannot write now" (:class:`.database.Unavailable`), with nothing of the transaction kept."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.raw = _connect(url)
        self.depth = 0  # transactions and savepoints open (atomic, writing)
        self.listening = False
        self.missed = False
        self.pipeline: psycopg.Pipeline | None = None  # a write transaction's, while it runs

    @property
    def in_transaction(self) -> bool:
        status = self.raw.info.transaction_status
        return status not in (pq.TransactionStatus.IDLE, pq.TransactionStatus.UNKNOWN)

    def execute(self, sql: str, parameters: Sequence[object] | None = None) -> Cursor:
        try:
            query = statement(sql, parameters)
            return Cursor(self.raw.execute(query, parameters or None), self.pipeline)
        except psycopg.OperationalError as error:
            if not self.raw.closed:
                raise
            if self.depth:
                lost = shown(str(error).strip())
                raise Away(f"the database connection was lost ({lost})") from error
        self.reconnect()
        return Cursor(self.raw.execute(statement(sql, parameters), parameters or None))

    def reconnect(self) -> None:
        """A new connection in place of one the server dropped, listening as it did; what it
        missed meanwhile counts as told (:meth:`PostgresDatabase.told`)."""
        self.raw = _connect(self.url)
        if self.listening:
            self.raw.execute(f"LISTEN {CHANNEL}")
            self.missed = True

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        with self.raw.cursor() as cursor:
            cursor.executemany(statement(sql, [None]), rows)

    def commit(self) -> None:
        self.raw.commit()

    def rollback(self) -> None:
        if not self.raw.closed:  # a dropped connection holds no transaction any more
            self.raw.rollback()

    @property
    def closed(self) -> bool:
        return self.raw.closed

    def close(self) -> None:
        self.raw.close()


class PostgresDatabase:
    """A connection to the pad's PostgreSQL database, with the calls the storage makes of a
    sqlite-utils ``Database``: ``execute``, ``query``, ``atomic`` and ``close``."""

    def __init__(self, url: str) -> None:
        self.conn = Connection(url)

    def execute(self, sql: str, parameters: Sequence[object] | None = None) -> Cursor:
        """Run one statement of the storage's SQL (``?`` placeholders)."""
        return self.conn.execute(sql, parameters)

    def query(
        self, sql: str, parameters: Sequence[object] | None = None
    ) -> Iterator[dict[str, Any]]:
        """The rows of a query as dicts."""
        cursor = self.execute(sql, parameters)
        keys = [column[0] for column in cursor.description]
        for row in cursor.fetchall():
            yield dict(zip(keys, row, strict=True))

    @contextmanager
    def atomic(self) -> Iterator[PostgresDatabase]:
        """A transaction that reads one snapshot, as SQLite's does (``REPEATABLE READ``), or a
        savepoint within the one under way."""
        with self._transaction(psycopg.IsolationLevel.REPEATABLE_READ):
            yield self

    @contextmanager
    def writing(self) -> Iterator[PostgresDatabase]:
        """One write transaction, after the others (the lock every server takes) and told to
        the live streams of every server on commit. Each statement sees what the writes before
        it left (``READ COMMITTED``): a snapshot taken before the lock was had would not."""
        # Statements whose answer nobody reads (the lock, most writes, the notification, the
        # commit) go out together with the next one that is read: a round submitted is a few
        # round trips to the server, not one per statement (docs/postgresql.md).
        with self._pipelined(), self._transaction(None):
            self.execute("SELECT pg_advisory_xact_lock(?)", [WRITE_LOCK])
            yield self
            self.execute(f"NOTIFY {CHANNEL}")

    @contextmanager
    def _pipelined(self) -> Iterator[None]:
        """Statements sent without waiting for their answers, until one is read."""
        self._met_again()
        with _lost_is_unavailable(), self.conn.raw.pipeline() as pipeline:
            self.conn.pipeline = pipeline
            try:
                yield
            finally:
                self.conn.pipeline = None

    def _met_again(self) -> None:
        if not self.conn.depth and self.conn.raw.closed:  # dropped since its last statement
            self.conn.reconnect()

    @contextmanager
    def _transaction(self, isolation: psycopg.IsolationLevel | None) -> Iterator[None]:
        self._met_again()
        raw = self.conn.raw
        if not self.conn.depth:  # a savepoint keeps the transaction's own
            raw.isolation_level = isolation
        with _lost_is_unavailable(), raw.transaction():
            self.conn.depth += 1
            try:
                yield
            finally:
                self.conn.depth -= 1

    def listen(self) -> None:
        """Be told of every write transaction committed from now on (:meth:`told`)."""
        self.execute(f"LISTEN {CHANNEL}")
        self.conn.listening = True

    def told(self) -> bool:
        """Whether a write was committed since the last ask (notifications waiting, or a
        connection made again, which may have missed some), without waiting for one."""
        missed, self.conn.missed = self.conn.missed, False
        with _lost_is_unavailable():
            return bool(list(self.conn.raw.notifies(timeout=0))) or missed

    def fileno(self) -> int:
        """The connection's socket: readable when a notification has come."""
        return self.conn.raw.fileno()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


def _connect(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A new connection to the database at ``url``, set up as the storage needs it
    (:class:`.database.Unavailable` if the server cannot be reached)."""
    with _lost_is_unavailable():
        # Every statement prepared on the server at its first use (not its sixth): the
        # storage's statements are few and each is run again and again on a kept connection.
        raw = psycopg.connect(url, autocommit=True, prepare_threshold=0)
    raw.adapters.register_dumper(bool, _BooleanAsInteger)
    # The lock's wait, as SQLite's busy timeout; the rest of a statement is not bounded.
    raw.execute(f"SET lock_timeout = {WRITE_WAIT_MS}")
    return raw


@contextmanager
def _lost_is_unavailable() -> Iterator[None]:
    """The server gone (unreachable, or the connection dropped), or the database that cannot be
    written (read-only, full, the lock held too long): "cannot write now"."""
    try:
        yield
    except psycopg.Error as error:
        if not cannot_write(error):
            raise
        # a connection that failed has no SQLSTATE: the server's own refusals have one
        kind = Away if error.sqlstate is None else Unavailable
        raise kind(shown(str(error).strip())) from error


def cannot_write(error: BaseException) -> bool:
    """Whether ``error`` means "cannot write now" (the server gone, read-only, full, the lock
    held too long), as opposed to a mistake in a statement."""
    return isinstance(
        error,
        psycopg.OperationalError
        | psycopg.errors.ReadOnlySqlTransaction
        | psycopg.errors.DiskFull
        | psycopg.errors.LockNotAvailable
        | psycopg.errors.InsufficientResources,
    )
