"""The trash of games as the web sees it (issue 47): how long a deleted game is kept
(``TRASH_DAYS``), which game of a request is in the trash, and this phone's trashed games.

A game past its days reads as deleted for good at once (410, saying when); its rows are deleted
at the next start and whenever a home page lists the trash (:func:`listed`), so nothing waits on
a timer. Its id and that time are kept (``gone_games``), so that its address says so plainly.
"""

from __future__ import annotations

from contextlib import suppress
from typing import NamedTuple

from flask import current_app

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.storage import StoredGame
from scorekeeper.web import access
from scorekeeper.web.kinds import GAME


def days() -> float:
    """How many days a deleted game waits in the trash (the app's ``TRASH_DAYS``)."""
    return float(current_app.config["TRASH_DAYS"])


def until(deleted_at: str | None) -> str:
    """When a game moved to the trash at ``deleted_at`` is deleted for good (ISO, UTC)."""
    assert deleted_at is not None
    return storage.gone_at(deleted_at, days())


def trashed(game_id: str) -> StoredGame | None:
    """The game, if it is in the trash and not past its days; else ``None``."""
    stored = storage.load(storage.get_db(), game_id, trashed=True)
    if stored is None or stored.deleted_at is None:
        return None
    if stored.deleted_at <= storage.kept_since(days()):
        return None  # past its days: gone, whether or not its rows were deleted yet
    return stored


def gone_on(game_id: str) -> str | None:
    """When a game of the trash was deleted for good (ISO, UTC), or ``None``: one past its days
    whose rows are still there went at the end of its days."""
    db = storage.get_db()
    deleted_at = storage.trashed_at(db, game_id)
    if deleted_at is not None and deleted_at <= storage.kept_since(days()):
        return until(deleted_at)
    return storage.gone_for_good(db, game_id)


class Trashed(NamedTuple):
    """A game of this phone's trash, as the home page lists it."""

    stored: StoredGame
    sheet: sheet.Sheet
    until: str


def listed() -> list[Trashed]:
    """The games this phone kept that are in the trash, most recently used first. The games
    past their days (anyone's) are deleted for good first."""
    db = storage.get_db()
    # served read-only: they read as gone already, deleted at a later look
    with suppress(storage.Unavailable):
        storage.purge_trash(db, days())
    found = []
    for game_id in storage.in_trash(db, access.seen(GAME)):
        stored = trashed(game_id)
        if stored is not None and access.keeps(GAME, stored):
            found.append(Trashed(stored, sheet.build(stored.record), until(stored.deleted_at)))
    order = {game_id: n for n, game_id in enumerate(access.seen(GAME))}
    return sorted(found, key=lambda entry: order[entry.stored.id])
