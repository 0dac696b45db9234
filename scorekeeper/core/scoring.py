"""Tricks and scores (RULES.md "Scoring"): the tricks of a round, a bid met or missed, a round's
score, ranks and the leaders. Pure Python, part of the rules (:mod:`scorekeeper.core.rules`).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core import decks
from scorekeeper.core.decks import Deck
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.variants import Variants


def check_tricks(hand_size: int, tricks: Sequence[int], players: int) -> None:
    """Refuse tricks that are out of range or do not add up to the hand size."""
    if len(tricks) != players:
        raise RuleError("tricks_count", players=players)
    if any(not 0 <= t <= hand_size for t in tricks):
        raise RuleError("tricks_out_of_range", hand=hand_size)
    taken = sum(tricks)
    if taken != hand_size:
        raise RuleError("tricks_sum", taken=taken, num=hand_size)


def reminders(variants: Variants, hand_size: int, playing: bool) -> tuple[str, ...]:
    """The table reminders (variant keys) that apply now: Foresight on one-card hands only (the
    card held to the forehead), Gizzard/Fester all the time, Pull one once the bids are in (the
    draw comes before the first trick, while the hand is played)."""
    due = {
        "foresight": hand_size == 1,
        "gizzard_fester": True,
        "pull_one": playing,
    }
    return tuple(key for key, now in due.items() if now and getattr(variants, key))


def undealt(players: int, hand_size: int, deck: Deck = Deck.CLASSIC) -> int:
    """How many cards stay undealt after a deal: the trump card is turned from these.

    >>> undealt(7, 8), undealt(4, 15, Deck.ANNIVERSARY_25)
    (4, 7)
    """
    return decks.cards(deck) - players * hand_size


def fill_blank_tricks(hand_size: int, tricks: Sequence[int | None]) -> tuple[int, ...]:
    """The tricks entered, the one left blank (``None``) being what is left of the hand.

    The scorekeeper need not count the last player's tricks. More than one blank is refused.

    >>> fill_blank_tricks(5, [2, None, 1])
    (2, 2, 1)
    """
    blanks = [seat for seat, taken in enumerate(tricks) if taken is None]
    if len(blanks) > 1:
        raise RuleError("tricks_blanks")
    left = max(0, hand_size - sum(taken or 0 for taken in tricks))
    return tuple(left if taken is None else taken for taken in tricks)


def bid_met(bid: int | None, tricks: int) -> bool:
    """True when a bid was made exactly (a saboteur, who has no bid, always counts as met)."""
    return bid is None or bid == tricks


def bid_mark(bid: int | None, tricks: int) -> str:
    """How ``tricks`` stand against a bid that is shown: ``"made"`` or ``"missed"``; ``""``
    without one (the saboteur's, or a bid still sealed), which nothing can be said of.

    >>> bid_mark(2, 2), bid_mark(2, 3), bid_mark(None, 1)
    ('made', 'missed', '')
    """
    if bid is None:
        return ""
    return "made" if bid_met(bid, tricks) else "missed"


def round_score(bid: int | None, tricks: int) -> int:
    """A player's score for a round: 20 + 10 per trick when the bid is met, else -10 per trick off.

    ``bid`` is ``None`` for the saboteur, who scores 20 whatever happens.

    >>> round_score(3, 3), round_score(2, 5), round_score(None, 4)
    (50, -30, 20)
    """
    if bid is None:
        return 20
    if bid == tricks:
        return 20 + 10 * tricks
    return -10 * abs(tricks - bid)


def ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place, ties sharing a place: totals 50, 70, 50 rank 2, 1, 2.

    >>> ranks([50, 70, 50])
    (2, 1, 2)
    """
    return tuple(1 + sum(other > total for other in totals) for total in totals)


def leaders(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total; at game end they share the win (RULES.md decision)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)
