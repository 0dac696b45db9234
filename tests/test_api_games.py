"""The API creates games from a game record and shows their state."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Suit, Turned
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, bearer, create, json_of, state

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines


def test_creating_a_game_answers_201_with_the_state_and_an_edit_token(client: FlaskClient) -> None:
    response = client.post("/api/games", json=EXAMPLE_GAME)
    assert response.status_code == 201
    body = json_of(response)
    assert body["edit_token"]
    assert response.headers["Location"] == f"/api/games/{body['id']}"
    assert body["players"] == ["Tom", "Dick", "Mary"]
    assert body["rounds"] == []
    assert body["schedule"] == list(range(1, 21))
    assert body["totals"] == [0, 0, 0]
    assert body["current"] == {
        "number": 1,
        "hand_size": 1,
        "dealer": 0,
        "trump": None,
        "bids": [None, None, None],
    }


def test_the_state_never_shows_the_edit_token(client: FlaskClient) -> None:
    game_id, _token = create(client, EXAMPLE_GAME)
    assert "edit_token" not in state(client, game_id)


def test_the_worked_example_through_the_api_gives_tom_10_dick_10_mary_20(
    client: FlaskClient,
) -> None:
    game_id, token = create(client, EXAMPLE_GAME)
    for played in EXAMPLE_ROUNDS:
        response = client.post(f"/api/games/{game_id}/rounds", json=played, headers=bearer(token))
        assert response.status_code == 201
    shown = state(client, game_id)
    assert [row["scores"] for row in shown["rounds"]] == [[20, -10, 30], [-10, 20, -10]]
    assert [row["totals"] for row in shown["rounds"]] == [[20, -10, 30], [10, 10, 20]]
    assert shown["totals"] == [10, 10, 20]


def test_a_game_created_with_rounds_has_them_all_checked_and_stored(client: FlaskClient) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    shown = state(client, game_id)
    assert shown["totals"] == [10, 10, 20]
    assert [(row["number"], row["hand_size"], row["dealer"]) for row in shown["rounds"]] == [
        (1, 1, 0),
        (2, 2, 1),
    ]


def test_a_finished_game_names_its_winners(client: FlaskClient) -> None:
    players = ["Ana", "Bo", "Cy"]
    rounds = [
        {"trump": {"turned": "jester"}, "bids": [0] * 3, "tricks": [hand, 0, 0]}
        for hand in range(1, 6)
    ]
    body = {"players": players, "first_dealer": 0, "variants": {"length": "five_rounds"}}
    game_id, _token = create(client, {**body, "rounds": rounds})
    shown = state(client, game_id)
    assert shown["finished"] is True
    assert shown["winners"] == [1, 2]
    assert shown["current"] is None


def test_maximus_fills_in_the_fixed_trump_suit(client: FlaskClient) -> None:
    body = {"players": ["A", "B", "C"], "first_dealer": 1, "variants": {"length": "maximus"}}
    played = {"bids": [20, 0, 0], "tricks": [20, 0, 0]}
    game_id, _token = create(client, {**body, "rounds": [played]})
    shown = state(client, game_id)
    assert shown["rounds"][0]["trump"] == {"turned": "none", "suit": "clubs"}
    assert shown["current"]["trump"] == {"turned": "none", "suit": "diamonds"}


def _start_round(app: Flask, game_id: str, bids: list[tuple[int, int]]) -> None:
    """Enter a trump and some bids at the table, as the phone pages do."""
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        record = game.set_trump(stored.record, Turned.SUIT, Suit.HEARTS)
        for seat, bid in bids:
            record = game.place_bid(record, seat, bid)
        storage.save(storage.get_db(), stored, record)


@pytest.mark.parametrize(
    ("visibility", "bids", "shown_bids"),
    [
        ("open", [(1, 1)], [None, 1, None]),
        ("hidden", [(1, 1)], [None, None, None]),
        ("hidden", [(1, 1), (2, 0), (0, 1)], [1, 1, 0]),
        ("delayed", [(1, 1), (2, 0), (0, 1)], [None, None, None]),
    ],
)
def test_the_round_in_progress_shows_only_the_bids_that_may_be_seen(
    app: Flask, client: FlaskClient, visibility: str, bids: Any, shown_bids: list[int | None]
) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "variants": {"bid_visibility": visibility}})
    _start_round(app, game_id, bids)
    current = state(client, game_id)["current"]
    assert current["trump"] == {"turned": "suit", "suit": "hearts"}
    assert current["bids"] == shown_bids


def test_an_unknown_game_is_404_in_json(client: FlaskClient) -> None:
    response = client.get("/api/games/no-such-game")
    assert response.status_code == 404
    assert "no game with this id" in json_of(response)["error"]


def test_the_round_in_progress_shows_its_trump_and_bids(app: Flask, client: FlaskClient) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        record = game.set_trump(stored.record, Turned.WIZARD, Suit.DIAMONDS)
        for seat in (0, 1, 2):
            record = game.place_bid(record, seat, 1)
        storage.save(storage.get_db(), stored, record)
    current = state(client, game_id)["current"]
    assert current["trump"] == {"turned": "wizard", "suit": "diamonds"}
    assert current["bids"] == [1, 1, 1]
    assert "tricks_counted" not in current  # tricks are entered whole, never counted in play


def test_the_api_needs_no_csrf_token(csrf_app: Flask) -> None:
    assert csrf_app.config["WTF_CSRF_ENABLED"] is not False
    client = csrf_app.test_client()
    game_id, token = create(client, EXAMPLE_GAME)
    url = f"/api/games/{game_id}/rounds"
    assert client.post(url, json=EXAMPLE_ROUNDS[0], headers=bearer(token)).status_code == 201
