"""Groups in storage: a table's games and roster (player key -> the name shown).

A group's games are stored games (:mod:`scorekeeper.storage.games`); renaming a player changes
them through :func:`scorekeeper.storage.games.changing`, as every change of a game does, and
the group's club evenings (:mod:`scorekeeper.storage.evenings`) with them. A group in the trash
(:mod:`.trash`) is skipped by every read unless asked for; its games stay its own there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar

from scorekeeper.core.game import GameRecord
from scorekeeper.core.group_record import MAX_ROSTER
from scorekeeper.core.players import player_key
from scorekeeper.core.rules import RuleError
from scorekeeper.storage import group_rows, history
from scorekeeper.storage.database import Database, new_token, now, writing
from scorekeeper.storage.games import (
    KeyReused,
    StoredGame,
    create_game_once,
    load_many,
    new_game_id,
)
from scorekeeper.storage.record_cache import stamp


@dataclass(frozen=True)
class StoredGroup:
    """A group as stored: its name, edit token and roster (player key -> name shown)."""

    TABLE: ClassVar[str] = "groups"

    id: str
    name: str
    edit_token: str
    created_at: str
    updated_at: str
    roster: tuple[tuple[str, str], ...]
    # None: the group's id is its view link (until a keeper renews the view link).
    view_token: str | None = None
    # Counted up by every change of the group or of one of its games (its pages follow it).
    version: int = 1
    # When it was moved to the trash (ISO, UTC); None for a group in play (storage.trash).
    deleted_at: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        """The roster's names, in alphabetical order."""
        return tuple(name for _key, name in self.roster)


class RosterFull(RuleError):
    """A game's new players would take the roster past :data:`MAX_ROSTER`; nothing was stored.

    Refused rather than cut: a roster that silently dropped players would leave them out of the
    new-game page, and one that grew without end would make every group page as long as it.
    """

    def __init__(self) -> None:
        super().__init__("group_roster_full", max=MAX_ROSTER)


class SameGame(Exception):
    """Two players cannot be merged: they sat at the same game (its id is the argument)."""


class SameEvening(Exception):
    """Two players cannot be merged: both are players of the same club evening (its id is the
    argument), which the draw seated as two people."""


def create_group(db: Database, name: str, roster: Iterable[str] = ()) -> StoredGroup:
    """Store a new group, with its first players if given."""
    return create_group_once(db, name, roster)[0]


def import_group(
    db: Database, name: str, roster: Iterable[str], games: Iterable[tuple[GameRecord, str]]
) -> StoredGroup:
    """Store a whole group at once, each game with the time it started: all or nothing."""
    return create_group_once(db, name, roster, games)[0]


def create_group_once(
    db: Database,
    name: str,
    roster: Iterable[str] = (),
    games: Iterable[tuple[GameRecord, str]] = (),
    key: str | None = None,
    digest: str | None = None,
) -> tuple[StoredGroup, bool, tuple[str, ...]]:
    """Store a new group (with its roster and games, all or nothing), unless the request named
    ``key`` made one already: the group, whether it was made earlier, and the ids of the games
    made in the order given (none when made earlier: what a group file's evenings name their
    games by).

    As for a game (:func:`scorekeeper.storage.games.create_game_once`), a key made by a request
    with another ``digest`` raises :class:`KeyReused`.
    """
    group_id, token, when = new_game_id(), new_token(), now()
    ids: list[str] = []
    with writing(db), group_rows.noted(db, group_id, {"code": "group_started"}) as said:
        if key is not None:
            made = db.execute(
                "SELECT id, creation_digest FROM groups WHERE creation_key = ?", [key]
            ).fetchone()
            if made is not None:
                if made[1] != digest:
                    raise KeyReused(made[0])
                earlier = load_group(db, made[0])
                assert earlier is not None
                return earlier, True, ()
        db.execute(
            "INSERT INTO groups (id, name, edit_token, created_at, updated_at, creation_key,"
            " creation_digest) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [group_id, name, token, when, when, key, digest],
        )
        _join_roster(db, group_id, roster)
        for record, played_at in games:
            ids.append(create_group_game(db, group_id, record, played_at).id)
        if ids:
            said["code"] = "imported"
    stored = load_group(db, group_id)
    assert stored is not None
    return stored, False, tuple(ids)


def load_group(db: Database, group_id: str, *, trashed: bool = False) -> StoredGroup | None:
    """The group with this id and its roster, or ``None``. A group in the trash is ``None``
    too, unless ``trashed`` asks for it (:mod:`.trash`)."""
    with db.atomic():
        rows = list(db.query("SELECT * FROM groups WHERE id = ?", [group_id]))
        # .get: a database before m019 is read (and migrated) by this code too
        if not rows or (rows[0].get("deleted_at") is not None and not trashed):
            return None
        roster = db.query(
            "SELECT key, name FROM group_players WHERE group_id = ? ORDER BY key", [group_id]
        )
        players = tuple((row["key"], row["name"]) for row in roster)
    row = rows[0]
    return StoredGroup(
        row["id"],
        row["name"],
        row["edit_token"],
        row["created_at"],
        row["updated_at"],
        players,
        row["view_token"],
        row["version"],
        row.get("deleted_at"),
    )


def load_groups(db: Database, group_ids: Iterable[str]) -> list[StoredGroup]:
    """The stored groups among ``group_ids`` (unknown ids and groups in the trash are
    skipped), in the order given."""
    groups = (load_group(db, group_id) for group_id in group_ids)
    return [stored for stored in groups if stored is not None]


def group_games(db: Database, group_id: str) -> list[StoredGame]:
    """The group's games in the order they were started."""
    rows = db.query(
        "SELECT games.id FROM group_games JOIN games ON games.id = group_games.game_id "
        "WHERE group_games.group_id = ? AND games.deleted_at IS NULL "
        "ORDER BY games.created_at, games.rowid",
        [group_id],
    )
    return load_many(db, [row["id"] for row in rows])


@dataclass(frozen=True)
class GameStamp:
    """A group's game as far as its version and access go, read without its record."""

    id: str
    version: int
    created_at: str
    updated_at: str
    edit_token: str
    view_token: str | None

    @property
    def stamp(self) -> tuple[object, ...]:
        """The game's stamp, as :attr:`StoredGame.stamp` names it."""
        return stamp(self.id, self.version, self.updated_at)


def group_stamps(db: Database, group_id: str) -> list[GameStamp]:
    """The stamps of the group's games (in the order they were started): one cheap query that
    names the group's version, for what is counted from all its games and then kept."""
    rows = db.query(
        "SELECT games.id, games.version, games.created_at, games.updated_at, games.edit_token, "
        "games.view_token "
        "FROM group_games JOIN games ON games.id = group_games.game_id "
        "WHERE group_games.group_id = ? AND games.deleted_at IS NULL "
        "ORDER BY games.created_at, games.rowid",
        [group_id],
    )
    return [GameStamp(**row) for row in rows]


def group_of(db: Database, game_id: str) -> str | None:
    """The id of the group the game belongs to, if any."""
    rows = list(db.query("SELECT group_id FROM group_games WHERE game_id = ?", [game_id]))
    return rows[0]["group_id"] if rows else None


def grouped(db: Database, game_ids: Iterable[str]) -> set[str]:
    """Those of ``game_ids`` that belong to a group already."""
    ids = list(game_ids)
    if not ids:
        return set()
    marks = ", ".join("?" * len(ids))
    rows = db.query(f"SELECT game_id FROM group_games WHERE game_id IN ({marks})", ids)
    return {row["game_id"] for row in rows}


def create_group_game(
    db: Database,
    group_id: str,
    record: GameRecord,
    played_at: str | None = None,
    key: str | None = None,
    digest: str | None = None,
    started: str = "started",
) -> StoredGame:
    """Store a new game as one of the group's; its players join the roster
    (:class:`RosterFull` past its size, and nothing is stored).

    ``played_at`` (an ISO date-time) keeps the date of an imported game (its history begins
    as imported); a new game is now. ``key`` and ``digest`` name the request, as for
    :func:`create_game_once` (a game made already is returned); ``started`` is how its history
    begins (``"rematch"``).
    """
    began = {"code": "imported" if played_at is not None else started}
    with writing(db), group_rows.noted(db, group_id, {"code": "games_added"}):
        stored, again = create_game_once(db, record, key, digest, started=began)
        if again:
            return stored
        if played_at is not None:
            db.execute("UPDATE games SET created_at = ? WHERE id = ?", [played_at, stored.id])
            stored = replace(stored, created_at=played_at)
        _add_games(db, group_id, [stored])
    return stored


def add_group_games(db: Database, group_id: str, games: Iterable[StoredGame]) -> int:
    """Put existing games into the group (those in a group already are left where they are);
    their players join the roster (:class:`RosterFull` past its size: none is added). Returns
    how many were added."""
    with writing(db), group_rows.noted(db, group_id, {"code": "games_added"}):
        return _add_games(db, group_id, list(games))


def remove_group_game(db: Database, group_id: str, game_id: str) -> None:
    """Take a game out of the group; the game itself stays."""
    with writing(db), group_rows.noted(db, group_id, {"code": "games_removed"}):
        db.execute(
            "DELETE FROM group_games WHERE group_id = ? AND game_id = ?", [group_id, game_id]
        )
        touch_group(db, group_id)


def delete_group(db: Database, group_id: str) -> None:
    """Remove a group: its roster, its club evenings (``ON DELETE CASCADE``) and which games
    were its own. The games themselves stay, as games of no group."""
    with writing(db):
        evenings = db.execute("SELECT id FROM evenings WHERE group_id = ?", [group_id]).fetchall()
        for (evening_id,) in evenings:
            history.forget(db, "evenings", evening_id)
        history.forget(db, "groups", group_id)
        db.execute("DELETE FROM groups WHERE id = ?", [group_id])


def join_roster(db: Database, group_id: str, names: Iterable[str]) -> None:
    """Add players to the roster; a name whose key is there already keeps its spelling."""
    with writing(db), group_rows.noted(db, group_id, {"code": "players_added"}):
        _join_roster(db, group_id, names)
        touch_group(db, group_id)


def _add_games(db: Database, group_id: str, games: list[StoredGame]) -> int:
    taken = grouped(db, [stored.id for stored in games])
    added = [stored for stored in games if stored.id not in taken]
    when = now()
    for stored in added:
        db.execute(
            "INSERT INTO group_games (game_id, group_id, added_at) VALUES (?, ?, ?)",
            [stored.id, group_id, when],
        )
        _join_roster(db, group_id, stored.record.players)
    touch_group(db, group_id)
    return len(added)


def _join_roster(db: Database, group_id: str, names: Iterable[str]) -> None:
    """Add the players not in the roster yet; :class:`RosterFull` (the caller's transaction is
    rolled back) when that takes it past :data:`MAX_ROSTER`."""
    added = 0
    for name in names:
        added += db.execute(
            "INSERT INTO group_players (group_id, key, name) VALUES (?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [group_id, player_key(name), name.strip()],
        ).rowcount
    if added:
        count = db.execute(
            "SELECT COUNT(*) FROM group_players WHERE group_id = ?", [group_id]
        ).fetchone()[0]
        if count > MAX_ROSTER:
            raise RosterFull


def touch_group(db: Database, group_id: str) -> None:
    """A change of the group: its version moves on, its pages follow."""
    db.execute(
        "UPDATE groups SET updated_at = ?, version = version + 1 WHERE id = ?", [now(), group_id]
    )
