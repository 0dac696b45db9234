"""Issue 47, a club night's history as a property: random evenings (draws with players coming and
going, redraws, tables taken out and put back, the countdown, renames in the group, rounds at
the tables and restores to any entry), some kept from before histories, each replay from their
first entry to the evening's rows as stored, and a restore to any entry brings back that entry's
rows (each table's game linked again, or made anew where its game is gone)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import storage
from scorekeeper.core import evening_record, moves
from scorekeeper.core.evening import Seating, draw
from scorekeeper.core.players import player_key
from scorekeeper.core.rules import RuleError, Suit, Turned, Variants
from scorekeeper.storage import StoredEvening, evening_history, evening_rows, history
from scorekeeper.storage.database import Database
from tests.support.older import older_evening, older_group
from tests.support.profiles import examples

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

PLAYERS = [f"P{n}" for n in range(1, 10)]
MOVES = ("draw", "draw", "redraw", "out", "back", "countdown", "rename", "play", "restore")


@settings(
    max_examples=examples(20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_every_club_night_replays_to_its_rows_and_restores_to_any_entry(
    new_database: Callable[[], str], data: st.DataObject
) -> None:
    db = storage.connect(new_database())
    storage.migrate(db)
    try:
        _evening_night(db, data)
    finally:
        db.close()


def _evening_night(db: Database, data: st.DataObject) -> None:
    stored = _begun(db, older=data.draw(st.booleans()))
    for _ in range(data.draw(st.integers(3, 20))):
        move = data.draw(st.sampled_from(MOVES))
        # a draw the rules refuse, a merge of two of the evening's players: nothing changed
        with suppress(RuleError, storage.SameEvening, storage.SameGame):
            _move(db, stored, move, data)
        loaded = storage.load_evening(db, stored.id)
        assert loaded is not None
        stored = loaded
        # an evening kept from before histories has none until its first change
        kept = not evening_history.evening_history(db, stored.id)
        assert kept or evening_history.replays_to_stored(db, stored.id), move


def _begun(db: Database, *, older: bool) -> StoredEvening:
    """A club night of nine players, three sittings planned: kept from before histories (its
    rows alone) or made now."""
    if older:
        evening_id = older_evening(db, older_group(db, "Club"), PLAYERS, sittings=3)
    else:
        group = storage.create_group(db, "Club")
        evening_id = storage.create_evening(
            db,
            group.id,
            game="wizard",
            settings=Variants(),
            players=PLAYERS,
            sittings=3,
            table_sizes=[4],
            seed=1,
        ).id
    stored = storage.load_evening(db, evening_id)
    assert stored is not None
    return stored


def _move(db: Database, stored: StoredEvening, move: str, data: st.DataObject) -> None:
    if move == "draw" and len(stored.sittings) < stored.sittings_planned:
        _draw(db, stored, len(stored.sittings) + 1, data)
    elif move == "redraw" and stored.sittings and not storage.started(db, stored.sittings[-1]):
        _draw(db, stored, stored.sittings[-1].number, data)
    elif move in ("out", "back") and stored.sittings:
        sitting = data.draw(st.sampled_from(stored.sittings))
        table = data.draw(st.sampled_from(sitting.tables))
        storage.take_table_out(db, stored.id, sitting.number, table.table, out=move == "out")
    elif move == "countdown":
        ends = data.draw(st.sampled_from([None, "2026-12-07T21:00:00+00:00"]))
        storage.set_countdown(db, stored.id, ends)
    elif move == "rename":
        old = data.draw(st.sampled_from(stored.players))
        new = data.draw(st.sampled_from(["Ana", "Ben", "Cleo", *PLAYERS]))
        storage.rename_player(db, stored.group_id, player_key(old), new)
    elif move == "play" and stored.sittings:
        _play_a_trump(db, data.draw(st.sampled_from(stored.sittings[-1].game_ids or ("",))))
    elif move == "restore":
        _restore(db, stored, data)


def _draw(db: Database, stored: StoredEvening, number: int, data: st.DataObject) -> None:
    """Draw sitting ``number`` (again, when drawn) with some players gone and one come."""
    here = data.draw(st.lists(st.sampled_from(stored.players), min_size=4, unique=True))
    came = data.draw(st.sampled_from(["", "Zoe", "Yann"]))
    if came and came not in here:
        here.append(came)
    players, present = evening_record.join(stored.players, here)
    evening_record.check_tables(present, stored.table_sizes)
    seed = data.draw(st.integers(0, 99))
    drawn = draw(
        present,
        stored.table_sizes,
        stored.drawn[: number - 1],
        Seating.RANDOM,
        seed=seed,
        sittings_left=stored.sittings_planned - number + 1,
        standings=(),
    )
    games = evening_record.table_games(stored.plan, drawn)
    new = storage.NewSitting(number, Seating.RANDOM.value, seed, present, drawn, games)
    storage.draw_sitting(db, stored, new, players=players)


def _play_a_trump(db: Database, game_id: str) -> None:
    """The table's first trump entered: its game has started (and the evening's version moved)."""
    game = storage.load(db, game_id) if game_id else None
    if game is not None and game.record.current is None and not game.record.rounds:
        storage.save(db, game, moves.set_trump(game.record, Turned.SUIT, Suit.CLUBS))


def _restore(db: Database, stored: StoredEvening, data: st.DataObject) -> None:
    entries = evening_history.evening_history(db, stored.id)
    if not entries:
        return
    number = data.draw(st.sampled_from([entry.entry for entry in entries]))
    target = evening_history.evening_after(entries, number)
    evening_history.restore_evening_to(db, stored, number)
    now = evening_rows.parts_of(db, stored.id)
    assert _without_games(now) == _without_games(target)
    for name, part in now.items():
        if name.startswith("table ") and part["game_id"] != target[name]["game_id"]:
            # a game no longer in play: the table says so, or its sitting got new games
            assert part["game_id"] is None or target[name]["game_id"] not in _playing(db)
    last = evening_history.evening_history(db, stored.id)[-1]
    assert last.change["code"] == "restored_to" and last.change["entry"] == number
    assert history.replayed(evening_history.evening_history(db, stored.id)) == now


def _without_games(parts: dict[str, Any]) -> dict[str, Any]:
    return {
        name: {**part, "game_id": None} if name.startswith("table ") else part
        for name, part in parts.items()
    }


def _playing(db: Database) -> set[str]:
    return {row[0] for row in db.execute("SELECT id FROM games WHERE deleted_at IS NULL")}
