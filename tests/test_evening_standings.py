"""An evening's standings across tables of different sizes (issue 34), checked against counts
made by hand."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.evening_standings import (
    SAT_OUT,
    TIE_BREAKS,
    TableResult,
    placement_points,
    standings,
)


def test_places_go_from_100_to_0_in_equal_steps_at_every_table_size() -> None:
    assert list(placement_points((10, 20, 30))) == [0, 50, 100]
    assert list(placement_points((40, 30, 20, 10))) == [100, Fraction(200, 3), Fraction(100, 3), 0]
    assert list(placement_points((6, 5, 4, 3, 2, 1))) == [100, 80, 60, 40, 20, 0]


def test_players_tied_in_a_game_share_the_points_of_their_places() -> None:
    # Two first at a table of 4 share 100 and 66.7; the last two share 33.3 and 0.
    assert placement_points((50, 50, 10, 10)) == (
        Fraction(250, 3),
        Fraction(250, 3),
        Fraction(50, 3),
        Fraction(50, 3),
    )
    assert list(placement_points((7, 7, 7))) == [50, 50, 50]


@given(st.lists(st.integers(-200, 400), min_size=2, max_size=8))
@settings(max_examples=100)
def test_every_table_gives_the_same_average(totals: list[int]) -> None:
    points = placement_points(totals)
    assert sum(points) / len(points) == SAT_OUT
    assert max(points) <= 100 and min(points) >= 0


def test_an_evening_by_hand() -> None:
    # Sitting 1: a table of 3 and a table of 4; Eve sits out. Sitting 2: one table of 5.
    games = [
        TableResult(("Ana", "Ben", "Cy"), (120, 80, 40), rounds=20),
        TableResult(("Dan", "Fay", "Gil", "Hal"), (90, 150, 30, 60), rounds=15),
        TableResult(("Ana", "Dan", "Eve", "Fay", "Gil"), (50, 70, 110, 90, 10), rounds=12),
    ]
    table = standings(games, ["Eve", "Ben", "Cy", "Hal"], seed=1)
    got = {line.player: line.placement_points for line in table}
    # Ana: 100 + 25 (4th of 5); Eve: 50 (sat out) + 100; Fay: 100 + 75; Dan: 66.7 + 50;
    # Ben 50 + 50; Cy 0 + 50; Gil 0 + 0; Hal 33.3 + 50.
    assert got == {
        "Fay": 175,
        "Eve": 150,
        "Ana": 125,
        "Dan": Fraction(200, 3) + 50,
        "Ben": 100,
        "Hal": Fraction(100, 3) + 50,
        "Cy": 50,
        "Gil": 0,
    }
    assert [line.player for line in table] == [
        "Fay",
        "Eve",
        "Ana",
        "Dan",
        "Ben",
        "Hal",
        "Cy",
        "Gil",
    ]
    assert [line.rank for line in table] == list(range(1, 9))
    eve = next(line for line in table if line.player == "Eve")
    assert (eve.games, eve.sat_out) == (1, 1)


def test_ties_go_to_points_per_round_then_head_to_head_then_lots() -> None:
    assert TIE_BREAKS == ("placement_points", "points_per_round", "head_to_head", "lots")
    # Ana and Ben: one win and one last place each; Ana scored more a round.
    games = [
        TableResult(("Ana", "Cy", "Dan"), (90, 50, 10), rounds=10),
        TableResult(("Ben", "Eve", "Fay"), (60, 40, 20), rounds=10),
        TableResult(("Ana", "Eve", "Gil"), (0, 50, 30), rounds=10),
        TableResult(("Ben", "Cy", "Hal"), (0, 40, 20), rounds=10),
    ]
    order = [line.player for line in standings(games, [], seed=3)]
    assert order.index("Ana") < order.index("Ben")
    # Same points and points per round: who finished above the other where they met.
    even = [
        TableResult(("Ana", "Ben", "Cy"), (30, 20, 10), rounds=10),
        TableResult(("Ana", "Ben", "Cy"), (10, 30, 20), rounds=10),
        TableResult(("Ana", "Ben", "Cy"), (20, 10, 30), rounds=10),
    ]
    # Everyone 150 points and 2 a round; head to head: Ana beat Ben twice, Ben beat Cy twice,
    # Cy beat Ana twice: two each, so lots decide, the same way for the same evening.
    first = [line.player for line in standings(even, [], seed=11)]
    assert first == [line.player for line in standings(even, [], seed=11)]
    assert sorted(first) == ["Ana", "Ben", "Cy"]
    # The lots stay as they fell when other tables finish, or other players sit out (a walk saw
    # two tied players swap places as the room's other games ended).
    elsewhere = [*even, TableResult(("Aaron", "Zed", "Mo"), (30, 20, 10), rounds=10)]
    later = [line.player for line in standings(elsewhere, ["Abe", "Zoltan"], seed=11)]
    assert [player for player in later if player in first] == first
    # Ana and Ben: 150 points and 2.5 a round each; Ana finished above Ben where they met.
    met = [
        TableResult(("Ana", "Ben", "Xia"), (30, 20, 10), rounds=10),
        TableResult(("Ben", "Yul", "Zoe"), (30, 10, 0), rounds=10),
        TableResult(("Ana", "Wim", "Val"), (20, 40, 0), rounds=10),
    ]
    for seed in range(5):
        order = [line.player for line in standings(met, [], seed=seed)]
        assert order[:2] == ["Ana", "Ben"]
