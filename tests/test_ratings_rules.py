"""Ratings that behave (issue 48): the shown rating follows the place, over random histories;
each game's change read by opponent; the favourite's backtest against the 1/n baseline."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks import ratings_bench
from scorekeeper.core.ratings import (
    PROVISIONAL_GAMES,
    SETTINGS,
    Change,
    FinishedGame,
    backtest,
    change_over,
    changes_of,
    history,
    model,
    ratings,
)
from tests.support.profiles import examples

POOL = [f"Player {n}" for n in range(1, 11)]


@st.composite
def histories(draw: st.DrawFn) -> list[FinishedGame]:
    """Random groups of 2 to 8 players from a club of 10, in random seat orders, with random
    totals (ties often): 1 to 24 games."""
    games = []
    for number in range(draw(st.integers(1, 24))):
        table = draw(st.lists(st.sampled_from(POOL), min_size=2, max_size=8, unique=True))
        totals = draw(st.lists(st.integers(-5, 5), min_size=len(table), max_size=len(table)))
        games.append(FinishedGame(tuple(table), tuple(10 * t for t in totals), str(number)))
    return games


def last(change: Change, game: FinishedGame) -> bool:
    return change.place == max(1 + sum(o > t for o in game.totals) for t in game.totals)


def above_middle(change: Change, game: FinishedGame) -> bool:
    mine = game.totals[game.players.index(change.player)]
    beaten = sum(total < mine for total in game.totals)
    tied = sum(total == mine for total in game.totals) - 1
    return beaten + tied / 2 > (len(game.totals) - 1) / 2


@settings(max_examples=examples(100), deadline=None)
@given(histories())
def test_the_shown_rating_follows_the_place(games: list[FinishedGame]) -> None:
    """The two rules: a settled player's first place never lowers the shown rating and a last
    place never raises it (settled: at least PROVISIONAL_GAMES games before the game); a finish
    in the middle or below is never a gain (and one above the middle never a loss), for
    everyone."""
    for game, changes in zip(games, history(games), strict=True):
        for change in changes:
            assert change.settled == (
                sum(change.player in g.players for g in games[: change.game]) >= PROVISIONAL_GAMES
            )
            if change.settled and change.place == 1:
                assert change.change >= 0, change
            if change.settled and last(change, game):
                assert change.change <= 0, change
            if above_middle(change, game):
                assert change.change >= 0, change
            else:
                assert change.change <= 0, change


@settings(max_examples=examples(50), deadline=None)
@given(histories())
def test_each_change_reads_by_opponent_and_sums_to_the_change(games: list[FinishedGame]) -> None:
    for game, changes in zip(games, history(games), strict=True):
        for change in changes:
            assert [other for other, _part in change.by_opponent] == [
                p for p in game.players if p != change.player
            ]
            assert sum(part for _other, part in change.by_opponent) == pytest.approx(
                change.change, abs=1e-9
            )
            if change.held:
                assert change.change == 0


@settings(max_examples=examples(50), deadline=None)
@given(histories())
def test_the_shown_ratings_are_the_last_changes(games: list[FinishedGame]) -> None:
    shown = {line.player: line.rating for line in ratings(games)}
    afters = {change.player: change.after for game in history(games) for change in game}
    assert shown == {player: round(after, 2) for player, after in afters.items()}


def test_a_settled_top_player_who_wins_against_three_weaker_ones_does_not_fall() -> None:
    """Issue 48: with the conservative value shown, 37.000 fell to 36.993."""
    games = [FinishedGame(("Top", "A", "B", "C"), (90, 60, 30, 0))] * 30
    top = changes_of(games, "Top")
    assert all(change.change >= 0 for change in top)
    assert top[-1].settled and top[-1].after >= top[-1].before


def test_five_newcomers_after_one_game_show_no_gain_for_the_third() -> None:
    """Issue 48: the third of five showed +3.39."""
    (game,) = history([FinishedGame(("A", "B", "C", "D", "E"), (50, 40, 30, 20, 10))])
    assert [round(change.change, 6) for change in game][2] == 0
    assert game[0].change > game[1].change > 0 > game[3].change > game[4].change


def test_an_upset_in_the_middle_is_held_at_zero() -> None:
    """The weakest of five third, ahead of the two strongest: the model would give a gain."""
    table = ("Strong", "Stronger", "Mid", "Middle", "Weak")
    games = [FinishedGame(table, (50, 40, 30, 20, 10))] * 8
    upset = FinishedGame(table, (0, 10, 50, 40, 30))
    weak = next(change for change in history([*games, upset])[-1] if change.player == "Weak")
    assert weak.held and weak.change == 0 and weak.place == 3
    assert all(part == 0 for _other, part in weak.by_opponent)
    # Without the place rule, the model's own move.
    unruled = history([*games, upset], replace(SETTINGS, place_rule=False))[-1]
    assert next(change for change in unruled if change.player == "Weak").change > 0


def test_a_change_by_opponent_is_the_models_own_term() -> None:
    games = [
        FinishedGame(("A", "B", "C"), (30, 20, 10)),
        FinishedGame(("A", "B", "C", "D"), (10, 40, 40, 0)),
    ]
    (_first, second) = history(games)
    b = next(change for change in second if change.player == "B")
    parts = dict(b.by_opponent)
    # B beat A and D and tied C: a gain from A and D.
    assert parts["A"] > 0 and parts["D"] > 0
    assert sum(parts.values()) == pytest.approx(b.change)
    # The parts are openskill's own: its change of B's rating is their sum.
    rater = model()
    first = {
        p: r[0]
        for p, r in zip(
            games[0].players,
            rater.rate([[rater.rating()] for _ in range(3)], ranks=[1.0, 2.0, 3.0]),
            strict=True,
        )
    }
    teams = [[first.get(p) or rater.rating()] for p in games[1].players]
    rated = rater.rate(teams, ranks=[3.0, 1.0, 1.0, 4.0])
    assert rated[1][0].mu - teams[1][0].mu == pytest.approx(b.change)


def test_the_backtest_counts_the_favourites_wins_against_one_in_n() -> None:
    games = [FinishedGame(("A", "B", "C", "D"), (40, 30, 20, 10))] * 5
    games += [FinishedGame(("A", "B", "C"), (0, 30, 20))] * 2
    tested = backtest(games)
    # The first game has no favourite (all newcomers); A is the favourite of the rest.
    assert tested.games == 6
    assert tested.favourite_won == 4
    assert tested.rate == pytest.approx(4 / 6)
    assert tested.baseline == pytest.approx((4 * 0.25 + 2 / 3) / 6)
    assert backtest([]).rate is None


def test_a_shared_first_place_counts_the_favourite_a_share() -> None:
    games = [FinishedGame(("A", "B"), (10, 0)), FinishedGame(("A", "B", "C"), (10, 10, 0))]
    assert backtest(games).favourite_won == pytest.approx(0.5)


def test_the_change_over_an_evenings_games() -> None:
    games = [
        FinishedGame(("A", "B", "C", "D"), (40, 30, 20, 10), "g1"),
        FinishedGame(("A", "B", "C", "D"), (10, 20, 30, 40), "g2"),
        FinishedGame(("A", "B", "C"), (10, 20, 30), "g3"),
    ]
    mine = changes_of(games, "A")
    assert change_over(games, "A", ["g2", "g3"]) == pytest.approx(mine[1].change + mine[2].change)
    assert change_over(games, "D", ["g3"]) is None


def test_on_a_simulated_club_the_favourite_beats_a_pick_by_lot() -> None:
    """The backtest's benchmark (benchmarks/ratings_bench.py) on one club: the chosen settings'
    favourite wins well above 1/n, and no more than the truly most skilled player would."""
    games, skill = ratings_bench.club(0, 0.6)
    tested = backtest(games)
    assert tested.rate is not None
    assert tested.baseline + 0.05 < tested.rate < ratings_bench._oracle(games, skill) + 0.05
