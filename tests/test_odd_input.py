"""Odd input that once answered 500 is a clear 400 (or a refusal on the page) and stores nothing:
half a character (a lone surrogate) in a name through the API or an import file, and a first
dealer of "²" or of 5000 digits on the new-game form, a bid or tricks of 400 digits."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.pages import act, play_round, soup, start_game, version
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


@pytest.mark.parametrize("digits", [400, 4000])
@pytest.mark.parametrize("field", ["bids-0", "tricks-1"])
def test_a_number_of_hundreds_of_digits_in_a_correction_is_a_400(
    client: FlaskClient, database: Path, field: str, digits: int
) -> None:
    game_id = start_game(client, ["Ann", "Bo", "Cy"])
    play_round(client, game_id, bids=[0, 0, 1], tricks=[0, 0, 1])
    before = all_rows(database)
    form = {"version": str(version(client, game_id)), "turned": "suit", "suit": "hearts"}
    form |= {f"bids-{seat}": str(bid) for seat, bid in enumerate([0, 0, 1])}
    form |= {f"tricks-{seat}": str(taken) for seat, taken in enumerate([0, 0, 1])}
    response = client.post(f"/games/{game_id}/rounds/1/edit", data={**form, field: "9" * digits})
    assert response.status_code == 400
    errors = [p.get_text(strip=True) for p in soup(response).select(".field-error, .flash.error")]
    assert errors and errors[0] in (
        "Number must be between 0 and 1000.",
        "Not a valid integer value.",
    )
    assert all_rows(database) == before


def test_a_bid_of_hundreds_of_digits_is_refused(client: FlaskClient, database: Path) -> None:
    game_id = start_game(client, ["Ann", "Bo", "Cy"])
    assert act(client, game_id, "trump", turned="suit", suit="hearts") == []
    before = all_rows(database)
    assert act(client, game_id, "bid", seat=1, bid="9" * 400) == [
        "Number must be between 0 and 1000."
    ]
    assert all_rows(database) == before
