"""The connections of the app's storage that a test leaves open: what tests/conftest.py's
check (``pytest_runtest_teardown``) asks after each test.

*Left open* means: a connection opened through the storage's one connect function
(``scorekeeper.storage.database._open``, behind :meth:`Storage.open`, :meth:`Storage.connection`
and :func:`storage.connect`) whose last reference went while it was still open, so that only the
garbage collector would close it. Python 3.13's sqlite3 warns about exactly that, at whatever
moment the collector runs, and the suite's warnings-as-errors then fail whichever test happens to
be running. Here it is found on every Python the same way: each connection is watched from the
moment it is opened (:func:`install`), and when its last reference goes while it is open, it is
noted with where and during which test it was opened, and closed (so that 3.13 has nothing left to
warn about).

A connection kept for as long as its owner lives is not left open: a thread's kept connection
(closed with its thread, when it makes room for another file's, or by :meth:`Storage.close`), the
live streams' connection while something is watched, a module's app never closed. Only dropping
one unclosed is.

Cheap: a finalizer per connection opened (a few per test). A connection dropped whole is noted at
once, in the test that dropped it; one caught in a reference cycle only when the collector runs,
so the check runs the collector itself (:func:`collect_if_suspect`) only when one could be
waiting: after a test that opened a connection it neither closed nor keeps in a thread, or once a
module's fixtures are gone while such a connection of an earlier test is still open.
"""

from __future__ import annotations

import gc
import sqlite3
import sys
import threading
import weakref
from pathlib import Path
from types import FrameType

from scorekeeper.storage import database, postgres
from scorekeeper.storage.database import Database

# Each connection still open and alive: when it was opened (a count of tests begun), where
# (frames outside the storage) and during which test.
_WATCHED: weakref.WeakKeyDictionary[Database, tuple[int, str, str]] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()
_LEFT: list[str] = []  # what was found left open, not yet reported


class _Test:
    """The test running: how many have begun, and its name."""

    count = 0
    name = "outside any test (a wider fixture's set-up)"


_HERE = (str(Path(database.__file__)), __file__)


def install() -> None:
    """Watch every connection the storage opens from now on (once per test process)."""
    opening = database._open
    if getattr(opening, "watched", False):
        return

    def watched_open(path: str | Path, max_bytes: int | None = None) -> Database:
        db = opening(path, max_bytes)
        with _LOCK:
            _WATCHED[db] = (_Test.count, _where(), _Test.name)
        weakref.finalize(db, _dropped, db.conn, _WATCHED[db]).atexit = False
        return db

    watched_open.watched = True  # type: ignore[attr-defined]
    database._open = watched_open


def begin(name: str) -> None:
    """A test (its set-up, call and tear-down) begins."""
    _Test.count += 1
    _Test.name = name


def collect_if_suspect(module_done: bool) -> None:
    """Run the collector when a connection left open could be waiting for it: one opened during
    this test (or, ``module_done``, during any earlier one) that is alive, open and kept by no
    thread of this process's."""
    kept = {id(db) for db in database._kept.connections.values()}
    with _LOCK:
        opened = list(_WATCHED.items())
    for db, (count, _where_opened, _name) in opened:
        if (module_done or count == _Test.count) and id(db) not in kept and _is_open(db.conn):
            gc.collect()
            return


def left_open() -> list[str]:
    """What was found left open since the last call."""
    with _LOCK:
        found, _LEFT[:] = list(_LEFT), []
    return found


def _dropped(conn: sqlite3.Connection | postgres.Connection, opened: tuple[int, str, str]) -> None:
    if _is_open(conn):
        _count, where, name = opened
        with _LOCK:
            _LEFT.append(f"a connection opened during {name}, at\n{where}")
        conn.close()


def _is_open(conn: sqlite3.Connection | postgres.Connection) -> bool:
    if isinstance(conn, postgres.Connection):
        return not conn.closed
    try:
        conn.total_changes  # noqa: B018 (raises once closed)
    except sqlite3.ProgrammingError:
        return False
    return True


def _where() -> str:
    """The innermost frames outside the storage's database module and this one."""
    frame: FrameType | None = sys._getframe(2)
    lines: list[str] = []
    while frame is not None and len(lines) < 6:
        if frame.f_code.co_filename not in _HERE:
            lines.append(f"  {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}")
        frame = frame.f_back
    return "\n".join(lines)
