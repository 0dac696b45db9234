"""RULES.md "Trump": the turned card, the trump that follows, and when nothing is turned."""

from __future__ import annotations

import pytest

from scorekeeper.core.rules import (
    DECK_SIZE,
    MAXIMUS_TRUMPS,
    Length,
    RuleError,
    Suit,
    Trump,
    Turned,
    fixed_trump,
    resolve_trump,
    schedule,
)

CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES

# | turned card | suit entered | resulting trump |   (a round with cards left: 4 players, round 3)
TURNED_CARDS = [
    # a suit card → that suit is trump
    (Turned.SUIT, CLUBS, Trump(Turned.SUIT, CLUBS)),
    (Turned.SUIT, DIAMONDS, Trump(Turned.SUIT, DIAMONDS)),
    (Turned.SUIT, HEARTS, Trump(Turned.SUIT, HEARTS)),
    (Turned.SUIT, SPADES, Trump(Turned.SUIT, SPADES)),
    # a Jester → no trump this round
    (Turned.JESTER, None, Trump(Turned.JESTER, None)),
    # a Wizard → the dealer chooses one of the four suits
    (Turned.WIZARD, CLUBS, Trump(Turned.WIZARD, CLUBS)),
    (Turned.WIZARD, DIAMONDS, Trump(Turned.WIZARD, DIAMONDS)),
    (Turned.WIZARD, HEARTS, Trump(Turned.WIZARD, HEARTS)),
    (Turned.WIZARD, SPADES, Trump(Turned.WIZARD, SPADES)),
]

# | turned card | suit entered | refusal |   (a round with cards left)
IMPOSSIBLE_CARDS = [
    (Turned.WIZARD, None, "A Wizard turned up: the dealer picks a suit as trump."),
    (Turned.SUIT, None, "Which suit was turned up?"),
    (Turned.JESTER, HEARTS, "A Jester turned up means no trump this round."),
    (Turned.NONE, None, "Cards are left after this deal, so a trump card is turned: enter it."),
    (Turned.NONE, SPADES, "Cards are left after this deal, so a trump card is turned: enter it."),
]

# | players | length | round | hand size | trump card turned? |
TRUMP_CARD_TURNED = [
    # 6 players, standard: round 10 deals all 60 cards → no trump card is turned.
    (6, Length.STANDARD, 10, 10, False),
    (6, Length.STANDARD, 9, 9, True),
    # 7 players, standard: 8 rounds; round 8 deals 56 cards → a trump card is turned.
    (7, Length.STANDARD, 8, 8, True),
    # 8 players, standard: round 7 deals 56 cards → a trump card is turned.
    (8, Length.STANDARD, 7, 7, True),
    # the last standard round of 3, 4 and 5 players deals the whole deck
    (3, Length.STANDARD, 20, 20, False),
    (3, Length.STANDARD, 19, 19, True),
    (4, Length.STANDARD, 15, 15, False),
    (5, Length.STANDARD, 12, 12, False),
    (5, Length.STANDARD, 1, 1, True),
    # the five-round game leaves cards in its last round
    (3, Length.FIVE_ROUNDS, 5, 5, True),
    (8, Length.FIVE_ROUNDS, 5, 5, True),
    # Amigo and quick play end with the whole deck for 3 to 6 players
    (4, Length.AMIGO, 10, 15, False),
    (4, Length.AMIGO, 9, 14, True),
    (6, Length.QUICK, 5, 10, False),
    (7, Length.QUICK, 4, 8, True),
    (8, Length.QUICK, 4, 7, True),
]

# | round | Wizard Maximus trump |
MAXIMUS_ROUNDS = [
    (1, CLUBS),
    (2, DIAMONDS),
    (3, HEARTS),
    (4, SPADES),
    (5, None),
]


def resolve(
    turned: Turned,
    suit: Suit | None,
    *,
    round_number: int = 3,
    hand_size: int = 3,
    players: int = 4,
    length: Length = Length.STANDARD,
) -> Trump:
    return resolve_trump(
        turned,
        suit,
        round_number=round_number,
        hand_size=hand_size,
        players=players,
        length=length,
    )


@pytest.mark.parametrize(
    ("suit", "name", "symbol"),
    [
        (CLUBS, "clubs", "♣"),
        (DIAMONDS, "diamonds", "♦"),
        (HEARTS, "hearts", "♥"),
        (SPADES, "spades", "♠"),
    ],
)
def test_the_four_suits_are_stored_under_their_classic_names(
    suit: Suit, name: str, symbol: str
) -> None:
    assert suit.value == name
    assert suit.symbol == symbol


def test_there_are_four_suits() -> None:
    assert len(Suit) == 4


@pytest.mark.parametrize(("turned", "suit", "trump"), TURNED_CARDS)
def test_the_turned_card_decides_the_trump(turned: Turned, suit: Suit | None, trump: Trump) -> None:
    assert resolve(turned, suit) == trump


@pytest.mark.parametrize(("turned", "suit", "reason"), IMPOSSIBLE_CARDS)
def test_a_turned_card_that_cannot_have_happened_is_refused(
    turned: Turned, suit: Suit | None, reason: str
) -> None:
    with pytest.raises(RuleError) as refusal:
        resolve(turned, suit)
    assert str(refusal.value) == reason


@pytest.mark.parametrize(
    ("players", "length", "round_number", "hand_size", "turned"), TRUMP_CARD_TURNED
)
def test_only_a_round_that_deals_all_60_cards_has_no_trump_card(
    players: int, length: Length, round_number: int, hand_size: int, turned: bool
) -> None:
    assert schedule(players, length)[round_number - 1] == hand_size
    assert (hand_size * players < DECK_SIZE) is turned
    fixed = fixed_trump(round_number, hand_size, players, length)
    if turned:
        assert fixed is None
    else:
        assert fixed == Trump(Turned.NONE, None)


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("length", [Length.STANDARD, Length.FIVE_ROUNDS, Length.QUICK])
def test_a_trump_card_is_turned_in_every_round_that_leaves_cards(
    players: int, length: Length
) -> None:
    for number, hand in enumerate(schedule(players, length), start=1):
        expected = None if hand * players < DECK_SIZE else Trump(Turned.NONE, None)
        assert fixed_trump(number, hand, players, length) == expected


def test_no_card_left_means_no_trump_and_nothing_to_enter() -> None:
    """6 players, round 10: 60 cards dealt."""
    assert resolve(Turned.NONE, None, round_number=10, hand_size=10, players=6) == Trump(
        Turned.NONE, None
    )


@pytest.mark.parametrize(
    ("turned", "suit"),
    [
        (Turned.SUIT, HEARTS),
        (Turned.JESTER, None),
        (Turned.WIZARD, SPADES),
        (Turned.NONE, CLUBS),
    ],
)
def test_nothing_can_be_turned_when_every_card_is_dealt(turned: Turned, suit: Suit | None) -> None:
    with pytest.raises(RuleError) as refusal:
        resolve(turned, suit, round_number=10, hand_size=10, players=6)
    assert str(refusal.value) == "This round deals every card, so no trump card is turned."


@pytest.mark.parametrize(("round_number", "suit"), MAXIMUS_ROUNDS)
@pytest.mark.parametrize("players", [3, 6, 7, 8])
def test_wizard_maximus_fixes_the_trump_by_round(
    round_number: int, suit: Suit | None, players: int
) -> None:
    hand = 60 // players
    expected = Trump(Turned.NONE, suit)
    where = {"round_number": round_number, "hand_size": hand, "players": players}
    assert fixed_trump(round_number, hand, players, Length.MAXIMUS) == expected
    assert resolve(Turned.NONE, None, **where, length=Length.MAXIMUS) == expected
    assert resolve(Turned.NONE, suit, **where, length=Length.MAXIMUS) == expected


def test_wizard_maximus_trumps_are_clubs_diamonds_hearts_spades_then_none() -> None:
    assert MAXIMUS_TRUMPS == (CLUBS, DIAMONDS, HEARTS, SPADES, None)


@pytest.mark.parametrize(
    ("round_number", "turned", "suit"),
    [
        (1, Turned.SUIT, CLUBS),
        (1, Turned.NONE, DIAMONDS),
        (2, Turned.WIZARD, DIAMONDS),
        (3, Turned.JESTER, None),
        (5, Turned.NONE, SPADES),
    ],
)
def test_nothing_is_turned_in_wizard_maximus(
    round_number: int, turned: Turned, suit: Suit | None
) -> None:
    with pytest.raises(RuleError) as refusal:
        resolve(
            turned,
            suit,
            round_number=round_number,
            hand_size=15,
            players=4,
            length=Length.MAXIMUS,
        )
    assert str(refusal.value) == (
        "In Wizard Maximus the trump is fixed for every round; nothing is turned."
    )


@pytest.mark.parametrize(
    "reason",
    [reason for _, _, reason in IMPOSSIBLE_CARDS]
    + [
        "This round deals every card, so no trump card is turned.",
        "In Wizard Maximus the trump is fixed for every round; nothing is turned.",
    ],
)
def test_trump_refusals_are_sentences_a_player_understands(reason: str) -> None:
    assert reason[0].isupper()
    assert reason[-1] in ".?"
    assert "_" not in reason
    assert "None" not in reason
