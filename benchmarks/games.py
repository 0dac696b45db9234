"""Games to measure with: legal records played by the rules, and many of them stored fast.

Every record here is built with the game moves, so the rules accept every round. ``fill`` stores
100,000 games in one transaction by copying the rows that storage writes for a few template
games played tap by tap (the trump, each bid, the tricks: each an entry of the game's history),
with new ids and edit tokens.
"""

from __future__ import annotations

import sqlite3
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random
from typing import Any

from scorekeeper import storage
from scorekeeper.core import game, rules
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Turned, Variants
from tests.plays import legal_round, round_json

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana")
__all__ = ["fill", "finished", "legal_round", "played", "round_json"]


def played(
    players: int, rounds: int, seed: int = 1, variants: Variants | None = None
) -> GameRecord:
    """A game of ``players`` with ``rounds`` rounds played (at most its whole schedule)."""
    rng = Random(seed)
    record = game.new_game(NAMES[:players], 0, variants or Variants())
    for _ in range(min(rounds, len(record.schedule))):
        record = game.add_round(record, legal_round(record, rng))
    return record


def finished(players: int, seed: int = 1) -> GameRecord:
    """A finished standard game of ``players``."""
    return played(players, 60, seed)


# --- many games, fast ------------------------------------------------------------------------

TABLES = ("games", "seats", "rounds", "hands", "history")


def _templates(count: int, seed: int) -> dict[str, list[list[tuple[Any, ...]]]]:
    """Rows of ``count`` varied games as ``storage.create_game`` writes them, per table and game."""
    rng = Random(seed)
    scratch = storage.connect(":memory:")
    storage.migrate(scratch)
    rows: dict[str, list[list[tuple[Any, ...]]]] = {table: [] for table in TABLES}
    for number in range(count):
        players = rng.choice((3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 8))
        schedule = len(rules.schedule(players))
        # Most stored games were played to the end; some stopped early or are still going.
        rounds = schedule if rng.random() < 0.7 else rng.randrange(schedule)
        record = played(players, rounds, seed=seed * 1000 + number)
        stored = tapped(scratch, record)
        if not record.finished and rng.random() < 0.5 and _asks_trump(stored.record):
            stored = storage.save(
                scratch, stored, game.set_trump(stored.record, Turned.JESTER, None)
            )
        for table in TABLES:
            key = "game_id" if table in ("seats", "rounds", "hands") else "id"
            found = scratch.execute(f"SELECT * FROM {table} WHERE {key} = ?", [stored.id])
            rows[table].append([tuple(row) for row in found.fetchall()])
    scratch.close()
    return rows


def tapped(db: Any, record: GameRecord) -> storage.StoredGame:
    """Store ``record``'s rounds as a phone enters them, each tap a change of its own (the
    trump, each bid, the tricks), so the game's history is a played game's."""
    stored = storage.create_game(
        db, game.new_game(record.players, record.first_dealer, record.settings)
    )
    for played_round in record.rounds:
        if _asks_trump(stored.record):
            trump = played_round.trump
            stored = storage.save(
                db, stored, game.set_trump(stored.record, trump.turned, trump.suit)
            )
        for seat in game.current_setup(stored.record).bidders:
            bid = played_round.bids[seat]
            assert bid is not None
            stored = storage.save(db, stored, game.place_bid(stored.record, seat, bid))
        stored = storage.save(
            db, stored, game.finish_round(stored.record, list(played_round.tricks))
        )
    return stored


def _asks_trump(record: GameRecord) -> bool:
    return game.current_round(record).trump is None


def fill(path: Path, count: int, seed: int = 5, templates: int = 48) -> dict[str, Any]:
    """Store ``count`` games in the database at ``path`` in one transaction; what was written.

    Each game is a copy of one of ``templates`` played games with its own id, edit token and
    dates (spread over the last year), so pages of any stored game look like real ones.
    """
    started = time.perf_counter()
    rows = _templates(templates, seed)
    database = storage.connect(path)
    storage.migrate(database)
    # Bench data only: no journal and no fsync while loading; the server turns WAL back on.
    for pragma in ("journal_mode=OFF", "synchronous=OFF", "cache_size=-262144"):
        database.execute(f"PRAGMA {pragma}")
    columns = {table: [c.name for c in database.table(table).columns] for table in TABLES}
    rng = Random(seed)
    now = datetime.now(UTC)
    written = dict.fromkeys(TABLES, 0)
    # Random ids written in sorted order: the primary-key indexes grow at their end.
    ids = sorted(storage.new_game_id() for _ in range(count))
    conn: sqlite3.Connection = database.conn
    with database.atomic():
        for start in range(0, count, 5000):
            batch: dict[str, list[tuple[Any, ...]]] = {table: [] for table in TABLES}
            for game_id in ids[start : start + 5000]:
                which = rng.randrange(templates)
                token = storage.new_edit_token()
                when = (now - timedelta(minutes=rng.randrange(525_600))).isoformat("T", "seconds")
                (head,) = rows["games"][which]
                fields = dict(zip(columns["games"], head, strict=True))
                fields |= {"id": game_id, "edit_token": token}
                fields |= {"created_at": when, "updated_at": when}
                batch["games"].append(tuple(fields.values()))
                for table in ("seats", "rounds", "hands"):
                    batch[table].extend((game_id, *row[1:]) for row in rows[table][which])
                # a history's key is (thing, id, entry)
                batch["history"].extend(
                    (row[0], game_id, *row[2:]) for row in rows["history"][which]
                )
            for table in TABLES:
                marks = ", ".join("?" * len(columns[table]))
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})", batch[table])
                written[table] += len(batch[table])
    database.execute("PRAGMA journal_mode=WAL")
    database.close()
    return {
        "games": count,
        "rows": sum(written.values()),
        "hands": written["hands"],
        "seconds": round(time.perf_counter() - started, 1),
        "megabytes": round(path.stat().st_size / 1e6, 1),
    }
