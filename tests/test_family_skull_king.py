"""Skull King (EDITIONS.md "Skull King"): schedules, scores, bonuses, powers and every refusal."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from scorekeeper.core.family import SKULL_KING, Bidding, TrumpSource
from scorekeeper.core.family.skull_king import (
    JOLLY_ROGER,
    Change,
    Claim,
    Schedule,
    Scoring,
    SkullKingRound,
    SkullKingSettings,
    Wager,
    rascal_points,
    schedule,
    skull_king_points,
)
from scorekeeper.core.refusals import RuleError

ADVANCED = SkullKingSettings(advanced_cards=True, pirate_powers=True)
RASCAL = SkullKingSettings(scoring=Scoring.RASCAL, advanced_cards=True, pirate_powers=True)


def round_of(
    hand: int, bids: tuple[int | None, ...], tricks: tuple[int, ...], **extra: Any
) -> SkullKingRound:
    return SkullKingRound(hand_size=hand, dealer=0, bids=bids, tricks=tricks, **extra)


def refusal(players: int, chosen: SkullKingSettings, played: SkullKingRound) -> str:
    with pytest.raises(RuleError) as refused:
        SKULL_KING.check_round(players, chosen, (0,) * players, played)
    return refused.value.code


# --- schedules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "hands"),
    [
        (2, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        (6, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        # 70 cards: seven hands of ten use them all, eight players get eight at most.
        (7, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        (8, (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),
    ],
)
def test_ten_rounds_with_the_largest_hand_repeated(players: int, hands: tuple[int, ...]) -> None:
    assert SKULL_KING.schedule(players, SkullKingSettings()) == hands


@pytest.mark.parametrize(
    ("length", "players", "hands"),
    [
        (Schedule.BLITZ, 4, (5, 5, 5, 5, 5)),
        (Schedule.WHIRLPOOL, 4, (9, 7, 5, 3, 1)),
        (Schedule.BROADSIDE, 4, (10,) * 10),
        (Schedule.BROADSIDE, 8, (8,) * 10),
    ],
)
def test_the_short_schedules(length: Schedule, players: int, hands: tuple[int, ...]) -> None:
    assert schedule(players, SkullKingSettings(schedule=length)) == hands


@pytest.mark.parametrize("players", [1, 9])
def test_two_to_eight_players(players: int) -> None:
    with pytest.raises(RuleError) as refused:
        SKULL_KING.check_settings(players, SkullKingSettings())
    assert refused.value.code == "game_player_count"
    assert "Skull King is played by 2 to 8 players" in str(refused.value)


def test_bids_at_once_and_the_black_suit_always_trump() -> None:
    chosen = SkullKingSettings()
    assert SKULL_KING.bidding(chosen) is Bidding.AT_ONCE
    assert SKULL_KING.trump_source(chosen) is TrumpSource.SAME_SUIT
    assert SKULL_KING.fixed_trump(3, 3, 4, chosen) == JOLLY_ROGER


# --- scores ----------------------------------------------------------------------------------

# | bid | tricks | cards | Skull King points | Rascal points |
POINTS = [
    (3, 3, 5, 60, 50),
    (1, 1, 1, 20, 10),
    (2, 4, 5, -20, 0),
    (2, 1, 5, -10, 25),
    (0, 0, 7, 70, 70),
    (0, 1, 9, -90, 45),
    (0, 3, 9, -90, 0),
    (10, 10, 10, 200, 100),
]


@pytest.mark.parametrize(("bid", "tricks", "cards", "points", "rascal"), POINTS)
def test_points(bid: int, tricks: int, cards: int, points: int, rascal: int) -> None:
    assert skull_king_points(bid, tricks, cards) == points
    assert rascal_points(bid, tricks, cards) == rascal


def test_the_cannonball_stakes_fifteen_a_card_on_an_exact_bid() -> None:
    assert rascal_points(2, 2, 6, cannonball=True) == 90
    assert rascal_points(2, 1, 6, cannonball=True) == 0
    played = round_of(6, (2, 4), (2, 3), cannonball=(True, False))
    assert SKULL_KING.score_round(RASCAL, played) == (90, 30)


@pytest.mark.parametrize(
    ("kind", "points"),
    [
        ("fourteen", 10),
        ("black_fourteen", 20),
        ("mermaid_by_pirate", 20),
        ("pirate_by_skull_king", 30),
        ("skull_king_by_mermaid", 40),
    ],
)
def test_each_bonus_with_a_bid_met(kind: str, points: int) -> None:
    played = round_of(3, (1, 2, 0), (1, 2, 0), bonuses=(Claim(0, kind),))
    assert SKULL_KING.score_round(SkullKingSettings(), played) == (20 + points, 40, 30)
    assert SKULL_KING.score_round(RASCAL, played) == (30 + points, 30, 30)


def test_a_missed_bid_loses_its_bonuses_unless_the_table_counts_them() -> None:
    played = round_of(
        3, (2, 1, 0), (1, 2, 0), bonuses=(Claim(0, "fourteen"), Claim(1, "black_fourteen"))
    )
    assert SKULL_KING.score_round(SkullKingSettings(), played) == (-10, -10, 30)
    anyway = SkullKingSettings(bonuses_when_missed=True)
    assert SKULL_KING.score_round(anyway, played) == (0, 10, 30)


def test_loot_scores_both_allies_when_both_meet_their_bids() -> None:
    loot = (Claim(0, "loot", ally=2),)
    met = round_of(3, (2, 1, 0), (2, 1, 0), bonuses=loot)
    assert SKULL_KING.score_round(ADVANCED, met) == (60, 20, 50)
    missed = round_of(3, (2, 1, 1), (2, 1, 0), bonuses=loot)
    assert SKULL_KING.score_round(ADVANCED, missed) == (40, 20, -10)


def test_harry_the_giant_changes_the_bid_scored() -> None:
    played = round_of(4, (1, 2, 1), (2, 1, 1), harry=Change(0, +1))
    assert SKULL_KING.score_round(ADVANCED, played) == (40, -10, 20)


def test_rascal_of_roatan_wins_or_loses_the_wager() -> None:
    won = round_of(4, (2, 1, 1), (2, 1, 1), roatan=Wager(0, 20))
    assert SKULL_KING.score_round(ADVANCED, won) == (60, 20, 20)
    lost = round_of(4, (1, 1, 2), (2, 1, 1), roatan=Wager(0, 10))
    assert SKULL_KING.score_round(ADVANCED, lost) == (-20, 20, -10)


def test_a_kraken_round_adds_up_to_one_trick_less() -> None:
    played = round_of(5, (2, 2, 0), (2, 2, 0), destroyed=1)
    SKULL_KING.check_round(3, ADVANCED, (0, 0, 0), played)
    assert SKULL_KING.score_round(ADVANCED, played) == (40, 40, 50)


def test_the_ghost_takes_what_two_players_did_not() -> None:
    played = round_of(5, (1, 2), (1, 2))
    SKULL_KING.check_round(2, SkullKingSettings(), (0, 0), played)
    assert SKULL_KING.score_round(SkullKingSettings(), played) == (20, 40)


# --- refusals --------------------------------------------------------------------------------

REFUSED = [
    (3, SkullKingSettings(), round_of(3, (1, 1), (1, 1)), "bids_count"),
    (3, SkullKingSettings(), round_of(3, (1, 1, None), (1, 1, 1)), "bids_all_in"),
    (3, SkullKingSettings(), round_of(3, (1, 1, 4), (1, 1, 1)), "bid_out_of_range"),
    (3, SkullKingSettings(), round_of(3, (1, 1, 1), (1, 2)), "tricks_count"),
    (3, SkullKingSettings(), round_of(3, (1, 1, 1), (4, 0, 0)), "tricks_out_of_range"),
    (3, SkullKingSettings(), round_of(3, (1, 1, 1), (1, 1, 0)), "tricks_sum"),
    (3, ADVANCED, round_of(3, (1, 1, 1), (1, 1, 0), destroyed=2), "tricks_sum_destroyed"),
    (3, ADVANCED, round_of(3, (1, 1, 1), (1, 0, 0), destroyed=3), "destroyed_out_of_range"),
    (3, ADVANCED, round_of(1, (1, 0, 0), (0, 0, 0), destroyed=2), "destroyed_out_of_range"),
    (2, SkullKingSettings(), round_of(3, (1, 1), (2, 2)), "tricks_sum_ghost"),
    (
        3,
        SkullKingSettings(),
        round_of(3, (1, 1, 1), (1, 1, 0), destroyed=1),
        "needs_advanced_cards",
    ),
    (
        3,
        SkullKingSettings(),
        round_of(3, (1, 1, 1), (1, 1, 1), cannonball=(True, False, False)),
        "cannonball_needs_rascal",
    ),
    (3, RASCAL, round_of(3, (1, 1, 1), (1, 1, 1), cannonball=(True,)), "cannonball_count"),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "kraken"),)),
        "bonus_unknown",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(3, "fourteen"),)),
        "no_such_seat",
    ),
    (
        3,
        SkullKingSettings(),
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "loot", 1),)),
        "needs_advanced_cards",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "loot"),)),
        "loot_needs_ally",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "loot", 0),)),
        "loot_ally_self",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "loot", 5),)),
        "no_such_seat",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "fourteen", 1),)),
        "ally_only_for_loot",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (0, 2, 1), (0, 2, 1), bonuses=(Claim(0, "fourteen"),)),
        "bonus_without_trick",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "black_fourteen"),) * 2),
        "bonus_too_many",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "fourteen"),) * 4),
        "bonus_too_many",
    ),
    (
        3,
        ADVANCED,
        round_of(3, (1, 1, 1), (1, 1, 1), bonuses=(Claim(0, "pirate_by_skull_king"),) * 3),
        "bonus_too_many",
    ),
    (
        3,
        ADVANCED,
        round_of(
            3,
            (1, 1, 1),
            (1, 1, 1),
            bonuses=(Claim(0, "pirate_by_skull_king"), Claim(1, "pirate_by_skull_king")),
        ),
        "skull_king_once",
    ),
    (
        3,
        ADVANCED,
        round_of(
            3,
            (1, 1, 1),
            (1, 1, 1),
            bonuses=(Claim(0, "pirate_by_skull_king"), Claim(1, "skull_king_by_mermaid")),
        ),
        "skull_king_once",
    ),
    (
        3,
        SkullKingSettings(),
        round_of(3, (1, 1, 1), (1, 1, 1), harry=Change(0, 1)),
        "needs_pirate_powers",
    ),
    (
        3,
        SkullKingSettings(),
        round_of(3, (1, 1, 1), (1, 1, 1), roatan=Wager(0, 10)),
        "needs_pirate_powers",
    ),
    (3, ADVANCED, round_of(3, (1, 1, 1), (1, 1, 1), harry=Change(4, 1)), "no_such_seat"),
    (3, ADVANCED, round_of(3, (1, 1, 1), (1, 1, 1), harry=Change(0, 2)), "harry_change"),
    (3, ADVANCED, round_of(3, (0, 2, 1), (1, 1, 1), harry=Change(0, -1)), "harry_change"),
    (3, ADVANCED, round_of(3, (1, 1, 1), (0, 2, 1), harry=Change(0, 1)), "harry_without_trick"),
    (3, ADVANCED, round_of(3, (1, 1, 1), (1, 1, 1), roatan=Wager(0, 15)), "roatan_wager"),
    (3, ADVANCED, round_of(3, (1, 1, 1), (0, 2, 1), roatan=Wager(0, 10)), "roatan_without_trick"),
]


@pytest.mark.parametrize(("players", "chosen", "played", "code"), REFUSED)
def test_refusals(
    players: int, chosen: SkullKingSettings, played: SkullKingRound, code: str
) -> None:
    assert refusal(players, chosen, played) == code


def test_every_refusal_of_a_round_is_said_at_once() -> None:
    """Issue 49's walk: a Skull King round's refusals came one per Confirm. Tricks that do not
    add up, two players with a bonus and no trick (one of them twice, said once) and Harry the
    Giant for a player without a trick: all of them, the tricks first."""
    played = round_of(
        4,
        (1, 1, 1, 1),
        (0, 0, 1, 2),
        bonuses=(Claim(0, "fourteen"), Claim(0, "mermaid_by_pirate"), Claim(1, "fourteen")),
        harry=Change(1, 1),
    )
    with pytest.raises(RuleError) as refused:
        SKULL_KING.check_round(4, ADVANCED, (0,) * 4, played)
    said = [refused.value.reason, *refused.value.more]
    assert [(reason.code, reason.params) for reason in said] == [
        ("tricks_sum", {"taken": 3, "num": 4}),
        ("bonus_without_trick", {"seat": 1}),
        ("bonus_without_trick", {"seat": 2}),
        ("harry_without_trick", {"seat": 2}),
    ]
    # One refusal alone has nothing more.
    with pytest.raises(RuleError) as alone:
        SKULL_KING.check_round(4, ADVANCED, (0,) * 4, round_of(4, (1, 1, 1, 1), (1, 1, 1, 0)))
    assert alone.value.more == ()


def test_a_refusal_names_its_setting_and_survives_a_pickle() -> None:
    with pytest.raises(RuleError) as refused:
        SKULL_KING.check_round(
            3, SkullKingSettings(), (0, 0, 0), round_of(3, (1, 1, 1), (1, 1, 0), destroyed=1)
        )
    assert refused.value.setting == "advanced_cards"
    copy = pickle.loads(pickle.dumps(refused.value.reason))
    assert copy == refused.value.reason and copy.code == "needs_advanced_cards"


def test_settings_from_their_plain_values() -> None:
    plain = {"schedule": "whirlpool", "scoring": "rascal", "pirate_powers": True}
    chosen = SKULL_KING.from_plain(plain)
    assert chosen == SkullKingSettings(Schedule.WHIRLPOOL, Scoring.RASCAL, pirate_powers=True)
    assert SKULL_KING.to_plain(chosen) == {
        "schedule": "whirlpool",
        "scoring": "rascal",
        "bonuses_when_missed": False,
        "advanced_cards": False,
        "pirate_powers": True,
    }
    for wrong, code in (
        ({"scoring": "wizard"}, "setting_not_option"),
        ({"hook": True}, "setting_unknown"),
        ({"pirate_powers": 1}, "setting_not_option"),
    ):
        with pytest.raises(RuleError) as refused:
            SKULL_KING.from_plain(wrong)
        assert refused.value.code == code


def test_a_whole_blitz_game_by_hand() -> None:
    """Five players, five rounds of five cards: bonuses of every kind, a Loot pair, a Kraken
    round, zero bids met and missed, and a bonus lost with its bid; totals by hand."""
    chosen = SkullKingSettings(schedule=Schedule.BLITZ, advanced_cards=True)
    assert SKULL_KING.schedule(5, chosen) == (5,) * 5
    rounds = [
        round_of(
            5,
            (2, 0, 1, 1, 1),
            (2, 0, 1, 1, 1),
            bonuses=(Claim(0, "fourteen"), Claim(2, "black_fourteen")),
        ),
        round_of(
            5,
            (1, 1, 0, 2, 0),
            (1, 1, 0, 2, 0),
            destroyed=1,  # the Kraken
            bonuses=(Claim(3, "mermaid_by_pirate"), Claim(1, "loot", ally=4)),
        ),
        round_of(
            5,
            (0, 2, 1, 1, 1),
            (1, 2, 1, 1, 0),
            bonuses=(Claim(1, "pirate_by_skull_king"),) * 2,
        ),
        round_of(5, (1, 1, 1, 1, 1), (1, 1, 1, 1, 1), bonuses=(Claim(0, "skull_king_by_mermaid"),)),
        round_of(5, (3, 0, 0, 1, 0), (2, 0, 0, 1, 2), bonuses=(Claim(0, "fourteen"),)),
    ]
    for played in rounds:
        SKULL_KING.check_round(5, chosen, (0,) * 5, played)
    assert SKULL_KING.scores(chosen, rounds) == (
        (50, 50, 40, 20, 20),  # 2 met + a 14; zero met: 10 x 5; 1 met + the black 14
        (20, 40, 50, 60, 70),  # Loot: seats 2 and 5 met, 20 each; a Mermaid by a Pirate
        (-50, 100, 20, 20, -10),  # zero missed: -10 x 5; two Pirates by the Skull King
        (60, 20, 20, 20, 20),  # the Skull King by a Mermaid
        (-10, 50, 50, 20, -50),  # a 14 with a missed bid counts nothing
    )
    assert SKULL_KING.totals(chosen, 5, rounds) == (70, 260, 180, 140, 50)
