"""An evening's standings across tables of different sizes (issue 34), checked against counts
made by hand."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.evening_standings import (
    SAT_OUT,
    TIE_BREAKS,
    SittingResult,
    TableResult,
    placement_points,
    standings,
)


def apart(games: list[TableResult], sat_out: tuple[str, ...] = ()) -> list[SittingResult]:
    """Each game a sitting of its own (a player plays once a sitting), then one sitting that
    ``sat_out`` sat out, over."""
    return [SittingResult((game,)) for game in games] + [SittingResult((), sat_out)]


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
    sittings = [
        SittingResult((games[0], games[1]), ("Eve",)),
        SittingResult((games[2],), ("Ben", "Cy", "Hal")),
    ]
    table = standings(sittings, seed=1)
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
    order = [line.player for line in standings(apart(games), seed=3)]
    assert order.index("Ana") < order.index("Ben")
    # Same points and points per round: who finished above the other where they met.
    even = [
        TableResult(("Ana", "Ben", "Cy"), (30, 20, 10), rounds=10),
        TableResult(("Ana", "Ben", "Cy"), (10, 30, 20), rounds=10),
        TableResult(("Ana", "Ben", "Cy"), (20, 10, 30), rounds=10),
    ]
    # Everyone 150 points and 2 a round; head to head: Ana beat Ben twice, Ben beat Cy twice,
    # Cy beat Ana twice: two each, so lots decide, the same way for the same evening.
    first = [line.player for line in standings(apart(even), seed=11)]
    assert first == [line.player for line in standings(apart(even), seed=11)]
    assert sorted(first) == ["Ana", "Ben", "Cy"]
    # The lots stay as they fell when other tables finish, or other players sit out (a walk saw
    # two tied players swap places as the room's other games ended).
    elsewhere = [*even, TableResult(("Aaron", "Zed", "Mo"), (30, 20, 10), rounds=10)]
    later = [line.player for line in standings(apart(elsewhere, ("Abe", "Zoltan")), seed=11)]
    assert [player for player in later if player in first] == first
    # Ana and Ben: 150 points and 2.5 a round each; Ana finished above Ben where they met.
    met = [
        TableResult(("Ana", "Ben", "Xia"), (30, 20, 10), rounds=10),
        TableResult(("Ben", "Yul", "Zoe"), (30, 10, 0), rounds=10),
        TableResult(("Ana", "Wim", "Val"), (20, 40, 0), rounds=10),
    ]
    for seed in range(5):
        order = [line.player for line in standings(apart(met), seed=seed)]
        assert order[:2] == ["Ana", "Ben"]


# --- issue 48: standings one can check by hand ------------------------------------------------


def test_a_sit_out_waits_for_its_sitting_to_be_over() -> None:
    """A walk saw the one player sitting out lead the room before anyone had played: the 50 is
    pending until the sitting's games are over, shown but not counted."""
    first = TableResult(("Ana", "Ben", "Cy", "Dan"), (90, 60, 30, 10), rounds=5)
    # Nothing ended yet: no standings at all (a pending 50 alone is no standing).
    nothing = SittingResult((), ("Eve",), ("Ana", "Ben", "Cy", "Dan"), over=False)
    assert standings([nothing], seed=1) == ()
    # One table ended, the other still playing: Eve's 50 is to come, counted nowhere.
    going = SittingResult((first,), ("Eve",), ("Fay", "Gil", "Hal", "Ivy"), over=False)
    table = {line.player: line for line in standings([going], seed=1)}
    assert set(table) == {"Ana", "Ben", "Cy", "Dan", "Eve"}  # the players still at it: later
    eve = table["Eve"]
    assert (eve.placement_points, eve.sat_out, eve.pending, eve.rank) == (Fraction(0), 0, 1, 5)
    assert eve.sittings[0].state == "pending" and eve.sittings[0].points == 50
    assert table["Ana"].rank == 1
    # The sitting over: credited, counted, ranked.
    second = TableResult(("Fay", "Gil", "Hal", "Ivy"), (10, 20, 30, 40), rounds=5)
    over = SittingResult((first, second), ("Eve",))
    eve = next(line for line in standings([over], seed=1) if line.player == "Eve")
    assert (eve.placement_points, eve.sat_out, eve.pending) == (Fraction(50), 1, 0)
    assert eve.sittings[0].state == "sat_out"


def test_each_sitting_gives_each_player_a_line_to_add_up_by_hand() -> None:
    sittings = [
        SittingResult((TableResult(("Ana", "Ben", "Cy"), (40, 40, 10), rounds=4),), ("Dan",)),
        SittingResult(
            (TableResult(("Ana", "Dan", "Ben", "Cy"), (5, 50, 20, 20), rounds=4),),
        ),
        SittingResult((), ("Ana",), ("Ben", "Cy", "Dan"), over=False),
    ]
    lines = {line.player: line for line in standings(sittings, seed=2)}
    ana = lines["Ana"].sittings
    # Ana: first shared with Ben at a table of 3 (100 + 50) / 2 = 75, place 1 of 3; then last
    # of 4 (0); then sitting out while the others play: 50 pending.
    assert [(e.state, e.points, e.place, e.seats) for e in ana] == [
        ("played", Fraction(75), 1, 3),
        ("played", Fraction(0), 4, 4),
        ("pending", Fraction(50), None, None),
    ]
    dan = lines["Dan"].sittings
    assert [e.state for e in dan] == ["sat_out", "played", "playing"]
    assert [e.points for e in dan[:2]] == [50, 100]
    # Ben and Cy tied second of 4: (66.7 + 33.3) / 2 = 50 each, place 2.
    ben = lines["Ben"].sittings[1]
    assert (ben.points, ben.place, ben.shared) == (Fraction(50), 2, 2)
    assert lines["Ana"].sittings[0].shared == 2 and lines["Dan"].sittings[1].shared == 1
    assert lines["Cy"].sittings[1].place == 2
    for line in lines.values():
        assert line.placement_points == sum(
            (e.points for e in line.sittings if e.state in ("played", "sat_out") and e.points),
            Fraction(0),
        )


def test_the_tie_break_columns_say_what_decided_each_place() -> None:
    # Ana and Ben level on placement points, Ana more a round: points per round decided.
    games = [
        TableResult(("Ana", "Cy", "Dan"), (90, 50, 10), rounds=10),
        TableResult(("Ben", "Eve", "Fay"), (60, 40, 20), rounds=10),
        TableResult(("Ana", "Eve", "Gil"), (0, 50, 30), rounds=10),
        TableResult(("Ben", "Cy", "Hal"), (0, 40, 20), rounds=10),
    ]
    lines = {line.player: line for line in standings(apart(games), seed=3)}
    assert lines["Ana"].points_per_round == Fraction(9, 2)
    assert lines["Ben"].points_per_round == 3
    assert lines["Ben"].rank == lines["Ana"].rank + 1
    assert lines["Ben"].decided_by == "points_per_round"
    assert lines["Ana"].head_to_head is None and lines["Ben"].head_to_head is None
    # Level on both: head to head among the two, Ana finished above Ben once, Ben never.
    met = [
        TableResult(("Ana", "Ben", "Xia"), (30, 20, 10), rounds=10),
        TableResult(("Ben", "Yul", "Zoe"), (30, 10, 0), rounds=10),
        TableResult(("Ana", "Wim", "Val"), (20, 40, 0), rounds=10),
    ]
    top = standings(apart(met), seed=4)[:2]
    assert [(line.player, line.head_to_head, line.decided_by) for line in top] == [
        ("Ana", 1, None),
        ("Ben", 0, "head_to_head"),
    ]
    # Level on all three (three places above another of them each): lots, and said so.
    even = [
        TableResult(("Ana", "Ben", "Cy"), (30, 20, 10), rounds=10),
        TableResult(("Ana", "Ben", "Cy"), (10, 30, 20), rounds=10),
        TableResult(("Ana", "Ben", "Cy"), (20, 10, 30), rounds=10),
    ]
    lots = standings(apart(even), seed=11)
    assert [line.head_to_head for line in lots] == [3, 3, 3]
    assert [line.decided_by for line in lots] == [None, "lots", "lots"]


@given(st.data())
@settings(max_examples=40)
def test_the_standings_add_up_and_go_in_their_order(data: st.DataObject) -> None:
    """Random evenings: a line's total is the sum of its sittings' counted points, and the
    lines go by placement points, then points per round, each tie-break said where it decided."""
    names = [f"P{n}" for n in range(9)]
    sittings = []
    for _ in range(data.draw(st.integers(1, 4))):
        here = data.draw(st.permutations(names))[: data.draw(st.integers(3, 9))]
        size = data.draw(st.integers(2, 4))
        tables = [here[at : at + size] for at in range(0, len(here) - size + 1, size)]
        out = tuple(here[len(tables) * size :])
        games = tuple(
            TableResult(
                tuple(table),
                tuple(data.draw(st.lists(st.integers(-3, 3), min_size=size, max_size=size))),
                rounds=data.draw(st.integers(1, 3)),
            )
            for table in tables
        )
        sittings.append(SittingResult(games, out, over=data.draw(st.booleans())))
    lines = standings(sittings, seed=data.draw(st.integers(0, 9)))
    for line in lines:
        counted = [e for e in line.sittings if e.state in ("played", "sat_out")]
        assert line.placement_points == sum((e.points or 0 for e in counted), Fraction(0))
        assert line.pending == sum(e.state == "pending" for e in line.sittings)
    for upper, lower in itertools.pairwise(lines):
        key_upper = (upper.placement_points, upper.points_per_round)
        assert key_upper >= (lower.placement_points, lower.points_per_round)
        if upper.placement_points > lower.placement_points:
            assert lower.decided_by is None
        elif upper.points_per_round > lower.points_per_round:
            assert lower.decided_by == "points_per_round"
        else:
            assert lower.decided_by in ("head_to_head", "lots")
            assert (upper.head_to_head or 0) >= (lower.head_to_head or 0)
