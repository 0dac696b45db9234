"""The draw of a club evening (issue 34): everyone seated or sitting out, once; sit-outs go
round; no repeated pair where a schedule without one exists; reproducible."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import evening, evening_designs
from scorekeeper.core.evening import Seating, Sitting

SEATINGS = st.sampled_from(list(Seating))
# Tables of a game of the family: Wizard's 3 to 6, Skull King's 2 to 8 (the sizes a club allows).
ALLOWED = st.sampled_from([(4, 5), (3, 4, 5, 6), (4,), (3,), (5,), (2, 3, 4, 5, 6, 7, 8)])


def names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


def evening_of(
    players: list[str], allowed: tuple[int, ...], sittings: int, seed: int, seating: Seating
) -> list[Sitting]:
    """Every sitting of an evening, the first by ``seating``, the others balanced."""
    drawn: list[Sitting] = []
    for number in range(sittings):
        how = seating if number == 0 else Seating.BALANCED
        left = sittings - number
        drawn.append(
            evening.draw(players, allowed, drawn, how, seed=seed + number, sittings_left=left)
        )
    return drawn


@given(st.integers(3, 40), ALLOWED, SEATINGS, st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_everyone_present_is_seated_or_sits_out_once(
    count: int, allowed: tuple[int, ...], seating: Seating, seed: int
) -> None:
    players = names(count)
    sizes = evening.table_sizes(count, allowed)
    sitting = evening.draw(players, allowed, [], seating, seed=seed, standings=players[::-1])
    everyone = [*sitting.seated, *sitting.sitting_out]
    assert sorted(everyone) == sorted(players)
    assert tuple(len(table.players) for table in sitting.tables) == sizes
    assert all(size in allowed for size in sizes)
    assert all(0 <= table.first_dealer < len(table.players) for table in sitting.tables)
    # As few sit out as the allowed sizes let: one more seated is no sum of them.
    assert len(sitting.sitting_out) == count - sum(sizes)


@given(st.integers(5, 23), st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_sitting_out_goes_round(count: int, seed: int) -> None:
    players = names(count)
    # Who sits out does not depend on how the tables are drawn: by lots, the quickest.
    drawn: list[Sitting] = []
    for number in range(6):
        drawn.append(evening.draw(players, (4,), drawn, Seating.RANDOM, seed=seed + number))
    sat_out: Counter[str] = Counter()
    for sitting in drawn:
        # Nobody sits out a second time while someone seated has not sat out once.
        if sitting.sitting_out:
            most = max(sat_out[player] for player in sitting.sitting_out)
            assert most <= min(sat_out[player] for player in sitting.seated)
        sat_out.update(sitting.sitting_out)
    assert max(sat_out[player] for player in players) - min(sat_out[p] for p in players) <= 1


# Evenings where a schedule with no pair at one table twice exists (affine planes, bridge's
# Rainbow movement, round robins, the social golfers' 16 at tables of 4 over 3 and 4). Not 12
# at tables of 4: from the second sitting on, a table of 4 takes players from only 3 tables of
# the first, so two of them met before.
WITHOUT_REPEATS = [
    (9, 3, 4),
    (12, 3, 4),
    (15, 3, 4),
    (16, 4, 4),
    (16, 4, 3),
    (16, 4, 5),
    (20, 4, 5),
    (25, 5, 6),
    (6, 2, 5),
    (8, 2, 7),
]


@given(st.sampled_from(WITHOUT_REPEATS), SEATINGS, st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_a_balanced_evening_repeats_no_pair_where_it_can_be_helped(
    evening_size: tuple[int, int, int], seating: Seating, seed: int
) -> None:
    count, size, sittings = evening_size
    drawn = evening_of(names(count), (size,), sittings, seed, seating)
    met = evening.meetings(drawn)
    assert max(met.values()) == 1


def test_a_balanced_draw_keeps_repeats_few_where_they_cannot_be_avoided() -> None:
    # 13 at tables of 4 and 5: every later table mixes players who met. The balanced evening
    # meets in fewer repeated pairs (sum of squares) than tables drawn by lots.
    players = names(13)
    squares = {}
    for seating in (Seating.RANDOM, Seating.BALANCED):
        drawn: list[Sitting] = []
        for number in range(3):
            drawn.append(
                evening.draw(players, (4, 5), drawn, seating, seed=number, sittings_left=3 - number)
            )
        squares[seating] = sum(times * times for times in evening.meetings(drawn).values())
    assert squares[Seating.BALANCED] < squares[Seating.RANDOM]


def test_nobody_takes_the_same_seat_twice_where_it_can_be_helped() -> None:
    drawn = evening_of(names(16), (4,), 4, seed=7, seating=Seating.BALANCED)
    taken = evening.seats_taken(drawn[:2])
    # After two sittings every player has had two of the four seats.
    assert max(taken.values()) == 1


def test_a_draw_is_the_same_for_the_same_seed_and_another_for_another() -> None:
    players = names(13)
    first = evening.draw(players, (4, 5), [], Seating.BALANCED, seed=5, sittings_left=3)
    assert evening.draw(players, (4, 5), [], Seating.BALANCED, seed=5, sittings_left=3) == first
    assert evening.draw(players, (4, 5), [], Seating.BALANCED, seed=6, sittings_left=3) != first


def test_by_standings_the_leaders_sit_together_at_the_first_table() -> None:
    players = names(13)
    ranked = players[::-1]
    sitting = evening.draw(players, (4, 5), [], Seating.STANDINGS, seed=1, standings=ranked)
    assert [sorted(table.players) for table in sitting.tables] == [
        sorted(ranked[:5]),
        sorted(ranked[5:9]),
        sorted(ranked[9:]),
    ]


def test_a_late_arrival_sits_from_the_next_sitting_and_one_who_left_is_not_seated() -> None:
    players = names(12)
    first = evening.draw(players, (4, 5), [], Seating.RANDOM, seed=1)
    now = [*players[1:], "Late Lena"]
    second = evening.draw(now, (4, 5), [first], Seating.BALANCED, seed=2, sittings_left=2)
    assert sorted(second.seated) == sorted(now)
    assert players[0] not in second.seated


@pytest.mark.parametrize(
    ("players", "allowed", "sizes"),
    [
        (13, (4, 5), (5, 4, 4)),
        (12, (3, 4, 5, 6), (4, 4, 4)),
        (10, (3, 4, 5, 6), (5, 5)),
        (11, (3, 4, 5, 6), (4, 4, 3)),
        (6, (3, 4, 5, 6), (6,)),
        (7, (4, 5), (5,)),  # two sit out: no tables seat 7
        (3, (4, 5), ()),  # too few for a table
    ],
)
def test_table_sizes_prefer_four_then_four_and_five(
    players: int, allowed: tuple[int, ...], sizes: tuple[int, ...]
) -> None:
    assert evening.table_sizes(players, allowed) == sizes


def test_a_player_present_twice_is_no_draw() -> None:
    with pytest.raises(ValueError, match="twice"):
        evening.draw(["Ana", "Ana", "Ben"], (3,), [], Seating.RANDOM, seed=1)


def repeats(drawn: list[Sitting]) -> int:
    """Pairs at one table again: each time a pair sits together after their first."""
    return sum(times - 1 for times in evening.meetings(drawn).values())


@given(st.integers(0, 10**6))
@settings(max_examples=8, deadline=None)
def test_twelve_at_tables_of_four_over_three_sittings_meet_again_six_times_at_least(
    seed: int,
) -> None:
    # Any first sitting by lots; each later table of 4 takes two players from one table of the
    # first (3 tables), so each of the 6 later tables holds a pair met before: 6 is the least.
    drawn = evening_of(names(12), (4,), 3, seed, Seating.RANDOM)
    assert repeats(drawn) == 6
    for number in (2, 3):
        assert repeats(drawn[:number]) - repeats(drawn[: number - 1]) == 3


@given(st.integers(0, 10**6), SEATINGS)
@settings(max_examples=40, deadline=None)
def test_twenty_at_tables_of_four_over_five_sittings_never_meet_again(
    seed: int, seating: Seating
) -> None:
    # Bridge's Rainbow movement for 5 tables, laid onto whatever the first sitting was.
    drawn = evening_of(names(20), (4,), 5, seed, seating)
    assert repeats(drawn) == 0


@pytest.mark.parametrize(("count", "size", "sittings"), [(52, 4, 13), (49, 7, 8), (12, 2, 11)])
def test_the_longest_evenings_without_a_repeat_are_drawn_without_one(
    count: int, size: int, sittings: int
) -> None:
    drawn = evening_of(names(count), (size,), sittings, 3, Seating.RANDOM)
    assert repeats(drawn) == 0


@pytest.mark.parametrize("tables", [5, 7, 11, 13])
def test_the_design_for_tables_of_four_is_the_rainbow_movement(tables: int) -> None:
    # Seat s of table t of the first sitting sits at table t + s*r (mod the tables) in sitting r.
    design = evening_designs.design(tables, 4)
    assert design is not None and len(design) == tables
    for r, sitting in enumerate(design):
        for table, players in enumerate(sitting):
            assert all((player // 4 + player % 4 * r) % tables == table for player in players)


@pytest.mark.parametrize(
    ("tables", "size", "sittings"),
    [
        (2, 2, 3),
        (6, 2, 11),
        (3, 3, 4),
        (4, 3, 4),
        (4, 4, 5),
        (5, 5, 6),
        (7, 7, 8),
        (8, 4, 8),
        (9, 3, 9),
        (16, 4, 16),
        (25, 3, 25),
        (27, 4, 27),
        (32, 5, 32),
        (6, 4, None),
        (3, 4, None),
    ],
)
def test_every_design_seats_everyone_once_a_sitting_and_no_pair_twice(
    tables: int, size: int, sittings: int | None
) -> None:
    design = evening_designs.design(tables, size)
    if sittings is None:
        assert design is None
        return
    assert design is not None and len(design) == sittings
    assert design[0] == [list(range(t * size, (t + 1) * size)) for t in range(tables)]
    pairs: Counter[tuple[int, int]] = Counter()
    for sitting in design:
        assert sorted(p for table in sitting for p in table) == list(range(tables * size))
        assert all(len(table) == size for table in sitting)
        pairs.update((a, b) for table in sitting for a in table for b in table if a < b)
    assert max(pairs.values()) == 1


def test_the_plan_of_the_evening_is_what_the_balanced_draws_draw() -> None:
    players = names(13)
    first = evening.draw(players, (4, 5), [], Seating.RANDOM, seed=1)
    planned = evening.plan(players, (4, 5), [first], seed=9, sittings=3)
    assert len(planned) == 3
    assert planned == evening.plan(players, (4, 5), [first], seed=9, sittings=3)
    assert planned[0] == evening.draw(
        players, (4, 5), [first], Seating.BALANCED, seed=9, sittings_left=3
    )
    for sitting in planned:
        assert sorted([*sitting.seated, *sitting.sitting_out]) == sorted(players)
    # 13 at tables of 5, 4 and 4: who sits out goes round over the plan too.
    assert planned[0].sitting_out == ()
    empty = evening.plan(names(2), (4, 5), [], seed=1, sittings=2)
    assert [sitting.tables for sitting in empty] == [(), ()]


def test_a_plan_sits_out_in_turn() -> None:
    players = names(9)
    planned = evening.plan(players, (4,), [], seed=4, sittings=9)
    sat_out = Counter(player for sitting in planned for player in sitting.sitting_out)
    assert sorted(sat_out.values()) == [1] * 9
