"""The API's contract for the anniversary decks: variants.deck, bomb, cloud, special trumps, and
every refusal by its code."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.plays import bearer, create, json_of, state

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

PLAYERS = ["Tom", "Dick", "Mary", "Ana"]


def anniversary(client: FlaskClient, deck: str = "anniversary_25") -> tuple[str, str]:
    return create(client, {"players": PLAYERS, "first_dealer": 0, "variants": {"deck": deck}})


def post_round(client: FlaskClient, game: tuple[str, str], body: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{game[0]}/rounds", json=body, headers=bearer(game[1]))


ROUND_1 = {
    "trump": {"turned": "suit", "suit": "hearts"},
    "bids": [0, 0, 0, 1],
    "tricks": [0, 0, 0, 1],
}


def test_the_deck_is_a_variant_of_the_state(client: FlaskClient) -> None:
    game = anniversary(client)
    assert state(client, game[0])["variants"]["deck"] == "anniversary_25"
    classic = create(client, {"players": PLAYERS, "first_dealer": 0})
    assert state(client, classic[0])["variants"]["deck"] == "classic"


def test_a_bomb_round_and_a_cloud_round_with_their_scores(client: FlaskClient) -> None:
    game = anniversary(client)
    # Round 1 (1 card): the Bomb took the only trick; everyone bid 0 and made it.
    # (The Fairy turned up: a Bomb turned up is in nobody's hand, so it cannot be played.)
    bombed = {"trump": {"turned": "fairy", "suit": None}, "bids": [0] * 4, "tricks": [0] * 4}
    answer = post_round(client, game, {**bombed, "bomb": True})
    assert answer.status_code == 201, answer.json
    first = json_of(answer)["rounds"][0]
    assert first["bomb"] is True and "cloud" not in first
    assert first["scores"] == [20, 20, 20, 20]
    # Round 2 (2 cards): Dick bid 0, took the Cloud's trick and one more: one up, to 1... he
    # took 1 in all, so he made the changed bid: 20 + 10 = 30.
    clouded = {
        "trump": {"turned": "werewolf", "suit": "clubs"},
        "bids": [1, 0, 1, 0],
        "tricks": [1, 1, 0, 0],
        "cloud": {"seat": 1, "bid": 1},
    }
    answer = post_round(client, game, clouded)
    assert answer.status_code == 201, answer.json
    second = json_of(answer)["rounds"][1]
    assert second["cloud"] == {"seat": 1, "bid": 1}
    assert second["bids"] == [1, 0, 1, 0]
    assert second["trump"] == {"turned": "werewolf", "suit": "clubs"}
    assert second["scores"] == [30, 30, -10, 20]
    assert json_of(answer)["totals"] == [50, 50, 10, 40]
    # The record exported carries the same facts, and imports as the same game.
    record = client.get(f"/games/{game[0]}/export.json").json
    assert record is not None
    assert record["rounds"][0]["bomb"] is True
    assert record["rounds"][1]["cloud"] == {"seat": 1, "bid": 1}
    again = create(client, record)
    assert state(client, again[0])["rounds"] == state(client, game[0])["rounds"]


def test_a_werewolf_names_no_trump(client: FlaskClient) -> None:
    game = anniversary(client, "anniversary_20")
    body = {**ROUND_1, "trump": {"turned": "werewolf", "suit": None}}
    answer = post_round(client, game, body)
    assert answer.status_code == 201
    assert json_of(answer)["rounds"][0]["trump"] == {"turned": "werewolf", "suit": None}


REFUSALS = [
    # (deck, round body changes, code)
    ("classic", {"bomb": True, "tricks": [0, 0, 0, 0]}, "card_not_in_deck"),
    ("classic", {"cloud": {"seat": 3, "bid": 0}}, "card_not_in_deck"),
    ("anniversary_20", {"trump": {"turned": "shapeshifter", "suit": None}}, "record_not_option"),
    ("anniversary_20", {"trump": {"turned": "dragon", "suit": None}}, "trump_special_needs_suit"),
    (
        "anniversary_20",
        {"trump": {"turned": "fairy", "suit": "clubs"}},
        "trump_special_has_no_suit",
    ),
    ("anniversary_20", {"bomb": True}, "tricks_out_of_range"),  # 1 card, 0 tricks to take
    ("anniversary_20", {"cloud": {"seat": 3, "bid": 3}}, "cloud_not_one_away"),
    ("anniversary_20", {"cloud": {"seat": 0, "bid": -1}}, "cloud_below_zero"),
    ("anniversary_20", {"cloud": {"seat": 9, "bid": 1}}, "no_such_seat"),
    ("anniversary_20", {"cloud": {"seat": 0}}, "record_missing_field"),
    ("anniversary_20", {"cloud": {"seat": 0, "bid": 1, "x": 1}}, "record_unknown_field"),
    ("anniversary_20", {"bomb": 1}, "record_not_flag"),
]


@pytest.mark.parametrize(("deck", "changes", "expected"), REFUSALS)
def test_every_refusal_has_its_code(
    client: FlaskClient, deck: str, changes: dict[str, Any], expected: str
) -> None:
    game = anniversary(client, deck)
    answer = post_round(client, game, {**ROUND_1, **changes})
    assert answer.status_code == 400
    assert json_of(answer)["code"] == expected
    assert state(client, game[0])["rounds"] == []


def test_a_saboteurs_cloud_is_refused(client: FlaskClient) -> None:
    game = create(
        client,
        {"players": PLAYERS, "first_dealer": 0,
         "variants": {"deck": "anniversary_20", "saboteur": True}},
    )  # fmt: skip
    body = {**ROUND_1, "bids": [None, 0, 0, 1], "cloud": {"seat": 0, "bid": 1}}
    answer = post_round(client, game, body)
    assert json_of(answer)["code"] == "cloud_no_bid"


def test_seven_players_are_refused_an_anniversary_deck(client: FlaskClient) -> None:
    names = [*PLAYERS, "Zoë", "Ivo", "Eve"]
    answer = client.post(
        "/api/games",
        json={"players": names, "first_dealer": 0, "variants": {"deck": "anniversary_25"}},
    )
    assert answer.status_code == 400
    assert json_of(answer)["code"] == "deck_players"


def test_bombed_tricks_that_add_up_to_the_hand_are_refused(client: FlaskClient) -> None:
    game = anniversary(client)
    assert post_round(client, game, ROUND_1).status_code == 201
    body = {"trump": {"turned": "jester", "suit": None}, "bids": [1, 0, 1, 0], "bomb": True}
    answer = post_round(client, game, {**body, "tricks": [1, 0, 1, 0]})
    assert json_of(answer)["code"] == "tricks_sum_bomb"
    assert "the Bomb took one trick" in json_of(answer)["error"]
    assert post_round(client, game, {**body, "tricks": [1, 0, 0, 0]}).status_code == 201
