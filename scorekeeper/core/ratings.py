"""Ratings over a group's finished games, for the long run (issues 34 and 48): computed from the
stored games every time they are asked for, never stored as truth.

The model is openskill's Weng-Lin **Bradley-Terry (full pairing)**, a multiplayer rating that
handles ties correctly: two players tied for second at a table of 4 come out between a second
and a third place. Its default, Plackett-Luce, rates such a tie like a third place, below the
middle of the table (``tests/test_ratings.py`` shows both). A game is a ranking of its players
by their final totals, each player their own team; ties share a rank. Each player the model
holds a skill ``mu`` (a newcomer :data:`START`) and how unsure it is of it, ``sigma``.

**The shown rating is ``mu``**, the model's best estimate, with a player of fewer than
:data:`PROVISIONAL_GAMES` games marked provisional (the confidence mark; ``uncertainty`` is
``sigma``). Not the conservative ``mu - 3 sigma`` shown before issue 48: that value moves with
the model's doubt as well as with the result, so a settled top player who won fell (the doubt
added every game outweighed a small win) and a newcomer in the middle of a table gained (the doubt
shrank). A shown change follows the result through two rules, for every player, provisional or
settled (a **settled** player has at least :data:`PROVISIONAL_GAMES` games before the game):

1. **A first place never lowers the shown rating, a last place never raises it.** Bradley-Terry
   moves ``mu`` by the sum over the table's opponents of (result - expected result): a first
   place beat everyone, each term is a gain; a last place lost to everyone, each a loss.
2. **A finish in the middle or below is never shown as a gain, and one above the middle never
   as a loss** (the place rule): a player who beat no more of the table than beat them (ties
   half) keeps a gain the model would give for an upset at zero, and the other way round (a
   table all tied, first and last at once, moves nobody). The rest of
   the model (its doubt, the other players' changes) is untouched; ``held`` says when the rule
   held a change, and the backtest (``benchmarks/ratings_bench.py``, docs/club-night.md) shows
   what it costs the predictions.

Each player's change in a game reads by opponent (:class:`Change`): the model's term of each
pairing (a tie is half a win), summing to the change. How often
the favourite won is :func:`backtest`. The settings (:data:`SETTINGS`) were chosen by that
backtest on simulated club histories.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

PROVISIONAL_GAMES = 5
"""Games a player needs before their rating is no longer marked provisional (and is settled)."""

START = 25.0
"""A newcomer's rating."""


@dataclass(frozen=True)
class Settings:
    """The model's settings: a newcomer's uncertainty (``sigma``), the spread of one game's
    luck (``beta``), the doubt added before every game (``tau``) and the place rule."""

    sigma: float
    beta: float
    tau: float
    place_rule: bool = True


SETTINGS = Settings(sigma=25 / 12, beta=25 / 3, tau=25 / 300)
"""The settings the pad uses, chosen by the backtest on simulated club histories
(``benchmarks/ratings_bench.py``; docs/club-night.md, "Ratings": the figures and why): a
newcomer's doubt a quarter of openskill's default and a game's luck twice its default, since a
hand of cards decides much of a game of Wizard; the default doubt added before every game."""


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as ratings see it: its players (a group's player keys) and their totals;
    ``id`` names the stored game (empty where it does not matter)."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    id: str = ""


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating: the shown value, the games it rests on, provisional or not, and the
    model's doubt (``sigma``)."""

    player: str
    rating: float
    games: int
    provisional: bool
    uncertainty: float = 0.0


@dataclass(frozen=True)
class Change:
    """One player's change in one game: place (1: the best) of ``size`` players, the shown
    rating before and after, and the change by opponent (each opponent's part, summing to the
    change; empty for a player :func:`rate` was not asked to read so); ``held`` when the place
    rule kept it at zero; ``settled`` when the player had :data:`PROVISIONAL_GAMES` games or
    more before it."""

    game: int
    game_id: str
    player: str
    place: int
    size: int
    before: float
    after: float
    by_opponent: tuple[tuple[str, float], ...]
    held: bool
    settled: bool

    @property
    def change(self) -> float:
        """The shown rating's change in this game."""
        return self.after - self.before

    def parts(self, digits: int = 2) -> tuple[tuple[str, float], ...]:
        """The change by opponent rounded to ``digits``, summing to the rounded change: the
        rounding left over goes to the largest part.

        >>> Change(0, "", "A", 1, 3, 25, 26, (("B", 0.333), ("C", 0.667)), False, False).parts()
        (('B', 0.33), ('C', 0.67))
        """
        # Adding 0.0 writes a part rounded to nothing as 0, not -0.
        rounded = [(other, round(part, digits) + 0.0) for other, part in self.by_opponent]
        left = round(round(self.change, digits) - sum(part for _other, part in rounded), digits)
        if rounded and left:
            largest = max(range(len(rounded)), key=lambda at: abs(rounded[at][1]))
            other, part = rounded[largest]
            rounded[largest] = (other, round(part + left, digits))
        return tuple(rounded)


@dataclass(frozen=True)
class Backtest:
    """How often the favourite (the one highest rating before the game) won, over the games
    that had one, against the 1/n baseline (the mean of 1 / table size over the same games).
    A first place shared by k players counts 1/k."""

    games: int
    favourite_won: float
    baseline: float

    @property
    def rate(self) -> float | None:
        """The share of those games the favourite won (``None`` without any)."""
        return self.favourite_won / self.games if self.games else None


def ranks(totals: Sequence[int]) -> list[int]:
    """Each seat's place by its total (1: the best); tied totals share a place.

    >>> ranks((30, 90, 60, 60))
    [4, 1, 2, 2]
    """
    return [1 + sum(other > total for other in totals) for total in totals]


def model(settings: Settings = SETTINGS) -> BradleyTerryFull:
    """openskill's model with ``settings``."""
    return BradleyTerryFull(mu=START, sigma=settings.sigma, beta=settings.beta, tau=settings.tau)


def _pairings(
    before: Sequence[BradleyTerryFullRating], places: Sequence[int], seat: int, settings: Settings
) -> list[float]:
    """The seat's term against each seat (0 against itself), as Bradley-Terry full pairing
    moves ``mu``: the doubt over the pairing's spread, times (result - expected)."""
    doubt = [rating.sigma**2 + settings.tau**2 for rating in before]
    mine = before[seat]
    row = []
    for q, theirs in enumerate(before):
        if q == seat:
            row.append(0.0)
            continue
        spread = math.sqrt(doubt[seat] + doubt[q] + 2 * settings.beta**2)
        expected = 1 / (1 + math.exp((theirs.mu - mine.mu) / spread))
        result = 1.0 if places[q] > places[seat] else 0.5 if places[q] == places[seat] else 0.0
        row.append(doubt[seat] / spread * (result - expected))
    return row


def _above_middle(places: Sequence[int], seat: int) -> bool:
    """Whether the seat beat more of the table than beat it (ties half)."""
    mine = places[seat]
    beaten = sum(place > mine for place in places) + (places.count(mine) - 1) / 2
    return beaten > (len(places) - 1) / 2


def _play(
    game: FinishedGame,
    number: int,
    current: dict[str, BradleyTerryFullRating],
    played: dict[str, int],
    rater: BradleyTerryFull,
    settings: Settings,
    detail: Collection[str] | None,
) -> tuple[Change, ...]:
    """Rate one game: the ratings in ``current`` and the games in ``played`` move on; each
    seat's change (read by opponent for the players in ``detail``, every one when ``None``)."""
    before = [current.get(player) or rater.rating(name=player) for player in game.players]
    places = ranks(game.totals)
    rated = rater.rate([[rating] for rating in before], ranks=[float(place) for place in places])
    changes = []
    for seat, (player, old, team) in enumerate(zip(game.players, before, rated, strict=True)):
        after = team[0]
        gain = after.mu - old.mu
        above = _above_middle(places, seat)
        # Never down: a first place, a place above the middle; never up: a place in the
        # middle or below (a table all tied is both: its seats stay where they were).
        never_down, never_up = above or places[seat] == 1, not above
        held = settings.place_rule and ((never_down and gain < 0) or (never_up and gain > 0))
        if held:
            after.mu = old.mu
        parts: tuple[tuple[str, float], ...] = ()
        if detail is None or player in detail:
            terms = _pairings(before, places, seat, settings)
            parts = tuple(
                (other, 0.0 if held else terms[q])
                for q, other in enumerate(game.players)
                if q != seat
            )
        changes.append(
            Change(
                number,
                game.id,
                player,
                places[seat],
                len(places),
                old.mu,
                after.mu,
                parts,
                held,
                played.get(player, 0) >= PROVISIONAL_GAMES,
            )
        )
        current[player] = after
        played[player] = played.get(player, 0) + 1
    return tuple(changes)


@dataclass(frozen=True)
class _Run:
    current: dict[str, BradleyTerryFullRating]
    played: dict[str, int]
    changes: tuple[tuple[Change, ...], ...]


def _run(
    games: Sequence[FinishedGame], settings: Settings, detail: Collection[str] | None = None
) -> _Run:
    rater = model(settings)
    current: dict[str, BradleyTerryFullRating] = {}
    played: dict[str, int] = {}
    changes = tuple(
        _play(game, number, current, played, rater, settings, detail)
        for number, game in enumerate(games)
    )
    return _Run(current, played, changes)


@dataclass(frozen=True)
class Rated:
    """Everything the ratings say of a group's games, worked out in one pass: every player's
    rating best first (:func:`ratings`), each game's changes (:func:`history`) and the
    favourite's backtest (:func:`backtest`)."""

    lines: tuple[PlayerRating, ...]
    history: tuple[tuple[Change, ...], ...]
    backtest: Backtest

    def changes_of(self, player: str) -> tuple[Change, ...]:
        """``player``'s change in each game they played, in order."""
        return tuple(change for game in self.history for change in game if change.player == player)

    def line_of(self, player: str) -> PlayerRating | None:
        """``player``'s rating (``None`` for a player of no game)."""
        return next((line for line in self.lines if line.player == player), None)


def rate(
    games: Sequence[FinishedGame],
    settings: Settings = SETTINGS,
    detail: Collection[str] | None = None,
) -> Rated:
    """Rate ``games`` (in the order they were played) once: ratings, changes and backtest.
    Each change is read by opponent for the players in ``detail`` only (every player when
    ``None``; ``()`` for none, when only the ratings are shown: a third faster)."""
    run = _run(games, settings, detail)
    lines = [
        PlayerRating(
            player,
            round(rating.mu, 2),
            run.played[player],
            run.played[player] < PROVISIONAL_GAMES,
            round(rating.sigma, 2),
        )
        for player, rating in run.current.items()
    ]
    best_first = tuple(sorted(lines, key=lambda line: (-line.rating, line.player)))
    return Rated(best_first, run.changes, _backtest(run.changes))


def ratings(
    games: Sequence[FinishedGame], settings: Settings = SETTINGS
) -> tuple[PlayerRating, ...]:
    """Every player's rating after ``games`` (in the order they were played), best first."""
    return rate(games, settings).lines


def history(
    games: Sequence[FinishedGame], settings: Settings = SETTINGS
) -> tuple[tuple[Change, ...], ...]:
    """Each game's changes, seat by seat, in the order the games were played."""
    return _run(games, settings).changes


def changes_of(
    games: Sequence[FinishedGame], player: str, settings: Settings = SETTINGS
) -> tuple[Change, ...]:
    """``player``'s change in each game they played, in order (their rating page; an evening's
    result card sums those of the evening's games, :func:`change_over`)."""
    return rate(games, settings, (player,)).changes_of(player)


def change_over(
    games: Sequence[FinishedGame], player: str, game_ids: Sequence[str]
) -> float | None:
    """How much ``player``'s shown rating moved over the games named by ``game_ids`` (say, an
    evening's tables), or ``None`` when they played none of them."""
    wanted = set(game_ids)
    mine = [change.change for change in changes_of(games, player) if change.game_id in wanted]
    return sum(mine) if mine else None


def backtest(games: Sequence[FinishedGame], settings: Settings = SETTINGS) -> Backtest:
    """How often the favourite, the one player with the highest rating before the game, won
    (places from the totals), against the 1/n baseline over the same games."""
    return _backtest(history(games, settings))


def _backtest(history: Sequence[Sequence[Change]]) -> Backtest:
    counted, won, baseline = 0, 0.0, 0.0
    for changes in history:
        best = max(change.before for change in changes)
        favourites = [change for change in changes if change.before == best]
        if len(favourites) != 1:
            continue
        counted += 1
        baseline += 1 / len(changes)
        firsts = sum(change.place == 1 for change in changes)
        won += 1 / firsts if favourites[0].place == 1 else 0.0
    return Backtest(counted, won, baseline / counted if counted else 0.0)


def win_chances(
    games: Sequence[FinishedGame], table: Sequence[str], settings: Settings = SETTINGS
) -> tuple[float, ...]:
    """Each seat's chance to win a game about to start at ``table``, from the ratings after
    ``games`` (a newcomer at the default rating)."""
    rater = model(settings)
    current = _run(games, settings).current
    teams = [[current.get(player) or rater.rating(name=player)] for player in table]
    return tuple(rater.predict_win(teams))
