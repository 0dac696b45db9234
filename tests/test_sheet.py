"""The score sheet: every number of the pad, the round at the table, and bids kept sealed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

import pytest

from scorekeeper.core import game, scoring, sheet
from scorekeeper.core.bidding import bids_sealed as is_sealed
from scorekeeper.core.current_round import Phase
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    Suit,
    Trump,
    Turned,
    Variants,
)

HEARTS = Trump(Turned.SUIT, Suit.HEARTS)
OPEN, HIDDEN, DELAYED = BidVisibility.OPEN, BidVisibility.HIDDEN, BidVisibility.DELAYED


def start(players: int = 4, first_dealer: int = 0, **variants: Any) -> GameRecord:
    names = ["Tom", "Dick", "Mary", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]
    return game.new_game(names, first_dealer, Variants(**variants))


def bid_all(record: GameRecord, bids: Sequence[int | None]) -> GameRecord:
    """Enter ``bids`` (by seat) in bidding order; the trump must be in."""
    for seat in game.current_setup(record).bidders:
        bid = bids[seat]
        assert bid is not None
        record = game.place_bid(record, seat, bid)
    return record


def play(record: GameRecord, bids: Sequence[int | None], tricks: Sequence[int]) -> GameRecord:
    """Play the current round: a hearts trump unless fixed, bids in order, then the tricks."""
    if game.current_round(record).trump is None:
        record = game.set_trump(record, Turned.SUIT, Suit.HEARTS)
    return game.finish_round(bid_all(record, bids), tricks)


def worked_example() -> GameRecord:
    """RULES.md worked example: Tom, Dick and Mary, rounds of 1 and 2 cards."""
    record = play(start(3), (0, 1, 1), (0, 0, 1))
    return play(record, (2, 0, 0), (1, 0, 1))


# --- the pad -------------------------------------------------------------------------------------

# | round | player (seat) | bid | tricks | round score | total | met |
WORKED_EXAMPLE = [
    (1, 0, 0, 0, +20, 20, True),
    (1, 1, 1, 0, -10, -10, False),
    (1, 2, 1, 1, +30, 30, True),
    (2, 0, 2, 1, -10, 10, False),
    (2, 1, 0, 0, +20, 10, True),
    (2, 2, 0, 1, -10, 20, False),
]


@pytest.mark.parametrize(
    ("number", "seat", "bid", "tricks", "score", "total", "met"), WORKED_EXAMPLE
)
def test_worked_example_row_by_row(
    number: int, seat: int, bid: int, tricks: int, score: int, total: int, met: bool
) -> None:
    row = sheet.build(worked_example()).rounds[number - 1]
    assert row.number == number
    assert row.hand_size == number
    assert row.trump == HEARTS
    assert (row.bids[seat], row.tricks[seat]) == (bid, tricks)
    assert row.scores[seat] == score
    assert row.totals[seat] == total
    assert row.met[seat] is met
    assert row.flags == ()


def test_worked_example_totals_are_10_10_20_and_mary_leads() -> None:
    pad = sheet.build(worked_example())
    assert pad.players == ("Tom", "Dick", "Mary")
    assert pad.totals == (10, 10, 20)
    assert pad.ranks == (2, 2, 1)
    assert pad.leaders == (2,)
    assert pad.winners == ()  # 18 rounds still to play
    assert not pad.finished
    assert pad.round_number == 3
    assert pad.flagged == ()


def test_a_new_pad_has_no_scores_and_no_leader() -> None:
    pad = sheet.build(start(4, first_dealer=3))
    assert pad.rounds == ()
    assert pad.totals == (0, 0, 0, 0)
    assert pad.ranks == (1, 1, 1, 1)
    assert pad.leaders == ()
    assert pad.winners == ()
    assert pad.first_dealer == 3
    assert pad.settings == Variants()
    assert pad.schedule == tuple(range(1, 16))
    assert pad.round_number == 1


def test_each_row_shows_its_dealer() -> None:
    record = start(3, first_dealer=1)
    for hand in (1, 2, 3):
        record = play(record, (0, 0, 0), (hand, 0, 0))
    assert [row.dealer for row in sheet.build(record).rounds] == [1, 2, 0]


def test_the_saboteur_scores_20_on_the_pad() -> None:
    record = play(start(3, 0, saboteur=True), (None, 1, 0), (0, 0, 1))
    row = sheet.build(record).rounds[0]
    assert row.bids == (None, 1, 0)
    assert row.scores == (20, -10, -10)
    assert row.met == (True, False, False)


def test_the_highest_total_wins_and_equal_totals_share_the_win() -> None:
    record = start(3, length=Length.FIVE_ROUNDS)
    for tricks in [(1, 0, 0), (0, 2, 0), (1, 1, 1), (2, 2, 0), (0, 0, 5)]:
        record = game.add_round(record, RoundRecord(HEARTS, tricks, tricks))
    pad = sheet.build(record)
    assert pad.finished
    assert pad.current is None
    assert pad.round_number == 5
    assert pad.totals == (140, 150, 160)
    assert pad.winners == pad.leaders == (2,)
    tied = sheet.build(game.replace_round(record, 1, RoundRecord(HEARTS, (0, 1, 0), (0, 1, 0))))
    assert tied.totals == (130, 160, 160)
    assert tied.winners == (1, 2)
    assert tied.ranks == (3, 1, 1)


def test_a_round_made_illegal_by_a_correction_is_flagged_on_the_pad() -> None:
    record = start(3, 0, bid_restriction=BidRestriction.CANADIAN)
    record = play(record, (1, 0, 0), (1, 0, 0))
    record = play(record, (0, 0, 0), (0, 2, 0))
    record = play(record, (1, 1, 1), (1, 1, 1))
    assert sheet.build(record).flagged == ()
    corrected = game.replace_round(record, 1, RoundRecord(HEARTS, (0, 0, 1), (0, 0, 1)))
    pad = sheet.build(corrected)
    assert pad.flagged == (3,)
    assert "Canadian rule" in pad.rounds[2].flags[0]
    # the flagged round is shown as entered, with the scores it earned
    assert pad.rounds[2].bids == (1, 1, 1)
    assert pad.rounds[2].scores == (30, 30, 30)


# --- the round at the table ----------------------------------------------------------------------


def test_the_round_at_the_table_goes_trump_then_bids_then_play() -> None:
    record = start(4, first_dealer=1)
    now = sheet.build(record).current
    assert now is not None
    assert (now.phase, now.number, now.hand_size, now.dealer) == (Phase.TRUMP, 1, 1, 1)
    assert now.order == (2, 3, 0, 1)
    assert now.trump is None and not now.trump_fixed
    assert now.next_bidder is None and now.legal_bids == () and now.refusals == ()

    record = game.set_trump(record, Turned.WIZARD, Suit.CLUBS)
    now = sheet.build(record).current
    assert now is not None
    assert now.phase is Phase.BIDS
    assert now.trump == Trump(Turned.WIZARD, Suit.CLUBS)
    assert now.next_bidder == 2
    assert now.legal_bids == (0, 1)
    assert now.has_bid == (False, False, False, False)

    record = bid_all(record, (0, 1, 0, 0))
    now = sheet.build(record).current
    assert now is not None
    assert now.phase is Phase.PLAY
    assert now.next_bidder is None
    assert now.bids == (0, 1, 0, 0)
    assert now.bid_total == 1
    assert now.has_bid == (True, True, True, True)
    assert now.reopened_tricks == ()


def test_a_reopened_round_brings_its_tricks_back_to_the_tricks_step() -> None:
    record = play(play(start(3), (0, 0, 0), (1, 0, 0)), (0, 0, 0), (2, 0, 0))
    now = sheet.build(game.undo(record)).current
    assert now is not None
    assert now.phase is Phase.PLAY
    assert now.reopened_tricks == (2, 0, 0)


def test_each_players_tricks_are_marked_against_the_bid_shown() -> None:
    record = game.set_trump(start(3, 0, saboteur=True), Turned.JESTER, None)
    now = sheet.build(bid_all(record, (None, 1, 0))).current
    assert now is not None
    assert now.marks((1, 1, 1)) == ("", "made", "missed")
    sealed = sheet.build(secret_round(DELAYED)[4]).current
    assert sealed is not None
    assert sealed.marks((1, 0, 0, 0)) == ("",) * 4


def test_the_sheet_shows_which_bids_the_last_bidder_may_not_make_and_why() -> None:
    """4 players, plus/minus one, hand 3, first three bids 1, 0, 1: anything but 1."""
    record = start(4, first_dealer=2, bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    record = play(record, (0, 0, 0, 0), (1, 0, 0, 0))
    record = play(record, (0, 0, 0, 1), (1, 0, 0, 1))
    record = game.set_trump(record, Turned.SUIT, Suit.DIAMONDS)
    for seat, bid in ((1, 1), (2, 0), (3, 1)):
        record = game.place_bid(record, seat, bid)
    now = sheet.build(record).current
    assert now is not None
    assert now.next_bidder == 0
    assert now.bid_total == 2
    assert now.legal_bids == (0, 2, 3)
    assert now.refusals == (
        (
            1,
            "Bids would add up to 3, the number of tricks in this round — "
            "the plus/minus-one rule forbids that.",
        ),
    )


@pytest.mark.parametrize(
    ("players", "variants", "phase", "trump"),
    [
        (4, {"length": Length.MAXIMUS}, Phase.BIDS, Trump(Turned.NONE, Suit.CLUBS)),
        (
            4,
            {"length": Length.MAXIMUS, "jester_bid": True},
            Phase.PLAY,
            Trump(Turned.NONE, Suit.CLUBS),
        ),
        (3, {"jester_bid": True}, Phase.TRUMP, None),
    ],
)
def test_a_fixed_trump_and_the_jester_bid_skip_their_steps(
    players: int, variants: dict[str, Any], phase: Phase, trump: Trump | None
) -> None:
    now = sheet.build(start(players, **variants)).current
    assert now is not None
    assert now.phase is phase
    assert now.trump == trump
    assert now.trump_fixed is (trump is not None)


def test_the_saboteur_counts_as_having_bid() -> None:
    record = game.set_trump(start(3, 0, saboteur=True), Turned.JESTER, None)
    now = sheet.build(record).current
    assert now is not None
    assert now.has_bid == (True, False, False)
    assert now.next_bidder == 1


# --- sealed bids ---------------------------------------------------------------------------------

# | visibility | every bid in | sealed |
SEALING = [
    (OPEN, False, False),
    (OPEN, True, False),
    (HIDDEN, False, True),
    (HIDDEN, True, False),
    (DELAYED, False, True),
    (DELAYED, True, True),
]


@pytest.mark.parametrize(("visibility", "all_in", "sealed"), SEALING)
def test_when_bids_are_sealed(visibility: BidVisibility, all_in: bool, sealed: bool) -> None:
    assert is_sealed(visibility, all_in) is sealed


def secret_round(visibility: BidVisibility) -> list[GameRecord]:
    """Round 3 of a 4-player game: the record after the trump and after each bid (3, 0, 2, 1)."""
    record = start(4, first_dealer=2, bid_visibility=visibility)
    record = play(record, (0, 0, 0, 0), (1, 0, 0, 0))
    record = play(record, (0, 0, 0, 0), (1, 0, 0, 1))
    stages = [game.set_trump(record, Turned.SUIT, Suit.SPADES)]
    for seat, bid in ((1, 3), (2, 0), (3, 2), (0, 1)):
        stages.append(game.place_bid(stages[-1], seat, bid))
    return stages


def assert_no_bids_shown(pad: sheet.Sheet) -> None:
    now = pad.current
    assert now is not None
    assert now.sealed
    assert now.bids == (None, None, None, None)
    assert now.bid_total is None
    assert now.legal_bids in ((), (0, 1, 2, 3))  # the same for any bids made so far
    assert now.refusals == ()
    for field in fields(now):
        if field.name not in ("setup", "has_bid"):
            assert getattr(now, field.name) != (1, 3, 0, 2)


@pytest.mark.parametrize("bids_made", [0, 1, 2, 3])
def test_hidden_bids_are_absent_from_the_sheet_until_everyone_has_bid(bids_made: int) -> None:
    pad = sheet.build(secret_round(HIDDEN)[bids_made])
    assert_no_bids_shown(pad)
    assert pad.current is not None
    assert pad.current.has_bid.count(True) == bids_made
    assert pad.current.phase is Phase.BIDS


def test_hidden_bids_are_revealed_together_once_everyone_has_bid() -> None:
    now = sheet.build(secret_round(HIDDEN)[4]).current
    assert now is not None
    assert not now.sealed
    assert now.phase is Phase.PLAY
    assert now.bids == (1, 3, 0, 2)
    assert now.bid_total == 6


@pytest.mark.parametrize("bids_made", [0, 1, 2, 3, 4])
def test_delayed_bids_stay_sealed_while_the_round_is_played(bids_made: int) -> None:
    record = secret_round(DELAYED)[bids_made]
    assert_no_bids_shown(sheet.build(record))


def test_delayed_bids_are_shown_once_the_round_is_complete() -> None:
    record = game.finish_round(secret_round(DELAYED)[4], (1, 2, 0, 0))
    pad = sheet.build(record)
    assert pad.rounds[2].bids == (1, 3, 0, 2)
    assert pad.rounds[2].scores == (30, -10, 20, -20)
    assert pad.current is not None
    assert pad.current.sealed  # the next round is sealed in its turn
    assert pad.current.bids == (None,) * 4


def test_open_bids_are_shown_as_they_are_made() -> None:
    stages = secret_round(OPEN)
    now = sheet.build(stages[2]).current
    assert now is not None
    assert not now.sealed
    assert now.bids == (None, 3, 0, None)
    assert now.bid_total == 3


# --- progress and standings ----------------------------------------------------------------------


def test_bids_made_counts_who_has_bid_but_not_what() -> None:
    stages = secret_round(HIDDEN)
    counts = []
    for record in stages:
        now = sheet.build(record).current
        assert now is not None
        counts.append(now.bids_made)
    assert counts == [0, 1, 2, 3, 4]


def test_the_saboteur_is_not_counted_among_the_bids_made() -> None:
    record = game.set_trump(start(3, 0, saboteur=True), Turned.JESTER, None)
    now = sheet.build(game.place_bid(record, 1, 0)).current
    assert now is not None
    assert now.bids_made == 1


def test_a_round_is_started_once_something_undo_can_take_back_was_entered() -> None:
    def started(record: GameRecord) -> bool:
        now = sheet.build(record).current
        assert now is not None
        return now.started

    record = start(3)
    assert not started(record)
    record = game.set_trump(record, Turned.JESTER, None)
    assert started(record)
    record = bid_all(record, (0, 0, 1))
    assert started(record)
    # a fixed trump is not something the table entered
    maximus = start(4, length=Length.MAXIMUS)
    assert not started(maximus)
    assert not started(game.set_trump(maximus, Turned.NONE, None))
    assert started(game.place_bid(maximus, 1, 3))
    # with the Jester bid nothing is entered in a fixed-trump round before its tricks
    jester = start(4, length=Length.MAXIMUS, jester_bid=True)
    assert not started(jester)


# | totals | standings: (rank, seat), best first, ties keep seat order |
STANDINGS = [
    ((10, 10, 20), ((1, 2), (2, 0), (2, 1))),
    ((0, 0, 0, 0), ((1, 0), (1, 1), (1, 2), (1, 3))),
    ((-10, 30, 30, 5), ((1, 1), (1, 2), (3, 3), (4, 0))),
]


@pytest.mark.parametrize(("totals", "standings"), STANDINGS)
def test_standings_list_the_best_first(
    totals: tuple[int, ...], standings: tuple[tuple[int, int], ...]
) -> None:
    pad = sheet.build(start(len(totals)))
    pad = replace(pad, totals=totals, ranks=scoring.ranks(totals))
    assert pad.standings == standings


def test_worked_example_standings() -> None:
    assert sheet.build(worked_example()).standings == ((1, 2), (2, 0), (2, 1))
