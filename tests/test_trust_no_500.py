"""Six requests that once answered 500 (issue 20): each is now refused clearly or works."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.core.group_record import MAX_ROSTER
from tests.fuzzing import page_messages
from tests.test_groups_api import game_json

FORMAT = "wizard-scorekeeper-group/1"


def upload(client: FlaskClient, data: dict[str, Any]) -> TestResponse:
    content = json.dumps(data).encode()
    return client.post(
        "/groups/import",
        data={"record": (io.BytesIO(content), "club.json")},
        content_type="multipart/form-data",
    )


@pytest.mark.parametrize("played_at", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"])
def test_a_date_with_no_moment_in_utc_is_refused(client: FlaskClient, played_at: str) -> None:
    game = {"played_at": played_at, "record": game_json(1)}
    data = {"format": FORMAT, "name": "Club", "games": [game]}
    response = upload(client, data)
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert any("played_at" in text for text in page_messages(client.get("/")))


@pytest.mark.parametrize("played_at", ["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59"])
def test_a_date_at_the_ends_of_the_calendar_is_kept(client: FlaskClient, played_at: str) -> None:
    game = {"played_at": played_at, "record": game_json(1)}
    data = {"format": FORMAT, "name": "Club", "games": [game]}
    group = upload(client, data).headers["Location"]
    assert group.startswith("/groups/")
    for path in ("", "/export.json", "/games/new"):
        assert client.get(group + path).status_code == 200


def test_half_a_character_in_a_group_name_is_refused(client: FlaskClient) -> None:
    response = upload(client, {"format": FORMAT, "name": "Club\ud800", "games": []})
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert any("half a character" in text for text in page_messages(client.get("/")))
    api = client.post(
        "/api/groups", data='{"name": "Club\\ud800"}', content_type="application/json"
    )
    assert api.status_code == 400


def test_the_largest_roster_has_a_new_game_page(client: FlaskClient) -> None:
    # Past 200 entries the page was a 500; a roster now holds at most MAX_ROSTER (200) players.
    roster = [f"Player {n}" for n in range(MAX_ROSTER)]
    group = upload(client, {"format": FORMAT, "name": "Club", "players": roster, "games": []})
    page = client.get(group.headers["Location"] + "/games/new")
    assert page.status_code == 200
    assert "Player 199" in page.get_data(as_text=True)
    picked = {"pick": ["player 1", "player 2", "player 199"], "first_dealer": "random"}
    picked |= {"length": "standard", "bid_restriction": "none", "bid_visibility": "open"}
    made = client.post(group.headers["Location"] + "/games/new", data=picked)
    assert made.status_code == 303, page_messages(made)


def test_a_line_break_in_the_language_switch_goes_home(client: FlaskClient) -> None:
    response = client.get("/language/de?next=/rules%0d%0aSet-Cookie:%20x=1")
    assert response.status_code == 303 and response.headers["Location"] == "/"


@pytest.mark.parametrize(
    "referer",
    ["https://localhost:99999/", "https://localhost:abc/", "https://[::1/", "http://[x"],
)
def test_an_odd_referer_over_https_is_refused_like_a_missing_one(
    csrf_app: Flask, referer: str
) -> None:
    phone = csrf_app.test_client()
    page = phone.get("/groups/new", base_url="https://localhost").get_data(as_text=True)
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert found is not None
    form = {"name": "Club", "csrf_token": found.group(1)}
    response = phone.post(
        "/groups/new", data=form, base_url="https://localhost", headers={"Referer": referer}
    )
    assert response.status_code == 400
    assert "out of date" in " ".join(page_messages(response))
    # The same form with the page's own Referer goes through.
    good = {"Referer": "https://localhost/groups/new"}
    assert (
        phone.post("/groups/new", data=form, base_url="https://localhost", headers=good).status_code
        == 303
    )
