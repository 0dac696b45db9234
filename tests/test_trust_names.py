"""Names that cannot deceive: a group's name follows the player names' rules (nothing invisible,
no control character), and two players whose names only look alike are refused, naming both."""

from __future__ import annotations

import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.core import rules
from scorekeeper.core.rules import RuleError
from tests.fuzzing import page_messages
from tests.phone import NEW_GAME

HIDDEN = {
    "NUL": "Club\x00",
    "right-to-left override": "Club \u202ebulc",
    "zero-width space": "Cl\u200bub",
    "line break": "Friday\nclub",
    "carriage return": "Friday\rclub",
    "line separator": "Friday\u2028club",
    "bell": "Club\x07",
}
GROUP_REFUSAL = "The group's name has a character that cannot be shown"

# Latin "Tom" and "Ana", and the same names with Cyrillic or Greek letters that look the same.
LOOK_ALIKE = [
    ("Tom", "\u0422\u043em"),  # Cyrillic capital te, small o
    ("Ana", "\u0410n\u0430"),  # Cyrillic capital and small a
    ("Ana", "\u0391n\u03b1"),  # Greek capital and small alpha
    ("Nina", "\u039dina"),  # Greek capital nu
    ("Oscar", "\u041esc\u0430r"),
]


@pytest.mark.parametrize("name", HIDDEN.values(), ids=HIDDEN.keys())
def test_a_group_name_with_a_hidden_character_is_refused_everywhere(
    app: Flask, client: FlaskClient, name: str
) -> None:
    form = client.post("/groups/new", data={"name": name})
    assert form.status_code == 400
    assert any(GROUP_REFUSAL in text for text in page_messages(form))
    api = client.post("/api/groups", json={"name": name})
    assert api.status_code == 400
    assert api.json is not None and api.json["code"] == "group_name_bad_character"
    content = json.dumps({"format": "wizard-scorekeeper-group/1", "name": name}).encode()
    upload = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(content), "club.json")},
        content_type="multipart/form-data",
    )
    assert upload.headers["Location"] == "/"
    assert any(GROUP_REFUSAL in text for text in page_messages(client.get("/")))
    assert "Your groups" not in client.get("/").get_data(as_text=True)


def test_a_group_name_is_stored_as_a_player_name_is(client: FlaskClient) -> None:
    made = client.post("/api/groups", json={"name": "  Cafe\u0301 club "})
    assert made.json is not None and made.json["name"] == "Caf\u00e9 club"


@pytest.mark.parametrize(("latin", "other"), LOOK_ALIKE)
def test_names_that_only_look_alike_are_refused_naming_both_seats(latin: str, other: str) -> None:
    assert latin != other
    with pytest.raises(RuleError) as refused:
        rules.check_player_names(["Ben", latin, "Cy", other])
    assert refused.value.reason.code == "names_look_alike"
    assert refused.value.reason.params == {"first": 2, "second": 4}


def test_names_of_other_alphabets_that_differ_are_players(client: FlaskClient) -> None:
    names = ("\u039d\u03af\u03ba\u03bf\u03c2", "Nikos", "\u0418\u0432\u0430\u043d", "Ivan")
    assert rules.check_player_names(names) == names
    assert rules.check_player_names(["Ana", "Anna", "Ann\u00e1"]) == ("Ana", "Anna", "Ann\u00e1")


def test_the_new_game_form_refuses_look_alike_names_in_the_readers_language(
    client: FlaskClient,
) -> None:
    form = {**NEW_GAME, "players-0": "Tom", "players-2": "\u0422\u043em"}
    refused = client.post("/games/new", data=form)
    assert refused.status_code == 400
    assert any(
        "Players 1 and 3 have names that only look alike" in text for text in page_messages(refused)
    )
    body = {"players": ["Tom", "Bo", "\u0422\u043em"], "first_dealer": 0, "variants": {}}
    api = client.post("/api/games", json={**body, "rounds": []})
    assert api.status_code == 400
    assert api.json is not None and api.json["code"] == "names_look_alike"
    client.get("/language/de?next=/")
    german = client.post("/games/new", data=form)
    assert not any("only look alike" in text for text in page_messages(german))
