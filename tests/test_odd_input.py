"""Odd input that once answered 500 is a clear 400 (or a refusal on the page) and stores nothing:
half a character (a lone surrogate) in a name through the API or an import file, and a first
dealer of "²" or of 5000 digits on the new-game form."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.pages import soup
from tests.traffic import all_rows

HALF = "Some text holds half a character (a lone \\ud800-style escape): send whole characters."
NEW_GAME = {
    "players-0": "Ann",
    "players-1": "Bo",
    "players-2": "Cy",
    "length": "standard",
    "bid_restriction": "none",
    "bid_visibility": "open",
}
# JSON as a program may write it: the escape stands for half of a character pair.
RECORDS = [
    '{"players": ["\\ud800", "Bo", "Cy"], "first_dealer": 0}',
    '{"players": ["Ann", "Bo\\udfff", "Cy"], "first_dealer": 0}',
    '{"players": ["Ann", "Bo", "Cy"], "first_dealer": 0, "variants": {"length": "\\ud83d"}}',
    '{"players": ["Ann", "Bo", "Cy"], "first_dealer": 0, "\\udc00": 1}',
]


@pytest.mark.parametrize("body", RECORDS)
def test_half_a_character_in_api_json_is_a_400(
    client: FlaskClient, database: Path, body: str
) -> None:
    before = all_rows(database)
    response = client.post("/api/games", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.json == {"error": HALF, "code": "broken_text"}
    assert all_rows(database) == before


def test_a_whole_character_written_as_a_pair_of_escapes_is_fine(client: FlaskClient) -> None:
    body = '{"players": ["\\ud83c\\udccf", "Bo", "Cy"], "first_dealer": 0}'
    response = client.post("/api/games", data=body, content_type="application/json")
    assert response.status_code == 201
    assert response.json is not None and response.json["players"][0] == "🃏"


@pytest.mark.parametrize("body", RECORDS)
def test_half_a_character_in_an_import_file_is_refused_with_a_message(
    client: FlaskClient, database: Path, body: str
) -> None:
    before = all_rows(database)
    response = client.post("/games/import", data={"record": (io.BytesIO(body.encode()), "g.json")})
    assert response.status_code == 302
    home = client.get(response.headers["Location"])
    assert home.status_code == 200
    message = soup(home).select_one(".flash.error")
    assert message is not None
    assert message.get_text(strip=True) == f"The file was not imported. {HALF}"
    assert all_rows(database) == before


def test_half_a_character_sent_by_a_form_becomes_a_replacement_character(
    client: FlaskClient,
) -> None:
    # A form is bytes: the bytes of a lone surrogate are not UTF-8, and are read as U+FFFD.
    body = "players-0=%ED%A0%80&players-1=Bo&players-2=Cy&first_dealer=0"
    body += "&length=standard&bid_restriction=none&bid_visibility=open"
    response = client.post(
        "/games/new", data=body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"])
    assert page.status_code == 200


@pytest.mark.parametrize("dealer", ["²", "٣", "9" * 5000, "-1", " 1", "8"])
def test_an_odd_first_dealer_on_the_new_game_form_is_a_400(
    client: FlaskClient, database: Path, dealer: str
) -> None:
    before = all_rows(database)
    response = client.post("/games/new", data={**NEW_GAME, "first_dealer": dealer})
    assert response.status_code == 400
    errors = [p.get_text(strip=True) for p in soup(response).select(".field-error")]
    assert errors == ["Not a valid choice."]
    assert all_rows(database) == before


@pytest.mark.parametrize("name", ["Tom\u200b", "\x1b[31mTom", "\u202emoT", "To\x00m"])
def test_an_invisible_or_control_character_in_a_name_is_a_400(
    client: FlaskClient, database: Path, name: str
) -> None:
    before = all_rows(database)
    body = {"players": [name, "Bo", "Cy"], "first_dealer": 0}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert response.json is not None and response.json["code"] == "name_bad_character"
    assert all_rows(database) == before
