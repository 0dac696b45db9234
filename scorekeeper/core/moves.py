"""The moves at the table, and whole rounds (API, import, corrections), for every game.

Every move is a pure function that returns a new :class:`~scorekeeper.core.game_record.GameRecord`
or raises :class:`~scorekeeper.core.rules.RuleError`; the game's declaration and the round engine
(:mod:`scorekeeper.core.bidding`) decide, this module only keeps the facts in order. Every name
is importable from ``core/game.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from scorekeeper.core import adjustments, bidding, scoring, specials
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.corrections import still_corrected
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game_record import (
    GameRecord,
    RoundInProgress,
    RoundRecord,
    check_trump,
    current_round,
    current_setup,
    original_round,
    setup,
)
from scorekeeper.core.rules import Reason, RuleError, Suit, TurnedCard

# --- moves at the table ----------------------------------------------------------------------


def set_trump(record: GameRecord, turned: TurnedCard, suit: Suit | None) -> GameRecord:
    """Enter the turned card of the current round (before the first bid)."""
    now = current_round(record)
    if now.bids != current_setup(record).given_bids:
        raise RuleError("trump_after_bids")
    trump = check_trump(record, len(record.rounds) + 1, turned, suit)
    return replace(record, current=replace(now, trump=trump))


def place_bid(record: GameRecord, seat: int, bid: int) -> GameRecord:
    """Enter the bid of ``seat`` in the current round: in bidding order, or in any order where
    everyone bids at once."""
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


def last_bidder(record: GameRecord) -> int | None:
    """The seat whose bid is the last one the round waits for, or ``None`` (more to come,
    the bids in, the game over)."""
    if record.finished:
        return None
    round_setup = current_setup(record)
    bids = current_round(record, round_setup).bids
    waiting = [seat for seat in round_setup.bidders if bids[seat] is None]
    return waiting[0] if len(waiting) == 1 else None


def bids_shown(record: GameRecord) -> bool:
    """Whether a bid of the round at the table is shown as it is made (not sealed)."""
    if record.finished:
        return False
    return not bidding.bids_sealed(current_setup(record).rules.visibility, False)


def finish_round(
    record: GameRecord, tricks: Sequence[int | None], *, facts: Facts | None = None
) -> GameRecord:
    """Enter everyone's tricks and the game's own facts of the round, and close it.

    One player's tricks may be left out (``None``): they are what is left of the hand, less the
    tricks ``facts`` say went to nobody (the Bomb's, the Kraken's). Facts of another game are
    refused unless nothing happened in them.
    """
    now = current_round(record)
    round_setup = current_setup(record)
    if now.trump is None or not bidding.bids_complete(round_setup, now.bids):
        raise RuleError("tricks_before_bids")
    declared = record.declaration
    kept = declared.facts_of(facts)
    total = max(0, round_setup.hand_size - declared.facts.tricks_lost(kept))
    taken = scoring.fill_blank_tricks(total, tricks)
    played = RoundRecord(now.trump, now.bids, taken, now.adjustments, declared.recorded(kept))
    # A corrected round that undo reopened is marked again, unless it is back to its original.
    played = replace(played, corrected_from=still_corrected(now.corrected_from, played.figures))
    check_round(record, round_setup.number, played, round_setup, trump_entered=True)
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


def _without_reopened(now: RoundInProgress) -> RoundInProgress:
    return replace(now, reopened_tricks=(), reopened_facts=None)


def undo_step(record: GameRecord) -> UndoStep | None:
    """What :func:`undo` takes back now; ``None`` when there is nothing to undo."""
    if record.current is not None and not record.finished:
        now = record.current
        round_setup = current_setup(record)
        entered = [seat for seat in round_setup.bidders if now.bids[seat] is not None]
        if entered:
            return UndoStep("bid", seat=entered[-1])
        # The tricks of a reopened round are no entry of their own: they go with its bids, and
        # its adjustments and original with its trump.
        left = replace(_without_reopened(now), adjustments=(), corrected_from=None)
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
        return replace(record, current=replace(_without_reopened(now), bids=tuple(bids)))
    if step.kind == "trump":
        return replace(record, current=None)
    last = record.rounds[-1]
    # The tricks come back with the round, so the tricks step starts where it ended.
    reopened = RoundInProgress(
        last.trump,
        last.bids,
        last.tricks,
        adjustments=last.adjustments,
        reopened_facts=last.facts,
        corrected_from=last.corrected_from,
    )
    return replace(record, rounds=record.rounds[:-1], current=reopened)


# --- whole rounds (API, import, corrections) -------------------------------------------------


def check_round(
    record: GameRecord,
    number: int,
    played: RoundRecord,
    round_setup: RoundSetup | None = None,
    *,
    trump_entered: bool = False,
) -> None:
    """Check a complete round as if it had been entered at the table, in order: its trump
    (unless ``trump_entered`` checked it already), then what the game's declaration checks
    (bids, tricks, the game's own facts), then its adjustments."""
    round_setup = round_setup or setup(record, number)
    if not trump_entered and played.trump != check_trump(
        record, number, played.trump.turned, played.trump.suit
    ):
        raise RuleError("trump_does_not_fit")
    specials.check_not_turned(played.trump.turned, played.facts)
    declared = record.declared(number, played)
    record.declaration.check_round(
        round_setup.players, record.settings, round_setup.totals_before, declared
    )
    adjustments.check_adjustments(round_setup.players, played.adjustments)


def add_round(record: GameRecord, played: RoundRecord) -> GameRecord:
    """Append a complete round; any round in progress is replaced by it. A round that carries
    its figures from before a correction (a record read back) has them checked too."""
    if record.finished:
        raise RuleError("game_over")
    check_round(record, len(record.rounds) + 1, played)
    check_original(record, len(record.rounds) + 1, played)
    return replace(record, rounds=(*record.rounds, played), current=None)


def check_original(record: GameRecord, number: int, played: RoundRecord) -> None:
    """Check the figures round ``number`` had before its correction, if it carries any: not its
    figures now (``corrected_from_same``), and a round of its place by the rules
    (``corrected_from_refused``, with the rules' reason), all but the rules judged by the totals
    before it: earlier rounds may have been corrected since it was entered."""
    original = original_round(played)
    if original is None:
        return
    if played.corrected_from == played.figures:
        raise RuleError("corrected_from_same")
    # All totals equal: nobody leads alone, so no bid is judged by the totals before the round.
    level = replace(setup(record, number), totals_before=(0,) * len(record.players))
    try:
        check_round(record, number, original, level)
    except RuleError as error:
        raise RuleError("corrected_from_refused", reason=error.reason) from error


def replace_round(record: GameRecord, number: int, played: RoundRecord) -> GameRecord:
    """Correct completed round ``number``; later rounds stay as entered and totals follow.

    The round keeps its figures from before its first correction (``corrected_from``, worked
    out here whatever ``played`` carries: :mod:`~scorekeeper.core.corrections`), unless it is
    back to them. A correction can make a later bid break the Canadian rule (who leads alone may
    change): such rounds are flagged on the score sheet, never changed silently.
    """
    if not 1 <= number <= len(record.rounds):
        raise RuleError("round_not_played", number=number)
    before = record.rounds[number - 1]
    original = before.corrected_from or before.figures
    played = replace(played, corrected_from=still_corrected(original, played.figures))
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
    if not bidding.judged_by_earlier_rounds(record.bid_rules):
        return ()
    try:
        check_round(record, number, record.rounds[number - 1], round_setup)
    except RuleError as error:
        return (error.reason,)
    return ()
