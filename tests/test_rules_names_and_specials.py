"""RULES.md "Players" and the anniversary decks' trump (EDITIONS.md), at the rules' own level:
names refused with the seat they name, the special cards' trump, sealed bids and a blank trick
count. The web and API tests check the same refusals as a player reads them; these hold the
rules modules to their 100 % coverage with their own tests (Makefile, ``make test``).
"""

from __future__ import annotations

import pytest

from scorekeeper.core.bidding import bids_sealed
from scorekeeper.core.decks import Deck, Special
from scorekeeper.core.rules import (
    BidVisibility,
    Length,
    RuleError,
    Suit,
    Trump,
    Turned,
    check_player_names,
    has_hidden_character,
    resolve_trump,
    turned_card,
)
from scorekeeper.core.scoring import fill_blank_tricks

CYRILLIC_A = "\u0430"


@pytest.mark.parametrize(
    ("names", "code", "fields"),
    [
        (["Ana", "  ", "Cleo"], "name_missing", {"seat": 2}),
        (["Ana", 7, "Cleo"], "name_missing", {"seat": 2}),
        (["Ana", "Be\u200bn", "Cleo"], "name_bad_character", {"seat": 2}),
        (["Ana", "Ben", "C" * 33], "name_too_long", {"seat": 3, "max": 32}),
        (["Ana", "Ben", " ana "], "names_same", {"first": 1, "second": 3}),
        (["Ana", "Ben", f"An{CYRILLIC_A}"], "names_look_alike", {"first": 1, "second": 3}),
        (["Ana", "Ben"], "player_count", {}),
    ],
)
def test_a_name_nobody_could_tell_apart_is_refused_naming_its_seat(
    names: list[object], code: str, fields: dict[str, int]
) -> None:
    with pytest.raises(RuleError) as refused:
        check_player_names(names)
    assert refused.value.code == code
    assert fields.items() <= refused.value.reason.params.items()


def test_names_are_trimmed_and_the_count_may_be_left_to_the_caller() -> None:
    assert check_player_names(["  Ana ", "Ben"], count=False) == ("Ana", "Ben")
    assert check_player_names(["Ana", "Ben", "C" * 32]) == ("Ana", "Ben", "C" * 32)
    assert has_hidden_character("a\u202eb") and not has_hidden_character("Zoë")


FOUR_PLAYERS_ROUND_3 = {"round_number": 3, "hand_size": 3, "players": 4}


@pytest.mark.parametrize(
    ("turned", "suit", "trump"),
    [
        (Special.DRAGON, Suit.HEARTS, Trump(Special.DRAGON, Suit.HEARTS)),  # a suit is named
        (Special.FAIRY, None, Trump(Special.FAIRY, None)),  # no trump
        (Special.WEREWOLF, None, Trump(Special.WEREWOLF, None)),  # a suit or none
        (Special.WEREWOLF, Suit.CLUBS, Trump(Special.WEREWOLF, Suit.CLUBS)),
    ],
)
def test_a_special_card_turned_gives_what_it_declares(
    turned: Turned, suit: Suit | None, trump: Trump
) -> None:
    played = resolve_trump(
        turned, suit, **FOUR_PLAYERS_ROUND_3, length=Length.STANDARD, deck=Deck.ANNIVERSARY_20
    )
    assert played == trump


@pytest.mark.parametrize(
    ("turned", "suit", "deck", "length", "code"),
    [
        (Special.DRAGON, None, Deck.ANNIVERSARY_20, Length.STANDARD, "trump_special_needs_suit"),
        (
            Special.FAIRY,
            Suit.SPADES,
            Deck.ANNIVERSARY_20,
            Length.STANDARD,
            "trump_special_has_no_suit",
        ),
        (Special.DRAGON, Suit.HEARTS, Deck.CLASSIC, Length.STANDARD, "card_not_in_deck"),
        (Turned.SUIT, Suit.HEARTS, Deck.CLASSIC, Length.MAXIMUS, "trump_fixed_maximus"),
    ],
)
def test_a_special_card_that_cannot_have_been_turned_is_refused(
    turned: Turned, suit: Suit | None, deck: Deck, length: Length, code: str
) -> None:
    with pytest.raises(RuleError) as refused:
        resolve_trump(turned, suit, **FOUR_PLAYERS_ROUND_3, length=length, deck=deck)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("visibility", "all_bids_in", "sealed"),
    [
        (BidVisibility.OPEN, False, False),
        (BidVisibility.HIDDEN, False, True),
        (BidVisibility.HIDDEN, True, False),
        (BidVisibility.DELAYED, True, True),
    ],
)
def test_bids_stay_sealed_as_their_visibility_says(
    visibility: BidVisibility, all_bids_in: bool, sealed: bool
) -> None:
    assert bids_sealed(visibility, all_bids_in) is sealed


def test_one_blank_trick_count_is_what_is_left_and_two_are_refused() -> None:
    assert fill_blank_tricks(4, [1, None, 2]) == (1, 1, 2)
    with pytest.raises(RuleError) as refused:
        fill_blank_tricks(4, [None, None, 2])
    assert refused.value.code == "tricks_blanks"


def test_a_card_turned_up_is_read_from_its_stored_value() -> None:
    # Special cards are the decks' own entries, the plain cards and "nothing" are Turned's.
    assert turned_card("vampire") is Special.VAMPIRE
    assert turned_card("none") is Turned.NONE
    with pytest.raises(ValueError, match="no card turned up"):
        turned_card("joker")
