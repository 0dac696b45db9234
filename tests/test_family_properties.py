"""Invariants of every game of the family, for any table, settings and round (hypothesis)."""

from __future__ import annotations

import ast
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import bidding
from scorekeeper.core.family import GAMES, OH_HELL, SKULL_KING, Played, declaration, game
from scorekeeper.core.family.oh_hell import OhHellSettings, Schedule, Scoring, TrumpChoice
from scorekeeper.core.family.oh_hell import round_setup as oh_hell_setup
from scorekeeper.core.family.skull_king import (
    BONUSES,
    Claim,
    SkullKingRound,
    SkullKingSettings,
    rascal_points,
)
from scorekeeper.core.family.skull_king import Schedule as SkullKingSchedule
from scorekeeper.core.family.skull_king import Scoring as SkullKingScoring
from scorekeeper.core.refusals import MESSAGES, RuleError
from tests.support.profiles import examples

CHECKS = settings(max_examples=examples(150), derandomize=True, database=None, deadline=None)
# Whole games are large examples: fewer of them keep the file fast.
GAMES_CHECKS = settings(
    max_examples=examples(40),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FAMILY = Path(declaration.__file__).parent


def splits(total: int, parts: int) -> st.SearchStrategy[tuple[int, ...]]:
    """``total`` cut into ``parts`` whole numbers of 0 or more."""
    cuts = st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)
    return cuts.map(lambda cut: tuple(b - a for a, b in pairwise([0, *sorted(cut), total])))


# --- every game ------------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(GAMES))
def test_every_table_of_a_game_plays_its_defaults(key: str) -> None:
    declared = game(key)
    chosen = declared.from_plain({})
    assert declared.from_plain(declared.to_plain(chosen)) == chosen
    assert [setting.key for setting in declared.settings] == list(declared.to_plain(chosen))
    for setting in declared.settings:
        assert setting.default in setting.choices
    for players in range(declared.min_players, declared.max_players + 1):
        declared.check_settings(players, chosen)
        hands = declared.schedule(players, chosen)
        assert hands and all(hand >= 1 and hand * players <= declared.deck_size for hand in hands)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        game("bridge")
    assert refused.value.code == "game_unknown"
    assert "wizard, skull_king, oh_hell" in str(refused.value)


def codes_refused() -> set[str]:
    """Every code the family's modules raise as a ``RuleError``, name in a ``Refusal``, or give
    the round engine as the hook's refusal."""
    found: set[str] = set()
    for path in FAMILY.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "hook_refusal":
                value = node.value
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.add(value.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in {
                "RuleError",
                "Refusal",
            }:
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
    return found


# The family's own codes (docs/game-family.md, "Refusals"): each in core/refusals.py, translated.
FAMILY_CODES = {
    "game_unknown",
    "game_player_count",
    "setting_unknown",
    "setting_not_option",
    "bids_all_in",
    "bid_total_forbidden_hook",
    "max_hand_too_large",
    "max_hand_too_small",
    "custom_numbers_out_of_range",
    "custom_numbers_without_custom",
    "trump_suit_only",
    "destroyed_out_of_range",
    "tricks_sum_destroyed",
    "tricks_sum_ghost",
    "needs_advanced_cards",
    "needs_pirate_powers",
    "cannonball_needs_rascal",
    "cannonball_count",
    "bonus_unknown",
    "bonus_without_trick",
    "bonus_too_many",
    "skull_king_once",
    "loot_needs_ally",
    "loot_ally_self",
    "ally_only_for_loot",
    "harry_change",
    "harry_without_trick",
    "roatan_wager",
    "roatan_without_trick",
}


def test_every_code_has_a_sentence() -> None:
    codes = codes_refused()
    assert {"skull_king_once", "bid_total_forbidden_hook", "max_hand_too_large"} <= codes
    assert codes <= set(MESSAGES)
    assert set(MESSAGES) >= FAMILY_CODES
    # The table size's code is the declaration's default, not a call.
    assert codes | {"game_player_count"} >= FAMILY_CODES


# --- Skull King ------------------------------------------------------------------------------


@st.composite
def skull_king_games(draw: st.DrawFn) -> tuple[int, SkullKingSettings, list[SkullKingRound]]:
    """A table, its settings and legal rounds of its schedule, bonuses and Kraken included."""
    players = draw(st.integers(2, 8))
    chosen = SkullKingSettings(
        schedule=draw(st.sampled_from(SkullKingSchedule)),
        scoring=draw(st.sampled_from(SkullKingScoring)),
        bonuses_when_missed=draw(st.booleans()),
        advanced_cards=True,
    )
    rounds = []
    for dealer, hand in enumerate(SKULL_KING.schedule(players, chosen)):
        destroyed = draw(st.integers(0, min(2, hand)))
        ghost = draw(st.integers(0, hand - destroyed)) if players == 2 else 0
        tricks = draw(splits(hand - destroyed - ghost, players))
        bids = tuple(draw(st.integers(0, hand)) for _ in range(players))
        winners = [seat for seat, taken in enumerate(tricks) if taken]
        claims: list[Claim] = []
        if winners:
            kinds = draw(st.lists(st.sampled_from(["fourteen", "mermaid_by_pirate"]), max_size=2))
            claims = [Claim(draw(st.sampled_from(winners)), kind) for kind in kinds]
            if draw(st.booleans()):
                seat = draw(st.sampled_from(winners))
                claims.append(Claim(seat, "loot", ally=(seat + 1) % players))
        cannonball = tuple(
            draw(st.booleans()) and chosen.scoring is SkullKingScoring.RASCAL
            for _ in range(players)
        )
        rounds.append(
            SkullKingRound(
                hand,
                dealer % players,
                bids,
                tricks,
                destroyed,
                tuple(claims),
                cannonball=cannonball,
            )
        )
    return players, chosen, rounds


@GAMES_CHECKS
@given(skull_king_games())
def test_skull_king_legal_games_are_accepted_and_add_up(
    table: tuple[int, SkullKingSettings, list[SkullKingRound]],
) -> None:
    players, chosen, rounds = table
    for played in rounds:
        SKULL_KING.check_round(players, chosen, (0,) * players, played)
    scores = SKULL_KING.scores(chosen, rounds)
    totals = SKULL_KING.totals(chosen, players, rounds)
    assert totals == tuple(sum(column) for column in zip(*scores, strict=True))
    if chosen.scoring is SkullKingScoring.RASCAL:
        assert all(score >= 0 for row in scores for score in row)
    # Bonuses only add, and only with a bid met unless the table counts them anyway.
    most = max(bonus.points for bonus in BONUSES)
    for played in rounds:
        bare = replace(played, bonuses=())
        with_bonuses = SKULL_KING.score_round(chosen, played)
        without = SKULL_KING.score_round(chosen, bare)
        for seat, (extra, base) in enumerate(zip(with_bonuses, without, strict=True)):
            assert 0 <= extra - base <= most * len(played.bonuses)
            if played.bids[seat] != played.tricks[seat] and not chosen.bonuses_when_missed:
                assert extra == base


@CHECKS
@given(st.integers(0, 10), st.integers(0, 10), st.integers(1, 10), st.booleans())
def test_rascal_never_scores_below_zero_nor_above_its_stake(
    bid: int, tricks: int, hand: int, cannonball: bool
) -> None:
    points = rascal_points(bid, tricks, hand, cannonball)
    assert 0 <= points <= 15 * hand
    assert (points == 0) or abs(bid - tricks) <= 1


@CHECKS
@given(st.integers(2, 8), st.data())
def test_skull_king_bids_anything_at_once(players: int, data: st.DataObject) -> None:
    hand = data.draw(st.integers(1, 10))
    bids = tuple(data.draw(st.integers(0, hand)) for _ in range(players))
    tricks = (hand,) + (0,) * (players - 1)
    SKULL_KING.check_round(
        players, SkullKingSettings(), (0,) * players, SkullKingRound(hand, 0, bids, tricks)
    )


# --- Oh Hell ---------------------------------------------------------------------------------


@st.composite
def oh_hell_tables(draw: st.DrawFn) -> tuple[int, OhHellSettings]:
    players = draw(st.integers(3, 7))
    top = draw(st.integers(0, 52 // players))
    scoring = draw(st.sampled_from(Scoring))
    custom: dict[str, Any] = {}
    if scoring is Scoring.CUSTOM:
        custom = {
            "custom_bonus": draw(st.integers(0, 50)),
            "custom_per_trick": draw(st.integers(0, 10)),
            "custom_penalty": draw(st.integers(0, 20)),
            "custom_keep_tricks": draw(st.booleans()),
        }
    chosen = OhHellSettings(
        schedule=draw(st.sampled_from(Schedule)),
        max_hand=top,
        hook=draw(st.booleans()),
        trump=draw(st.sampled_from(TrumpChoice)),
        scoring=scoring,
        **custom,
    )
    OH_HELL.check_settings(players, chosen)
    return players, chosen


@CHECKS
@given(oh_hell_tables())
def test_oh_hell_schedules(table: tuple[int, OhHellSettings]) -> None:
    players, chosen = table
    hands = OH_HELL.schedule(players, chosen)
    top = max(hands)
    assert min(hands) == 1 and top * players <= 52
    if chosen.schedule in (Schedule.DOWN_AND_UP, Schedule.UP_AND_DOWN):
        assert hands == hands[::-1] and len(hands) == 2 * top - 1
    for number, hand in enumerate(hands, start=1):
        fixed = OH_HELL.fixed_trump(number, hand, players, chosen)
        if chosen.trump is TrumpChoice.TURNED:
            assert (fixed is None) == (hand * players < 52)
        else:
            assert fixed is not None


@CHECKS
@given(oh_hell_tables(), st.data())
def test_oh_hell_the_hook_refuses_exactly_the_bid_that_adds_up(
    table: tuple[int, OhHellSettings], data: st.DataObject
) -> None:
    players, chosen = table
    hand = data.draw(st.sampled_from(OH_HELL.schedule(players, chosen)))
    dealer = data.draw(st.integers(0, players - 1))
    bids = [data.draw(st.integers(0, hand)) for _ in range(players)]
    tricks = data.draw(splits(hand, players))
    played = Played(hand, dealer, tuple(bids), tricks)
    forbidden = chosen.hook and sum(bids) == hand
    try:
        OH_HELL.check_round(players, chosen, (0,) * players, played)
        refused = None
    except RuleError as error:
        refused = error.code
    assert refused == ("bid_total_forbidden_hook" if forbidden else None)
    others = sum(bids) - bids[dealer]
    before: list[int | None] = [*bids[:dealer], None, *bids[dealer + 1 :]]
    legal = bidding.legal_bids(oh_hell_setup(players, chosen, hand, dealer), before, dealer)
    hooked = hand - others if chosen.hook and 0 <= hand - others <= hand else None
    assert legal == tuple(bid for bid in range(hand + 1) if bid != hooked)
    scores = OH_HELL.score_round(chosen, played)
    assert OH_HELL.totals(chosen, players, [played, played]) == tuple(2 * s for s in scores)
    for bid, taken, score in zip(bids, tricks, scores, strict=True):
        if chosen.scoring is not Scoring.CUSTOM and bid != taken:
            assert score == (taken if chosen.scoring is Scoring.TRICKS_PLUS_TEN else 0)


@pytest.mark.parametrize(
    ("key", "players", "offered"),
    [
        ("wizard", 4, {"standard": 15, "five_rounds": 5, "amigo": 10, "quick": 8, "maximus": 5}),
        ("wizard", 7, {"standard": 8, "five_rounds": 5, "quick": 4, "maximus": 5}),
        ("skull_king", 8, {"standard": 10, "blitz": 5, "whirlpool": 5, "broadside": 10}),
        ("oh_hell", 5, {"up": 10, "down": 10, "down_and_up": 19, "up_and_down": 19}),
    ],
)
def test_every_schedule_a_game_offers_a_table(
    key: str, players: int, offered: dict[str, int]
) -> None:
    schedules = game(key).schedules(players)
    assert {name: len(hands) for name, hands in schedules.items()} == offered
