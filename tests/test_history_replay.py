"""Issue 47, the history's promise as a property: random games (bids, undos, reopened rounds,
corrections, adjustments, renames, the trash and restores to any entry) each replay from their
first entry to the game as stored, byte for byte, and a restore to any entry gives that entry's
game and its outputs."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import storage
from scorekeeper.core import bidding, game, moves, rules
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.record import record_text, to_record
from scorekeeper.core.rules import Length, RuleError, Variants
from scorekeeper.core.sheet import build
from scorekeeper.storage import game_history, history
from scorekeeper.storage.database import Database
from scorekeeper.storage.game_rows import parts_of
from tests.pdfs import TRUMPS

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

PLAYERS = ("Ana", "Ben", "Cleo")
MOVES = ("step", "step", "step", "step", "undo", "correct", "adjust", "restore", "trash")


def _step(record: GameRecord, data: st.DataObject) -> GameRecord:
    """The next thing a table enters: the trump, a bid, or the round's tricks."""
    setup = game.current_setup(record)
    now = game.current_round(record)
    if now.trump is None:
        fixed = rules.fixed_trump(setup.number, setup.hand_size, setup.players, Length.STANDARD)
        trump = fixed or data.draw(st.sampled_from(TRUMPS))
        return moves.set_trump(record, trump.turned, trump.suit)
    waiting = [seat for seat in setup.bidders if now.bids[seat] is None]
    if waiting:
        seat = waiting[0]
        legal = bidding.legal_bids(setup, list(now.bids), seat)
        return moves.place_bid(record, seat, data.draw(st.sampled_from(legal)))
    return moves.finish_round(record, _tricks(setup.players, setup.hand_size, data))


def _tricks(players: int, hand: int, data: st.DataObject) -> list[int | None]:
    tricks: list[int | None] = []
    left = hand
    for _ in range(players - 1):
        taken = data.draw(st.integers(0, left))
        tricks.append(taken)
        left -= taken
    return [*tricks, None]


def _corrected(record: GameRecord, data: st.DataObject) -> GameRecord:
    number = data.draw(st.integers(1, len(record.rounds)))
    played = record.rounds[number - 1]
    hand = record.schedule[number - 1]
    tricks = _tricks(len(record.players), hand, data)
    tricks[-1] = hand - sum(t or 0 for t in tricks)
    fixed = RoundRecord(played.trump, played.bids, tuple(t or 0 for t in tricks))
    return moves.replace_round(record, number, fixed)


def _adjusted(record: GameRecord, data: st.DataObject) -> GameRecord:
    number = data.draw(st.integers(1, len(record.rounds)))
    seat = data.draw(st.integers(0, len(record.players) - 1))
    points = data.draw(st.sampled_from((-20, -10, 10, 30)))
    return moves.adjust_round(record, number, Adjustment(seat, points, "table's ruling"))


def _outputs(record: GameRecord) -> str:
    return record_text(to_record(build(record)))


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_every_history_replays_to_the_game_and_restores_to_any_entry(
    new_database: Callable[[], str], data: st.DataObject
) -> None:
    db = storage.connect(new_database())
    storage.migrate(db)
    try:
        _play(db, data)
    finally:
        db.close()


def _play(db: Database, data: st.DataObject) -> None:
    stored = storage.create_game(db, game.new_game(PLAYERS, 0, Variants()))
    # What each entry left: the game and its outputs (its record as export writes it).
    left = {1: stored.record}
    for _ in range(data.draw(st.integers(5, 40))):
        move = data.draw(st.sampled_from(MOVES))
        record = stored.record
        try:
            if move == "step" and not record.finished:
                stored = storage.save(db, stored, _step(record, data))
            elif move == "undo" and moves.undo_step(record) is not None:
                stored = storage.save(db, stored, moves.undo(record))
            elif move == "correct" and record.rounds:
                stored = storage.save(db, stored, _corrected(record, data))
            elif move == "adjust" and record.rounds:
                stored = storage.save(db, stored, _adjusted(record, data))
            elif move == "restore":
                number = data.draw(st.sampled_from(sorted(left)))
                stored = game_history.restore_game_to(db, stored, number)
                assert stored.record == left[number]
                assert _outputs(stored.record) == _outputs(left[number])
            elif move == "trash":
                storage.trash_game(db, stored.id)
                storage.restore_game(db, stored.id)
                reloaded = storage.load(db, stored.id)
                assert reloaded is not None
                stored = reloaded
        except RuleError:
            continue
        entries = game_history.game_history(db, stored.id)
        left[entries[-1].entry] = stored.record
        for entry in entries[-2:]:  # a trash and its restore are two entries
            left.setdefault(entry.entry, stored.record)
    _check(db, stored.id, left)


def _check(db: Database, game_id: str, left: dict[int, GameRecord]) -> None:
    stored = storage.load(db, game_id)
    assert stored is not None
    entries = game_history.game_history(db, game_id)
    assert [entry.entry for entry in entries] == list(range(1, len(entries) + 1))
    replayed = history.replayed(entries)
    # byte for byte: the rows' values as storage keeps them
    as_json = json.dumps(replayed, sort_keys=True)
    assert as_json == json.dumps(parts_of(stored.record), sort_keys=True)
    for number, record in left.items():
        assert game_history.game_after(entries, number) == record
