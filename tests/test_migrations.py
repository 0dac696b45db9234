"""Numbered migrations carry every game written by an older schema over unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.game import GameRecord, RoundInProgress, RoundRecord
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    Suit,
    Trump,
    Turned,
    Variants,
)
from scorekeeper.storage.migrations import migrations

M001_ONLY = "m002_variants_as_json"


@pytest.fixture
def old(tmp_path: Path) -> Iterator[Database]:
    """A database file with the schema as m001 made it, before any later migration."""
    conn = storage.connect(tmp_path / "old.sqlite")
    migrations.apply(conn, stop_before=M001_ONLY)
    yield conn
    conn.close()


def write_m001_game(conn: Database, game_id: str, record: GameRecord, **columns: object) -> None:
    """Rows exactly as ``storage.create_game`` wrote them under m001 (variant columns, dealer)."""
    players = len(record.players)
    v = record.settings
    conn.table("games").insert(
        {
            "id": game_id,
            "created_at": "2026-11-01T20:00:00+00:00",
            "updated_at": "2026-11-01T21:00:00+00:00",
            "first_dealer": record.first_dealer,
            "length": v.length.value,
            "bid_restriction": v.bid_restriction.value,
            "bid_visibility": v.bid_visibility.value,
            "saboteur": int(v.saboteur),
            "jester_bid": int(v.jester_bid),
            "foresight": int(v.foresight),
            "gizzard_fester": int(v.gizzard_fester),
            "pull_one": int(v.pull_one),
            "edit_token": f"token-{game_id}",
            "version": 7,
            **columns,
        }
    )
    conn.table("seats").insert_all(
        {"game_id": game_id, "seat": seat, "name": name} for seat, name in enumerate(record.players)
    )
    entries: list[RoundRecord | RoundInProgress] = list(record.rounds)
    if record.current is not None:
        entries.append(record.current)
    for number, entry in enumerate(entries, start=1):
        complete = isinstance(entry, RoundRecord)
        trump = entry.trump
        conn.table("rounds").insert(
            {
                "game_id": game_id,
                "number": number,
                "dealer": (record.first_dealer + number - 1) % players,
                "trump_turned": trump.turned.value if trump else None,
                "trump_suit": trump.suit.value if trump and trump.suit else None,
                "trick_winners": (
                    ",".join(
                        str(seat)
                        for seat, taken in enumerate(entry.reopened_tricks)
                        for _ in range(taken)
                    )
                    if isinstance(entry, RoundInProgress)
                    else ""
                ),
                "complete": int(complete),
            }
        )
        tricks = entry.tricks if isinstance(entry, RoundRecord) else (None,) * players
        conn.table("hands").insert_all(
            {"game_id": game_id, "number": number, "seat": seat, "bid": bid, "tricks": taken}
            for seat, (bid, taken) in enumerate(zip(entry.bids, tricks, strict=True))
        )


HEARTS = Trump(Turned.SUIT, Suit.HEARTS)
GAMES = {
    "standard": GameRecord(("Tom", "Dick", "Mary"), 2),
    "variants": GameRecord(
        ("Ana", "Γιώργος", "Мария", "Zoë"),
        1,
        Variants(
            length=Length.QUICK,
            bid_restriction=BidRestriction.NONE,
            bid_visibility=BidVisibility.DELAYED,
            saboteur=True,
            foresight=True,
            pull_one=True,
        ),
        rounds=(RoundRecord(HEARTS, (0, None, 1, 0), (0, 0, 1, 0)),),
        current=RoundInProgress(Trump(Turned.WIZARD, Suit.CLUBS), (1, 0, None, 0), (2, 0, 0, 1)),
    ),
    "canadian": GameRecord(
        ("A", "B", "C"),
        0,
        Variants(bid_restriction=BidRestriction.CANADIAN, jester_bid=False, gizzard_fester=True),
        rounds=(
            RoundRecord(HEARTS, (1, 0, 1), (1, 0, 0)),
            RoundRecord(Trump(Turned.JESTER), (0, 1, 0), (1, 1, 0)),
        ),
    ),
}


def test_m002_carries_every_game_over_unchanged(old: Database) -> None:
    for game_id, record in GAMES.items():
        write_m001_game(old, game_id, record)
    storage.migrate(old)
    for game_id, record in GAMES.items():
        stored = storage.load(old, game_id)
        assert stored is not None
        assert stored.record == record
        assert (stored.version, stored.edit_token) == (7, f"token-{game_id}")
        assert stored.created_at == "2026-11-01T20:00:00+00:00"


def test_m002_stores_the_variants_as_one_column_and_drops_the_round_dealer(old: Database) -> None:
    write_m001_game(old, "g", GAMES["variants"])
    storage.migrate(old)
    columns = set(old.table("games").columns_dict)
    assert "variants" in columns
    assert not columns & {"length", "bid_restriction", "saboteur", "pull_one"}
    assert "dealer" not in old.table("rounds").columns_dict
    assert old.execute("PRAGMA foreign_key_check").fetchall() == []
    assert old.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_migrated_game_goes_on_being_played(old: Database) -> None:
    write_m001_game(old, "g", GAMES["canadian"])
    storage.migrate(old)
    stored = storage.load(old, "g")
    assert stored is not None
    third = RoundRecord(HEARTS, (0, 0, 1), (1, 1, 1))
    saved = storage.save(old, stored, game.add_round(stored.record, third))
    assert storage.load(old, "g") == saved
