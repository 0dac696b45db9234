"""The special cards of the anniversary decks that change a round's numbers: Bomb and Cloud.

Pure Python, part of the rules. What the pad records (EDITIONS.md, decisions in the docstrings):

- **Bomb**: the trick holding it goes to nobody, so the tricks of the round add up to the hand
  size - 1. The hook (plus/minus one) still judges bids against the hand size: bids are made
  before anyone knows whether the Bomb will be played.
- **Cloud**: whoever wins its trick changes their bid by one, up or down, never below 0; they
  are scored against the changed bid. The pad keeps both the bid made and the changed bid
  (:class:`Cloud`), so every sheet can show both. A Cloud is entered with the tricks, once the
  round is over, as a direction: it reveals nothing that sealed bids still hide.
- A Bomb or a Cloud turned up for trump is in nobody's hand, so that round cannot have it
  played (:func:`check_not_turned`): each deck has one of each.
- At most one Bomb and one Cloud per round (each deck has one of each). A Bomb and a Cloud in
  the same trick is left to the table (no source settles it): the pad records what they decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from scorekeeper.core import decks, scoring
from scorekeeper.core.decks import Deck, Special
from scorekeeper.core.refusals import RuleError


@dataclass(frozen=True)
class Cloud:
    """Who won the Cloud's trick (``seat``) and the bid they are scored against (``bid``)."""

    seat: int
    bid: int


@dataclass(frozen=True)
class Specials:
    """The special cards of a round that change its numbers: a Wizard round's own facts."""

    bomb: bool = False
    """The Bomb was played: one trick went to nobody."""
    cloud: Cloud | None = None
    """Who won the Cloud's trick and their changed bid."""

    elsewhere: ClassVar[str] = "card_not_in_deck"

    @property
    def empty(self) -> bool:
        """True when neither card was played."""
        return not self.bomb and self.cloud is None


def cloud_direction(bids: Sequence[int | None], cloud: Cloud | None) -> tuple[int, int] | None:
    """The Cloud as the table enters it: its winner's seat and the change of their bid (a
    direction, never a sealed bid); ``None`` without a Cloud or a bid to change.

    >>> cloud_direction((2, 0), Cloud(0, 1))
    (0, -1)
    """
    bid = None if cloud is None else bids[cloud.seat]
    if cloud is None or bid is None:
        return None
    return cloud.seat, cloud.bid - bid


def trick_total(hand_size: int, bomb: bool) -> int:
    """How many tricks go to the players: the hand size, one less when the Bomb was played.

    >>> trick_total(8, False), trick_total(8, True)
    (8, 7)
    """
    return hand_size - 1 if bomb else hand_size


def check_tricks(hand_size: int, tricks: Sequence[int], players: int, bomb: bool) -> None:
    """Refuse tricks that do not fit the hand, the Bomb's trick counted out."""
    if not bomb:
        scoring.check_tricks(hand_size, tricks, players)
        return
    total = trick_total(hand_size, bomb)
    try:
        scoring.check_tricks(total, tricks, players)
    except RuleError as error:
        if error.reason.code != "tricks_sum":
            raise
        raise RuleError("tricks_sum_bomb", taken=sum(tricks), num=total) from None


def check_card(deck: Deck, card: Special) -> None:
    """Refuse ``card`` when ``deck`` does not hold it."""
    if not decks.has(deck, card):
        raise RuleError("card_not_in_deck")


def check_bomb(deck: Deck, bomb: bool) -> None:
    """Refuse a Bomb in a deck without one."""
    if bomb:
        check_card(deck, Special.BOMB)


def check_not_turned(turned: object, facts: object) -> None:
    """Refuse the Bomb or the Cloud played in a round where that card was turned up for trump:
    the deck's only one lay face up beside the deal, in nobody's hand.

    >>> check_not_turned(Special.BOMB, Specials(cloud=Cloud(0, 1)))
    """
    if not isinstance(facts, Specials):
        return
    if facts.bomb and turned is Special.BOMB:
        raise RuleError("bomb_turned_for_trump")
    if facts.cloud is not None and turned is Special.CLOUD:
        raise RuleError("cloud_turned_for_trump")


def changed_bid(bids: Sequence[int | None], seat: int, change: int) -> Cloud:
    """The Cloud for ``seat`` changing its bid by ``change`` (+1 or -1), or a refusal.

    >>> changed_bid([2, 0, 1], 0, -1)
    Cloud(seat=0, bid=1)
    """
    if not 0 <= seat < len(bids):
        raise RuleError("no_such_seat")
    bid = bids[seat]
    if bid is None:
        raise RuleError("cloud_no_bid")
    cloud = Cloud(seat, bid + change)
    check_cloud(bids, cloud)
    return cloud


def check_cloud(bids: Sequence[int | None], cloud: Cloud | None, deck: Deck | None = None) -> None:
    """Refuse a Cloud the round cannot have: not in ``deck`` (when given), a seat without a
    bid, a changed bid not exactly one away, or below 0."""
    if cloud is None:
        return
    if deck is not None:
        check_card(deck, Special.CLOUD)
    if not 0 <= cloud.seat < len(bids):
        raise RuleError("no_such_seat")
    bid = bids[cloud.seat]
    if bid is None:
        raise RuleError("cloud_no_bid")
    if cloud.bid < 0:
        raise RuleError("cloud_below_zero")
    if abs(cloud.bid - bid) != 1:
        raise RuleError("cloud_not_one_away")


def check_cloud_won(tricks: Sequence[int], cloud: Cloud | None) -> None:
    """Refuse a Cloud whose winner took no trick: they took at least the Cloud's. (A Cloud in the
    Bomb's trick goes to nobody: no bid changes, and no Cloud is entered.)

    >>> check_cloud_won((0, 1), Cloud(1, 1))
    """
    if cloud is not None and 0 <= cloud.seat < len(tricks) and tricks[cloud.seat] == 0:
        raise RuleError("cloud_without_trick", seat=cloud.seat + 1)


def scored_bids(bids: Sequence[int | None], cloud: Cloud | None) -> tuple[int | None, ...]:
    """The bids each seat is scored against: as made, the Cloud's winner's changed.

    >>> scored_bids((2, 0, None), Cloud(1, 1))
    (2, 1, None)
    """
    if cloud is None:
        return tuple(bids)
    return tuple(cloud.bid if seat == cloud.seat else bid for seat, bid in enumerate(bids))
