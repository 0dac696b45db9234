"""The trash (issue 47): a deleted game, group or club evening is kept, unchanged, with the time
it was moved there, and can be brought back exactly as it was; past its days it is deleted for
good, leaving its id and the time it went (``gone_<table>``) so that its address says so.

Each kind is one declaration (:class:`Trashable`): its table, what else changes as one goes in
or comes out, how one is deleted for good, and what it goes to the trash with. The rest is the
trash's, the same for every kind:

- A thing in the trash keeps its version: restored, it is the same thing at the same version (an
  ``If-Match`` held from before still fits). Every read skips it (the loads unless asked, the
  version checks, the watch, the lists), so phones watching it see it deleted. Its creation key
  is let go: the same form sent again makes a new one rather than answer with one in the trash.
- A game moving in or out is a change of its group and club evening (their pages leave it out,
  then show it again); an evening, of its group (whose page lists it).
- A group goes with its club evenings: they are in the trash while it is (read through the
  group, nothing of theirs marked), come back with it and are deleted for good with it. Its
  games stay games (each player's results, on the phones that kept them) and stay its own while
  it is in the trash, so that it comes back as it stood; deleted for good, it leaves them games
  of no group.
- An evening in the trash keeps its tables' games as the evening's record: a table's phone still
  cannot delete them (:func:`.evenings.table_of_game` reads evenings in the trash too).
  Restored, it shows them as they stand; deleted for good, they are its group's ordinary games.

How many days a thing is kept is the app's (``TRASH_DAYS``): storage is told the time before
which a trashed thing is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from scorekeeper.storage import evening_rows, group_rows, history
from scorekeeper.storage.database import Conflict, Database, now, writing
from scorekeeper.storage.evenings import delete_evening, touch_evening_group
from scorekeeper.storage.games import delete_game, group_changing, noted
from scorekeeper.storage.groups import delete_group

# How many days a deleted thing is kept where the app does not say (its ``TRASH_DAYS``, 30 as
# well by default: scorekeeper/__init__.py).
TRASH_DAYS = 30


class Look(NamedTuple):
    """A thing as one read finds it: whether its rows are stored, and when it went to the
    trash (``None`` in play)."""

    stored: bool
    deleted_at: str | None


def _nothing_else(_db: Database, _thing_id: str) -> None:
    """Nothing else changes as it goes in or comes out (a group: its pages are its own)."""


def _unnoted(_db: Database, _thing_id: str, _change: dict[str, Any]) -> None:
    """A kind whose history does not say its trips to the trash."""


@dataclass(frozen=True)
class Trashable:
    """One kind of thing the trash keeps, declared once.

    ``table`` holds its rows, each with ``deleted_at`` (``gone_<table>`` keeps the ids deleted
    for good); ``delete`` deletes one's rows for good; ``moved`` is what else changes, in the
    same transaction, as one goes in or comes out. ``within`` is the kind it goes to the trash
    with and the column naming that one (an evening, its group): it is in the trash while that
    one is, and deleted for good with it.
    """

    table: str
    delete: Callable[[Database, str], None]
    moved: Callable[[Database, str], None] = _nothing_else
    within: tuple[Trashable, str] | None = None
    noted: Callable[[Database, str, dict[str, Any]], None] = _unnoted
    """Writes the history entry of a trip to the trash or back, in its transaction."""

    @property
    def _rows(self) -> str:
        """Its rows, with the time it went to the trash on its own or with what it is in."""
        if self.within is None:
            return f"SELECT id, deleted_at FROM {self.table}"
        outer, column = self.within
        return (
            f"SELECT {self.table}.id, COALESCE({self.table}.deleted_at, {outer.table}.deleted_at)"
            f" AS deleted_at FROM {self.table}"
            f" JOIN {outer.table} ON {outer.table}.id = {self.table}.{column}"
        )

    def trash(self, db: Database, thing_id: str, version: int | None = None) -> str:
        """Move it to the trash: the time it was moved (returned). With ``version``, only from
        that version; :class:`Conflict` when it is not there at it (or not in play)."""
        when = now()
        sql = (
            f"UPDATE {self.table} SET deleted_at = ?, creation_key = NULL"
            " WHERE id = ? AND deleted_at IS NULL"
        )
        params: list[object] = [when, thing_id]
        if version is not None:
            sql += " AND version = ?"
            params.append(version)
        with writing(db):
            self.noted(db, thing_id, {"code": "deleted"})
            if db.execute(sql, params).rowcount != 1:
                raise Conflict(thing_id)
            self.moved(db, thing_id)
        return when

    def restore(self, db: Database, thing_id: str) -> bool:
        """Bring it back from the trash as it was; ``False`` when it is not in the trash (on
        its own: one in the trash with its group comes back with the group)."""
        with writing(db):
            sql = f"UPDATE {self.table} SET deleted_at = NULL WHERE id = ?"
            if db.execute(f"{sql} AND deleted_at IS NOT NULL", [thing_id]).rowcount != 1:
                return False
            self.noted(db, thing_id, {"code": "restored"})
            self.moved(db, thing_id)
        return True

    def trashed_at(self, db: Database, thing_id: str) -> str | None:
        """When it was moved to the trash (with what it is in, if that went first), or
        ``None``: in play, or no such thing."""
        return self.look(db, thing_id).deleted_at

    def look(self, db: Database, thing_id: str) -> Look:
        """Whether it is stored and when it was moved to the trash, in one indexed read."""
        sql = f"SELECT deleted_at FROM ({self._rows}) AS trashed WHERE id = ?"
        row = db.execute(sql, [thing_id]).fetchone()
        return Look(row is not None, None if row is None else row[0])

    def in_trash(self, db: Database, thing_ids: Iterable[str]) -> dict[str, str]:
        """Which of ``thing_ids`` are in the trash, each with the time it was moved there."""
        found: dict[str, str] = {}
        ids = list(thing_ids)
        for start in range(0, len(ids), 500):  # SQLite's limit of bound values, well within
            part = ids[start : start + 500]
            marks = ",".join("?" * len(part))
            sql = f"SELECT id, deleted_at FROM ({self._rows}) AS trashed"
            sql += " WHERE deleted_at IS NOT NULL"
            found.update(dict(db.execute(f"{sql} AND id IN ({marks})", part).fetchall()))
        return found

    def delete_for_good(self, db: Database, thing_id: str, when: str | None = None) -> None:
        """Delete it for good with everything in the trash with it (a group's evenings),
        leaving each id and the time (``when``, by default now) in ``gone_<table>``: their
        addresses then say when they went."""
        when = when or now()
        with writing(db):
            for part, column in self.parts:
                sql = f"SELECT id FROM {part.table} WHERE {column} = ?"
                for (part_id,) in db.execute(sql, [thing_id]).fetchall():
                    part.delete_for_good(db, part_id, when)
            self.delete(db, thing_id)
            db.execute(
                f"INSERT INTO gone_{self.table} (id, gone_at) VALUES (?, ?)"
                " ON CONFLICT (id) DO UPDATE SET gone_at = excluded.gone_at",
                [thing_id, when],
            )

    def gone_for_good(self, db: Database, thing_id: str) -> str | None:
        """When it was deleted for good from the trash, or ``None``."""
        sql = f"SELECT gone_at FROM gone_{self.table} WHERE id = ?"
        row = db.execute(sql, [thing_id]).fetchone()
        return None if row is None else str(row[0])

    @property
    def parts(self) -> list[tuple[Trashable, str]]:
        """The kinds in the trash with this one, each with the column naming it."""
        return [
            (kind, kind.within[1])
            for kind in TRASHABLE
            if kind.within is not None and kind.within[0] is self
        ]


GAME_TRASH = Trashable("games", delete_game, moved=group_changing, noted=noted)


def _noted_as(
    thing: str, parts_of: Callable[[Database, str], history.Parts]
) -> Callable[[Database, str, dict[str, Any]], None]:
    """The history entry of a trip to the trash: nothing of the thing's parts changes."""

    def note(db: Database, thing_id: str, change: dict[str, Any]) -> None:
        history.record(db, thing, thing_id, change, {}, lambda: parts_of(db, thing_id))

    return note


GROUP_TRASH = Trashable("groups", delete_group, noted=_noted_as("groups", group_rows.parts_of))
EVENING_TRASH = Trashable(
    "evenings",
    delete_evening,
    moved=touch_evening_group,
    within=(GROUP_TRASH, "group_id"),
    noted=_noted_as("evenings", evening_rows.parts_of),
)
# Every kind, an evening before its group: one past its days on its own goes at its own time.
TRASHABLE = (GAME_TRASH, EVENING_TRASH, GROUP_TRASH)

# The game trash's names from before groups and club evenings joined it.
trash_game = GAME_TRASH.trash
restore_game = GAME_TRASH.restore


def gone_at(deleted_at: str, days: float) -> str:
    """When a thing moved to the trash at ``deleted_at`` is deleted for good (ISO, UTC)."""
    when = datetime.fromisoformat(deleted_at) + timedelta(days=days)
    return when.isoformat(timespec="seconds")


def kept_since(days: float) -> str:
    """The time before which a thing moved to the trash is past its ``days`` (ISO, UTC)."""
    return (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")


def purge_trash(db: Database, days: float) -> list[str]:
    """Delete for good everything past its ``days`` in the trash, each gone ``days`` after it
    was moved there: their ids. Writes nothing when there is none."""
    doomed = [
        (kind, thing_id, deleted_at)
        for kind in TRASHABLE
        for thing_id, deleted_at in db.execute(
            f"SELECT id, deleted_at FROM {kind.table}"
            " WHERE deleted_at IS NOT NULL AND deleted_at <= ?",
            [kept_since(days)],
        ).fetchall()
    ]
    if doomed:
        with writing(db):
            for kind, thing_id, deleted_at in doomed:
                kind.delete_for_good(db, thing_id, gone_at(deleted_at, days))
    return [thing_id for _kind, thing_id, _deleted_at in doomed]
