"""Oh Hell and its family (Nomination Whist, Up and Down the River, Kachuful, Stiche raten),
declared as one game with its settings.

The rules are those of shared/EDITIONS.md, "Oh Hell and its family"; each decision taken here is
marked **Decision** in docs/game-family.md. A 52-card deck; the schedule goes up, down, or both
ways to the largest hand chosen; bids are made in turn, with the hook as an option; the trump is
turned each deal, or follows Nomination Whist's or Kachuful's order; a round is scored by a named
preset or by L'Escalier's general form with the table's own numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core import bidding, scoring
from scorekeeper.core.bidding import BidRules, RoundSetup
from scorekeeper.core.family.declared_parts import (
    Fold,
    Plain,
    Played,
    Refusal,
    Setting,
    TrumpSource,
)
from scorekeeper.core.family.game_settings import settings_from_plain, settings_to_plain
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import Suit, Trump, Turned, TurnedCard
from scorekeeper.core.variants import BidRestriction

DECK_SIZE = 52
MIN_PLAYERS = 3
MAX_PLAYERS = 7
DEFAULT_CAP = 10
"""The largest hand a table gets unless it chooses: 10, or fewer where the deck runs short."""
MOST_BONUS = 50
MOST_PER_TRICK = 10
MOST_PENALTY = 20


class Schedule(StrEnum):
    """The hand sizes round by round, to and from the largest hand (the turning hand once)."""

    UP = "up"
    DOWN = "down"
    DOWN_AND_UP = "down_and_up"
    UP_AND_DOWN = "up_and_down"


class TrumpChoice(StrEnum):
    """Where the trump comes from."""

    TURNED = "turned"
    """The card turned after each deal; none where the deck is dealt out."""
    NOMINATION = "nomination"
    """Nomination Whist's order: spades, hearts, clubs, diamonds, no trump, and again."""
    KACHUFUL = "kachuful"
    """Kachuful's order: spades, diamonds, clubs, hearts, and again."""


ROTATIONS: dict[TrumpChoice, tuple[Suit | None, ...]] = {
    TrumpChoice.NOMINATION: (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, None),
    TrumpChoice.KACHUFUL: (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS),
}


class Scoring(StrEnum):
    """The scoring systems in use, by name, and the table's own."""

    TRICKS_PLUS_TEN = "tricks_plus_ten"
    """1 a trick, met or not, and 10 more for a bid met (nommy.co.uk; The Guardian)."""
    TEN_PLUS_BID = "ten_plus_bid"
    """10 + the bid for a bid met, nothing for a miss (Kachuful; Stiche raten's 10 + 1 a trick)."""
    FIVE_PLUS_TRICKS = "five_plus_tricks"
    """5 + the tricks for a bid met, nothing for a miss."""
    BID_TIMES_TEN = "bid_times_ten"
    """10 a trick bid for a bid met (a zero bid met is 10), nothing for a miss."""
    CUSTOM = "custom"
    """L'Escalier's general form with the table's own numbers."""


@dataclass(frozen=True)
class Points:
    """L'Escalier's general form of a score: a bid met scores ``bonus`` + ``per_trick`` a trick;
    a miss loses ``penalty`` a trick off, and keeps ``per_trick`` a trick if ``keep_tricks``."""

    bonus: int
    per_trick: int
    penalty: int
    keep_tricks: bool

    def score(self, bid: int, tricks: int) -> int:
        """The score of ``tricks`` against ``bid``.

        >>> Points(10, 1, 0, keep_tricks=True).score(2, 2), Points(10, 1, 0, True).score(2, 3)
        (12, 3)
        >>> Points(0, 2, 5, keep_tricks=False).score(3, 1)
        -10
        """
        if bid == tricks:
            return self.bonus + self.per_trick * tricks
        kept = self.per_trick * tricks if self.keep_tricks else 0
        return kept - self.penalty * abs(tricks - bid)


PRESETS: dict[Scoring, Points] = {
    Scoring.TRICKS_PLUS_TEN: Points(10, 1, 0, keep_tricks=True),
    Scoring.TEN_PLUS_BID: Points(10, 1, 0, keep_tricks=False),
    Scoring.FIVE_PLUS_TRICKS: Points(5, 1, 0, keep_tricks=False),
}
"""The presets L'Escalier's form covers; ``bid_times_ten`` is not of that form (a zero bid)."""


@dataclass(frozen=True)
class OhHellSettings:
    """The settings a table chooses; ``max_hand`` 0 is the table's default largest hand."""

    schedule: Schedule = Schedule.UP
    max_hand: int = 0
    hook: bool = True
    trump: TrumpChoice = TrumpChoice.TURNED
    scoring: Scoring = Scoring.TRICKS_PLUS_TEN
    custom_bonus: int = 10
    custom_per_trick: int = 1
    custom_penalty: int = 0
    custom_keep_tricks: bool = True

    @property
    def custom(self) -> Points:
        """The table's own numbers (the defaults are those of ``tricks_plus_ten``)."""
        return Points(
            self.custom_bonus, self.custom_per_trick, self.custom_penalty, self.custom_keep_tricks
        )


STANDARD = OhHellSettings()
SETTINGS: tuple[Setting, ...] = (
    Setting("schedule", STANDARD.schedule.value, tuple(Schedule)),
    Setting("max_hand", 0, tuple(range(DECK_SIZE // MIN_PLAYERS + 1))),
    Setting("hook", True, (False, True)),
    Setting("trump", STANDARD.trump.value, tuple(TrumpChoice)),
    Setting("scoring", STANDARD.scoring.value, tuple(Scoring)),
    Setting("custom_bonus", STANDARD.custom_bonus, tuple(range(MOST_BONUS + 1))),
    Setting("custom_per_trick", STANDARD.custom_per_trick, tuple(range(MOST_PER_TRICK + 1))),
    Setting("custom_penalty", STANDARD.custom_penalty, tuple(range(MOST_PENALTY + 1))),
    Setting("custom_keep_tricks", True, (False, True)),
)
KINDS: dict[str, type[StrEnum]] = {
    "schedule": Schedule,
    "trump": TrumpChoice,
    "scoring": Scoring,
}


def from_plain(values: Mapping[str, object]) -> OhHellSettings:
    """The settings from their plain values by key, each checked against its choices."""
    return settings_from_plain(OhHellSettings, SETTINGS, KINDS, values)


def to_plain(settings: OhHellSettings) -> dict[str, Plain]:
    """Every setting by key as stored and written in a game record."""
    return settings_to_plain(settings)


def _custom_unused(settings: OhHellSettings) -> bool:
    return settings.scoring is not Scoring.CUSTOM and settings.custom != STANDARD.custom


def _custom_out_of_range(settings: OhHellSettings) -> bool:
    return not (
        0 <= settings.custom_bonus <= MOST_BONUS
        and 0 <= settings.custom_per_trick <= MOST_PER_TRICK
        and 0 <= settings.custom_penalty <= MOST_PENALTY
    )


def _max_hand_words(players: int, settings: OhHellSettings) -> dict[str, int]:
    return {"players": players, "top": whole_deck_hand(players), "given": settings.max_hand}


FOLDS = (
    Fold("Game length", ("schedule", "max_hand")),
    Fold("Bidding", ("hook",)),
    Fold("Trump", ("trump",)),
    Fold(
        "Scoring",
        ("scoring", "custom_bonus", "custom_per_trick", "custom_penalty", "custom_keep_tricks"),
    ),
)
"""The folds of the settings on the new-game form (titles in every catalogue: Wizard's)."""
ONLY_WITH: dict[str, tuple[str, Plain]] = {
    key: ("scoring", "custom")
    for key in ("custom_bonus", "custom_per_trick", "custom_penalty", "custom_keep_tricks")
}
"""Oh Hell's own numbers play a part only with custom scoring."""

REFUSALS: tuple[Refusal[OhHellSettings], ...] = (
    Refusal("max_hand_too_small", "max_hand", lambda _players, s: s.max_hand < 0),
    Refusal(
        "max_hand_too_large",
        "max_hand",
        lambda players, s: s.max_hand > whole_deck_hand(players),
        _max_hand_words,
    ),
    Refusal(
        "custom_numbers_out_of_range",
        "scoring",
        lambda _players, s: _custom_out_of_range(s),
        lambda _players, _s: {
            "bonus": MOST_BONUS,
            "per_trick": MOST_PER_TRICK,
            "penalty": MOST_PENALTY,
        },
    ),
    Refusal("custom_numbers_without_custom", "scoring", lambda _players, s: _custom_unused(s)),
)


# --- schedule and trump ----------------------------------------------------------------------


def whole_deck_hand(players: int) -> int:
    """The largest hand the 52 cards allow; it may deal out the whole deck (4 players: 13)."""
    return DECK_SIZE // players


def largest_hand(players: int, settings: OhHellSettings) -> int:
    """The largest hand of the game: the table's choice, else 10 or fewer so a card is left
    to turn.

    >>> [largest_hand(players, STANDARD) for players in (3, 4, 5, 6, 7)]
    [10, 10, 10, 8, 7]
    """
    if settings.max_hand:
        return settings.max_hand
    return min(DEFAULT_CAP, (DECK_SIZE - 1) // players)


def schedule(players: int, settings: OhHellSettings) -> tuple[int, ...]:
    """The hand of every round; the turning hand is dealt once.

    >>> schedule(4, OhHellSettings(schedule=Schedule.DOWN_AND_UP, max_hand=4))
    (4, 3, 2, 1, 2, 3, 4)
    >>> schedule(4, OhHellSettings(schedule=Schedule.UP_AND_DOWN, max_hand=3))
    (1, 2, 3, 2, 1)
    """
    top = largest_hand(players, settings)
    up = tuple(range(1, top + 1))
    down = up[::-1]
    return {
        Schedule.UP: up,
        Schedule.DOWN: down,
        Schedule.DOWN_AND_UP: down + up[1:],
        Schedule.UP_AND_DOWN: up + down[1:],
    }[settings.schedule]


def trump_source(settings: OhHellSettings) -> TrumpSource:
    """A turned card, or one of the fixed orders."""
    return TrumpSource.TURNED if settings.trump is TrumpChoice.TURNED else TrumpSource.ROTATION


def fixed_trump(
    number: int, hand_size: int, players: int, settings: OhHellSettings
) -> Trump | None:
    """The trump when nobody enters it, else ``None`` (a turned card is entered).

    >>> fixed_trump(5, 3, 4, OhHellSettings(trump=TrumpChoice.NOMINATION))
    Trump(turned=<Turned.NONE: 'none'>, suit=None)
    >>> fixed_trump(6, 3, 4, OhHellSettings(trump=TrumpChoice.KACHUFUL)).suit
    <Suit.DIAMONDS: 'diamonds'>
    """
    if settings.trump is not TrumpChoice.TURNED:
        order = ROTATIONS[settings.trump]
        return Trump(Turned.NONE, order[(number - 1) % len(order)])
    if hand_size * players >= DECK_SIZE:
        return Trump(Turned.NONE, None)
    return None


def resolve_trump(
    turned: TurnedCard,
    suit: Suit | None,
    number: int,
    hand_size: int,
    players: int,
    settings: OhHellSettings,
) -> Trump:
    """The trump entered for a round, refusing what cannot have happened: only a suit card is
    turned (there are no Wizards or Jesters), and nothing is entered where the trump is fixed."""
    fixed = fixed_trump(number, hand_size, players, settings)
    if fixed is not None:
        if turned is not Turned.NONE or (suit is not None and suit is not fixed.suit):
            dealt_out = settings.trump is TrumpChoice.TURNED
            raise RuleError("trump_none_left" if dealt_out else "trump_does_not_fit")
        return fixed
    if turned is Turned.NONE:
        raise RuleError("trump_missing")
    if turned is not Turned.SUIT:
        raise RuleError("trump_suit_only")
    if suit is None:
        raise RuleError("trump_suit_missing")
    return Trump(turned, suit)


# --- bids and scores -------------------------------------------------------------------------


def bid_rules(settings: OhHellSettings) -> BidRules:
    """Bids in turn; the hook refuses the last bid that makes the bids add up to the hand."""
    restriction = BidRestriction.PLUS_MINUS_ONE if settings.hook else BidRestriction.NONE
    return BidRules(restriction, hook_refusal="bid_total_forbidden_hook")


def round_setup(players: int, settings: OhHellSettings, hand_size: int, dealer: int) -> RoundSetup:
    """The round engine's setup of a round (only its bids are judged by it)."""
    return RoundSetup(players, 1, hand_size, dealer, bid_rules(settings), (0,) * players)


def check_round(
    players: int, settings: OhHellSettings, _totals: Sequence[int], played: Played
) -> None:
    """Refuse bids (in turn, with the hook if chosen) or tricks that cannot have happened."""
    setup = round_setup(players, settings, played.hand_size, played.dealer)
    bidding.check_round_bids(setup, played.bids)
    scoring.check_tricks(played.hand_size, played.tricks, players)


def bid_score(settings: OhHellSettings, bid: int, tricks: int) -> int:
    """One player's score for a round in the chosen scoring.

    >>> [bid_score(OhHellSettings(scoring=s), 2, 2) for s in Scoring]
    [12, 12, 7, 20, 12]
    >>> [bid_score(OhHellSettings(scoring=s), 2, 3) for s in Scoring]
    [3, 0, 0, 0, 3]
    >>> bid_score(OhHellSettings(scoring=Scoring.BID_TIMES_TEN), 0, 0)
    10
    """
    if settings.scoring is Scoring.BID_TIMES_TEN:
        return (10 * bid or 10) if bid == tricks else 0
    points = settings.custom if settings.scoring is Scoring.CUSTOM else PRESETS[settings.scoring]
    return points.score(bid, tricks)


def score_round(settings: OhHellSettings, played: Played) -> tuple[int, ...]:
    """Each seat's score for a round."""
    return tuple(
        bid_score(settings, bid or 0, taken)
        for bid, taken in zip(played.bids, played.tricks, strict=True)
    )
