"""Adjustments: signed points for one player in one round, with a short reason.

Tournaments give penalty points and tables settle a revoke or a misdeal this way
(EDITIONS.md "Penalties and adjustments"). An adjustment belongs to a completed round: it counts
in that round's score and so in every total after it, but in no bid figure (a bid is met or
missed by the tricks alone). Pure Python, part of the rules.

Decisions:

- ``points`` is a whole number, not 0, from -1000 to 1000: a whole game of 20 rounds scores
  a few hundred points, so a larger number is a typing slip.
- ``reason`` is required (the sheet lists it beside the mark), 1 to 40 characters after
  trimming, with no control or invisible character (as a player's name).
- At most 10 adjustments per round: more is a slip, not a table's penalties.
- Several adjustments of one player in one round add up; they keep the order entered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import has_hidden_character, normalise_name

MAX_POINTS = 1000
MAX_REASON_LENGTH = 40
MAX_PER_ROUND = 10


@dataclass(frozen=True)
class Adjustment:
    """Signed ``points`` for ``seat`` in a round, and why."""

    seat: int
    points: int
    reason: str


def check_adjustment(players: int, seat: int, points: int, reason: str) -> Adjustment:
    """The adjustment as stored (its reason trimmed), or a refusal by a stable code."""
    if not 0 <= seat < players:
        raise RuleError("adjustment_seat", players=players)
    if points == 0:
        raise RuleError("adjustment_points_zero")
    if not -MAX_POINTS <= points <= MAX_POINTS:
        raise RuleError("adjustment_points_range", max=MAX_POINTS)
    if not reason.strip():
        raise RuleError("adjustment_reason_missing")
    if has_hidden_character(reason):
        raise RuleError("adjustment_reason_bad_character")
    reason = normalise_name(reason)
    if len(reason) > MAX_REASON_LENGTH:
        raise RuleError("adjustment_reason_too_long", max=MAX_REASON_LENGTH)
    return Adjustment(seat, points, reason)


def check_adjustments(players: int, given: Sequence[Adjustment]) -> tuple[Adjustment, ...]:
    """A round's adjustments as stored, or the refusal of the first one that does not fit."""
    if len(given) > MAX_PER_ROUND:
        raise RuleError("adjustments_too_many", max=MAX_PER_ROUND)
    return tuple(check_adjustment(players, a.seat, a.points, a.reason) for a in given)


def by_seat(players: int, given: Iterable[Adjustment]) -> tuple[int, ...]:
    """The points each seat gets from ``given`` (0 for a seat without an adjustment).

    >>> by_seat(3, [Adjustment(1, -20, "revoke"), Adjustment(1, 5, "bonus")])
    (0, -15, 0)
    """
    points = [0] * players
    for adjustment in given:
        points[adjustment.seat] += adjustment.points
    return tuple(points)
