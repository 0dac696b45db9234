"""Rage (Amigo; Fundex in North America), declared: its rules and its facts, the core only.

The rules are those of shared/EDITIONS.md, "Rage"; each decision taken where the sources leave
a point open or disagree is marked **Decision** here and in docs/game-family.md ("Rage"). Two to
eight players, ten rounds of 10, 9, ... 1 cards, bids in turn with no hook (the bids may add up
to anything). A round's score: 1 a trick; 10 more for a bid met, 5 for a zero bid met; nothing
more for a miss (Fundex) or 5 off (Amigo, as Board Game Arena counts it); 5 more for each Bonus
Rage card and 5 off for each Mad Rage card in the tricks a player took, met or not.

Not registered in the family yet: its words, its rules page and the page part that enters the
cards a round (a count of each card by seat) come with it (issue 50).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from scorekeeper.core import bidding, scoring
from scorekeeper.core.bidding import BidRules
from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import (
    Fold,
    GameWords,
    Plain,
    Played,
    RoundFacts,
    Setting,
    TrumpSource,
)
from scorekeeper.core.family.game_settings import settings_from_plain, settings_to_plain
from scorekeeper.core.record_shapes import Json, RecordError, kind, whole
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import Trump, Turned
from scorekeeper.core.variants import BidVisibility, Words

MIN_PLAYERS = 2
MAX_PLAYERS = 8
HANDS = tuple(range(10, 0, -1))
"""Ten rounds, 10 cards down to 1, at every table size (8 x 10 = 80 of 110 cards)."""
MET = 10
ZERO_MET = 5
MISSED_AMIGO = -5
CARD = 5
"""Points of a Bonus Rage card taken; a Mad Rage card takes as many off."""


class RageEdition(StrEnum):
    """Whose deck and scoring the table plays."""

    FUNDEX = "fundex"
    """110 cards with 2 Bonus Rage and 2 Mad Rage; a miss scores its tricks alone."""
    AMIGO = "amigo"
    """112 cards with 3 Bonus Rage and 3 Mad Rage; a miss loses 5 (Board Game Arena)."""


DECKS = {RageEdition.FUNDEX: 110, RageEdition.AMIGO: 112}
EACH_CARD = {RageEdition.FUNDEX: 2, RageEdition.AMIGO: 3}
"""How many Bonus Rage cards the deck has, and as many Mad Rage cards."""


@dataclass(frozen=True)
class RageSettings:
    """The settings a table chooses.

    **Decision**: Fundex by default, the one edition whose instructions are published in print;
    Amigo's scoring is known from Board Game Arena's help only. A zero bid met scores 5 in both
    (Fundex prints it; Amigo's help said so in one revision and not in the other, where it is a
    bid met like any: ``zero_bid_met`` 10, counted with Amigo only). The house variants printed
    with the Fundex rules: bids written down and shown after the last trick (``sealed_bids``),
    and 2 points a trick for a player who takes every trick of a round, but the one-card round
    (``every_trick_doubled``)."""

    edition: RageEdition = RageEdition.FUNDEX
    zero_bid_met: int = ZERO_MET
    sealed_bids: bool = False
    every_trick_doubled: bool = False


STANDARD = RageSettings()
SETTINGS: tuple[Setting, ...] = (
    Setting("edition", STANDARD.edition.value, tuple(RageEdition)),
    Setting("zero_bid_met", ZERO_MET, (ZERO_MET, MET)),
    Setting("sealed_bids", False, (False, True)),
    Setting("every_trick_doubled", False, (False, True)),
)
ONLY_WITH: dict[str, tuple[str, Plain]] = {"zero_bid_met": ("edition", RageEdition.AMIGO.value)}
"""What a zero bid met scores is a choice with Amigo's scoring only (Fundex prints 5)."""


def from_plain(values: Mapping[str, object]) -> RageSettings:
    """The settings from their plain values by key, each checked against its choices."""
    return settings_from_plain(RageSettings, SETTINGS, {"edition": RageEdition}, values)


def to_plain(settings: RageSettings) -> dict[str, Plain]:
    """Every setting by key as stored and written in a game record."""
    return settings_to_plain(settings)


def schedule(_players: int, _settings: RageSettings) -> tuple[int, ...]:
    """The hand of every round: 10 down to 1."""
    return HANDS


def fixed_trump(_number: int, _hand: int, _players: int, _settings: RageSettings) -> Trump:
    """**Decision**: no trump is kept. Rage's trump is the colour turned, changed during play by
    its action cards; it never changes a score, so the pad asks for none (EDITIONS.md)."""
    return Trump(Turned.NONE)


def bid_rules(settings: RageSettings) -> BidRules:
    """In turn from the dealer's left, no hook; sealed until the tricks are in, if chosen."""
    sealed = BidVisibility.DELAYED if settings.sealed_bids else BidVisibility.OPEN
    return BidRules(visibility=sealed)


# --- a round's facts: the Bonus Rage and Mad Rage cards each player took ---------------------


@dataclass(frozen=True)
class RageCards:
    """How many Bonus Rage and Mad Rage cards each seat took in its tricks (empty: none)."""

    bonus: tuple[int, ...] = ()
    mad: tuple[int, ...] = ()
    elsewhere: ClassVar[str] = "extras_not_in_game"

    @property
    def empty(self) -> bool:
        """Whether nobody took a Bonus Rage or a Mad Rage card."""
        return not any(self.bonus) and not any(self.mad)


@dataclass(frozen=True)
class RageRound(Played):
    """A completed round of Rage: the cards taken by seat (a count each)."""

    bonus: tuple[int, ...] = ()
    mad: tuple[int, ...] = ()


FIELDS = ("bonus_rage", "mad_rage")
"""A Rage round's fields beyond those of every round: a count by seat, each only where one was
taken."""


def read_cards(fields: Mapping[str, object]) -> RageCards:
    """The cards of a round from its fields (each optional: none)."""
    return RageCards(
        _counts(fields.get("bonus_rage"), "bonus_rage"), _counts(fields.get("mad_rage"), "mad_rage")
    )


def _counts(data: object, name: str) -> tuple[int, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise RecordError("record_not_list", what=f'"{name}"', kind=kind(data))
    return tuple(whole(count, f'"{name}"') for count in data)


def write_cards(cards: RageCards) -> Json:
    """The cards of a round as its fields, each only where a card was taken."""
    facts: Json = {}
    if any(cards.bonus):
        facts["bonus_rage"] = list(cards.bonus)
    if any(cards.mad):
        facts["mad_rage"] = list(cards.mad)
    return facts


FACTS = RoundFacts(RageCards(), FIELDS, read_cards, write_cards)
"""A Rage round's own facts."""


def round_of(played: Played, cards: RageCards) -> RageRound:
    """The completed round with its cards, a count for every seat."""
    players = len(played.bids)
    return RageRound(
        played.hand_size,
        played.dealer,
        played.bids,
        played.tricks,
        cards.bonus or (0,) * players,
        cards.mad or (0,) * players,
    )


# --- the rules of a round --------------------------------------------------------------------


def check_round(
    players: int, settings: RageSettings, totals: Sequence[int], played: RageRound
) -> None:
    """Refuse bids, tricks or cards taken that cannot have happened: a count for each seat, no
    more of a card than the deck has, and only in the tricks of a player who took one."""
    setup = bidding.RoundSetup(
        players, 1, played.hand_size, played.dealer, bid_rules(settings), tuple(totals)
    )
    bidding.check_round_bids(setup, played.bids)
    scoring.check_tricks(played.hand_size, played.tricks, players)
    most = EACH_CARD[settings.edition]
    for card, counts in (("Bonus Rage", played.bonus), ("Mad Rage", played.mad)):
        if len(counts) != players or any(count < 0 for count in counts):
            raise RuleError("rage_cards_count")
        if sum(counts) > most:
            raise RuleError("rage_cards_too_many", card=card, most=most)
        for seat, count in enumerate(counts):
            if count and not played.tricks[seat]:
                raise RuleError("rage_card_without_trick", card=card, seat=seat + 1)


def seat_score(settings: RageSettings, hand: int, bid: int, tricks: int) -> int:
    """One player's score for bid and tricks, before the cards they took.

    >>> fundex, amigo = RageSettings(), RageSettings(edition=RageEdition.AMIGO)
    >>> seat_score(fundex, 5, 2, 2), seat_score(fundex, 5, 0, 0), seat_score(fundex, 5, 1, 3)
    (12, 5, 3)
    >>> seat_score(amigo, 5, 1, 3), seat_score(amigo, 5, 0, 1)
    (-2, -4)
    """
    per_trick = 2 if settings.every_trick_doubled and hand > 1 and tricks == hand else 1
    score = per_trick * tricks
    if bid == tricks:
        zero = settings.zero_bid_met if settings.edition is RageEdition.AMIGO else ZERO_MET
        return score + (zero if bid == 0 else MET)
    return score + (MISSED_AMIGO if settings.edition is RageEdition.AMIGO else 0)


def score_round(settings: RageSettings, played: RageRound) -> tuple[int, ...]:
    """Each seat's score for a round: bid and tricks, then 5 for each Bonus Rage card taken
    and 5 off for each Mad Rage card, whether the bid was met or not."""
    return tuple(
        seat_score(settings, played.hand_size, bid or 0, taken) + CARD * (bonus - mad)
        for bid, taken, bonus, mad in zip(
            played.bids, played.tricks, played.bonus, played.mad, strict=True
        )
    )


RAGE: Declaration[RageSettings, RageRound] = Declaration(
    key="rage",
    name="Rage",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    deck_size=DECKS[RageEdition.AMIGO],
    settings=SETTINGS,
    from_plain=from_plain,
    to_plain=to_plain,
    refusals=(),
    schedule=schedule,
    schedule_setting="none",
    trump_source=lambda _settings: TrumpSource.NONE,
    fixed_trump=fixed_trump,
    bid_rules=bid_rules,
    check_round=check_round,
    score_round=score_round,
    facts=FACTS,
    round_of=round_of,
    deck_cards=lambda settings: DECKS[settings.edition],
    words=GameWords(
        {
            "edition": Words(
                "Edition",
                "Whose deck and scoring: Fundex (2 Bonus and 2 Mad Rage "
                "cards, a miss scores its tricks) or Amigo (3 of each, a miss loses 5).",
            ),
            "zero_bid_met": Words("A zero bid met scores"),
            "sealed_bids": Words("Sealed bids", "Bids written down, shown after the last trick."),
            "every_trick_doubled": Words(
                "Every trick doubled",
                "2 points a trick for a player who takes every trick of a round (not in the "
                "one-card round).",
            ),
        },
        {"edition": {"fundex": Words("Fundex"), "amigo": Words("Amigo")}},
    ),
    folds=(
        Fold("Scoring", ("edition", "zero_bid_met", "every_trick_doubled")),
        Fold("Bidding", ("sealed_bids",)),
    ),
    only_with=ONLY_WITH,
    score_key=(
        "1 a trick; a bid met 10 more, a zero bid met 5",
        "each Bonus Rage card taken +5, each Mad Rage card \u22125",
    ),
)
"""Rage, as the family would list it (not registered yet: see the module's docstring)."""
