"""Club evenings in storage (issue 34): an evening of a group, its sittings and their tables.

An evening keeps its facts only: who is in it, the game and its settings, the sittings planned,
the table sizes allowed, and for each sitting drawn how it was drawn (seating, seed), who was
present, who sat out and each table (players in seat order, first dealer, the game made for
it). Each table's game is a game of the group like any other (:mod:`.groups`); scores and
standings are worked out from those games, never stored. Every change of the evening, and of
one of its games (:func:`scorekeeper.storage.games.changing`), counts its version up, so that
its pages follow it live as a group's do.

An evening in the trash (:mod:`.trash`), on its own or with its group, is skipped by every read
unless asked for; its tables' games are still its record
(:func:`.evening_tables.table_of_game` finds them). Its sittings drawn are
:mod:`.evening_sittings`, a game's table :mod:`.evening_tables`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from scorekeeper.core import family
from scorekeeper.core.evening import Sitting, Table
from scorekeeper.core.evening_record import EveningPlan
from scorekeeper.core.family import Declaration
from scorekeeper.core.game import GameRecord
from scorekeeper.storage import evening_rows, history
from scorekeeper.storage.database import Database, Row, now, rows, writing
from scorekeeper.storage.games import KeyReused, new_game_id


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
                names_text(players),
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
        stored = create_planned(db, group_id, plan, seed, key=key, digest=digest)
    return stored, False


def create_planned(
    db: Database, group_id: str, plan: EveningPlan, seed: int, **more: Any
) -> StoredEvening:
    """Store a new evening as ``plan`` says (``more``: :func:`create_evening`'s own)."""
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


WITH_GROUP = (
    "SELECT evenings.*, groups.deleted_at AS group_deleted_at"
    " FROM evenings JOIN groups ON groups.id = evenings.group_id"
)
"""An evening with its group's time in the trash: it is there while its group is."""


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


def evening_version(db: Database, evening_id: str) -> int | None:
    """The evening's version alone, or ``None`` (none, or in the trash): one indexed read, for
    pages following it."""
    row = db.execute(
        f"SELECT version FROM ({WITH_GROUP} WHERE evenings.id = ?) AS evening"
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


def _touch_group(db: Database, group_id: str) -> None:
    """A new evening is a change of its group (its pages may list it)."""
    db.execute(
        "UPDATE groups SET updated_at = ?, version = version + 1 WHERE id = ?", [now(), group_id]
    )


def names_text(names: Sequence[str]) -> str:
    """Names as an evening's columns keep them (a JSON list)."""
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
