"""The trash of games (issue 47): a deleted game is kept, unchanged, with the time it was moved
there, and can be brought back exactly as it was; past its days it is deleted for good, leaving
its id and the time it went (``gone_games``) so that its address says so.

A game in the trash keeps its version: restored, it is the same game at the same version (an
``If-Match`` held from before still fits). Every read of games skips it (:func:`.games.load`
unless asked, :func:`.games.version_of`, the watch, a group's lists), so phones watching it see a
deleted game; moving it in or out is a change of its group and club evening (their pages leave
it out, then show it again). How many days it is kept is the app's (``TRASH_DAYS``): storage is
told the time before which a trashed game is gone.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

from sqlite_utils import Database

from scorekeeper.storage.database import Conflict, now, writing
from scorekeeper.storage.games import _group_changing, delete_game, noted

# How many days a deleted game is kept where the app does not say (its ``TRASH_DAYS``, 30 as
# well by default: scorekeeper/__init__.py).
TRASH_DAYS = 30


def trash_game(db: Database, game_id: str, version: int | None = None) -> str:
    """Move the game to the trash: the time it was moved (returned). With ``version``, only
    from that version; :class:`Conflict` when the game is not there at it (or not in play).

    Its creation key is let go: the same form sent again (a rematch asked again) makes a new
    game rather than answer with one in the trash."""
    when = now()
    sql = "UPDATE games SET deleted_at = ?, creation_key = NULL WHERE id = ? AND deleted_at IS NULL"
    params: list[object] = [when, game_id]
    if version is not None:
        sql += " AND version = ?"
        params.append(version)
    with writing(db):
        noted(db, game_id, {"code": "deleted"})
        if db.execute(sql, params).rowcount != 1:
            raise Conflict(game_id)
        _group_changing(db, game_id)
    return when


def restore_game(db: Database, game_id: str) -> bool:
    """Bring the game back from the trash as it was; ``False`` when it is not in the trash."""
    with writing(db):
        sql = "UPDATE games SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL"
        if db.execute(sql, [game_id]).rowcount != 1:
            return False
        noted(db, game_id, {"code": "restored"})
        _group_changing(db, game_id)
    return True


def trashed_at(db: Database, game_id: str) -> str | None:
    """When the game was moved to the trash, or ``None`` (in play, or no such game)."""
    row = db.execute("SELECT deleted_at FROM games WHERE id = ?", [game_id]).fetchone()
    return None if row is None else row[0]


def in_trash(db: Database, game_ids: Iterable[str]) -> dict[str, str]:
    """Which of ``game_ids`` are in the trash, each with the time it was moved there."""
    found: dict[str, str] = {}
    ids = list(game_ids)
    for start in range(0, len(ids), 500):  # SQLite's limit of bound values, well within
        part = ids[start : start + 500]
        marks = ",".join("?" * len(part))
        sql = f"SELECT id, deleted_at FROM games WHERE deleted_at IS NOT NULL AND id IN ({marks})"
        found.update(dict(db.execute(sql, part).fetchall()))
    return found


def gone_at(deleted_at: str, days: float) -> str:
    """When a game moved to the trash at ``deleted_at`` is deleted for good (ISO, UTC)."""
    when = datetime.fromisoformat(deleted_at) + timedelta(days=days)
    return when.isoformat(timespec="seconds")


def kept_since(days: float) -> str:
    """The time before which a game moved to the trash is past its ``days`` (ISO, UTC)."""
    return (datetime.now(UTC) - timedelta(days=days)).isoformat(timespec="seconds")


def purge_trash(db: Database, days: float) -> list[str]:
    """Delete for good every game past its ``days`` in the trash, each gone ``days`` after it
    was moved there: their ids. Writes nothing when there is none."""
    sql = "SELECT id, deleted_at FROM games WHERE deleted_at IS NOT NULL AND deleted_at <= ?"
    doomed = db.execute(sql, [kept_since(days)]).fetchall()
    if doomed:
        with writing(db):
            for game_id, deleted_at in doomed:
                delete_for_good(db, game_id, gone_at(deleted_at, days))
    return [game_id for game_id, _deleted_at in doomed]


def delete_for_good(db: Database, game_id: str, when: str | None = None) -> None:
    """Delete a game of the trash for good, leaving its id and the time (``when``, by default
    now) in ``gone_games``: its address then says when it went."""
    with writing(db):
        delete_game(db, game_id)
        db.execute(
            "INSERT OR REPLACE INTO gone_games (id, gone_at) VALUES (?, ?)",
            [game_id, when or now()],
        )


def gone_for_good(db: Database, game_id: str) -> str | None:
    """When a game of the trash was deleted for good, or ``None``."""
    row = db.execute("SELECT gone_at FROM gone_games WHERE id = ?", [game_id]).fetchone()
    return None if row is None else str(row[0])
