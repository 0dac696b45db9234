"""The API's adjustments: a round may carry signed points with a reason (docs/api.md)."""

from __future__ import annotations

import copy
import csv
import io

import pytest
from flask.testing import FlaskClient

from scorekeeper.core import sheet
from scorekeeper.core.record import to_record
from scorekeeper.core.rules import Length, Variants
from tests.plays import EXAMPLE_ROUNDS, bearer, json_of, played_game, state

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

ROUND_3 = {"trump": {"turned": "wizard", "suit": "clubs"}, "bids": [1, 1, 1], "tricks": [1, 1, 1]}
REVOKE = {"seat": 1, "points": -20, "reason": "revoke"}


def test_a_posted_round_carries_adjustments(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    posted = {**ROUND_3, "adjustments": [REVOKE, {"seat": 2, "points": 10, "reason": "bonus"}]}
    response = client.post(f"/api/games/{game_id}/rounds", json=posted, headers=bearer(token))
    assert response.status_code == 201
    answer = json_of(response)
    # 30 each by the bids; then -20 for seat 1 and +10 for seat 2.
    assert answer["rounds"][2]["scores"] == [30, 10, 40]
    assert answer["rounds"][2]["adjustments"] == posted["adjustments"]
    assert answer["totals"] == [40, 20, 60]
    assert answer["rounds"][0]["adjustments"] == []
    assert response.json == state(client, game_id)


def test_a_correction_adds_and_removes_them(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    before = state(client, game_id)["totals"]
    adjusted = {**EXAMPLE_ROUNDS[0], "adjustments": [REVOKE]}
    response = client.put(f"/api/games/{game_id}/rounds/1", json=adjusted, headers=bearer(token))
    assert response.status_code == 200
    assert json_of(response)["totals"] == [before[0], before[1] - 20, before[2]]
    assert json_of(response)["rounds"][0]["adjustments"] == [REVOKE]
    # The same round without "adjustments" has none again.
    response = client.put(
        f"/api/games/{game_id}/rounds/1", json=EXAMPLE_ROUNDS[0], headers=bearer(token)
    )
    assert json_of(response)["totals"] == before


def test_the_export_carries_them(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    adjusted = {**EXAMPLE_ROUNDS[1], "adjustments": [REVOKE]}
    client.put(f"/api/games/{game_id}/rounds/2", json=adjusted, headers=bearer(token))
    record = client.get(f"/games/{game_id}/export.json").json
    assert record is not None
    assert record["rounds"][1]["adjustments"] == [REVOKE]
    assert "adjustments" not in record["rounds"][0]
    copy = client.post("/api/games", json=record)
    assert copy.status_code == 201
    assert json_of(copy)["totals"] == state(client, game_id)["totals"]


@pytest.mark.parametrize(
    ("adjustment", "code"),
    [
        ({"seat": 3, "points": -20, "reason": "revoke"}, "adjustment_seat"),
        ({"seat": 0, "points": 0, "reason": "revoke"}, "adjustment_points_zero"),
        ({"seat": 0, "points": 5000, "reason": "revoke"}, "adjustment_points_range"),
        ({"seat": 0, "points": -2.5, "reason": "revoke"}, "record_not_whole"),
        ({"seat": 0, "points": "-20", "reason": "revoke"}, "record_not_whole"),
        ({"seat": 0, "points": -20, "reason": ""}, "adjustment_reason_missing"),
        ({"seat": 0, "points": -20, "reason": "r" * 41}, "adjustment_reason_too_long"),
        ({"seat": 0, "points": -20, "reason": "a\u200bb"}, "adjustment_reason_bad_character"),
        ({"seat": 0, "points": -20, "reason": None}, "record_not_text"),
        ({"seat": 0, "points": -20}, "record_missing_field"),
        ({"seat": 0, "points": -20, "reason": "x", "note": "y"}, "record_unknown_field"),
    ],
)
def test_each_refusal_has_its_code(
    client: FlaskClient, example: tuple[str, str], adjustment: object, code: str
) -> None:
    game_id, token = example
    before = state(client, game_id)
    posted = {**ROUND_3, "adjustments": [adjustment]}
    response = client.post(f"/api/games/{game_id}/rounds", json=posted, headers=bearer(token))
    assert response.status_code == 400
    assert json_of(response)["code"] == code
    assert json_of(response)["error"].startswith("Round 3: ")
    assert state(client, game_id) == before


def test_too_many_and_not_a_list(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    url = f"/api/games/{game_id}/rounds/1"
    many = {**EXAMPLE_ROUNDS[0], "adjustments": [REVOKE] * 11}
    response = client.put(url, json=many, headers=bearer(token))
    assert (response.status_code, json_of(response)["code"]) == (400, "adjustments_too_many")
    odd = {**EXAMPLE_ROUNDS[0], "adjustments": REVOKE}
    response = client.put(url, json=odd, headers=bearer(token))
    assert (response.status_code, json_of(response)["code"]) == (400, "record_adjustments_not_list")


def test_refusals_are_in_the_language_asked(client: FlaskClient, example: tuple[str, str]) -> None:
    game_id, token = example
    posted = {**ROUND_3, "adjustments": [{"seat": 0, "points": 0, "reason": "x"}]}
    headers = {**bearer(token), "Accept-Language": "de"}
    response = client.post(f"/api/games/{game_id}/rounds", json=posted, headers=headers)
    assert json_of(response)["code"] == "adjustment_points_zero"
    assert "0" in json_of(response)["error"]
    assert "changes nothing" not in json_of(response)["error"]


def test_the_csv_has_their_points_and_reasons(
    client: FlaskClient, example: tuple[str, str]
) -> None:
    game_id, token = example
    given = [REVOKE, {"seat": 1, "points": 5, "reason": "bonus"}]
    adjusted = {**EXAMPLE_ROUNDS[1], "adjustments": given}
    client.put(f"/api/games/{game_id}/rounds/2", json=adjusted, headers=bearer(token))
    text = client.get(f"/games/{game_id}/export.csv").data.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    dick = rows[4]
    assert (dick["round"], dick["player"]) == ("2", "Dick")
    # Dick bid 0 and took 0: 20, then -20 + 5. Each reason says its points, after its words: the
    # cell does not start like a formula (no apostrophe in front).
    assert (dick["score"], dick["adjustment"], dick["reason"]) == (
        "5",
        "-15",
        "revoke -20; bonus +5",
    )
    assert rows[3]["adjustment"] == rows[3]["reason"] == ""
    # One reason alone is just its words: its points are in the cell before.
    client.put(
        f"/api/games/{game_id}/rounds/2",
        json={**EXAMPLE_ROUNDS[1], "adjustments": [REVOKE]},
        headers=bearer(token),
    )
    text = client.get(f"/games/{game_id}/export.csv").data.decode("utf-8-sig")
    dick = list(csv.DictReader(io.StringIO(text)))[4]
    assert (dick["adjustment"], dick["reason"]) == ("-20", "revoke")


def test_group_statistics_count_them_in_points_not_in_bids(client: FlaskClient) -> None:
    plain = to_record(sheet.build(played_game(4, Variants(length=Length.FIVE_ROUNDS), 5, seed=3)))
    adjusted = copy.deepcopy(plain)
    adjusted["rounds"][1]["adjustments"] = [{"seat": 2, "points": -20, "reason": "revoke"}]
    adjusted["rounds"][4]["adjustments"] = [{"seat": 2, "points": 5, "reason": "house rule"}]
    figures = []
    for game_record in (plain, adjusted):
        made = json_of(client.post("/api/groups", json={"name": "Club"}))
        url = f"/api/groups/{made['id']}/games"
        added = client.post(url, json=game_record, headers=bearer(made["edit_token"]))
        assert added.status_code == 201
        answer = json_of(client.get(f"/api/groups/{made['id']}/stats"))
        by_name = {p["name"]: p for p in answer["players"]}
        figures.append(by_name[plain["players"][2]])
    before, after = figures
    # The third seat's points: 15 fewer; every bid figure as before.
    assert after["total_points"] == before["total_points"] - 15
    assert after["best_total"] == before["best_total"] - 15
    for key in ("rounds_bid", "bids_met", "zero_bids", "zero_bids_met"):
        assert after[key] == before[key], key
