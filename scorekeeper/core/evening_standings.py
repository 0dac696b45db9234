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

A table the keepers **ended early** (a player left in the middle of its game, issue 48) counts
as it stood after the last round every player finished: those who stayed are placed by their
totals then, and whoever left is placed below all of them (several who left: by their totals
among themselves). Why last: a player who leaves while ahead must not take the game's win with
them, and those who stayed, whose game was cut short, keep the places they played for. Points
per round count those rounds only.

A sit-out is credited only once its sitting is **over** (issue 48): every table of it finished
or not waited for (taken out, or its game deleted). Until then it is **pending**: shown, not
counted, so the one player sitting out does not lead the standings before anyone has played.

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
from typing import Any

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
    left: tuple[str, ...] = ()
    """Who left a game ended early: placed below everyone who stayed."""

    @property
    def order(self) -> tuple[tuple[int, int], ...]:
        """Each seat's standing at the table, compared as a whole: stayed first, then total."""
        return tuple(
            (0 if player in self.left else 1, total)
            for player, total in zip(self.players, self.totals, strict=True)
        )


PLAYED = "played"
"""A sitting's state for a player: played a game that counts, at a table whose game ended."""
SAT = "sat_out"
"""Sat it out (or sat at a table taken out), the sitting over: credited :data:`SAT_OUT`."""
PENDING = "pending"
"""Sits it out while the sitting's games go on: 50 to come, not counted yet."""
PLAYING = "playing"
"""At a table whose game goes on."""
MISSED = "missed"
"""Not in the sitting (arrived later, left earlier), or at a table whose game is gone."""


@dataclass(frozen=True)
class SittingResult:
    """One sitting as the standings count it: its games that ended and count, who sat it out
    (the players of a table taken out too), who is still playing, and whether it is over (every
    table's game ended or not waited for), which credits its sit-outs."""

    games: tuple[TableResult, ...]
    sat_out: tuple[str, ...] = ()
    playing: tuple[str, ...] = ()
    over: bool = True


@dataclass(frozen=True)
class SittingPoints:
    """What one sitting gave a player: its state (:data:`PLAYED`, :data:`SAT`, :data:`PENDING`,
    :data:`PLAYING`, :data:`MISSED`), its placement points (played, sat out, or pending: the
    50 to come), and for a game their place (1 the first, tied players sharing the best of
    their places) among ``seats`` players."""

    state: str
    points: Fraction | None = None
    place: int | None = None
    seats: int | None = None
    shared: int = 1
    """How many players share that place (the same final total), this one included."""


@dataclass(frozen=True)
class Standing:
    """A player's line of the evening's standings."""

    player: str
    placement_points: Fraction
    games: int
    sat_out: int
    points_per_round: Fraction
    rank: int
    pending: int = 0
    """Sittings sat out whose games go on: their 50 is not counted yet."""
    head_to_head: int | None = None
    """Among the players level with this one on placement points and points per round, how
    many times they finished above another of them at a shared table (``None``: nobody level)."""
    decided_by: str | None = None
    """The tie-break that put this player below the line above (``None``: placement points,
    or the first line)."""
    sittings: tuple[SittingPoints, ...] = ()
    """What each sitting gave the player, in order."""


def placement_points(totals: Sequence[Any]) -> tuple[Fraction, ...]:
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


def standings(sittings: Sequence[SittingResult], *, seed: int) -> tuple[Standing, ...]:
    """The evening's standings from its sittings in order, best first, ranked by
    :data:`TIE_BREAKS`; each line carries what every sitting gave the player."""
    games = [game for sitting in sittings for game in sitting.games]
    entries: defaultdict[str, dict[int, SittingPoints]] = defaultdict(dict)
    scored: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    for number, sitting in enumerate(sittings):
        for game in sitting.games:
            places = _places(game.order)
            got = placement_points(game.order)
            for seat, player in enumerate(game.players):
                entries[player][number] = SittingPoints(
                    PLAYED, got[seat], places[seat], len(places), places.count(places[seat])
                )
                scored[player] += game.totals[seat]
                rounds[player] += game.rounds
        state = SAT if sitting.over else PENDING
        for player in sitting.sat_out:
            entries[player][number] = SittingPoints(state, SAT_OUT)
        for player in sitting.playing:
            entries[player][number] = SittingPoints(PLAYING)
    # Listed once something of theirs counts or is to come (a game still on lists nobody),
    # and only from the first game ended or sit-out credited: a pending sit-out alone would
    # make a table of zeros.
    everyone = sorted(
        p for p, got in entries.items() if any(e.state != PLAYING for e in got.values())
    )
    if not any(e.state in (PLAYED, SAT) for got in entries.values() for e in got.values()):
        return ()
    missed = SittingPoints(MISSED)
    by_sitting = {
        player: tuple(entries[player].get(number, missed) for number in range(len(sittings)))
        for player in everyone
    }
    points = {player: counted(by_sitting[player]) for player in everyone}
    per_round = {
        player: Fraction(scored[player], rounds[player]) if rounds[player] else Fraction(0)
        for player in everyone
    }
    # Each player's lot from the evening's seed and their own name alone: a player who finishes
    # a game or arrives later does not draw the others' lots again.
    drawn = {player: random.Random(f"{seed}:{player}").random() for player in everyone}
    first_two = sorted(everyone, key=lambda p: (-points[p], -per_round[p]))
    ranked: list[str] = []
    head_to_head: dict[str, int | None] = {}
    for group in _tied(first_two, lambda p: (points[p], per_round[p])):
        above = _head_to_head(group, games)
        ranked += sorted(group, key=lambda p: (-above[p], drawn[p]))
        head_to_head |= {p: above[p] if len(group) > 1 else None for p in group}

    def decided(upper: str, player: str) -> str | None:
        """What put ``player`` below ``upper``, the line just above: ``None`` where placement
        points did, else the first tie-break that did."""
        if points[upper] != points[player]:
            return None
        if per_round[upper] != per_round[player]:
            return "points_per_round"
        return "head_to_head" if head_to_head[upper] != head_to_head[player] else "lots"

    return tuple(
        Standing(
            player,
            points[player],
            sum(entry.state == PLAYED for entry in by_sitting[player]),
            sum(entry.state == SAT for entry in by_sitting[player]),
            per_round[player],
            rank,
            pending=sum(entry.state == PENDING for entry in by_sitting[player]),
            head_to_head=head_to_head[player],
            decided_by=decided(ranked[rank - 2], player) if rank > 1 else None,
            sittings=by_sitting[player],
        )
        for rank, player in enumerate(ranked, start=1)
    )


def counted(entries: Sequence[SittingPoints]) -> Fraction:
    """The placement points that count of a player's sittings: games ended and sit-outs
    credited (a pending sit-out not yet)."""
    return sum(
        (e.points for e in entries if e.state in (PLAYED, SAT) and e.points is not None),
        Fraction(0),
    )


def _places(totals: Sequence[Any]) -> list[int]:
    """Each seat's place by its total (1: the first); tied seats share the best of theirs."""
    return [1 + sum(other > total for other in totals) for total in totals]


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
        here = list(zip(game.order, game.players, strict=True))
        for total, player in here:
            if player in inside:
                above[player] += sum(
                    1 for other_total, other in here if other in inside and total > other_total
                )
    return above
