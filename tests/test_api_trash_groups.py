"""Issue 47, the API's trash of groups and club nights: DELETE moves one to the trash (410
``in_trash`` with its ``until`` from then on), restore brings it back exactly as it was, at the
same version; a group takes its club nights with it; an edit is refused as any edit is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from tests.plays import bearer, game_ids, json_of
from tests.test_evenings_api import evening, sitting

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines


@pytest.fixture
def club(client: FlaskClient) -> dict[str, Any]:
    """A group (by the API) with a club night and its first sitting drawn."""
    evening_id, token, made = evening(client)
    drawn = sitting(client, evening_id, token, seed=1)
    return {"group": made["group"], "evening": evening_id, "token": token, "sitting": drawn}


def path(club: dict[str, Any], kind: str) -> str:
    return f"/api/{kind}s/{club[kind]}"


def etag(client: FlaskClient, url: str, token: str = "") -> str:
    answer = client.get(url, headers=bearer(token) if token else {})
    assert answer.status_code == 200, answer.json
    return str(answer.headers["ETag"])


def trash(client: FlaskClient, url: str, token: str) -> dict[str, Any]:
    headers = {**bearer(token), "If-Match": etag(client, url, token)}
    answer = client.delete(url, headers=headers)
    assert answer.status_code == 200, answer.json
    body: dict[str, Any] = json_of(answer)
    return body


def restore(client: FlaskClient, url: str, token: str, status: int = 200) -> dict[str, Any]:
    answer = client.post(f"{url}/restore", json={}, headers=bearer(token))
    assert answer.status_code == status, answer.json
    body: dict[str, Any] = json_of(answer)
    return body


def test_a_group_reads_with_its_version_as_etag(client: FlaskClient, club: dict[str, Any]) -> None:
    answer = client.get(path(club, "group"))
    body = json_of(answer)
    assert set(body) == {"id", "name", "players", "games", "evenings", "version"}
    assert body["evenings"] == [club["evening"]]
    assert len(body["games"]) == len(club["sitting"]["tables"])
    assert answer.headers["ETag"] == f'"{body["version"]}"'
    again = client.get(path(club, "group"), headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_a_deleted_group_answers_410_with_its_club_night_until_restored(
    app: Flask, client: FlaskClient, club: dict[str, Any]
) -> None:
    group, night = path(club, "group"), path(club, "evening")
    before = [client.get(url).get_data() for url in (group, night)]
    games = sorted(game_ids(app))
    moved = trash(client, group, club["token"])
    assert moved["in_trash"] and moved["id"] == club["group"]
    until = datetime.fromisoformat(moved["until"])
    assert timedelta(days=29.9) < until - datetime.now(UTC) <= timedelta(days=30)
    for url in (group, f"{group}/stats", f"{group}/ratings", night):
        got = client.get(url)
        assert (got.status_code, json_of(got)["code"]) == (410, "in_trash"), url
        assert json_of(got)["until"] == moved["until"]
    drawn = client.post(f"{night}/sittings", json={}, headers=bearer(club["token"]))
    assert drawn.status_code == 410
    assert sorted(game_ids(app)) == games  # its games stay games
    table = club["sitting"]["tables"][0]
    assert client.get(f"/api/games/{table['game']}").status_code == 200
    night_back = restore(client, night, club["token"], status=409)
    assert night_back["code"] == "in_trash_with_group"
    restored = restore(client, group, club["token"])
    assert restored["id"] == club["group"]
    assert [client.get(url).get_data() for url in (group, night)] == before


def test_a_deleted_club_night_keeps_its_tables_protected_and_comes_back_as_it_was(
    client: FlaskClient, club: dict[str, Any]
) -> None:
    night = path(club, "evening")
    before = client.get(night).get_data()
    version = etag(client, night)
    trash(client, night, club["token"])
    assert json_of(client.get(night))["code"] == "in_trash"
    assert club["evening"] not in json_of(client.get(path(club, "group")))["evenings"]
    table = club["sitting"]["tables"][0]
    refused = client.delete(f"/api/games/{table['game']}", headers=bearer(table["edit_token"]))
    assert (refused.status_code, json_of(refused)["code"]) == (409, "game_in_club_night")
    answer = client.post(f"{night}/restore", json={}, headers=bearer(club["token"]))
    assert answer.status_code == 200
    assert answer.headers["ETag"] == version  # the same version: an If-Match held still fits
    assert client.get(night).get_data() == before


@pytest.mark.parametrize("kind", ["group", "evening"])
@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        ({}, 401, "edit_token_missing"),
        (bearer("not-the-token"), 403, "edit_token_wrong"),
        ({"If-Match": '"999"'}, 412, "version_mismatch"),
    ],
)
def test_a_delete_is_refused_without_the_token_or_from_an_old_version(
    client: FlaskClient,
    club: dict[str, Any],
    kind: str,
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    url = path(club, kind)
    sent = headers if "If-Match" not in headers else {**bearer(club["token"]), **headers}
    answer = client.delete(url, headers=sent)
    assert (answer.status_code, json_of(answer)["code"]) == (status, code)
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("kind", ["group", "evening"])
def test_a_view_only_token_is_refused_as_any_edit_is(
    app: Flask, client: FlaskClient, club: dict[str, Any], kind: str
) -> None:
    with app.app_context():
        group = storage.load_group(storage.get_db(), club["group"])
        assert group is not None
        view = storage.renew_token(storage.get_db(), group, "view").view_token
    assert view is not None
    url = path(club, kind)
    refused = client.delete(url, headers=bearer(view))
    assert (refused.status_code, json_of(refused)["code"]) == (403, "edit_token_wrong")
    trash(client, url, club["token"])
    again = client.post(f"{url}/restore", json={}, headers=bearer(view))
    assert (again.status_code, json_of(again)["code"]) == (403, "edit_token_wrong")


@pytest.mark.parametrize("kind", ["group", "evening"])
def test_restore_refusals(client: FlaskClient, club: dict[str, Any], kind: str) -> None:
    url = path(club, kind)
    assert restore(client, url, club["token"], status=409)["code"] == "not_in_trash"
    unknown = restore(client, f"/api/{kind}s/nope", club["token"], status=404)
    assert unknown["code"] == f"{kind}_not_found"
    trash(client, url, club["token"])
    assert restore(client, url, "", status=401)["code"] == "edit_token_missing"
    again = client.delete(url, headers=bearer(club["token"]))
    assert (again.status_code, json_of(again)["code"]) == (410, "in_trash")
    not_json = client.post(f"{url}/restore", data="{}", headers=bearer(club["token"]))
    assert (not_json.status_code, json_of(not_json)["code"]) == (400, "json_required")


@pytest.mark.parametrize("kind", ["group", "evening"])
def test_one_past_its_days_is_said_deleted_for_good(
    app: Flask, client: FlaskClient, club: dict[str, Any], kind: str
) -> None:
    app.config["TRASH_DAYS"] = 0
    url = path(club, kind)
    games = sorted(game_ids(app))
    moved = trash(client, url, club["token"])
    got = client.get(url)
    assert (got.status_code, json_of(got)["code"]) == (410, "deleted_for_good")
    assert json_of(got)["gone"] == moved["until"]
    restored = restore(client, url, club["token"], status=410)
    assert restored["code"] == "deleted_for_good"
    client.get("/")  # the home page deletes what is past its days
    again = client.get(url)
    assert (again.status_code, json_of(again)["gone"]) == (410, moved["until"])
    assert sorted(game_ids(app)) == games  # never a game
