"""The standings of a club evening across its tables (issue 34).

Raw points cannot be compared between a table of 3 and a table of 6, nor between games, so an
evening ranks by **placement points**: each game's places on a scale of its table's size, the
first 100, the last 0, equal steps between (a table of 4: 100, 66.7, 33.3, 0). Every table size
then gives the same average, 50: a seat at a large table is worth neither more nor less on
average than one at a small table, while a win at a large table, being rarer, is worth as much
as one at a small table. Players tied in a game share the points of the places they take (two
first at a table of 4: 83.3 each). A sitting sat out is credited 50, the average finish, so that
sitting out neither helps nor hurts on average; it counts no game. A table the evening's keepers
took out counts as a sitting sat out for each of its players (issue 47). A sitting a player
missed (late, or gone early) counts nothing.

Ties in placement points are broken in this fixed order, which the evening's pages show:
1. **points per round**: the player's game totals over the rounds they played (a good score in
   a short game is no worse than in a long one);
2. **head to head**: among the players still tied, who finished above the others more often at
   the tables they shared;
3. **a draw of lots**, seeded by the evening, so that the order is the same every time it is
   shown.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

SCALE = 100
"""The placement points of a game's winner (its last place gets 0)."""
SAT_OUT = Fraction(SCALE, 2)
"""The placement points a sitting sat out is credited: the average finish at any table."""
TIE_BREAKS = ("placement_points", "points_per_round", "head_to_head", "lots")
"""The order the standings are ranked in, as the pages and the API name it."""


@dataclass(frozen=True)
class TableResult:
    """One finished game of a sitting: its players and their final totals, and its rounds."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    rounds: int


@dataclass(frozen=True)
class Standing:
    """A player's line of the evening's standings."""

    player: str
    placement_points: Fraction
    games: int
    sat_out: int
    points_per_round: Fraction
    rank: int


def placement_points(totals: Sequence[int]) -> tuple[Fraction, ...]:
    """Each seat's placement points for a game's final ``totals``: 100 for the first place down
    to 0 for the last, in equal steps; tied seats share the points of the places they take.

    >>> [str(p) for p in placement_points((30, 90, 60, 60))]
    ['0', '100', '50', '50']
    """
    count = len(totals)
    if count < 2:
        return (Fraction(SCALE),) * count
    step = Fraction(SCALE, count - 1)
    order = sorted(totals, reverse=True)
    points = []
    for total in totals:
        first = order.index(total)  # places first .. first + tied - 1 (0: the winner)
        tied = order.count(total)
        places = range(first, first + tied)
        points.append(sum((SCALE - step * place for place in places), Fraction(0)) / tied)
    return tuple(points)


def standings(
    games: Sequence[TableResult], sat_out: Sequence[str], *, seed: int
) -> tuple[Standing, ...]:
    """The evening's standings from its finished games and its sit-outs (a player once for each
    sitting sat out), best first, ranked by :data:`TIE_BREAKS`."""
    points: defaultdict[str, Fraction] = defaultdict(Fraction)
    played: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    for game in games:
        for player, total, got in zip(
            game.players, game.totals, placement_points(game.totals), strict=True
        ):
            points[player] += got
            played[player] += 1
            scored[player] += total
            rounds[player] += game.rounds
    for player in sat_out:
        points[player] += SAT_OUT
    everyone = sorted({*played, *sat_out})
    per_round = {
        player: Fraction(scored[player], rounds[player]) if rounds[player] else Fraction(0)
        for player in everyone
    }
    # Each player's lot from the evening's seed and their own name alone: a player who finishes
    # a game or arrives later does not draw the others' lots again.
    drawn = {player: random.Random(f"{seed}:{player}").random() for player in everyone}
    first_two = sorted(everyone, key=lambda p: (-points[p], -per_round[p]))
    ranked: list[str] = []
    for group in _tied(first_two, lambda p: (points[p], per_round[p])):
        above = _head_to_head(group, games)
        ranked += sorted(group, key=lambda p: (-above[p], drawn[p]))
    sat = Counter(sat_out)
    return tuple(
        Standing(
            player,
            points[player],
            played[player],
            sat[player],
            per_round[player],
            rank,
        )
        for rank, player in enumerate(ranked, start=1)
    )


def _tied(ordered: list[str], key: Callable[[str], object]) -> list[list[str]]:
    """``ordered`` cut into runs of players with the same ``key``."""
    groups: list[list[str]] = []
    for player in ordered:
        if groups and key(groups[-1][0]) == key(player):
            groups[-1].append(player)
        else:
            groups.append([player])
    return groups


def _head_to_head(group: list[str], games: Sequence[TableResult]) -> Counter[str]:
    """For each player of ``group``, how many times they finished above another of the group
    at a table they shared."""
    above: Counter[str] = Counter()
    if len(group) < 2:
        return above
    inside = set(group)
    for game in games:
        here = [(total, player) for player, total in zip(game.players, game.totals, strict=True)]
        for total, player in here:
            if player in inside:
                above[player] += sum(
                    1 for other_total, other in here if other in inside and total > other_total
                )
    return above
