"""The club evening's API (issue 34): making an evening, drawing and redrawing its sittings,
reading it with its standings, and every refusal, as docs/api.md promises."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from bs4 import BeautifulSoup
from flask.testing import FlaskClient

from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests.plays import bearer, json_of, legal_round, round_json
from tests.test_groups_api import make

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

FIVE = {"length": "five_rounds"}
CLUB = [f"Player {n}" for n in range(1, 14)]


def evening(
    client: FlaskClient, players: list[str] = CLUB, **fields: Any
) -> tuple[str, str, dict[str, Any]]:
    """A group and an evening of it: the evening's id, the group's token and the evening."""
    group_id, token = make(client)
    body = {"players": players, "variants": FIVE, "sittings": 3, "table_sizes": [4, 5], **fields}
    response = client.post(f"/api/groups/{group_id}/evenings", json=body, headers=bearer(token))
    assert response.status_code == 201, response.get_data(as_text=True)
    made: dict[str, Any] = json_of(response)
    assert response.headers["Location"] == f"/api/evenings/{made['id']}"
    return made["id"], token, made


def sitting(
    client: FlaskClient, evening_id: str, token: str, status: int = 201, **body: Any
) -> dict[str, Any]:
    response = client.post(f"/api/evenings/{evening_id}/sittings", json=body, headers=bearer(token))
    assert response.status_code == status, response.get_data(as_text=True)
    answer: dict[str, Any] = json_of(response)
    return answer


def play_to_the_end(client: FlaskClient, table: dict[str, Any], seed: int) -> None:
    """Every round of a table's game posted over the game API, legal by the rules."""
    rng = Random(seed)
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    while len(record.rounds) < len(record.schedule):
        played = legal_round(record, rng)
        response = client.post(
            f"/api/games/{table['game']}/rounds",
            json=round_json(played),
            headers=bearer(table["edit_token"]),
        )
        assert response.status_code == 201, response.get_data(as_text=True)
        record = game.add_round(record, played)


def read(client: FlaskClient, evening_id: str, **headers: str) -> dict[str, Any]:
    response = client.get(f"/api/evenings/{evening_id}", headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = json_of(response)
    return answer


# --- making an evening -----------------------------------------------------------------------


def test_an_evening_is_made_with_the_groups_token(client: FlaskClient) -> None:
    evening_id, _token, made = evening(client)
    assert made["players"] == CLUB
    assert made["game"] == "wizard" and made["variants"]["length"] == "five_rounds"
    assert made["sittings_planned"] == 3 and made["table_sizes"] == [4, 5]
    assert made["sittings"] == [] and made["standings"] == [] and made["playing"] == []
    assert made["tie_breaks"] == ["placement_points", "points_per_round", "head_to_head", "lots"]
    assert read(client, evening_id) == made


def test_the_table_sizes_default_to_what_the_game_and_its_settings_seat(
    client: FlaskClient,
) -> None:
    _id, _token, wizard = evening(client)
    assert wizard["table_sizes"] == [4, 5]
    group_id, token = make(client)
    cases: list[tuple[dict[str, Any], list[int]]] = [
        ({"variants": {}}, [3, 4, 5, 6, 7, 8]),
        ({"variants": {"deck": "anniversary_25"}}, [3, 4, 5, 6]),
        ({"game": "skull_king"}, [2, 3, 4, 5, 6, 7, 8]),
        ({"game": "oh_hell"}, [3, 4, 5, 6, 7]),
    ]
    for body, sizes in cases:
        response = client.post(
            f"/api/groups/{group_id}/evenings",
            json={"players": CLUB, "sittings": 2, **body},
            headers=bearer(token),
        )
        assert response.status_code == 201, response.get_data(as_text=True)
        assert json_of(response)["table_sizes"] == sizes, body


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"players": CLUB}, "record_missing_field"),
        ({"players": CLUB, "sittings": 0}, "evening_sittings"),
        ({"players": CLUB, "sittings": 13}, "evening_sittings"),
        ({"players": CLUB, "sittings": "3"}, "evening_sittings"),
        ({"players": "Ana", "sittings": 3}, "record_players_not_list"),
        ({"players": [], "sittings": 3}, "evening_too_few_players"),
        ({"players": ["Ana", "Ben", " ana "], "sittings": 3}, "evening_name_twice"),
        ({"players": ["Ana", ""], "sittings": 3}, "name_missing"),
        ({"players": [f"P{n}" for n in range(121)], "sittings": 1}, "evening_too_many_players"),
        ({"players": CLUB, "sittings": 3, "game": "bridge"}, "game_unknown"),
        ({"players": CLUB, "sittings": 3, "variants": {"length": "x"}}, "record_not_option"),
        ({"players": CLUB, "sittings": 3, "variants": {"colour": 1}}, "record_unknown_field"),
        ({"players": CLUB, "sittings": 3, "table_sizes": []}, "evening_table_sizes"),
        ({"players": CLUB, "sittings": 3, "table_sizes": [4, 4]}, "evening_table_sizes"),
        ({"players": CLUB, "sittings": 3, "table_sizes": [4.0]}, "record_not_whole"),
        ({"players": CLUB, "sittings": 3, "table_sizes": [9]}, "player_count"),
        (
            {
                "players": CLUB,
                "sittings": 3,
                "table_sizes": [7],
                "variants": {"deck": "anniversary_20"},
            },
            "deck_players",
        ),
        ({"players": CLUB, "sittings": 3, "seats": 4}, "record_unknown_field"),
        ([], "record_not_object"),
    ],
)
def test_an_evening_is_refused_as_a_game_would_be(
    client: FlaskClient, body: Any, code: str
) -> None:
    group_id, token = make(client)
    response = client.post(f"/api/groups/{group_id}/evenings", json=body, headers=bearer(token))
    assert response.status_code == 400
    assert json_of(response)["code"] == code


def test_an_evening_needs_the_groups_edit_token(client: FlaskClient) -> None:
    group_id, _token = make(client)
    body = {"players": CLUB, "sittings": 3}
    missing = client.post(f"/api/groups/{group_id}/evenings", json=body)
    assert (missing.status_code, json_of(missing)["code"]) == (401, "edit_token_missing")
    wrong = client.post(f"/api/groups/{group_id}/evenings", json=body, headers=bearer("x"))
    assert (wrong.status_code, json_of(wrong)["code"]) == (403, "edit_token_wrong")
    unknown = client.post("/api/groups/nope/evenings", json=body, headers=bearer("x"))
    assert (unknown.status_code, json_of(unknown)["code"]) == (404, "group_not_found")
    assert json_of(client.get("/api/evenings/nope"))["code"] == "evening_not_found"


# --- drawing sittings ------------------------------------------------------------------------


def test_a_sitting_makes_a_game_of_the_group_for_each_table(client: FlaskClient) -> None:
    evening_id, token, made = evening(client)
    drawn = sitting(client, evening_id, token, seating="random", seed=7)
    assert drawn["sitting"] == 1 and drawn["seating"] == "random" and drawn["seed"] == 7
    assert [len(table["players"]) for table in drawn["tables"]] == [5, 4, 4]
    assert drawn["sitting_out"] == []
    for number, table in enumerate(drawn["tables"], start=1):
        assert table["table"] == number
        state = json_of(client.get(f"/api/games/{table['game']}"))
        assert state["players"] == table["players"]
        assert state["first_dealer"] == table["first_dealer"]
        assert state["variants"]["length"] == "five_rounds"
        assert table["edit_token"]
    stats = json_of(client.get(f"/api/groups/{made['group']}/stats"))
    assert stats["games"] == 0  # none finished, but the games are the group's
    after = read(client, evening_id)
    assert after["playing"] == [table["game"] for table in drawn["tables"]]
    assert "edit_token" not in after["sittings"][0]["tables"][0]
    assert "edit_token" in read(client, evening_id, **bearer(token))["sittings"][0]["tables"][0]


def test_the_same_seed_draws_the_same_sitting(client: FlaskClient) -> None:
    first_id, token, _made = evening(client)
    second_id, other, _made = evening(client)
    one = sitting(client, first_id, token, seed=12)
    two = sitting(client, second_id, other, seed=12)
    assert [(t["players"], t["first_dealer"]) for t in one["tables"]] == [
        (t["players"], t["first_dealer"]) for t in two["tables"]
    ]


def test_a_late_arrival_joins_the_evening_and_a_leaver_is_out(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, players=CLUB[:8])
    sitting(client, evening_id, token)
    here = [*CLUB[1:8], "Late Lou", " PLAYER 1 "]  # player 1 back, spelt otherwise
    drawn = sitting(client, evening_id, token, present=here)
    seated = {name for table in drawn["tables"] for name in table["players"]}
    assert seated | set(drawn["sitting_out"]) == {*CLUB[:8], "Late Lou"}
    after = read(client, evening_id)
    assert after["players"] == [*CLUB[:8], "Late Lou"]
    assert after["sittings"][1]["present"] == [*CLUB[1:8], "Late Lou", "Player 1"]
    third = sitting(client, evening_id, token)  # the same players as the sitting before
    assert {n for t in third["tables"] for n in t["players"]} | set(third["sitting_out"]) == set(
        after["sittings"][1]["present"]
    )


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"seating": "alphabetical"}, "record_not_option"),
        ({"seed": -1}, "evening_seed"),
        ({"seed": 2**53}, "evening_seed"),
        ({"seed": True}, "evening_seed"),
        ({"present": ["Ana", "ANA"]}, "evening_name_twice"),
        ({"present": ["Ana", "Ben"]}, "evening_too_few_players"),
        ({"present": []}, "evening_too_few_players"),
        ({"number": 2}, "evening_sitting_not_next"),
        ({"number": "1"}, "record_not_whole"),
        ({"table": 1}, "record_unknown_field"),
    ],
)
def test_a_sitting_is_refused_with_a_code(client: FlaskClient, body: Any, code: str) -> None:
    evening_id, token, _made = evening(client)
    response = client.post(f"/api/evenings/{evening_id}/sittings", json=body, headers=bearer(token))
    assert json_of(response)["code"] == code
    assert response.status_code == (409 if code.startswith("evening_sitting") else 400)
    assert read(client, evening_id)["sittings"] == []


def test_too_few_players_are_told_how_many_a_table_needs(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    refused = sitting(client, evening_id, token, status=400, present=["Ana", "Ben", "Cid"])
    assert refused["error"] == "3 players are here; a table needs at least 4."
    response = client.post(
        f"/api/evenings/{evening_id}/sittings",
        json={"present": ["Ana"]},
        headers={**bearer(token), "Accept-Language": "de"},
    )
    assert json_of(response)["error"] == "1 Spieler ist da; ein Tisch braucht mindestens 4."


def test_no_more_sittings_than_planned(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, sittings=1)
    sitting(client, evening_id, token)
    refused = sitting(client, evening_id, token, status=409)
    assert refused["code"] == "evening_all_sittings_drawn"


def test_a_sitting_by_standings_waits_for_the_games_before_it(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, players=CLUB[:8])
    first = sitting(client, evening_id, token, seating="balanced")
    refused = sitting(client, evening_id, token, status=409, seating="standings")
    assert refused["code"] == "evening_standings_not_ready"
    assert refused["error"].endswith("2 games are still being played.")
    tokens = read(client, evening_id, **bearer(token))["sittings"][0]["tables"]
    for seed, table in enumerate(tokens):
        play_to_the_end(client, table, seed)
    drawn = sitting(client, evening_id, token, seating="standings")
    ranked = [line["player"] for line in read(client, evening_id)["standings"]]
    assert set(drawn["tables"][0]["players"]) == set(ranked[:4])
    assert len(first["tables"]) == 2


# --- double taps -----------------------------------------------------------------------------


def test_a_repeated_idempotency_key_answers_the_sitting_it_drew(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    headers = {**bearer(token), "Idempotency-Key": "tap-1"}
    url = f"/api/evenings/{evening_id}/sittings"
    first = client.post(url, json={"seating": "random"}, headers=headers)
    again = client.post(url, json={"seating": "random"}, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert json_of(first) == json_of(again)
    assert len(read(client, evening_id)["sittings"]) == 1
    other = client.post(url, json={"seating": "balanced"}, headers=headers)
    assert (other.status_code, json_of(other)["code"]) == (422, "idempotency_key_reused")


def test_a_key_retried_after_its_sitting_was_drawn_again_answers_that_sitting(
    client: FlaskClient,
) -> None:
    # Issue 46: the retry drew the next sitting. It answers the sitting it drew, as it stands.
    evening_id, token, _made = evening(client)
    url = f"/api/evenings/{evening_id}/sittings"
    keyed = {**bearer(token), "Idempotency-Key": "draw-1"}
    first = client.post(url, json={"seed": 1}, headers=keyed)
    redrawn = client.post(f"{url}/1", json={"seed": 2}, headers=bearer(token))
    assert (first.status_code, redrawn.status_code) == (201, 200)
    retried = client.post(url, json={"seed": 1}, headers=keyed)
    assert retried.status_code == 201 and retried.headers["Idempotent-Replayed"] == "true"
    assert json_of(retried) == json_of(redrawn)
    sitting(client, evening_id, token)
    again = client.post(url, json={"seed": 1}, headers=keyed)
    assert json_of(again) == json_of(redrawn)
    assert len(read(client, evening_id)["sittings"]) == 2


def test_a_redraw_retried_after_another_redraw_answers_the_sitting_as_it_stands(
    client: FlaskClient,
) -> None:
    evening_id, token, _made = evening(client)
    sitting(client, evening_id, token)
    url = f"/api/evenings/{evening_id}/sittings/1"
    keyed = {**bearer(token), "Idempotency-Key": "redraw-1"}
    first = client.post(url, json={}, headers=keyed)
    second = client.post(url, json={}, headers=bearer(token))
    retried = client.post(url, json={}, headers=keyed)
    assert (first.status_code, second.status_code, retried.status_code) == (200, 200, 200)
    assert retried.headers["Idempotent-Replayed"] == "true"
    assert json_of(retried) == json_of(second) != json_of(first)
    for table in json_of(retried)["tables"]:
        assert client.get(f"/api/games/{table['game']}").status_code == 200


def test_a_key_names_one_request_not_its_body_alone(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    url = f"/api/evenings/{evening_id}/sittings"
    keyed = {**bearer(token), "Idempotency-Key": "one-request"}
    assert client.post(url, json={}, headers=keyed).status_code == 201
    redraw = client.post(f"{url}/1", json={}, headers=keyed)
    assert (redraw.status_code, json_of(redraw)["code"]) == (422, "idempotency_key_reused")
    other = {**bearer(token), "Idempotency-Key": "another"}
    assert client.post(f"{url}/1", json={}, headers=other).status_code == 200
    assert client.post(url, json={}, headers=keyed).status_code == 201  # sitting 1 again
    drawn = client.post(url, json={}, headers=other)
    assert (drawn.status_code, json_of(drawn)["code"]) == (422, "idempotency_key_reused")
    assert len(read(client, evening_id)["sittings"]) == 1


def test_a_repeated_number_is_never_a_second_sitting(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    sitting(client, evening_id, token, number=1)
    refused = sitting(client, evening_id, token, status=409, number=1)
    assert refused["code"] == "evening_sitting_exists"
    assert len(read(client, evening_id)["sittings"]) == 1


# --- drawing again ---------------------------------------------------------------------------


def test_a_sitting_is_drawn_again_until_a_game_of_it_started(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    first = sitting(client, evening_id, token, seed=1)
    url = f"/api/evenings/{evening_id}/sittings/1"
    response = client.post(url, json={"seed": 2}, headers=bearer(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    redrawn = json_of(response)
    assert redrawn["sitting"] == 1 and redrawn["seed"] == 2
    for table in first["tables"]:  # the games of the first draw are gone
        assert client.get(f"/api/games/{table['game']}").status_code == 404
    after = read(client, evening_id)
    assert len(after["sittings"]) == 1 and after["sittings"][0]["seed"] == 2
    table = redrawn["tables"][0]
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    played = legal_round(record, Random(1))
    client.post(
        f"/api/games/{table['game']}/rounds",
        json=round_json(played),
        headers=bearer(table["edit_token"]),
    )
    refused = client.post(url, json={}, headers=bearer(token))
    assert (refused.status_code, json_of(refused)["code"]) == (409, "evening_sitting_started")


def test_only_the_last_sitting_is_drawn_again(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    sitting(client, evening_id, token)
    sitting(client, evening_id, token)
    url = f"/api/evenings/{evening_id}/sittings"
    refused = client.post(f"{url}/1", json={}, headers=bearer(token))
    assert (refused.status_code, json_of(refused)["code"]) == (409, "evening_redraw_not_last")
    for number in ("3", "0", "x", "9" * 20):
        missing = client.post(f"{url}/{number}", json={}, headers=bearer(token))
        assert (missing.status_code, json_of(missing)["code"]) == (404, "sitting_not_found")
    unkeyed = client.post(f"{url}/2", json={})
    assert unkeyed.status_code == 401


# --- outputs ---------------------------------------------------------------------------------


def test_the_evening_downloads_as_csv_and_json(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, players=CLUB[:11])  # 5 + 5, one sits out
    drawn = sitting(client, evening_id, token, seed=3)
    tables = read(client, evening_id, **bearer(token))["sittings"][0]["tables"]
    for seed, table in enumerate(tables):
        play_to_the_end(client, table, seed)
    csv_answer = client.get(f"/evenings/{evening_id}/export.csv")
    assert csv_answer.status_code == 200
    assert "attachment" in csv_answer.headers["Content-Disposition"]
    lines = csv_answer.get_data(as_text=True).lstrip("\ufeff").splitlines()
    assert lines[0] == "Rank,Player,Placement points,Games,Sat out,Points per round"
    assert len(lines) == 1 + 11 + 1 + 1 + 2 + 1  # standings, blank, header, tables, sat out
    assert lines[13] == "Sitting,Table,Players,First dealer,Winners,Sitting out,Ended early"
    assert lines[-1].endswith(f"{drawn['sitting_out'][0]},")
    json_answer = client.get(f"/evenings/{evening_id}/export.json")
    assert json_of(json_answer) == read(client, evening_id)
    assert "attachment" in json_answer.headers["Content-Disposition"]


def test_the_evening_follows_its_games_version(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client)
    before = client.get(f"/api/evenings/{evening_id}")
    etag = before.headers["ETag"]
    assert (
        client.get(f"/api/evenings/{evening_id}", headers={"If-None-Match": etag}).status_code
        == 304
    )
    sitting(client, evening_id, token)
    tables = read(client, evening_id, **bearer(token))["sittings"][0]["tables"]
    version = read(client, evening_id)["version"]
    table = tables[0]
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    client.post(
        f"/api/games/{table['game']}/rounds",
        json=round_json(legal_round(record, Random(2))),
        headers=bearer(table["edit_token"]),
    )
    assert read(client, evening_id)["version"] == version + 1
    live = client.get(f"/evenings/{evening_id}/version")
    assert live.status_code == 200 and json_of(live) == {"version": version + 1}


def test_a_finished_table_leads_back_to_the_club_night(client: FlaskClient) -> None:
    """A walk ended a table's game on "Rematch, same players" with no way back to the evening:
    a club night's table now leads to the evening (its next sitting, its standings)."""
    evening_id, token, _made = evening(client)
    table = sitting(client, evening_id, token, seating="random", seed=1)["tables"][0]
    play_to_the_end(client, table, seed=1)
    page = BeautifulSoup(
        client.get(f"/games/{table['game']}").get_data(as_text=True), "html.parser"
    )
    back = page.select_one(".over a.primary")
    assert back is not None and back["href"] == f"/evenings/{evening_id}"
    assert back.get_text() == "Back to the club night"
    assert page.select("form[action$='/rematch']") == []
