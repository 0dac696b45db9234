"""How far each table of a sitting is, and which tables hold the evening up (issue 48): a
forecast of each table's end from the pace of its rounds, against the room's countdown.

A table's pace is the time its rounds took so far: from the start of its game (the sitting
drawn) to its last round saved, over the rounds saved. A table with no round saved yet takes the
sitting's average pace (of the tables that saved one); while no table saved one, nothing is
forecast. A table's end is its last round saved (or its start) plus its pace for each round left;
a round taking longer than that pace already moves the end on (``now`` plus the pace for each
round left after the one being played).

A table is *behind* when its forecast end is past the countdown's end; with no countdown, when it
is more than one round (of the sitting's average pace) after the average forecast end of the
sitting's tables. Times are seconds (any origin, the same for all).

>>> tables = [TablePace(3, 5, 0, 300), TablePace(1, 5, 0, 200), TablePace(0, 5, 0, None)]
>>> [f.ends for f in forecast(tables, now=320)]
[500.0, 1000.0, 920.0]
>>> [f.behind for f in forecast(tables, now=320)]
[False, True, False]
>>> [f.behind for f in forecast(tables, now=320, countdown=600)]
[False, True, True]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TablePace:
    """A table's game as its pace reads it: rounds saved, rounds planned, when it started and
    when its last round was saved (``None``: none yet); ``done`` once finished or taken out."""

    rounds_done: int
    rounds_planned: int
    started: float
    last_round: float | None
    done: bool = False


@dataclass(frozen=True)
class Forecast:
    """A table's forecast end (``None``: nothing to go by yet) and whether it is behind."""

    ends: float | None
    behind: bool


def forecast(
    tables: Sequence[TablePace], now: float, countdown: float | None = None
) -> tuple[Forecast, ...]:
    """Each table's forecast end and whether it holds the evening up (see the module's words)."""
    paces = [pace(table) for table in tables]
    known = [p for p in paces if p is not None]
    average = sum(known) / len(known) if known else None
    ends = [
        _ends(table, own if own is not None else average, now)
        for table, own in zip(tables, paces, strict=True)
    ]
    if countdown is not None:
        limit: float | None = countdown
    else:
        open_ends = [end for end in ends if end is not None]
        many = len(open_ends) > 1 and average is not None
        limit = sum(open_ends) / len(open_ends) + (average or 0) if many else None
    return tuple(
        Forecast(end, end is not None and limit is not None and not table.done and end > limit)
        for table, end in zip(tables, ends, strict=True)
    )


def pace(table: TablePace) -> float | None:
    """The time a round took at ``table`` so far, or ``None`` before its first round saved."""
    if table.rounds_done <= 0 or table.last_round is None:
        return None
    return max(0.0, table.last_round - table.started) / table.rounds_done


def _ends(table: TablePace, each: float | None, now: float) -> float | None:
    if table.done:
        return table.last_round if table.last_round is not None else table.started
    if each is None:
        return None
    left = max(0, table.rounds_planned - table.rounds_done)
    since = table.last_round if table.last_round is not None else table.started
    # A round taking longer than the pace: the table's end moves on with the clock.
    return max(since + each * left, now + each * max(0, left - 1))
