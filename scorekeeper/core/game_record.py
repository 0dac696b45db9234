"""A game as the facts written on the pad: the record :mod:`scorekeeper.core.game` adds to.

A :class:`GameRecord` holds only what the table said: the game, players, first dealer, the
game's settings, and per round the trump, the bids and the tricks (and what the game records
beyond them), plus the round being played now. Scores are never stored: they are derived from
the game's declaration (:mod:`scorekeeper.core.family`), and the score sheet (``sheet.py``) shows
them. Kept apart from the moves (``moves.py``) so each module stays readable; every name is
importable from ``core/game.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from scorekeeper.core import adjustments, family, rules
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.bidding import BidRules, RoundSetup
from scorekeeper.core.corrections import RoundFigures
from scorekeeper.core.family import DEFAULT_GAME, Bidding, Declaration, Played
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.rules import RuleError, Suit, Trump, TurnedCard, Variants


@dataclass(frozen=True)
class RoundRecord:
    """A completed round: the trump and, by seat, each bid (``None`` for a saboteur) and tricks;
    and any adjustments (signed points with a reason, :mod:`~scorekeeper.core.adjustments`)."""

    trump: Trump
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    adjustments: tuple[Adjustment, ...] = ()
    facts: Facts | None = None
    """What the game records of the round beyond bids and tricks (Wizard's Bomb and Cloud,
    Skull King's bonuses): its declaration's kind of facts, ``None`` where nothing happened."""
    corrected_from: RoundFigures | None = None
    """The round's figures before its first correction (:mod:`~scorekeeper.core.corrections`);
    ``None`` for a round never corrected, or corrected back to them."""
    # Every move makes a new record that holds the earlier rounds, the same objects: each keeps
    # its scores (by game, settings, hand and dealer) so that it is scored once.
    _scored: dict[tuple[object, ...], tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def figures(self) -> RoundFigures:
        """What a correction can change of the round: its trump, bids, tricks and facts."""
        return RoundFigures(self.trump, self.bids, self.tricks, self.facts)


@dataclass(frozen=True)
class RoundInProgress:
    """The round at the table now: trump once entered and bids so far.

    ``reopened_tricks`` are the tricks by seat of a round that undo reopened, for the tricks
    step to start at; empty otherwise. Tricks are entered once the hand is played, never one by
    one during play. ``adjustments`` are those of a round that undo reopened: they come back
    with it when it is closed again, unless everything of it is taken back (its bids and trump).
    """

    trump: Trump | None = None
    bids: tuple[int | None, ...] = ()
    reopened_tricks: tuple[int, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    reopened_facts: Facts | None = None
    """The game's own facts of a round that undo reopened (with its tricks)."""
    corrected_from: RoundFigures | None = None
    """The figures before its first correction of a round that undo reopened: it is marked
    against them when it is closed again, as its adjustments come back with it."""


@dataclass(frozen=True)
class GameRecord:
    """Everything the table entered for one game, in seat order (clockwise): the game, its
    players, its settings and its rounds."""

    players: tuple[str, ...]
    first_dealer: int = 0
    settings: Any = field(default_factory=Variants)
    """The game's settings, its declaration's kind (Wizard's are its :class:`Variants`)."""
    rounds: tuple[RoundRecord, ...] = ()
    current: RoundInProgress | None = None
    game: str = DEFAULT_GAME
    """The game's key in the family (:data:`scorekeeper.core.family.GAMES`)."""

    # Cached: a record never changes, and a page asks for these many times.
    @cached_property
    def declaration(self) -> Declaration[Any, Any]:
        """The game's declaration: what the pad asks instead of asking which game it is."""
        return family.game(self.game)

    @cached_property
    def bid_rules(self) -> BidRules:
        """How the round engine takes this game's bids (its declaration's, from its settings):
        asked for every round's setup."""
        return self.declaration.bid_rules(self.settings)

    @cached_property
    def schedule(self) -> tuple[int, ...]:
        """Hand size of every round."""
        return self.declaration.schedule(len(self.players), self.settings)

    @property
    def finished(self) -> bool:
        """True once the last round of the schedule is complete."""
        return len(self.rounds) >= len(self.schedule)

    @property
    def bidding(self) -> Bidding:
        """How the bids of a round are made in this game."""
        return self.declaration.bidding(self.settings)

    def dealer(self, number: int) -> int:
        """The seat that deals round ``number`` (1-based)."""
        return rules.dealer(self.first_dealer, number, len(self.players))

    def declared(self, number: int, played: RoundRecord) -> Any:
        """``played`` as round ``number`` of the game's own kind (its declaration's)."""
        common = Played(hand_size(self, number), self.dealer(number), played.bids, played.tricks)
        return self.declaration.round_of(common, self.declaration.facts_of(played.facts))

    @cached_property
    def declared_rounds(self) -> tuple[Any, ...]:
        """Every completed round of the game's own kind, in order."""
        return tuple(
            self.declared(number, played) for number, played in enumerate(self.rounds, start=1)
        )

    @cached_property
    def scores(self) -> tuple[tuple[int, ...], ...]:
        """Each completed round's score by seat, adjustments included."""
        return tuple(
            round_scores(
                self.game, self.settings, self.schedule[number - 1], self.dealer(number), played
            )
            for number, played in enumerate(self.rounds, start=1)
        )

    @cached_property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's total before round 1 and after every completed round: the one place
        where totals are summed."""
        totals = [(0,) * len(self.players)]
        for scores in self.scores:
            totals.append(tuple(t + s for t, s in zip(totals[-1], scores, strict=True)))
        return tuple(totals)


def round_scores(
    key: str, chosen: Any, hand: int, dealer: int, played: RoundRecord
) -> tuple[int, ...]:
    """The scores by seat of ``played`` in game ``key`` (its settings ``chosen``), dealt
    ``hand`` cards by ``dealer``: the game's declaration's, plus the round's adjustments."""
    known = played._scored.get((key, chosen, hand, dealer))
    if known is not None:
        return known
    declared = family.game(key)
    common = Played(hand, dealer, played.bids, played.tricks)
    facts = declared.round_of(common, declared.facts_of(played.facts))
    extra = adjustments.by_seat(len(played.tricks), played.adjustments)
    scores = tuple(s + a for s, a in zip(declared.score_round(chosen, facts), extra, strict=True))
    played._scored[key, chosen, hand, dealer] = scores
    return scores


def original_round(played: RoundRecord) -> RoundRecord | None:
    """A corrected round as it was first entered, with its adjustments as they are now, to be
    scored like any round; ``None`` for a round never corrected."""
    original = played.corrected_from
    if original is None:
        return None
    return RoundRecord(
        original.trump, original.bids, original.tricks, played.adjustments, original.facts
    )


def totals_after(record: GameRecord, rounds: int) -> tuple[int, ...]:
    """Each seat's total after the first ``rounds`` rounds."""
    return record.running_totals[min(rounds, len(record.rounds))]


def setup(record: GameRecord, number: int) -> RoundSetup:
    """What the rules need to know about round ``number`` (1-based) of this game."""
    return RoundSetup(
        players=len(record.players),
        number=number,
        hand_size=hand_size(record, number),
        dealer=record.dealer(number),
        rules=record.bid_rules,
        totals_before=totals_after(record, number - 1),
    )


def hand_size(record: GameRecord, number: int) -> int:
    """Cards dealt to each player in round ``number``; refused past the schedule."""
    schedule = record.schedule
    if not 1 <= number <= len(schedule):
        raise RuleError("no_such_round", rounds=len(schedule), number=number)
    return schedule[number - 1]


def current_setup(record: GameRecord) -> RoundSetup:
    """The setup of the round being played now; refused once the game is over."""
    if record.finished:
        raise RuleError("game_over")
    return setup(record, len(record.rounds) + 1)


def fixed_trump(record: GameRecord, round_setup: RoundSetup) -> Trump | None:
    """The trump of a round nobody enters (a rotation, a fixed suit, a dealt-out deck), or
    ``None`` where a turned card is entered."""
    return record.declaration.fixed_trump(
        round_setup.number, round_setup.hand_size, round_setup.players, record.settings
    )


def current_round(record: GameRecord, now: RoundSetup | None = None) -> RoundInProgress:
    """The round in progress, with the trump filled in already where the rules fix it.

    ``now`` is the current round's setup, when the caller has it already.
    """
    now = now or current_setup(record)
    if record.current is not None:
        return record.current
    return RoundInProgress(trump=fixed_trump(record, now), bids=now.given_bids)


def check_trump(record: GameRecord, number: int, turned: TurnedCard, suit: Suit | None) -> Trump:
    """The trump of round ``number`` from the card turned, or a refusal."""
    return record.declaration.trump(
        turned, suit, number, hand_size(record, number), len(record.players), record.settings
    )
