"""A game's table at a club night in storage: which table of which sitting a game is played at,
the table taken out or ended early by the evening's keepers, and where a game a redraw
replaced was played (:mod:`.evenings` holds the evening itself)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.storage import evening_rows
from scorekeeper.storage.database import Database, now, writing
from scorekeeper.storage.evenings import WITH_GROUP, StoredEvening, load_evening, names_text


@dataclass(frozen=True)
class ClubTable:
    """Where a game is played in a club night: the evening, its sitting and its table."""

    evening: StoredEvening
    sitting: int
    table: int


def table_of_game(db: Database, game_id: str) -> ClubTable | None:
    """The club night, sitting and table whose game this is, or ``None`` for a game of no
    evening. Such a game is the evening's record: it is not deleted from a table's phone or
    the game endpoints (only the evening's keepers take its table out,
    :func:`take_table_out`), also while the evening is in the trash."""
    found = db.execute(
        "SELECT evening_id, sitting, number FROM evening_tables WHERE game_id = ?"
        " ORDER BY evening_id, sitting, number LIMIT 1",
        [game_id],
    ).fetchone()
    stored = None if found is None else load_evening(db, found[0], trashed=True)
    if found is None or stored is None:
        return None
    return ClubTable(stored, int(found[1]), int(found[2]))


def take_table_out(
    db: Database, evening_id: str, sitting: int, table: int, *, out: bool = True
) -> bool:
    """Take table ``table`` of sitting ``sitting`` out of the evening (its game is kept, and no
    longer counts), or put it back (``out=False``). Taking out a table taken out already keeps
    the time it was taken out. Answers whether such a table is stored; the evening's pages
    follow (its version moves on when the mark changes)."""
    said = {"code": "table_out" if out else "table_back", "sitting": sitting, "table": table}
    with writing(db), evening_rows.noted(db, evening_id, said):
        exists = db.execute(
            "SELECT taken_out_at FROM evening_tables"
            " WHERE evening_id = ? AND sitting = ? AND number = ?",
            [evening_id, sitting, table],
        ).fetchone()
        if exists is None:
            return False
        if (exists[0] is not None) == out:
            return True
        db.execute(
            "UPDATE evening_tables SET taken_out_at = ?"
            " WHERE evening_id = ? AND sitting = ? AND number = ?",
            [now() if out else None, evening_id, sitting, table],
        )
        db.execute(
            "UPDATE evenings SET version = version + 1, updated_at = ? WHERE id = ?",
            [now(), evening_id],
        )
    return True


def end_table(
    db: Database,
    evening_id: str,
    sitting: int,
    table: int,
    *,
    rounds: int = 0,
    left: Sequence[str] = (),
    end: bool = True,
) -> bool:
    """End table ``table`` of sitting ``sitting`` early (a player left in the middle of its
    game): its game counts as it stood after its first ``rounds`` rounds, those in ``left``
    placed below everyone who stayed (core/evening_standings.py). Ending a table ended already
    changes who left and keeps its rounds and time; ``end=False`` lets it play on again.
    Answers whether such a table is stored; the evening's pages follow (its version moves on
    when the table changes)."""
    said = {"code": "table_ended" if end else "table_resumed", "sitting": sitting, "table": table}
    with writing(db), evening_rows.noted(db, evening_id, said):
        exists = db.execute(
            "SELECT ended_at, ended_rounds, left_players FROM evening_tables"
            " WHERE evening_id = ? AND sitting = ? AND number = ?",
            [evening_id, sitting, table],
        ).fetchone()
        if exists is None:
            return False
        if end:
            kept = exists[0] is not None
            values = [
                exists[0] if kept else now(),
                exists[1] if kept else rounds,
                names_text(left) if left else None,
            ]
        else:
            values = [None, None, None]
        if list(exists) == values:
            return True
        db.execute(
            "UPDATE evening_tables SET ended_at = ?, ended_rounds = ?, left_players = ?"
            " WHERE evening_id = ? AND sitting = ? AND number = ?",
            [*values, evening_id, sitting, table],
        )
        db.execute(
            "UPDATE evenings SET version = version + 1, updated_at = ? WHERE id = ?",
            [now(), evening_id],
        )
    return True


@dataclass(frozen=True)
class EndedTable:
    """A game whose table of a club night was ended early: where, when, the rounds that
    count and who left."""

    evening_id: str
    sitting: int
    table: int
    ended_at: str
    rounds: int
    left: tuple[str, ...]


def ended_table(db: Database, game_id: str) -> EndedTable | None:
    """The club-night table whose game this is, if its keepers ended it early (one indexed
    read, for the game's page); ``None`` otherwise."""
    found = db.execute(
        "SELECT evening_id, sitting, number, ended_at, ended_rounds, left_players"
        " FROM evening_tables WHERE game_id = ? AND ended_at IS NOT NULL LIMIT 1",
        [game_id],
    ).fetchone()
    if found is None:
        return None
    left = tuple(json.loads(found[5] or "[]"))
    return EndedTable(found[0], int(found[1]), int(found[2]), found[3], int(found[4] or 0), left)


def evening_of(db: Database, game_id: str, *, trashed: bool = False) -> str | None:
    """The id of the evening the game is a table of, if any: one in the trash (or of a group
    in the trash) only if ``trashed`` asks for it."""
    found = db.execute(
        f"SELECT id, deleted_at, group_deleted_at FROM ({WITH_GROUP}) AS evening"
        " WHERE id IN (SELECT evening_id FROM evening_tables WHERE game_id = ?)",
        [game_id],
    ).fetchall()
    kept = [row[0] for row in found if trashed or (row[1] is None and row[2] is None)]
    return kept[0] if kept else None


@dataclass(frozen=True)
class RedrawnGame:
    """A game a redraw replaced: the evening, sitting and table it was played at, and its edit
    token (a phone that kept it keeps its table's game that replaced it)."""

    evening_id: str
    sitting: int
    table: int
    edit_token: str


def keep_redrawn(db: Database, evening_id: str, sitting: int, table: int, game_id: str) -> None:
    """Keep where a game a redraw deletes was played (:func:`redrawn_game`)."""
    found = db.execute("SELECT edit_token FROM games WHERE id = ?", [game_id]).fetchone()
    if found is not None:
        db.execute(
            "INSERT INTO redrawn_games (game_id, evening_id, sitting, number, edit_token)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
            " evening_id = excluded.evening_id, sitting = excluded.sitting,"
            " number = excluded.number, edit_token = excluded.edit_token",
            [game_id, evening_id, sitting, table, found[0]],
        )


def redrawn_game(db: Database, game_id: str) -> RedrawnGame | None:
    """Where a game a redraw replaced was played, or ``None`` (not such a game)."""
    found = db.execute(
        "SELECT evening_id, sitting, number, edit_token FROM redrawn_games WHERE game_id = ?",
        [game_id],
    ).fetchone()
    return None if found is None else RedrawnGame(found[0], int(found[1]), int(found[2]), found[3])


@dataclass(frozen=True)
class TablePlace:
    """Where a game is played in a club night, as its pages name it: the evening, its group's
    name, the sitting and the table."""

    evening_id: str
    group: str
    sitting: int
    table: int


def table_place(db: Database, game_id: str) -> TablePlace | None:
    """The club night (not in the trash), sitting and table of a game, in one indexed read; or
    ``None`` for a game of no evening."""
    found = db.execute(
        "SELECT evening_tables.evening_id, groups.name, evening_tables.sitting,"
        " evening_tables.number FROM evening_tables"
        " JOIN evenings ON evenings.id = evening_tables.evening_id"
        " JOIN groups ON groups.id = evenings.group_id"
        " WHERE evening_tables.game_id = ? AND evenings.deleted_at IS NULL"
        " AND groups.deleted_at IS NULL ORDER BY evening_tables.sitting LIMIT 1",
        [game_id],
    ).fetchone()
    return None if found is None else TablePlace(found[0], found[1], int(found[2]), int(found[3]))
