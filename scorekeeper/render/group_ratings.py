"""A group's ratings as its pages and API show them (issue 48): every player's rating, each
game's change of one player read by opponent, and how often the favourite won (the backtest),
all from the counted games of the group's statistics (core/ratings.py)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import ratings
from scorekeeper.core.stats import GameResult, GroupStats


def finished(figures: GroupStats) -> list[ratings.FinishedGame]:
    """The counted games, in the order played, as ratings see them."""
    return [ratings.FinishedGame(result.keys, result.totals, result.id) for result in figures.games]


def rate(figures: GroupStats, key: str | None = None) -> ratings.Rated:
    """The counted games rated once: every rating, each game's changes (read by opponent for
    the player ``key`` only), the backtest."""
    return ratings.rate(finished(figures), detail=() if key is None else (key,))


@dataclass(frozen=True)
class GameLine:
    """One game of a player's: the game, their change in it, and each opponent's part by the
    opponent's name (rounded to two decimals, summing to the rounded change)."""

    result: GameResult
    change: ratings.Change
    parts: tuple[tuple[str, float], ...]


def player_lines(figures: GroupStats, rated: ratings.Rated, key: str) -> list[GameLine]:
    """The player ``key``'s change in each counted game they played, in the order played."""
    names = {player.key: player.name for player in figures.players}
    results = {result.id: result for result in figures.games}
    return [
        GameLine(
            results[change.game_id],
            change,
            tuple((names.get(other, other), part) for other, part in change.parts()),
        )
        for change in rated.changes_of(key)
    ]
