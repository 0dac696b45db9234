"""RULES.md variants: which tables and combinations are played, and which are refused and why."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.family.wizard import bid_rules
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    RuleError,
    Variants,
    check_variants,
    schedule,
)

NONE, PLUS_MINUS_ONE, CANADIAN = (
    BidRestriction.NONE,
    BidRestriction.PLUS_MINUS_ONE,
    BidRestriction.CANADIAN,
)
OPEN, HIDDEN, DELAYED = BidVisibility.OPEN, BidVisibility.HIDDEN, BidVisibility.DELAYED

AMIGO_REASON = "The Amigo tournament has no schedule for 7 or 8 players."
RESTRICTION_REASON = (
    "A bid restriction needs the last bidder to see the other bids, "
    "so it cannot be combined with hidden or delayed bids."
)
SABOTEUR_REASON = (
    "The Canadian rule is about the dealer's own bid, but the Saboteur dealer "
    "makes no bid: choose one of the two."
)
JESTER_RESTRICTION = (
    "With the Jester bid every bid is zero, so there is no bid for a bid restriction to "
    "judge: choose one of the two."
)
JESTER_SEALED = (
    "With the Jester bid every bid is zero and known to all, so there is nothing to hide: "
    "choose open bids, or leave the Jester bid off."
)

# | players | variants | played |
ALLOWED = [
    (4, {}),
    (3, {"length": Length.FIVE_ROUNDS}),
    (8, {"length": Length.FIVE_ROUNDS}),
    (3, {"length": Length.AMIGO}),
    (6, {"length": Length.AMIGO}),
    (7, {"length": Length.QUICK}),
    (8, {"length": Length.MAXIMUS}),
    (4, {"bid_restriction": PLUS_MINUS_ONE}),
    (4, {"bid_restriction": CANADIAN}),
    (4, {"bid_visibility": HIDDEN}),
    (4, {"bid_visibility": DELAYED}),
    # bidding-role variants may be combined with the above
    (5, {"saboteur": True, "bid_restriction": PLUS_MINUS_ONE}),
    (5, {"saboteur": True, "bid_visibility": HIDDEN}),
    (5, {"saboteur": True, "bid_visibility": DELAYED}),
    (5, {"jester_bid": True}),
    (5, {"jester_bid": True, "saboteur": True}),
    # table reminders change nothing
    (3, {"foresight": True, "gizzard_fester": True, "pull_one": True}),
    (
        6,
        {
            "length": Length.AMIGO,
            "bid_restriction": CANADIAN,
            "foresight": True,
            "gizzard_fester": True,
            "pull_one": True,
        },
    ),
]

# | players | variants | refusal | the setting it is about |
REFUSED = [
    # Amigo tournament, 7-8 players: not defined → refuse with a clear message
    (7, {"length": Length.AMIGO}, AMIGO_REASON, "length"),
    (8, {"length": Length.AMIGO}, AMIGO_REASON, "length"),
    # a bid restriction cannot be combined with hidden or delayed bids
    (
        4,
        {"bid_restriction": PLUS_MINUS_ONE, "bid_visibility": HIDDEN},
        RESTRICTION_REASON,
        "bid_visibility",
    ),
    (
        4,
        {"bid_restriction": PLUS_MINUS_ONE, "bid_visibility": DELAYED},
        RESTRICTION_REASON,
        "bid_visibility",
    ),
    (
        4,
        {"bid_restriction": CANADIAN, "bid_visibility": HIDDEN},
        RESTRICTION_REASON,
        "bid_visibility",
    ),
    (
        4,
        {"bid_restriction": CANADIAN, "bid_visibility": DELAYED},
        RESTRICTION_REASON,
        "bid_visibility",
    ),
    (
        4,
        {"bid_restriction": PLUS_MINUS_ONE, "bid_visibility": HIDDEN, "jester_bid": True},
        RESTRICTION_REASON,
        "bid_visibility",
    ),
    # the Jester bid makes every bid zero: no restriction to judge, nothing to hide
    (5, {"jester_bid": True, "bid_restriction": PLUS_MINUS_ONE}, JESTER_RESTRICTION, "jester_bid"),
    (5, {"jester_bid": True, "bid_restriction": CANADIAN}, JESTER_RESTRICTION, "jester_bid"),
    (5, {"jester_bid": True, "bid_visibility": HIDDEN}, JESTER_SEALED, "jester_bid"),
    (5, {"jester_bid": True, "bid_visibility": DELAYED}, JESTER_SEALED, "jester_bid"),
    # Saboteur cannot be combined with the Canadian rule
    (4, {"saboteur": True, "bid_restriction": CANADIAN}, SABOTEUR_REASON, "saboteur"),
    # 3 to 8 players
    (2, {}, "Wizard is played by 3 to 8 players, not 2.", None),
    (9, {}, "Wizard is played by 3 to 8 players, not 9.", None),
    (9, {"length": Length.AMIGO}, "Wizard is played by 3 to 8 players, not 9.", None),
]


def test_the_default_variants_are_the_standard_game() -> None:
    variants = Variants()
    assert variants.length is Length.STANDARD
    assert variants.bid_restriction is NONE
    assert variants.bid_visibility is OPEN
    assert not variants.saboteur
    assert not variants.jester_bid
    assert not (variants.foresight or variants.gizzard_fester or variants.pull_one)


@pytest.mark.parametrize(
    ("enum", "values"),
    [
        (Length, {"standard", "five_rounds", "amigo", "quick", "maximus"}),
        (BidRestriction, {"none", "plus_minus_one", "canadian"}),
        (BidVisibility, {"open", "hidden", "delayed"}),
    ],
)
def test_every_variant_of_the_rules_has_a_stored_name(enum: Any, values: set[str]) -> None:
    assert {member.value for member in enum} == values


@pytest.mark.parametrize(("players", "variants"), ALLOWED)
def test_variants_that_can_be_played_together(players: int, variants: dict[str, Any]) -> None:
    check_variants(players, Variants(**variants))


@pytest.mark.parametrize(("players", "variants", "reason", "setting"), REFUSED)
def test_refused_variant_combinations_give_their_reason(
    players: int, variants: dict[str, Any], reason: str, setting: str | None
) -> None:
    with pytest.raises(RuleError) as refusal:
        check_variants(players, Variants(**variants))
    assert str(refusal.value) == reason
    assert refusal.value.setting == setting
    assert setting is None or hasattr(Variants(), setting)


@pytest.mark.parametrize("restriction", list(BidRestriction))
@pytest.mark.parametrize("visibility", list(BidVisibility))
def test_a_bid_restriction_needs_open_bids(
    restriction: BidRestriction, visibility: BidVisibility
) -> None:
    variants = Variants(bid_restriction=restriction, bid_visibility=visibility)
    if restriction is NONE or visibility is OPEN:
        check_variants(4, variants)
    else:
        with pytest.raises(RuleError, match="cannot be combined with hidden or delayed bids"):
            check_variants(4, variants)


@pytest.mark.parametrize("length", list(Length))
@pytest.mark.parametrize("players", range(3, 9))
def test_every_length_is_played_by_3_to_8_players_except_amigo_by_7_or_8(
    length: Length, players: int
) -> None:
    variants = Variants(length=length)
    if length is Length.AMIGO and players > 6:
        with pytest.raises(RuleError, match="Amigo"):
            check_variants(players, variants)
    else:
        check_variants(players, variants)
        assert schedule(players, length)


@pytest.mark.parametrize(
    "reminders",
    [{"foresight": True}, {"gizzard_fester": True}, {"pull_one": True}],
)
def test_table_reminders_change_no_rule(reminders: dict[str, Any]) -> None:
    plain = RoundSetup(4, 1, 1, 0, bid_rules(Variants()), (0, 0, 0, 0))
    reminded = RoundSetup(4, 1, 1, 0, bid_rules(Variants(**reminders)), (0, 0, 0, 0))
    assert reminded.bidders == plain.bidders
    assert reminded.given_bids == plain.given_bids
    assert reminded.saboteur == plain.saboteur


@pytest.mark.parametrize("reason", sorted({reason for _, _, reason, _ in REFUSED}))
def test_variant_refusals_are_sentences_a_player_understands(reason: str) -> None:
    assert reason[0].isupper()
    assert reason.endswith(".")
    assert "_" not in reason
    for code_name in ("plus_minus_one", "Length.", "BidRestriction", "None", "True"):
        assert code_name not in reason
