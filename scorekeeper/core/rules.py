"""The rules of Wizard that a score pad needs: variants, schedule, dealer, trump, bids, scores.

Pure Python and the single source of truth: pages, PDF, API and CSV all ask this module. The rules
are those of ``shared/RULES.md``; the decisions taken there are noted where they apply. Every
refusal is a :class:`RuleError` with a stable code (:mod:`scorekeeper.core.refusals`), said to the
player in their language at the edge. The variants are declared in :mod:`scorekeeper.core.variants`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core import decks
from scorekeeper.core.decks import Deck, Gives, Special
from scorekeeper.core.refusals import Reason, RuleError
from scorekeeper.core.variants import (
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


TurnedCard = Turned | Special
"""A card turned up: one of :class:`Turned`, or a special card of an anniversary deck as the
decks declare it (:class:`scorekeeper.core.decks.Special`, turned up or, for the Werewolf,
swapped for the turned card before bidding): a new special card is one entry there."""

EVERY_CARD: tuple[TurnedCard, ...] = (*Turned, *Special)
"""Every card that may be turned up, in the order they are offered and named in refusals."""

_BY_VALUE: dict[str, TurnedCard] = {card.value: card for card in EVERY_CARD}


def turned_card(value: str) -> TurnedCard:
    """The card turned up that ``value`` stores (a ``ValueError`` for none).

    >>> turned_card("dragon") is Special.DRAGON, turned_card("jester") is Turned.JESTER
    (True, True)
    """
    try:
        return _BY_VALUE[value]
    except KeyError:
        raise ValueError(f"{value!r} is no card turned up") from None


TURNED_GIVES: dict[TurnedCard, Gives] = {
    Turned.SUIT: Gives.ITS_SUIT,
    Turned.WIZARD: Gives.NAMED_SUIT,
    Turned.JESTER: Gives.NO_TRUMP,
    **{card: special.gives for card, special in decks.SPECIAL_CARDS.items()},
}
"""What each card turned up gives as trump (:data:`Turned.NONE` is no card: not here); the
special cards' as :data:`scorekeeper.core.decks.SPECIAL_CARDS` declares them."""


def can_turn(deck: Deck) -> tuple[TurnedCard, ...]:
    """The cards the trump step offers with ``deck``: suit, Jester, Wizard, then its specials.

    >>> [t.value for t in can_turn(Deck.ANNIVERSARY_20)][3:]
    ['dragon', 'fairy', 'bomb', 'werewolf', 'juggler', 'cloud']
    """
    return (Turned.SUIT, Turned.JESTER, Turned.WIZARD, *decks.specials(deck))


@dataclass(frozen=True)
class Trump:
    """The turned card and the trump suit that follows from it (``None``: no trump)."""

    turned: TurnedCard
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


# Letters of other alphabets that look like a Latin letter, capitals and small letters apart
# (Greek small nu looks like "v", its capital like "N"): enough to tell "Ana" written with a
# Cyrillic capital and small a from "Ana". Not Unicode's whole confusables list: a table's
# names only need to be told apart by the people sitting at it.
_LOOK_ALIKE = str.maketrans(
    dict(
        zip(
            # Cyrillic capitals, small letters; Greek capitals, small letters
            "АВЕКМНОРСТХУЅІЈԚԜаеорсухѕіјԁһӏԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοναικρυχ",
            "ABEKMHOPCTXYSIJQWaeopcyxsijdhlqwABEZHIKMNOPTYXovaikpux",
            strict=True,
        )
    )
)


def has_hidden_character(text: str) -> bool:
    """Whether ``text`` holds a character nobody types in a name (:data:`HIDDEN_CATEGORIES`)."""
    return any(unicodedata.category(char) in HIDDEN_CATEGORIES for char in text)


def name_skeleton(name: str) -> str:
    """What a name looks like: two names with one skeleton can only be told apart by their code.

    >>> name_skeleton("Tom") == name_skeleton("\u0422\u043em")  # Cyrillic capital te, small o
    True
    >>> name_skeleton("Ana") == name_skeleton("\u0391n\u03b1")  # Greek capital, small alpha
    True
    >>> name_skeleton("Ana") == name_skeleton("Anna")
    False
    """
    return same_name_key(unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKE))


def normalise_name(name: str) -> str:
    """A player's name as stored: Unicode NFC, spaces at both ends trimmed, every run of spaces
    (a phone's double space, a non-breaking space) one space ("Ana  Lopez" is "Ana Lopez")."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def same_name_key(name: str) -> str:
    """What two names must differ in to tell the players apart ("Tom" and " tom" do not, nor
    "Ana  Lopez" and "ana lopez"; "Søren" and "Soren" do: folding letters is for searching,
    :func:`scorekeeper.core.players.search_fold`)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_player_names(names: Sequence[object], *, count: bool = True) -> tuple[str, ...]:
    """The players' names as stored, in seat order, or a refusal.

    Decisions: a name is text of 1 to 32 characters after trimming, with no control, format or
    other invisible character (a bidi override or a zero-width space would make two names look
    alike or garble the sheet); two names that differ only in case, spacing at the ends or
    Unicode form are the same player; two that differ only in letters of another alphabet that
    look like Latin ones ("Ana", and "Ana" written with Cyrillic a) are refused, naming both
    seats, since nobody at the table could tell whose score is whose. ``count=False`` leaves the
    number of players to the caller (another game of the family seats other tables).
    """
    if count:
        check_player_count(len(names))
    stored: list[str] = []
    for seat, name in enumerate(names, start=1):
        if not isinstance(name, str) or not name.strip():
            raise RuleError("name_missing", seat=seat)
        if has_hidden_character(name):
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
    looks: dict[str, int] = {}
    for seat, name in enumerate(stored, start=1):
        first = looks.setdefault(name_skeleton(name), seat)
        if first != seat:
            raise RuleError("names_look_alike", first=first, second=seat)
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


def fixed_trump(
    round_number: int, hand_size: int, players: int, length: Length, deck: Deck = Deck.CLASSIC
) -> Trump | None:
    """The trump when nobody has to enter it, else ``None``.

    Wizard Maximus fixes it by round; a round that deals the whole deck has no card to turn
    (an anniversary deck always leaves some: its special cards are extra).
    """
    if length is Length.MAXIMUS:
        return Trump(Turned.NONE, MAXIMUS_TRUMPS[(round_number - 1) % len(MAXIMUS_TRUMPS)])
    if hand_size * players >= decks.cards(deck):
        return Trump(Turned.NONE, None)
    return None


def resolve_trump(
    turned: TurnedCard,
    suit: Suit | None,
    *,
    round_number: int,
    hand_size: int,
    players: int,
    length: Length,
    deck: Deck = Deck.CLASSIC,
) -> Trump:
    """The trump that follows from the card turned, refusing what cannot have happened.

    A suit card needs its suit; a Jester means no trump; a Wizard needs the suit the dealer
    picked ("no trump" is not allowed); a special card gives what :data:`TURNED_GIVES` says,
    and only one in ``deck``. Where the trump is fixed, the fixed trump is returned and
    anything else entered is refused.
    """
    fixed = fixed_trump(round_number, hand_size, players, length, deck)
    if fixed is not None:
        if turned is not Turned.NONE or (suit is not None and suit is not fixed.suit):
            if length is Length.MAXIMUS:
                raise RuleError("trump_fixed_maximus")
            raise RuleError("trump_none_left")
        return fixed
    if turned is Turned.NONE:
        raise RuleError("trump_missing")
    if turned not in can_turn(deck):
        raise RuleError("card_not_in_deck")
    gives = TURNED_GIVES[turned]
    if gives is Gives.SUIT_OR_NONE:
        return Trump(turned, suit)
    if turned not in (Turned.SUIT, Turned.JESTER, Turned.WIZARD):
        return _special_trump(turned, suit, gives)
    if turned is Turned.JESTER:
        if suit is not None:
            raise RuleError("trump_jester_has_no_suit")
        return Trump(Turned.JESTER, None)
    if suit is None:
        if turned is Turned.WIZARD:
            raise RuleError("trump_wizard_needs_suit")
        raise RuleError("trump_suit_missing")
    return Trump(turned, suit)


def _special_trump(turned: TurnedCard, suit: Suit | None, gives: Gives) -> Trump:
    if gives is Gives.NO_TRUMP:
        if suit is not None:
            raise RuleError("trump_special_has_no_suit")
        return Trump(turned, None)
    if suit is None:
        raise RuleError("trump_special_needs_suit")
    return Trump(turned, suit)
