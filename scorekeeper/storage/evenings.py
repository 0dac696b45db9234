"""Club evenings in storage (issue 34): an evening of a group, its sittings and their tables.

An evening keeps its facts only: who is in it, the game and its settings, the sittings planned,
the table sizes allowed, and for each sitting drawn how it was drawn (seating, seed), who was
present, who sat out and each table (players in seat order, first dealer, the game made for
it). Each table's game is a game of the group like any other (:mod:`.groups`); scores and
standings are worked out from those games, never stored. Every change of the evening, and of
one of its games (:func:`scorekeeper.storage.games.changing`), counts its version up, so that
its pages follow it live as a group's do.

An evening in the trash (:mod:`.trash`), on its own or with its group, is skipped by every read
unless asked for; its tables' games are still its record (:func:`table_of_game` finds them).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from sqlite_utils import Database

from scorekeeper.core import family
from scorekeeper.core.evening import Sitting, Table
from scorekeeper.core.evening_record import EveningFile, EveningPlan
from scorekeeper.core.family import Declaration
from scorekeeper.core.game import GameRecord
from scorekeeper.storage import evening_rows, group_rows, history
from scorekeeper.storage.database import Conflict, Row, now, rows, writing
from scorekeeper.storage.games import KeyReused, delete_game, load, new_game_id
from scorekeeper.storage.groups import StoredGroup, create_group_game, create_group_once


@dataclass(frozen=True)
class StoredTable:
    """A table of a sitting: its players in seat order, the seat that deals first, the id
    of its game (``None`` once that game was deleted), when the evening's keepers took it
    out of the sitting (UTC; ``None`` while it counts), and when they ended it early (UTC;
    ``None`` while it plays on) with how many rounds of its game count and who left."""

    table: int
    players: tuple[str, ...]
    first_dealer: int
    game_id: str | None
    taken_out_at: str | None = None
    ended_at: str | None = None
    ended_rounds: int = 0
    left: tuple[str, ...] = ()


@dataclass(frozen=True)
class StoredSitting:
    """A sitting as drawn: how, with which seed, who was present, its tables, who sat out."""

    number: int
    seating: str
    seed: int
    present: tuple[str, ...]
    tables: tuple[StoredTable, ...]
    sitting_out: tuple[str, ...]
    created_at: str

    @property
    def drawn(self) -> Sitting:
        """The sitting as the draw knows it (for the draws after it)."""
        return Sitting(
            tuple(Table(table.players, table.first_dealer) for table in self.tables),
            self.sitting_out,
        )

    @property
    def game_ids(self) -> tuple[str, ...]:
        """The ids of its tables' games still stored, table by table."""
        return tuple(table.game_id for table in self.tables if table.game_id is not None)


@dataclass(frozen=True)
class StoredEvening:
    """An evening of a group as stored, with every sitting drawn so far."""

    TABLE: ClassVar[str] = "evenings"

    id: str
    group_id: str
    game: str
    settings: Any
    players: tuple[str, ...]
    sittings_planned: int
    table_sizes: tuple[int, ...]
    seed: int
    created_at: str
    updated_at: str
    version: int
    sittings: tuple[StoredSitting, ...]
    countdown_ends: str | None = None
    """When the keeper's countdown shown on the room screen ends (UTC), or ``None``."""
    deleted_at: str | None = None
    """When it was moved to the trash on its own (UTC), or ``None``; its group's may hold it
    there too (:func:`load_evening`)."""
    table_secret: str | None = field(default=None, repr=False, compare=False)
    """The secret each physical table's card token is made from (``web/table_cards.py``);
    never in an output, a file or the history."""

    @property
    def declaration(self) -> Declaration[Any, Any]:
        """The evening's game, declared."""
        return family.game(self.game)

    @property
    def drawn(self) -> tuple[Sitting, ...]:
        """Every sitting drawn so far, as the draw knows them."""
        return tuple(sitting.drawn for sitting in self.sittings)

    def left_after(self, sitting: StoredSitting) -> tuple[str, ...]:
        """Who left a table ended early once ``sitting`` was drawn: they are not here for the
        next sitting unless the keeper ticks them again (a sitting drawn later that seats them
        says they came back)."""
        return tuple(
            player
            for earlier in self.sittings
            for table in earlier.tables
            if table.ended_at is not None and table.ended_at >= sitting.created_at
            for player in table.left
        )

    @property
    def plan(self) -> EveningPlan:
        """What the evening is, as it was asked for (its players as they are now)."""
        return EveningPlan(
            self.players, self.game, self.settings, self.sittings_planned, self.table_sizes
        )


STARTED = {"code": "evening_started"}
"""The first entry of a club night's history, made from its form or the API."""


@dataclass(frozen=True)
class NewSitting:
    """A sitting to store: its draw, how it was drawn, who was present and its tables' games
    (one per table, in table order)."""

    number: int
    seating: str
    seed: int
    present: tuple[str, ...]
    drawn: Sitting
    games: tuple[GameRecord, ...]
    created_at: str | None = None


def create_evening(
    db: Database,
    group_id: str,
    *,
    game: str,
    settings: Any,
    players: Sequence[str],
    sittings: int,
    table_sizes: Sequence[int],
    seed: int,
    created_at: str | None = None,
    key: str | None = None,
    digest: str | None = None,
    started: dict[str, Any] | None = STARTED,
) -> StoredEvening:
    """Store a new evening of the group, with no sitting drawn yet (``key`` and ``digest``: the
    one-time key of the form that made it, see :func:`create_evening_once`); ``started`` is its
    history's first entry (``None``: the caller writes it, once the evening is whole)."""
    evening_id, when = new_game_id(), now()
    with writing(db), evening_rows.noted(db, evening_id, started):
        db.execute(
            "INSERT INTO evenings (id, group_id, game, variants, players, sittings, table_sizes,"
            " seed, created_at, updated_at, creation_key, creation_digest, table_secret)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                evening_id,
                group_id,
                game,
                json.dumps(family.game(game).to_plain(settings)),
                _names(players),
                sittings,
                json.dumps(list(table_sizes)),
                seed,
                created_at or when,
                when,
                key,
                digest,
                secrets.token_urlsafe(24),
            ],
        )
        _touch_group(db, group_id)
    stored = load_evening(db, evening_id)
    assert stored is not None
    return stored


def create_evening_once(
    db: Database,
    group_id: str,
    plan: EveningPlan,
    *,
    seed: int,
    key: str | None,
    digest: str | None,
) -> tuple[StoredEvening, bool]:
    """Store a new evening of the group, unless the form with one-time ``key`` made one
    already: the evening, and whether it was made earlier. The same key from another browser
    (another ``digest``) raises :class:`KeyReused`, as a game's does."""
    with writing(db):
        if key is not None:
            made = db.execute(
                "SELECT id, creation_digest FROM evenings WHERE creation_key = ?", [key]
            ).fetchone()
            if made is not None:
                if made[1] != digest:
                    raise KeyReused(made[0])
                earlier = load_evening(db, made[0], trashed=True)
                assert earlier is not None
                return earlier, True
        stored = _create_planned(db, group_id, plan, seed, key=key, digest=digest)
    return stored, False


def _create_planned(
    db: Database, group_id: str, plan: EveningPlan, seed: int, **more: Any
) -> StoredEvening:
    return create_evening(
        db,
        group_id,
        game=plan.game,
        settings=plan.settings,
        players=plan.players,
        sittings=plan.sittings,
        table_sizes=plan.table_sizes,
        seed=seed,
        **more,
    )


def set_countdown(db: Database, evening_id: str, ends: str | None) -> None:
    """Start the evening's countdown to ``ends`` (UTC), or stop it (``None``); its pages and
    room screen follow (the version moves on)."""
    with writing(db), evening_rows.noted(db, evening_id, {"code": "countdown"}):
        db.execute(
            "UPDATE evenings SET countdown_ends = ?, version = version + 1, updated_at = ?"
            " WHERE id = ?",
            [ends, now(), evening_id],
        )


# An evening with its group's time in the trash: it is there while its group is.
_WITH_GROUP = (
    "SELECT evenings.*, groups.deleted_at AS group_deleted_at"
    " FROM evenings JOIN groups ON groups.id = evenings.group_id"
)


def load_evening(db: Database, evening_id: str, *, trashed: bool = False) -> StoredEvening | None:
    """The evening with this id and its sittings, or ``None``; read as one snapshot. An
    evening in the trash, or of a group in the trash, is ``None`` too, unless ``trashed`` asks
    for it."""
    with db.atomic():
        found = rows(db, "SELECT * FROM evenings WHERE id = ?", evening_id)
        if not found or (not trashed and _in_trash(db, found[0])):
            return None
        sittings = rows(
            db, "SELECT * FROM evening_sittings WHERE evening_id = ? ORDER BY number", evening_id
        )
        tables = rows(
            db,
            "SELECT * FROM evening_tables WHERE evening_id = ? ORDER BY sitting, number",
            evening_id,
        )
    return _evening(found[0], sittings, tables)


def _in_trash(db: Database, row: Row) -> bool:
    """Whether the evening of ``row`` is in the trash, on its own or with its group. Read with
    ``SELECT *``, as every read of a row here: a database before m019 is read (and migrated)
    by this code too."""
    if row.get("deleted_at") is not None:
        return True
    group = rows(db, "SELECT * FROM groups WHERE id = ?", row["group_id"])
    return bool(group) and group[0].get("deleted_at") is not None


def group_evenings(db: Database, group_id: str) -> list[StoredEvening]:
    """The group's evenings, in the order they were made (those in the trash on their own
    left out; the caller holds the group, in the trash or not)."""
    found = db.execute(
        "SELECT id FROM evenings WHERE group_id = ? AND deleted_at IS NULL"
        " ORDER BY created_at, rowid",
        [group_id],
    ).fetchall()
    evenings = (load_evening(db, evening_id, trashed=True) for (evening_id,) in found)
    return [stored for stored in evenings if stored is not None]


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
            return _loaded(db, stored.id), made, True
        # moved to the trash meanwhile (it keeps its version): nothing drawn either
        changed = db.execute(
            "UPDATE evenings SET version = version + 1, updated_at = ?, players = ?"
            " WHERE id = ? AND version = ? AND deleted_at IS NULL"
            " AND group_id NOT IN (SELECT id FROM groups WHERE deleted_at IS NOT NULL)",
            [now(), _names(players), stored.id, stored.version],
        )
        if changed.rowcount != 1:
            raise Conflict(stored.id)
        _drop_sitting(db, stored, new.number)
        _insert_sitting(db, stored.id, stored.group_id, new)
        drawn = KeyedSitting(new.number, digest, redraw)
        if key is not None:
            _keep_key(db, stored.id, key, drawn)
        return _loaded(db, stored.id), drawn, False


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
        "INSERT OR REPLACE INTO evening_keys (evening_id, key, digest, sitting, redraw,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [evening_id, key, drawn.digest, drawn.number, int(drawn.redraw), now()],
    )


def _loaded(db: Database, evening_id: str) -> StoredEvening:
    stored = load_evening(db, evening_id, trashed=True)
    assert stored is not None
    return stored


def import_evening(db: Database, group_id: str, evening: EveningFile, ids: Sequence[str]) -> None:
    """Store an evening read from a group file into the group, inside the import's
    transaction; ``ids`` are the ids of the file's games as stored, in the file's order."""
    evening_id = _create_planned(
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
                        _names(ended.left) if ended.left else None,
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


def started(db: Database, sitting: StoredSitting) -> int:
    """How many of the sitting's games have started: a round saved, or one being entered. A
    game in the trash counts as it stands (a redraw deletes its sitting's games for good)."""
    count = 0
    for game_id in sitting.game_ids:
        stored = load(db, game_id, trashed=True)
        if stored is not None and (stored.record.rounds or stored.record.current is not None):
            count += 1
    return count


def evening_version(db: Database, evening_id: str) -> int | None:
    """The evening's version alone, or ``None`` (none, or in the trash): one indexed read, for
    pages following it."""
    row = db.execute(
        f"SELECT version FROM ({_WITH_GROUP} WHERE evenings.id = ?)"
        " WHERE deleted_at IS NULL AND group_deleted_at IS NULL",
        [evening_id],
    ).fetchone()
    return None if row is None else int(row[0])


def delete_evening(db: Database, evening_id: str) -> None:
    """Remove an evening: its sittings, tables and keys (``ON DELETE CASCADE``). Its tables'
    games stay, as games of its group; the group's pages no longer list it."""
    with writing(db):
        touch_evening_group(db, evening_id)
        history.forget(db, "evenings", evening_id)
        db.execute("DELETE FROM evenings WHERE id = ?", [evening_id])


def touch_evening_group(db: Database, evening_id: str) -> None:
    """An evening gone, or back, is a change of its group (its pages list the evening)."""
    db.execute(
        "UPDATE groups SET updated_at = ?, version = version + 1"
        " WHERE id = (SELECT group_id FROM evenings WHERE id = ?)",
        [now(), evening_id],
    )


def _drop_sitting(db: Database, stored: StoredEvening, number: int) -> None:
    """Delete sitting ``number`` and its tables' games, if it is stored; each such game's
    table is kept (:func:`redrawn_game`)."""
    for sitting in stored.sittings:
        if sitting.number == number:
            for table in sitting.tables:
                if table.game_id is not None:
                    _keep_redrawn(db, stored.id, number, table.table, table.game_id)
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
            _names(new.present),
            _names(new.drawn.sitting_out),
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
                _names(table.players),
                table.first_dealer,
                game_id,
            ],
        )


def _touch_group(db: Database, group_id: str) -> None:
    """A new evening is a change of its group (its pages may list it)."""
    db.execute(
        "UPDATE groups SET updated_at = ?, version = version + 1 WHERE id = ?", [now(), group_id]
    )


def _names(names: Sequence[str]) -> str:
    return json.dumps(list(names), ensure_ascii=False)


def _evening(row: Row, sittings: list[Row], tables: list[Row]) -> StoredEvening:
    by_sitting: dict[int, list[StoredTable]] = {}
    for table in tables:
        by_sitting.setdefault(table["sitting"], []).append(
            StoredTable(
                table["number"],
                tuple(json.loads(table["players"])),
                table["first_dealer"],
                table["game_id"],
                table["taken_out_at"],
                table.get("ended_at"),
                table.get("ended_rounds") or 0,
                tuple(json.loads(table.get("left_players") or "[]")),
            )
        )
    declared = family.game(row["game"])
    return StoredEvening(
        row["id"],
        row["group_id"],
        row["game"],
        declared.from_plain(json.loads(row["variants"])),
        tuple(json.loads(row["players"])),
        row["sittings"],
        tuple(json.loads(row["table_sizes"])),
        row["seed"],
        row["created_at"],
        row["updated_at"],
        row["version"],
        tuple(
            StoredSitting(
                sitting["number"],
                sitting["seating"],
                sitting["seed"],
                tuple(json.loads(sitting["present"])),
                tuple(by_sitting.get(sitting["number"], ())),
                tuple(json.loads(sitting["sitting_out"])),
                sitting["created_at"],
            )
            for sitting in sittings
        ),
        row["countdown_ends"],
        row.get("deleted_at"),
        row.get("table_secret"),
    )


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
                _names(left) if left else None,
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


def plan_sittings(db: Database, evening_id: str, sittings: int) -> None:
    """Plan ``sittings`` sittings for the evening (one more when time allows); the evening's
    pages follow."""
    with writing(db), evening_rows.noted(db, evening_id, {"code": "sittings_planned"}):
        db.execute(
            "UPDATE evenings SET sittings = ?, version = version + 1, updated_at = ?"
            " WHERE id = ? AND sittings != ?",
            [sittings, now(), evening_id, sittings],
        )


def evening_of(db: Database, game_id: str, *, trashed: bool = False) -> str | None:
    """The id of the evening the game is a table of, if any: one in the trash (or of a group
    in the trash) only if ``trashed`` asks for it."""
    found = db.execute(
        f"SELECT id, deleted_at, group_deleted_at FROM ({_WITH_GROUP})"
        " WHERE id IN (SELECT evening_id FROM evening_tables WHERE game_id = ?)",
        [game_id],
    ).fetchall()
    kept = [row[0] for row in found if trashed or (row[1] is None and row[2] is None)]
    return kept[0] if kept else None


def evening_ids(db: Database, group_ids: Iterable[str]) -> list[str]:
    """The ids of the evenings of the groups ``group_ids``, in the trash or not."""
    ids = list(group_ids)
    found: list[str] = []
    for start in range(0, len(ids), 500):  # SQLite's limit of bound values, well within
        part = ids[start : start + 500]
        marks = ",".join("?" * len(part))
        sql = f"SELECT id FROM evenings WHERE group_id IN ({marks}) ORDER BY created_at, rowid"
        found.extend(row[0] for row in db.execute(sql, part).fetchall())
    return found


@dataclass(frozen=True)
class RedrawnGame:
    """A game a redraw replaced: the evening, sitting and table it was played at, and its edit
    token (a phone that kept it keeps its table's game that replaced it)."""

    evening_id: str
    sitting: int
    table: int
    edit_token: str


def _keep_redrawn(db: Database, evening_id: str, sitting: int, table: int, game_id: str) -> None:
    found = db.execute("SELECT edit_token FROM games WHERE id = ?", [game_id]).fetchone()
    if found is not None:
        db.execute(
            "INSERT OR REPLACE INTO redrawn_games (game_id, evening_id, sitting, number,"
            " edit_token) VALUES (?, ?, ?, ?, ?)",
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
