"""The search behind a balanced draw (docs/club-night.md, "The draw"): the tables of every
sitting still to come, to the least sum over every pair of players of the square of how often
they shared a table, earlier sittings included.

A tabu search as used for the social golfer problem: each step takes a player who shares a table
with someone met before (a conflict; in a small plan several such players, :data:`SWAPS`), tries
every swap of them with a player at another table of that sitting, and makes the swap that
lowers the sum most (or raises it least); the two players swapped stay put for a few steps, so
the search walks on instead of undoing its last swap. Long without a better plan, it starts
again from the best plan found, a few players shaken; after :data:`RESTARTS` such starts
without a better plan, that plan is taken. The sum
of squares goes down by the same steps as the excess (the sum of c*c - c over the pairs), since
the sum of c is the same for every plan with these tables; the search stops at the least excess
possible for the plan's own pairs: none of them met before.

Players are numbers; a plan is a list of sittings, each a list of tables of players.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

Plan = list[list[list[int]]]

STALL = 150
"""Steps without a better plan before the search starts again from its best one."""

RESTARTS = 4

SWAPS = 48
"""Swaps a step weighs at least: for small plans the swaps of several players in conflict,
the best of them made (a few players: many steps would only walk their plateaus)."""
"""Starts again from one best plan before the search takes it as the best there is."""


def best_plan(
    seated: Sequence[Sequence[int]],
    sizes: Sequence[int],
    met: list[list[int]],
    steps: int,
    rng: random.Random,
    *,
    start: Plan | None = None,
    frozen: int = 0,
) -> Plan:
    """Tables of ``sizes`` for each sitting's ``seated`` players, the first ``frozen`` sittings
    kept as ``start`` has them (``start`` gives the first sittings to begin from, the others by
    lots); ``met`` counts how often each two players met before; ``steps`` bounds the work."""
    plan: Plan = [[list(table) for table in sitting] for sitting in start or []]
    for players in seated[len(plan) :]:
        order = rng.sample(list(players), len(players))
        ends = list(itertools.accumulate(sizes))
        plan.append([order[end - size : end] for end, size in zip(ends, sizes, strict=True)])
    if len(sizes) < 2 or frozen >= len(plan):
        return plan
    return _Search(plan, met, frozen, rng).run(steps)


class _Search:
    def __init__(self, plan: Plan, met: list[list[int]], frozen: int, rng: random.Random):
        self.met = met
        # Above any difference of the times met again: the excess comes first.
        self.weight = 1 + sum(len(t) * len(t) for sitting in plan for t in sitting)
        self.rng = rng
        self.movable = range(frozen, len(plan))
        self.load(plan)

    def load(self, plan: Plan) -> None:
        """Start from ``plan``: who sits where, and how often each two players meet."""
        self.plan = [[table[:] for table in sitting] for sitting in plan]
        self.together = [row[:] for row in self.met]
        self.at = [[-1] * len(self.met) for _ in plan]
        for number, sitting in enumerate(self.plan):
            for place, table in enumerate(sitting):
                for player in table:
                    self.at[number][player] = place
                for a, b in itertools.combinations(table, 2):
                    self.together[a][b] += 1
                    self.together[b][a] += 1
        self.excess = sum(self.cost(c) for row in self.together for c in row) // 2

    def cost(self, c: int) -> int:
        """A pair's part of the plan's cost for meeting ``c`` times: c*c - c, the excess, then
        the times they met again (c - 1) among plans of the same excess."""
        return self.weight * (c * c - c) + max(c - 1, 0)

    def conflicts(self) -> list[tuple[int, int]]:
        """(sitting, player) for every player sharing a table with someone met before."""
        together = self.together
        found: list[tuple[int, int]] = []
        for number in self.movable:
            for table in self.plan[number]:
                hit: list[int] = []
                for place, a in enumerate(table):
                    met = together[a]
                    for b in table[place + 1 :]:
                        if met[b] > 1:
                            hit += (a, b)
                found += ((number, player) for player in dict.fromkeys(hit))
        return found

    def run(self, steps: int) -> Plan:
        best, best_excess = self.copy(), self.excess
        tabu = [[0] * len(self.together) for _ in self.plan]
        stall = restarts = 0
        sample = max(1, SWAPS // len(self.together))
        for step in range(steps):
            conflicts = self.conflicts()
            if not conflicts:
                return self.plan
            moves = []
            for number, a in self.rng.sample(conflicts, min(sample, len(conflicts))):
                move = self.best_move(number, a, tabu, step, best_excess)
                if move is not None:
                    moves.append((move[1], self.rng.random(), number, a, move[0]))
            if moves:
                change, _lots, number, a, b = min(moves)
                self.swap(number, a, b, change)
                tenure = step + self.rng.randint(3, 10)
                tabu[number][a] = tabu[number][b] = tenure
            if self.excess < best_excess:
                best, best_excess, stall, restarts = self.copy(), self.excess, 0, 0
            else:
                stall += 1
            if stall > STALL:
                restarts += 1
                if restarts > RESTARTS:
                    break
                self.restart(best)
                stall = 0
        self.plan = best
        return best

    def best_move(
        self, number: int, a: int, tabu: list[list[int]], step: int, best_excess: int
    ) -> tuple[int, int] | None:
        """The swap of ``a`` with a player at another table that lowers the excess most, ties
        by lots; a player swapped lately only where the swap beats the best plan yet."""
        sitting, at = self.plan[number], self.at[number]
        here = sitting[at[a]]
        found: list[int] = []
        least = 0
        for place, there in enumerate(sitting):
            if place == at[a]:
                continue
            for b in there:
                change = self.change(here, there, a, b)
                lately = tabu[number][b] > step or tabu[number][a] > step
                if lately and self.excess + change >= best_excess:
                    continue
                if not found or change < least:
                    found, least = [b], change
                elif change == least:
                    found.append(b)
        return (self.rng.choice(found), least) if found else None

    def change(self, here: list[int], there: list[int], a: int, b: int) -> int:
        """The change of the cost if ``a`` (at ``here``) and ``b`` (at ``there``) changed
        tables: a pair's c*c - c grows by 2c as c goes up, and falls by 2c - 2 as it goes
        down; the times met again by one where the pair met before."""
        together, weight = self.together, self.weight
        change = 0
        for mover, stayer, joins in ((a, b, there), (b, a, here)):
            for other in joins:
                if other != stayer:
                    up, down = together[mover][other], together[stayer][other]
                    change += weight * 2 * up + (up >= 1) - weight * (2 * down - 2) - (down >= 2)
        return change

    def swap(self, number: int, a: int, b: int, change: int) -> None:
        sitting, at, together = self.plan[number], self.at[number], self.together
        first, second = at[a], at[b]
        for mover, leaving in ((a, first), (b, second)):
            sitting[leaving].remove(mover)
            for other in sitting[leaving]:
                together[mover][other] -= 1
                together[other][mover] -= 1
        for mover, joining in ((a, second), (b, first)):
            for other in sitting[joining]:
                together[mover][other] += 1
                together[other][mover] += 1
            sitting[joining].append(mover)
            at[mover] = joining
        self.excess += change

    def restart(self, best: Plan) -> None:
        """Back to the ``best`` plan, then a few players swapped by lots."""
        self.load(best)
        for _ in range(self.rng.randint(1, 3)):
            number = self.rng.choice(self.movable)
            sitting, at = self.plan[number], self.at[number]
            a, b = self.rng.sample([p for table in sitting for p in table], 2)
            if at[a] != at[b]:
                self.swap(number, a, b, self.change(sitting[at[a]], sitting[at[b]], a, b))

    def copy(self) -> Plan:
        return [[table[:] for table in sitting] for sitting in self.plan]
