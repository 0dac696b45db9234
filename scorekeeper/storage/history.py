"""The history of every shared thing (issue 47): each change of a game, a group or a club night
is an entry, written in the change's own transaction, so a change without its entry (or an entry
without its change) cannot exist, also across a kill -9.

A thing's state is its *parts*: a dict of named values (a game's ``players``, its ``game``
settings, each ``round n``), each a JSON value. An entry holds what its change made of the parts
(``parts``), field by field where a part is a dict: the fields it set, ``None`` for a part it
removed; never what came before, which is the state the entries before it give. Replaying the
entries from the first gives the state as stored, and the state after any entry is what a
restore brings back. The first entry holds the whole state: a thing's start, or, for one kept
before histories were written (or imported without one), its state when its history began.

An entry names the phone it came from by a key (a digest of the phone's cookie, never an
address); :func:`phone_names` says it as its keeper named it, or "phone n" in the order the
phones first changed the thing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.record_shapes import RecordError
from scorekeeper.storage.database import Database, now, writing

Parts = dict[str, Any]
"""A thing's state (or what one entry made of it): part name -> JSON value."""

# The phone making the changes of this request (its key), set by the app for each request.
_phone: ContextVar[str | None] = ContextVar("phone", default=None)

PHONE_NAME_LENGTH = 40


def phone_key_set(cookie: str | None) -> Token[str | None]:
    """Changes made from now on in this context come from the phone whose cookie is ``cookie``
    (until :func:`phone_key_reset` with the token returned)."""
    return _phone.set(phone_key(cookie))


def phone_key_reset(token: Token[str | None]) -> None:
    """Changes are again from the phone before :func:`phone_key_set`."""
    _phone.reset(token)


@contextmanager
def as_phone(cookie: str | None) -> Iterator[str | None]:
    """Changes made inside come from the phone whose cookie is ``cookie``: its key (yielded)."""
    token = phone_key_set(cookie)
    try:
        yield _phone.get()
    finally:
        phone_key_reset(token)


def phone_key(cookie: str | None) -> str | None:
    """The key an entry keeps of a phone's cookie: a digest, so that a history that anyone
    with a view link may read never tells the cookie itself."""
    if not cookie:
        return None
    return hashlib.sha256(cookie.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Entry:
    """One change of a thing: its number (from 1), when (ISO, UTC), from which phone,
    what it was (``change``: a ``code`` and its details) and what it made of the parts."""

    entry: int
    at: str
    phone: int | None
    """The phone's number among the pad's phones."""
    change: dict[str, Any]
    parts: Parts
    carried_phone: str | None = None
    """The phone's name as a file carries it (:func:`carried`), until stored."""


class UnknownEntry(LookupError):
    """An entry number the thing's history does not hold."""


# --- state -----------------------------------------------------------------------------------


def difference(before: Mapping[str, Any], after: Mapping[str, Any]) -> Parts:
    """What turns ``before`` into ``after``: each changed part's new fields (a dict part) or new
    value; ``None`` for a part removed."""
    changed: Parts = {}
    for name in before.keys() | after.keys():
        old, new = before.get(name), after.get(name)
        if old == new:
            continue
        if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
            changed[name] = {field: new[field] for field in new if old[field] != new[field]}
        else:
            changed[name] = new
    return changed


def applied(state: Mapping[str, Any], change: Mapping[str, Any]) -> Parts:
    """``state`` with ``change`` (a :func:`difference`) made to it."""
    result = dict(state)
    for name, value in change.items():
        old = result.get(name)
        if value is None:
            result.pop(name, None)
        elif isinstance(value, dict) and isinstance(old, dict):
            result[name] = {**old, **value}
        else:
            result[name] = value
    return result


def replayed(entries: list[Entry], upto: int | None = None) -> Parts:
    """The state after entry ``upto`` (the last one when ``None``), replayed from the first."""
    state: Parts = {}
    for entry in entries:
        if upto is not None and entry.entry > upto:
            break
        state = applied(state, entry.parts)
    return state


# --- writing ---------------------------------------------------------------------------------

# Kept short: a thing's name is in the key of each of its entries.
_THINGS = {"games": "g", "evenings": "e", "groups": "r"}


def record(
    db: Database,
    thing: str,
    thing_id: str,
    change: dict[str, Any],
    parts: Parts,
    start: Callable[[], Parts] | None = None,
) -> int:
    """Write an entry for a change of ``thing`` (``"games"``, ``"groups"``, ``"evenings"``)
    inside the caller's transaction: its number.

    A thing without a history yet begins one first with ``start()``, its whole state before
    this change (a thing kept from before histories were written), when given."""
    asked = db.execute(
        "SELECT max(entry) FROM history WHERE thing = ? AND id = ?", [_THINGS[thing], thing_id]
    )
    # read after the phone's number is asked: on PostgreSQL both go out together
    at, phone = _seconds(now()), _phone_number(db, _phone.get())
    last = asked.fetchone()[0] or 0
    if not last and start is not None:
        last = _insert(db, (thing, thing_id, 1), at, phone, {"code": "kept"}, start())
    return _insert(db, (thing, thing_id, last + 1), at, phone, change, parts)


def _insert(
    db: Database,
    key: tuple[str, str, int],
    at: int,
    phone: int | None,
    change: dict[str, Any],
    parts: Parts,
) -> int:
    thing, thing_id, number = key
    # Most changes are a round's: its number is a column of its own, a byte or two.
    detail = {name: value for name, value in change.items() if name not in ("code", "round")}
    db.execute(
        "INSERT INTO history (thing, id, entry, at, phone, code, round, detail, parts)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            _THINGS[thing],
            thing_id,
            number,
            at,
            phone,
            change["code"],
            change.get("round"),
            _compact(detail) if detail else None,
            _compact(parts),
        ],
    )
    return number


def _phone_number(db: Database, key: str | None, name: str | None = None) -> int | None:
    """The number that stands for the phone with ``key`` in entries (a few bytes each, where
    its key is sixteen): given on its first change."""
    if key is None:
        return None
    found = db.execute("SELECT number FROM phones WHERE key = ?", [key]).fetchone()
    if found is not None:
        return int(found[0])
    sql = "INSERT INTO phones (key, name) VALUES (?, ?) RETURNING number"
    # fetchall: SQLite's statement ends only once its rows are read
    return int(db.execute(sql, [key, name]).fetchall()[0][0])


def _seconds(iso: str) -> int:
    return int(datetime.fromisoformat(iso).timestamp())


def _iso(seconds: int) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def forget(db: Database, thing: str, thing_id: str) -> None:
    """Remove a thing's history (deleted for good), inside the caller's transaction."""
    db.execute("DELETE FROM history WHERE thing = ? AND id = ?", [_THINGS[thing], thing_id])


# --- reading ---------------------------------------------------------------------------------


def last_at(db: Database, thing: str, thing_id: str, code: str) -> int | None:
    """When the last entry of ``thing_id`` with ``code`` was written (seconds since 1970,
    UTC), or ``None``: one read along the history's key."""
    row = db.execute(
        "SELECT MAX(at) FROM history WHERE thing = ? AND id = ? AND code = ?",
        [_THINGS[thing], thing_id, code],
    ).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def entries(db: Database, thing: str, thing_id: str) -> list[Entry]:
    """Every entry of the thing, oldest first (empty for a thing without a history)."""
    found = db.execute(
        "SELECT entry, at, phone, code, round, detail, parts FROM history"
        " WHERE thing = ? AND id = ? ORDER BY entry",
        [_THINGS[thing], thing_id],
    ).fetchall()
    return [
        Entry(
            number,
            _iso(at),
            phone,
            {
                "code": code,
                **({} if number_of is None else {"round": number_of}),
                **(json.loads(detail) if detail else {}),
            },
            json.loads(parts),
        )
        for number, at, phone, code, number_of, detail, parts in found
    ]


def phone_names(db: Database, history: list[Entry]) -> dict[int | None, str | None]:
    """Each phone of ``history`` by number -> the name its keeper gave it, or ``None`` where
    it has none (the caller says it as "phone n", :func:`phone_numbers`)."""
    numbers = sorted({entry.phone for entry in history if entry.phone is not None})
    named: dict[int | None, str | None] = dict.fromkeys(numbers)
    for start in range(0, len(numbers), 500):
        part = numbers[start : start + 500]
        marks = ",".join("?" * len(part))
        sql = f"SELECT number, name FROM phones WHERE number IN ({marks})"
        named.update(db.execute(sql, part).fetchall())
    named[None] = None
    return named


def phone_numbers(history: list[Entry]) -> dict[int | None, int]:
    """Each phone of ``history`` -> its number in this history, in the order it first made a
    change (a change with no phone known, from a client without the cookie, counts as one)."""
    numbers: dict[int | None, int] = {}
    for entry in history:
        numbers.setdefault(entry.phone, len(numbers) + 1)
    return numbers


def name_phone(db: Database, key: str, name: str) -> None:
    """Give the phone with ``key`` a name (an empty one takes its name away)."""
    name = " ".join(name.split())[:PHONE_NAME_LENGTH]
    with writing(db):
        number = _phone_number(db, key)
        db.execute("UPDATE phones SET name = ? WHERE number = ?", [name or None, number])


def this_phone(db: Database) -> int | None:
    """The number of the phone making this request's changes (``None`` for one unknown)."""
    return known_phone(db, _phone.get())


def known_phone(db: Database, key: str | None) -> int | None:
    """The number of the phone with ``key``, ``None`` for one that never changed anything."""
    if key is None:
        return None
    row = db.execute("SELECT number FROM phones WHERE key = ?", [key]).fetchone()
    return None if row is None else int(row[0])


def phone_name(db: Database, key: str | None) -> str | None:
    """The name of the phone with ``key``, or ``None``."""
    if key is None:
        return None
    row = db.execute("SELECT name FROM phones WHERE key = ?", [key]).fetchone()
    return None if row is None or row[0] is None else str(row[0])


# --- carried in a file -------------------------------------------------------------------------


def exported(db: Database, found: list[Entry]) -> list[dict[str, Any]]:
    """A thing's entries as a file carries them: each with its phone said as its history says
    it ("phone n" where its keeper gave it no name)."""
    names, numbers = phone_names(db, found), phone_numbers(found)
    return [
        {
            "entry": entry.entry,
            "at": entry.at,
            "phone": names.get(entry.phone) or f"phone {numbers[entry.phone]}",
            "change": entry.change,
            "parts": entry.parts,
        }
        for entry in found
    ]


def carried(data: object) -> list[Entry]:
    """The entries of a history a file carries (:func:`exported`), their phones by name;
    :class:`RecordError` for anything else."""
    if not isinstance(data, list) or not data:
        raise RecordError("record_history")
    found = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict) or set(item) != {"entry", "at", "phone", "change", "parts"}:
            raise RecordError("record_history")
        fields = (item["at"], item["phone"], item["change"], item["parts"])
        if item["entry"] != number or not _shaped(*fields):
            raise RecordError("record_history")
        found.append(Entry(number, item["at"], None, item["change"], item["parts"], item["phone"]))
    return found


def _when(at: str) -> bool:
    try:
        _seconds(at)
    except (ValueError, OverflowError, OSError):
        return False
    return True


def _shaped(at: object, phone: object, change: object, parts: object) -> bool:
    return (
        isinstance(at, str)
        and _when(at)
        and isinstance(phone, str)
        and 0 < len(phone) <= PHONE_NAME_LENGTH
        and isinstance(change, dict)
        and isinstance(change.get("code"), str)
        and isinstance(parts, dict)
    )


def carry(db: Database, thing: str, thing_id: str, given: list[Entry]) -> None:
    """Write a carried history (:func:`carried`) for a new thing, inside the caller's
    transaction: each phone keeps the name the file gives it."""
    for entry in given:
        name = entry.carried_phone
        phone = None if name is None else _phone_number(db, phone_key(f"carried:{name}"), name)
        _insert(
            db, (thing, thing_id, entry.entry), _seconds(entry.at), phone, entry.change, entry.parts
        )


def carried_in(record: object) -> list[Entry] | None:
    """The history a game record file carries (its ``"history"``), or ``None`` without one."""
    if isinstance(record, dict) and "history" in record:
        return carried(record["history"])
    return None
