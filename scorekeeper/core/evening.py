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
  still to come are planned together (:func:`plan`: a sitting at a time cannot see that an
  early choice leaves no way to avoid a repeat later) to the least sum of squared meetings of
  each pair, earlier sittings included, then the fewest pairs meeting again. Where a design
  without repeats fits (evening_designs: round robins, bridge's Rainbow movement, affine
  planes) it is laid onto the sittings drawn; elsewhere, and beyond it, a tabu search
  (evening_search). The first sitting of the plan is drawn. Then each table's seats so that
  nobody takes a seat they had before where it can be helped.
- **By standings**: the leaders together, table 1 the top of the standings; seats by lots.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core import evening_designs, evening_search


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

PLAN_STEPS = 1_500
"""Steps of the search for a balanced plan at most (evening_search): enough for 12 players at
tables of 4 over 3 sittings to find the least repeats on every seed tried."""

PLAN_WORK = 120_000
"""Fewer steps for larger plans: a step's work grows with players times sittings planned, and
this bounds their product with the steps, so that the longest evenings draw within a second
(make bench)."""


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
        return plan(present, allowed, earlier, seed=seed, sittings=sittings_left)[0]
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


def plan(
    present: Sequence[str],
    allowed: Sequence[int],
    earlier: Sequence[Sitting],
    *,
    seed: int,
    sittings: int,
) -> tuple[Sitting, ...]:
    """Every sitting still to come (``sittings`` of them) of the players ``present`` after the
    ``earlier`` ones, drawn balanced: who sits out each (going round), the tables of all of them
    planned together, then each one's seats and first dealer. The first is what
    :func:`draw` draws balanced with the same seed."""
    if len(set(present)) != len(present):
        raise ValueError("a player is present twice")
    rng = random.Random(seed)
    sizes = table_sizes(len(present), allowed)
    outs: list[Sitting] = []
    for _ in range(max(1, sittings)):
        sitting_out = _sitting_out(present, len(present) - sum(sizes), [*earlier, *outs], rng)
        outs.append(Sitting((), sitting_out))
    groups = _balanced(present, [out.sitting_out for out in outs], sizes, earlier, rng)
    planned: list[Sitting] = []
    for tables, out in zip(groups, outs, strict=True):
        seated = tuple(_seated(group, [*earlier, *planned], rng) for group in tables)
        planned.append(Sitting(seated, out.sitting_out))
    return tuple(planned)


@dataclass(frozen=True)
class Plan:
    """A plan of an evening's sittings (:func:`plan`), as kept once it was shown or printed:
    made after ``after`` sittings were drawn, for the players ``present``, with ``seed``."""

    after: int
    present: tuple[str, ...]
    seed: int
    sittings: tuple[Sitting, ...]

    def left(
        self, drawn: Sequence[Sitting], present: Sequence[str], planned: int
    ) -> tuple[Sitting, ...] | None:
        """The planned sittings still to come, while the plan stands: the evening still plans
        as many sittings, the sittings ``drawn`` since it was made are its first ones, and the
        players ``present`` are those it was made for (in any order). ``None`` otherwise."""
        done = len(drawn) - self.after
        if (
            self.after + len(self.sittings) != planned
            or not 0 <= done <= len(self.sittings)
            or set(present) != set(self.present)
            or tuple(drawn[self.after :]) != self.sittings[:done]
        ):
            return None
        return self.sittings[done:]


def _balanced(
    present: Sequence[str],
    outs: Sequence[Sequence[str]],
    sizes: Sequence[int],
    earlier: Sequence[Sitting],
    rng: random.Random,
) -> list[list[list[str]]]:
    """The tables of every sitting still to come: a known design where one fits, laid onto the
    sittings drawn, else (and for sittings beyond it) the search's best plan."""
    number = {player: index for index, player in enumerate(present)}
    past = meetings(earlier)
    met = [[past[frozenset((a, b))] for b in present] for a in present]
    seated = [[number[p] for p in present if p not in out] for out in outs]
    start, frozen = _designed(present, seated, sizes, earlier, rng)
    steps = min(PLAN_STEPS, PLAN_WORK // max(1, len(present) * len(seated)))
    found = evening_search.best_plan(seated, sizes, met, steps, rng, start=start, frozen=frozen)
    return [[[present[p] for p in table] for table in sitting] for sitting in found]


def _designed(
    present: Sequence[str],
    seated: Sequence[Sequence[int]],
    sizes: Sequence[int],
    earlier: Sequence[Sitting],
    rng: random.Random,
) -> tuple[evening_search.Plan, int]:
    """The sittings still to come from a design without repeated pairs (evening_designs), laid
    onto the first of the sittings drawn with these same players at these same tables (or a
    first sitting by lots), and how many of them add no repeated pair: none where no design
    fits or the sittings drawn since that first follow none."""
    size, tables = sizes[0] if sizes else 0, len(sizes)
    everyone = set(range(len(present)))
    if set(sizes) != {size} or any(set(row) != everyone for row in seated):
        return [], 0
    found = evening_designs.design(tables, size)
    if found is None:
        return [], 0
    # The sittings drawn last with this very company, the first of them the design's first.
    run: list[Sitting] = []
    for sitting in reversed(earlier):
        sizes_then = {len(table.players) for table in sitting.tables}
        if set(sitting.seated) != set(present) or sizes_then != {size}:
            break
        run.insert(0, sitting)
    if earlier and not run:
        return [], 0
    number = {player: index for index, player in enumerate(present)}
    if run:
        first = [[number[p] for p in table.players] for table in run[0].tables]
    else:
        order = rng.sample(range(len(present)), len(present))
        first = [order[t * size : (t + 1) * size] for t in range(tables)]
    name = [first[p // size][p % size] for p in range(tables * size)]
    sittings = [[sorted(name[p] for p in table) for table in sitting] for sitting in found]
    drawn = [
        {frozenset(number[p] for p in t.players) for t in sitting.tables} for sitting in run[1:]
    ]
    left = [s for s in sittings[1:] if set(map(frozenset, s)) not in drawn]
    if len(left) != len(sittings) - max(1, len(run)):
        return [], 0
    rng.shuffle(left)
    plan = ([] if run else [first]) + left
    plan = [rng.sample(sitting, len(sitting)) for sitting in plan[: len(seated)]]
    repeats = meetings(earlier[: len(earlier) - len(run)])
    clean = all(
        not repeats[frozenset((present[a], present[b]))]
        for sitting in plan
        for table in sitting
        for a, b in itertools.combinations(table, 2)
    )
    return plan, len(plan) if clean else 0


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
