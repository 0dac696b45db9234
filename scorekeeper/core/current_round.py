"""The round being played as the score sheet carries it (:class:`CurrentRound`): its step, the
trump, the bids as they may be shown (a sealed bid is not there at all), who bids next and what
they may bid, what a round reopened by undo had, and the table's reminders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core import bidding, game, scoring, specials
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.family import Bidding
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Reason, Trump
from scorekeeper.core.specials import Specials


class Phase(StrEnum):
    """What the table does next in the current round."""

    TRUMP = "trump"
    BIDS = "bids"
    PLAY = "play"


@dataclass(frozen=True)
class CurrentRound:
    """The round at the table now, with sealed bids left out."""

    setup: RoundSetup
    phase: Phase
    trump: Trump | None
    trump_fixed: bool
    bids: tuple[int | None, ...]
    has_bid: tuple[bool, ...]
    sealed: bool
    next_bidder: int | None
    legal_bids: tuple[int, ...]
    refusals: tuple[tuple[int, Reason], ...]
    reopened_tricks: tuple[int, ...]
    """The tricks by seat of a round that undo reopened, for the tricks step; empty otherwise."""
    reopened_facts: Facts | None
    """The game's own facts of a round that undo reopened, for the tricks step."""
    reopened_cloud: tuple[int, int] | None
    """The Cloud of a round that undo reopened as the table enters it (seat, change of its bid:
    a direction, never a sealed bid)."""
    reminders: tuple[str, ...]
    """Keys of the table-reminder variants that apply at this moment of the round."""
    hook: Bidding = Bidding.IN_TURN
    """How the bids are made: in turn, with the hook, by the Canadian rule, or all at once."""
    rounds: int = 0
    """How many rounds the game has."""
    cards: int = 60
    """The cards of the game's deck."""
    last_round_deals_all: bool = True
    """Whether the game's rule texts say its last round deals the whole deck."""

    @property
    def number(self) -> int:
        """Round number, 1-based."""
        return self.setup.number

    @property
    def any_order(self) -> bool:
        """Whether the bids may be entered in any seat order (all at once, or sealed with no
        restriction)."""
        return bidding.in_any_order(self.setup)

    @property
    def trump_needed(self) -> bool:
        """Whether the table enters a trump this round (False where it is fixed: a rotation,
        Skull King's suit, a dealt-out deck)."""
        return not self.trump_fixed

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats that still have to bid, in bidding order."""
        return tuple(seat for seat in self.setup.bidders if not self.has_bid[seat])

    @property
    def undealt(self) -> int:
        """Cards left undealt this round (the trump card is turned from them)."""
        return self.cards - self.setup.players * self.setup.hand_size

    @property
    def last_round_turns_trump(self) -> bool:
        """True in a last round that leaves cards undealt: a trump card is turned there,
        although rule texts say the last round has no trump (it deals the whole deck only
        when 60 divides evenly among the players)."""
        last = self.number == self.rounds and self.last_round_deals_all
        return last and not self.trump_fixed

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player this round."""
        return self.setup.hand_size

    @property
    def dealer(self) -> int:
        """Seat of the dealer."""
        return self.setup.dealer

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in bidding and leading order."""
        return self.setup.order

    @property
    def bid_total(self) -> int | None:
        """Sum of the bids shown so far, ``None`` while bids are sealed."""
        if self.sealed:
            return None
        return sum(bid for bid in self.bids if bid is not None)

    @property
    def bids_made(self) -> int:
        """How many of the players who bid have bid (never which bids: they may be sealed)."""
        return sum(self.has_bid[seat] for seat in self.setup.bidders)

    def marks(self, tricks: Sequence[int]) -> tuple[str, ...]:
        """Each seat's ``tricks`` against its bid as shown now (:func:`scoring.bid_mark`)."""
        shown = zip(self.bids, tricks, strict=True)
        return tuple(scoring.bid_mark(bid, taken) for bid, taken in shown)

    @property
    def started(self) -> bool:
        """True once anything of this round was entered that undo can take back."""
        entered_trump = self.trump is not None and not self.trump_fixed
        return entered_trump or self.bids_made > 0


def current(record: GameRecord) -> CurrentRound:
    """The round being played of ``record`` as a page shows it (its sealed bids left out)."""
    round_setup = game.current_setup(record)
    now = game.current_round(record, round_setup)
    complete = bidding.bids_complete(round_setup, now.bids)
    sealed = bidding.bids_sealed(round_setup.rules.visibility, complete)
    bidder = None if now.trump is None else bidding.next_bidder(round_setup, now.bids)
    legal: tuple[int, ...] = ()
    refusals: list[tuple[int, Reason]] = []
    if bidder is not None:
        legal = bidding.legal_bids(round_setup, now.bids, bidder)
        for bid in range(round_setup.hand_size + 1):
            reason = bidding.bid_refusal(round_setup, now.bids, bidder, bid)
            if reason is not None:
                refusals.append((bid, reason))
    if now.trump is None:
        phase = Phase.TRUMP
    elif not complete:
        phase = Phase.BIDS
    else:
        phase = Phase.PLAY
    bidders = set(round_setup.bidders)
    return CurrentRound(
        setup=round_setup,
        phase=phase,
        trump=now.trump,
        trump_fixed=game.fixed_trump(record, round_setup) is not None,
        bids=(None,) * round_setup.players if sealed else now.bids,
        has_bid=tuple(seat not in bidders or bid is not None for seat, bid in enumerate(now.bids)),
        sealed=sealed,
        next_bidder=bidder,
        legal_bids=legal,
        refusals=tuple(refusals),
        reopened_tricks=now.reopened_tricks,
        reopened_facts=now.reopened_facts,
        reopened_cloud=_cloud_direction(now.bids, now.reopened_facts),
        reminders=record.declaration.reminders(
            record.settings, round_setup.hand_size, phase is Phase.PLAY
        ),
        hook=record.bidding,
        rounds=len(record.schedule),
        cards=record.declaration.cards(record.settings),
        last_round_deals_all=record.declaration.last_round_deals_all,
    )


def _cloud_direction(bids: tuple[int | None, ...], facts: Facts | None) -> tuple[int, int] | None:
    cloud = facts.cloud if isinstance(facts, Specials) else None
    return specials.cloud_direction(bids, cloud)
