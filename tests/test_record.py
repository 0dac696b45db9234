"""Reading and writing the game record (pure: no app, no database)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorekeeper.core import game, sheet
from scorekeeper.core.family.wizard import read_variants
from scorekeeper.core.record import (
    FORMAT,
    RecordError,
    append_round,
    parse_game,
    record_text,
    to_record,
)
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    Suit,
    Trump,
    Turned,
    Variants,
)
from scorekeeper.core.state import to_state
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, playable_tables, played_game

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines


def example(**changes: Any) -> dict[str, Any]:
    """The worked example of RULES.md as a record, with some fields changed."""
    record = copy.deepcopy({**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    record.update(changes)
    return record


def test_a_minimal_record_is_a_standard_game() -> None:
    record = parse_game({"players": ["Tom", "Dick", "Mary"], "first_dealer": 2})
    assert record == game.new_game(("Tom", "Dick", "Mary"), 2, Variants())


def test_the_worked_example_replays_to_its_totals() -> None:
    record = parse_game(example())
    assert sheet.build(record).totals == (10, 10, 20)


def test_names_are_trimmed_like_the_new_game_form_does() -> None:
    record = parse_game(example(players=[" Tom", "Dick ", "C" * 32 + "  "]))
    assert record.players == ("Tom", "Dick", "C" * 32)


def test_every_variant_field_is_read() -> None:
    variants = read_variants(
        {
            "length": "quick",
            "bid_restriction": "canadian",
            "bid_visibility": "open",
            "saboteur": False,
            "jester_bid": True,
            "foresight": True,
            "gizzard_fester": True,
            "pull_one": True,
        }
    )
    assert variants == Variants(
        Length.QUICK, BidRestriction.CANADIAN, BidVisibility.OPEN, False, True, True, True, True
    )


# --- what the rules fix may be left out ------------------------------------------------------


def test_maximus_trump_may_be_left_out_or_given_without_suit() -> None:
    base = {"players": ["A", "B", "C"], "first_dealer": 0, "variants": {"length": "maximus"}}
    tricks = {"bids": [0, 0, 20], "tricks": [0, 0, 20]}
    rounds = [tricks, {**tricks, "trump": {"turned": "none", "suit": None}}]
    record = parse_game({**base, "rounds": rounds})
    assert [played.trump for played in record.rounds] == [
        Trump(Turned.NONE, Suit.CLUBS),
        Trump(Turned.NONE, Suit.DIAMONDS),
    ]


def test_a_round_that_deals_every_card_needs_no_trump() -> None:
    record = played_game(6, Variants(length=Length.QUICK), rounds=4)
    record = append_round(record, {"bids": [0] * 6, "tricks": [10, 0, 0, 0, 0, 0]})
    assert record.rounds[-1].trump == Trump(Turned.NONE, None)


def test_jester_bid_rounds_may_leave_out_the_bids() -> None:
    record = parse_game(
        example(
            variants={"jester_bid": True},
            rounds=[{"trump": {"turned": "jester"}, "tricks": [1, 0, 0]}],
        )
    )
    assert record.rounds[0] == game.RoundRecord(Trump(Turned.JESTER, None), (0, 0, 0), (1, 0, 0))


def test_a_saboteur_dealer_bids_null() -> None:
    played = {"trump": {"turned": "jester"}, "bids": [None, 0, 1], "tricks": [0, 0, 1]}
    record = parse_game(example(variants={"saboteur": True}, rounds=[played]))
    assert sheet.build(record).totals == (20, 20, 30)


# --- refusals --------------------------------------------------------------------------------

ROUND = EXAMPLE_ROUNDS[0]
REFUSALS = [
    ("not an object", [], "The game record must be a JSON object"),
    ("missing players", {"first_dealer": 0}, 'missing the field "players"'),
    ("missing first dealer", {"players": ["A", "B", "C"]}, 'missing the field "first_dealer"'),
    ("unknown field", example(colour="red"), 'does not know: "colour"'),
    ("wrong format", example(format="wizard/2"), '"format" must be "wizard-scorekeeper/1"'),
    ("players not a list", example(players="Tom"), '"players" must be a list'),
    ("two players", example(players=["A", "B"]), "3 to 8 players, not 2"),
    ("empty name", example(players=["A", " ", "C"]), "Player 2 needs a name"),
    ("name not text", example(players=["A", 7, "C"]), "Player 2 needs a name"),
    ("long name", example(players=["A", "B", "C" * 33]), "longer than 32 characters"),
    ("same names", example(players=["Tom", "Dick", " tom"]), "Players 1 and 3 have the same name"),
    ("dealer text", example(first_dealer="0"), '"first_dealer" must be a whole number, not text'),
    ("dealer bool", example(first_dealer=True), "must be a whole number, not true or false"),
    ("dealer float", example(first_dealer=1.0), "not a decimal number"),
    ("dealer off table", example(first_dealer=3), "The first dealer must be one of the players"),
    ("huge dealer", example(first_dealer=10**40), "The first dealer must be one of the players"),
    ("variants list", example(variants=[]), '"variants" must be a JSON object'),
    ("unknown length", example(variants={"length": "long"}), "must be one of standard, five_"),
    ("length number", example(variants={"length": 5}), "not a number"),
    ("unknown variant", example(variants={"bid_visiblity": "hidden"}), '"bid_visiblity"'),
    ("flag not bool", example(variants={"saboteur": "yes"}), "must be true or false, not text"),
    ("flag number", example(variants={"pull_one": 1}), "must be true or false, not a number"),
    (
        "variants that clash",
        example(variants={"bid_restriction": "canadian", "bid_visibility": "hidden"}),
        "cannot be combined with hidden or delayed bids",
    ),
    ("rounds not a list", example(rounds={}), '"rounds" must be a list'),
    ("round not an object", example(rounds=[1]), "Round 1: A round must be a JSON object"),
    ("missing tricks", example(rounds=[{"bids": [0, 1, 1]}]), 'missing the field "tricks"'),
    (
        "missing bids",
        example(rounds=[{"trump": ROUND["trump"], "tricks": [0, 0, 1]}]),
        'Round 1: "bids" is missing',
    ),
    ("missing trump", example(rounds=[{**ROUND, "trump": None}]), '"trump" is missing'),
    ("unknown round field", example(rounds=[{**ROUND, "score": 1}]), '"score"'),
    (
        "unknown card",
        example(rounds=[{**ROUND, "trump": {"turned": "joker"}}]),
        '"trump.turned" must be one of suit, jester, wizard, none, not "joker"',
    ),
    (
        "unknown suit",
        example(rounds=[{**ROUND, "trump": {"turned": "suit", "suit": "stars"}}]),
        '"trump.suit" must be one of clubs, diamonds, hearts, spades',
    ),
    (
        "wizard without suit",
        example(rounds=[{**ROUND, "trump": {"turned": "wizard"}}]),
        "Round 1: A Wizard turned up: the dealer picks a suit as trump.",
    ),
    ("bid text", example(rounds=[{**ROUND, "bids": [0, "1", 1]}]), "Dick's bid must be a whole"),
    ("bid bool", example(rounds=[{**ROUND, "bids": [0, True, 1]}]), "not true or false"),
    ("bid missing", example(rounds=[{**ROUND, "bids": [0, None, 1]}]), "Every player except"),
    ("too few bids", example(rounds=[{**ROUND, "bids": [0, 1]}]), "a list of 3 numbers"),
    ("tricks null", example(rounds=[{**ROUND, "tricks": [0, None, 1]}]), "Dick's tricks must be"),
    ("huge bid", example(rounds=[{**ROUND, "bids": [0, 10**40, 1]}]), "from 0 to 1 in this"),
    ("negative bid", example(rounds=[{**ROUND, "bids": [0, -1, 1]}]), "from 0 to 1 in this"),
    ("tricks do not add up", example(rounds=[{**ROUND, "tricks": [1, 0, 1]}]), "add up to 2"),
    ("huge tricks", example(rounds=[{**ROUND, "tricks": [10**40, 0, 1]}]), "from 0 to 1 tricks"),
    (
        "bid the variant forbids",
        example(
            variants={"bid_restriction": "plus_minus_one"},
            rounds=[{**ROUND, "bids": [0, 0, 1]}],
        ),
        "Round 1: Bids would add up to 1",
    ),
    (
        "a round past the end",
        example(variants={"length": "five_rounds"}),
        '"rounds" holds more rounds than this game has: it has 5',
    ),
]


@pytest.mark.parametrize(
    ("data", "message"), [case[1:] for case in REFUSALS], ids=[c[0] for c in REFUSALS]
)
def test_a_record_the_rules_or_the_format_refuse_says_why(data: Any, message: str) -> None:
    if "it has 5" in message:
        record = played_game(3, Variants(length=Length.FIVE_ROUNDS), rounds=5)
        data = {**data, "rounds": [*to_record(sheet.build(record))["rounds"], ROUND]}
    with pytest.raises(RecordError) as refused:
        parse_game(data)
    assert message in str(refused.value)


def test_a_message_never_echoes_a_huge_value() -> None:
    with pytest.raises(RecordError) as refused:
        parse_game(example(variants={"length": "x" * 10_000}))
    assert len(str(refused.value)) < 200


# --- writing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "variants"), list(playable_tables()))
def test_every_playable_table_reads_back_what_it_writes(players: int, variants: Variants) -> None:
    record = played_game(players, variants, rounds=5, seed=players)
    written = to_record(sheet.build(record))
    assert written["format"] == FORMAT
    assert parse_game(json.loads(record_text(written))) == record


def test_the_state_adds_what_the_sheet_derives() -> None:
    state = to_state(sheet.build(parse_game(example())), "abc")
    assert state["id"] == "abc"
    assert state["totals"] == [10, 10, 20]
    assert state["rounds"][1] == {
        "number": 2,
        "hand_size": 2,
        "dealer": 1,
        "trump": {"turned": "jester", "suit": None},
        "bids": [2, 0, 0],
        "tricks": [1, 0, 1],
        "scores": [-10, 20, -10],
        "adjustments": [],
        "totals": [10, 10, 20],
        "flags": [],
    }
    assert state["current"]["number"] == 3
    assert state["winners"] == []
