"""Whole games of Skull King and Oh Hell through the JSON API, against scores counted by hand
here; every refusal of the new games is a 400 with a stable code, never a 500."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.plays import bearer, create, json_of, state
from tests.support.profiles import examples

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

FIVE = ["Ann", "Bob", "Cid", "Dee", "Eve"]


def bonus(seat: int, kind: str, ally: int | None = None) -> dict[str, Any]:
    return {"seat": seat, "kind": kind} | ({} if ally is None else {"with": ally})


# Skull King, 5 players, ten rounds of 1 to 10 cards, with the advanced cards (Loot, Kraken).
# Each round: bids, tricks, its extras, and the scores counted by hand (20 a trick for a bid
# met, -10 a trick off; a zero bid wins or loses 10 a card; bonuses only with a bid met).
SKULL_KING_ROUNDS: list[tuple[dict[str, Any], list[int]]] = [
    ({"bids": [0, 0, 0, 0, 1], "tricks": [0, 0, 0, 0, 1]}, [10, 10, 10, 10, 20]),
    # a fourteen: 20 + 10
    (
        {"bids": [1, 0, 1, 0, 0], "tricks": [1, 0, 1, 0, 0], "bonuses": [bonus(0, "fourteen")]},
        [30, 20, 20, 20, 20],
    ),
    # the Kraken: one trick of three nobody won
    ({"bids": [1, 1, 0, 0, 0], "tricks": [1, 1, 0, 0, 0], "destroyed": 1}, [20, 20, 30, 30, 30]),
    # a zero bid missed (Ann: -40), a bid of 2 missed by one (-10), the black fourteen (+20)
    (
        {
            "bids": [0, 2, 1, 1, 0],
            "tricks": [1, 1, 1, 1, 0],
            "bonuses": [bonus(2, "black_fourteen")],
        },
        [-40, -10, 40, 20, 40],
    ),
    # a Mermaid captured by a Pirate (+20), two Pirates by the Skull King (+60)
    (
        {
            "bids": [2, 1, 1, 1, 0],
            "tricks": [2, 1, 1, 1, 0],
            "bonuses": [
                bonus(0, "mermaid_by_pirate"),
                bonus(1, "pirate_by_skull_king"),
                bonus(1, "pirate_by_skull_king"),
            ],
        },
        [60, 80, 20, 20, 50],
    ),
    # the Skull King captured by a Mermaid (+40)
    (
        {
            "bids": [1, 1, 2, 1, 1],
            "tricks": [1, 1, 2, 1, 1],
            "bonuses": [bonus(2, "skull_king_by_mermaid")],
        },
        [20, 20, 80, 20, 20],
    ),
    # a Loot pair: Dee took the Loot Eve played, both met their bids: 20 each
    (
        {"bids": [2, 2, 1, 1, 1], "tricks": [2, 2, 1, 1, 1], "bonuses": [bonus(3, "loot", 4)]},
        [40, 40, 20, 40, 40],
    ),
    # a fourteen with a bid missed counts nothing
    (
        {"bids": [3, 2, 1, 1, 1], "tricks": [2, 3, 1, 1, 1], "bonuses": [bonus(0, "fourteen")]},
        [-10, -10, 20, 20, 20],
    ),
    ({"bids": [2, 2, 2, 2, 1], "tricks": [2, 2, 2, 2, 1]}, [40, 40, 40, 40, 20]),
    (
        {
            "bids": [3, 3, 2, 1, 1],
            "tricks": [3, 3, 2, 1, 1],
            "bonuses": [bonus(0, "fourteen"), bonus(1, "fourteen"), bonus(2, "fourteen")],
        },
        [70, 70, 50, 20, 20],
    ),
]
SKULL_KING_TOTALS = [240, 280, 330, 240, 280]


def skull_king(client: FlaskClient, **settings: object) -> tuple[str, str]:
    body = {"game": "skull_king", "players": FIVE, "first_dealer": 0, "variants": settings}
    return create(client, body)


def test_a_whole_game_of_skull_king(client: FlaskClient) -> None:
    game_id, token = skull_king(client, advanced_cards=True)
    created = state(client, game_id)
    assert created["game"] == "skull_king"
    assert created["schedule"] == list(range(1, 11))
    assert created["variants"]["scoring"] == "skull_king"
    assert created["current"]["trump"] == {"turned": "none", "suit": "spades"}
    totals = [0] * 5
    for number, (played, scores) in enumerate(SKULL_KING_ROUNDS, start=1):
        response = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert response.status_code == 201, response.json
        row = json_of(response)["rounds"][-1]
        assert row["number"] == number
        assert row["scores"] == scores, number
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert row["totals"] == totals
        for key in ("bonuses", "destroyed"):
            assert row.get(key) == played.get(key)
    assert totals == SKULL_KING_TOTALS
    finished = state(client, game_id)
    assert finished["finished"] and finished["totals"] == SKULL_KING_TOTALS
    assert finished["winners"] == [2]
    # The record exported is the record imported: the same game, the same totals.
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.status_code == 200
    again, _ = create(client, json_of(exported))
    assert state(client, again)["totals"] == SKULL_KING_TOTALS
    assert state(client, again)["rounds"] == finished["rounds"]


# Oh Hell, 4 players, down and up from 4 cards, the hook on, 1 a trick and 10 more for a bid
# met. Ann deals first; the dealer bids last and may not make the bids add up to the hand.
OH_HELL_ROUNDS: list[tuple[list[int], list[int], list[int]]] = [
    ([1, 1, 1, 2], [1, 1, 1, 1], [11, 11, 11, 1]),
    ([0, 1, 1, 0], [0, 1, 1, 1], [10, 11, 11, 1]),
    ([1, 0, 0, 0], [1, 0, 1, 0], [11, 10, 1, 10]),
    ([0, 0, 0, 0], [0, 0, 0, 1], [10, 10, 10, 1]),
    ([1, 1, 1, 0], [1, 1, 0, 0], [11, 11, 0, 10]),
    ([2, 0, 0, 0], [2, 0, 0, 1], [12, 10, 10, 1]),
    ([1, 1, 1, 0], [1, 1, 1, 1], [11, 11, 11, 1]),
]
OH_HELL_TOTALS = [76, 74, 54, 25]
HEARTS = {"turned": "suit", "suit": "hearts"}


def oh_hell(client: FlaskClient, **settings: object) -> tuple[str, str]:
    variants = {"schedule": "down_and_up", "max_hand": 4, "hook": True, **settings}
    body = {"game": "oh_hell", "players": FIVE[:4], "first_dealer": 0, "variants": variants}
    return create(client, body)


def test_a_whole_game_of_oh_hell(client: FlaskClient) -> None:
    game_id, token = oh_hell(client)
    assert state(client, game_id)["schedule"] == [4, 3, 2, 1, 2, 3, 4]
    for bids, tricks, scores in OH_HELL_ROUNDS:
        played = {"trump": HEARTS, "bids": bids, "tricks": tricks}
        response = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert response.status_code == 201, response.json
        assert json_of(response)["rounds"][-1]["scores"] == scores
    finished = state(client, game_id)
    assert finished["finished"] and finished["totals"] == OH_HELL_TOTALS
    assert finished["winners"] == [0]


def test_oh_hell_custom_scoring_and_adjustments(client: FlaskClient) -> None:
    game_id, token = oh_hell(
        client, scoring="custom", custom_bonus=5, custom_per_trick=2, custom_penalty=3
    )
    played = {
        "trump": HEARTS,
        "bids": [1, 1, 1, 2],
        "tricks": [1, 1, 1, 1],
        "adjustments": [{"seat": 3, "points": -5, "reason": "revoke"}],
    }
    response = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
    assert response.status_code == 201, response.json
    # met: 5 + 2 a trick; Dee one off: 2 kept - 3, and the adjustment -5
    assert json_of(response)["rounds"][0]["scores"] == [7, 7, 7, -6]


REFUSED_GAMES: list[tuple[dict[str, Any], str]] = [
    ({"game": "chess"}, "game_unknown"),
    ({"game": 7}, "record_not_text"),
    ({"game": "skull_king", "variants": {"scoring": "golf"}}, "setting_not_option"),
    ({"game": "skull_king", "variants": {"length": "quick"}}, "record_unknown_field"),
    (
        {"game": "oh_hell", "players": [*FIVE, "Fay"], "variants": {"max_hand": 10}},
        "max_hand_too_large",
    ),
    ({"game": "oh_hell", "variants": {"hook": "yes"}}, "setting_not_option"),
    ({"game": "oh_hell", "players": FIVE * 2}, "game_player_count"),
    ({"game": "skull_king", "players": ["Ann"]}, "game_player_count"),
    ({"game": "skull_king", "players": ["Ann", "ann"]}, "names_same"),
]


@pytest.mark.parametrize(("body", "code"), REFUSED_GAMES)
def test_a_game_refused_is_a_400_with_its_code(
    client: FlaskClient, body: dict[str, Any], code: str
) -> None:
    response = client.post("/api/games", json={"players": FIVE[:4], "first_dealer": 0, **body})
    assert response.status_code == 400
    assert json_of(response)["code"] == code


def test_a_refusal_names_the_game_in_the_readers_language(client: FlaskClient) -> None:
    body = {"game": "oh_hell", "players": FIVE * 2, "first_dealer": 0}
    response = client.post("/api/games", json=body, headers={"Accept-Language": "es"})
    assert json_of(response)["error"].startswith("Oh Hell (Podrida) ")
    english = client.post("/api/games", json=body)
    assert json_of(english)["error"] == "Oh Hell is played by 3 to 7 players, not 10."


REFUSED_ROUNDS: list[tuple[dict[str, Any], dict[str, Any], str]] = [
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [0, 1, 0, 0, 0], "bonuses": [bonus(0, "fourteen")]},
        "bonus_without_trick",
    ),
    ({}, {"bids": [1, 0, 0, 0, None], "tricks": [1, 0, 0, 0, 0]}, "bids_all_in"),
    (
        {},
        {"bids": [0, 0, 0, 0, 0], "tricks": [0, 0, 0, 0, 0], "destroyed": 1},
        "needs_advanced_cards",
    ),
    (
        {"advanced_cards": True},
        {"bids": [0] * 5, "tricks": [0] * 5, "destroyed": 2},
        "destroyed_out_of_range",
    ),
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "bonuses": [bonus(0, "joker")]},
        "bonus_unknown",
    ),
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "bonuses": [bonus(0, "loot", 1)]},
        "needs_advanced_cards",
    ),
    (
        {"advanced_cards": True},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "bonuses": [bonus(0, "loot")]},
        "loot_needs_ally",
    ),
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "bonuses": {"seat": 0}},
        "record_not_list",
    ),
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "harry": {"seat": 0, "by": 1}},
        "needs_pirate_powers",
    ),
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "cannonball": [True] * 5},
        "cannonball_needs_rascal",
    ),
    # The Bomb is a fact of Wizard's anniversary decks: in Skull King, a field of another game.
    (
        {},
        {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0], "bomb": True},
        "record_unknown_field",
    ),
    (
        {},
        {"trump": HEARTS, "bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]},
        "trump_does_not_fit",
    ),
]


@pytest.mark.parametrize(("settings", "played", "code"), REFUSED_ROUNDS)
def test_a_skull_king_round_refused_is_a_400_with_its_code(
    client: FlaskClient, settings: dict[str, Any], played: dict[str, Any], code: str
) -> None:
    game_id, token = skull_king(client, **settings)
    response = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
    assert response.status_code == 400
    assert json_of(response)["code"] == code
    assert state(client, game_id)["rounds"] == []


def test_the_hook_and_extras_elsewhere_are_refused(client: FlaskClient) -> None:
    game_id, token = oh_hell(client)
    hooked = {"trump": HEARTS, "bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 1]}
    response = client.post(f"/api/games/{game_id}/rounds", json=hooked, headers=bearer(token))
    assert json_of(response)["code"] == "bid_total_forbidden_hook"
    extra = {"trump": HEARTS, "bids": [1, 1, 1, 2], "tricks": [1, 1, 1, 1], "destroyed": 0}
    response = client.post(f"/api/games/{game_id}/rounds", json=extra, headers=bearer(token))
    assert json_of(response)["code"] == "record_unknown_field"
    wizard, token = create(client, {"players": FIVE[:3], "first_dealer": 0})
    played = {"trump": HEARTS, "bids": [1, 0, 0], "tricks": [1, 0, 0], "bonuses": []}
    response = client.post(f"/api/games/{wizard}/rounds", json=played, headers=bearer(token))
    assert json_of(response)["code"] == "record_unknown_field"


# --- hostile rounds: never a 500 -------------------------------------------------------------

KEYS = ["seat", "kind", "with", "by", "amount", "bids", "tricks", "destroyed", "bonuses"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["", "loot", "fourteen"]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(KEYS), inner),
    max_leaves=12,
)


@settings(max_examples=examples(60), derandomize=True, database=None, deadline=None)
@given(
    round_fields=st.dictionaries(
        st.sampled_from(
            [
                "bids",
                "tricks",
                "bonuses",
                "destroyed",
                "harry",
                "roatan",
                "cannonball",
                "trump",
                "bomb",
                "cloud",
            ]
        ),
        json_values,
    ),
    legal=st.booleans(),
)
def test_any_skull_king_round_is_stored_or_refused_with_a_code(
    fuzz_app: Flask, round_fields: dict[str, Any], legal: bool
) -> None:
    client = fuzz_app.test_client()
    game_id, token = skull_king(client, advanced_cards=True, pirate_powers=True, scoring="rascal")
    played = {"bids": [1, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0]} if legal else {}
    response = client.post(
        f"/api/games/{game_id}/rounds", json={**played, **round_fields}, headers=bearer(token)
    )
    assert response.status_code in (201, 400), response.json
    if response.status_code == 400:
        assert json_of(response)["code"]
