"""RULES.md "The deck and the table", "Dealer rotation" and "Round schedule (hand sizes)"."""

from __future__ import annotations

from itertools import pairwise

import pytest

from scorekeeper.core.rules import (
    AMIGO_SCHEDULES,
    DECK_SIZE,
    Length,
    RuleError,
    bidding_order,
    check_player_count,
    dealer,
    full_hand,
    schedule,
)

# | players | rounds of the standard game (60 // n) |
STANDARD_ROUNDS = [
    (3, 20),
    (4, 15),
    (5, 12),
    (6, 10),
    (7, 8),
    (8, 7),
]

# | variant | players | hand sizes |   (the "Round schedule" table of RULES.md, row by row)
SCHEDULES = [
    # standard: 1, 2, 3, …, 60 // n
    (Length.STANDARD, 3, tuple(range(1, 21))),
    (Length.STANDARD, 4, tuple(range(1, 16))),
    (Length.STANDARD, 5, tuple(range(1, 13))),
    (Length.STANDARD, 6, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    (Length.STANDARD, 7, (1, 2, 3, 4, 5, 6, 7, 8)),
    (Length.STANDARD, 8, (1, 2, 3, 4, 5, 6, 7)),
    # five rounds: 1, 2, 3, 4, 5 whatever the table
    (Length.FIVE_ROUNDS, 3, (1, 2, 3, 4, 5)),
    (Length.FIVE_ROUNDS, 4, (1, 2, 3, 4, 5)),
    (Length.FIVE_ROUNDS, 5, (1, 2, 3, 4, 5)),
    (Length.FIVE_ROUNDS, 6, (1, 2, 3, 4, 5)),
    (Length.FIVE_ROUNDS, 7, (1, 2, 3, 4, 5)),
    (Length.FIVE_ROUNDS, 8, (1, 2, 3, 4, 5)),
    # Amigo tournament (10 rounds)
    (Length.AMIGO, 3, (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)),
    (Length.AMIGO, 4, (1, 3, 5, 7, 9, 11, 12, 13, 14, 15)),
    (Length.AMIGO, 5, (2, 4, 5, 6, 7, 8, 9, 10, 11, 12)),
    (Length.AMIGO, 6, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
    # quick play: counting down from 60 // n in steps of two
    (Length.QUICK, 3, (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)),
    (Length.QUICK, 4, (1, 3, 5, 7, 9, 11, 13, 15)),
    (Length.QUICK, 5, (2, 4, 6, 8, 10, 12)),
    (Length.QUICK, 6, (2, 4, 6, 8, 10)),
    (Length.QUICK, 7, (2, 4, 6, 8)),
    (Length.QUICK, 8, (1, 3, 5, 7)),
    # Wizard Maximus: 5 rounds, every round deals the whole deck
    (Length.MAXIMUS, 3, (20,) * 5),
    (Length.MAXIMUS, 4, (15,) * 5),
    (Length.MAXIMUS, 5, (12,) * 5),
    (Length.MAXIMUS, 6, (10,) * 5),
    (Length.MAXIMUS, 7, (8,) * 5),
    (Length.MAXIMUS, 8, (7,) * 5),
]

# | first dealer | round | players | dealer of the round = (first_dealer + r - 1) mod n |
DEALERS = [
    (0, 1, 3, 0),
    (0, 2, 3, 1),
    (0, 3, 3, 2),
    (0, 4, 3, 0),
    (2, 1, 4, 2),
    (2, 2, 4, 3),
    (2, 3, 4, 0),
    (2, 4, 4, 1),
    (5, 1, 6, 5),
    (5, 2, 6, 0),
    (7, 7, 8, 5),
    (4, 20, 5, 3),
]

# | dealer | players | bidding order: left of the dealer first, the dealer last |
BIDDING_ORDERS = [
    (0, 3, (1, 2, 0)),
    (1, 3, (2, 0, 1)),
    (2, 3, (0, 1, 2)),
    (1, 4, (2, 3, 0, 1)),
    (3, 4, (0, 1, 2, 3)),
    (0, 6, (1, 2, 3, 4, 5, 0)),
    (7, 8, (0, 1, 2, 3, 4, 5, 6, 7)),
    (4, 8, (5, 6, 7, 0, 1, 2, 3, 4)),
]


def test_the_deck_has_60_cards() -> None:
    assert DECK_SIZE == 60


@pytest.mark.parametrize("players", range(3, 9))
def test_three_to_eight_players_may_play(players: int) -> None:
    check_player_count(players)


@pytest.mark.parametrize("players", [-1, 0, 1, 2, 9, 10, 60])
def test_fewer_than_three_or_more_than_eight_players_are_refused(players: int) -> None:
    with pytest.raises(RuleError, match=rf"^Wizard is played by 3 to 8 players, not {players}\.$"):
        check_player_count(players)


@pytest.mark.parametrize("length", list(Length))
@pytest.mark.parametrize("players", [2, 9])
def test_no_schedule_exists_for_a_table_the_rules_refuse(length: Length, players: int) -> None:
    with pytest.raises(RuleError, match="3 to 8 players"):
        schedule(players, length)


@pytest.mark.parametrize(("players", "rounds"), STANDARD_ROUNDS)
def test_standard_game_ends_when_the_deck_runs_out(players: int, rounds: int) -> None:
    assert full_hand(players) == rounds
    assert len(schedule(players)) == rounds
    assert schedule(players)[-1] * players <= DECK_SIZE < (schedule(players)[-1] + 1) * players


@pytest.mark.parametrize(("players", "rounds"), STANDARD_ROUNDS)
def test_standard_round_r_deals_r_cards(players: int, rounds: int) -> None:
    assert schedule(players, Length.STANDARD) == tuple(range(1, rounds + 1))


@pytest.mark.parametrize(("length", "players", "hand_sizes"), SCHEDULES)
def test_round_schedule_table(length: Length, players: int, hand_sizes: tuple[int, ...]) -> None:
    assert schedule(players, length) == hand_sizes


@pytest.mark.parametrize(("length", "players", "hand_sizes"), SCHEDULES)
def test_no_round_deals_more_cards_than_the_deck_holds(
    length: Length, players: int, hand_sizes: tuple[int, ...]
) -> None:
    assert all(1 <= hand * players <= DECK_SIZE for hand in schedule(players, length))


@pytest.mark.parametrize("players", range(3, 9))
def test_quick_play_grows_by_two_and_its_last_round_deals_the_whole_hand(players: int) -> None:
    hands = schedule(players, Length.QUICK)
    assert hands[-1] == full_hand(players)
    assert all(later - earlier == 2 for earlier, later in pairwise(hands))
    assert hands[0] in (1, 2)


@pytest.mark.parametrize("players", range(3, 7))
def test_amigo_tournament_has_ten_rounds(players: int) -> None:
    assert len(schedule(players, Length.AMIGO)) == 10
    assert schedule(players, Length.AMIGO) == AMIGO_SCHEDULES[players]


def test_amigo_for_six_players_is_the_standard_game() -> None:
    """Decision: the texts give no 6-player schedule; the standard one already has 10 rounds."""
    assert schedule(6, Length.AMIGO) == schedule(6, Length.STANDARD)


@pytest.mark.parametrize("players", [7, 8])
def test_amigo_tournament_is_not_defined_for_seven_or_eight_players(players: int) -> None:
    with pytest.raises(RuleError) as refusal:
        schedule(players, Length.AMIGO)
    assert str(refusal.value) == "The Amigo tournament has no schedule for 7 or 8 players."


@pytest.mark.parametrize("players", range(3, 9))
def test_wizard_maximus_deals_the_whole_deck_five_times(players: int) -> None:
    assert schedule(players, Length.MAXIMUS) == (60 // players,) * 5


def test_standard_is_the_default_length() -> None:
    assert schedule(5) == schedule(5, Length.STANDARD)


@pytest.mark.parametrize(("first_dealer", "round_number", "players", "seat"), DEALERS)
def test_the_deal_passes_one_seat_to_the_left_every_round(
    first_dealer: int, round_number: int, players: int, seat: int
) -> None:
    assert dealer(first_dealer, round_number, players) == seat


@pytest.mark.parametrize(("dealer_seat", "players", "order"), BIDDING_ORDERS)
def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last(
    dealer_seat: int, players: int, order: tuple[int, ...]
) -> None:
    assert bidding_order(dealer_seat, players) == order
    assert order[-1] == dealer_seat
    assert sorted(order) == list(range(players))
