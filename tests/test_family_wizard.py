"""Wizard declared as a game of the family is Wizard: the same schedules, trumps, refusals and
scores as the rules the pad already has, for every table and random rounds (hypothesis)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import bidding, rules, scoring, variants
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.family import WIZARD, Bidding, Played, TrumpSource
from scorekeeper.core.family.wizard import bid_rules
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import BidRestriction, Length, Variants
from tests.support.profiles import examples

CHECKS = settings(max_examples=examples(150), derandomize=True, database=None, deadline=None)
PLAYERS = range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)


def playable(players: int, length: Length) -> bool:
    return length is not Length.AMIGO or players in variants.AMIGO_SCHEDULES


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("length", list(Length))
def test_the_schedules_are_the_rules_schedules(players: int, length: Length) -> None:
    chosen = Variants(length=length)
    if not playable(players, length):
        with pytest.raises(RuleError) as refused:
            WIZARD.schedule(players, chosen)
        assert refused.value.code == "amigo_players"
        return
    hands = WIZARD.schedule(players, chosen)
    assert hands == rules.schedule(players, length)
    for number, hand in enumerate(hands, start=1):
        fixed = rules.fixed_trump(number, hand, players, length)
        assert WIZARD.fixed_trump(number, hand, players, chosen) == fixed


@pytest.mark.parametrize("players", [2, 9])
def test_a_table_wizard_is_not_played_by_keeps_its_code(players: int) -> None:
    with pytest.raises(RuleError) as refused:
        WIZARD.check_settings(players, Variants())
    assert refused.value.code == "player_count"
    with pytest.raises(RuleError) as same:
        rules.check_variants(players, Variants())
    assert str(refused.value) == str(same.value)


def test_the_settings_and_refusals_are_the_variants() -> None:
    assert [setting.key for setting in WIZARD.settings] == list(variants.BY_KEY)
    assert [refusal.code for refusal in WIZARD.refusals] == [r.code for r in variants.REFUSED]
    assert WIZARD.to_plain(WIZARD.from_plain({})) == variants.to_plain(Variants())
    chosen = WIZARD.from_plain({"length": "quick", "saboteur": True})
    assert chosen == Variants(length=Length.QUICK, saboteur=True)
    assert WIZARD.key == "wizard" and WIZARD.deck_size == rules.DECK_SIZE
    assert WIZARD.bonuses == ()


@pytest.mark.parametrize(
    ("restriction", "mode"),
    [
        (BidRestriction.NONE, Bidding.IN_TURN),
        (BidRestriction.PLUS_MINUS_ONE, Bidding.HOOK),
        (BidRestriction.CANADIAN, Bidding.CANADIAN),
    ],
)
def test_the_bid_restriction_is_a_way_of_bidding(restriction: BidRestriction, mode: str) -> None:
    assert WIZARD.bidding(Variants(bid_restriction=restriction)) == mode


def test_maximus_fixes_the_trump_and_the_rest_turn_a_card() -> None:
    assert WIZARD.trump_source(Variants(length=Length.MAXIMUS)) is TrumpSource.ROTATION
    assert WIZARD.trump_source(Variants()) is TrumpSource.TURNED


@st.composite
def wizard_rounds(draw: st.DrawFn) -> tuple[int, Variants, Played]:
    """A table, its variants and a round of its schedule with any bids and legal tricks."""
    players = draw(st.sampled_from(PLAYERS))
    length = draw(st.sampled_from([x for x in Length if playable(players, x)]))
    chosen = Variants(
        length=length,
        bid_restriction=draw(st.sampled_from(BidRestriction)),
        saboteur=draw(st.booleans()),
    )
    hand = draw(st.sampled_from(rules.schedule(players, length)))
    dealer = draw(st.integers(0, players - 1))
    bids = [draw(st.integers(0, hand)) for _ in range(players)]
    cuts = sorted(draw(st.lists(st.integers(0, hand), min_size=players - 1, max_size=players - 1)))
    edges = [0, *cuts, hand]
    tricks = tuple(b - a for a, b in pairwise(edges))
    played_bids = tuple(
        None if chosen.saboteur and seat == dealer else bid for seat, bid in enumerate(bids)
    )
    return players, chosen, Played(hand, dealer, played_bids, tricks)


@CHECKS
@given(wizard_rounds())
def test_the_scores_are_the_rules_scores(table: tuple[int, Variants, Played]) -> None:
    players, chosen, played = table
    expected = tuple(
        scoring.round_score(bid, taken)
        for bid, taken in zip(played.bids, played.tricks, strict=True)
    )
    assert WIZARD.score_round(chosen, played) == expected
    assert WIZARD.totals(chosen, players, [played, played]) == tuple(2 * s for s in expected)


@CHECKS
@given(wizard_rounds(), st.lists(st.integers(-200, 200), min_size=8, max_size=8))
def test_a_round_is_refused_exactly_when_the_rules_refuse_it(
    table: tuple[int, Variants, Played], totals: list[int]
) -> None:
    players, chosen, played = table
    before = tuple(totals[:players])
    setup = RoundSetup(players, 1, played.hand_size, played.dealer, bid_rules(chosen), before)
    try:
        bidding.check_round_bids(setup, played.bids)
        scoring.check_tricks(played.hand_size, played.tricks, players)
        expected = None
    except RuleError as error:
        expected = error.code
    try:
        WIZARD.check_round(players, chosen, before, played)
        found = None
    except RuleError as error:
        found = error.code
    assert found == expected
