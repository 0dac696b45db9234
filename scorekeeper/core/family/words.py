"""The words of Skull King and Oh Hell: each game's name, settings, choices and bonuses.

Declared once here, beside the games, as ``variants.py`` declares Wizard's: message ids marked
with :func:`N_`, given to each game's declaration (:class:`GameWords`) and translated where
shown by :mod:`scorekeeper.render.game_words`, which asks the declaration, never which game it
is. Each game's published terms per language are in docs/glossary-family.md. Pure Python.
"""

from __future__ import annotations

from scorekeeper.core.family.declared_parts import BonusWords
from scorekeeper.core.refusals import N_
from scorekeeper.core.variants import Words

SKULL_KING_NAME = N_("Skull King")
# Translators: the trick-taking game also called Nomination Whist, Up and Down the River,
# Kachuful or Stiche raten: its name where your language has one (docs/glossary-family.md).
OH_HELL_NAME = N_("Oh Hell")

DEFAULT_HAND = 0
"""Oh Hell's ``max_hand`` that means the table's default largest hand."""

SKULL_KING_SETTINGS: dict[str, Words] = {
    "schedule": Words(N_("Game length")),
    "scoring": Words(N_("Scoring")),
    "bonuses_when_missed": Words(
        N_("Bonuses with a missed bid"),
        N_("Bonuses count even when the bid is missed (the rules count them only when met)."),
    ),
    "advanced_cards": Words(
        N_("Loot, Kraken and White Whale"),
        N_(
            "The advanced cards: Loot shares a bonus; the Kraken and the White Whale destroy "
            "a trick."
        ),
    ),
    "pirate_powers": Words(
        N_("Pirate powers"),
        N_("Harry the Giant changes his bid by one; Rascal of Roatan wagers 0, 10 or 20."),
    ),
}
"""Skull King's settings by key: label and help."""

OH_HELL_SETTINGS: dict[str, Words] = {
    "schedule": Words(N_("Game length")),
    "max_hand": Words(
        N_("Largest hand"),
        N_("The most cards a round deals: by default 10, or fewer so a card is left to turn."),
    ),
    "hook": Words(
        N_("The hook"),
        N_("The dealer, bidding last, may not make the bids add up to the tricks."),
    ),
    "trump": Words(N_("Trump")),
    "scoring": Words(N_("Scoring")),
    "custom_bonus": Words(N_("Bonus for a bid met"), N_("Custom scoring: 0 to 50 points.")),
    "custom_per_trick": Words(
        N_("Points per trick"), N_("Custom scoring: 0 to 10 points for each trick taken.")
    ),
    "custom_penalty": Words(
        N_("Penalty per trick off"),
        N_("Custom scoring: 0 to 20 points off for each trick over or under the bid."),
    ),
    "custom_keep_tricks": Words(
        N_("A missed bid keeps its tricks"),
        N_("Custom scoring: a missed bid still scores its points per trick."),
    ),
}
"""Oh Hell's settings by key: label and help."""

SKULL_KING_CHOICES: dict[str, dict[str | int, Words]] = {
    "schedule": {
        "standard": Words(
            N_("Standard"), N_("Ten rounds of 1 to 10 cards (8 players: at most 8).")
        ),
        "blitz": Words(N_("Blitz Attack"), N_("Five rounds of five cards.")),
        "whirlpool": Words(N_("Whirlpool"), N_("Five rounds of 9, 7, 5, 3 and 1 cards.")),
        "broadside": Words(
            N_("Broadside"), N_("Ten rounds of ten cards (8 players: eight cards).")
        ),
    },
    "scoring": {
        "skull_king": Words(
            N_("Skull King scoring"),
            N_(
                "A bid met scores 20 per trick, a miss loses 10 per trick off; a bid of zero "
                "wins or loses 10 per card dealt."
            ),
        ),
        "rascal": Words(
            N_("Rascal's scoring"),
            N_(
                "A stake of 10 per card dealt: all of it for a bid met, half for one trick "
                "off, nothing further off; the Cannonball stakes 15 per card."
            ),
        ),
    },
}
"""The words of each choice of Skull King's settings that has named choices."""

OH_HELL_CHOICES: dict[str, dict[str | int, Words]] = {
    "schedule": {
        "up": Words(N_("Up"), N_("One card more each round, up to the largest hand.")),
        "down": Words(N_("Down"), N_("From the largest hand down to one card.")),
        "down_and_up": Words(
            N_("Down and up"), N_("From the largest hand down to one card and back up.")
        ),
        "up_and_down": Words(
            N_("Up and down"),
            N_("Up and Down the River: from one card up to the largest hand and back down."),
        ),
    },
    "trump": {
        "turned": Words(
            N_("Turned card"),
            N_("The card turned after each deal; no trump when the deal uses every card."),
        ),
        "nomination": Words(
            N_("Nomination Whist"),
            N_("Round by round: spades, hearts, clubs, diamonds, no trump, and again."),
        ),
        "kachuful": Words(
            N_("Kachuful"), N_("Round by round: spades, diamonds, clubs, hearts, and again.")
        ),
    },
    "scoring": {
        "tricks_plus_ten": Words(
            N_("1 per trick + 10 for a bid met"),
            N_("Every trick scores 1, met or not; a bid met scores 10 more."),
        ),
        "ten_plus_bid": Words(
            N_("10 + tricks for a bid met"),
            N_(
                "A bid met scores 10 plus 1 per trick; a miss scores nothing (Kachuful, "
                "Stiche raten)."
            ),
        ),
        "five_plus_tricks": Words(
            N_("5 + tricks for a bid met"),
            N_("A bid met scores 5 plus 1 per trick; a miss scores nothing."),
        ),
        "bid_times_ten": Words(
            N_("10 per trick bid"),
            N_("A bid met scores 10 per trick bid (a bid of zero met: 10); a miss scores nothing."),
        ),
        "custom": Words(
            N_("Custom"),
            N_("Your table's own numbers: bonus, points per trick, penalty per trick off."),
        ),
    },
    "max_hand": {DEFAULT_HAND: Words(N_("Default"))},
}
"""The words of each choice of Oh Hell's settings that has named choices (a number is its own
label)."""


BONUSES: dict[str, BonusWords] = {
    # The 14's short form is the number itself, the same in every language.
    "fourteen": BonusWords(N_("A 14 of a standard suit captured"), "14"),
    "black_fourteen": BonusWords(N_("The black 14 captured"), N_("black 14")),
    "mermaid_by_pirate": BonusWords(N_("A Mermaid captured by a Pirate"), N_("Mermaid")),
    "pirate_by_skull_king": BonusWords(N_("A Pirate captured by the Skull King"), N_("Pirate")),
    "skull_king_by_mermaid": BonusWords(
        N_("The Skull King captured by a Mermaid"), N_("Skull King")
    ),
    "loot": BonusWords(N_("Loot, shared with an ally"), N_("Loot")),
}
"""Each bonus kind of Skull King (``skull_king.BONUSES``)."""

FLAGS: dict[bool, str] = {True: N_("On"), False: N_("Off")}
"""An on/off setting's two choices."""
