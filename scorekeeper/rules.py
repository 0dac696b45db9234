"""The rules of Wizard that a score pad needs: variants, schedule, dealer, trump, bids, scores.

Pure Python and the single source of truth: pages, PDF, API and CSV all ask this module.
The rules are those of ``shared/RULES.md``; the decisions taken there are noted where they apply.
Every refusal is a :class:`RuleError` with a stable code (:mod:`scorekeeper.refusals`), said to
the player in their language at the edge. The variants are declared in :mod:`scorekeeper.variants`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

from scorekeeper.refusals import Reason, RuleError
from scorekeeper.variants import (
    AMIGO_SCHEDULES,
    BidRestriction,
    BidVisibility,
    Length,
    Variants,
    check_combination,
)

__all__ = [
    "AMIGO_SCHEDULES",
    "BidRestriction",
    "BidVisibility",
    "Length",
    "Reason",
    "RuleError",
    "Variants",
]

DECK_SIZE = 60
MIN_PLAYERS = 3
MAX_PLAYERS = 8
# A first name and two surnames ("Παναγιώτης Αλεξανδρόπουλος" is 26, "María José Ruiz-Zorrilla"
# 24): the pages wrap a long name and the sheets shorten it where a column is narrow.
MAX_NAME_LENGTH = 32
# Control, format (bidi, zero-width), surrogate, private-use, unassigned, line and paragraph
# separator characters: nothing a player types as part of a name.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


class Suit(StrEnum):
    """The four suits, stored under their classic names."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def symbol(self) -> str:
        """The card symbol, shown next to the name so no suit is told by colour alone."""
        return {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}[self.value]


class Turned(StrEnum):
    """What card was turned up from the undealt stack after the deal."""

    SUIT = "suit"
    """A suit card: its suit is trump."""
    JESTER = "jester"
    """A Jester: no trump this round."""
    WIZARD = "wizard"
    """A Wizard: the dealer picks the trump suit."""
    NONE = "none"
    """Nothing turned: no card was left, or Wizard Maximus fixes the trump."""


@dataclass(frozen=True)
class Trump:
    """The turned card and the trump suit that follows from it (``None``: no trump)."""

    turned: Turned
    suit: Suit | None = None


MAXIMUS_TRUMPS: tuple[Suit | None, ...] = (
    Suit.CLUBS,
    Suit.DIAMONDS,
    Suit.HEARTS,
    Suit.SPADES,
    None,
)

# --- players and variants ------------------------------------------------------------------


def check_player_count(players: int) -> None:
    """Refuse a table of fewer than 3 or more than 8 players."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError("player_count", low=MIN_PLAYERS, high=MAX_PLAYERS, players=players)


def normalise_name(name: str) -> str:
    """A player's name as stored: Unicode NFC, spaces at both ends trimmed."""
    return unicodedata.normalize("NFC", name).strip()


def same_name_key(name: str) -> str:
    """What two names must differ in to tell the players apart ("Tom" and " tom" do not)."""
    return unicodedata.normalize("NFKC", normalise_name(name)).casefold()


def check_player_names(names: Sequence[object]) -> tuple[str, ...]:
    """The players' names as stored, in seat order, or a refusal.

    Decisions: a name is text of 1 to 32 characters after trimming, with no control, format or
    other invisible character (a bidi override or a zero-width space would make two names look
    alike or garble the sheet); two names that differ only in case, spacing at the ends or
    Unicode form are the same player.
    """
    check_player_count(len(names))
    stored: list[str] = []
    for seat, name in enumerate(names, start=1):
        if not isinstance(name, str) or not name.strip():
            raise RuleError("name_missing", seat=seat)
        if any(unicodedata.category(char) in HIDDEN_CATEGORIES for char in name):
            raise RuleError("name_bad_character", seat=seat)
        name = normalise_name(name)
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError("name_too_long", seat=seat, max=MAX_NAME_LENGTH)
        stored.append(name)
    seen: dict[str, int] = {}
    for seat, name in enumerate(stored, start=1):
        first = seen.setdefault(same_name_key(name), seat)
        if first != seat:
            raise RuleError("names_same", first=first, second=seat)
    return tuple(stored)


def check_variants(players: int, variants: Variants) -> None:
    """Refuse a table size or a combination of variants that cannot be played.

    Decisions (RULES.md): a bid restriction cannot go with hidden or delayed bids, the Saboteur
    cannot go with the Canadian rule, and the Amigo tournament has no schedule for 7 or 8 players.
    """
    check_player_count(players)
    check_combination(players, variants)


# --- schedule, dealer, order -----------------------------------------------------------------


def full_hand(players: int) -> int:
    """The largest hand the deck allows: ``60 // players`` cards."""
    return DECK_SIZE // players


def schedule(players: int, length: Length = Length.STANDARD) -> tuple[int, ...]:
    """The hand size of every round, in order.

    >>> schedule(4, Length.QUICK)
    (1, 3, 5, 7, 9, 11, 13, 15)
    """
    check_player_count(players)
    top = full_hand(players)
    if length is Length.FIVE_ROUNDS:
        return (1, 2, 3, 4, 5)
    if length is Length.AMIGO:
        if players not in AMIGO_SCHEDULES:
            raise RuleError("amigo_players", setting="length")
        return AMIGO_SCHEDULES[players]
    if length is Length.QUICK:
        return tuple(reversed(range(top, 0, -2)))
    if length is Length.MAXIMUS:
        return (top,) * len(MAXIMUS_TRUMPS)
    return tuple(range(1, top + 1))


def dealer(first_dealer: int, round_number: int, players: int) -> int:
    """The seat that deals round ``round_number`` (1-based): the deal passes left each round.

    >>> dealer(2, 3, 4)
    0
    """
    return (first_dealer + round_number - 1) % players


def next_first_dealer(first_dealer: int, players: int) -> int:
    """The first dealer of the next game at the same table: the deal moves one seat on, as it
    does from round to round.

    >>> next_first_dealer(1, 4), next_first_dealer(3, 4)
    (2, 0)
    """
    return dealer(first_dealer, 2, players)


def bidding_order(dealer_seat: int, players: int) -> tuple[int, ...]:
    """Seats in the order they bid and lead: left of the dealer first, the dealer last.

    >>> bidding_order(1, 4)
    (2, 3, 0, 1)
    """
    return tuple((dealer_seat + 1 + step) % players for step in range(players))


# --- trump -----------------------------------------------------------------------------------


def fixed_trump(round_number: int, hand_size: int, players: int, length: Length) -> Trump | None:
    """The trump when nobody has to enter it, else ``None``.

    Wizard Maximus fixes it by round; a round that deals the whole deck has no card to turn.
    """
    if length is Length.MAXIMUS:
        return Trump(Turned.NONE, MAXIMUS_TRUMPS[(round_number - 1) % len(MAXIMUS_TRUMPS)])
    if hand_size * players >= DECK_SIZE:
        return Trump(Turned.NONE, None)
    return None


def resolve_trump(
    turned: Turned,
    suit: Suit | None,
    *,
    round_number: int,
    hand_size: int,
    players: int,
    length: Length,
) -> Trump:
    """The trump that follows from the card turned, refusing what cannot have happened.

    A suit card needs its suit; a Jester means no trump; a Wizard needs the suit the dealer
    picked ("no trump" is not allowed). Where the trump is fixed, the fixed trump is returned and
    anything else entered is refused.
    """
    fixed = fixed_trump(round_number, hand_size, players, length)
    if fixed is not None:
        if turned is not Turned.NONE or (suit is not None and suit is not fixed.suit):
            if length is Length.MAXIMUS:
                raise RuleError("trump_fixed_maximus")
            raise RuleError("trump_none_left")
        return fixed
    if turned is Turned.NONE:
        raise RuleError("trump_missing")
    if turned is Turned.JESTER:
        if suit is not None:
            raise RuleError("trump_jester_has_no_suit")
        return Trump(Turned.JESTER, None)
    if suit is None:
        if turned is Turned.WIZARD:
            raise RuleError("trump_wizard_needs_suit")
        raise RuleError("trump_suit_missing")
    return Trump(turned, suit)


# --- bids ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundSetup:
    """What the rules need to know about a round before the first bid."""

    players: int
    number: int
    hand_size: int
    dealer: int
    variants: Variants
    totals_before: tuple[int, ...]

    # Cached: the setup is frozen, and the rules ask for these for every seat and every bid.
    @cached_property
    def order(self) -> tuple[int, ...]:
        """Seats in bidding (and leading) order."""
        return bidding_order(self.dealer, self.players)

    @property
    def saboteur(self) -> int | None:
        """The seat of this round's saboteur (the dealer), if the variant is played."""
        return self.dealer if self.variants.saboteur else None

    @cached_property
    def bidders(self) -> tuple[int, ...]:
        """Seats that enter a bid, in order: none with the Jester bid, all but the saboteur."""
        if self.variants.jester_bid:
            return ()
        return tuple(seat for seat in self.order if seat != self.saboteur)

    @property
    def given_bids(self) -> tuple[int | None, ...]:
        """The bids nobody enters: zero for the Jester bid, ``None`` for the saboteur."""
        bids: list[int | None] = [None] * self.players
        if self.variants.jester_bid:
            bids = [0] * self.players
        if self.saboteur is not None:
            bids[self.saboteur] = None
        return tuple(bids)


def judged_by_earlier_rounds(variants: Variants) -> bool:
    """True when a round's bids are judged by the totals before it: the Canadian rule asks
    whether the dealer leads alone. No other rule looks at earlier rounds."""
    return variants.bid_restriction is BidRestriction.CANADIAN


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
    if setup.variants.jester_bid:
        return Reason("jester_bid_nobody_bids")
    if not 0 <= bid <= hand:
        return Reason("bid_out_of_range", hand=hand)
    others = [b for s, b in enumerate(bids) if s != seat and s in setup.bidders]
    if any(b is None for b in others):
        return None
    total = sum(b for b in others if b is not None) + bid
    if total != hand:
        return None
    restriction = setup.variants.bid_restriction
    if restriction is BidRestriction.PLUS_MINUS_ONE:
        return Reason("bid_total_forbidden", hand=hand)
    if (
        restriction is BidRestriction.CANADIAN
        and seat == setup.dealer
        and bid != 0
        and dealer_alone_in_lead(setup.totals_before, setup.dealer)
    ):
        return Reason("bid_total_forbidden_canadian", hand=hand)
    return None


def any_order(variants: Variants) -> bool:
    """Whether bids may be entered in any seat order: sealed bids with no restriction.

    Nobody sees a sealed bid, so the order they are made in changes nothing, and the phone may go
    to whoever is ready. A restriction judges the last bidder, so it keeps the order (and is not
    combined with sealed bids anyway).
    """
    return (
        variants.bid_visibility is not BidVisibility.OPEN
        and variants.bid_restriction is BidRestriction.NONE
    )


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
    if bids[seat] is None and not any_order(setup.variants) and next_bidder(setup, bids) != seat:
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


# --- tricks and scores -----------------------------------------------------------------------


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


def undealt(players: int, hand_size: int) -> int:
    """How many cards stay undealt after a deal: the trump card is turned from these.

    >>> undealt(7, 8)
    4
    """
    return DECK_SIZE - players * hand_size


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
