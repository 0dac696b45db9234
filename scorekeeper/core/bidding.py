"""The bids of a round (RULES.md "Bids"): who bids in which order, which bids the game allows,
and when bids are sealed. Pure Python, part of the rules (:mod:`scorekeeper.core.rules`).

The round engine of every game of the family: a game's declaration says how its bids are made
(:class:`BidRules`), and nothing here asks which game it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from scorekeeper.core.refusals import Reason, RuleError
from scorekeeper.core.rules import bidding_order
from scorekeeper.core.variants import BidRestriction, BidVisibility


@dataclass(frozen=True)
class BidRules:
    """How a game's bids are made, as the round engine reads them: a game's declaration gives
    them from its settings."""

    restriction: BidRestriction = BidRestriction.NONE
    """Which last bid is refused: none; any that makes the bids add up to the hand (Wizard's
    plus/minus one, Oh Hell's hook); or that, by a dealer who leads alone (the Canadian rule)."""
    visibility: BidVisibility = BidVisibility.OPEN
    """Whether the bids are seen as they are made, once all are in, or once the round is over."""
    saboteur: bool = False
    """The dealer makes no bid (Wizard's saboteur)."""
    nobody_bids: bool = False
    """Every bid is zero and nobody enters one (Wizard's Jester bid)."""
    at_once: bool = False
    """Everyone bids at once (Skull King): the bids are entered in any order."""
    hook_refusal: str = "bid_total_forbidden"
    """The code that refuses the last bid making the bids add up to the hand (Oh Hell calls
    it the hook)."""


@dataclass(frozen=True)
class RoundSetup:
    """What the rules need to know about a round before the first bid."""

    players: int
    number: int
    hand_size: int
    dealer: int
    rules: BidRules
    totals_before: tuple[int, ...]

    # Cached: the setup is frozen, and the rules ask for these for every seat and every bid.
    @cached_property
    def order(self) -> tuple[int, ...]:
        """Seats in bidding (and leading) order."""
        return bidding_order(self.dealer, self.players)

    @property
    def saboteur(self) -> int | None:
        """The seat of this round's saboteur (the dealer), if the variant is played."""
        return self.dealer if self.rules.saboteur else None

    @cached_property
    def bidders(self) -> tuple[int, ...]:
        """Seats that enter a bid, in order: none with the Jester bid, all but the saboteur."""
        if self.rules.nobody_bids:
            return ()
        return tuple(seat for seat in self.order if seat != self.saboteur)

    @property
    def given_bids(self) -> tuple[int | None, ...]:
        """The bids nobody enters: zero for the Jester bid, ``None`` for the saboteur."""
        bids: list[int | None] = [None] * self.players
        if self.rules.nobody_bids:
            bids = [0] * self.players
        if self.saboteur is not None:
            bids[self.saboteur] = None
        return tuple(bids)


def judged_by_earlier_rounds(rules: BidRules) -> bool:
    """True when a round's bids are judged by the totals before it: the Canadian rule asks
    whether the dealer leads alone. No other rule looks at earlier rounds."""
    return rules.restriction is BidRestriction.CANADIAN


def dealer_alone_in_lead(totals: Sequence[int], dealer_seat: int) -> bool:
    """True when the dealer has strictly more points than every other player."""
    return all(
        totals[dealer_seat] > total for seat, total in enumerate(totals) if seat != dealer_seat
    )


def next_bidder(setup: RoundSetup, bids: Sequence[int | None]) -> int | None:
    """The seat whose bid comes next, or ``None`` when every bid is in."""
    return next((seat for seat in setup.bidders if bids[seat] is None), None)


def bid_refusal(
    setup: RoundSetup, bids: Sequence[int | None], seat: int, bid: int
) -> Reason | None:
    """Why ``seat`` may not bid ``bid`` after the ``bids`` made so far, or ``None`` if it may.

    ``bids`` is indexed by seat, ``None`` where no bid is made yet. Only the last bidder is
    bound by a restriction: plus/minus one forbids the total from matching the tricks of the
    round; the Canadian rule forbids it to a dealer who leads alone, unless the dealer bids zero.
    """
    hand = setup.hand_size
    if seat == setup.saboteur:
        return Reason("saboteur_does_not_bid")
    if setup.rules.nobody_bids:
        return Reason("jester_bid_nobody_bids")
    if not 0 <= bid <= hand:
        return Reason("bid_out_of_range", hand=hand)
    others = [b for s, b in enumerate(bids) if s != seat and s in setup.bidders]
    if any(b is None for b in others):
        return None
    total = sum(b for b in others if b is not None) + bid
    if total != hand:
        return None
    restriction = setup.rules.restriction
    if restriction is BidRestriction.PLUS_MINUS_ONE:
        return Reason(setup.rules.hook_refusal, hand=hand)
    if (
        restriction is BidRestriction.CANADIAN
        and seat == setup.dealer
        and bid != 0
        and dealer_alone_in_lead(setup.totals_before, setup.dealer)
    ):
        return Reason("bid_total_forbidden_canadian", hand=hand)
    return None


def any_order(rules: BidRules) -> bool:
    """Whether bids may be entered in any seat order: sealed bids with no restriction.

    Nobody sees a sealed bid, so the order they are made in changes nothing, and the phone may go
    to whoever is ready. A restriction judges the last bidder, so it keeps the order (and is not
    combined with sealed bids anyway).
    """
    return rules.visibility is not BidVisibility.OPEN and rules.restriction is BidRestriction.NONE


def in_any_order(setup: RoundSetup) -> bool:
    """Whether this round's bids may be entered in any seat order: made at once, or sealed
    with no restriction (:func:`any_order`)."""
    return setup.rules.at_once or any_order(setup.rules)


def bids_sealed(visibility: BidVisibility, all_bids_in: bool) -> bool:
    """Whether the bids of the round in progress must stay hidden from everyone.

    Hidden bids open together once everyone has bid; delayed bids stay sealed until the tricks
    are entered, that is, for as long as the round is in progress.
    """
    if visibility is BidVisibility.DELAYED:
        return True
    return visibility is BidVisibility.HIDDEN and not all_bids_in


def legal_bids(setup: RoundSetup, bids: Sequence[int | None], seat: int) -> tuple[int, ...]:
    """The bids ``seat`` may make now, for the buttons that are not greyed out."""
    return tuple(b for b in range(setup.hand_size + 1) if bid_refusal(setup, bids, seat, b) is None)


def check_bid(setup: RoundSetup, bids: Sequence[int | None], seat: int, bid: int) -> None:
    """Refuse a bid out of turn or against the rules; the bids are those made so far."""
    if seat not in setup.bidders:
        reason = bid_refusal(setup, bids, seat, bid)
        raise RuleError.because(reason or Reason("seat_does_not_bid"))
    if bids[seat] is None and not in_any_order(setup) and next_bidder(setup, bids) != seat:
        raise RuleError("bid_out_of_turn")
    reason = bid_refusal(setup, bids, seat, bid)
    if reason is not None:
        raise RuleError.because(reason)


def bids_complete(setup: RoundSetup, bids: Sequence[int | None]) -> bool:
    """True when every player who bids has bid."""
    return next_bidder(setup, bids) is None


def check_round_bids(setup: RoundSetup, bids: Sequence[int | None]) -> None:
    """Check a whole round of bids as if entered at the table one by one, in bidding order."""
    if len(bids) != setup.players:
        raise RuleError("bids_count", players=setup.players)
    if not setup.bidders:
        if tuple(bids) != setup.given_bids:
            raise RuleError("jester_bid_nobody_bids")
        return
    if setup.saboteur is not None and bids[setup.saboteur] is not None:
        raise RuleError("saboteur_does_not_bid")
    made: list[int | None] = list(setup.given_bids)
    for seat in setup.bidders:
        bid = bids[seat]
        if bid is None:
            raise RuleError("bid_missing")
        check_bid(setup, made, seat, bid)
        made[seat] = bid
