"""A player of a group renamed (issue 31's rules for names): in the roster, in every game of the
group they sat in, and in every club evening of it (its players, who was present, who sat out,
each table and who left), all in one transaction, with the group's history entry."""

from __future__ import annotations

import json
from collections.abc import Sequence

from scorekeeper.core.players import player_key, seat_keys
from scorekeeper.storage import evening_rows, group_rows
from scorekeeper.storage.database import Database, Row, now, writing
from scorekeeper.storage.games import changing, noted
from scorekeeper.storage.groups import SameEvening, SameGame, touch_group
from scorekeeper.storage.imported_rows import rename_imported


def rename_player(db: Database, group_id: str, key: str, name: str) -> int:
    """Rename the player ``key`` to ``name`` in the roster, in every game of the group and in
    every club evening of the group (its players, each sitting's present players and sit-outs,
    its tables), all in one write.

    When ``name`` is another player's, the two become one (a merge); :class:`SameGame` is raised
    if they sat at the same game, :class:`SameEvening` if both are players of the same evening
    (even at two tables, or one sitting out: the evening drew them as two people, and one
    player cannot sit at two tables of a sitting), and nothing changes. Every game and evening
    changed gets a new version, as any change does. Returns how many games changed.
    """
    new_key = player_key(name)
    with writing(db), group_rows.noted(db, group_id, {"code": "player_renamed"}) as said:
        said.update(group_rows.renaming(db, group_id, key, name))
        seats = db.query(
            "SELECT seats.game_id, seats.seat, seats.name FROM seats JOIN group_games "
            "ON group_games.game_id = seats.game_id WHERE group_games.group_id = ?",
            [group_id],
        )
        by_game: dict[str, list[Row]] = {}
        for row in seats:
            by_game.setdefault(row["game_id"], []).append(row)
        changed = 0
        for game_id, rows in by_game.items():
            names = [row["name"] for row in sorted(rows, key=lambda row: row["seat"])]
            keys = seat_keys(names)
            if key not in keys:
                continue
            if new_key != key and new_key in keys:
                raise SameGame(game_id)
            seat = keys.index(key)
            renamed = [name if at == seat else was for at, was in enumerate(names)]
            noted(db, game_id, {"code": "players"}, {"players": renamed})
            db.execute(
                "UPDATE seats SET name = ? WHERE game_id = ? AND seat = ?", [name, game_id, seat]
            )
            changing(db, game_id)
            changed += 1
        # The games brought in with their totals only name the group's players too (issue 51).
        imported, clash = rename_imported(db, group_id, key, name)
        if clash is not None:
            raise SameGame(clash)
        changed += imported
        said["games"] = changed
        _rename_in_evenings(db, group_id, key, name)
        db.execute("DELETE FROM group_players WHERE group_id = ? AND key = ?", [group_id, key])
        db.execute(
            "INSERT INTO group_players (group_id, key, name) VALUES (?, ?, ?)"
            " ON CONFLICT (group_id, key) DO UPDATE SET name = excluded.name",
            [group_id, new_key, name],
        )
        touch_group(db, group_id)
    return changed


def _rename_in_evenings(db: Database, group_id: str, key: str, name: str) -> None:
    """Rename the player ``key`` to ``name`` wherever the group's evenings name them (inside
    :func:`rename_player`'s write); :class:`SameEvening` when ``name`` is another player of
    one of them. A table matches by :func:`seat_keys`, as a game's seats do, so that it keeps
    naming what its game seats."""
    new_key = player_key(name)
    when = now()
    evenings = db.execute(
        "SELECT id, players FROM evenings WHERE group_id = ? ORDER BY rowid", [group_id]
    ).fetchall()
    for evening_id, players in evenings:
        keys = [player_key(player) for player in json.loads(players)]
        if new_key != key and key in keys and new_key in keys:
            raise SameEvening(evening_id)
        with evening_rows.noted(db, evening_id, {"code": "players"}):
            _rename_in_evening(db, evening_id, players, key, name, when)


def _rename_in_evening(
    db: Database, evening_id: str, players: str, key: str, name: str, when: str
) -> None:
    """Rename the player ``key`` to ``name`` in one evening's rows (its version moves on)."""
    touched = False
    renamed = _renamed(json.loads(players), key, name)
    if renamed is not None:
        db.execute("UPDATE evenings SET players = ? WHERE id = ?", [renamed, evening_id])
        touched = True
    sittings = db.execute(
        "SELECT number, present, sitting_out FROM evening_sittings WHERE evening_id = ?",
        [evening_id],
    ).fetchall()
    for number, present, sitting_out in sittings:
        here = _renamed(json.loads(present), key, name)
        out = _renamed(json.loads(sitting_out), key, name)
        if here is None and out is None:
            continue
        db.execute(
            "UPDATE evening_sittings SET present = ?, sitting_out = ?"
            " WHERE evening_id = ? AND number = ?",
            [here or present, out or sitting_out, evening_id, number],
        )
        touched = True
    tables = db.execute(
        "SELECT sitting, number, players, left_players FROM evening_tables WHERE evening_id = ?",
        [evening_id],
    ).fetchall()
    for sitting, number, seated, left in tables:
        renamed = _renamed(json.loads(seated), key, name, by_seat=True)
        # Who left a table ended early is named as the table names them (issue 48).
        gone = None if left is None else _renamed(json.loads(left), key, name)
        if renamed is None and gone is None:
            continue
        db.execute(
            "UPDATE evening_tables SET players = ?, left_players = ?"
            " WHERE evening_id = ? AND sitting = ? AND number = ?",
            [renamed or seated, gone or left, evening_id, sitting, number],
        )
        touched = True
    if touched:
        db.execute(
            "UPDATE evenings SET version = version + 1, updated_at = ? WHERE id = ?",
            [when, evening_id],
        )


def _renamed(names: Sequence[str], key: str, name: str, *, by_seat: bool = False) -> str | None:
    """``names`` with the player ``key`` called ``name``, as an evening stores a list of names
    (JSON); ``None`` when ``key`` is not among them. ``by_seat``: matched as a table's seats are
    (:func:`seat_keys`)."""
    keys = seat_keys(names) if by_seat else tuple(player_key(one) for one in names)
    if key not in keys:
        return None
    changed = list(names)
    changed[keys.index(key)] = name
    return json.dumps(changed, ensure_ascii=False)
