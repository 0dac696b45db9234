"""Adjustments: signed points with a reason in a round (core/adjustments.py, game, sheet,
record), and in group statistics: in points and totals, in no bid figure."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import adjustments, game, scoring, sheet, stats
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.players import player_key
from scorekeeper.core.record import parse_game, record_text, to_record
from scorekeeper.core.rules import Length, RuleError, Variants
from scorekeeper.core.state import to_state
from tests.plays import NAMES, played_game
from tests.support.profiles import examples
from tests.test_rules_properties import GAMES, tables


def three_rounds() -> game.GameRecord:
    """A 3-player game of 3 rounds, scores by hand: see test_adjusted_scores_and_totals."""
    record = game.new_game(("Ann", "Bo", "Cy"), 0, Variants())
    record = parse_game(
        {
            "players": ["Ann", "Bo", "Cy"],
            "first_dealer": 0,
            "rounds": [
                {"trump": {"turned": "jester"}, "bids": [0, 1, 0], "tricks": [0, 1, 0]},
                {"trump": {"turned": "jester"}, "bids": [1, 1, 1], "tricks": [1, 1, 0]},
                {"trump": {"turned": "jester"}, "bids": [0, 0, 3], "tricks": [0, 0, 3]},
            ],
        }
    )
    return record


def test_adjusted_scores_and_totals() -> None:
    record = three_rounds()
    # Round 1: 20, 30, 20; round 2: 30, 30, -10; round 3: 20, 20, 50.
    assert record.running_totals[-1] == (70, 80, 60)
    record = game.adjust_round(record, 2, Adjustment(1, -20, "revoke"))
    record = game.adjust_round(record, 1, Adjustment(2, 10, " house rule "))
    record = game.adjust_round(record, 2, Adjustment(1, 5, "bonus"))
    assert record.scores == ((20, 30, 30), (30, 15, -10), (20, 20, 50))
    assert record.running_totals[-1] == (70, 65, 70)
    built = sheet.build(record)
    assert built.rounds[1].adjusted == (0, -15, 0)
    assert built.rounds[1].met == (True, True, False)  # the bids alone
    assert built.rounds[0].adjustments == (Adjustment(2, 10, "house rule"),)
    assert [(n.mark, n.number, n.seat) for n in built.notes] == [(1, 1, 2), (2, 2, 1), (3, 2, 1)]
    assert built.marks_at(2, 1) == (2, 3)
    assert built.marks_at(2, 0) == ()
    assert built.leaders == (0, 2)


def test_taking_one_back() -> None:
    record = game.adjust_round(three_rounds(), 2, Adjustment(1, -20, "revoke"))
    record = game.adjust_round(record, 2, Adjustment(0, -10, "misdeal"))
    record = game.drop_adjustment(record, 2, 0)
    assert record.rounds[1].adjustments == (Adjustment(0, -10, "misdeal"),)
    with pytest.raises(RuleError) as refused:
        game.drop_adjustment(record, 2, 1)
    assert refused.value.code == "no_such_adjustment"
    with pytest.raises(RuleError) as refused:
        game.drop_adjustment(record, 4, 0)
    assert refused.value.code == "round_not_played"


@pytest.mark.parametrize(
    ("seat", "points", "reason", "code"),
    [
        (3, -20, "revoke", "adjustment_seat"),
        (-1, -20, "revoke", "adjustment_seat"),
        (0, 0, "revoke", "adjustment_points_zero"),
        (0, 1001, "revoke", "adjustment_points_range"),
        (0, -1001, "revoke", "adjustment_points_range"),
        (0, -20, "  ", "adjustment_reason_missing"),
        (0, -20, "x" * 41, "adjustment_reason_too_long"),
        (0, -20, "re\u202evoke", "adjustment_reason_bad_character"),
    ],
)
def test_refusals(seat: int, points: int, reason: str, code: str) -> None:
    with pytest.raises(RuleError) as refused:
        game.adjust_round(three_rounds(), 1, Adjustment(seat, points, reason))
    assert refused.value.code == code


def test_the_bounds_themselves_are_allowed() -> None:
    record = game.adjust_round(three_rounds(), 1, Adjustment(0, -1000, "x" * 40))
    assert record.scores[0][0] == -980


def test_at_most_ten_per_round() -> None:
    record = three_rounds()
    for _ in range(adjustments.MAX_PER_ROUND):
        record = game.adjust_round(record, 3, Adjustment(0, 1, "bonus"))
    with pytest.raises(RuleError) as refused:
        game.adjust_round(record, 3, Adjustment(0, 1, "bonus"))
    assert refused.value.code == "adjustments_too_many"
    assert refused.value.reason.params == {"max": 10}


def test_undo_brings_them_back_with_the_round() -> None:
    record = game.adjust_round(three_rounds(), 3, Adjustment(1, -20, "revoke"))
    reopened = game.undo(record)
    assert reopened.current is not None
    assert reopened.current.adjustments == (Adjustment(1, -20, "revoke"),)
    assert game.undo_step(reopened) == game.UndoStep("bid", seat=2)
    closed = game.finish_round(reopened, [0, 0, 3])
    assert closed == record


def test_a_correction_keeps_them() -> None:
    record = game.adjust_round(three_rounds(), 2, Adjustment(1, -20, "revoke"))
    played = record.rounds[1]
    corrected = game.replace_round(record, 2, replace(played, tricks=(1, 0, 1)))
    assert corrected.scores[1] == (30, -30, 30)


def test_record_and_state_carry_them() -> None:
    record = game.adjust_round(three_rounds(), 2, Adjustment(1, -20, "revoke"))
    written = to_record(sheet.build(record))
    assert "adjustments" not in written["rounds"][0]
    assert written["rounds"][1]["adjustments"] == [{"seat": 1, "points": -20, "reason": "revoke"}]
    assert parse_game(json.loads(record_text(written))) == record
    state = to_state(sheet.build(record), "g")
    assert state["rounds"][1]["scores"] == [30, 10, -10]
    assert state["rounds"][1]["adjustments"] == [{"seat": 1, "points": -20, "reason": "revoke"}]
    assert state["rounds"][0]["adjustments"] == []
    assert state["totals"] == [70, 60, 60]


@pytest.mark.parametrize(
    ("given", "code"),
    [
        ({"seat": 1, "points": -20}, "record_missing_field"),
        ({"seat": 1, "points": -20, "reason": "x", "why": 1}, "record_unknown_field"),
        ({"seat": 1, "points": -20.0, "reason": "revoke"}, "record_not_whole"),
        ({"seat": 1, "points": "-20", "reason": "revoke"}, "record_not_whole"),
        ({"seat": True, "points": -20, "reason": "revoke"}, "record_not_whole"),
        ({"seat": 1, "points": -20, "reason": 5}, "record_not_text"),
        ({"seat": 9, "points": -20, "reason": "revoke"}, "adjustment_seat"),
        ("revoke", "record_not_object"),
    ],
)
def test_record_refusals(given: object, code: str) -> None:
    data = to_record(sheet.build(three_rounds()))
    data["rounds"][0]["adjustments"] = [given]
    with pytest.raises(RuleError) as refused:
        parse_game(data)
    assert refused.value.reason.root.code == code


def test_record_refuses_a_non_list_and_too_many() -> None:
    data = to_record(sheet.build(three_rounds()))
    data["rounds"][0]["adjustments"] = {"seat": 1}
    with pytest.raises(RuleError) as refused:
        parse_game(data)
    assert refused.value.reason.root.code == "record_adjustments_not_list"
    data["rounds"][0]["adjustments"] = [{"seat": 1, "points": 1, "reason": "x"}] * 11
    with pytest.raises(RuleError) as refused:
        parse_game(data)
    assert refused.value.reason.root.code == "adjustments_too_many"


def test_group_statistics_count_them_in_points_not_in_bids() -> None:
    plain = played_game(3, Variants(length=Length.FIVE_ROUNDS), rounds=5)
    adjusted = game.adjust_round(plain, 2, Adjustment(1, -20, "revoke"))
    adjusted = game.adjust_round(adjusted, 5, Adjustment(1, 5, "house rule"))
    name = plain.players[1]
    before = stats.compute([stats.PlayedGame("g", "2026-01-01", plain)])
    after = stats.compute([stats.PlayedGame("g", "2026-01-01", adjusted)])
    bo_before = before.player(player_key(name))
    bo_after = after.player(player_key(name))
    assert bo_before is not None and bo_after is not None
    assert bo_after.total_points == bo_before.total_points - 15
    assert after.games[0].totals[1] == before.games[0].totals[1] - 15
    assert bo_after.bids_met == bo_before.bids_met
    assert bo_after.rounds_bid == bo_before.rounds_bid
    assert bo_after.tricks_minus_bids == bo_before.tricks_minus_bids


adjustment_st = st.builds(
    lambda seat, points, reason: (seat, points, reason),
    st.integers(min_value=0, max_value=7),
    st.integers(min_value=-1000, max_value=1000).filter(bool),
    st.sampled_from(["revoke", "misdeal", "house rule", "Strafpunkte", "time overrun"]),
)


@settings(GAMES, max_examples=examples(25))
@given(
    table=tables().filter(lambda table: table[0] <= len(NAMES)),
    seed=st.integers(min_value=0, max_value=1000),
    given_adjustments=st.lists(
        st.tuples(st.integers(min_value=1, max_value=6), adjustment_st), max_size=12
    ),
)
def test_totals_are_round_scores_plus_adjustments_and_records_read_back(
    table: tuple[int, Variants],
    seed: int,
    given_adjustments: list[tuple[int, tuple[int, int, str]]],
) -> None:
    players, variants = table
    record = played_game(players, variants, rounds=6, seed=seed)
    added = [0] * players
    for number, (seat, points, reason) in given_adjustments:
        if number > len(record.rounds) or seat >= players:
            continue
        if len(record.rounds[number - 1].adjustments) == adjustments.MAX_PER_ROUND:
            continue
        record = game.adjust_round(record, number, Adjustment(seat, points, reason))
        added[seat] += points
    built = sheet.build(record)
    for seat in range(players):
        by_bid = sum(scoring.round_score(r.bids[seat], r.tricks[seat]) for r in record.rounds)
        assert built.totals[seat] == by_bid + added[seat]
        assert built.totals[seat] == sum(row.scores[seat] for row in built.rounds)
    assert parse_game(json.loads(record_text(to_record(built)))) == record
