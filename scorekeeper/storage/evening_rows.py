"""A club night's rows as its history's parts, and back (issue 47): the one place that knows
which of an evening's columns are its state and which are bookkeeping.

An evening's parts are its ``evening`` (its ``evenings`` row without its id, group, version,
time of change and creation key), each ``sitting n`` (its ``evening_sittings`` row) and each
``table n.t`` (table t of sitting n, its ``evening_tables`` row); lists of names are kept as
lists. Club-night changes are rare, so every change reads the evening's rows before and after
itself, inside its transaction, and its entry is the difference (:func:`noted`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from scorekeeper.storage import history
from scorekeeper.storage.database import Database, rows
from scorekeeper.storage.history import Parts

EVENINGS = "evenings"
"""A club night's name in the history (:mod:`.history`)."""

# The columns of each row that are the evening's state, and those kept as JSON text.
EVENING_FIELDS = (
    "game",
    "variants",
    "players",
    "sittings",
    "table_sizes",
    "seed",
    "created_at",
    "countdown_ends",
)
SITTING_FIELDS = ("seating", "seed", "present", "sitting_out", "created_at")
TABLE_FIELDS = (
    "players",
    "first_dealer",
    "game_id",
    "taken_out_at",
    "ended_at",
    "ended_rounds",
    "left_players",
)
_JSON = frozenset({"variants", "players", "table_sizes", "present", "sitting_out", "left_players"})

# The evenings whose change is being noted in this context: a change made inside another's
# (an evening's games made by a restore) is that one's entry, not one of its own.
_noting: ContextVar[frozenset[str]] = ContextVar("noting_evenings", default=frozenset())


def sitting_name(number: int) -> str:
    """The part of sitting ``number``."""
    return f"sitting {number}"


def table_name(sitting: int, table: int) -> str:
    """The part of table ``table`` of sitting ``sitting``."""
    return f"table {sitting}.{table}"


def table_number(name: str) -> tuple[int, int]:
    """The sitting and table of a table's part name (``"table 2.3"`` -> ``(2, 3)``)."""
    sitting, table = name.split()[1].split(".")
    return int(sitting), int(table)


def parts_of(db: Database, evening_id: str) -> Parts:
    """The evening's whole state as history parts (empty for no such evening)."""
    found = rows(db, "SELECT * FROM evenings WHERE id = ?", evening_id)
    if not found:
        return {}
    parts: Parts = {"evening": _part(found[0], EVENING_FIELDS)}
    for row in rows(db, "SELECT * FROM evening_sittings WHERE evening_id = ?", evening_id):
        parts[sitting_name(row["number"])] = _part(row, SITTING_FIELDS)
    for row in rows(db, "SELECT * FROM evening_tables WHERE evening_id = ?", evening_id):
        parts[table_name(row["sitting"], row["number"])] = _part(row, TABLE_FIELDS)
    return parts


def _part(row: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    return {
        field: json.loads(row[field]) if field in _JSON and row[field] is not None else row[field]
        for field in fields
    }


@contextmanager
def noted(
    db: Database, evening_id: str, change: dict[str, Any] | None, *, always: bool = False
) -> Iterator[dict[str, Any]]:
    """Write the history entry of the change made inside, in the caller's transaction: what it
    made of the evening's rows. ``change`` (yielded, so that the change can add its details)
    says what it was; ``None`` writes no entry (the caller writes the whole state itself).

    A change that left the rows as they were writes nothing, unless ``always`` (a restore is an
    entry even when nothing moved). An evening kept from before histories begins its history
    with its state before the change. A change of the evening made inside another's noting
    is part of that one's entry."""
    said = dict(change or {})
    if change is None or evening_id in _noting.get():
        yield said
        return
    token = _noting.set(_noting.get() | {evening_id})
    try:
        before = parts_of(db, evening_id)
        yield said
        parts = history.difference(before, parts_of(db, evening_id))
    finally:
        _noting.reset(token)
    if parts or always:
        history.record(db, EVENINGS, evening_id, said, parts, (lambda: before) if before else None)


def begun(db: Database, evening_id: str, change: dict[str, Any]) -> None:
    """Begin the evening's history with its whole state as it stands (an evening imported from
    a group file, once its sittings are in), inside the caller's transaction."""
    history.record(db, EVENINGS, evening_id, change, parts_of(db, evening_id))


def write_parts(db: Database, evening_id: str, parts: Parts) -> None:
    """Write the evening's rows as ``parts`` say (a restore), inside the caller's transaction:
    its own values, and its sittings and tables replaced. Version and time of change are the
    caller's."""
    evening = parts["evening"]
    columns = ", ".join(f"{name} = ?" for name in EVENING_FIELDS)
    values = [_column(name, evening[name]) for name in EVENING_FIELDS]
    db.execute(f"UPDATE evenings SET {columns} WHERE id = ?", [*values, evening_id])
    db.execute("DELETE FROM evening_sittings WHERE evening_id = ?", [evening_id])  # its tables too
    for name, part in sorted(parts.items()):
        if name.startswith("sitting "):
            _insert(db, "evening_sittings", {"number": int(name.split()[1]), **part}, evening_id)
    for name, part in sorted(parts.items()):
        if name.startswith("table "):
            sitting, table = table_number(name)
            row = {"sitting": sitting, "number": table, **part}
            _insert(db, "evening_tables", row, evening_id)


def _insert(db: Database, table: str, row: dict[str, Any], evening_id: str) -> None:
    columns = ", ".join(["evening_id", *row])
    marks = ", ".join("?" * (len(row) + 1))
    values = [_column(name, value) for name, value in row.items()]
    db.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", [evening_id, *values])


def _column(name: str, value: Any) -> Any:
    """A part's value as its column keeps it (names as :mod:`.evenings` writes them)."""
    if name not in _JSON or value is None:
        return value
    return json.dumps(value, ensure_ascii=name in ("variants", "table_sizes"))
