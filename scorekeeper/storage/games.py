"""Games in storage: a game's facts (players, variants, trump, bids, tricks, the round in
progress) and never a score.

Every change of a game goes through :func:`changing`, the one place that bumps its version and its
time of change in the change's transaction: a change made against an old version is refused
(:class:`Conflict`) instead of overwriting another phone's entry, and every cache keyed by the
game's stamp sees the change (tests/test_storage.py checks every write path).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from scorekeeper.core.game import GameRecord
from scorekeeper.core.record_shapes import RecordError
from scorekeeper.storage import history
from scorekeeper.storage.database import (
    Conflict,
    Database,
    Row,
    now,
    rows,
    storage_of,
    writing,
)
from scorekeeper.storage.database import new_token as new_edit_token
from scorekeeper.storage.game_rows import (
    Entered,
    change_of,
    from_rows,
    game_part,
    parts_of,
    round_part,
    round_row,
    rounds_by_number,
)
from scorekeeper.storage.record_cache import stamp

GAMES = "games"
"""A game's name in the history (:mod:`.history`)."""


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its record plus what only storage knows."""

    TABLE: ClassVar[str] = "games"

    id: str
    record: GameRecord
    version: int
    edit_token: str
    created_at: str
    updated_at: str
    # None: the game's id is its view link (until the scorekeeper renews the view link).
    view_token: str | None = None
    # When it was moved to the trash (ISO, UTC); None for a game in play (storage.trash).
    deleted_at: str | None = None

    @property
    def stamp(self) -> tuple[object, ...]:
        """What names this version of the game (:func:`scorekeeper.storage.record_cache.stamp`)."""
        return stamp(self.id, self.version, self.updated_at)

    @property
    def day(self) -> str:
        """The day the game started, YYYY-MM-DD (UTC)."""
        return self.created_at[:10]


def new_game_id() -> str:
    """An unguessable, URL-safe game id (96 random bits)."""
    return secrets.token_urlsafe(12)


class KeyReused(Exception):
    """A creation key sent again with another request than the one that created its game."""


def create_game(
    db: Database, record: GameRecord, key: str | None = None, started: str = "started"
) -> StoredGame:
    """Store a new game with all its rounds in one transaction.

    ``key`` names the request that creates it: when a game with this key exists already (the
    same form sent twice), that game is returned and nothing new is stored. ``started`` is how
    its history begins (``"rematch"``, ``"imported"``).
    """
    return create_game_once(db, record, key, started={"code": started})[0]


def create_game_once(
    db: Database,
    record: GameRecord,
    key: str | None,
    digest: str | None = None,
    since: str | None = None,
    started: dict[str, Any] | None = None,
    carried: list[history.Entry] | None = None,
) -> tuple[StoredGame, bool]:
    """Store a new game, unless the request named ``key`` made one already: the game, and
    whether it was made earlier.

    ``digest`` is the request's fingerprint: the key of a game made by a request with another
    digest raises :class:`KeyReused`. ``since`` (an ISO time) forgets keys of games created
    before it, so that a key is only held for a while. ``started`` says how the game began, its
    history's first entry (``{"code": "started"}`` unless told: a rematch, an import).
    ``carried`` is the history an imported file carries: kept, then the import is its newest
    entry; :class:`RecordError` when it does not lead to ``record``.
    """
    check_carried(record, carried)
    game_id, token, when = new_game_id(), new_edit_token(), now()
    with writing(db):
        if key is not None:
            if since is not None:
                db.execute(
                    "UPDATE games SET creation_key = NULL"
                    " WHERE creation_key = ? AND created_at < ?",
                    [key, since],
                )
            made = db.execute(
                "SELECT id, creation_digest FROM games WHERE creation_key = ?", [key]
            ).fetchone()
            if made is not None:
                if made[1] != digest:
                    raise KeyReused(made[0])
                earlier = load(db, made[0])
                assert earlier is not None
                return earlier, True
        db.execute(
            "INSERT INTO games (id, created_at, updated_at, first_dealer, variants, edit_token,"
            " version, creation_key, creation_digest, game)"
            " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
            [
                game_id,
                when,
                when,
                record.first_dealer,
                json.dumps(record.declaration.to_plain(record.settings)),
                token,
                key,
                digest,
                record.game,
            ],
        )
        db.conn.executemany(
            "INSERT INTO seats (game_id, seat, name) VALUES (?, ?, ?)",
            [(game_id, seat, name) for seat, name in enumerate(record.players)],
        )
        _write_rounds(db, game_id, record, rounds_by_number(record))
        if carried is None:
            history.record(db, GAMES, game_id, started or {"code": "started"}, parts_of(record))
        else:
            history.carry(db, GAMES, game_id, carried)
            # A round at the table when the file was written is not part of its record.
            left = history.difference(history.replayed(carried), parts_of(record))
            history.record(db, GAMES, game_id, started or {"code": "imported"}, left)
    return StoredGame(game_id, record, 1, token, when, when), False


def load(db: Database, game_id: str, *, trashed: bool = False) -> StoredGame | None:
    """The stored game with this id, or ``None``; read as one consistent snapshot. A game in
    the trash is ``None`` too, unless ``trashed`` asks for it (:mod:`.trash`)."""
    owner = storage_of(db)
    found = rows(db, "SELECT * FROM games WHERE id = ?", game_id)
    if not found or (found[0]["deleted_at"] is not None and not trashed):
        return None
    record = None if owner is None else owner.records.get(_stamp_of(found[0]))
    if record is not None:  # one row read is a snapshot of its own
        return _stored(found[0], record)
    with db.atomic():
        found = rows(db, "SELECT * FROM games WHERE id = ?", game_id)
        if not found or (found[0]["deleted_at"] is not None and not trashed):
            return None
        game = found[0]
        seats = rows(db, "SELECT name FROM seats WHERE game_id = ? ORDER BY seat", game_id)
        rounds = rows(db, "SELECT * FROM rounds WHERE game_id = ? ORDER BY number", game_id)
        hands = rows(db, "SELECT * FROM hands WHERE game_id = ? ORDER BY number, seat", game_id)
        record = from_rows(game, tuple(row["name"] for row in seats), rounds, hands)
    if owner is not None:
        owner.records.put(_stamp_of(game), record)
    return _stored(game, record)


def check_carried(record: GameRecord, carried: list[history.Entry] | None) -> None:
    """Refuse (:class:`RecordError`) a carried history that does not lead to ``record``."""
    if carried is not None and _finished_rounds(history.replayed(carried)) != parts_of(record):
        raise RecordError("record_history")


def _finished_rounds(parts: dict[str, Any]) -> dict[str, Any]:
    """A game's parts without the round at the table, as its record file holds it."""
    return {
        name: part
        for name, part in parts.items()
        if not (name.startswith("round ") and not part.get("done"))
    }


def _stamp_of(game: Row) -> tuple[object, ...]:
    return stamp(game["id"], game["version"], game["updated_at"])


def changing(db: Database, game_id: str, version: int | None = None) -> str:
    """Mark the game changed, inside the transaction that changes it: its version goes up by
    one and its time of change is now (returned). With ``version``, only from that version:
    :class:`Conflict` when another change came first."""
    when = now()
    sql = "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ?"
    params: list[object] = [when, game_id]
    if version is not None:
        sql += " AND version = ?"
        params.append(version)
    if db.execute(sql, params).rowcount != 1:
        raise Conflict(game_id)
    group_changing(db, game_id)
    return when


def group_changing(db: Database, game_id: str) -> None:
    """A change of a game is a change of its group (its pages show the game's figures), and of
    the club evening it was drawn for (its standings come from the game)."""
    db.execute(
        "UPDATE groups SET version = version + 1 "
        "WHERE id = (SELECT group_id FROM group_games WHERE game_id = ?)",
        [game_id],
    )
    db.execute(
        "UPDATE evenings SET version = version + 1 "
        "WHERE id IN (SELECT evening_id FROM evening_tables WHERE game_id = ?)",
        [game_id],
    )


def save(
    db: Database, stored: StoredGame, record: GameRecord, change: dict[str, Any] | None = None
) -> StoredGame:
    """Write the change from ``stored`` to ``record`` as one transaction, with its history
    entry (``change`` says what it was where the rounds do not: a restore).

    Raises :class:`Conflict` when the game's version moved on since ``stored`` was loaded.
    Only the rounds that changed are rewritten.
    """
    before, after = rounds_by_number(stored.record), rounds_by_number(record)
    # The same round objects where a move left a round as it was: no comparison of their fields.
    changed = {n for n in before.keys() | after.keys() if before.get(n) is not after.get(n)}
    changed = {n for n in changed if before.get(n) != after.get(n)}
    with writing(db):
        when = changing(db, stored.id, stored.version)
        parts = _write_players(db, stored, record)
        for number in changed:
            db.execute("DELETE FROM hands WHERE game_id = ? AND number = ?", [stored.id, number])
            db.execute("DELETE FROM rounds WHERE game_id = ? AND number = ?", [stored.id, number])
        written = _write_rounds(db, stored.id, record, {n: after[n] for n in changed if n in after})
        for number in changed:
            named, old = f"round {number}", before.get(number)
            was = {} if old is None else {named: round_part(stored.record, old)}
            parts |= history.difference(was, {named: written[named]} if named in written else {})
        said = change or change_of(before, after, changed)
        if parts.keys() & {"players", "game"} and change is None:
            said = {"code": "players" if "players" in parts else "settings"}
        history.record(db, GAMES, stored.id, said, parts, lambda: parts_of(stored.record))
    saved = replace(stored, record=record, version=stored.version + 1, updated_at=when)
    owner = storage_of(db)
    if owner is not None and not db.conn.in_transaction:
        owner.records.put(saved.stamp, record)  # committed: the next read is this record
    return saved


def _write_players(db: Database, stored: StoredGame, record: GameRecord) -> dict[str, Any]:
    """Write the game's players and settings where ``record`` changed them (a restore to before
    a rename): their history parts."""
    parts: dict[str, Any] = {}
    if record.players != stored.record.players:
        db.execute("DELETE FROM seats WHERE game_id = ?", [stored.id])
        db.conn.executemany(
            "INSERT INTO seats (game_id, seat, name) VALUES (?, ?, ?)",
            [(stored.id, seat, name) for seat, name in enumerate(record.players)],
        )
        parts["players"] = list(record.players)
    was, now_ = game_part(stored.record), game_part(record)
    if was != now_:
        columns = ", ".join(f"{name} = ?" for name in now_)
        db.execute(f"UPDATE games SET {columns} WHERE id = ?", [*now_.values(), stored.id])
        parts |= history.difference({"game": was}, {"game": now_})
    return parts


def noted(
    db: Database, game_id: str, change: dict[str, Any], parts: dict[str, Any] | None = None
) -> None:
    """Write the history entry of a change of the game made elsewhere than :func:`save` (a
    rename in its group, the trash), inside that change's transaction and before its rows
    change: a game kept from before histories begins its history as it stands."""

    def standing() -> dict[str, Any]:
        stored = load(db, game_id, trashed=True)
        return {} if stored is None else parts_of(stored.record)

    history.record(db, GAMES, game_id, change, parts or {}, standing)


def delete_game(db: Database, game_id: str) -> None:
    """Remove a game and everything entered for it, its history too."""
    with writing(db):
        group_changing(db, game_id)
        history.forget(db, GAMES, game_id)
        for table in ("hands", "rounds", "seats", "games"):
            column = "id" if table == "games" else "game_id"
            db.execute(f"DELETE FROM {table} WHERE {column} = ?", [game_id])


def load_many(db: Database, game_ids: Iterable[str]) -> list[StoredGame]:
    """The stored games among ``game_ids`` (unknown ids are skipped), in the order given."""
    games = (load(db, game_id) for game_id in game_ids)
    return [stored for stored in games if stored is not None]


def _write_rounds(
    db: Database, game_id: str, record: GameRecord, rounds: dict[int, Entered]
) -> dict[str, Any]:
    """Write ``rounds`` of the game: their history parts."""
    parts: dict[str, Any] = {}
    for number, entry in sorted(rounds.items()):
        part = round_part(record, entry)
        parts[f"round {number}"] = part
        row = round_row(part)
        columns = ", ".join(row)
        db.execute(
            f"INSERT INTO rounds (game_id, number, {columns})"
            f" VALUES (?, ?, {', '.join('?' * len(row))})",
            [game_id, number, *row.values()],
        )
        db.conn.executemany(
            "INSERT INTO hands (game_id, number, seat, bid, tricks) VALUES (?, ?, ?, ?, ?)",
            [
                (game_id, number, seat, bid, taken)
                for seat, (bid, taken) in enumerate(zip(part["bids"], part["tricks"], strict=True))
            ],
        )
    return parts


def _stored(game: Row, record: GameRecord) -> StoredGame:
    return StoredGame(
        game["id"],
        record,
        game["version"],
        game["edit_token"],
        game["created_at"],
        game["updated_at"],
        game["view_token"],
        game["deleted_at"],
    )
