"""A game as the facts written on the pad, and the moves that add to it.

A :class:`GameRecord` holds only what the table said: players, first dealer, variants, and per
round the trump, the bids and the tricks, plus the round being played now. Every move is a pure
function that returns a new record or raises :class:`~scorekeeper.core.rules.RuleError`; the rules
module decides, this module only keeps the facts in order. Scores are never stored: the score
sheet (``sheet.py``) derives them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from scorekeeper.core import adjustments, bidding, rules, scoring, specials
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.decks import Special
from scorekeeper.core.rules import Reason, RuleError, Suit, Trump, Turned, Variants
from scorekeeper.core.specials import Cloud


@dataclass(frozen=True)
class RoundRecord:
    """A completed round: the trump and, by seat, each bid (``None`` for a saboteur) and tricks;
    and any adjustments (signed points with a reason, :mod:`~scorekeeper.core.adjustments`)."""

    trump: Trump
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    adjustments: tuple[Adjustment, ...] = ()
    # The anniversary decks' cards that change the numbers (specials.py): optional, so a
    # classic round is written as before.
    bomb: bool = False
    """The Bomb was played: one trick went to nobody."""
    cloud: Cloud | None = None
    """Who won the Cloud's trick and their changed bid."""

    @property
    def scored_bids(self) -> tuple[int | None, ...]:
        """The bids each seat is scored against: the Cloud's winner's changed."""
        return specials.scored_bids(self.bids, self.cloud)

    def base_scores(self) -> tuple[int, ...]:
        """Each seat's score by its (scored) bid and tricks alone, before adjustments."""
        return tuple(
            scoring.round_score(b, t) for b, t in zip(self.scored_bids, self.tricks, strict=True)
        )

    def scores(self) -> tuple[int, ...]:
        """Each seat's score of the round: by bid and tricks, plus its adjustments."""
        extra = adjustments.by_seat(len(self.tricks), self.adjustments)
        return tuple(s + a for s, a in zip(self.base_scores(), extra, strict=True))


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
    reopened_bomb: bool = False
    """The Bomb of a round that undo reopened (with its tricks)."""
    reopened_cloud: Cloud | None = None
    """The Cloud of a round that undo reopened (with its tricks)."""


@dataclass(frozen=True)
class GameRecord:
    """Everything the table entered for one game, in seat order (clockwise)."""

    players: tuple[str, ...]
    first_dealer: int = 0
    variants: Variants = field(default_factory=Variants)
    rounds: tuple[RoundRecord, ...] = ()
    current: RoundInProgress | None = None

    # Cached: a record never changes, and a page asks for these many times.
    @cached_property
    def schedule(self) -> tuple[int, ...]:
        """Hand size of every round."""
        return rules.schedule(len(self.players), self.variants.length)

    @property
    def finished(self) -> bool:
        """True once the last round of the schedule is complete."""
        return len(self.rounds) >= len(self.schedule)

    @cached_property
    def scores(self) -> tuple[tuple[int, ...], ...]:
        """Each completed round's score by seat, adjustments included."""
        return tuple(played.scores() for played in self.rounds)

    @cached_property
    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's total before round 1 and after every completed round: the one place
        where totals are summed."""
        totals = [(0,) * len(self.players)]
        for scores in self.scores:
            totals.append(tuple(t + s for t, s in zip(totals[-1], scores, strict=True)))
        return tuple(totals)


def new_game(players: Sequence[str], first_dealer: int, variants: Variants) -> GameRecord:
    """Start a game, refusing a table or variants the rules do not allow.

    The names are taken as given: the form and the game record check them first with
    :func:`rules.check_player_names`.
    """
    rules.check_variants(len(players), variants)
    if not 0 <= first_dealer < len(players):
        raise RuleError("first_dealer_not_a_player", setting="first_dealer")
    return GameRecord(tuple(players), first_dealer, variants)


def rematch(record: GameRecord) -> GameRecord:
    """A new game with the same players and variants; the first deal moves one seat on."""
    return new_game(
        record.players,
        rules.next_first_dealer(record.first_dealer, len(record.players)),
        record.variants,
    )


def totals_after(record: GameRecord, rounds: int) -> tuple[int, ...]:
    """Each seat's total after the first ``rounds`` rounds."""
    return record.running_totals[min(rounds, len(record.rounds))]


def setup(record: GameRecord, number: int) -> RoundSetup:
    """What the rules need to know about round ``number`` (1-based) of this game."""
    hand_size = _hand_size(record, number)
    players = len(record.players)
    return RoundSetup(
        players=players,
        number=number,
        hand_size=hand_size,
        dealer=rules.dealer(record.first_dealer, number, players),
        variants=record.variants,
        totals_before=totals_after(record, number - 1),
    )


def _hand_size(record: GameRecord, number: int) -> int:
    schedule = record.schedule
    if not 1 <= number <= len(schedule):
        raise RuleError("no_such_round", rounds=len(schedule), number=number)
    return schedule[number - 1]


def current_setup(record: GameRecord) -> RoundSetup:
    """The setup of the round being played now; refused once the game is over."""
    if record.finished:
        raise RuleError("game_over")
    return setup(record, len(record.rounds) + 1)


def current_round(record: GameRecord, now: RoundSetup | None = None) -> RoundInProgress:
    """The round in progress, with the trump filled in already where the rules fix it.

    ``now`` is the current round's setup, when the caller has it already.
    """
    now = now or current_setup(record)
    if record.current is not None:
        return record.current
    trump = rules.fixed_trump(
        now.number, now.hand_size, now.players, record.variants.length, record.variants.deck
    )
    return RoundInProgress(trump=trump, bids=now.given_bids)


def check_trump(record: GameRecord, number: int, turned: Turned, suit: Suit | None) -> Trump:
    """The trump of round ``number`` from the card turned, or a refusal."""
    return rules.resolve_trump(
        turned,
        suit,
        round_number=number,
        hand_size=_hand_size(record, number),
        players=len(record.players),
        length=record.variants.length,
        deck=record.variants.deck,
    )


# --- moves at the table ----------------------------------------------------------------------


def set_trump(record: GameRecord, turned: Turned, suit: Suit | None) -> GameRecord:
    """Enter the turned card of the current round (before the first bid)."""
    now = current_round(record)
    if now.bids != current_setup(record).given_bids:
        raise RuleError("trump_after_bids")
    trump = check_trump(record, len(record.rounds) + 1, turned, suit)
    return replace(record, current=replace(now, trump=trump))


def place_bid(record: GameRecord, seat: int, bid: int) -> GameRecord:
    """Enter the bid of ``seat`` in the current round, in bidding order."""
    now = current_round(record)
    if now.trump is None:
        raise RuleError("trump_first")
    round_setup = current_setup(record)
    if not 0 <= seat < round_setup.players:
        raise RuleError("no_such_seat")
    if now.bids[seat] is not None and seat in round_setup.bidders:
        raise RuleError("bid_made_already")
    bidding.check_bid(round_setup, now.bids, seat, bid)
    bids = list(now.bids)
    bids[seat] = bid
    return replace(record, current=replace(now, bids=tuple(bids)))


def finish_round(
    record: GameRecord,
    tricks: Sequence[int | None],
    *,
    bomb: bool = False,
    cloud: tuple[int, int] | None = None,
) -> GameRecord:
    """Enter everyone's tricks and close the current round.

    One player's tricks may be left out (``None``): they are what is left of the hand (less
    the Bomb's trick). ``cloud`` is the seat that won the Cloud's trick and the change of its
    bid (+1 or -1): a direction, so entering it reveals no sealed bid.
    """
    now = current_round(record)
    round_setup = current_setup(record)
    if now.trump is None or not bidding.bids_complete(round_setup, now.bids):
        raise RuleError("tricks_before_bids")
    specials.check_bomb(record.variants.deck, bomb)
    total = specials.trick_total(round_setup.hand_size, bomb)
    taken = scoring.fill_blank_tricks(total, tricks)
    specials.check_tricks(round_setup.hand_size, taken, round_setup.players, bomb)
    changed = None
    if cloud is not None:
        specials.check_card(record.variants.deck, Special.CLOUD)
        changed = specials.changed_bid(now.bids, *cloud)
    played = RoundRecord(now.trump, now.bids, taken, now.adjustments, bomb=bomb, cloud=changed)
    return replace(record, rounds=(*record.rounds, played), current=None)


@dataclass(frozen=True)
class UndoStep:
    """What :func:`undo` would take back, so the button can say it before it is tapped.

    ``kind`` is ``bid`` (of ``seat``), ``trump``, or ``round`` (reopens ``number``).
    Never a value: a sealed bid stays sealed in the button's words.
    """

    kind: str
    seat: int | None = None
    number: int | None = None


def undo_step(record: GameRecord) -> UndoStep | None:
    """What :func:`undo` takes back now; ``None`` when there is nothing to undo."""
    if record.current is not None and not record.finished:
        now = record.current
        round_setup = current_setup(record)
        entered = [seat for seat in round_setup.bidders if now.bids[seat] is not None]
        if entered:
            return UndoStep("bid", seat=entered[-1])
        # The tricks of a reopened round are no entry of their own: they go with its bids.
        left = replace(
            now, reopened_tricks=(), reopened_bomb=False, reopened_cloud=None, adjustments=()
        )
        if left != current_round(replace(record, current=None)):
            return UndoStep("trump")
    if not record.rounds:
        return None
    return UndoStep("round", number=len(record.rounds))


def undo(record: GameRecord) -> GameRecord:
    """Take back the last thing entered: a bid, the trump, or the last round."""
    step = undo_step(record)
    if step is None:
        raise RuleError("nothing_to_undo")
    now = record.current
    if step.kind == "bid" and now is not None and step.seat is not None:
        bids = list(now.bids)
        bids[step.seat] = None
        return replace(
            record,
            current=replace(
                now, bids=tuple(bids), reopened_tricks=(), reopened_bomb=False, reopened_cloud=None
            ),
        )
    if step.kind == "trump":
        return replace(record, current=None)
    last = record.rounds[-1]
    # The tricks come back with the round, so the tricks step starts where it ended.
    reopened = RoundInProgress(
        last.trump,
        last.bids,
        last.tricks,
        adjustments=last.adjustments,
        reopened_bomb=last.bomb,
        reopened_cloud=last.cloud,
    )
    return replace(record, rounds=record.rounds[:-1], current=reopened)


# --- whole rounds (API, import, corrections) -------------------------------------------------


def check_round(
    record: GameRecord, number: int, played: RoundRecord, round_setup: RoundSetup | None = None
) -> None:
    """Check a complete round as if it had been entered at the table, in order."""
    round_setup = round_setup or setup(record, number)
    if played.trump != check_trump(record, number, played.trump.turned, played.trump.suit):
        raise RuleError("trump_does_not_fit")
    bidding.check_round_bids(round_setup, played.bids)
    specials.check_bomb(record.variants.deck, played.bomb)
    specials.check_tricks(round_setup.hand_size, played.tricks, round_setup.players, played.bomb)
    specials.check_cloud(played.bids, played.cloud, record.variants.deck)
    adjustments.check_adjustments(round_setup.players, played.adjustments)


def add_round(record: GameRecord, played: RoundRecord) -> GameRecord:
    """Append a complete round; any round in progress is replaced by it."""
    if record.finished:
        raise RuleError("game_over")
    check_round(record, len(record.rounds) + 1, played)
    return replace(record, rounds=(*record.rounds, played), current=None)


def replace_round(record: GameRecord, number: int, played: RoundRecord) -> GameRecord:
    """Correct completed round ``number``; later rounds stay as entered and totals follow.

    A correction can make a later bid break the Canadian rule (who leads alone may change):
    such rounds are flagged on the score sheet, never changed silently.
    """
    if not 1 <= number <= len(record.rounds):
        raise RuleError("round_not_played", number=number)
    check_round(record, number, played)
    rounds = list(record.rounds)
    rounds[number - 1] = played
    return replace(record, rounds=tuple(rounds))


def adjust_round(record: GameRecord, number: int, adjustment: Adjustment) -> GameRecord:
    """Add ``adjustment`` to completed round ``number``; its score and every later total follow."""
    if not 1 <= number <= len(record.rounds):
        raise RuleError("round_not_played", number=number)
    played = record.rounds[number - 1]
    given = adjustments.check_adjustments(len(record.players), (*played.adjustments, adjustment))
    return replace_round(record, number, replace(played, adjustments=given))


def drop_adjustment(record: GameRecord, number: int, index: int) -> GameRecord:
    """Take back adjustment ``index`` (0-based, in the order entered) of completed round
    ``number``."""
    if not 1 <= number <= len(record.rounds):
        raise RuleError("round_not_played", number=number)
    played = record.rounds[number - 1]
    if not 0 <= index < len(played.adjustments):
        raise RuleError("no_such_adjustment")
    kept = played.adjustments[:index] + played.adjustments[index + 1 :]
    return replace_round(record, number, replace(played, adjustments=kept))


def drop_last_round(record: GameRecord, number: int) -> GameRecord:
    """Remove completed round ``number``, which must be the last one."""
    if number != len(record.rounds) or not record.rounds:
        raise RuleError("only_last_round")
    return replace(record, rounds=record.rounds[:-1], current=None)


def round_flags(
    record: GameRecord, number: int, round_setup: RoundSetup | None = None
) -> tuple[Reason, ...]:
    """Reasons why completed round ``number`` no longer fits the rules, if any.

    Every round was checked when it was entered; only a rule that looks at earlier rounds can
    make it unfit later, when one of those is corrected. Without one, nothing is checked again.
    """
    if not bidding.judged_by_earlier_rounds(record.variants):
        return ()
    try:
        check_round(record, number, record.rounds[number - 1], round_setup)
    except RuleError as error:
        return (error.reason,)
    return ()
