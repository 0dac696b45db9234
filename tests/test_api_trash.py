"""Issue 47, the API's trash: DELETE moves a game to the trash (410 ``in_trash`` with its
``until`` from then on), restore brings it back exactly as it was, at the same version."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from random import Random

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests.plays import (
    EXAMPLE_GAME,
    EXAMPLE_ROUNDS,
    bearer,
    create,
    game_ids,
    json_of,
    legal_round,
    round_json,
    without_history,
)
from tests.test_evenings_api import evening, sitting

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines


@pytest.fixture
def example(client: FlaskClient) -> tuple[str, str]:
    """The worked example of RULES.md with its rounds played: its id and edit token."""
    return create(client, {**EXAMPLE_GAME, "rounds": list(EXAMPLE_ROUNDS)})


def outputs(client: FlaskClient, game_id: str) -> list[bytes]:
    """Everything the game reads as: its state, its record and its CSV."""
    paths = ("/api/games/{}", "/games/{}/export.json", "/games/{}/export.csv", "/games/{}/sheet")
    answers = [client.get(path.format(game_id)) for path in paths]
    assert [answer.status_code for answer in answers] == [200] * 4
    found = [answer.get_data() for answer in answers]
    found[1] = without_history(found[1])  # its history grows with every change, a restore too
    return found


def trash(client: FlaskClient, game_id: str, token: str, version: str = '"1"') -> dict[str, str]:
    answer = client.delete(f"/api/games/{game_id}", headers={**bearer(token), "If-Match": version})
    assert answer.status_code == 200, answer.json
    body: dict[str, str] = json_of(answer)
    return body


def test_a_deleted_game_answers_410_in_trash_until_its_day(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    moved = trash(client, game_id, token)
    assert moved["in_trash"] and moved["id"] == game_id
    until = datetime.fromisoformat(moved["until"])
    assert timedelta(days=29.9) < until - datetime.now(UTC) <= timedelta(days=30)
    got = client.get(f"/api/games/{game_id}")
    assert got.status_code == 410
    assert json_of(got)["code"] == "in_trash" and json_of(got)["until"] == moved["until"]
    added = client.post(f"/api/games/{game_id}/rounds", json={}, headers=bearer(token))
    assert added.status_code == 410
    assert client.get(f"/games/{game_id}/version").status_code == 404  # watchers: deleted


def test_restore_brings_the_game_back_exactly_as_it_was(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    before = outputs(client, game_id)
    trash(client, game_id, token)
    restored = client.post(f"/api/games/{game_id}/restore", json={}, headers=bearer(token))
    assert restored.status_code == 200
    assert restored.headers["ETag"] == '"1"'  # the same version: an If-Match held still fits
    assert outputs(client, game_id) == before


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        ({}, 401, "edit_token_missing"),
        (bearer("not-the-token"), 403, "edit_token_wrong"),
        ({"If-Match": '"7"'}, 412, "version_mismatch"),
    ],
)
def test_a_delete_is_refused_without_the_token_or_from_an_old_version(
    client: FlaskClient,
    example: tuple[str, str],
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    game_id, token = example
    sent = headers if "If-Match" not in headers else {**bearer(token), **headers}
    answer = client.delete(f"/api/games/{game_id}", headers=sent)
    assert (answer.status_code, json_of(answer)["code"]) == (status, code)
    assert client.get(f"/api/games/{game_id}").status_code == 200


def test_restore_refusals(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    path = f"/api/games/{game_id}/restore"
    not_in_trash = client.post(path, json={}, headers=bearer(token))
    assert (not_in_trash.status_code, json_of(not_in_trash)["code"]) == (409, "not_in_trash")
    unknown = client.post("/api/games/nope/restore", json={}, headers=bearer(token))
    assert (unknown.status_code, json_of(unknown)["code"]) == (404, "game_not_found")
    trash(client, game_id, token)
    viewer = client.post(path, json={})
    assert (viewer.status_code, json_of(viewer)["code"]) == (401, "edit_token_missing")
    wrong = client.post(path, json={}, headers=bearer("not-the-token"))
    assert (wrong.status_code, json_of(wrong)["code"]) == (403, "edit_token_wrong")
    again = client.delete(f"/api/games/{game_id}", headers=bearer(token))
    assert (again.status_code, json_of(again)["code"]) == (410, "in_trash")


def test_a_game_past_its_days_is_said_deleted_for_good(app: Flask, client: FlaskClient) -> None:
    app.config["TRASH_DAYS"] = 0
    game_id, token = create(client, EXAMPLE_GAME)
    moved = trash(client, game_id, token)
    got = client.get(f"/api/games/{game_id}")
    assert (got.status_code, json_of(got)["code"]) == (410, "deleted_for_good")
    assert json_of(got)["gone"] == moved["until"]
    restored = client.post(f"/api/games/{game_id}/restore", json={}, headers=bearer(token))
    assert (restored.status_code, json_of(restored)["code"]) == (410, "deleted_for_good")
    client.get("/")  # the home page deletes the games past their days
    assert game_ids(app) == []
    again = client.get(f"/api/games/{game_id}")
    assert (again.status_code, json_of(again)["gone"]) == (410, moved["until"])


def test_a_played_game_of_a_club_night_in_the_trash_keeps_its_sitting(
    app: Flask, client: FlaskClient
) -> None:
    """A redraw deletes its sitting's untouched games for good; one played and then trashed
    still counts as played, so the sitting is not drawn again over it. (A table's phone is
    refused the delete: the game goes to the trash here as storage would take it, from a
    database written before club nights protected their tables.)"""
    evening_id, token, _made = evening(client)
    table = sitting(client, evening_id, token, seed=1)["tables"][0]
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    played = round_json(legal_round(record, Random(1)))
    game_id, edit = table["game"], bearer(table["edit_token"])
    assert client.post(f"/api/games/{game_id}/rounds", json=played, headers=edit).status_code == 201
    refused = client.delete(f"/api/games/{game_id}", headers=edit)
    assert json_of(refused)["code"] == "game_in_club_night"
    with app.app_context():
        storage.trash_game(storage.get_db(), game_id)
    redraw = client.post(f"/api/evenings/{evening_id}/sittings/1", json={}, headers=bearer(token))
    assert (redraw.status_code, json_of(redraw)["code"]) == (409, "evening_sitting_started")
    assert client.post(f"/api/games/{game_id}/restore", json={}, headers=edit).status_code == 200
