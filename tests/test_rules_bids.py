"""RULES.md "Bids": range, order, the bid restrictions, the Saboteur and the Jester bid."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.bidding import (
    RoundSetup,
    bid_refusal,
    bids_complete,
    check_bid,
    check_round_bids,
    dealer_alone_in_lead,
    legal_bids,
    next_bidder,
)
from scorekeeper.core.family.wizard import bid_rules
from scorekeeper.core.rules import BidRestriction, RuleError, Variants

NONE = BidRestriction.NONE
PLUS_MINUS_ONE = BidRestriction.PLUS_MINUS_ONE
CANADIAN = BidRestriction.CANADIAN

PLUS_MINUS_ONE_REASON = (
    "Bids would add up to {hand}, the number of tricks in this round — "
    "the plus/minus-one rule forbids that."
)
CANADIAN_REASON = (
    "Bids would add up to {hand}, the number of tricks in this round, and the dealer "
    "leads alone — the Canadian rule forbids that (bidding zero is always allowed)."
)
SABOTEUR_REASON = "The dealer is the saboteur this round and makes no bid."
JESTER_REASON = "With the Jester bid nobody bids: every bid is zero."
OUT_OF_TURN_REASON = (
    "It is not this player's turn to bid yet: bids go clockwise from the dealer's left."
)


def round_setup(
    players: int = 4,
    hand_size: int = 3,
    dealer: int | None = None,
    totals_before: tuple[int, ...] | None = None,
    **variants: Any,
) -> RoundSetup:
    """A round; the dealer defaults to the last seat, so seats bid in seat order."""
    return RoundSetup(
        players=players,
        number=hand_size,
        hand_size=hand_size,
        dealer=players - 1 if dealer is None else dealer,
        rules=bid_rules(Variants(**variants)),
        totals_before=totals_before or (0,) * players,
    )


# --- who bids, in which order -----------------------------------------------------------------

# | players | dealer | saboteur | jester bid | bidders in order | bids nobody enters |
BIDDERS = [
    (4, 3, False, False, (0, 1, 2, 3), (None, None, None, None)),
    (4, 1, False, False, (2, 3, 0, 1), (None, None, None, None)),
    (4, 1, True, False, (2, 3, 0), (None, None, None, None)),
    (3, 0, True, False, (1, 2), (None, None, None)),
    (4, 1, False, True, (), (0, 0, 0, 0)),
    (4, 1, True, True, (), (0, None, 0, 0)),
]


@pytest.mark.parametrize(
    ("players", "dealer", "saboteur", "jester_bid", "bidders", "given"), BIDDERS
)
def test_bids_are_made_in_order_starting_left_of_the_dealer(
    players: int,
    dealer: int,
    saboteur: bool,
    jester_bid: bool,
    bidders: tuple[int, ...],
    given: tuple[int | None, ...],
) -> None:
    setup = round_setup(players, dealer=dealer, saboteur=saboteur, jester_bid=jester_bid)
    assert setup.order[0] == (dealer + 1) % players
    assert setup.order[-1] == dealer
    assert setup.bidders == bidders
    assert setup.given_bids == given
    assert setup.saboteur == (dealer if saboteur else None)


# | bids so far (by seat) | next bidder |   (4 players, dealer seat 1: order 2, 3, 0, 1)
NEXT_BIDDERS = [
    ((None, None, None, None), 2),
    ((None, None, 1, None), 3),
    ((None, None, 1, 0), 0),
    ((2, None, 1, 0), 1),
    ((2, 0, 1, 0), None),
]


@pytest.mark.parametrize(("bids", "seat"), NEXT_BIDDERS)
def test_each_player_bids_in_turn_and_the_dealer_last(
    bids: tuple[int | None, ...], seat: int | None
) -> None:
    setup = round_setup(4, dealer=1)
    assert next_bidder(setup, bids) == seat
    assert bids_complete(setup, bids) is (seat is None)


def test_with_the_jester_bid_every_bid_is_in_before_anyone_bids() -> None:
    setup = round_setup(4, jester_bid=True)
    assert next_bidder(setup, setup.given_bids) is None
    assert bids_complete(setup, setup.given_bids)


def test_the_saboteur_does_not_hold_up_the_bidding() -> None:
    setup = round_setup(4, dealer=1, saboteur=True)
    assert bids_complete(setup, (1, None, 0, 2))
    assert not bids_complete(setup, (None, None, 0, 2))


# --- a bid is a number from 0 to the hand size ---------------------------------------------------


@pytest.mark.parametrize("hand_size", [1, 3, 7, 20])
def test_any_bid_from_zero_to_the_hand_size_is_allowed(hand_size: int) -> None:
    setup = round_setup(3, hand_size=hand_size)
    assert legal_bids(setup, (None, None, None), 0) == tuple(range(hand_size + 1))
    for bid in range(hand_size + 1):
        assert bid_refusal(setup, (None, None, None), 0, bid) is None


@pytest.mark.parametrize(("hand_size", "bid"), [(1, -1), (1, 2), (3, 4), (3, -3), (20, 21)])
@pytest.mark.parametrize("restriction", list(BidRestriction))
def test_a_bid_outside_zero_to_the_hand_size_is_refused(
    hand_size: int, bid: int, restriction: BidRestriction
) -> None:
    setup = round_setup(3, hand_size=hand_size, bid_restriction=restriction)
    reason = f"A bid is a number from 0 to {hand_size} in this round."
    assert bid_refusal(setup, (None, None, None), 0, bid) == reason
    with pytest.raises(RuleError, match=r"^A bid is a number from 0 to \d+ in this round\.$"):
        check_bid(setup, (None, None, None), 0, bid)


# --- none: any bid 0..hand size ------------------------------------------------------------------

# | hand | bids of the others (dealer last, seat 3) | dealer may bid |
NO_RESTRICTION = [
    (3, (1, 0, 1), (0, 1, 2, 3)),
    (1, (0, 0, 0), (0, 1)),
    (5, (5, 5, 5), (0, 1, 2, 3, 4, 5)),
]


@pytest.mark.parametrize(("hand", "others", "legal"), NO_RESTRICTION)
def test_without_a_restriction_the_bids_may_add_up_to_the_tricks(
    hand: int, others: tuple[int, ...], legal: tuple[int, ...]
) -> None:
    setup = round_setup(4, hand_size=hand, bid_restriction=NONE)
    assert legal_bids(setup, (*others, None), 3) == legal


# --- plus/minus one: the total of all bids may not equal the number of tricks --------------------

# | players | hand | bids so far in order | last bidder may bid |
PLUS_MINUS_ONE_CASES = [
    # 4 players, plus/minus one, hand 3, first three bids 1, 0, 1 → dealer may bid anything but 1
    (4, 3, (1, 0, 1), (0, 2, 3)),
    (4, 3, (0, 0, 0), (0, 1, 2)),
    (4, 3, (3, 0, 0), (1, 2, 3)),
    (4, 3, (2, 2, 0), (0, 1, 2, 3)),
    (3, 1, (0, 0), (0,)),
    (3, 1, (1, 0), (1,)),
    (3, 1, (1, 1), (0, 1)),
    (3, 20, (10, 5), tuple(b for b in range(21) if b != 5)),
    (8, 7, (1, 1, 1, 1, 1, 1, 0), (0, 2, 3, 4, 5, 6, 7)),
]


@pytest.mark.parametrize(("players", "hand", "before", "legal"), PLUS_MINUS_ONE_CASES)
def test_plus_minus_one_forbids_the_last_bidder_to_match_the_tricks(
    players: int, hand: int, before: tuple[int, ...], legal: tuple[int, ...]
) -> None:
    setup = round_setup(players, hand_size=hand, bid_restriction=PLUS_MINUS_ONE)
    bids = (*before, None)
    dealer = players - 1
    assert legal_bids(setup, bids, dealer) == legal
    for bid in set(range(hand + 1)) - set(legal):
        assert bid_refusal(setup, bids, dealer, bid) == PLUS_MINUS_ONE_REASON.format(hand=hand)
        with pytest.raises(RuleError, match="plus/minus-one rule forbids that"):
            check_bid(setup, bids, dealer, bid)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_plus_minus_one_does_not_bind_the_earlier_bidders(seat: int) -> None:
    setup = round_setup(4, hand_size=3, bid_restriction=PLUS_MINUS_ONE)
    bids: tuple[int | None, ...] = tuple(1 if s < seat else None for s in range(4))
    assert legal_bids(setup, bids, seat) == (0, 1, 2, 3)


def test_the_worked_plus_minus_one_example_refuses_the_dealer_bid_of_one() -> None:
    """4 players, plus/minus one, hand 3, first three bids 1, 0, 1."""
    setup = round_setup(4, hand_size=3, dealer=0, bid_restriction=PLUS_MINUS_ONE)
    bids: list[int | None] = [None] * 4
    for seat, bid in zip(setup.order[:3], (1, 0, 1), strict=True):
        check_bid(setup, bids, seat, bid)
        bids[seat] = bid
    assert next_bidder(setup, bids) == 0
    assert legal_bids(setup, bids, 0) == (0, 2, 3)
    with pytest.raises(RuleError) as refusal:
        check_bid(setup, bids, 0, 1)
    assert str(refusal.value) == PLUS_MINUS_ONE_REASON.format(hand=3)


# --- Canadian rule -------------------------------------------------------------------------------

# | totals before the round (dealer is seat 2) | dealer alone in the lead? |
LEADS = [
    ((0, 0, 0), False),
    ((10, 20, 30), True),
    ((10, 30, 30), False),
    ((30, 10, 30), False),
    ((-10, -20, -5), True),
    ((40, 0, 30), False),
    ((0, 0, 10), True),
]


@pytest.mark.parametrize(("totals", "alone"), LEADS)
def test_the_dealer_is_alone_in_the_lead_with_strictly_more_points_than_everyone(
    totals: tuple[int, ...], alone: bool
) -> None:
    assert dealer_alone_in_lead(totals, 2) is alone


# | totals before (dealer seat 2) | others bid | dealer may bid |   (3 players, hand 3)
CANADIAN_CASES = [
    # dealer alone in the lead, others bid 1, 1 → dealer may bid 0, 2, 3 but not 1
    ((0, 10, 50), (1, 1), (0, 2, 3)),
    # if the dealer shares the lead with anyone, 1 is allowed
    ((50, 10, 50), (1, 1), (0, 1, 2, 3)),
    ((10, 50, 50), (1, 1), (0, 1, 2, 3)),
    # others bid 2, 1 → the dealer may still bid 0 (zero is always allowed), though the total is 3
    ((0, 10, 50), (2, 1), (0, 1, 2, 3)),
    ((0, 10, 50), (3, 0), (0, 1, 2, 3)),
    # the dealer behind or level with the table is not bound at all
    ((50, 10, 0), (1, 1), (0, 1, 2, 3)),
    ((0, 0, 0), (1, 1), (0, 1, 2, 3)),
    # the total can only be matched by one bid, so only that one is refused
    ((0, 10, 50), (0, 0), (0, 1, 2)),
    ((0, 10, 50), (0, 1), (0, 1, 3)),
]


@pytest.mark.parametrize(("totals", "others", "legal"), CANADIAN_CASES)
def test_canadian_rule_binds_a_dealer_who_leads_alone_unless_bidding_zero(
    totals: tuple[int, ...], others: tuple[int, ...], legal: tuple[int, ...]
) -> None:
    setup = round_setup(3, hand_size=3, dealer=2, totals_before=totals, bid_restriction=CANADIAN)
    bids = (*others, None)
    assert legal_bids(setup, bids, 2) == legal
    for bid in set(range(4)) - set(legal):
        assert bid_refusal(setup, bids, 2, bid) == CANADIAN_REASON.format(hand=3)
        with pytest.raises(RuleError, match="the Canadian rule forbids that"):
            check_bid(setup, bids, 2, bid)


def test_canadian_rule_never_binds_a_player_who_is_not_the_dealer() -> None:
    """Even asked about seat 0 once everyone else (dealer included) has bid."""
    setup = round_setup(
        3, hand_size=3, dealer=2, totals_before=(90, 10, 50), bid_restriction=CANADIAN
    )
    assert legal_bids(setup, (None, 1, 1), 0) == (0, 1, 2, 3)
    setup = round_setup(
        3, hand_size=3, dealer=2, totals_before=(0, 10, 50), bid_restriction=CANADIAN
    )
    assert legal_bids(setup, (None, 1, 1), 0) == (0, 1, 2, 3)


@pytest.mark.parametrize("seat", [0, 1])
def test_canadian_rule_does_not_bind_the_earlier_bidders(seat: int) -> None:
    setup = round_setup(
        3, hand_size=2, dealer=2, totals_before=(0, 0, 100), bid_restriction=CANADIAN
    )
    bids: tuple[int | None, ...] = tuple(1 if s < seat else None for s in range(3))
    assert legal_bids(setup, bids, seat) == (0, 1, 2)


# --- Wizard Saboteur -----------------------------------------------------------------------------


@pytest.mark.parametrize("bid", [0, 1, 3])
def test_the_saboteur_dealer_makes_no_bid(bid: int) -> None:
    setup = round_setup(4, dealer=1, saboteur=True)
    assert bid_refusal(setup, (None, None, None, None), 1, bid) == SABOTEUR_REASON
    assert legal_bids(setup, (None, None, None, None), 1) == ()
    with pytest.raises(RuleError) as refusal:
        check_bid(setup, (0, None, 1, 1), 1, bid)
    assert str(refusal.value) == SABOTEUR_REASON


# | players | dealer (saboteur) | bids so far | last who actually bids | may bid |   (hand 3)
SABOTEUR_PLUS_MINUS_ONE = [
    (4, 1, (None, None, 1, 0), 0, (0, 1, 3)),
    (4, 3, (1, 1, None, None), 2, (0, 2, 3)),
    (3, 0, (None, 3, None), 2, (1, 2, 3)),
]


@pytest.mark.parametrize(("players", "dealer", "bids", "last", "legal"), SABOTEUR_PLUS_MINUS_ONE)
def test_with_a_saboteur_plus_minus_one_binds_the_last_player_who_actually_bids(
    players: int, dealer: int, bids: tuple[int | None, ...], last: int, legal: tuple[int, ...]
) -> None:
    setup = round_setup(
        players, hand_size=3, dealer=dealer, saboteur=True, bid_restriction=PLUS_MINUS_ONE
    )
    assert setup.bidders[-1] == last
    assert next_bidder(setup, bids) == last
    assert legal_bids(setup, bids, last) == legal


# --- Jester bid ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_with_the_jester_bid_nobody_enters_a_bid(seat: int) -> None:
    setup = round_setup(4, jester_bid=True)
    assert setup.bidders == ()
    assert legal_bids(setup, setup.given_bids, seat) == ()
    assert bid_refusal(setup, setup.given_bids, seat, 0) == JESTER_REASON
    with pytest.raises(RuleError) as refusal:
        check_bid(setup, setup.given_bids, seat, 0)
    assert str(refusal.value) == JESTER_REASON


# --- bidding in turn -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "seat"),
    [
        ((None, None, None, None), 3),
        ((None, None, None, None), 0),
        ((None, None, 1, None), 1),
        ((None, None, 1, None), 0),
    ],
)
def test_a_bid_out_of_turn_is_refused(bids: tuple[int | None, ...], seat: int) -> None:
    setup = round_setup(4, dealer=1)
    with pytest.raises(RuleError) as refusal:
        check_bid(setup, bids, seat, 0)
    assert str(refusal.value) == OUT_OF_TURN_REASON


def test_the_player_whose_turn_it_is_may_bid() -> None:
    setup = round_setup(4, dealer=1)
    check_bid(setup, (None, None, None, None), 2, 3)


def test_a_bid_already_made_is_checked_against_the_rules_only() -> None:
    """Checking a made bid again (a correction) is not refused as out of turn."""
    setup = round_setup(4, hand_size=3, dealer=1, bid_restriction=PLUS_MINUS_ONE)
    check_bid(setup, (None, None, 1, None), 2, 2)
    with pytest.raises(RuleError, match="plus/minus-one"):
        check_bid(setup, (1, 1, 0, 0), 2, 1)


@pytest.mark.parametrize("seat", [4, 7, -1])
def test_a_seat_that_is_not_at_the_table_does_not_bid(seat: int) -> None:
    setup = round_setup(4)
    with pytest.raises(RuleError) as refusal:
        check_bid(setup, (None, None, None, None), seat, 0)
    assert str(refusal.value) == "That seat does not bid this round."


# --- a whole round of bids, as entered at the table -----------------------------------------------

# | variants | dealer | bids by seat | refusal or None |   (4 players, hand 3)
ROUND_BIDS = [
    ({}, 3, (1, 0, 1, 1), None),
    ({}, 3, (3, 3, 3, 3), None),
    ({"bid_restriction": PLUS_MINUS_ONE}, 3, (1, 0, 1, 0), None),
    ({"bid_restriction": PLUS_MINUS_ONE}, 3, (1, 0, 1, 1), PLUS_MINUS_ONE_REASON.format(hand=3)),
    # the restriction binds the last bidder in order: dealer seat 1 → seat 1 bids last
    ({"bid_restriction": PLUS_MINUS_ONE}, 1, (1, 1, 1, 0), PLUS_MINUS_ONE_REASON.format(hand=3)),
    ({"bid_restriction": PLUS_MINUS_ONE}, 1, (1, 2, 1, 0), None),
    ({}, 3, (1, 0, 1), "A round needs one bid for each of the 4 players."),
    ({}, 3, (1, 0, 1, 1, 0), "A round needs one bid for each of the 4 players."),
    ({}, 3, (1, None, 1, 1), "Every player except a saboteur must bid."),
    ({}, 3, (1, 0, 4, 1), "A bid is a number from 0 to 3 in this round."),
    ({"saboteur": True}, 3, (1, 0, 1, None), None),
    ({"saboteur": True}, 3, (1, 0, 1, 0), SABOTEUR_REASON),
    ({"saboteur": True}, 3, (1, 0, None, None), "Every player except a saboteur must bid."),
    ({"saboteur": True, "bid_restriction": PLUS_MINUS_ONE}, 3, (1, 1, 2, None), None),
    (
        {"saboteur": True, "bid_restriction": PLUS_MINUS_ONE},
        3,
        (1, 0, 2, None),
        PLUS_MINUS_ONE_REASON.format(hand=3),
    ),
    ({"jester_bid": True}, 3, (0, 0, 0, 0), None),
    ({"jester_bid": True}, 3, (0, 1, 0, 0), JESTER_REASON),
    ({"jester_bid": True}, 3, (None, None, None, None), JESTER_REASON),
    ({"jester_bid": True, "saboteur": True}, 3, (0, 0, 0, None), None),
    ({"jester_bid": True, "saboteur": True}, 3, (0, 0, 0, 0), JESTER_REASON),
]


@pytest.mark.parametrize(("variants", "dealer", "bids", "reason"), ROUND_BIDS)
def test_a_whole_round_of_bids_is_checked_as_if_entered_one_by_one(
    variants: dict[str, Any],
    dealer: int,
    bids: tuple[int | None, ...],
    reason: str | None,
) -> None:
    setup = round_setup(4, hand_size=3, dealer=dealer, **variants)
    if reason is None:
        check_round_bids(setup, bids)
    else:
        with pytest.raises(RuleError) as refusal:
            check_round_bids(setup, bids)
        assert str(refusal.value) == reason


def test_a_whole_round_of_canadian_bids_knows_who_leads() -> None:
    alone = round_setup(
        3, hand_size=3, dealer=2, totals_before=(0, 10, 50), bid_restriction=CANADIAN
    )
    shared = round_setup(
        3, hand_size=3, dealer=2, totals_before=(50, 10, 50), bid_restriction=CANADIAN
    )
    with pytest.raises(RuleError, match="Canadian rule"):
        check_round_bids(alone, (1, 1, 1))
    check_round_bids(alone, (2, 1, 0))
    check_round_bids(shared, (1, 1, 1))


# --- the messages --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reason",
    [
        PLUS_MINUS_ONE_REASON.format(hand=3),
        CANADIAN_REASON.format(hand=3),
        SABOTEUR_REASON,
        JESTER_REASON,
        OUT_OF_TURN_REASON,
        "A bid is a number from 0 to 3 in this round.",
        "That seat does not bid this round.",
        "A round needs one bid for each of the 4 players.",
        "Every player except a saboteur must bid.",
    ],
)
def test_bid_refusals_are_sentences_a_player_understands(reason: str) -> None:
    assert reason[0].isupper()
    assert reason.endswith(".") or reason.endswith(").")
    assert "_" not in reason
    assert "None" not in reason
