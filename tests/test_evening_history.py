"""Issue 47, a club night's history: every change one entry written in its transaction (a refused
one none), its words, the API's shape and ETag, a restore to any entry and back (its games kept
in the group, linked again, or made anew for a sitting whose games a redraw deleted), refused
when stale, unknown or asked by a viewer; the History page for keepers and for the players."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.storage import evening_history, history
from tests.pages import one, soup
from tests.plays import bearer, json_of
from tests.test_evenings_api import evening, play_to_the_end, read, sitting

NINE = [f"Player {n}" for n in range(1, 10)]


def entries(client: FlaskClient, evening_id: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/evenings/{evening_id}/history")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found: list[dict[str, Any]] = json_of(answer)["entries"]
    return found


def restore(
    client: FlaskClient, evening_id: str, token: str, body: object, version: object = None
) -> TestResponse:
    headers = bearer(token)
    if version is not None:
        headers["If-Match"] = f'"{version}"'
    return client.post(f"/api/evenings/{evening_id}/restore", json=body, headers=headers)


def replays(app: Flask, evening_id: str) -> bool:
    """Whether the evening's history replayed gives its rows as stored."""
    with app.app_context():
        return evening_history.replays_to_stored(storage.get_db(), evening_id)


def group_games(app: Flask, evening_id: str) -> set[str]:
    with app.app_context():
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None
        return {game.id for game in storage.group_games(storage.get_db(), stored.group_id)}


@pytest.fixture
def drawn(client: FlaskClient) -> tuple[str, str]:
    """A club night of nine players, its first sitting drawn (two entries)."""
    evening_id, token, _made = evening(client, NINE, sittings=3)
    sitting(client, evening_id, token, seed=1)
    return evening_id, token


# --- each change an entry ------------------------------------------------------------------


def test_each_change_of_a_club_night_is_one_entry_in_words(
    app: Flask, client: FlaskClient, drawn: tuple[str, str]
) -> None:
    evening_id, token = drawn
    here = [*NINE[1:], "Zoe"]  # Player 1 went home, Zoe came
    sitting(client, evening_id, token, seed=2, present=here, seating="balanced")
    out = client.post(f"/api/evenings/{evening_id}/sittings/2/tables/1/out", headers=bearer(token))
    assert out.status_code == 200
    back = client.delete(
        f"/api/evenings/{evening_id}/sittings/2/tables/1/out", headers=bearer(token)
    )
    assert back.status_code == 200
    redrawn = client.post(
        f"/api/evenings/{evening_id}/sittings/2", json={"seed": 3}, headers=bearer(token)
    )
    assert redrawn.status_code == 200
    found = entries(client, evening_id)
    assert [entry["change"] for entry in found] == [
        {"code": "evening_started"},
        {"code": "drawn", "sitting": 1},
        {"code": "drawn", "sitting": 2},
        {"code": "table_out", "sitting": 2, "table": 1},
        {"code": "table_back", "sitting": 2, "table": 1},
        {"code": "redrawn", "sitting": 2},
    ]
    words = [entry["words"] for entry in found]
    assert words[0] == "Club night started: 9 players, 3 sittings planned"
    # a line for what happened, then one for each table and for who came and went
    lines = words[2].split("\n")
    assert lines[0] == "Sitting 2 drawn (new opponents)"
    assert [line.split(":")[0] for line in lines[1:3]] == ["Table 1", "Table 2"]
    assert lines[3:] == ["Here now: Zoe", "Not here: Player 1"]
    assert words[3].startswith("Table 1 of sitting 2 taken out: its game no longer counts (")
    assert words[4].startswith("Table 1 of sitting 2 put back")
    assert words[5].startswith("Sitting 2 drawn again (new opponents)\nTable 1: ")
    assert set(found[2]["after"]) == {"evening", "sitting 2", "table 2.1", "table 2.2"}
    assert found[2]["after"]["evening"]["players"] == [*NINE, "Zoe"]
    assert found[3]["before"]["table 2.1"] == {"taken_out_at": None}
    assert replays(app, evening_id)


def test_the_countdown_and_a_rename_in_the_group_are_entries(
    app: Flask, client: FlaskClient, keeper: tuple[FlaskClient, str, str]
) -> None:
    browser, evening_id, _token = keeper
    url = f"/evenings/{evening_id}/countdown"
    assert browser.post(url, data={"minutes": "30"}).status_code == 303
    assert browser.post(url, data={"stop": "1"}).status_code == 303
    # stopping a countdown that does not run changes nothing: no entry
    assert browser.post(url, data={"stop": "1"}).status_code == 303
    with app.app_context():
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None
        storage.rename_player(storage.get_db(), stored.group_id, "player 2", "Paula")
    found = entries(client, evening_id)
    assert [entry["change"]["code"] for entry in found[2:]] == [
        "countdown",
        "countdown",
        "players",
    ]
    assert found[2]["words"].startswith("Countdown on the room screen, to ")
    assert found[3]["words"] == "Countdown stopped"
    assert found[4]["words"] == "Players renamed: Player 2 → Paula"
    assert replays(app, evening_id)


def test_a_refused_change_writes_no_entry(client: FlaskClient, drawn: tuple[str, str]) -> None:
    evening_id, token = drawn
    url = f"/api/evenings/{evening_id}"
    assert client.post(f"{url}/sittings", json={"number": 3}, headers=bearer(token)).status_code
    assert client.post(f"{url}/sittings/1/tables/9/out", headers=bearer(token)).status_code == 404
    assert client.post(f"{url}/sittings/1/tables/1/out").status_code == 401
    table = read(client, evening_id, **bearer(token))["sittings"][0]["tables"][0]
    play_to_the_end(client, table, seed=4)
    started = client.post(f"{url}/sittings/1", json={}, headers=bearer(token))
    assert started.status_code == 409  # a game of the sitting has started
    assert len(entries(client, evening_id)) == 2


def test_a_change_and_its_entry_are_one_transaction(
    app: Flask, drawn: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    evening_id, _token = drawn

    def refuse(*_args: object, **_kwargs: object) -> int:
        raise RuntimeError("the entry could not be written")

    monkeypatch.setattr(history, "record", refuse)
    with app.app_context(), pytest.raises(RuntimeError):
        storage.take_table_out(storage.get_db(), evening_id, 1, 1)
    monkeypatch.undo()
    with app.app_context():
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None and stored.sittings[0].tables[0].taken_out_at is None
        assert len(evening_history.evening_history(storage.get_db(), evening_id)) == 2


# --- the API -------------------------------------------------------------------------------


def test_the_history_answers_its_shape_with_an_etag(
    client: FlaskClient, drawn: tuple[str, str]
) -> None:
    evening_id, token = drawn
    first = client.get(f"/api/evenings/{evening_id}/history")
    entry = json_of(first)["entries"][1]
    assert set(entry) == {"entry", "at", "phone", "change", "words", "before", "after"}
    assert entry["phone"] == "phone 1"
    assert entry["before"]["table 1.1"] is None
    assert set(entry["after"]["table 1.1"]) == {
        "players",
        "first_dealer",
        "game_id",
        "taken_out_at",
        "ended_at",
        "ended_rounds",
        "left_players",
    }
    tag = first.headers["ETag"]
    assert client.get(first.request.path, headers={"If-None-Match": tag}).status_code == 304
    client.post(f"/api/evenings/{evening_id}/sittings/1/tables/1/out", headers=bearer(token))
    assert client.get(first.request.path, headers={"If-None-Match": tag}).status_code == 200
    assert client.get("/api/evenings/nothing-here/history").status_code == 404


def test_a_restore_and_its_undo_link_the_games_again(
    app: Flask, client: FlaskClient, drawn: tuple[str, str]
) -> None:
    evening_id, token = drawn
    sitting(client, evening_id, token, seed=2)
    before = read(client, evening_id)
    second = {table["game"] for table in before["sittings"][1]["tables"]}
    version = read_version(client, evening_id)
    back = restore(client, evening_id, token, {"entry": 2}, version)
    assert back.status_code == 200, back.get_data(as_text=True)
    assert back.headers["ETag"] == f'"{int(version) + 1}"'
    assert [s["sitting"] for s in json_of(back)["sittings"]] == [1]
    assert second <= group_games(app, evening_id)  # its games stay games of the group
    found = entries(client, evening_id)
    assert found[-1]["change"] == {"code": "restored_to", "entry": 2}
    assert found[-1]["words"] == (
        "Brought back to how it stood after entry 2\n"
        "2 games stay in the group, no longer tables of this club night"
    )
    again = restore(client, evening_id, token, {"entry": 3})
    assert again.status_code == 200
    assert {table["game"] for table in json_of(again)["sittings"][1]["tables"]} == second
    assert read(client, evening_id)["sittings"] == before["sittings"]
    assert replays(app, evening_id)


def read_version(client: FlaskClient, evening_id: str) -> str:
    """The evening's version as its ETag names it (for If-Match)."""
    return client.get(f"/api/evenings/{evening_id}").headers["ETag"].strip('"')


def test_a_restore_to_before_a_redraw_makes_the_tables_games_anew(
    app: Flask, client: FlaskClient, drawn: tuple[str, str]
) -> None:
    evening_id, token = drawn
    first = read(client, evening_id)["sittings"][0]
    redrawn = client.post(
        f"/api/evenings/{evening_id}/sittings/1", json={"seed": 9}, headers=bearer(token)
    )
    assert redrawn.status_code == 200
    back = restore(client, evening_id, token, {"entry": 2})
    assert back.status_code == 200
    tables = json_of(back)["sittings"][0]["tables"]
    assert [t["players"] for t in tables] == [t["players"] for t in first["tables"]]
    assert all(t["game"] for t in tables)  # a new game each: the redraw deleted the first ones
    assert {t["game"] for t in tables}.isdisjoint(t["game"] for t in first["tables"])
    assert entries(client, evening_id)[-1]["change"] == {
        "code": "restored_to",
        "entry": 2,
        "new_games": 2,
    }
    assert replays(app, evening_id)


def test_a_restore_is_refused_stale_unknown_malformed_or_without_the_token(
    client: FlaskClient, drawn: tuple[str, str]
) -> None:
    evening_id, token = drawn
    version = read_version(client, evening_id)
    stale = restore(client, evening_id, token, {"entry": 1}, "0")
    assert (stale.status_code, json_of(stale)["code"]) == (412, "version_mismatch")
    unknown = restore(client, evening_id, token, {"entry": 9}, version)
    assert (unknown.status_code, json_of(unknown)["code"]) == (404, "entry_not_found")
    for body, code in [
        ({"entry": 0}, "entry_invalid"),
        ({"entry": "1"}, "entry_invalid"),
        ({"entry": True}, "entry_invalid"),
        ({"entry": 1, "more": 1}, "restore_body"),
        ([], "restore_body"),
    ]:
        bad = restore(client, evening_id, token, body, version)
        assert (bad.status_code, json_of(bad)["code"]) == (400, code), body
    # {} restores from the trash: this one is in play
    in_play = restore(client, evening_id, token, {}, version)
    assert (in_play.status_code, json_of(in_play)["code"]) == (409, "not_in_trash")
    viewer = client.post(f"/api/evenings/{evening_id}/restore", json={"entry": 1})
    assert (viewer.status_code, json_of(viewer)["code"]) == (401, "edit_token_missing")
    wrong = restore(client, evening_id, "not-the-token", {"entry": 1})
    assert wrong.status_code == 403
    assert len(entries(client, evening_id)) == 2
    assert read_version(client, evening_id) == version


# --- the pages -----------------------------------------------------------------------------


def test_the_history_page_shows_newest_first_to_whoever_sees_the_club_night(
    client: FlaskClient, drawn: tuple[str, str]
) -> None:
    evening_id, _token = drawn
    url = f"/evenings/{evening_id}/history"
    assert one(soup(client.get(f"/evenings/{evening_id}")), f"a[href='{url}']")
    page = soup(client.get(url))
    lines = page.select("ol.history > li")
    assert [li["value"] for li in lines] == ["2", "1"]
    assert one(lines[1], ".entry-words").get_text() == (
        "Club night started: 9 players, 3 sittings planned"
    )
    # the entry that stands now is marked; a draw's first line says it, then a line a table
    assert lines[0]["class"] == ["now"] and "as it stands now" in one(lines[0], ".entry-head").text
    assert one(lines[0], ".entry-words strong").get_text() == "Sitting 1 drawn (at random)"
    assert len(one(lines[0], ".entry-words").select("br")) == 2
    # whoever made the group over the API holds its token, not this browser: no "Back to here"
    assert not page.select("ol.history form")
    assert client.post(f"{url}/1/restore", data={"last": "2"}).status_code == 403
    assert len(entries(client, evening_id)) == 2


def test_a_keeper_brings_the_club_night_back_from_its_page(
    client: FlaskClient, keeper: tuple[FlaskClient, str, str]
) -> None:
    browser, evening_id, token = keeper
    url = f"/evenings/{evening_id}/history"
    form = one(soup(browser.get(url)), "li[value='1'] form")
    assert one(form, "button").get_text() == "Back to here · Entry 1"
    shown = str(one(form, "input[name=last]")["value"])
    # a change after the page was shown: the page's restore is refused, nothing written
    client.post(f"/api/evenings/{evening_id}/sittings/1/tables/1/out", headers=bearer(token))
    stale = browser.post(f"{url}/1/restore", data={"last": shown}, follow_redirects=True)
    assert "changed after this page was shown" in one(soup(stale), ".flash").get_text()
    assert len(entries(client, evening_id)) == 3
    done = browser.post(f"{url}/1/restore", data={"last": "3"}, follow_redirects=True)
    assert "back as it stood after entry 1" in one(soup(done), ".flash").get_text()
    assert read(client, evening_id)["sittings"] == []
    assert (
        one(soup(done), "li[value='4'] .entry-words")
        .get_text()
        .startswith("Brought back to how it stood after entry 1")
    )
    assert one(soup(done), "li[value='4'] .entry-link a")["href"] == "#entry-1"


@pytest.fixture
def keeper(app: Flask, client: FlaskClient) -> tuple[FlaskClient, str, str]:
    """A browser keeping a club night's group (it made the group), the evening drawn once."""
    browser = app.test_client()
    made = browser.post("/groups/new", data={"name": "Friday club"})
    group_id = made.headers["Location"].rsplit("/", 1)[-1]
    with app.app_context():
        group = storage.load_group(storage.get_db(), group_id)
        assert group is not None
        token = group.edit_token
    body = {"players": NINE, "sittings": 2, "table_sizes": [4, 5]}
    answer = client.post(f"/api/groups/{group_id}/evenings", json=body, headers=bearer(token))
    evening_id = json_of(answer)["id"]
    sitting(client, evening_id, token, seed=1)
    return browser, evening_id, token


def test_the_phone_names_itself_on_the_history_page(
    keeper: tuple[FlaskClient, str, str],
) -> None:
    browser, evening_id, _token = keeper
    url = f"/evenings/{evening_id}/history"
    named = browser.post(f"{url}/phone", data={"name": "Door table"}, follow_redirects=True)
    assert "This phone's name is saved." in one(soup(named), ".flash").get_text()
    browser.post(f"/evenings/{evening_id}/countdown", data={"minutes": "20"})
    newest = soup(browser.get(url)).select("ol.history > li")[0]
    assert "Door table" in one(newest, ".entry-head").get_text()
