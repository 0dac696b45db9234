"""A club's past brought into a group (issue 51), in storage: the plays a group has already
(to know them again), bringing a file's reviewed plays in all at once with their history entry,
and the files waiting for their keeper's review.

A play is stored once per group, by its uuid (``UNIQUE (group_id, play_uuid)``): a second import
of the same file, or two keepers confirming at once, stores nothing more and writes no entry.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from scorekeeper.core.bgstats_ids import play_uuid
from scorekeeper.core.club_import import ALREADY_IMPORTED, OWN_GAME, Brought, Review
from scorekeeper.storage import group_rows
from scorekeeper.storage.database import Database, now, writing
from scorekeeper.storage.games import new_game_id
from scorekeeper.storage.groups import join_roster

# A file waiting for its review is kept this long (a keeper who left the page): then dropped.
DRAFT_HOURS = 24


def known_plays(db: Database, group_id: str) -> dict[str, str]:
    """The uuid of every play the group has, with how it has it: brought in before
    (:data:`ALREADY_IMPORTED`), or one of its own games as the pad's files name it
    (:data:`OWN_GAME`: the group's own file read back)."""
    known = {
        uuid: ALREADY_IMPORTED
        for (uuid,) in db.execute(
            "SELECT play_uuid FROM imported_games WHERE group_id = ?", [group_id]
        )
    }
    games = db.execute("SELECT game_id FROM group_games WHERE group_id = ?", [group_id])
    known.update((play_uuid(game_id), OWN_GAME) for (game_id,) in games)
    return known


def bring_in(db: Database, group_id: str, review: Review) -> int:
    """Store the plays ``review`` brings in as the group's games known by their totals only,
    their new players joining the roster (:class:`~.groups.RosterFull` past its size: nothing is
    stored), with one entry in the group's history: all or nothing. A play the group has by now
    (another keeper was quicker) is left. Returns how many were stored."""
    with writing(db):
        known = known_plays(db, group_id)
        fresh = [play for play in review.brought if play.uuid not in known]
        if not fresh:
            return 0
        change = {"code": "plays_imported", "source": review.source, "plays": len(fresh)}
        with group_rows.noted(db, group_id, change, always=True):
            join_roster(db, group_id, [name for play in fresh for name in play.players])
            when = now()
            db.conn.executemany(
                "INSERT INTO imported_games (id, group_id, play_uuid, source, game, played_at,"
                " players, totals, guests, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [_row(group_id, play, review.source, when) for play in fresh],
            )
    return len(fresh)


def _row(group_id: str, play: Brought, source: str, when: str) -> tuple[object, ...]:
    # A play's time is on the room's clock, as BG Stats writes it: stored in UTC as every time.
    played_at = play.played.astimezone(UTC).isoformat(timespec="seconds")
    return (
        new_game_id(),
        group_id,
        play.uuid,
        source,
        play.game,
        played_at,
        json.dumps(play.players, ensure_ascii=False),
        json.dumps(play.totals),
        json.dumps(play.guests),
        when,
    )


def keep_draft(db: Database, group_id: str, name: str, text: str) -> str:
    """Keep an uploaded file (its name and text) for its review; its id. Drafts older than
    :data:`DRAFT_HOURS` go."""
    draft_id = new_game_id()
    old = (datetime.now(UTC) - timedelta(hours=DRAFT_HOURS)).isoformat(timespec="seconds")
    with writing(db):
        db.execute("DELETE FROM import_drafts WHERE made_at < ?", [old])
        db.execute(
            "INSERT INTO import_drafts (id, group_id, name, text, made_at) VALUES (?, ?, ?, ?, ?)",
            [draft_id, group_id, name, text, now()],
        )
    return draft_id


def load_draft(db: Database, group_id: str, draft_id: str) -> tuple[str, str] | None:
    """The name and text of the group's file waiting for review, or ``None`` (gone)."""
    row = db.execute(
        "SELECT name, text FROM import_drafts WHERE id = ? AND group_id = ?", [draft_id, group_id]
    ).fetchone()
    return None if row is None else (row[0], row[1])


def drop_draft(db: Database, draft_id: str) -> None:
    """Forget a file once brought in."""
    with writing(db):
        db.execute("DELETE FROM import_drafts WHERE id = ?", [draft_id])
