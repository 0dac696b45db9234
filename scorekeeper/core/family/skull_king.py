"""Skull King (Grandpa Beck's Games, 2021), declared as a game of the family.

The rules are those of shared/EDITIONS.md, "Skull King"; each decision taken here is marked
**Decision** in docs/game-family.md. Everyone bids at once, the black suit is always trump, and a
round's result may carry bonuses (entered by taps), tricks destroyed by the Kraken or the White
Whale, Harry the Giant's change of bid and Rascal of Roatan's wager. The checks of a round's
result are in :mod:`scorekeeper.core.family.skull_king_round`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from scorekeeper.core.family.declared_parts import Bonus, Fold, Plain, Played, Setting
from scorekeeper.core.family.game_settings import settings_from_plain, settings_to_plain
from scorekeeper.core.rules import Suit, Trump, Turned

DECK_SIZE = 70
"""The base deck: 56 suit cards, 5 Escapes, 5 Pirates, the Tigress, the Skull King, 2 Mermaids.
The 4 advanced cards (2 Loot, the Kraken, the White Whale) join it but change no schedule."""
MIN_PLAYERS = 2
MAX_PLAYERS = 8
LONGEST_HAND = 10
GHOST_HANDS = 3
"""With two players a third hand is dealt to the ghost of Greybeard, who takes tricks too."""
MOST_DESTROYED = 2
"""One Kraken and one White Whale: at most two tricks of a round have no winner."""
WAGERS = (0, 10, 20)
"""What Rascal of Roatan may wager."""
JOLLY_ROGER = Trump(Turned.NONE, Suit.SPADES)
"""The black suit (Jolly Roger) is always trump; spades stand for it on the pad."""


class Schedule(StrEnum):
    """How many rounds, and how many cards each deals (the rule texts' names)."""

    STANDARD = "standard"
    """Ten rounds of 1 to 10 cards."""
    BLITZ = "blitz"
    """Blitz Attack: five rounds of five cards."""
    WHIRLPOOL = "whirlpool"
    """Whirlpool: 9, 7, 5, 3 then 1 card."""
    BROADSIDE = "broadside"
    """Broadside: ten rounds of ten cards."""


HANDS: dict[Schedule, tuple[int, ...]] = {
    Schedule.STANDARD: tuple(range(1, LONGEST_HAND + 1)),
    Schedule.BLITZ: (5,) * 5,
    Schedule.WHIRLPOOL: (9, 7, 5, 3, 1),
    Schedule.BROADSIDE: (LONGEST_HAND,) * 10,
}


class Scoring(StrEnum):
    """How a round is scored."""

    SKULL_KING = "skull_king"
    """20 per trick for a bid met, -10 per trick off; a zero bid wins or loses 10 per card."""
    RASCAL = "rascal"
    """Rascal's: a stake of 10 per card, all of it for a bid met, half for one trick off."""


class Kind(StrEnum):
    """The bonuses entered on a round's result."""

    FOURTEEN = "fourteen"
    BLACK_FOURTEEN = "black_fourteen"
    MERMAID_BY_PIRATE = "mermaid_by_pirate"
    PIRATE_BY_SKULL_KING = "pirate_by_skull_king"
    SKULL_KING_BY_MERMAID = "skull_king_by_mermaid"
    LOOT = "loot"


BONUSES: tuple[Bonus, ...] = (
    Bonus(Kind.FOURTEEN, 10, most=3),
    Bonus(Kind.BLACK_FOURTEEN, 20, most=1),
    Bonus(Kind.MERMAID_BY_PIRATE, 20, most=2),
    # Five Pirates and the Tigress played as one.
    Bonus(Kind.PIRATE_BY_SKULL_KING, 30, most=6),
    Bonus(Kind.SKULL_KING_BY_MERMAID, 40, most=1),
    Bonus(Kind.LOOT, 20, most=2, shared=True),
)
BONUS = {bonus.kind: bonus for bonus in BONUSES}


@dataclass(frozen=True)
class SkullKingSettings:
    """The settings a table chooses; the defaults are the rule texts' standard game."""

    schedule: Schedule = Schedule.STANDARD
    scoring: Scoring = Scoring.SKULL_KING
    bonuses_when_missed: bool = False
    """Count bonuses with a missed bid too (Crew Ledger's default; the rule texts say no)."""
    advanced_cards: bool = False
    """Play with the Loot, the Kraken and the White Whale."""
    pirate_powers: bool = False
    """Pirate powers: Harry the Giant's change of bid, Rascal of Roatan's wager."""


@dataclass(frozen=True)
class Claim:
    """A bonus claimed on a round's result: who scores it, its kind, and for Loot the ally.

    For Loot, ``seat`` took the trick the Loot card was in and ``ally`` played it."""

    seat: int
    kind: str
    ally: int | None = None


@dataclass(frozen=True)
class Change:
    """Harry the Giant: ``seat`` changed its bid by ``by`` (+1 or -1) at the end of the round."""

    seat: int
    by: int


@dataclass(frozen=True)
class Wager:
    """Rascal of Roatan: ``seat`` wagered ``amount`` (0, 10 or 20) on meeting its bid."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Extras:
    """What only Skull King records of a round, as entered with its result."""

    elsewhere: ClassVar[str] = "extras_not_in_game"

    destroyed: int = 0
    """Tricks nobody won (the Kraken, the White Whale)."""
    bonuses: tuple[Claim, ...] = ()
    harry: Change | None = None
    roatan: Wager | None = None
    cannonball: tuple[bool, ...] = ()
    """Rascal's scoring: by seat, whether the player declared the Cannonball (empty: nobody)."""

    @property
    def empty(self) -> bool:
        """True when nothing beyond bids and tricks was entered."""
        return self == Extras()


@dataclass(frozen=True)
class SkullKingRound(Extras, Played):
    """A completed round of Skull King: :class:`Played` and what only Skull King records
    (:class:`Extras`), in that order."""

    @property
    def extras(self) -> Extras:
        """What this round records beyond :class:`Played`."""
        return Extras(self.destroyed, self.bonuses, self.harry, self.roatan, self.cannonball)


def round_of(played: Played, given: Extras) -> SkullKingRound:
    """A Skull King round from the common facts and its extras."""
    return SkullKingRound(
        played.hand_size,
        played.dealer,
        played.bids,
        played.tricks,
        given.destroyed,
        given.bonuses,
        given.harry,
        given.roatan,
        given.cannonball,
    )


SETTINGS: tuple[Setting, ...] = (
    Setting("schedule", Schedule.STANDARD.value, tuple(Schedule)),
    Setting("scoring", Scoring.SKULL_KING.value, tuple(Scoring)),
    Setting("bonuses_when_missed", False, (False, True)),
    Setting("advanced_cards", False, (False, True)),
    Setting("pirate_powers", False, (False, True)),
)


# Titles are the words Wizard's folds use ("Game length", "Scoring"...), in every catalogue.
FOLDS = (
    Fold("Game length", ("schedule",)),
    Fold("Scoring", ("scoring", "bonuses_when_missed")),
    Fold("The deck", ("advanced_cards", "pirate_powers")),
)
"""The folds of the settings on the new-game form."""

KINDS: dict[str, type[StrEnum]] = {"schedule": Schedule, "scoring": Scoring}


def from_plain(values: Mapping[str, object]) -> SkullKingSettings:
    """The settings from their plain values by key, each checked against its choices."""
    return settings_from_plain(SkullKingSettings, SETTINGS, KINDS, values)


def to_plain(settings: SkullKingSettings) -> dict[str, Plain]:
    """Every setting by key as stored and written in a game record."""
    return settings_to_plain(settings)


def largest_hand(players: int) -> int:
    """The most cards a hand may hold: ten, or what the 70 cards allow (8 players: 8).

    >>> [largest_hand(players) for players in (2, 6, 7, 8)]
    [10, 10, 10, 8]
    """
    return min(LONGEST_HAND, DECK_SIZE // max(players, GHOST_HANDS))


def schedule(players: int, settings: SkullKingSettings) -> tuple[int, ...]:
    """The hand of every round: the chosen schedule, the largest hand repeated where the deck
    runs short.

    >>> schedule(8, SkullKingSettings())
    (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
    >>> schedule(8, SkullKingSettings(schedule=Schedule.WHIRLPOOL))
    (8, 7, 5, 3, 1)
    """
    top = largest_hand(players)
    return tuple(min(hand, top) for hand in HANDS[settings.schedule])


def legal_bids(hand_size: int) -> tuple[int, ...]:
    """The bids anyone may make: any number from 0 to the hand, with no hook."""
    return tuple(range(hand_size + 1))


# --- scores ----------------------------------------------------------------------------------


def skull_king_points(bid: int, tricks: int, hand_size: int) -> int:
    """A round's points in Skull King scoring, before bonuses.

    A bid of 1 or more met exactly scores 20 a trick, a miss -10 a trick off (no trick points);
    a zero bid wins 10 a card dealt with no trick, and loses as much with any.

    >>> skull_king_points(3, 3, 5), skull_king_points(2, 4, 5), skull_king_points(2, 0, 5)
    (60, -20, -20)
    >>> skull_king_points(0, 0, 7), skull_king_points(0, 1, 9)
    (70, -90)
    """
    if bid == 0:
        return 10 * hand_size if tricks == 0 else -10 * hand_size
    if bid == tricks:
        return 20 * bid
    return -10 * abs(tricks - bid)


def rascal_points(bid: int, tricks: int, hand_size: int, cannonball: bool = False) -> int:
    """A round's points in Rascal's scoring, before bonuses: never below zero.

    The stake is 10 a card dealt: all of it for a bid met exactly, half for one trick off,
    nothing further off. The Cannonball stakes 15 a card on a bid met exactly, else nothing.

    >>> rascal_points(2, 2, 7), rascal_points(2, 3, 7), rascal_points(0, 2, 7)
    (70, 35, 0)
    >>> rascal_points(2, 2, 7, cannonball=True), rascal_points(2, 3, 7, cannonball=True)
    (105, 0)
    """
    off = abs(tricks - bid)
    if cannonball:
        return 15 * hand_size if off == 0 else 0
    return {0: 10 * hand_size, 1: 5 * hand_size}.get(off, 0)


def final_bids(played: SkullKingRound) -> tuple[int, ...]:
    """The bids scored: as made, but Harry the Giant's changed by one."""
    bids = [bid or 0 for bid in played.bids]
    if played.harry is not None:
        bids[played.harry.seat] += played.harry.by
    return tuple(bids)


def score_round(settings: SkullKingSettings, played: SkullKingRound) -> tuple[int, ...]:
    """Each seat's score: its points, its bonuses and Rascal of Roatan's wager.

    A bonus counts only with a bid met exactly (unless the table counts them anyway); Loot
    scores 20 to both allies when both meet their bids. The wager is won with a bid met exactly
    and lost otherwise.

    >>> played = SkullKingRound(
    ...     hand_size=3, dealer=0, bids=(1, 0, 2), tricks=(1, 0, 2),
    ...     bonuses=(Claim(0, "fourteen"), Claim(2, "loot", ally=1), Claim(2, "black_fourteen")),
    ... )
    >>> score_round(SkullKingSettings(), played)
    (30, 50, 80)
    """
    bids = final_bids(played)
    met = tuple(bid == taken for bid, taken in zip(bids, played.tricks, strict=True))
    counted = tuple(settings.bonuses_when_missed or made for made in met)
    scores = [
        round_points(settings, played, seat, bid, taken)
        for seat, (bid, taken) in enumerate(zip(bids, played.tricks, strict=True))
    ]
    for claim in played.bonuses:
        points = BONUS[claim.kind].points
        if claim.ally is None:
            scores[claim.seat] += points if counted[claim.seat] else 0
        elif counted[claim.seat] and counted[claim.ally]:
            scores[claim.seat] += points
            scores[claim.ally] += points
    if played.roatan is not None:
        seat = played.roatan.seat
        scores[seat] += played.roatan.amount if met[seat] else -played.roatan.amount
    return tuple(scores)


def round_points(
    settings: SkullKingSettings, played: SkullKingRound, seat: int, bid: int, taken: int
) -> int:
    """One seat's points for its bid and tricks in the chosen scoring, before bonuses."""
    if settings.scoring is Scoring.RASCAL:
        cannonball = bool(played.cannonball) and played.cannonball[seat]
        return rascal_points(bid, taken, played.hand_size, cannonball)
    return skull_king_points(bid, taken, played.hand_size)
