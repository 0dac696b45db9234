"""The API adds, corrects and takes back rounds through the rules engine."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Suit, Turned
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, bearer, create, json_of, state

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

ROUND_3 = {"trump": {"turned": "wizard", "suit": "clubs"}, "bids": [1, 1, 1], "tricks": [1, 1, 1]}


def test_adding_a_round_answers_201_with_the_new_state(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    response = client.post(f"/api/games/{game_id}/rounds", json=ROUND_3, headers=bearer(token))
    assert response.status_code == 201
    assert json_of(response)["rounds"][2]["scores"] == [30, 30, 30]
    assert json_of(response)["totals"] == [40, 40, 50]
    assert response.json == state(client, game_id)


def test_a_round_replaces_the_round_in_progress_at_the_table(
    app: Flask, client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        storage.save(
            storage.get_db(), stored, game.set_trump(stored.record, Turned.SUIT, Suit.SPADES)
        )
    assert state(client, game_id)["current"]["trump"] == {"turned": "suit", "suit": "spades"}
    response = client.post(f"/api/games/{game_id}/rounds", json=ROUND_3, headers=bearer(token))
    assert response.status_code == 201
    assert json_of(response)["rounds"][2]["trump"] == {"turned": "wizard", "suit": "clubs"}
    assert json_of(response)["current"]["number"] == 4
    assert json_of(response)["current"]["trump"] is None


def test_correcting_a_round_makes_the_totals_follow(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    corrected = {**EXAMPLE_ROUNDS[0], "tricks": [0, 1, 0]}
    response = client.put(f"/api/games/{game_id}/rounds/1", json=corrected, headers=bearer(token))
    assert response.status_code == 200
    assert json_of(response)["rounds"][0]["scores"] == [20, 30, -10]
    assert json_of(response)["totals"] == [10, 50, -20]
    assert response.json == state(client, game_id)


def test_deleting_the_last_round_undoes_it(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    response = client.delete(f"/api/games/{game_id}/rounds/2", headers=bearer(token))
    assert response.status_code == 200
    assert len(json_of(response)["rounds"]) == 1
    assert json_of(response)["totals"] == [20, -10, 30]
    assert json_of(response)["current"]["number"] == 2
    assert response.json == state(client, game_id)


def test_a_correction_that_breaks_a_later_canadian_bid_flags_that_round(
    client: FlaskClient,
) -> None:
    # Round 2 (dealer Dick, hand 2): Dick was not alone in the lead, so his bid made the total 2.
    body = {**EXAMPLE_GAME, "variants": {"bid_restriction": "canadian"}}
    rounds = [
        {"trump": {"turned": "jester"}, "bids": [0, 0, 1], "tricks": [0, 1, 0]},
        {"trump": {"turned": "jester"}, "bids": [1, 1, 0], "tricks": [1, 1, 0]},
    ]
    game_id, token = create(client, {**body, "rounds": rounds})
    # Corrected round 1: Dick alone in the lead before round 2 after all.
    corrected = {"trump": {"turned": "jester"}, "bids": [1, 0, 0], "tricks": [0, 0, 1]}
    response = client.put(f"/api/games/{game_id}/rounds/1", json=corrected, headers=bearer(token))
    assert response.status_code == 200
    assert json_of(response)["rounds"][0]["flags"] == []
    assert "Canadian rule" in json_of(response)["rounds"][1]["flags"][0]
