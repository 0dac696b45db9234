"""A group's games known by their totals only (issue 51), as rows: read for the group's figures
and pages, and renamed with the group's players. Bringing them in is
:mod:`scorekeeper.storage.club_imports`'s; this module is what the group's own storage needs of
them (:mod:`.groups` renames through it), below both."""

from __future__ import annotations

import json

from scorekeeper.core.club_import import TotalsOnly
from scorekeeper.core.players import player_key, seat_keys
from scorekeeper.storage.database import Database

_COLUMNS = "id, played_at, game, players, totals, guests, source, imported_at, play_uuid"


def imported_games(db: Database, group_id: str) -> list[TotalsOnly]:
    """The group's games known by their totals only, in the order played."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM imported_games WHERE group_id = ? ORDER BY played_at, rowid",
        [group_id],
    ).fetchall()
    return [_game(row) for row in rows]


def imported_game(db: Database, game_id: str) -> tuple[str, TotalsOnly] | None:
    """The game known by its totals only with this id and its group's id, or ``None``."""
    row = db.execute(
        f"SELECT group_id, {_COLUMNS} FROM imported_games WHERE id = ?", [game_id]
    ).fetchone()
    return None if row is None else (row[0], _game(row[1:]))


def _game(row: tuple[str, ...]) -> TotalsOnly:
    game_id, played_at, game, players, totals, guests, source, imported_at, uuid = row
    return TotalsOnly(
        game_id,
        played_at,
        game,
        tuple(json.loads(players)),
        tuple(json.loads(totals)),
        tuple(json.loads(guests)),
        source,
        imported_at,
        uuid,
    )


def rename_imported(db: Database, group_id: str, key: str, name: str) -> tuple[int, str | None]:
    """Rename the player ``key`` to ``name`` in the group's games known by their totals only
    (inside the caller's write): how many changed, and the id of one that seats ``name``'s player
    too (then nothing is changed, and the caller refuses the merge)."""
    new_key = player_key(name)
    rows = db.execute(
        "SELECT id, players FROM imported_games WHERE group_id = ?", [group_id]
    ).fetchall()
    renamed: list[tuple[str, str]] = []
    for game_id, players in rows:
        names = json.loads(players)
        keys = seat_keys(names)
        if key not in keys:
            continue
        if new_key != key and new_key in keys:
            return 0, game_id
        names[keys.index(key)] = name
        renamed.append((json.dumps(names, ensure_ascii=False), game_id))
    db.conn.executemany("UPDATE imported_games SET players = ? WHERE id = ?", renamed)
    return len(renamed), None
