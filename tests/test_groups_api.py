"""The groups API and the group file: exactly the shapes docs/api.md promises."""

from __future__ import annotations

import html
import io
import json
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.core import ratings, record, sheet
from scorekeeper.core.players import seat_keys
from scorekeeper.core.rules import Length, Variants
from tests.plays import bearer, json_of, played_game

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

FIVE = Variants(length=Length.FIVE_ROUNDS)
STATS_FIELDS = {
    "name", "games", "wins", "rounds_bid", "bids_met", "zero_bids", "zero_bids_met",
    "total_points", "best_total", "average_total",
}  # fmt: skip


def make(client: FlaskClient, name: str = "Friday club") -> tuple[str, str]:
    response = client.post("/api/groups", json={"name": name})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert set(json_of(response)) == {"id", "edit_token", "name"}
    assert json_of(response)["name"] == name
    return json_of(response)["id"], json_of(response)["edit_token"]


def game_json(seed: int, players: int = 4, rounds: int = 99, **variants: Any) -> dict[str, Any]:
    played = played_game(players, Variants(length=Length.FIVE_ROUNDS, **variants), rounds, seed)
    return record.to_record(sheet.build(played))


def test_a_group_is_made_with_a_name(client: FlaskClient) -> None:
    group_id, token = make(client)
    assert len(group_id) >= 16 and len(token) >= 24
    bodies: list[object] = [
        {},
        {"name": ""},
        {"name": 3},
        {"name": "x" * 41},
        {"name": "A", "x": 1},
        [],
    ]
    for body in bodies:
        response = client.post("/api/groups", json=body)
        assert response.status_code == 400, body
        assert set(json_of(response)) == {"error", "code"}
    assert json_of(client.post("/api/groups", data="name=x"))["code"] == "json_required"
    broken = client.post("/api/groups", data="{", content_type="application/json")
    assert json_of(broken)["code"] == "json_invalid"


def test_a_game_is_added_with_the_groups_token(client: FlaskClient) -> None:
    group_id, token = make(client)
    body = game_json(1)
    missing = client.post(f"/api/groups/{group_id}/games", json=body)
    assert missing.status_code == 401 and json_of(missing)["code"] == "edit_token_missing"
    assert missing.headers["WWW-Authenticate"] == "Bearer"
    wrong = client.post(f"/api/groups/{group_id}/games", json=body, headers=bearer("nope"))
    assert wrong.status_code == 403 and json_of(wrong)["code"] == "edit_token_wrong"
    bad = client.post(f"/api/groups/{group_id}/games", json={"players": []}, headers=bearer(token))
    assert bad.status_code == 400 and json_of(bad)["code"] == "record_missing_field"
    unknown = client.post("/api/groups/nope/games", json=body, headers=bearer(token))
    assert unknown.status_code == 404 and json_of(unknown)["code"] == "group_not_found"
    added = client.post(f"/api/groups/{group_id}/games", json=body, headers=bearer(token))
    assert added.status_code == 201 and set(json_of(added)) == {"id", "edit_token"}
    game = json_of(client.get(f"/api/games/{json_of(added)['id']}"))
    assert game["players"] == body["players"] and game["finished"]
    change = client.post(
        f"/api/games/{json_of(added)['id']}/rounds",
        json={},
        headers=bearer(json_of(added)["edit_token"]),
    )
    assert change.status_code == 400  # the game's own token works; the game is over


def test_the_stats_have_the_promised_fields_and_order(client: FlaskClient) -> None:
    group_id, token = make(client)
    for seed in range(6):
        client.post(f"/api/groups/{group_id}/games", json=game_json(seed), headers=bearer(token))
    client.post(f"/api/groups/{group_id}/games", json=game_json(9, rounds=2), headers=bearer(token))
    answer = json_of(client.get(f"/api/groups/{group_id}/stats"))
    assert set(answer) == {"id", "name", "games", "players"}
    assert answer["games"] == 6  # the unfinished game is not counted
    players = answer["players"]
    assert all(set(p) == STATS_FIELDS for p in players)
    for p in players:
        for key in STATS_FIELDS - {"name", "average_total"}:
            assert type(p[key]) is int, key
        assert isinstance(p["average_total"], int | float)
        assert p["average_total"] == p["total_points"] / p["games"]
    order = [(-p["wins"], -p["average_total"], p["name"]) for p in players]
    assert order == sorted(order)
    assert sum(p["games"] for p in players) == 6 * 4
    assert client.get("/api/groups/nope/stats").status_code == 404


def test_the_ratings_are_worked_out_from_the_groups_finished_games(client: FlaskClient) -> None:
    group_id, token = make(client)
    games = [game_json(seed) for seed in range(6)]
    for body in [*games, game_json(9, rounds=2)]:
        client.post(f"/api/groups/{group_id}/games", json=body, headers=bearer(token))
    answer = json_of(client.get(f"/api/groups/{group_id}/ratings"))
    assert set(answer) == {"id", "name", "games", "players", "backtest"}
    assert answer["games"] == 6  # the unfinished game is not counted
    lines = answer["players"]
    assert all(
        set(line) == {"player", "rating", "games", "provisional", "uncertainty"} for line in lines
    )
    assert [line["rating"] for line in lines] == sorted(
        (line["rating"] for line in lines), reverse=True
    )
    assert all(line["provisional"] == (line["games"] < ratings.PROVISIONAL_GAMES) for line in lines)
    # The same as the ratings of the games' final totals, played in order.
    played = []
    for body in games:
        finished = record.parse_game(body)
        totals = sheet.build(finished).totals
        played.append(ratings.FinishedGame(seat_keys(finished.players), totals))
    expected = {line.player: line.rating for line in ratings.ratings(played)}
    assert {seat_keys([line["player"]])[0]: line["rating"] for line in lines} == expected
    assert client.get("/api/groups/nope/ratings").status_code == 404


def test_the_group_page_shows_the_ratings_and_the_display_each_seats_chance(
    client: FlaskClient,
) -> None:
    """Issue 34: the ratings on the group's page, as the API answers them; a game of the group
    about to start shows each seat's chance to win on the table display, until the first bid."""
    group_id, token = make(client)
    for seed in range(3):
        client.post(f"/api/groups/{group_id}/games", json=game_json(seed), headers=bearer(token))
    answer = json_of(client.get(f"/api/groups/{group_id}/ratings"))["players"]
    page = BeautifulSoup(client.get(f"/groups/{group_id}").get_data(as_text=True), "html.parser")
    rows = [
        [cell.get_text(strip=True) for cell in row.select("th, td")]
        for row in page.select("table.ratings tbody tr")
    ]
    assert [row[1] for row in rows] == [line["player"] for line in answer]
    # One decimal on the page, two in the API.
    assert all(row[2].endswith("*") for row in rows)
    assert all(
        abs(float(row[2].rstrip("*").replace("\u2212", "-")) - line["rating"]) <= 0.05 + 1e-9
        for row, line in zip(rows, answer, strict=True)
    )
    assert "Provisional: fewer than 5 games." in page.select("section .legend")[-2].get_text()

    names = [*(line["player"] for line in answer[:3]), "Newcomer"]
    made = client.post(
        f"/api/groups/{group_id}/games",
        json=game_json(0, rounds=0) | {"players": names},
        headers=bearer(token),
    )
    game = json_of(made)
    display = BeautifulSoup(
        client.get(f"/games/{game['id']}/display").get_data(as_text=True), "html.parser"
    )
    shown = [li.get_text(" ", strip=True) for li in display.select("ol.chances li")]
    expected = ratings.win_chances(
        [
            ratings.FinishedGame(
                seat_keys(body["players"]), sheet.build(record.parse_game(body)).totals
            )
            for body in map(game_json, range(3))
        ],
        seat_keys(names),
    )
    likeliest = sorted(range(4), key=lambda seat: -expected[seat])
    assert [text.split(" ")[0] for text in shown] == [names[seat] for seat in likeliest]
    percents = [int(text.rsplit(" ", 1)[-1].rstrip("%")) for text in shown]
    assert sum(percents) == 100
    assert all(
        abs(shown - 100 * expected[seat]) < 1
        for shown, seat in zip(percents, likeliest, strict=True)
    )
    # Once bidding starts, the standings are back.
    client.post(
        f"/api/games/{game['id']}/rounds",
        json={"trump": {"turned": "jester"}, "bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 1]},
        headers=bearer(game["edit_token"]),
    )
    display = BeautifulSoup(
        client.get(f"/games/{game['id']}/display").get_data(as_text=True), "html.parser"
    )
    assert display.select("ol.chances") == [] and display.select("ol.standings li")
    # A game outside a group has no chances to show.
    alone = json_of(client.post("/api/games", json=game_json(0, rounds=0) | {"players": names}))
    assert "chances" not in client.get(f"/games/{alone['id']}/display").get_data(as_text=True)


def test_the_stats_filter_by_length_and_variant(client: FlaskClient) -> None:
    group_id, token = make(client)
    client.post(f"/api/groups/{group_id}/games", json=game_json(1), headers=bearer(token))
    client.post(
        f"/api/groups/{group_id}/games", json=game_json(2, saboteur=True), headers=bearer(token)
    )
    url = f"/api/groups/{group_id}/stats"
    assert json_of(client.get(url))["games"] == 2
    assert json_of(client.get(f"{url}?variant=saboteur"))["games"] == 1
    assert json_of(client.get(f"{url}?length=standard"))["games"] == 0
    refused = client.get(f"{url}?length=forever")
    assert refused.status_code == 400 and json_of(refused)["code"] == "filter_unknown"


def test_a_group_moves_to_another_server_in_one_file(app: Flask, client: FlaskClient) -> None:
    group_id, token = make(client)
    for seed in range(3):
        client.post(f"/api/groups/{group_id}/games", json=game_json(seed), headers=bearer(token))
    client.post(f"/api/groups/{group_id}/games", json=game_json(7, rounds=3), headers=bearer(token))
    exported = client.get(f"/groups/{group_id}/export.json")
    assert exported.status_code == 200
    # Named after the group, which may play every game of the family.
    disposition = exported.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="friday-club-20'), disposition
    data = json.loads(exported.data)
    assert data["format"] == "wizard-scorekeeper-group/1" and len(data["games"]) == 4

    other = app.test_client()  # another phone; the same database stands in for a new server
    response = other.post(
        "/groups/import",
        data={"record": (io.BytesIO(exported.data), "club.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    copy_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert copy_id != group_id
    original = json_of(client.get(f"/api/groups/{group_id}/stats"))
    assert json_of(other.get(f"/api/groups/{copy_id}/stats")) == {**original, "id": copy_id}
    again = json.loads(other.get(f"/groups/{copy_id}/export.json").data)
    assert again == data
    assert other.get(f"/groups/{copy_id}/games/new").status_code == 200  # the importer keeps it


def test_a_bad_group_file_imports_nothing(client: FlaskClient) -> None:
    group_id, token = make(client)
    client.post(f"/api/groups/{group_id}/games", json=game_json(1), headers=bearer(token))
    good = json.loads(client.get(f"/groups/{group_id}/export.json").data)
    broken_round = json.loads(json.dumps(good))
    broken_round["games"][0]["record"]["rounds"][2]["tricks"] = [9, 9, 9, 9]
    cases = [
        (b"{", "not valid JSON"),
        (b"[]", "JSON object"),
        (json.dumps({**good, "format": "x"}).encode(), "not a group file"),
        (json.dumps({**good, "extra": 1}).encode(), "does not know"),
        (json.dumps({**good, "name": ""}).encode(), '"name"'),
        (json.dumps({**good, "players": [1]}).encode(), '"players"'),
        (json.dumps({**good, "games": {}}).encode(), '"games"'),
        (json.dumps({**good, "games": [1]}).encode(), "Game 1"),
        (json.dumps(broken_round).encode(), "Game 1: Round 3"),
        (
            json.dumps({**good, "games": [{**good["games"][0], "played_at": "soon"}]}).encode(),
            "played_at",
        ),
    ]
    for content, message in cases:
        response = client.post(
            "/groups/import",
            data={"record": (io.BytesIO(content), "club.json")},
            content_type="multipart/form-data",
            follow_redirects=True,
        )
        assert message in html.unescape(response.get_data(as_text=True)), message
    assert "Your groups" not in client.get("/").get_data(as_text=True)  # no group was made
    empty = client.post("/groups/import", data={}, follow_redirects=True)
    assert "Choose a group file" in empty.get_data(as_text=True)
