"""Every refusal of the API: its status, a JSON error a player understands, nothing stored."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import Trump, Turned
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, bearer, create, game_ids, json_of, state

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

ROUND_3 = {"trump": {"turned": "suit", "suit": "spades"}, "bids": [1, 1, 0], "tricks": [1, 1, 1]}


def stored_version(app: Flask, game_id: str) -> int:
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        return stored.version


def assert_refused(
    app: Flask,
    client: FlaskClient,
    game_id: str,
    send: Callable[[], TestResponse],
    status: int,
    message: str,
) -> str:
    """``send`` is refused with ``status`` and ``message``, and the game is left as it was."""
    before, version = state(client, game_id), stored_version(app, game_id)
    response = send()
    assert response.status_code == status
    assert response.mimetype == "application/json"
    assert message in json_of(response)["error"]
    assert state(client, game_id) == before
    assert stored_version(app, game_id) == version
    error: str = json_of(response)["error"]
    return error


# --- adding a round --------------------------------------------------------------------------


def _round(**changes: Any) -> dict[str, Any]:
    return {**ROUND_3, **changes}


ROUND_REFUSALS = [
    ("tricks that do not add up", _round(tricks=[1, 1, 0]), "Tricks add up to 2, but 3 were"),
    ("a bid out of range", _round(bids=[1, 4, 0]), "A bid is a number from 0 to 3"),
    ("a huge bid", _round(bids=[1, 10**30, 0]), "A bid is a number from 0 to 3"),
    ("a missing field", {"trump": ROUND_3["trump"], "bids": [1, 1, 0]}, '"tricks"'),
    ("a missing trump", _round(trump=None), '"trump" is missing'),
    ("a wrong type", _round(bids=[1, "1", 0]), "Dick's bid must be a whole number, not text"),
    ("a bool for a number", _round(tricks=[1, True, 1]), "not true or false"),
    ("a float for a number", _round(tricks=[1, 1.0, 1]), "not a decimal number"),
    ("an unknown field", _round(score=[30, 30, 30]), 'does not know: "score"'),
    ("an unknown suit", _round(trump={"turned": "suit", "suit": "roses"}), '"trump.suit"'),
    ("a jester with a suit", _round(trump={"turned": "jester", "suit": "clubs"}), "no trump"),
    ("a list for a round", [ROUND_3], "A round must be a JSON object"),
]


@pytest.mark.parametrize(
    ("body", "message"), [case[1:] for case in ROUND_REFUSALS], ids=[c[0] for c in ROUND_REFUSALS]
)
def test_a_round_the_rules_refuse_is_400(
    app: Flask, client: FlaskClient, example: tuple[str, str], body: Any, message: str
) -> None:
    game_id, token = example
    url = f"/api/games/{game_id}/rounds"
    send = partial(client.post, url, json=body, headers=bearer(token))
    error = assert_refused(app, client, game_id, send, 400, message)
    assert error.startswith("Round 3: ")


def test_a_bid_the_variant_forbids_is_400(app: Flask, client: FlaskClient) -> None:
    game_id, token = create(
        client, {**EXAMPLE_GAME, "variants": {"bid_restriction": "plus_minus_one"}}
    )
    body = {"trump": {"turned": "jester"}, "bids": [0, 1, 0], "tricks": [0, 1, 0]}
    send = partial(client.post, f"/api/games/{game_id}/rounds", json=body, headers=bearer(token))
    assert_refused(app, client, game_id, send, 400, "the plus/minus-one rule forbids that")


def test_a_round_past_the_end_of_the_game_is_400(app: Flask, client: FlaskClient) -> None:
    rounds = [
        {"trump": {"turned": "jester"}, "bids": [0] * 3, "tricks": [hand, 0, 0]}
        for hand in range(1, 6)
    ]
    body = {**EXAMPLE_GAME, "variants": {"length": "five_rounds"}, "rounds": rounds}
    game_id, token = create(client, body)
    extra = {"trump": {"turned": "jester"}, "bids": [0] * 3, "tricks": [6, 0, 0]}
    send = partial(client.post, f"/api/games/{game_id}/rounds", json=extra, headers=bearer(token))
    assert_refused(app, client, game_id, send, 400, "Round 6: The game is over")


BODIES = [
    ("not JSON", "{bids: [1, 1, 0]", "application/json", "not valid JSON"),
    ("empty", "", "application/json", "not valid JSON"),
    ("nested too deep", "[" * 100_000 + "]" * 100_000, "application/json", "not valid JSON"),
    ("a number of 5000 digits", "9" * 5000, "application/json", "not valid JSON"),
    ("not sent as JSON", json.dumps(ROUND_3), "text/plain", "Content-Type: application/json"),
    ("a form", "bids=1", "application/x-www-form-urlencoded", "Content-Type: application/json"),
]


@pytest.mark.parametrize(
    ("data", "content_type", "message"), [case[1:] for case in BODIES], ids=[c[0] for c in BODIES]
)
def test_a_body_that_is_not_json_is_400(
    app: Flask,
    client: FlaskClient,
    example: tuple[str, str],
    data: str,
    content_type: str,
    message: str,
) -> None:
    game_id, token = example
    url = f"/api/games/{game_id}/rounds"
    send = partial(client.post, url, data=data, content_type=content_type, headers=bearer(token))
    assert_refused(app, client, game_id, send, 400, message)


def test_a_body_too_large_is_413_in_json(
    app: Flask, client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    body = json.dumps({**ROUND_3, "padding": "x" * 300_000})
    url = f"/api/games/{game_id}/rounds"
    send = partial(
        client.post, url, data=body, content_type="application/json", headers=bearer(token)
    )
    assert_refused(app, client, game_id, send, 413, "too much data")


def test_a_method_the_url_does_not_have_is_405_in_json(
    app: Flask, client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    send = partial(client.patch, f"/api/games/{game_id}", json={}, headers=bearer(token))
    assert_refused(app, client, game_id, send, 405, "not something this address can do")


# --- correcting and taking back --------------------------------------------------------------


def test_a_correction_the_rules_refuse_is_400(
    app: Flask, client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    body = {**EXAMPLE_ROUNDS[1], "tricks": [2, 1, 0]}
    send = partial(client.put, f"/api/games/{game_id}/rounds/2", json=body, headers=bearer(token))
    assert_refused(app, client, game_id, send, 400, "Round 2: Tricks add up to 3")


@pytest.mark.parametrize("method", ["put", "delete"])
@pytest.mark.parametrize("number", ["3", "0", "99", "-1", "two", "9" * 5000])
def test_a_round_not_played_yet_is_404(
    app: Flask, client: FlaskClient, example: tuple[str, str], method: str, number: str
) -> None:
    game_id, token = example
    url = f"/api/games/{game_id}/rounds/{number}"
    send = partial(client.open, url, method=method, json=ROUND_3, headers=bearer(token))
    message = f"This game has no completed round {number[:10]}; rounds 1 to 2 are complete."
    assert_refused(app, client, game_id, send, 404, message)


def test_only_the_last_round_can_be_deleted(
    app: Flask, client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    send = partial(client.delete, f"/api/games/{game_id}/rounds/1", headers=bearer(token))
    assert_refused(app, client, game_id, send, 400, "Only the last completed round")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", ""),
        ("post", "/rounds"),
        ("put", "/rounds/1"),
        ("delete", "/rounds/1"),
    ],
)
def test_an_unknown_game_is_404(client: FlaskClient, method: str, path: str) -> None:
    response = client.open(
        f"/api/games/no-such-game{path}", method=method, json=ROUND_3, headers=bearer("x")
    )
    assert response.status_code == 404
    assert "no game with this id" in json_of(response)["error"]


# --- another client changed the game meanwhile -----------------------------------------------


@pytest.fixture
def someone_else_writes_first(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The next load of a game is followed by another phone entering a round on it."""
    real_load = storage.load

    def load_then_someone_writes(database: Any, game_id: str) -> Any:
        monkeypatch.setattr(storage, "load", real_load)
        stored = real_load(database, game_id)
        assert stored is not None
        other = storage.connect(storage.database_of(app))
        played = RoundRecord(Trump(Turned.JESTER), (0, 0, 1), (1, 1, 1))
        storage.save(other, stored, game.add_round(stored.record, played))
        other.close()
        return stored

    monkeypatch.setattr(storage, "load", load_then_someone_writes)
    yield


def test_a_change_made_against_an_old_version_is_409(
    client: FlaskClient, example: tuple[str, str], someone_else_writes_first: None
) -> None:
    game_id, token = example
    response = client.post(f"/api/games/{game_id}/rounds", json=ROUND_3, headers=bearer(token))
    assert response.status_code == 409
    assert "Someone changed this game meanwhile" in json_of(response)["error"]
    shown = state(client, game_id)
    assert shown["rounds"][2]["bids"] == [0, 0, 1]  # the other phone's round, not ours
    assert len(shown["rounds"]) == 3


# --- creating a game -------------------------------------------------------------------------

CREATE_REFUSALS = [
    ("unknown variant value", {"variants": {"length": "marathon"}}, '"variants.length" must be'),
    ("unknown variant", {"variants": {"secret_bids": True}}, '"secret_bids"'),
    ("bool not a bool", {"variants": {"saboteur": 1}}, "must be true or false, not a number"),
    ("missing players", {"players": None}, 'missing the field "players"'),
    ("players not a list", {"players": "Tom, Dick"}, '"players" must be a list'),
    ("wrong type", {"first_dealer": "Tom"}, '"first_dealer" must be a whole number, not text'),
    ("huge first dealer", {"first_dealer": 10**100}, "The first dealer must be one of the players"),
    ("too many players", {"players": [str(n) for n in range(9)]}, "3 to 8 players, not 9"),
    ("variants that clash", {"variants": {"saboteur": True, "bid_restriction": "canadian"}}, "one"),
    ("refused round", {"rounds": [{**EXAMPLE_ROUNDS[0], "tricks": [1, 1, 1]}]}, "Round 1: Tricks"),
]


@pytest.mark.parametrize(
    ("changes", "message"),
    [case[1:] for case in CREATE_REFUSALS],
    ids=[c[0] for c in CREATE_REFUSALS],
)
def test_a_game_the_rules_refuse_is_400_and_not_stored(
    app: Flask, client: FlaskClient, changes: dict[str, Any], message: str
) -> None:
    before = game_ids(app)
    body = {key: value for key, value in {**EXAMPLE_GAME, **changes}.items() if value is not None}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert message in json_of(response)["error"]
    assert game_ids(app) == before


@pytest.mark.parametrize(
    ("data", "content_type"),
    [("players: Tom", "application/json"), (json.dumps(EXAMPLE_GAME), "text/plain")],
)
def test_a_new_game_that_is_not_json_is_400_and_not_stored(
    app: Flask, client: FlaskClient, data: str, content_type: str
) -> None:
    response = client.post("/api/games", data=data, content_type=content_type)
    assert response.status_code == 400
    assert json_of(response)["error"]
    assert game_ids(app) == []


def test_a_refusal_carries_its_stable_code_beside_the_sentence(client: FlaskClient) -> None:
    game_id, token = create(client, {"players": ["Tom", "Dick", "Mary"], "first_dealer": 0})
    hearts = {"turned": "suit", "suit": "hearts"}
    response = client.post(
        f"/api/games/{game_id}/rounds",
        json={"trump": hearts, "bids": [0, 0, 0], "tricks": [1, 1, 0]},
        headers=bearer(token),
    )
    assert response.status_code == 400
    assert response.json == {
        "code": "tricks_sum",
        "error": "Round 1: Tricks add up to 2, but 1 was played this round: "
        "every trick has exactly one winner.",
    }
