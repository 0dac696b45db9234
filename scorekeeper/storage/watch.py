"""What the live pages follow (issue 13, 48): a game's live version in one indexed read, and
the :class:`Watch` of many games, groups and club evenings by the server's loop, read again
only when the database changed."""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from typing import ClassVar, NamedTuple

from sqlite_utils import Database as SqliteDatabase

from scorekeeper.storage.database import Database

# What a game's pages follow live: its version, and half a version more while its club-night
# table stands ended early (issue 48), so that the keepers' end of a table, and its "play on",
# reach the table's phones and watchers at once without a change of the game's own version,
# which counts its history's entries. Phones compare it as static/live.js says.
LIVE_VERSION = (
    "games.version + CASE WHEN EXISTS (SELECT 1 FROM evening_tables"
    " WHERE evening_tables.game_id = games.id AND evening_tables.ended_at IS NOT NULL)"
    " THEN 0.5 ELSE 0 END"
)


def version_of(db: Database, game_id: str) -> float | None:
    """The version a game's pages follow live (:data:`LIVE_VERSION`: its version, half one more
    while its club-night table is ended early), or ``None`` (no such game, or one in the trash):
    one indexed read, for phones watching a game."""
    row = db.execute(
        f"SELECT {LIVE_VERSION} FROM games WHERE id = ? AND deleted_at IS NULL", [game_id]
    ).fetchone()
    return None if row is None else _number(row[0])


def _number(version: float) -> float:
    """A live version as SQLite answered it: a whole version stays an ``int`` (said "7")."""
    return int(version) if float(version).is_integer() else float(version)


class Seen(NamedTuple):
    """A watched thing as a look found it: its version (``None``: no such thing) and a digest
    of the tokens that say who may see it (its edit and view tokens; an evening's, its
    group's), which a renewed link changes without changing the version."""

    version: float | None  # a game's live version (LIVE_VERSION) may be a half
    access: str


class Watch:
    """The versions of games and groups being watched, read again only when the database
    changed: any connection's commit, in this process or another, moves SQLite's
    ``data_version`` of this one's connection, so a look while nothing changed costs one pragma
    and no read of a game. Used by one thread (the server's loop); :meth:`close` when done.

    A thing watched is named by its table (``"games"``, ``"groups"`` or ``"evenings"``) and its
    id."""

    # Each table's id, version and the tokens that let a request see it.
    READS: ClassVar[dict[str, str]] = {
        # a thing in the trash is watched as a deleted one
        "games": f"SELECT id, {LIVE_VERSION}, edit_token, view_token"
        " FROM (SELECT * FROM games WHERE deleted_at IS NULL) AS games",
        "groups": "SELECT id, version, edit_token, view_token"
        " FROM (SELECT * FROM groups WHERE deleted_at IS NULL) AS groups",
        "evenings": "SELECT evenings.id, evenings.version, groups.edit_token, groups.view_token"
        " FROM (SELECT * FROM evenings WHERE deleted_at IS NULL) AS evenings"
        " JOIN groups ON groups.id = evenings.group_id AND groups.deleted_at IS NULL",
    }
    TABLES = tuple(READS)

    def __init__(self, db: Database) -> None:
        self.db = db
        self._seen: int | None = None
        if not isinstance(db, SqliteDatabase):
            db.listen()  # before the first look: a change after it is told

    def changed(self, watched: Collection[tuple[str, str]]) -> dict[tuple[str, str], Seen] | None:
        """Each of ``watched`` as it is now (:meth:`seen`) if anything was committed since the
        last look, else ``None``. On PostgreSQL, a commit is told by the database itself (every
        write transaction notifies, :mod:`.postgres`)."""
        if isinstance(self.db, SqliteDatabase):
            seen = int(self.db.execute("PRAGMA data_version").fetchone()[0])
        else:
            seen = (self._seen or 0) + self.db.told()
        if seen == self._seen:
            return None
        self._seen = seen
        return self.seen(watched)

    def fileno(self) -> int | None:
        """A socket that becomes readable when something was committed (PostgreSQL's
        notifications), or ``None``: SQLite tells no one, and is asked."""
        return None if isinstance(self.db, SqliteDatabase) else self.db.fileno()

    def versions(self, watched: Collection[tuple[str, str]]) -> dict[tuple[str, str], float | None]:
        """The version of each of ``watched`` now (``None``: no such thing)."""
        return {key: found.version for key, found in self.seen(watched).items()}

    def seen(self, watched: Collection[tuple[str, str]]) -> dict[tuple[str, str], Seen]:
        """The version and access of each of ``watched`` now."""
        found = dict.fromkeys(watched, Seen(None, ""))
        for table in self.TABLES:
            ids = [thing_id for kind, thing_id in found if kind == table]
            for start in range(0, len(ids), 500):  # SQLite's limit of bound values, well within
                part = ids[start : start + 500]
                marks = ",".join("?" * len(part))
                sql = f"{self.READS[table]} WHERE {table}.id IN ({marks})"
                for thing_id, version, edit, view in self.db.execute(sql, part).fetchall():
                    found[table, thing_id] = Seen(_number(version), _access(edit, view))
        return found

    def close(self) -> None:
        """Close the connection."""
        self.db.close()


def _access(edit_token: str | None, view_token: str | None) -> str:
    """A digest of a thing's tokens: it changes when either is renewed, and tells neither."""
    tokens = f"{edit_token or ''} {view_token or ''}".encode()
    return hashlib.sha256(tokens).hexdigest()[:16]
