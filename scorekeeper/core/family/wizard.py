"""Wizard, declared as a game of the family from the rules the pad already has.

Nothing here decides anything: the schedule, the trump, the bids and the scores are those of
:mod:`scorekeeper.core.rules`, :mod:`~scorekeeper.core.bidding` and
:mod:`~scorekeeper.core.scoring`, so Wizard keeps every behaviour and test it has
(tests/test_family_wizard.py holds the declaration to them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.core import bidding, rules, scoring, variants
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.family.declaration import (
    Bidding,
    Declaration,
    Plain,
    Played,
    Refusal,
    Setting,
    TrumpSource,
    by_key,
)
from scorekeeper.core.rules import BidRestriction, Length, Trump, Variants

SETTINGS: tuple[Setting, ...] = tuple(
    Setting(spec.key, spec.plain(spec.default), variants.choices(spec.key))
    for spec in variants.REGISTRY
)
REFUSALS: tuple[Refusal[Variants], ...] = tuple(
    Refusal(refused.code, refused.setting, refused.applies) for refused in variants.REFUSED
)
BIDDING = {
    BidRestriction.NONE: Bidding.IN_TURN,
    BidRestriction.PLUS_MINUS_ONE: Bidding.HOOK,
    BidRestriction.CANADIAN: Bidding.CANADIAN,
}


def from_plain(values: Mapping[str, object]) -> Variants:
    """The variants from their plain values, each checked against its choices."""
    return variants.from_plain(by_key(SETTINGS, values))  # type: ignore[arg-type]


def to_plain(chosen: Variants) -> dict[str, Plain]:
    """Every variant by key as stored and written in a game record."""
    return dict(variants.to_plain(chosen))


def schedule(players: int, chosen: Variants) -> tuple[int, ...]:
    """Wizard's schedule (:func:`scorekeeper.core.rules.schedule`)."""
    return rules.schedule(players, chosen.length)


def trump_source(chosen: Variants) -> TrumpSource:
    """Wizard Maximus fixes the trump round by round; otherwise a card is turned."""
    return TrumpSource.ROTATION if chosen.length is Length.MAXIMUS else TrumpSource.TURNED


def fixed_trump(number: int, hand_size: int, players: int, chosen: Variants) -> Trump | None:
    """Wizard's fixed trump (:func:`scorekeeper.core.rules.fixed_trump`)."""
    return rules.fixed_trump(number, hand_size, players, chosen.length)


def check_round(players: int, chosen: Variants, totals: Sequence[int], played: Played) -> None:
    """Refuse bids or tricks Wizard's rules do not allow (the round number plays no part)."""
    setup = RoundSetup(players, 1, played.hand_size, played.dealer, chosen, tuple(totals))
    bidding.check_round_bids(setup, played.bids)
    scoring.check_tricks(played.hand_size, played.tricks, players)


def score_round(_chosen: Variants, played: Played) -> tuple[int, ...]:
    """Wizard's scores (:func:`scorekeeper.core.scoring.round_score`)."""
    return tuple(
        scoring.round_score(bid, taken)
        for bid, taken in zip(played.bids, played.tricks, strict=True)
    )


WIZARD: Declaration[Variants, Played] = Declaration(
    key="wizard",
    name="Wizard",
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    deck_size=rules.DECK_SIZE,
    settings=SETTINGS,
    from_plain=from_plain,
    to_plain=to_plain,
    refusals=REFUSALS,
    schedule=schedule,
    trump_source=trump_source,
    fixed_trump=fixed_trump,
    bidding=lambda chosen: BIDDING[chosen.bid_restriction],
    check_round=check_round,
    score_round=score_round,
    schedule_setting="length",
    player_count_code="player_count",
)
