"""Request bodies are capped at 256 KiB: more is refused with 413 and a clear message (JSON under
``/api/``), and nothing is stored. Checked with the test client and against the real server,
where a body may also come without a length (chunked)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from scorekeeper import create_app
from tests.pages import start_game, version
from tests.plays import EXAMPLE_GAME, bearer, create
from tests.support.server import Server
from tests.traffic import all_rows

LIMIT = 256 * 1024
TOO_MUCH = "That is too much data to send at once."
ROUND = {"trump": {"turned": "suit", "suit": "hearts"}, "bids": [0, 0, 1], "tricks": [0, 0, 1]}


def page_message(html: str) -> str:
    element = BeautifulSoup(html, "html.parser").select_one(".flash.error")
    assert element is not None
    return element.get_text(strip=True)


def test_the_cap_is_256_kib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    assert create_app().config["MAX_CONTENT_LENGTH"] == LIMIT


@pytest.mark.parametrize("action", ["new", "trump", "tricks"])
def test_an_oversized_form_is_refused_with_413_and_a_page(
    client: FlaskClient, database: Path, action: str
) -> None:
    game_id = start_game(client, ["Ann", "Bo", "Cy"])
    before = all_rows(database)
    if action == "new":
        url, data = "/games/new", {"players-0": "x" * LIMIT, "players-1": "Bo", "players-2": "Cy"}
    else:
        url = f"/games/{game_id}/{action}"
        data = {"version": str(version(client, game_id)), "turned": "suit", "padding": "x" * LIMIT}
    response = client.post(url, data=data)
    assert response.status_code == 413
    assert response.mimetype == "text/html"
    assert page_message(response.get_data(as_text=True)) == TOO_MUCH
    assert all_rows(database) == before


def test_an_oversized_import_file_is_refused_with_a_message(
    client: FlaskClient, database: Path
) -> None:
    # The import page catches the 413 to say it on the home page, where the upload was made.
    before = all_rows(database)
    record = json.dumps({**EXAMPLE_GAME, "padding": "x" * LIMIT}).encode()
    response = client.post("/games/import", data={"record": (io.BytesIO(record), "game.json")})
    assert response.status_code in (302, 303)
    home = client.get(response.headers["Location"]).get_data(as_text=True)
    assert page_message(home) == (
        "The file was not imported. The file is too large for a game record."
    )
    assert all_rows(database) == before


@pytest.mark.parametrize("where", ["games", "rounds", "round"])
def test_an_oversized_api_body_is_refused_with_413_in_json(
    client: FlaskClient, database: Path, where: str
) -> None:
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": [ROUND]})
    before = all_rows(database)
    method, url = {
        "games": ("POST", "/api/games"),
        "rounds": ("POST", f"/api/games/{game_id}/rounds"),
        "round": ("PUT", f"/api/games/{game_id}/rounds/1"),
    }[where]
    body: dict[str, Any] = {**ROUND, "padding": "x" * LIMIT}
    response = client.open(url, method=method, json=body, headers=bearer(token))
    assert response.status_code == 413
    assert response.mimetype == "application/json"
    assert response.json == {"error": TOO_MUCH, "code": "too_large"}
    assert all_rows(database) == before


def test_a_body_just_under_the_cap_is_read(client: FlaskClient, database: Path) -> None:
    before = all_rows(database)
    body = json.dumps({**EXAMPLE_GAME, "padding": ""})
    body = body.replace('"padding": ""', '"padding": "' + "x" * (LIMIT - len(body) - 10) + '"')
    assert len(body) < LIMIT
    response = client.post("/api/games", data=body, content_type="application/json")
    assert response.status_code == 400  # read, then refused for the unknown field
    assert response.json is not None and '"padding"' in response.json["error"]
    assert all_rows(database) == before


# --- the real server ------------------------------------------------------------------------


def send(
    server: Server,
    method: str,
    path: str,
    body: bytes,
    headers: dict[str, str],
    chunked: bool = False,
) -> tuple[int, str, bytes]:
    """One request to the real server; the status, content type and body of the answer."""
    with server.client(timeout=30) as client:
        answer = client.send(method, path, body, headers, chunked)
    return answer.status, answer.content_type, answer.body


@pytest.mark.parametrize("chunked", [False, True], ids=["with length", "chunked"])
def test_the_real_server_refuses_an_oversized_api_body_in_json(live: Server, chunked: bool) -> None:
    with live.client() as client:
        status, answer = client.request("POST", "/api/games", {**EXAMPLE_GAME, "rounds": [ROUND]})
    assert status == 201
    before = all_rows(live.database)
    body = json.dumps({**ROUND, "padding": "x" * (2 * LIMIT)}).encode()
    headers = {"Content-Type": "application/json", **bearer(answer["edit_token"])}
    path = f"/api/games/{answer['id']}/rounds"
    status, kind, raw = send(live, "POST", path, body, headers, chunked)
    assert status == 413
    assert kind.startswith("application/json")
    assert json.loads(raw) == {"error": TOO_MUCH, "code": "too_large"}
    assert all_rows(live.database) == before


@pytest.mark.parametrize("chunked", [False, True], ids=["with length", "chunked"])
def test_the_real_server_refuses_an_oversized_form_with_a_page(live: Server, chunked: bool) -> None:
    before = all_rows(live.database)
    body = b"players-0=Ann&players-1=Bo&players-2=" + b"C" * (2 * LIMIT)
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    status, kind, raw = send(live, "POST", "/games/new", body, headers, chunked)
    assert status == 413
    assert kind.startswith("text/html")
    assert page_message(raw.decode()) == TOO_MUCH
    assert all_rows(live.database) == before
