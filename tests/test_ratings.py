"""Ratings over a group's games (issue 34): ties handled right, newcomers provisional."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.core.ratings import (
    PROVISIONAL_GAMES,
    FinishedGame,
    ranks,
    ratings,
    win_chances,
)

FOUR = ("Ana", "Ben", "Cy", "Dan")


def rated(totals: tuple[int, ...]) -> dict[str, float]:
    return {line.player: line.rating for line in ratings([FinishedGame(FOUR, totals)])}


def test_two_tied_seconds_rate_between_a_second_and_a_third() -> None:
    alone = rated((90, 60, 30, 0))  # Ben second, Cy third
    tied = rated((90, 60, 60, 0))  # Ben and Cy tied for second
    assert tied["Ben"] == tied["Cy"]
    assert alone["Cy"] < tied["Ben"] < alone["Ben"]
    # A tie for second is not a fourth place either.
    assert tied["Ben"] > alone["Dan"]


def test_the_default_model_would_rate_a_tie_for_second_like_a_third() -> None:
    # Why Bradley-Terry and not openskill's default: Plackett-Luce gives the tied seconds no
    # more than a third place.
    model = PlackettLuce()

    def mu(places: list[float]) -> list[float]:
        teams = [[model.rating()] for _ in places]
        return [team[0].mu for team in model.rate(teams, ranks=places)]

    assert mu([1, 2, 2, 4])[1] == pytest.approx(mu([1, 2, 3, 4])[2])


def test_newcomers_are_provisional_until_enough_games() -> None:
    games = [FinishedGame(FOUR, (40, 30, 20, 10))] * (PROVISIONAL_GAMES - 1)
    games.append(FinishedGame(("Ana", "Ben", "Eve"), (10, 20, 30)))
    lines = {line.player: line for line in ratings(games)}
    assert (lines["Ana"].games, lines["Ana"].provisional) == (PROVISIONAL_GAMES, False)
    assert (lines["Cy"].games, lines["Cy"].provisional) == (PROVISIONAL_GAMES - 1, True)
    assert lines["Eve"].provisional
    # Conservative: a player who keeps winning rates above one who keeps losing.
    assert lines["Ana"].rating > lines["Dan"].rating


def test_each_seat_has_a_chance_to_win_and_the_stronger_more() -> None:
    games = [FinishedGame(FOUR, (40, 30, 20, 10))] * 6
    chances = win_chances(games, ["Dan", "Ana", "Newcomer"])
    assert sum(chances) == pytest.approx(1)
    assert chances[1] > chances[2] > chances[0]


def test_ranks_share_a_place_for_equal_totals() -> None:
    assert ranks((5, 5, 1)) == [1, 1, 3]
