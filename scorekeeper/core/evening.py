"""The draw of a club evening: who sits at which table, in which seat, who deals first and who
sits out, one sitting at a time (a sitting is one game at every table).

Pure Python and reproducible: the same players, earlier sittings, seating and seed draw the same
sitting. Decisions (docs/club-night.md):

- **Table sizes**: everyone is seated where the allowed sizes can seat them, else as few as can
  be sit out; among the ways that seat as many, tables of 4 first, then 4 and 5 mixed, then 3 or
  6 (:data:`TABLE_COST`), largest tables first.
- **Sitting out** goes round: those who sat out least sit out (nobody twice before everyone
  once), ties drawn by lots. A sitting a player missed (late, or gone early) is no sit-out.
- **Random**: tables, seats and first dealers by lots.
- **Balanced**: repeated opponents as rare as they can be over the whole evening. The sittings
  still to come are planned together (a sitting at a time cannot see that an early choice leaves
  no way to avoid a repeat later) to the least sum of squared meetings of each pair, earlier
  sittings included; the first sitting of the plan is drawn. Then each table's seats so that
  nobody takes a seat they had before where it can be helped.
- **By standings**: the leaders together, table 1 the top of the standings; seats by lots.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Seating(StrEnum):
    """How a sitting's tables are drawn."""

    RANDOM = "random"
    BALANCED = "balanced"
    STANDINGS = "standings"


@dataclass(frozen=True)
class Table:
    """One table of a sitting: its players in seat order and the seat that deals first."""

    players: tuple[str, ...]
    first_dealer: int


@dataclass(frozen=True)
class Sitting:
    """One game at every table, and who sits this one out."""

    tables: tuple[Table, ...]
    sitting_out: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        """Every player at a table, table by table."""
        return tuple(player for table in self.tables for player in table.players)


TABLE_COST = {4: 0, 5: 1, 3: 3, 6: 3, 7: 5, 2: 6, 8: 6}
"""How much less a table of each size is wanted than a table of 4."""

PLAN_STEPS = 30_000
"""Swaps tried for a balanced plan (all restarts together): 40 players over 5 sittings draw in
well under a second (make bench)."""


def table_sizes(players: int, allowed: Sequence[int]) -> tuple[int, ...]:
    """The tables for ``players`` present, largest first: everyone seated where ``allowed``
    sizes can seat them, else as few as can be sitting out; tables of 4 preferred. None where
    ``players`` cannot fill the smallest table.

    >>> table_sizes(13, (4, 5)), table_sizes(7, (4, 5)), table_sizes(11, (3, 4, 5, 6))
    ((5, 4, 4), (5,), (4, 4, 3))
    """
    best: list[tuple[int, tuple[int, ...]] | None] = [(0, ())] + [None] * players
    for total in range(1, players + 1):
        ways = [
            (cost + TABLE_COST.get(size, 9), (*sizes, size))
            for size in allowed
            if size <= total and (found := best[total - size]) is not None
            for cost, sizes in [found]
        ]
        best[total] = min(ways, default=None)
    seated = next(total for total in range(players, -1, -1) if best[total] is not None)
    found = best[seated]
    assert found is not None
    return tuple(sorted(found[1], reverse=True))


def draw(
    present: Sequence[str],
    allowed: Sequence[int],
    earlier: Sequence[Sitting],
    seating: Seating,
    *,
    seed: int,
    sittings_left: int = 1,
    standings: Sequence[str] = (),
) -> Sitting:
    """The next sitting of the players ``present`` (each once) after the ``earlier`` ones.
    ``sittings_left`` (this one included) is what a balanced draw plans for; ``standings`` (best
    first) is what a draw by standings seats by. With too few players for a table, everyone sits
    out (the caller says so first: :func:`table_sizes` is empty)."""
    if len(set(present)) != len(present):
        raise ValueError("a player is present twice")
    rng = random.Random(seed)
    sizes = table_sizes(len(present), allowed)
    out = _sitting_out(present, len(present) - sum(sizes), earlier, rng)
    seated = [player for player in present if player not in out]
    if seating is Seating.STANDINGS:
        ranked = {player: place for place, player in enumerate(standings)}
        seated.sort(key=lambda player: (ranked.get(player, len(ranked)), rng.random()))
        groups = _cut(seated, sizes)
        tables = [_by_lots(group, rng) for group in groups]
    elif seating is Seating.BALANCED:
        groups = _balanced(seated, sizes, earlier, max(1, sittings_left), rng)
        tables = [_seated(group, earlier, rng) for group in groups]
    else:
        rng.shuffle(seated)
        tables = [_by_lots(group, rng) for group in _cut(seated, sizes)]
    return Sitting(tuple(tables), out)


def _sitting_out(
    present: Sequence[str], count: int, earlier: Sequence[Sitting], rng: random.Random
) -> tuple[str, ...]:
    """The ``count`` players who sat out least, ties drawn by lots, in the order present."""
    if not count:
        return ()
    sat_out = Counter(player for sitting in earlier for player in sitting.sitting_out)
    lots = {player: rng.random() for player in present}
    chosen = set(sorted(present, key=lambda player: (sat_out[player], lots[player]))[:count])
    return tuple(player for player in present if player in chosen)


def _cut(players: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    ends = list(itertools.accumulate(sizes))
    return [list(players[end - size : end]) for end, size in zip(ends, sizes, strict=True)]


def _by_lots(group: Sequence[str], rng: random.Random) -> Table:
    order = list(group)
    rng.shuffle(order)
    return Table(tuple(order), rng.randrange(len(order)))


def meetings(earlier: Sequence[Sitting]) -> Counter[frozenset[str]]:
    """How often each pair of players sat at one table in ``earlier`` sittings."""
    met: Counter[frozenset[str]] = Counter()
    for sitting in earlier:
        for table in sitting.tables:
            met.update(frozenset(pair) for pair in itertools.combinations(table.players, 2))
    return met


def _balanced(
    players: list[str],
    sizes: Sequence[int],
    earlier: Sequence[Sitting],
    sittings: int,
    rng: random.Random,
) -> list[list[str]]:
    """This sitting's tables from the best plan of the ``sittings`` still to come."""
    count = len(players)
    past = meetings(earlier)
    met = [[past[frozenset((a, b))] for b in players] for a in players]
    tables_of = [[t for t, size in enumerate(sizes) for _ in range(size)] for _ in range(sittings)]
    best_plan: list[list[int]] | None = None
    best_cost = math.inf
    restarts = 4
    for _restart in range(restarts):
        plan = [rng.sample(row, len(row)) for row in tables_of]
        cost, done = _improve(plan, met, count, sizes, PLAN_STEPS // restarts, rng)
        if cost < best_cost:
            best_plan, best_cost = [list(row) for row in plan], cost
        if done:
            break
    assert best_plan is not None
    groups: list[list[str]] = [[] for _ in sizes]
    for player, table in enumerate(best_plan[0]):
        groups[table].append(players[player])
    return groups


def _improve(
    plan: list[list[int]],
    met: list[list[int]],
    count: int,
    sizes: Sequence[int],
    steps: int,
    rng: random.Random,
) -> tuple[float, bool]:
    """Swap players between tables of one sitting of ``plan`` (in place) to lower the sum of
    squared meetings of every pair, by simulated annealing; returns the excess (the sum of
    c*c - c over the pairs: 0 when no pair meets twice), and whether it is 0."""
    together = [row[:] for row in met]
    members: list[list[list[int]]] = []
    for row in plan:
        tables: list[list[int]] = [[] for _ in sizes]
        for player, table in enumerate(row):
            tables[table].append(player)
        members.append(tables)
        for group in tables:
            for a, b in itertools.combinations(group, 2):
                together[a][b] += 1
                together[b][a] += 1
    excess = sum(c * c - c for row in together for c in row) // 2
    if excess == 0 or len(sizes) < 2:
        return excess, excess == 0
    temperature = 2.0
    cooling = 0.05 ** (1 / steps)
    for _step in range(steps):
        temperature *= cooling
        sitting = rng.randrange(len(plan))
        row, tables = plan[sitting], members[sitting]
        a, b = rng.randrange(count), rng.randrange(count)
        first, second = row[a], row[b]
        if first == second:
            continue
        change = _swap_change(together, tables[first], tables[second], a, b)
        if change <= 0 or rng.random() < math.exp(-change / temperature):
            _swap(together, tables, row, a, b)
            excess += change
            if excess == 0:
                return 0, True
    return excess, False


def _swap_change(
    together: list[list[int]], here: list[int], there: list[int], a: int, b: int
) -> int:
    """The change of the plan's excess if ``a`` (at ``here``) and ``b`` (at ``there``) changed
    tables: a pair's c*c - c grows by 2c as its count c goes up, and by 2 - 2c as it goes down."""
    change = 0
    for other in here:
        if other != a:
            change += 2 * together[b][other] - 2 * (together[a][other] - 1)
    for other in there:
        if other != b:
            change += 2 * together[a][other] - 2 * (together[b][other] - 1)
    return change


def _swap(
    together: list[list[int]], tables: list[list[int]], row: list[int], a: int, b: int
) -> None:
    first, second = row[a], row[b]
    for mover, leaving in ((a, first), (b, second)):
        for other in tables[leaving]:
            if other != mover:
                together[mover][other] -= 1
                together[other][mover] -= 1
        tables[leaving].remove(mover)
    for mover, joining in ((a, second), (b, first)):
        for other in tables[joining]:
            together[mover][other] += 1
            together[other][mover] += 1
        tables[joining].append(mover)
        row[mover] = joining


def seats_taken(earlier: Sequence[Sitting]) -> Counter[tuple[str, int]]:
    """How often each player sat in each seat (0: the first) in ``earlier`` sittings."""
    return Counter(
        (player, seat)
        for sitting in earlier
        for table in sitting.tables
        for seat, player in enumerate(table.players)
    )


def _seated(group: Sequence[str], earlier: Sequence[Sitting], rng: random.Random) -> Table:
    """A table's seat order with the fewest seats taken again, ties by lots; the first dealer
    by lots."""
    taken = seats_taken(earlier)
    order = list(group)
    rng.shuffle(order)
    if len(order) <= 6:
        best = min(
            itertools.permutations(order),
            key=lambda seats: sum(taken[(player, seat)] for seat, player in enumerate(seats)),
        )
    else:
        best = tuple(_greedy_seats(order, taken))
    return Table(tuple(best), rng.randrange(len(order)))


def _greedy_seats(order: list[str], taken: Counter[tuple[str, int]]) -> list[str]:
    left = list(order)
    seats = []
    for seat in range(len(order)):
        player = min(left, key=lambda player: taken[(player, seat)])
        left.remove(player)
        seats.append(player)
    return seats
