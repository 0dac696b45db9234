"""RULES.md "Tricks taken" and "Scoring": round scores, the worked example, ranks and the win."""

from __future__ import annotations

from itertools import accumulate

import pytest

from scorekeeper.core.rules import RuleError
from scorekeeper.core.scoring import bid_met, check_tricks, leaders, ranks, round_score

# | round | player | bid | tricks | round score | total |   (the official score pad, verbatim)
WORKED_EXAMPLE = [
    (1, "Tom", 0, 0, +20, 20),
    (1, "Dick", 1, 0, -10, -10),
    (1, "Mary", 1, 1, +30, 30),
    (2, "Tom", 2, 1, -10, 10),
    (2, "Dick", 0, 0, +20, 10),
    (2, "Mary", 0, 1, -10, 20),
]

# | bid | tricks | round score |
ROUND_SCORES = [
    # Bid met exactly: 20 + 10 x tricks
    (3, 3, 50),
    (0, 0, 20),
    (1, 1, 30),
    (20, 20, 220),
    # Bid missed: -10 x |tricks - bid| (over or under costs the same)
    (2, 5, -30),
    (5, 0, -50),
    (5, 2, -30),
    (0, 1, -10),
    (1, 0, -10),
    (0, 20, -200),
    (20, 0, -200),
]

# | tricks | Saboteur score: +20, no bid |
SABOTEUR_SCORES = [(0, 20), (1, 20), (5, 20), (20, 20)]

# | bid | tricks | met? |
BIDS_MET = [
    (0, 0, True),
    (3, 3, True),
    (2, 5, False),
    (5, 2, False),
    (None, 0, True),
    (None, 7, True),
]

# | hand size | tricks by seat | refusal or None |
TRICKS = [
    (1, (0, 0, 1), None),
    (3, (1, 0, 2), None),
    (3, (3, 0, 0), None),
    (20, (7, 7, 6), None),
    (
        3,
        (1, 1, 0),
        "Tricks add up to 2, but 3 were played this round: every trick has exactly one winner.",
    ),
    (
        3,
        (2, 1, 1),
        "Tricks add up to 4, but 3 were played this round: every trick has exactly one winner.",
    ),
    (
        2,
        (0, 0, 0),
        "Tricks add up to 0, but 2 were played this round: every trick has exactly one winner.",
    ),
    (3, (4, -1, 0), "Each player takes from 0 to 3 tricks in this round."),
    (3, (-1, 2, 2), "Each player takes from 0 to 3 tricks in this round."),
    (3, (1, 2), "A round needs the tricks of each of the 3 players."),
    (3, (1, 2, 0, 0), "A round needs the tricks of each of the 3 players."),
]

# | totals | ranks (ties share a place) | leaders (they share the win) |
STANDINGS = [
    ((50, 70, 50), (2, 1, 2), (1,)),
    ((10, 10, 20), (2, 2, 1), (2,)),
    ((0, 0, 0), (1, 1, 1), (0, 1, 2)),
    ((30, 30, 10, -20), (1, 1, 3, 4), (0, 1)),
    ((-10, -30, -20), (1, 3, 2), (0,)),
    ((100, 90, 80, 70, 60, 50, 40, 30), (1, 2, 3, 4, 5, 6, 7, 8), (0,)),
    ((5, 5, 5, 5, 1), (1, 1, 1, 1, 5), (0, 1, 2, 3)),
]


@pytest.mark.parametrize(("bid", "tricks", "score"), ROUND_SCORES)
def test_bid_met_scores_20_plus_10_per_trick_and_a_miss_costs_10_per_trick_off(
    bid: int, tricks: int, score: int
) -> None:
    assert round_score(bid, tricks) == score


@pytest.mark.parametrize(("tricks", "score"), SABOTEUR_SCORES)
def test_the_saboteur_scores_20_whatever_happens(tricks: int, score: int) -> None:
    assert round_score(None, tricks) == score


@pytest.mark.parametrize(("bid", "tricks", "met"), BIDS_MET)
def test_a_bid_is_met_only_when_made_exactly(bid: int | None, tricks: int, met: bool) -> None:
    assert bid_met(bid, tricks) is met


@pytest.mark.parametrize(
    ("round_number", "player", "bid", "tricks", "score", "total"), WORKED_EXAMPLE
)
def test_worked_example_round_scores(
    round_number: int, player: str, bid: int, tricks: int, score: int, total: int
) -> None:
    assert round_score(bid, tricks) == score


@pytest.mark.parametrize("player", ["Tom", "Dick", "Mary"])
def test_worked_example_totals_are_the_running_sum_of_round_scores(player: str) -> None:
    rows = [row for row in WORKED_EXAMPLE if row[1] == player]
    running = list(accumulate(round_score(bid, tricks) for _, _, bid, tricks, _, _ in rows))
    assert running == [total for *_, total in rows]


def test_worked_example_ends_with_totals_10_10_20_and_mary_wins() -> None:
    totals = [
        sum(round_score(bid, tricks) for _, who, bid, tricks, _, _ in WORKED_EXAMPLE if who == name)
        for name in ("Tom", "Dick", "Mary")
    ]
    assert totals == [10, 10, 20]
    assert leaders(totals) == (2,)
    assert ranks(totals) == (2, 2, 1)


@pytest.mark.parametrize("round_number", [1, 2])
def test_worked_example_tricks_add_up_to_the_hand_size(round_number: int) -> None:
    tricks = [t for number, _, _, t, _, _ in WORKED_EXAMPLE if number == round_number]
    check_tricks(round_number, tricks, 3)


@pytest.mark.parametrize(("hand_size", "tricks", "reason"), TRICKS)
def test_tricks_are_0_to_hand_size_and_add_up_to_exactly_the_hand_size(
    hand_size: int, tricks: tuple[int, ...], reason: str | None
) -> None:
    if reason is None:
        check_tricks(hand_size, tricks, 3)
    else:
        with pytest.raises(RuleError) as refusal:
            check_tricks(hand_size, tricks, 3)
        assert str(refusal.value) == reason


@pytest.mark.parametrize(("totals", "expected_ranks", "expected_leaders"), STANDINGS)
def test_highest_total_wins_and_equal_totals_share_the_place(
    totals: tuple[int, ...], expected_ranks: tuple[int, ...], expected_leaders: tuple[int, ...]
) -> None:
    assert ranks(totals) == expected_ranks
    assert leaders(totals) == expected_leaders


def test_nobody_leads_a_table_without_totals() -> None:
    assert leaders([]) == ()
    assert ranks([]) == ()


@pytest.mark.parametrize("reason", [reason for _, _, reason in TRICKS if reason is not None])
def test_trick_refusals_are_sentences_a_player_understands(reason: str) -> None:
    assert reason[0].isupper()
    assert reason.endswith(".")
    assert "_" not in reason
