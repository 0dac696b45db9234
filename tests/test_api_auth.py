"""Anyone may create and read a game; changing one needs its edit token as a Bearer token."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from tests.plays import EXAMPLE_GAME, bearer, create, json_of, state

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

ROUND_3 = {"trump": {"turned": "suit", "suit": "spades"}, "bids": [1, 1, 0], "tricks": [1, 1, 1]}
CHANGES = [("post", "/rounds"), ("put", "/rounds/2"), ("delete", "/rounds/2")]


def test_creating_and_reading_need_no_token(client: FlaskClient) -> None:
    game_id, _token = create(client, EXAMPLE_GAME)
    assert state(client, game_id)["id"] == game_id


@pytest.mark.parametrize(("method", "path"), CHANGES)
@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer"}, {"Authorization": "Bearer "}, {"Authorization": "Basic x"}],
)
def test_a_change_without_a_token_is_401(
    client: FlaskClient,
    example: tuple[str, str],
    method: str,
    path: str,
    headers: dict[str, str],
) -> None:
    game_id, _token = example
    before = state(client, game_id)
    url = f"/api/games/{game_id}{path}"
    response = client.open(url, method=method, json=ROUND_3, headers=headers)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Bearer"
    assert "needs its edit token" in json_of(response)["error"]
    assert state(client, game_id) == before


@pytest.mark.parametrize(("method", "path"), CHANGES)
def test_a_change_with_a_wrong_token_is_403(
    client: FlaskClient, example: tuple[str, str], method: str, path: str
) -> None:
    game_id, token = example
    before = state(client, game_id)
    url = f"/api/games/{game_id}{path}"
    response = client.open(url, method=method, json=ROUND_3, headers=bearer(token + "x"))
    assert response.status_code == 403
    assert "does not fit this game" in json_of(response)["error"]
    assert state(client, game_id) == before


def test_the_token_of_another_game_is_403(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, _token = example
    _other, other_token = create(client, EXAMPLE_GAME)
    url = f"/api/games/{game_id}/rounds"
    response = client.post(url, json=ROUND_3, headers=bearer(other_token))
    assert response.status_code == 403


def test_a_renewed_token_locks_out_the_old_one(
    app: Flask, client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        new_token = storage.renew_token(storage.get_db(), stored, "edit").edit_token
    url = f"/api/games/{game_id}/rounds"
    assert client.post(url, json=ROUND_3, headers=bearer(token)).status_code == 403
    assert client.post(url, json=ROUND_3, headers=bearer(new_token)).status_code == 201


def test_the_token_is_checked_before_the_body(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, _token = example
    response = client.post(f"/api/games/{game_id}/rounds", data="not json")
    assert response.status_code == 401
