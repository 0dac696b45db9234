"""A group's statistics: leaderboard, per-player figures and head-to-head, from game records.

Pure Python, no Flask, no database. Every number comes from the score sheet that the rules
build (:func:`scorekeeper.core.sheet.build`): scores, totals, winners and whether a bid was met are
never worked out here, only counted. The group page, the player pages, the season PDF and the
API all render the one :class:`GroupStats` this module returns.

Decisions (docs/decisions.md, "Statistics"):

- Only **finished** games count; a game still being played changes nothing until its last round.
- A player is the same player across games when the **normalised name** is the same
  (:data:`player_key`, the rules' :func:`~scorekeeper.core.rules.same_name_key`: trimmed, Unicode
  NFKC, case folded).
- **Wins**: every player sharing first place wins (as on the Game over screen).
- **Rounds bid** count the rounds where the player made a bid: a saboteur round has no bid, so
  it counts in neither rounds bid nor bids met. With the **Jester bid** nobody bids (every bid is
  a forced zero), so a Jester-bid game adds no round bid, no zero bid and no bid met; its points
  and rounds still count.
- The **longest run of bids met** runs across the games in the order they were played, through
  the rounds where the player bid; rounds without a bid neither break nor extend it.
- **The Cloud** (anniversary decks): its winner's bid figures count the **changed bid**, the
  one the round was scored against (a bid met, a zero bid, tricks over the bid): the Cloud
  changes the bid as the card says, so what the player had to make is the changed bid.
- **Head-to-head**: of the games two players played together, how often each finished above the
  other (a tie on points counts for neither).
- **One game at a time** (issue 24): a group may play Wizard, Skull King and Oh Hell, but their
  points are never added together: every figure counts the games of one game of the family
  (:attr:`Filters.game`). Without a choice, the game of the group's latest finished game is
  counted (Wizard's length and variant filters choose Wizard); :attr:`GroupStats.played` lists
  every game the group has finished, for the pages to offer.
- **Games known by their totals only** (issue 51: a club's past brought in from a file,
  :class:`~scorekeeper.core.club_import.TotalsOnly`) count in games, wins, totals, places,
  head-to-head and ratings; having no rounds, they count in no round or bid figure (points per
  round are the points of games with rounds), and a length or variant filter, which they have
  no settings for, leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scorekeeper.core import family, sheet
from scorekeeper.core.club_import import TotalsOnly
from scorekeeper.core.game import GameRecord
from scorekeeper.core.players import seat_keys
from scorekeeper.core.stats_filters import Filters


@dataclass(frozen=True)
class PlayedGame:
    """A game of the group as stored: its id, when it was played and what the table entered."""

    id: str
    played_at: str
    record: GameRecord


@dataclass(frozen=True)
class GameResult:
    """One counted game: its final totals by player key, and the winners."""

    id: str
    played_at: str
    number: int
    names: tuple[str, ...]
    keys: tuple[str, ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[str, ...]
    game: str = family.DEFAULT_GAME
    source: str = ""
    """Where a game known by its totals only came from (``bgstats``, ``csv``); "" for a game
    played on the pad."""

    @property
    def imported(self) -> bool:
        """True for a game known by its totals only (no rounds, no sheet)."""
        return bool(self.source)

    @property
    def standings(self) -> tuple[int, ...]:
        """Seats from first place to last; tied seats keep seat order."""
        places = sorted(zip(self.ranks, range(len(self.keys)), strict=True))
        return tuple(seat for _rank, seat in places)

    def total_of(self, key: str) -> int | None:
        """The final total of the player ``key`` in this game, ``None`` if absent."""
        return self.totals[self.keys.index(key)] if key in self.keys else None

    def rank_of(self, key: str) -> int | None:
        """The place of the player ``key`` in this game, ``None`` if absent."""
        return self.ranks[self.keys.index(key)] if key in self.keys else None


@dataclass(frozen=True)
class PlayerStats:
    """Everything counted for one player over the counted games."""

    key: str
    name: str
    games: int
    wins: int
    rounds: int
    rounds_bid: int
    bids_met: int
    zero_bids: int
    zero_bids_met: int
    tricks_minus_bids: int
    total_points: int
    best_total: int
    longest_run: int
    finals: tuple[tuple[str, int], ...]
    """(game id, final total) of each counted game, in the order played."""
    imported: int = 0
    """Of ``games``, those known by their totals only (no round figures)."""
    imported_points: int = 0
    """Of ``total_points``, those of games known by their totals only."""

    @property
    def win_rate(self) -> float:
        """Wins per game, 0 to 1."""
        return self.wins / self.games if self.games else 0.0

    @property
    def average_total(self) -> float:
        """The mean final total."""
        return self.total_points / self.games if self.games else 0.0

    @property
    def bid_accuracy(self) -> float | None:
        """Bids met per round bid, 0 to 1; ``None`` without a round bid."""
        return self.bids_met / self.rounds_bid if self.rounds_bid else None

    @property
    def average_over_bid(self) -> float | None:
        """Mean of tricks minus bid: above 0 takes more than bid, below 0 fewer."""
        return self.tricks_minus_bids / self.rounds_bid if self.rounds_bid else None

    @property
    def points_per_round(self) -> float:
        """Mean points scored per round played (games known by their totals only aside)."""
        return (self.total_points - self.imported_points) / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class GroupStats:
    """A group's leaderboard and everything its pages, PDF and API show."""

    filters: Filters
    games: tuple[GameResult, ...]
    """The counted games, in the order played."""
    players: tuple[PlayerStats, ...]
    """The leaderboard: by wins, then average total, then name."""
    above: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """Games where the first player finished above the second, by pair of player keys."""
    together: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """Games two players played together, by pair of player keys (both orders)."""
    game: str = family.DEFAULT_GAME
    """The game of the family these figures count (never two games' points together)."""
    played: tuple[str, ...] = (family.DEFAULT_GAME,)
    """Every game of the family the group has finished a game of, in the family's order."""

    @property
    def several(self) -> bool:
        """True when the group has finished games of more than one game of the family."""
        return len(self.played) > 1

    @property
    def others_played(self) -> bool:
        """True when the group has finished a game of another than the default game: what it
        says of its figures then names their game (the API, the season report)."""
        return self.played != (family.DEFAULT_GAME,)

    @property
    def says_game(self) -> bool:
        """True when a page names the game of these figures: more than one played, or one
        other than the default game."""
        return self.several or self.game != family.DEFAULT_GAME

    @property
    def variant_filters(self) -> bool:
        """True when these figures may be narrowed to a game length or a variant."""
        return family.game(self.game).variant_filters

    def player(self, key: str) -> PlayerStats | None:
        """The figures of the player ``key``, ``None`` if no counted game has them."""
        return next((entry for entry in self.players if entry.key == key), None)

    def head_to_head(self, first: str, second: str) -> tuple[int, int, int]:
        """Games where ``first`` finished above, below, and level with ``second``."""
        above = self.above.get((first, second), 0)
        below = self.above.get((second, first), 0)
        return above, below, self.together.get((first, second), 0) - above - below

    def rivals(self, key: str) -> list[tuple[PlayerStats, tuple[int, int, int]]]:
        """Every other player who shared a counted game with ``key``, with the head-to-head."""
        return [
            (other, self.head_to_head(key, other.key))
            for other in self.players
            if other.key != key and self.together.get((key, other.key), 0)
        ]


@dataclass
class _Tally:
    """Running counts for one player while the games are read."""

    name: str
    games: int = 0
    wins: int = 0
    rounds: int = 0
    rounds_bid: int = 0
    bids_met: int = 0
    zero_bids: int = 0
    zero_bids_met: int = 0
    tricks_minus_bids: int = 0
    total_points: int = 0
    best_total: int | None = None
    run: int = 0
    longest_run: int = 0
    finals: list[tuple[str, int]] = field(default_factory=list)
    imported: int = 0
    imported_points: int = 0

    def frozen(self, key: str) -> PlayerStats:
        return PlayerStats(
            key=key,
            name=self.name,
            games=self.games,
            wins=self.wins,
            rounds=self.rounds,
            rounds_bid=self.rounds_bid,
            bids_met=self.bids_met,
            zero_bids=self.zero_bids,
            zero_bids_met=self.zero_bids_met,
            tricks_minus_bids=self.tricks_minus_bids,
            total_points=self.total_points,
            best_total=self.best_total if self.best_total is not None else 0,
            longest_run=self.longest_run,
            finals=tuple(self.finals),
            imported=self.imported,
            imported_points=self.imported_points,
        )


def compute(
    played: Iterable[PlayedGame | TotalsOnly], filters: Filters | None = None
) -> GroupStats:
    """The statistics of the finished games among ``played`` (given in the order played) that
    ``filters`` keeps; a game known by its totals only is finished."""
    filters = filters or Filters()
    finished = [entry for entry in played if _finished(entry)]
    kinds = {_game_of(entry) for entry in finished}
    counted = filters.chosen(_game_of(finished[-1]) if finished else None)
    tallies: dict[str, _Tally] = {}
    results: list[GameResult] = []
    above: dict[tuple[str, str], int] = {}
    together: dict[tuple[str, str], int] = {}
    for entry in finished:
        made = _result(entry, counted, filters, len(results) + 1)
        if made is None:
            continue
        result, built = made
        results.append(result)
        for seat, key in enumerate(result.keys):
            tally = tallies.setdefault(key, _Tally(result.names[seat]))
            tally.name = result.names[seat]  # the latest spelling is shown
            if isinstance(entry, TotalsOnly) or built is None:
                _count_final(tally, result.totals[seat], entry.id)
                tally.imported += 1
                tally.imported_points += result.totals[seat]
            else:
                _count_game(tally, built, seat, entry.id, entry.record.bid_rules.nobody_bids)
            tally.wins += key in result.winners
            for other, other_key in enumerate(result.keys):
                if other != seat:
                    pair = (key, other_key)
                    together[pair] = together.get(pair, 0) + 1
                    if result.totals[seat] > result.totals[other]:
                        above[pair] = above.get(pair, 0) + 1
    players = sorted(
        (tally.frozen(key) for key, tally in tallies.items()),
        key=lambda p: (-p.wins, -p.average_total, p.name.casefold(), p.key),
    )
    order = [key for key in family.GAMES if key in kinds] or [family.DEFAULT_GAME]
    return GroupStats(
        filters, tuple(results), tuple(players), above, together, counted, tuple(order)
    )


def _finished(entry: PlayedGame | TotalsOnly) -> bool:
    return isinstance(entry, TotalsOnly) or entry.record.finished


def _game_of(entry: PlayedGame | TotalsOnly) -> str:
    return entry.game if isinstance(entry, TotalsOnly) else entry.record.game


def _result(
    entry: PlayedGame | TotalsOnly, counted: str, filters: Filters, number: int
) -> tuple[GameResult, sheet.Sheet | None] | None:
    """The counted game's result (with its sheet, for a game with rounds), or ``None`` for a
    game the filters leave out."""
    if isinstance(entry, TotalsOnly):
        if entry.game != counted or filters.active:
            return None
        keys = seat_keys(entry.players)
        ranks = entry.ranks
        won = tuple(key for key, rank in zip(keys, ranks, strict=True) if rank == 1)
        return GameResult(
            entry.id,
            entry.played_at,
            number,
            entry.players,
            keys,
            entry.totals,
            ranks,
            won,
            entry.game,
            entry.source or "file",
        ), None
    record = entry.record
    if not filters.counts(record, counted):
        return None
    built = sheet.build(record)
    keys = seat_keys(record.players)
    winners = tuple(keys[seat] for seat in built.winners)
    return GameResult(
        entry.id,
        entry.played_at,
        number,
        record.players,
        keys,
        built.totals,
        built.ranks,
        winners,
        record.game,
    ), built


def _count_final(tally: _Tally, final: int, game_id: str) -> None:
    """Add one finished game's final total of the player to the tally."""
    tally.games += 1
    tally.total_points += final
    tally.best_total = final if tally.best_total is None else max(tally.best_total, final)
    tally.finals.append((game_id, final))


def _count_game(tally: _Tally, built: sheet.Sheet, seat: int, game_id: str, jester: bool) -> None:
    """Add one finished game of the player in ``seat`` to the tally."""
    _count_final(tally, built.totals[seat], game_id)
    for row in built.rounds:
        tally.rounds += 1
        bid = row.scored_bids[seat]
        if bid is None or jester:
            continue  # a saboteur, or the forced zero of the Jester bid: nobody bid
        met = row.met[seat]
        tally.rounds_bid += 1
        tally.bids_met += met
        tally.tricks_minus_bids += row.tricks[seat] - bid
        if bid == 0:
            tally.zero_bids += 1
            tally.zero_bids_met += met
        tally.run = tally.run + 1 if met else 0
        tally.longest_run = max(tally.longest_run, tally.run)
