"""Games, groups and club nights as an older schema stored them: their rows alone, with no
history (migration tests, and a thing kept from before histories were written)."""

from __future__ import annotations

import json

from sqlite_utils import Database

from scorekeeper.core.game import GameRecord
from scorekeeper.storage import game_rows
from scorekeeper.storage.database import Database as StoredDatabase
from scorekeeper.storage.database import new_token, now, writing
from scorekeeper.storage.games import new_game_id


def older_game(db: Database, record: GameRecord) -> str:
    """Store ``record``'s rows as the pad did before it kept histories: the game's id."""
    game_id, when, parts = new_game_id(), now(), game_rows.parts_of(record)
    game = parts.pop("game")
    with db.conn:
        db.execute(
            "INSERT INTO games (id, created_at, updated_at, first_dealer, variants, edit_token,"
            " version, game) VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
            [
                game_id,
                when,
                when,
                game["first_dealer"],
                game["variants"],
                new_token(),
                game["game"],
            ],
        )
        for seat, name in enumerate(parts.pop("players")):
            db.execute("INSERT INTO seats VALUES (?, ?, ?)", [game_id, seat, name])
        columns_then = {column.name for column in db.table("rounds").columns}
        for name, part in parts.items():
            number = int(name.split()[1])
            bids, tricks = part["bids"], part["tricks"]
            # the columns of the schema it is written with
            row = {c: v for c, v in game_rows.round_row(part).items() if c in columns_then}
            columns = ", ".join(["game_id", "number", *row])
            marks = ", ".join("?" * (len(row) + 2))
            db.execute(
                f"INSERT INTO rounds ({columns}) VALUES ({marks})",
                [game_id, number, *row.values()],
            )
            for seat, (bid, taken) in enumerate(zip(bids, tricks, strict=True)):
                db.execute(
                    "INSERT INTO hands (game_id, number, seat, bid, tricks) VALUES (?, ?, ?, ?, ?)",
                    [game_id, number, seat, bid, taken],
                )
    return game_id


def older_group(db: StoredDatabase, name: str) -> str:
    """Store a group with no roster or game as the pad did before it kept histories: its id."""
    group_id, when = new_game_id(), now()
    with writing(db):
        db.execute(
            "INSERT INTO groups (id, name, edit_token, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?)",
            [group_id, name, new_token(), when, when],
        )
    return group_id


def older_evening(db: StoredDatabase, group_id: str, players: list[str], sittings: int = 1) -> str:
    """Store a Wizard club night with no sitting drawn as the pad did before it kept
    histories: its id."""
    evening_id, when = new_game_id(), now()
    with writing(db):
        db.execute(
            "INSERT INTO evenings (id, group_id, game, variants, players, sittings, table_sizes,"
            " seed, created_at, updated_at) VALUES (?, ?, 'wizard', '{}', ?, ?, '[4]', 1, ?, ?)",
            [evening_id, group_id, json.dumps(players), sittings, when, when],
        )
    return evening_id
