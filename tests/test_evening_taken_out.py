"""The club's record protected (issue 47): a table's game of a club night is not deleted from a
table's phone (the page says whose table it is and who can take it out); the evening's keepers
take a table out of its sitting, or put it back, on the evening's page or over the API; the
standings then count its players as sitting that sitting out, and the evening's page, room
screen, PDF and JSON say so."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import group_record
from scorekeeper.core.evening_standings import SAT_OUT
from scorekeeper.core.record_shapes import RecordError
from scorekeeper.storage.migrations import migrations
from tests import pdfs
from tests.pages import one, soup
from tests.plays import bearer, json_of
from tests.support.older import older_evening, older_group
from tests.test_evenings_api import evening, play_to_the_end, read, sitting

OUT = "/api/evenings/{evening}/sittings/{sitting}/tables/{table}/out"


@pytest.fixture
def drawn(client: FlaskClient) -> tuple[str, str, dict[str, Any]]:
    """An evening over the API with sitting 1 drawn (13 players at tables of 5, 4 and 4):
    its id, its group's token and sitting 1 as drawn (each table with its game's token)."""
    evening_id, token, _made = evening(client)
    return evening_id, token, sitting(client, evening_id, token, seating="random", seed=3)


def keeper_of(client: FlaskClient, kind: str, thing_id: str, token: str) -> None:
    """This phone becomes a keeper of the game or group (its join link, confirmed)."""
    assert client.post(f"/{kind}/{thing_id}/join/{token}").status_code == 303


def take_out(
    client: FlaskClient, evening_id: str, token: str, number: int = 1, table: int = 1
) -> dict[str, Any]:
    url = OUT.format(evening=evening_id, sitting=number, table=table)
    response = client.post(url, headers=bearer(token))
    assert response.status_code == 200, response.get_data(as_text=True)
    answer: dict[str, Any] = json_of(response)
    return answer


# --- a table's phone cannot delete its game -------------------------------------------------


def test_a_tables_phone_is_refused_deleting_its_game_in_words(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, _token, first = drawn
    table = first["tables"][1]
    phone = app.test_client()
    keeper_of(phone, "games", table["game"], table["edit_token"])
    page = soup(phone.get(f"/games/{table['game']}/delete"))
    said = one(page, ".refused").get_text(" ", strip=True)
    assert said.startswith("This game is table 2 of sitting 1 of ")
    assert "'s club night of " in said
    assert said.endswith("Only the club night's keepers can take a table out.")
    assert one(page, f"a[href='/evenings/{evening_id}']")
    assert page.select("form, button.danger") == []
    refused = phone.post(f"/games/{table['game']}/delete", data={"version": "1"})
    assert refused.status_code == 409
    assert phone.get(f"/games/{table['game']}").status_code == 200  # still there


def test_the_api_refuses_deleting_a_club_nights_game_with_a_code(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    table = drawn[2]["tables"][0]
    path = f"/api/games/{table['game']}"
    refused = client.delete(path, headers={**bearer(table["edit_token"]), "If-Match": '"1"'})
    assert refused.status_code == 409
    assert json_of(refused)["code"] == "game_in_club_night"
    assert client.get(path).status_code == 200  # not in the trash


def test_the_home_page_offers_no_delete_for_a_club_nights_game(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    _evening_id, _token, first = drawn
    table = first["tables"][0]
    phone = app.test_client()
    keeper_of(phone, "games", table["game"], table["edit_token"])
    created = phone.post("/api/games", json={"players": ["Ana", "Ben", "Cid"], "first_dealer": 0})
    own = json_of(created)
    keeper_of(phone, "games", own["id"], own["edit_token"])
    home = soup(phone.get("/"))
    offered = [str(link["href"]) for link in home.select("a.delete")]
    assert offered == [f"/games/{own['id']}/delete"]


# --- the keepers take a table out, over the API ---------------------------------------------


def test_a_table_is_taken_out_and_put_back_over_the_api(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, _first = drawn
    before = read(client, evening_id)["version"]
    answer = take_out(client, evening_id, token, table=2)
    tables = answer["sittings"][0]["tables"]
    assert [t["taken_out"] for t in tables] == [False, True, False]
    at = tables[1]["taken_out_at"]
    assert at and tables[0]["taken_out_at"] is None
    assert answer["version"] == before + 1
    # Taken out again: nothing changes, the time it was taken out stays.
    again = take_out(client, evening_id, token, table=2)
    assert again["sittings"][0]["tables"][1]["taken_out_at"] == at
    assert again["version"] == before + 1
    url = OUT.format(evening=evening_id, sitting=1, table=2)
    back = client.delete(url, headers=bearer(token))
    assert back.status_code == 200
    assert json_of(back)["sittings"][0]["tables"][1]["taken_out"] is False
    # Its game is kept all along.
    assert client.get(f"/api/games/{tables[1]['game']}").status_code == 200


@pytest.mark.parametrize(
    ("path", "headers", "status", "code"),
    [
        ((1, 1), {}, 401, "edit_token_missing"),
        ((1, 1), {"Authorization": "Bearer nope"}, 403, "edit_token_wrong"),
        ((2, 1), None, 404, "sitting_not_found"),
        ((1, 9), None, 404, "table_not_found"),
        ((1, "x"), None, 404, "table_not_found"),
    ],
)
def test_taking_a_table_out_is_refused_with_a_code(
    client: FlaskClient,
    drawn: tuple[str, str, dict[str, Any]],
    path: tuple[int, Any],
    headers: dict[str, str] | None,
    status: int,
    code: str,
) -> None:
    evening_id, token, _first = drawn
    url = OUT.format(evening=evening_id, sitting=path[0], table=path[1])
    response = client.post(url, headers=bearer(token) if headers is None else headers)
    assert response.status_code == status
    assert json_of(response)["code"] == code


def test_an_unknown_evening_has_no_table_to_take_out(client: FlaskClient) -> None:
    response = client.post(OUT.format(evening="nope", sitting=1, table=1))
    assert response.status_code == 404 and json_of(response)["code"] == "evening_not_found"


# --- how a table taken out counts ------------------------------------------------------------


def test_a_table_taken_out_counts_as_a_sitting_sat_out_for_its_players(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    for seed, table in enumerate(first["tables"]):
        play_to_the_end(client, table, seed)
    out = first["tables"][0]
    answer = take_out(client, evening_id, token)
    lines = {line["player"]: line for line in answer["standings"]}
    for player in out["players"]:
        assert lines[player]["games"] == 0
        assert lines[player]["sat_out"] == 1
        assert lines[player]["placement_points"] == float(SAT_OUT)
    others = [p for t in first["tables"][1:] for p in t["players"]]
    assert all(lines[p]["games"] == 1 and lines[p]["sat_out"] == 0 for p in others)
    # Every seat of the sitting, taken out or played, still averages 50.
    total = sum(line["placement_points"] for line in lines.values())
    assert total == pytest.approx(50 * len(lines))


def test_a_table_taken_out_is_no_longer_waited_for(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    """An unfinished table taken out is not "still playing": a sitting by standings may be
    drawn once the other tables finished."""
    evening_id, token, first = drawn
    for seed, table in enumerate(first["tables"][1:]):
        play_to_the_end(client, table, seed)
    assert read(client, evening_id)["playing"] == [first["tables"][0]["game"]]
    assert take_out(client, evening_id, token)["playing"] == []
    sitting(client, evening_id, token, seating="standings")


# --- the keepers' page, the evening's page, the room screen and the PDF ----------------------


def test_the_keeper_takes_a_table_out_after_a_confirmation(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    group_id = read(client, evening_id)["group"]
    keeper = app.test_client()
    keeper_of(keeper, "groups", group_id, token)
    page = soup(keeper.get(f"/evenings/{evening_id}"))
    link = one(page, "details.take-out a[href$='/sittings/1/tables/3/out']")
    ask = soup(keeper.get(str(link["href"])))
    assert one(ask, "h1").get_text() == "Take table 3 of sitting 1 out?"
    one(ask, "form button.danger")
    assert read(client, evening_id)["sittings"][0]["tables"][2]["taken_out"] is False
    done = keeper.post(str(link["href"]))
    assert done.status_code == 303 and done.headers["Location"] == f"/evenings/{evening_id}"
    assert read(client, evening_id)["sittings"][0]["tables"][2]["taken_out"] is True
    page = soup(keeper.get(f"/evenings/{evening_id}"))
    assert "Table 3 of sitting 1 is taken out." in one(page, ".flash").get_text()
    assert "(taken out)" in one(page, "details.take-out").get_text()
    # Put back from the same page.
    ask = soup(keeper.get(str(link["href"])))
    back = one(ask, "form[action$='/sittings/1/tables/3/back']")
    assert keeper.post(str(back["action"])).status_code == 303
    assert read(client, evening_id)["sittings"][0]["tables"][2]["taken_out"] is False
    # Somebody else: neither the page nor the post.
    watcher = app.test_client()
    assert watcher.get(str(link["href"])).status_code == 403
    assert watcher.post(str(link["href"])).status_code == 403
    assert keeper.get(f"/evenings/{evening_id}/sittings/1/tables/9/out").status_code == 404
    assert first["tables"][2]["game"]


def test_the_evening_says_a_table_was_taken_out_and_how_it_counted(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    play_to_the_end(client, first["tables"][1], seed=2)
    take_out(client, evening_id, token, table=2)
    said = "Table 2 of sitting 1 was taken out by the club night's keepers at "
    counted = "each of its players is credited as sitting that sitting out (50 placement points"
    page = soup(client.get(f"/evenings/{evening_id}"))
    note = one(page, ".taken-out-note").get_text(" ", strip=True)
    assert note.startswith(said) and counted in note
    card = page.select(".table-card")[1]
    assert "taken out" in card.get_text() and card.select(".won") == []  # its winner not shown
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    assert one(room, ".taken-out-note").get_text(" ", strip=True).startswith(said)
    pdf = client.get(f"/evenings/{evening_id}/sheet.pdf")
    assert pdf.status_code == 200
    text = " ".join(pdfs.text(pdf.data).split())
    assert said in text and "taken out" in text


# --- the mark, as stored ---------------------------------------------------------------------


def test_the_tables_of_an_older_database_count_after_the_upgrade(tmp_path: Path) -> None:
    """Migration m016 adds the mark to every table stored before it, unset: each counts."""
    conn = storage.connect(tmp_path / "old.sqlite")
    migrations.apply(conn, stop_before="m016_evening_table_taken_out")
    # Stored as rows: the history these writes keep came with a later migration (m018).
    evening_id = older_evening(conn, older_group(conn, "Club"), ["A", "B", "C", "D"])
    conn.execute(
        "INSERT INTO evening_sittings (evening_id, number, seating, seed, present, sitting_out,"
        " created_at) VALUES (?, 1, 'random', 1, '[]', '[]', '2026-12-05T19:30:00+00:00')",
        [evening_id],
    )
    conn.execute(
        "INSERT INTO evening_tables (evening_id, sitting, number, players, first_dealer)"
        ' VALUES (?, 1, 1, \'["A", "B", "C", "D"]\', 0)',
        [evening_id],
    )
    migrations.apply(conn)
    stored = storage.load_evening(conn, evening_id)
    assert stored is not None
    assert stored.sittings[0].tables[0].taken_out_at is None
    assert storage.take_table_out(conn, evening_id, 1, 1)
    assert not storage.take_table_out(conn, evening_id, 1, 2)
    stored = storage.load_evening(conn, evening_id)
    assert stored is not None and stored.sittings[0].tables[0].taken_out_at
    conn.close()


def test_a_table_taken_out_travels_in_the_groups_file(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, _first = drawn
    at = take_out(client, evening_id, token, table=2)["sittings"][0]["tables"][1]["taken_out_at"]
    group_id = read(client, evening_id)["group"]
    data = json.loads(client.get(f"/groups/{group_id}/export.json").data)
    tables = data["evenings"][0]["sittings"][0]["tables"]
    assert [table.get("taken_out_at") for table in tables] == [None, at, None]
    assert ["taken_out_at" in table for table in tables] == [False, True, False]
    imported = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(json.dumps(data).encode()), "club.json")},
        content_type="multipart/form-data",
    )
    assert imported.status_code in (302, 303), imported.get_data(as_text=True)
    new_group = imported.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        (again,) = storage.group_evenings(storage.get_db(), new_group)
    marks = [table.taken_out_at for table in again.sittings[0].tables]
    assert marks == [None, at, None]
    tables[1]["taken_out_at"] = "after the break"
    with pytest.raises(RecordError) as refused:
        group_record.parse_group_file(data)
    assert refused.value.reason.code == "group_file_evening"
