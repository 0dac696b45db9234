"""The score sheet: every number of a game, derived once from its record by the rules.

Pages, the PDF, the JSON API and the CSV export all render this one structure (the way
Datasette renders one computed table as HTML or JSON), so they can never disagree. Bids that
hidden or delayed visibility still seals are not in it at all: what is not here cannot leak.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

from scorekeeper.core import (
    adjustments,
    current_round,
    decks,
    family,
    game,
    scoring,
    specials,
)
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.bidding import BidRules, RoundSetup
from scorekeeper.core.current_round import CurrentRound
from scorekeeper.core.family import Declaration
from scorekeeper.core.family.skull_king import Extras
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Reason, Trump
from scorekeeper.core.specials import Specials
from scorekeeper.core.variants import Edition


@dataclass(frozen=True)
class RoundRow:
    """One completed round as a line of the pad."""

    number: int
    hand_size: int
    dealer: int
    trump: Trump
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    met: tuple[bool, ...]
    saboteur: int | None
    """The seat of the round's saboteur (the dealer), who made no bid; ``None`` without one."""
    record: GameRecord = field(repr=False, compare=False)
    setup: RoundSetup = field(repr=False, compare=False)
    adjustments: tuple[Adjustment, ...] = ()
    """Signed points with a reason, in the order entered; counted in ``scores`` already."""
    facts: Any = None
    """The game's own facts of the round (Wizard's Bomb and Cloud, Skull King's bonuses): its
    declaration's kind, blank where nothing happened."""
    final_bids: tuple[int | None, ...] = ()
    """The bids the scores are counted against (the Cloud's winner's or Harry the Giant's
    changed); as made where nothing changed one."""
    original: RoundRow | None = None
    """The round as it was first entered, where it was corrected since: scored by the game's
    rules with the round's adjustments as they are now (:mod:`scorekeeper.core.corrections`),
    its totals those of the game had it not been corrected."""

    @cached_property
    def corrected_seats(self) -> tuple[int, ...]:
        """The seats whose bid, tricks or score the round's correction changed (none for a round
        never corrected, or one whose trump alone was corrected)."""
        was = self.original
        if was is None:
            return ()
        return tuple(
            seat for seat in range(len(self.tricks)) if _seat(was, seat) != _seat(self, seat)
        )

    @property
    def trump_corrected(self) -> bool:
        """True when the round's correction changed its trump."""
        return self.original is not None and self.original.trump != self.trump

    @cached_property
    def adjusted(self) -> tuple[int, ...]:
        """Each seat's points from ``adjustments`` (0 without one)."""
        return adjustments.by_seat(len(self.tricks), self.adjustments)

    @property
    def scored_bids(self) -> tuple[int | None, ...]:
        """The bids the scores are counted against: the Cloud's winner's (or Harry the Giant's)
        changed."""
        return self.final_bids or self.bids

    @property
    def bomb(self) -> bool:
        """The Bomb was played: the tricks add up to one less than the hand."""
        return isinstance(self.facts, Specials) and self.facts.bomb

    @property
    def cloud(self) -> specials.Cloud | None:
        """Who won the Cloud's trick and their changed bid (``bids`` keeps the bid made)."""
        return self.facts.cloud if isinstance(self.facts, Specials) else None

    @property
    def extras(self) -> Extras | None:
        """Skull King's facts of the round; ``None`` in another game."""
        return self.facts if isinstance(self.facts, Extras) else None

    @cached_property
    def flags(self) -> tuple[Reason, ...]:
        """Why this round no longer fits the rules after a correction, if it does not.

        Checked when asked: the round page never shows it, the score sheet and the PDF do.
        """
        return game.round_flags(self.record, self.number, self.setup)


def _seat(row: RoundRow, seat: int) -> tuple[object, ...]:
    """What a seat's cell of ``row`` shows of its figures."""
    return row.bids[seat], row.scored_bids[seat], row.tricks[seat], row.scores[seat]


@dataclass(frozen=True)
class AdjustmentNote:
    """One adjustment as a footnote of the sheet: its ``mark`` (1, 2, …, in round order) is
    shown on the score cell of ``seat`` in round ``number`` and before the reason below."""

    mark: int
    number: int
    adjustment: Adjustment

    @property
    def seat(self) -> int:
        """The seat the adjustment is for."""
        return self.adjustment.seat


@dataclass(frozen=True)
class Sheet:
    """The whole pad: completed rounds, totals, standings and what comes next."""

    players: tuple[str, ...]
    first_dealer: int
    schedule: tuple[int, ...]
    rounds: tuple[RoundRow, ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    leaders: tuple[int, ...]
    finished: bool
    current: CurrentRound | None
    game: str = family.DEFAULT_GAME
    """The game's key in the family."""
    settings: Any = None
    """The game's settings, its declaration's kind (Wizard's: ``variants``)."""

    @property
    def declaration(self) -> Declaration[Any, Any]:
        """The game's declaration."""
        return family.game(self.game)

    @property
    def special_cards(self) -> tuple[decks.Special, ...]:
        """The special cards of the game's deck (none in the classic deck)."""
        return tuple(self.declaration.special_cards(self.settings))

    @property
    def look(self) -> Edition:
        """The names the cards' suits are shown with."""
        return self.declaration.look(self.settings)

    @property
    def bid_rules(self) -> BidRules:
        """How the game's bids are made with its settings."""
        return self.declaration.bid_rules(self.settings)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that share the win, once the game is over."""
        return self.leaders if self.finished else ()

    @property
    def standings(self) -> tuple[tuple[int, int], ...]:
        """(rank, seat) pairs, best first; tied seats share a rank and keep seat order."""
        return tuple(sorted(zip(self.ranks, range(len(self.players)), strict=True)))

    @property
    def round_number(self) -> int:
        """The round being played now, or the last round once the game is over."""
        return self.current.number if self.current else len(self.schedule)

    @cached_property
    def notes(self) -> tuple[AdjustmentNote, ...]:
        """Every adjustment of the game as a numbered footnote, in round order."""
        found = [(row.number, given) for row in self.rounds for given in row.adjustments]
        return tuple(
            AdjustmentNote(mark, number, given)
            for mark, (number, given) in enumerate(found, start=1)
        )

    def marks_at(self, number: int, seat: int) -> tuple[int, ...]:
        """The footnote marks on the score cell of ``seat`` in round ``number``."""
        return marks_at(self.notes, number, seat)

    @property
    def corrected(self) -> tuple[RoundRow, ...]:
        """The completed rounds corrected after they were entered, in order."""
        return tuple(row for row in self.rounds if row.original is not None)

    @property
    def flagged(self) -> tuple[int, ...]:
        """Numbers of completed rounds that no longer fit the rules after a correction."""
        return tuple(row.number for row in self.rounds if row.flags)


def marks_at(notes: Sequence[AdjustmentNote], number: int, seat: int) -> tuple[int, ...]:
    """The marks among ``notes`` on the score cell of ``seat`` in round ``number``."""
    return tuple(note.mark for note in notes if note.number == number and note.seat == seat)


# A page, its PDF and the API ask for the same game's sheet again and again (the stored record
# is kept between requests until the game changes): a sheet never changes for a record.
@lru_cache(maxsize=128)
def build(record: GameRecord) -> Sheet:
    """Derive the score sheet of a game from what the table entered."""
    rows = tuple(_round_row(record, number) for number in range(1, len(record.rounds) + 1))
    totals = record.running_totals[-1]
    return Sheet(
        players=record.players,
        first_dealer=record.first_dealer,
        schedule=record.schedule,
        rounds=rows,
        totals=totals,
        ranks=scoring.ranks(totals),
        leaders=scoring.leaders(totals) if rows else (),
        finished=record.finished,
        current=None if record.finished else current_round.current(record),
        game=record.game,
        settings=record.settings,
    )


def _round_row(record: GameRecord, number: int) -> RoundRow:
    played = record.rounds[number - 1]
    first = game.original_round(played)
    # The original is scored where it stood: the same game with the round as first entered.
    as_entered = None if first is None else replace(record, rounds=_put(record, number, first))
    round_setup = game.setup(record, number)
    final = record.declaration.final_bids(record.declared_rounds[number - 1])
    return RoundRow(
        number=number,
        hand_size=round_setup.hand_size,
        dealer=round_setup.dealer,
        trump=played.trump,
        bids=played.bids,
        tricks=played.tricks,
        scores=record.scores[number - 1],
        totals=record.running_totals[number],
        met=tuple(scoring.bid_met(b, t) for b, t in zip(final, played.tricks, strict=True)),
        saboteur=round_setup.saboteur,
        adjustments=played.adjustments,
        record=record,
        setup=round_setup,
        facts=record.declaration.facts_of(played.facts),
        final_bids=final,
        original=None if as_entered is None else _round_row(as_entered, number),
    )


def _put(record: GameRecord, number: int, played: game.RoundRecord) -> tuple[game.RoundRecord, ...]:
    """The record's rounds with ``played`` as round ``number``."""
    return (*record.rounds[: number - 1], played, *record.rounds[number:])
