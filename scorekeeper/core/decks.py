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


_TWENTY = (
    Special.DRAGON,
    Special.FAIRY,
    Special.BOMB,
    Special.WEREWOLF,
    Special.JUGGLER,
    Special.CLOUD,
)
SPECIALS: dict[Deck, tuple[Special, ...]] = {
    Deck.CLASSIC: (),
    Deck.ANNIVERSARY_20: _TWENTY,
    Deck.ANNIVERSARY_25: (*_TWENTY, Special.SHAPESHIFTER),
    Deck.ANNIVERSARY_30: (*_TWENTY, Special.SHAPESHIFTER, Special.WITCH, Special.VAMPIRE),
}
"""The special cards in each deck, in the order the rules page lists them."""

CARDS: dict[Deck, int] = {
    Deck.CLASSIC: 60,
    Deck.ANNIVERSARY_20: 66,
    Deck.ANNIVERSARY_25: 67,
    Deck.ANNIVERSARY_30: 69,
}
"""How many cards each deck has."""

DECK_WORDS: dict[Deck, tuple[str, str]] = {
    Deck.CLASSIC: (N_("Classic deck"), N_("60 cards: no special cards.")),
    Deck.ANNIVERSARY_20: (
        N_("20-year edition"),
        N_("66 cards: Dragon, Fairy, Bomb, Werewolf, Juggler and Cloud (3 to 6 players)."),
    ),
    Deck.ANNIVERSARY_25: (
        N_("25-year edition"),
        N_("67 cards: the six special cards and the Shapeshifter (3 to 6 players)."),
    ),
    Deck.ANNIVERSARY_30: (
        N_("30-year edition"),
        N_("69 cards: the seven special cards, Witch and Vampire (3 to 6 players)."),
    ),
}
"""Each deck's label and help on the new-game form, as message ids (the ``deck`` variant)."""

MAX_PLAYERS_ANNIVERSARY = 6
"""The anniversary boxes say 3 to 6 players."""

NAMES: dict[Special, str] = {
    # Translators: the special cards of the Wizard anniversary editions: use the name printed
    # on the card in your language's edition where there is one (see GLOSSARY.md).
    Special.DRAGON: N_("Dragon"),
    Special.FAIRY: N_("Fairy"),
    Special.BOMB: N_("Bomb"),
    Special.WEREWOLF: N_("Werewolf"),
    Special.JUGGLER: N_("Juggler"),
    Special.CLOUD: N_("Cloud"),
    Special.SHAPESHIFTER: N_("Shapeshifter"),
    Special.WITCH: N_("Witch"),
    Special.VAMPIRE: N_("Vampire"),
}
"""Each special card's name, as a message id."""


def cards(deck: Deck) -> int:
    """How many cards ``deck`` has.

    >>> cards(Deck.ANNIVERSARY_25)
    67
    """
    return CARDS[deck]


def has(deck: Deck, card: Special) -> bool:
    """Whether ``card`` is in ``deck``.

    >>> has(Deck.ANNIVERSARY_20, Special.BOMB), has(Deck.ANNIVERSARY_25, Special.WITCH)
    (True, False)
    """
    return card in SPECIALS[deck]
