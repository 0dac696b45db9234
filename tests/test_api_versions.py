"""The API refuses stale and repeated writes: ETags carry the game's version, If-Match is
honoured (412), a round posted with its number is stored once (409 for a repeat), also when 50
identical posts reach the real server at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, bearer, create, json_of, state
from tests.support.client import at_once
from tests.support.server import Server

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

ROUND_1, ROUND_2 = EXAMPLE_ROUNDS
ROUND_3 = {"trump": {"turned": "wizard", "suit": "clubs"}, "bids": [1, 1, 1], "tricks": [1, 1, 1]}


@pytest.fixture
def example(client: FlaskClient) -> tuple[str, str]:
    """The worked example of RULES.md with round 1 played: its id and edit token."""
    return create(client, {**EXAMPLE_GAME, "rounds": [ROUND_1]})


def rounds(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    return [
        {key: row[key] for key in ("trump", "bids", "tricks")}
        for row in state(client, game_id)["rounds"]
    ]


def test_answers_carry_the_version_as_etag(client: FlaskClient) -> None:
    created = client.post("/api/games", json=EXAMPLE_GAME)
    assert created.headers["ETag"] == '"1"'
    game_id, token = json_of(created)["id"], json_of(created)["edit_token"]
    assert client.get(f"/api/games/{game_id}").headers["ETag"] == '"1"'
    added = client.post(f"/api/games/{game_id}/rounds", json=ROUND_1, headers=bearer(token))
    assert added.headers["ETag"] == '"2"'
    got = client.get(f"/api/games/{game_id}")
    assert got.headers["ETag"] == '"2"' and got.json == added.json
    fixed = {**ROUND_1, "tricks": [0, 1, 0]}
    assert client.put(f"/api/games/{game_id}/rounds/1", json=fixed, headers=bearer(token)).headers[
        "ETag"
    ] == ('"3"')
    assert client.delete(f"/api/games/{game_id}/rounds/1", headers=bearer(token)).headers[
        "ETag"
    ] == ('"4"')


def test_a_get_with_the_current_etag_is_answered_304(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, _token = example
    path = f"/api/games/{game_id}"
    assert client.get(path, headers={"If-None-Match": '"1"'}).status_code == 304
    assert client.get(path, headers={"If-None-Match": '"0"'}).status_code == 200


def test_a_put_from_an_old_version_is_refused_412_and_keeps_the_phones_correction(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    seen = client.get(f"/api/games/{game_id}").headers["ETag"]
    # A phone corrects round 1 meanwhile.
    phone = {**ROUND_1, "tricks": [0, 1, 0]}
    assert (
        client.put(f"/api/games/{game_id}/rounds/1", json=phone, headers=bearer(token)).status_code
        == 200
    )
    # The program's correction was made from the state before: refused, the phone's stands.
    stale = {**ROUND_1, "tricks": [1, 0, 0]}
    headers = {**bearer(token), "If-Match": seen}
    response = client.put(f"/api/games/{game_id}/rounds/1", json=stale, headers=headers)
    assert response.status_code == 412
    assert json_of(response)["code"] == "version_mismatch"
    assert "version 2" in json_of(response)["error"]
    assert rounds(client, game_id) == [phone]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_if_match_with_the_current_version_or_a_star_is_accepted(
    client: FlaskClient, example: tuple[str, str], method: str
) -> None:
    game_id, token = example
    path = f"/api/games/{game_id}/rounds" + ("" if method == "POST" else "/1")
    body = ROUND_2 if method == "POST" else ROUND_1
    for if_match, status in (('"0"', 412), ('"7", "2"', None), ("*", None)):
        etag = client.get(f"/api/games/{game_id}").headers["ETag"]
        if if_match == "*":
            body = ROUND_3 if method == "POST" else body
        headers = {**bearer(token), "If-Match": if_match.replace('"2"', etag)}
        response = client.open(path, method=method, json=body, headers=headers)
        if status is not None:
            assert response.status_code == status, response.json
            assert json_of(response)["code"] == "version_mismatch"
            continue
        assert response.status_code in (200, 201), response.json
        if method == "DELETE":
            break


def test_a_round_posted_again_with_its_number_is_409_never_a_second_round(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    path = f"/api/games/{game_id}/rounds"
    first = client.post(path, json={**ROUND_2, "number": 2}, headers=bearer(token))
    assert first.status_code == 201
    again = client.post(path, json={**ROUND_2, "number": 2}, headers=bearer(token))
    assert again.status_code == 409
    assert json_of(again)["code"] == "round_exists"
    assert json_of(again)["error"].startswith("Round 2 is stored already")
    assert rounds(client, game_id) == [ROUND_1, ROUND_2]


@pytest.mark.parametrize(
    ("number", "status", "code"),
    [
        *((number, 409, "round_not_next") for number in (0, 5, -1, 10**30)),
        *((number, 400, "invalid_number") for number in ("2", 2.0, True, None, [2])),
    ],
)
def test_a_round_number_that_is_not_the_next_is_refused(
    client: FlaskClient, example: tuple[str, str], number: object, status: int, code: str
) -> None:
    game_id, token = example
    response = client.post(
        f"/api/games/{game_id}/rounds", json={**ROUND_2, "number": number}, headers=bearer(token)
    )
    assert response.status_code == status
    assert json_of(response)["code"] == code
    assert rounds(client, game_id) == [ROUND_1]


# --- the real server: identical posts at once -------------------------------------------------


def post(server: Server, path: str, body: object, headers: dict[str, str]) -> tuple[int, Any]:
    with server.client(timeout=30) as client:
        return client.request("POST", path, body, headers=headers)


def live_game(server: Server) -> tuple[str, str]:
    status, answer = post(server, "/api/games", EXAMPLE_GAME, {})
    assert status == 201
    return answer["id"], answer["edit_token"]


def live_rounds(server: Server, game_id: str) -> list[dict[str, Any]]:
    with server.client() as client:
        status, answer = client.request("GET", f"/api/games/{game_id}")
    assert status == 200
    return [{key: row[key] for key in ("trump", "bids", "tricks")} for row in answer["rounds"]]


@pytest.mark.parametrize(
    ("round_number", "if_match", "refused", "code"),
    [(1, None, 409, "round_exists"), (None, '"1"', 412, "version_mismatch")],
    ids=["with its number", "with If-Match"],
)
def test_50_identical_posts_at_once_store_exactly_one_round(
    live: Server, round_number: int | None, if_match: str | None, refused: int, code: str
) -> None:
    game_id, token = live_game(live)
    path = f"/api/games/{game_id}/rounds"
    body = ROUND_1 if round_number is None else {**ROUND_1, "number": round_number}
    headers = bearer(token) | ({} if if_match is None else {"If-Match": if_match})
    answers = at_once(50, lambda: post(live, path, body, headers))
    statuses = sorted(status for status, _answer in answers)
    assert statuses == [201] + [refused] * 49
    assert {answer["code"] for status, answer in answers if status == refused} == {code}
    assert live_rounds(live, game_id) == [ROUND_1]


def test_the_log_of_the_real_server_has_no_error(live: Server, tmp_path: Path) -> None:
    logs = "".join(path.read_text() for path in live.instance.glob("server-*.log"))
    assert "Traceback" not in logs
