"""The sittings of a club night in storage: one drawn (or drawn again) with a game of the group
for each of its tables, a request's one-time key kept with the sitting it drew, the sittings
planned, and a whole evening brought in with its group's file (:mod:`.evenings` holds the
evening itself)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.core.evening_file import EveningFile
from scorekeeper.core.game import GameRecord
from scorekeeper.storage import evening_rows, group_rows
from scorekeeper.storage.database import Conflict, Database, now, writing
from scorekeeper.storage.evening_tables import keep_redrawn
from scorekeeper.storage.evenings import (
    NewSitting,
    StoredEvening,
    StoredSitting,
    create_planned,
    load_evening,
    names_text,
)
from scorekeeper.storage.games import KeyReused, delete_game, load
from scorekeeper.storage.groups import StoredGroup, create_group_game, create_group_once


def started(db: Database, sitting: StoredSitting) -> int:
    """How many of the sitting's games have started: a round saved, or one being entered. A
    game in the trash counts as it stands (a redraw deletes its sitting's games for good)."""
    count = 0
    for game_id in sitting.game_ids:
        stored = load(db, game_id, trashed=True)
        if stored is not None and (stored.record.rounds or stored.record.current is not None):
            count += 1
    return count


@dataclass(frozen=True)
class KeyedSitting:
    """What a request with an Idempotency-Key drew: the sitting's number (as it stands now: it
    may have been drawn again since), the digest of that request and whether it drew the
    sitting again (a redraw) rather than drawing it first."""

    number: int
    digest: str | None
    redraw: bool


def draw_sitting(
    db: Database,
    stored: StoredEvening,
    new: NewSitting,
    *,
    players: Sequence[str],
    key: str | None = None,
    digest: str | None = None,
    since: str | None = None,
) -> tuple[StoredEvening, KeyedSitting, bool]:
    """Store sitting ``new.number`` (replacing the one stored under that number, whose games are
    deleted) and a game of the group for each of its tables; ``players`` is the evening's
    players after it. Answers the evening as this write left it, the sitting drawn, and whether
    a request with ``key`` drew it earlier (then nothing is stored).

    All or nothing, and only from the version ``stored`` was read at: :class:`Conflict` when
    the evening (or one of its games) changed meanwhile. ``key`` and ``digest`` work as a game's
    (:func:`scorekeeper.storage.games.create_game_once`), looked up inside this write: the same
    key with another ``digest`` raises :class:`KeyReused`; keys older than ``since`` are
    forgotten. A key keeps naming its sitting after that sitting was drawn again.
    """
    redraw = any(sitting.number == new.number for sitting in stored.sittings)
    said = {"code": "redrawn" if redraw else "drawn", "sitting": new.number}
    with (
        writing(db),
        evening_rows.noted(db, stored.id, said),
        group_rows.noted(db, stored.group_id, {**said, "evening": stored.id}),
    ):
        made = None if key is None else keyed_sitting(db, stored.id, key, since)
        if made is not None:
            if made.digest != digest:
                raise KeyReused(stored.id)
            return loaded(db, stored.id), made, True
        # moved to the trash meanwhile (it keeps its version): nothing drawn either
        changed = db.execute(
            "UPDATE evenings SET version = version + 1, updated_at = ?, players = ?"
            " WHERE id = ? AND version = ? AND deleted_at IS NULL"
            " AND group_id NOT IN (SELECT id FROM groups WHERE deleted_at IS NOT NULL)",
            [now(), names_text(players), stored.id, stored.version],
        )
        if changed.rowcount != 1:
            raise Conflict(stored.id)
        _drop_sitting(db, stored, new.number)
        _insert_sitting(db, stored.id, stored.group_id, new)
        drawn = KeyedSitting(new.number, digest, redraw)
        if key is not None:
            _keep_key(db, stored.id, key, drawn)
        return loaded(db, stored.id), drawn, False


def keyed_sitting(
    db: Database, evening_id: str, key: str, since: str | None = None
) -> KeyedSitting | None:
    """The sitting the evening's request with ``key`` drew (or drew again), if any; a key
    kept since before ``since`` is forgotten. Only reads: call it inside the transaction whose
    snapshot should answer."""
    found = db.execute(
        "SELECT sitting, digest, redraw FROM evening_keys"
        " WHERE evening_id = ? AND key = ? AND created_at >= ?",
        [evening_id, key, since or ""],
    ).fetchone()
    return None if found is None else KeyedSitting(int(found[0]), found[1], bool(found[2]))


def _keep_key(db: Database, evening_id: str, key: str, drawn: KeyedSitting) -> None:
    """Keep ``key`` as the name of the sitting it drew (replacing a forgotten use of it)."""
    db.execute(
        "INSERT INTO evening_keys (evening_id, key, digest, sitting, redraw, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (evening_id, key) DO UPDATE SET"
        " digest = excluded.digest, sitting = excluded.sitting, redraw = excluded.redraw,"
        " created_at = excluded.created_at",
        [evening_id, key, drawn.digest, drawn.number, int(drawn.redraw), now()],
    )


def loaded(db: Database, evening_id: str) -> StoredEvening:
    stored = load_evening(db, evening_id, trashed=True)
    assert stored is not None
    return stored


def import_evening(db: Database, group_id: str, evening: EveningFile, ids: Sequence[str]) -> None:
    """Store an evening read from a group file into the group, inside the import's
    transaction; ``ids`` are the ids of the file's games as stored, in the file's order."""
    evening_id = create_planned(
        db, group_id, evening.plan, evening.seed, created_at=evening.created_at, started=None
    ).id
    for sitting in evening.sittings:
        new = NewSitting(
            sitting.number,
            sitting.seating,
            sitting.seed,
            sitting.present,
            sitting.drawn,
            (),
            sitting.created_at,
        )
        games = [None if index is None else ids[index] for index in sitting.games]
        _insert_sitting(db, evening_id, group_id, new, games)
        for index in range(len(sitting.games)):
            when = sitting.taken_out_at(index)
            if when is not None:
                db.execute(
                    "UPDATE evening_tables SET taken_out_at = ?"
                    " WHERE evening_id = ? AND sitting = ? AND number = ?",
                    [when, evening_id, sitting.number, index + 1],
                )
            ended = sitting.ended_at(index)
            if ended is not None:
                db.execute(
                    "UPDATE evening_tables SET ended_at = ?, ended_rounds = ?, left_players = ?"
                    " WHERE evening_id = ? AND sitting = ? AND number = ?",
                    [
                        ended.at,
                        ended.rounds,
                        names_text(ended.left) if ended.left else None,
                        evening_id,
                        sitting.number,
                        index + 1,
                    ],
                )
    evening_rows.begun(db, evening_id, {"code": "imported"})


def import_group_file(
    db: Database,
    name: str,
    roster: Iterable[str],
    games: Iterable[tuple[GameRecord, str]],
    evenings: Iterable[EveningFile] = (),
    key: str | None = None,
    digest: str | None = None,
) -> tuple[StoredGroup, bool]:
    """Store a whole group from its file (roster, games, evenings), all or nothing, unless the
    request named ``key`` made it already (:func:`.groups.create_group_once`)."""
    with writing(db):
        stored, again, ids = create_group_once(db, name, roster, games, key, digest)
        if not again:
            for evening in evenings:
                import_evening(db, stored.id, evening, ids)
    return stored, again


def _drop_sitting(db: Database, stored: StoredEvening, number: int) -> None:
    """Delete sitting ``number`` and its tables' games, if it is stored; each such game's
    table is kept (:func:`redrawn_game`)."""
    for sitting in stored.sittings:
        if sitting.number == number:
            for table in sitting.tables:
                if table.game_id is not None:
                    keep_redrawn(db, stored.id, number, table.table, table.game_id)
                    delete_game(db, table.game_id)
    db.execute(
        "DELETE FROM evening_sittings WHERE evening_id = ? AND number = ?", [stored.id, number]
    )


def _insert_sitting(
    db: Database,
    evening_id: str,
    group_id: str,
    new: NewSitting,
    imported: Sequence[str | None] | None = None,
) -> None:
    db.execute(
        "INSERT INTO evening_sittings (evening_id, number, seating, seed, present, sitting_out,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            evening_id,
            new.number,
            new.seating,
            new.seed,
            names_text(new.present),
            names_text(new.drawn.sitting_out),
            new.created_at or now(),
        ],
    )
    for index, table in enumerate(new.drawn.tables):
        game_id = (
            create_group_game(db, group_id, new.games[index]).id
            if imported is None
            else imported[index]
        )
        db.execute(
            "INSERT INTO evening_tables (evening_id, sitting, number, players, first_dealer,"
            " game_id) VALUES (?, ?, ?, ?, ?, ?)",
            [
                evening_id,
                new.number,
                index + 1,
                names_text(table.players),
                table.first_dealer,
                game_id,
            ],
        )


def plan_sittings(db: Database, evening_id: str, sittings: int) -> None:
    """Plan ``sittings`` sittings for the evening (one more when time allows); the evening's
    pages follow."""
    with writing(db), evening_rows.noted(db, evening_id, {"code": "sittings_planned"}):
        db.execute(
            "UPDATE evenings SET sittings = ?, version = version + 1, updated_at = ?"
            " WHERE id = ? AND sittings != ?",
            [sittings, now(), evening_id, sittings],
        )
