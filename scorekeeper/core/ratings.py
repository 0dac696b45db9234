"""Ratings over a group's finished games, for the long run (issue 34): computed from the stored
games every time they are asked for, never stored as truth.

The model is openskill's Weng-Lin **Bradley-Terry (full pairing)**, a multiplayer rating that
handles ties correctly: two players tied for second at a table of 4 come out between a second
and a third place. Its default, Plackett-Luce, rates such a tie like a third place, below the
middle of the table (``tests/test_ratings.py`` shows both). A game is a ranking of its players
by their final totals, each player their own team; ties share a rank. A player's rating is shown
as a conservative value, ``mu - 3 sigma`` (openskill's ``ordinal``: 0 for a newcomer, and
rising as the pad grows surer), and a player with fewer than :data:`PROVISIONAL_GAMES` games is
marked provisional.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

PROVISIONAL_GAMES = 5
"""Games a player needs before their rating is no longer marked provisional."""


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as ratings see it: its players (a group's player keys) and their totals."""

    players: tuple[str, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating: the conservative value, the games it rests on, provisional or not."""

    player: str
    rating: float
    games: int
    provisional: bool


def _model() -> BradleyTerryFull:
    return BradleyTerryFull()


def ranks(totals: Sequence[int]) -> list[int]:
    """Each seat's place by its total (1: the best); tied totals share a place.

    >>> ranks((30, 90, 60, 60))
    [4, 1, 2, 2]
    """
    return [1 + sum(other > total for other in totals) for total in totals]


def _rated(
    games: Sequence[FinishedGame],
) -> tuple[dict[str, BradleyTerryFullRating], dict[str, int]]:
    model = _model()
    current: dict[str, BradleyTerryFullRating] = {}
    played: dict[str, int] = {}
    for game in games:
        teams = [[current.get(player) or model.rating(name=player)] for player in game.players]
        rated = model.rate(teams, ranks=[float(place) for place in ranks(game.totals)])
        for player, team in zip(game.players, rated, strict=True):
            current[player] = team[0]
            played[player] = played.get(player, 0) + 1
    return current, played


def ratings(games: Sequence[FinishedGame]) -> tuple[PlayerRating, ...]:
    """Every player's rating after ``games`` (in the order they were played), best first."""
    current, played = _rated(games)
    lines = [
        PlayerRating(
            player,
            round(rating.ordinal(), 2),
            played[player],
            played[player] < PROVISIONAL_GAMES,
        )
        for player, rating in current.items()
    ]
    return tuple(sorted(lines, key=lambda line: (-line.rating, line.player)))


def win_chances(games: Sequence[FinishedGame], table: Sequence[str]) -> tuple[float, ...]:
    """Each seat's chance to win a game about to start at ``table``, from the ratings after
    ``games`` (a newcomer at the default rating)."""
    model = _model()
    current, _played = _rated(games)
    teams = [[current.get(player) or model.rating(name=player)] for player in table]
    return tuple(model.predict_win(teams))
