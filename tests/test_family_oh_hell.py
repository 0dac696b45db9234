"""Oh Hell and its family (EDITIONS.md): schedules, the hook, trumps, scoring presets, the
custom form and every refusal."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.family import OH_HELL, Bidding, Played, TrumpSource
from scorekeeper.core.family.oh_hell import (
    OhHellSettings,
    Points,
    Schedule,
    Scoring,
    TrumpChoice,
    bid_score,
    largest_hand,
    resolve_trump,
)
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import Suit, Trump, Turned


def refused(call: object, *args: object, **kwargs: object) -> str:
    assert callable(call)
    with pytest.raises(RuleError) as refusal:
        call(*args, **kwargs)
    return refusal.value.code


def suit_of(trump: Trump | None) -> Suit | None:
    assert trump is not None
    return trump.suit


# --- schedules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "hands"),
    [
        (Schedule.UP, (1, 2, 3, 4, 5)),
        (Schedule.DOWN, (5, 4, 3, 2, 1)),
        (Schedule.DOWN_AND_UP, (5, 4, 3, 2, 1, 2, 3, 4, 5)),
        (Schedule.UP_AND_DOWN, (1, 2, 3, 4, 5, 4, 3, 2, 1)),
    ],
)
def test_schedules(length: Schedule, hands: tuple[int, ...]) -> None:
    assert OH_HELL.schedule(4, OhHellSettings(schedule=length, max_hand=5)) == hands


@pytest.mark.parametrize(("players", "top"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7)])
def test_the_default_largest_hand_leaves_a_card_to_turn(players: int, top: int) -> None:
    assert largest_hand(players, OhHellSettings()) == top
    assert top * players < 52


def test_a_hand_may_deal_out_the_whole_deck_and_then_has_no_trump() -> None:
    chosen = OhHellSettings(max_hand=13)
    OH_HELL.check_settings(4, chosen)
    assert OH_HELL.schedule(4, chosen)[-1] == 13
    assert OH_HELL.fixed_trump(13, 13, 4, chosen) == Trump(Turned.NONE, None)
    assert OH_HELL.fixed_trump(12, 12, 4, chosen) is None


@pytest.mark.parametrize(
    ("players", "chosen", "code", "setting"),
    [
        (4, OhHellSettings(max_hand=14), "max_hand_too_large", "max_hand"),
        (7, OhHellSettings(max_hand=8), "max_hand_too_large", "max_hand"),
        (4, OhHellSettings(max_hand=-1), "max_hand_too_small", "max_hand"),
        (4, OhHellSettings(custom_bonus=5), "custom_numbers_without_custom", "scoring"),
        (
            4,
            OhHellSettings(scoring=Scoring.CUSTOM, custom_penalty=99),
            "custom_numbers_out_of_range",
            "scoring",
        ),
        (2, OhHellSettings(), "game_player_count", None),
        (8, OhHellSettings(), "game_player_count", None),
    ],
)
def test_settings_refused(
    players: int, chosen: OhHellSettings, code: str, setting: str | None
) -> None:
    with pytest.raises(RuleError) as refusal:
        OH_HELL.check_settings(players, chosen)
    assert refusal.value.code == code
    assert refusal.value.setting == setting
    assert str(refusal.value)  # the sentence has every parameter it names


def test_max_hand_refusal_says_the_numbers() -> None:
    with pytest.raises(RuleError) as refusal:
        OH_HELL.check_settings(4, OhHellSettings(max_hand=14))
    assert str(refusal.value) == "With 4 players a hand has at most 13 cards of the 52, not 14."


# --- trump -----------------------------------------------------------------------------------


def test_nomination_whist_rotates_the_trump_with_a_no_trump_round() -> None:
    chosen = OhHellSettings(trump=TrumpChoice.NOMINATION)
    suits = [suit_of(OH_HELL.fixed_trump(n, 3, 4, chosen)) for n in range(1, 7)]
    assert suits == [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, None, Suit.SPADES]
    assert OH_HELL.trump_source(chosen) is TrumpSource.ROTATION


def test_kachuful_fixes_the_suits_in_its_order() -> None:
    chosen = OhHellSettings(trump=TrumpChoice.KACHUFUL)
    suits = [suit_of(OH_HELL.fixed_trump(n, 3, 4, chosen)) for n in range(1, 6)]
    assert suits == [Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES]


def test_the_turned_card() -> None:
    chosen = OhHellSettings()
    assert OH_HELL.trump_source(chosen) is TrumpSource.TURNED
    where: dict[str, Any] = {"number": 3, "hand_size": 3, "players": 4, "settings": chosen}
    assert resolve_trump(Turned.SUIT, Suit.HEARTS, **where) == Trump(Turned.SUIT, Suit.HEARTS)
    assert refused(resolve_trump, Turned.NONE, None, **where) == "trump_missing"
    assert refused(resolve_trump, Turned.WIZARD, Suit.HEARTS, **where) == "trump_suit_only"
    assert refused(resolve_trump, Turned.JESTER, None, **where) == "trump_suit_only"
    assert refused(resolve_trump, Turned.SUIT, None, **where) == "trump_suit_missing"


def test_nothing_is_entered_where_the_trump_is_fixed() -> None:
    dealt_out = OhHellSettings(max_hand=13)
    assert resolve_trump(
        Turned.NONE, None, number=13, hand_size=13, players=4, settings=dealt_out
    ) == Trump(Turned.NONE, None)
    code = refused(
        resolve_trump,
        Turned.SUIT,
        Suit.CLUBS,
        number=13,
        hand_size=13,
        players=4,
        settings=dealt_out,
    )
    assert code == "trump_none_left"
    rotation = OhHellSettings(trump=TrumpChoice.NOMINATION)
    code = refused(
        resolve_trump, Turned.NONE, Suit.CLUBS, number=1, hand_size=1, players=4, settings=rotation
    )
    assert code == "trump_does_not_fit"
    assert resolve_trump(
        Turned.NONE, Suit.SPADES, number=1, hand_size=1, players=4, settings=rotation
    ) == Trump(Turned.NONE, Suit.SPADES)


# --- bids ------------------------------------------------------------------------------------


def test_the_hook_forbids_the_dealer_the_bid_that_adds_up() -> None:
    assert OH_HELL.bidding(OhHellSettings()) is Bidding.HOOK
    assert OH_HELL.bidding(OhHellSettings(hook=False)) is Bidding.IN_TURN
    # Dealer is seat 0, so seat 0 bids last: 1 + 1 + 0 + 1 = 3 tricks.
    played = Played(3, 0, (1, 1, 0, 1), (1, 1, 0, 1))
    code = refused(OH_HELL.check_round, 4, OhHellSettings(), (0,) * 4, played)
    assert code == "bid_total_forbidden_hook"
    OH_HELL.check_round(4, OhHellSettings(hook=False), (0,) * 4, played)
    OH_HELL.check_round(4, OhHellSettings(), (0,) * 4, Played(3, 0, (2, 1, 0, 1), (1, 1, 0, 1)))


@pytest.mark.parametrize(
    ("played", "code"),
    [
        (Played(3, 0, (1, 1, 0), (1, 1, 0, 1)), "bids_count"),
        (Played(3, 0, (1, 1, None, 0), (1, 1, 0, 1)), "bid_missing"),
        (Played(3, 0, (4, 1, 0, 0), (1, 1, 0, 1)), "bid_out_of_range"),
        (Played(3, 0, (2, 1, 0, 1), (1, 1, 0)), "tricks_count"),
        (Played(3, 0, (2, 1, 0, 1), (1, 1, 0, 0)), "tricks_sum"),
        (Played(3, 0, (2, 1, 0, 1), (4, 0, 0, 0)), "tricks_out_of_range"),
    ],
)
def test_rounds_refused(played: Played, code: str) -> None:
    assert refused(OH_HELL.check_round, 4, OhHellSettings(), (0,) * 4, played) == code


# --- scores ----------------------------------------------------------------------------------

# | bid | tricks | tricks_plus_ten | ten_plus_bid | five_plus_tricks | bid_times_ten |
SCORES = [
    (0, 0, 10, 10, 5, 10),
    (3, 3, 13, 13, 8, 30),
    (1, 1, 11, 11, 6, 10),
    (2, 4, 4, 0, 0, 0),
    (2, 0, 0, 0, 0, 0),
    (0, 2, 2, 0, 0, 0),
]


@pytest.mark.parametrize(("bid", "tricks", "plus_ten", "ten_bid", "five", "times_ten"), SCORES)
def test_presets(
    bid: int, tricks: int, plus_ten: int, ten_bid: int, five: int, times_ten: int
) -> None:
    found = [
        bid_score(OhHellSettings(scoring=s), bid, tricks)
        for s in (
            Scoring.TRICKS_PLUS_TEN,
            Scoring.TEN_PLUS_BID,
            Scoring.FIVE_PLUS_TRICKS,
            Scoring.BID_TIMES_TEN,
        )
    ]
    assert found == [plus_ten, ten_bid, five, times_ten]


def test_custom_is_l_escaliers_general_form() -> None:
    chosen = OhHellSettings(
        scoring=Scoring.CUSTOM,
        custom_bonus=20,
        custom_per_trick=2,
        custom_penalty=5,
        custom_keep_tricks=False,
    )
    OH_HELL.check_settings(4, chosen)
    assert bid_score(chosen, 3, 3) == 26
    assert bid_score(chosen, 3, 1) == -10
    keep = OhHellSettings(scoring=Scoring.CUSTOM, custom_penalty=5, custom_keep_tricks=True)
    assert bid_score(keep, 3, 1) == 1 - 10
    assert Points(20, 2, 5, keep_tricks=True).score(1, 4) == 8 - 15


def test_a_round_and_totals() -> None:
    chosen = OhHellSettings()
    rounds = [Played(1, 0, (0, 1, 0, 1), (0, 1, 0, 0)), Played(2, 1, (1, 0, 0, 0), (1, 0, 0, 1))]
    assert OH_HELL.scores(chosen, rounds) == ((10, 11, 10, 0), (11, 10, 10, 1))
    assert OH_HELL.totals(chosen, 4, rounds) == (21, 21, 20, 1)


def test_settings_from_their_plain_values() -> None:
    chosen = OH_HELL.from_plain(
        {"schedule": "down_and_up", "max_hand": 7, "hook": False, "trump": "kachuful"}
    )
    assert chosen == OhHellSettings(Schedule.DOWN_AND_UP, 7, hook=False, trump=TrumpChoice.KACHUFUL)
    assert OH_HELL.from_plain(OH_HELL.to_plain(chosen)) == chosen
    assert OH_HELL.to_plain(OhHellSettings())["scoring"] == "tricks_plus_ten"
    assert refused(OH_HELL.from_plain, {"max_hand": "7"}) == "setting_not_option"
    assert refused(OH_HELL.from_plain, {"max_hand": True}) == "setting_not_option"
    assert refused(OH_HELL.from_plain, {"hook": 1}) == "setting_not_option"
    assert refused(OH_HELL.from_plain, {"length": "up"}) == "setting_unknown"


def test_a_whole_down_and_up_game_by_hand() -> None:
    """Four players, down and up from 3, the hook on, 1 a trick + 10 for a bid met."""
    chosen = OhHellSettings(schedule=Schedule.DOWN_AND_UP, max_hand=3)
    hands = OH_HELL.schedule(4, chosen)
    assert hands == (3, 2, 1, 2, 3)
    bids = [(2, 1, 0, 1), (0, 0, 1, 0), (0, 1, 1, 0), (1, 0, 1, 1), (1, 1, 1, 1)]
    tricks = [(1, 1, 0, 1), (0, 1, 1, 0), (0, 1, 0, 0), (1, 0, 1, 0), (1, 1, 1, 0)]
    rounds = [
        Played(hand, number % 4, bid, taken)
        for number, (hand, bid, taken) in enumerate(zip(hands, bids, tricks, strict=True))
    ]
    for played in rounds:
        OH_HELL.check_round(4, chosen, (0,) * 4, played)
    # Round 1: the dealer (the first seat) bids last; 1 would make the bids add up to 3.
    hooked = Played(3, 0, (1, 1, 0, 1), (1, 1, 0, 1))
    assert refused(OH_HELL.check_round, 4, chosen, (0,) * 4, hooked) == "bid_total_forbidden_hook"
    assert OH_HELL.scores(chosen, rounds) == (
        (1, 11, 10, 11),  # a missed bid keeps its trick
        (10, 1, 11, 10),
        (10, 11, 0, 10),
        (11, 10, 11, 0),
        (11, 11, 11, 0),
    )
    assert OH_HELL.totals(chosen, 4, rounds) == (43, 44, 43, 31)
