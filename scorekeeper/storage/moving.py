"""Moving a pad from one database to another (issue 52): a SQLite file into PostgreSQL, or back.

Every row of every table is copied as it is (ids, tokens, versions, times, the history and the
trash), each table's columns by name, in an order that keeps every reference whole, all in one
write transaction on the target: a copy that fails leaves the target as it was. The order in
which rows were made (SQLite's ``rowid``, PostgreSQL's column of that name) comes along, so that
lists that break ties by it read the same. The web layer checks the copy by its exports
(``scorekeeper/web/moving.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlite_utils import Database as SqliteDatabase

from scorekeeper.storage.database import Database, writing

# Every table of the pad, each after those it refers to.
TABLES = (
    "games",
    "seats",
    "rounds",
    "hands",
    "groups",
    "group_players",
    "group_games",
    "evenings",
    "evening_sittings",
    "evening_tables",
    "evening_keys",
    "evening_plans",
    "redrawn_games",
    "gone_games",
    "gone_groups",
    "gone_evenings",
    "phones",
    "history",
    "imported_games",
    "import_drafts",
)
# The tables whose lists break ties by the order their rows were made.
IN_ORDER_MADE = ("games", "evenings", "imported_games")
# The columns PostgreSQL numbers by itself, which go on counting past the copied rows.
NUMBERED = (*((table, "rowid") for table in IN_ORDER_MADE), ("phones", "number"))
BATCH = 1000  # rows read and written at a time


class NotEmpty(Exception):
    """The target database holds games, groups or anything else: nothing was copied."""


def columns(db: Database, table: str) -> list[str]:
    """The columns of ``table``, in their order; SQLite's ``rowid`` among them where lists
    break ties by it (:data:`IN_ORDER_MADE`)."""
    if isinstance(db, SqliteDatabase):
        found = [row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()]
        return found + ["rowid"] * (table in IN_ORDER_MADE)
    sql = (
        "SELECT column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position"
    )
    return [row[0] for row in db.execute(sql, [table]).fetchall()]


def counts(db: Database) -> dict[str, int]:
    """How many rows each table holds."""
    return {
        table: int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]) for table in TABLES
    }


def copy_pad(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of ``source`` into ``target`` (both migrated), in one transaction on
    the target: the rows copied by table. :class:`NotEmpty` if the target holds any row."""
    with writing(target):
        if any(counts(target).values()):
            raise NotEmpty
        for table in TABLES:
            _copy_table(source, target, table)
        if not isinstance(target, SqliteDatabase):
            for table, column in NUMBERED:  # new rows are numbered after the copied ones
                target.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                    f" COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)"
                )
    return counts(target)


def _copy_table(source: Database, target: Database, table: str) -> None:
    names = [name for name in columns(source, table) if name in set(columns(target, table))]
    listed = ", ".join(names)
    marks = ", ".join("?" * len(names))
    order = "rowid" if table in IN_ORDER_MADE else "1"
    insert = f"INSERT INTO {table} ({listed}) VALUES ({marks})"
    for batch in _batches(source, f"SELECT {listed} FROM {table} ORDER BY {order}"):
        target.conn.executemany(insert, [tuple(row) for row in batch])


def _batches(source: Database, sql: str) -> Iterator[list[Any]]:
    """The rows of ``sql`` (no parameters) :data:`BATCH` at a time, never a whole table in
    memory (a pad of 100,000 games holds millions of hands): SQLite's cursor steps as it is
    read; PostgreSQL's rows come through a cursor of the server's own."""
    if isinstance(source, SqliteDatabase):
        stepped = source.execute(sql)
        while batch := stepped.fetchmany(BATCH):
            yield batch
        return
    raw = source.conn.raw
    with raw.transaction(), raw.cursor(name="moving") as on_server:
        on_server.execute(sql)
        while batch := on_server.fetchmany(BATCH):
            yield batch


def empty_pad(db: Database) -> None:
    """Delete every row of every table (a copy that did not check out)."""
    with writing(db):
        for table in reversed(TABLES):
            db.execute(f"DELETE FROM {table}")
