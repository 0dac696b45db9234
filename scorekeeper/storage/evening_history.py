"""A club night's history read and brought back (issue 47): its entries, the evening as it stood
after any of them, and a restore to that state, itself an entry (so a restore can be undone).

A restore writes the evening's own rows back: its players, sittings, tables, countdown and
tables taken out. The games stay games of the group whatever happens to the evening:

- a table brought back links its game again while that game is in play; a game in the trash or
  deleted for good is not linked (the table says its game was deleted);
- a sitting none of whose games is left (a redraw deletes the games of the sitting it replaces,
  before any was started) comes back with a new game for each table, as its draw made them;
- the games of a draw made after the entry stay games of the group, no longer tables of the
  night; a restore to after that draw links them back;
- players renamed in the group after the entry keep their new names (the group and the games
  have them), so that a table still names the players its game seats.

The keys of the draws whose sitting the restore changed are let go: a request repeated under
such a key draws again rather than answer a sitting that is no longer there.
"""

from __future__ import annotations

from scorekeeper.core import evening_record
from scorekeeper.storage import evening_rows, group_rows, history
from scorekeeper.storage.database import Conflict, Database, now, writing
from scorekeeper.storage.evening_rows import EVENINGS
from scorekeeper.storage.evenings import StoredEvening, load_evening
from scorekeeper.storage.groups import create_group_game
from scorekeeper.storage.history import Entry, Parts, UnknownEntry


def evening_history(db: Database, evening_id: str) -> list[Entry]:
    """The evening's entries, oldest first (empty for an evening kept from before histories,
    until its first change)."""
    return history.entries(db, EVENINGS, evening_id)


def evening_after(entries: list[Entry], number: int) -> Parts:
    """The evening's parts as they stood after entry ``number`` of ``entries``, with the names
    given in the group since; :class:`UnknownEntry` for a number the history does not hold."""
    if not any(entry.entry == number for entry in entries):
        raise UnknownEntry(number)
    state = history.replayed(entries, number)
    for old, new in renames_after(entries, number):
        state = _renamed(state, old, new)
    return state


def restore_evening_to(
    db: Database, stored: StoredEvening, number: int, *, seen: int | None = None
) -> StoredEvening:
    """Bring the evening back to how it stood after entry ``number``, as a new entry.

    :class:`~scorekeeper.storage.Conflict` when the evening moved on since ``stored`` (a
    restore racing a draw or a round is refused, never merged), or when its history holds
    entries after ``seen`` (the last one the keeper saw, when given); :class:`UnknownEntry`
    for an unknown entry."""
    change = {"code": "restored_to", "entry": number}
    with writing(db):
        entries = evening_history(db, stored.id)
        target = evening_after(entries, number)
        if seen is not None and (entries[-1].entry if entries else 0) != seen:
            raise Conflict(stored.id)
        _moving_on(db, stored)
        with evening_rows.noted(db, stored.id, change, always=True) as said:
            before = evening_rows.parts_of(db, stored.id)
            evening_rows.write_parts(db, stored.id, _linkable(db, target))
            made = _games_for_empty_sittings(db, stored.id)
            _let_keys_go(db, stored.id, before, evening_rows.parts_of(db, stored.id))
            if made:
                said["new_games"] = made
    restored = load_evening(db, stored.id)
    assert restored is not None
    return restored


def replays_to_stored(db: Database, evening_id: str) -> bool:
    """Whether the evening's history replayed from its first entry gives its rows as stored."""
    replayed = history.replayed(evening_history(db, evening_id))
    return replayed == evening_rows.parts_of(db, evening_id)


def renames_after(entries: list[Entry], number: int) -> list[tuple[str, str]]:
    """The players renamed in the group after entry ``number`` (old name, new name), in order:
    read from the evening's ``players`` entries, whose list of players changed in place."""
    renamed: list[tuple[str, str]] = []
    state: Parts = {}
    for entry in entries:
        after = history.applied(state, entry.parts)
        if entry.entry > number and entry.change.get("code") == "players":
            was = state.get("evening", {}).get("players", [])
            now_ = after.get("evening", {}).get("players", [])
            renamed += [(old, new) for old, new in zip(was, now_, strict=False) if old != new]
        state = after
    return renamed


def _renamed(state: Parts, old: str, new: str) -> Parts:
    """``state`` with the player ``old`` called ``new`` wherever the evening names them."""

    def names(values: list[str]) -> list[str]:
        return [new if value == old else value for value in values]

    fields = {"evening": ("players",), "sitting": ("present", "sitting_out"), "table": ("players",)}
    result: Parts = {}
    for name, part in state.items():
        lists = fields[name.split()[0]]
        result[name] = {field: names(v) if field in lists else v for field, v in part.items()}
    return result


def _moving_on(db: Database, stored: StoredEvening) -> None:
    """The evening's version moves on from ``stored``'s; :class:`Conflict` when it moved
    already."""
    changed = db.execute(
        "UPDATE evenings SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        [now(), stored.id, stored.version],
    )
    if changed.rowcount != 1:
        raise Conflict(stored.id)


def _linkable(db: Database, parts: Parts) -> Parts:
    """``parts`` with each table's game kept only while that game is in play."""
    ids = [part["game_id"] for name, part in parts.items() if name.startswith("table ")]
    ids = [game_id for game_id in ids if game_id is not None]
    marks = ",".join("?" * len(ids))
    found = db.execute(
        f"SELECT id FROM games WHERE deleted_at IS NULL AND id IN ({marks})", ids
    ).fetchall()
    playing = {game_id for (game_id,) in found}
    return {
        name: {**part, "game_id": part["game_id"] if part["game_id"] in playing else None}
        if name.startswith("table ")
        else part
        for name, part in parts.items()
    }


def _games_for_empty_sittings(db: Database, evening_id: str) -> int:
    """A new game for each table of a sitting none of whose games is left, as its draw made
    them: how many."""
    stored = load_evening(db, evening_id)
    assert stored is not None
    empty = [s for s in stored.sittings if s.tables and not s.game_ids]
    if not empty:
        return 0
    made = 0
    with group_rows.noted(db, stored.group_id, {"code": "games_added", "evening": evening_id}):
        for sitting in empty:
            records = evening_record.table_games(stored.plan, sitting.drawn)
            for table, record in zip(sitting.tables, records, strict=True):
                game = create_group_game(db, stored.group_id, record)
                db.execute(
                    "UPDATE evening_tables SET game_id = ?"
                    " WHERE evening_id = ? AND sitting = ? AND number = ?",
                    [game.id, evening_id, sitting.number, table.table],
                )
                made += 1
    return made


def _let_keys_go(db: Database, evening_id: str, before: Parts, after: Parts) -> None:
    """Forget the keys of the draws whose sitting a restore changed or took away."""
    changed = history.difference(before, after)
    sittings = {int(name.split()[1].split(".")[0]) for name in changed if name != "evening"}
    for number in sorted(sittings):
        db.execute(
            "DELETE FROM evening_keys WHERE evening_id = ? AND sitting = ?", [evening_id, number]
        )
