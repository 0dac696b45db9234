"""The decks a table may play with: the classic 60 cards or an anniversary edition.

Everything the pad does differently for a deck follows from the game's ``deck`` variant
(:class:`Deck`, declared in :mod:`scorekeeper.core.variants`) through this module: how many
cards it has (so whether cards are left to turn a trump in the last round), which special cards
it holds (what the trump step offers), how many players its box allows, and whether a round can
carry a Bomb or a Cloud. Sources and the points they leave open: ``shared/EDITIONS.md``.

Decisions (EDITIONS.md leaves them open; the rules page says the same):

- The schedule stays ``60 // players`` rounds, as the boxes say: the special cards are extra, so
  every anniversary round leaves cards undealt and a trump card is turned in the last round too.
- The pad records only what changes a score or the trump: the Bomb (its trick goes to nobody),
  the Cloud (its winner's changed bid), and a special card that decides the trump. Dragon,
  Fairy, Juggler, Shapeshifter and Witch in play change no number on the pad.

Pure Python; the card names are message ids, translated where shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core.refusals import N_


class Deck(StrEnum):
    """Which box the cards come from."""

    CLASSIC = "classic"
    """The classic 60 cards: four suits of 13, four Wizards, four Jesters."""
    ANNIVERSARY_20 = "anniversary_20"
    """20 years (2016): 66 cards, the six special cards."""
    ANNIVERSARY_25 = "anniversary_25"
    """25 years (2021): 67 cards, the six and the Shapeshifter."""
    ANNIVERSARY_30 = "anniversary_30"
    """30 years (2026): 69 cards, the seven, the Witch and the Vampire."""


class Special(StrEnum):
    """The special cards of the anniversary decks, under the names the pad stores them by."""

    DRAGON = "dragon"
    FAIRY = "fairy"
    BOMB = "bomb"
    WEREWOLF = "werewolf"
    JUGGLER = "juggler"
    CLOUD = "cloud"
    SHAPESHIFTER = "shapeshifter"
    WITCH = "witch"
    VAMPIRE = "vampire"


class Gives(StrEnum):
    """What a card turned up gives as trump."""

    ITS_SUIT = "its_suit"
    """Its own suit (a suit card)."""
    NAMED_SUIT = "named_suit"
    """A suit someone names; "no trump" is not allowed."""
    NO_TRUMP = "no_trump"
    """No trump this round."""
    SUIT_OR_NONE = "suit_or_none"
    """A suit or no trump, as someone names or the card copies."""


@dataclass(frozen=True)
class SpecialCard:
    """A special card of the anniversary decks: its name (a message id) and what it gives as
    trump when it is turned up."""

    name: str
    gives: Gives


# Decisions for the special cards' trump (the sources are silent; EDITIONS.md, the rules page and
# docs/api.md say the same): a card that beats all or that is played "in a declared suit" lets
# the dealer name a suit, as a Wizard does (Dragon, Cloud, Juggler); a card that loses or that
# does its work after a trick gives no trump, as a Jester does (Fairy, Bomb, Witch; the Bomb as
# the sources say). The Werewolf's holder names a suit or no trump (the card's own rule); the
# Shapeshifter is a Wizard or a Jester, so the dealer names a suit or none; the Vampire copies
# the next card turned, so the pad records the trump that card gives.
SPECIAL_CARDS: dict[Special, SpecialCard] = {
    # Translators: the special cards of the Wizard anniversary editions: use the name printed
    # on the card in your language's edition where there is one (see GLOSSARY.md).
    Special.DRAGON: SpecialCard(N_("Dragon"), Gives.NAMED_SUIT),
    Special.FAIRY: SpecialCard(N_("Fairy"), Gives.NO_TRUMP),
    Special.BOMB: SpecialCard(N_("Bomb"), Gives.NO_TRUMP),
    Special.WEREWOLF: SpecialCard(N_("Werewolf"), Gives.SUIT_OR_NONE),
    Special.JUGGLER: SpecialCard(N_("Juggler"), Gives.NAMED_SUIT),
    Special.CLOUD: SpecialCard(N_("Cloud"), Gives.NAMED_SUIT),
    Special.SHAPESHIFTER: SpecialCard(N_("Shapeshifter"), Gives.SUIT_OR_NONE),
    Special.WITCH: SpecialCard(N_("Witch"), Gives.NO_TRUMP),
    Special.VAMPIRE: SpecialCard(N_("Vampire"), Gives.SUIT_OR_NONE),
}
"""Every special card, declared once."""


@dataclass(frozen=True)
class Box:
    """A deck, declared once: how many cards it has, its special cards (in the order the rules
    page lists them), its label and help on the new-game form (message ids), and how many
    players its box allows."""

    cards: int
    specials: tuple[Special, ...]
    label: str
    help: str
    max_players: int


MAX_PLAYERS_ANNIVERSARY = 6
"""The anniversary boxes say 3 to 6 players."""

_TWENTY = (
    Special.DRAGON,
    Special.FAIRY,
    Special.BOMB,
    Special.WEREWOLF,
    Special.JUGGLER,
    Special.CLOUD,
)
DECKS: dict[Deck, Box] = {
    Deck.CLASSIC: Box(60, (), N_("Classic deck"), N_("60 cards: no special cards."), 8),
    Deck.ANNIVERSARY_20: Box(
        66,
        _TWENTY,
        N_("20-year edition"),
        N_("66 cards: Dragon, Fairy, Bomb, Werewolf, Juggler and Cloud (3 to 6 players)."),
        MAX_PLAYERS_ANNIVERSARY,
    ),
    Deck.ANNIVERSARY_25: Box(
        67,
        (*_TWENTY, Special.SHAPESHIFTER),
        N_("25-year edition"),
        N_("67 cards: the six special cards and the Shapeshifter (3 to 6 players)."),
        MAX_PLAYERS_ANNIVERSARY,
    ),
    Deck.ANNIVERSARY_30: Box(
        69,
        (*_TWENTY, Special.SHAPESHIFTER, Special.WITCH, Special.VAMPIRE),
        N_("30-year edition"),
        N_("69 cards: the seven special cards, Witch and Vampire (3 to 6 players)."),
        MAX_PLAYERS_ANNIVERSARY,
    ),
}
"""Every deck, declared once."""


def specials(deck: Deck) -> tuple[Special, ...]:
    """The special cards in ``deck``, in the order the rules page lists them."""
    return DECKS[deck].specials


def name(card: Special) -> str:
    """A special card's name, as a message id."""
    return SPECIAL_CARDS[card].name


def cards(deck: Deck) -> int:
    """How many cards ``deck`` has.

    >>> cards(Deck.ANNIVERSARY_25)
    67
    """
    return DECKS[deck].cards


def has(deck: Deck, card: Special) -> bool:
    """Whether ``card`` is in ``deck``.

    >>> has(Deck.ANNIVERSARY_20, Special.BOMB), has(Deck.ANNIVERSARY_25, Special.WITCH)
    (True, False)
    """
    return card in DECKS[deck].specials
