"""The game record and the moves at the table: trump, bids, tricks, rounds, undo, corrections."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

from scorekeeper.core import game
from scorekeeper.core.game import GameRecord, RoundInProgress, RoundRecord
from scorekeeper.core.rules import BidRestriction, Length, RuleError, Suit, Trump, Turned, Variants

HEARTS = Trump(Turned.SUIT, Suit.HEARTS)
NO_CARD = Trump(Turned.NONE, None)
CANADIAN_REASON = (
    "Bids would add up to 3, the number of tricks in this round, and the dealer "
    "leads alone — the Canadian rule forbids that (bidding zero is always allowed)."
)


def start(players: int = 4, first_dealer: int = 0, **variants: Any) -> GameRecord:
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"][:players]
    return game.new_game(names, first_dealer, Variants(**variants))


def bid_all(record: GameRecord, bids: Sequence[int | None]) -> GameRecord:
    """Enter ``bids`` (by seat) in bidding order; the trump must be in."""
    setup = game.current_setup(record)
    for seat in setup.bidders:
        bid = bids[seat]
        assert bid is not None
        record = game.place_bid(record, seat, bid)
    return record


def play(
    record: GameRecord,
    bids: Sequence[int | None],
    tricks: Sequence[int],
    trump: tuple[Turned, Suit | None] = (Turned.SUIT, Suit.HEARTS),
) -> GameRecord:
    """Play the current round at the table: trump (unless fixed), bids in order, tricks."""
    if game.current_round(record).trump is None:
        record = game.set_trump(record, *trump)
    return game.finish_round(bid_all(record, bids), tricks)


def refusal(move: Callable[..., object], *args: object) -> str:
    """The reason the rules give for refusing ``move(*args)``."""
    with pytest.raises(RuleError) as error:
        move(*args)
    return str(error.value)


# --- a new game ----------------------------------------------------------------------------------


def test_a_new_game_holds_the_table_as_entered() -> None:
    record = start(4, first_dealer=2, bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    assert record.players == ("Ann", "Bob", "Cid", "Dee")
    assert record.first_dealer == 2
    assert record.settings == Variants(bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    assert record.rounds == ()
    assert record.current is None
    assert record.schedule == tuple(range(1, 16))
    assert not record.finished


@pytest.mark.parametrize(
    ("players", "first_dealer", "variants", "reason"),
    [
        (4, -1, {}, "The first dealer must be one of the players."),
        (4, 4, {}, "The first dealer must be one of the players."),
        (2, 0, {}, "Wizard is played by 3 to 8 players, not 2."),
        (
            7,
            0,
            {"length": Length.AMIGO},
            "The Amigo tournament has no schedule for 7 or 8 players.",
        ),
        (
            4,
            0,
            {"saboteur": True, "bid_restriction": BidRestriction.CANADIAN},
            "The Canadian rule is about the dealer's own bid, but the Saboteur dealer "
            "makes no bid: choose one of the two.",
        ),
    ],
)
def test_a_new_game_the_rules_do_not_allow_is_refused(
    players: int, first_dealer: int, variants: dict[str, Any], reason: str
) -> None:
    names = [f"P{seat}" for seat in range(players)]
    variant = Variants(**variants)
    assert refusal(game.new_game, names, first_dealer, variant) == reason


# --- rounds of the game --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "number", "dealer", "hand_size"),
    [(0, 1, 0, 1), (0, 2, 1, 2), (2, 1, 2, 1), (2, 3, 0, 3), (3, 15, 1, 15)],
)
def test_each_round_knows_its_dealer_and_hand_size(
    first_dealer: int, number: int, dealer: int, hand_size: int
) -> None:
    setup = game.setup(start(4, first_dealer), number)
    assert (setup.number, setup.dealer, setup.hand_size) == (number, dealer, hand_size)
    assert setup.totals_before == (0, 0, 0, 0)


@pytest.mark.parametrize("number", [0, -1, 16])
def test_there_is_no_round_outside_the_schedule(number: int) -> None:
    assert refusal(game.setup, start(4), number) == (
        f"This game has rounds 1 to 15; there is no round {number}."
    )


def test_totals_before_a_round_are_the_scores_of_the_rounds_before_it() -> None:
    record = play(start(3), (0, 1, 1), (0, 0, 1))
    record = play(record, (2, 0, 0), (1, 0, 1))
    assert game.totals_after(record, 0) == (0, 0, 0)
    assert game.totals_after(record, 1) == (20, -10, 30)
    assert game.totals_after(record, 2) == (10, 10, 20)
    assert game.setup(record, 3).totals_before == (10, 10, 20)


def test_the_round_at_the_table_starts_empty() -> None:
    now = game.current_round(start(4))
    assert now == RoundInProgress(trump=None, bids=(None,) * 4, reopened_tricks=())


@pytest.mark.parametrize(
    ("players", "variants", "rounds_played", "trump"),
    [
        (4, {"length": Length.MAXIMUS}, 0, Trump(Turned.NONE, Suit.CLUBS)),
        (4, {"length": Length.MAXIMUS}, 4, Trump(Turned.NONE, None)),
        # 6 players, standard: round 10 deals all 60 cards → no trump card is turned
        (6, {}, 9, NO_CARD),
        # 7 players, standard: round 8 deals 56 cards → a trump card is turned
        (7, {}, 7, None),
    ],
)
def test_the_trump_is_filled_in_where_the_rules_fix_it(
    players: int, variants: dict[str, Any], rounds_played: int, trump: Trump | None
) -> None:
    record = start(players, **variants)
    for _ in range(rounds_played):
        setup = game.current_setup(record)
        record = game.add_round(
            record,
            RoundRecord(
                game.current_round(record).trump or HEARTS,
                (0,) * players,
                (setup.hand_size,) + (0,) * (players - 1),
            ),
        )
    assert game.current_round(record).trump == trump


@pytest.mark.parametrize(
    ("variants", "bids"),
    [
        ({"jester_bid": True}, (0, 0, 0, 0)),
        ({"saboteur": True}, (None, None, None, None)),
        ({"jester_bid": True, "saboteur": True}, (0, 0, 0, None)),
    ],
)
def test_bids_nobody_enters_are_there_from_the_start(
    variants: dict[str, Any], bids: tuple[int | None, ...]
) -> None:
    """First dealer seat 3: the dealer of round 1 is the saboteur."""
    assert game.current_round(start(4, 3, **variants)).bids == bids


# --- trump ---------------------------------------------------------------------------------------


def test_the_turned_card_is_entered_before_the_bids() -> None:
    record = game.set_trump(start(4), Turned.WIZARD, Suit.SPADES)
    assert game.current_round(record).trump == Trump(Turned.WIZARD, Suit.SPADES)
    record = game.set_trump(record, Turned.JESTER, None)
    assert game.current_round(record).trump == Trump(Turned.JESTER, None)


def test_the_trump_cannot_change_once_bidding_has_started() -> None:
    record = game.place_bid(game.set_trump(start(4), Turned.JESTER, None), 1, 0)
    assert refusal(game.set_trump, record, Turned.SUIT, Suit.CLUBS) == (
        "Bidding has started; undo the bids to change the trump."
    )


def test_a_trump_that_cannot_have_happened_is_refused() -> None:
    assert refusal(game.set_trump, start(4), Turned.WIZARD, None) == (
        "A Wizard turned up: the dealer picks a suit as trump."
    )


def test_a_fixed_trump_round_takes_nothing_turned() -> None:
    record = game.set_trump(start(4, length=Length.MAXIMUS), Turned.NONE, None)
    assert game.current_round(record).trump == Trump(Turned.NONE, Suit.CLUBS)
    assert refusal(game.set_trump, record, Turned.SUIT, Suit.CLUBS) == (
        "In Wizard Maximus the trump is fixed for every round; nothing is turned."
    )


# --- bids ----------------------------------------------------------------------------------------


def test_bids_are_entered_in_order_after_the_trump() -> None:
    record = game.set_trump(start(4, first_dealer=1), Turned.SUIT, Suit.CLUBS)
    # dealer of round 1 is seat 1: seats 2, 3, 0 bid first, the dealer last
    record = game.place_bid(record, 2, 1)
    record = game.place_bid(record, 3, 0)
    assert game.current_round(record).bids == (None, None, 1, 0)


@pytest.mark.parametrize(
    ("seat", "bid", "reason"),
    [
        (-1, 0, "There is no such player at this table."),
        (4, 0, "There is no such player at this table."),
        (2, 0, "This player has bid already; undo to change it."),
        (
            0,
            0,
            "It is not this player's turn to bid yet: bids go clockwise from the dealer's left.",
        ),
        (3, 2, "A bid is a number from 0 to 1 in this round."),
    ],
)
def test_a_bid_out_of_place_is_refused(seat: int, bid: int, reason: str) -> None:
    record = game.place_bid(game.set_trump(start(4, 1), Turned.SUIT, Suit.CLUBS), 2, 1)
    assert refusal(game.place_bid, record, seat, bid) == reason


def test_no_bid_before_the_trump_is_entered() -> None:
    assert refusal(game.place_bid, start(4), 1, 0) == "Enter the trump first."


def test_the_dealer_may_not_make_the_bids_match_the_tricks_under_plus_minus_one() -> None:
    """4 players, plus/minus one, hand 3, first three bids 1, 0, 1: the dealer may not bid 1."""
    record = start(4, first_dealer=2, bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    record = play(record, (0, 0, 0, 0), (1, 0, 0, 0))
    record = play(record, (0, 0, 0, 1), (1, 0, 0, 1))
    record = game.set_trump(record, Turned.SUIT, Suit.DIAMONDS)
    assert game.current_setup(record).dealer == 0
    for seat, bid in ((1, 1), (2, 0), (3, 1)):
        record = game.place_bid(record, seat, bid)
    assert "plus/minus-one" in refusal(game.place_bid, record, 0, 1)
    for bid in (0, 2, 3):
        assert game.current_round(game.place_bid(record, 0, bid)).bids == (bid, 1, 0, 1)


def test_the_saboteur_and_the_jester_bid_enter_no_bid() -> None:
    saboteur = game.set_trump(start(4, 0, saboteur=True), Turned.JESTER, None)
    assert refusal(game.place_bid, saboteur, 0, 0) == (
        "The dealer is the saboteur this round and makes no bid."
    )
    jester = game.set_trump(start(4, 0, jester_bid=True), Turned.JESTER, None)
    assert refusal(game.place_bid, jester, 1, 0) == (
        "With the Jester bid nobody bids: every bid is zero."
    )


# --- tricks --------------------------------------------------------------------------------------


def test_finishing_a_round_enters_the_tricks_and_starts_the_next_round() -> None:
    record = game.set_trump(start(3), Turned.SUIT, Suit.CLUBS)
    assert refusal(game.finish_round, record, (1, 0, 0)) == (
        "Tricks are entered once every bid is in."
    )
    assert refusal(game.finish_round, start(3), (1, 0, 0)) == (
        "Tricks are entered once every bid is in."
    )
    record = bid_all(record, (0, 1, 1))
    assert refusal(game.finish_round, record, (1, 1, 0)) == (
        "Tricks add up to 2, but 1 was played this round: every trick has exactly one winner."
    )
    record = game.finish_round(record, (0, 0, 1))
    assert record.rounds == (RoundRecord(Trump(Turned.SUIT, Suit.CLUBS), (0, 1, 1), (0, 0, 1)),)
    assert record.current is None
    assert game.current_setup(record).number == 2


def test_the_game_is_over_after_the_last_round_of_the_schedule() -> None:
    record = start(3, length=Length.FIVE_ROUNDS)
    for hand in range(1, 6):
        assert not record.finished
        record = play(record, (0, 0, 0), (hand, 0, 0))
    assert record.finished
    over = "The game is over: every round has been played."
    assert refusal(game.current_setup, record) == over
    assert refusal(game.set_trump, record, Turned.JESTER, None) == over
    assert refusal(game.place_bid, record, 0, 0) == over
    assert refusal(game.finish_round, record, (1, 0, 0)) == over
    assert refusal(game.add_round, record, RoundRecord(HEARTS, (0, 0, 0), (1, 0, 0))) == over


# --- undo ----------------------------------------------------------------------------------------


def test_undo_with_nothing_entered_is_refused() -> None:
    assert refusal(game.undo, start(4)) == "Nothing to undo yet."


def test_undo_step_names_what_undo_takes_back() -> None:
    record = start(3, 2)
    assert game.undo_step(record) is None
    trumped = game.set_trump(record, Turned.SUIT, Suit.HEARTS)
    assert game.undo_step(trumped) == game.UndoStep("trump")
    bid = game.place_bid(trumped, 0, 1)
    assert game.undo_step(bid) == game.UndoStep("bid", seat=0)
    played = game.finish_round(bid_all(trumped, (1, 0, 0)), [1, 0, 0])
    assert game.undo_step(played) == game.UndoStep("round", number=1)
    for step in (trumped, bid, played):
        assert game.undo(step) != step


def test_undo_takes_back_the_bids_last_first_in_bidding_order() -> None:
    record = game.set_trump(start(4, 1), Turned.SUIT, Suit.HEARTS)
    stages = [record]
    for seat, bid in ((2, 1), (3, 0), (0, 0), (1, 1)):
        stages.append(game.place_bid(stages[-1], seat, bid))
    for before, after in pairwise(stages):
        assert game.undo(after) == before


def test_undo_skips_the_saboteur_who_made_no_bid() -> None:
    record = game.set_trump(start(3, 0, saboteur=True), Turned.SUIT, Suit.HEARTS)
    one = game.place_bid(record, 1, 0)
    two = game.place_bid(one, 2, 1)
    assert game.undo(two) == one
    assert game.undo(one) == record


def test_undo_takes_back_the_trump() -> None:
    record = start(4)
    assert game.undo(game.set_trump(record, Turned.WIZARD, Suit.CLUBS)) == record


def test_undo_takes_back_the_trump_of_a_jester_bid_round() -> None:
    record = start(4, jester_bid=True)
    assert game.undo(game.set_trump(record, Turned.JESTER, None)) == record


def test_undo_after_a_round_brings_it_back_to_the_table() -> None:
    first = play(start(3), (0, 0, 0), (1, 0, 0))
    played = bid_all(game.set_trump(first, Turned.JESTER, None), (1, 0, 2))
    finished = game.finish_round(played, (1, 0, 1))
    reopened = game.undo(finished)
    assert reopened.rounds == first.rounds
    assert reopened.current == RoundInProgress(Trump(Turned.JESTER, None), (1, 0, 2), (1, 0, 1))
    # the tricks come back with it and enter the same round again
    assert game.finish_round(reopened, (1, 0, 1)) == finished
    # undo goes on taking back the bids (the tricks go with them), then the trump
    assert game.undo_step(reopened) == game.UndoStep("bid", seat=1)
    record = game.undo(reopened)
    assert record.current is not None and record.current.reopened_tricks == ()
    for _ in range(2 + 1):
        record = game.undo(record)
    assert record == first


def test_a_reopened_round_with_nothing_but_its_tricks_undoes_the_round_before() -> None:
    """With the Jester bid and a fixed trump a reopened round has nothing to take back but its
    tricks, which are no entry of their own: undo reopens the round before."""
    first = play(start(4, jester_bid=True, length=Length.MAXIMUS), (0,) * 4, (3, 4, 4, 4))
    second = play(first, (0,) * 4, (4, 3, 4, 4))
    reopened = game.undo(second)
    assert reopened.current is not None and reopened.current.reopened_tricks == (4, 3, 4, 4)
    assert game.undo_step(reopened) == game.UndoStep("round", number=1)
    before = game.undo(reopened)
    assert before.current is not None and before.current.reopened_tricks == (3, 4, 4, 4)
    assert before.rounds == ()


def test_undo_at_the_start_of_a_round_reopens_the_round_before() -> None:
    first = play(start(3), (0, 0, 0), (1, 0, 0))
    reopened = game.undo(first)
    assert reopened.rounds == ()
    assert reopened.current == RoundInProgress(HEARTS, (0, 0, 0), (1, 0, 0))


def test_undo_of_the_last_round_reopens_a_finished_game() -> None:
    record = start(3, length=Length.FIVE_ROUNDS)
    for hand in range(1, 6):
        record = play(record, (0, 0, 0), (0, hand, 0))
    reopened = game.undo(record)
    assert not reopened.finished
    assert len(reopened.rounds) == 4
    assert reopened.current == RoundInProgress(HEARTS, (0, 0, 0), (0, 5, 0))


def test_undo_ignores_a_stale_round_left_after_the_last_round() -> None:
    record = start(3, length=Length.FIVE_ROUNDS)
    for hand in range(1, 6):
        record = play(record, (0, 0, 0), (0, 0, hand))
    stale = GameRecord(
        record.players, record.first_dealer, record.settings, record.rounds, RoundInProgress()
    )
    assert game.undo(stale) == game.undo(record)


def test_undo_in_a_fixed_trump_round_with_nothing_entered_reopens_the_round_before() -> None:
    record = start(4, length=Length.MAXIMUS)
    assert refusal(game.undo, game.set_trump(record, Turned.NONE, None)) == "Nothing to undo yet."
    first = play(record, (3, 3, 3, 3), (3, 4, 4, 4))
    second = game.set_trump(first, Turned.NONE, None)
    assert game.current_round(second).trump == Trump(Turned.NONE, Suit.DIAMONDS)
    assert game.undo(second) == game.undo(first)
    assert game.undo(first).current == RoundInProgress(
        Trump(Turned.NONE, Suit.CLUBS), (3, 3, 3, 3), (3, 4, 4, 4)
    )


# --- whole rounds --------------------------------------------------------------------------------


def test_a_whole_round_can_be_added_and_replaces_the_round_in_progress() -> None:
    record = game.place_bid(game.set_trump(start(3), Turned.SUIT, Suit.CLUBS), 1, 1)
    played = RoundRecord(Trump(Turned.WIZARD, Suit.SPADES), (0, 1, 1), (0, 0, 1))
    added = game.add_round(record, played)
    assert added.rounds == (played,)
    assert added.current is None


@pytest.mark.parametrize(
    ("played", "reason"),
    [
        (
            RoundRecord(NO_CARD, (0, 0, 0), (1, 0, 0)),
            "Cards are left after this deal, so a trump card is turned: enter it.",
        ),
        (
            RoundRecord(HEARTS, (0, 0), (1, 0, 0)),
            "A round needs one bid for each of the 3 players.",
        ),
        (RoundRecord(HEARTS, (0, 2, 0), (1, 0, 0)), "A bid is a number from 0 to 1 in this round."),
        (
            RoundRecord(HEARTS, (0, 0, 0), (1, 1, 0)),
            "Tricks add up to 2, but 1 was played this round: every trick has exactly one winner.",
        ),
    ],
)
def test_a_whole_round_is_checked_as_if_entered_at_the_table(
    played: RoundRecord, reason: str
) -> None:
    assert refusal(game.add_round, start(3), played) == reason


def test_a_whole_round_must_carry_the_fixed_trump() -> None:
    record = start(4, length=Length.MAXIMUS)
    assert (
        refusal(game.add_round, record, RoundRecord(NO_CARD, (3, 3, 3, 3), (3, 4, 4, 4)))
        == "That trump does not fit this round."
    )
    fixed = RoundRecord(Trump(Turned.NONE, Suit.CLUBS), (3, 3, 3, 3), (3, 4, 4, 4))
    assert game.add_round(record, fixed).rounds == (fixed,)


def test_a_whole_round_of_plus_minus_one_bids_is_refused_when_they_match() -> None:
    record = start(3, bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    played = RoundRecord(HEARTS, (0, 1, 0), (0, 1, 0))
    assert "plus/minus-one" in refusal(game.add_round, record, played)


def test_a_round_can_be_corrected_and_the_totals_follow() -> None:
    record = play(start(3), (0, 1, 1), (0, 0, 1))
    record = play(record, (2, 0, 0), (1, 0, 1))
    fixed = RoundRecord(HEARTS, (0, 1, 1), (0, 1, 0))
    corrected = game.replace_round(record, 1, fixed)
    # The round keeps its figures from before (core/corrections.py).
    kept = replace(fixed, corrected_from=record.rounds[0].figures)
    assert corrected.rounds == (kept, record.rounds[1])
    assert game.totals_after(corrected, 2) == (10, 50, -20)


@pytest.mark.parametrize("number", [0, 3, 4])
def test_only_a_played_round_can_be_corrected(number: int) -> None:
    record = play(play(start(3), (0, 0, 0), (1, 0, 0)), (0, 0, 0), (2, 0, 0))
    assert refusal(game.replace_round, record, number, record.rounds[0]) == (
        f"Round {number} has not been played yet, so it cannot be corrected."
    )


def test_a_correction_that_breaks_the_rules_is_refused() -> None:
    record = play(start(3), (0, 0, 0), (1, 0, 0))
    bad = RoundRecord(HEARTS, (0, 0, 0), (1, 1, 0))
    assert "Tricks add up to 2" in refusal(game.replace_round, record, 1, bad)
    assert game.replace_round(record, 1, record.rounds[0]) == record


def canadian_game() -> GameRecord:
    """3 players, Canadian rule; before round 3 the dealer (seat 2) trails seat 0."""
    record = start(3, 0, bid_restriction=BidRestriction.CANADIAN)
    record = play(record, (1, 0, 0), (1, 0, 0))  # 30, 20, 20
    record = play(record, (0, 0, 0), (0, 2, 0))  # 20, -20, 20 → 50, 0, 40
    # round 3: the dealer (seat 2, 40) trails seat 0 (50), so may make the bids add up to 3
    return play(record, (1, 1, 1), (1, 1, 1))


def test_a_correction_that_makes_a_later_canadian_round_illegal_is_flagged_not_changed() -> None:
    record = canadian_game()
    assert [game.round_flags(record, n) for n in (1, 2, 3)] == [(), (), ()]
    # Round 1 corrected: now seat 2 leads alone before round 3 (20, 20, 30 → 40, 0, 50)
    fixed = RoundRecord(HEARTS, (0, 0, 1), (0, 0, 1))
    corrected = game.replace_round(record, 1, fixed)
    assert corrected.rounds[1:] == record.rounds[1:]
    assert game.setup(corrected, 3).totals_before == (40, 0, 50)
    assert game.round_flags(corrected, 1) == ()
    assert game.round_flags(corrected, 2) == ()
    assert game.round_flags(corrected, 3) == (CANADIAN_REASON,)
    # the same round entered now would be refused
    assert refusal(game.replace_round, corrected, 3, record.rounds[2]) == CANADIAN_REASON
    # correcting round 1 back clears the flag
    assert game.round_flags(game.replace_round(corrected, 1, record.rounds[0]), 3) == ()


def test_only_the_last_completed_round_can_be_dropped() -> None:
    record = play(play(start(3), (0, 0, 0), (1, 0, 0)), (0, 0, 0), (2, 0, 0))
    record = game.set_trump(record, Turned.JESTER, None)
    dropped = game.drop_last_round(record, 2)
    assert dropped.rounds == record.rounds[:1]
    assert dropped.current is None
    reason = "Only the last completed round can be taken back."
    for number in (0, 1, 3):
        assert refusal(game.drop_last_round, record, number) == reason
    for number in (0, 1):
        assert refusal(game.drop_last_round, start(3), number) == reason
