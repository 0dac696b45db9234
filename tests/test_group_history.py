"""Issue 47, a group's history: an entry for each change of the group (made, games added or taken
out, players added, renamed or merged, a club night's draw, a link renewed, never its token),
one per change whatever it touched, in words on the group's History page and in the API."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.storage import group_rows, history
from tests.pages import one, soup, start_game
from tests.plays import bearer, json_of
from tests.test_evenings_api import sitting
from tests.test_groups_api import game_json
from tests.test_groups_pages import make_group, new_group_game


def entries(client: FlaskClient, group_id: str, **headers: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/groups/{group_id}/history", headers=headers)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found: list[dict[str, Any]] = json_of(answer)["entries"]
    return found


def edit_token(app: Flask, group_id: str) -> str:
    with app.app_context():
        group = storage.load_group(storage.get_db(), group_id)
        assert group is not None
        return group.edit_token


def test_every_change_of_the_group_is_one_entry_in_words(app: Flask, client: FlaskClient) -> None:
    mine = start_game(client, ["Tom", "Dick", "Mary"])
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    new_group_game(client, group_id, **names, first_dealer="new-0")
    client.post(f"/groups/{group_id}/games/add", data={"games": [mine]})
    client.post(f"/groups/{group_id}/games/{mine}/remove", data={"version": 0})
    client.post(f"/groups/{group_id}/players/ana/rename", data={"name": "Anna"})
    client.post(f"/groups/{group_id}/players/tom/rename", data={"name": "Ben"})  # never met
    with app.app_context():
        storage.join_roster(storage.get_db(), group_id, ["Dora", "Anna"])
    found = entries(client, group_id)
    assert [entry["change"]["code"] for entry in found] == [
        "group_started",
        "games_added",
        "games_added",
        "games_removed",
        "player_renamed",
        "players_merged",
        "players_added",
    ]
    assert [entry["words"] for entry in found] == [
        "Group started",
        "Game added: Ana, Ben, Cleo",
        "Game added: Tom, Dick, Mary",
        "Game taken out of the group: Tom, Dick, Mary",
        "Player renamed: Ana → Anna (1 game changed)",
        "Players merged: Tom into Ben",
        "Players added: Dora",
    ]
    assert found[4]["before"] == {"player ana": "Ana", "player anna": None}
    assert found[4]["after"] == {"player ana": None, "player anna": "Anna"}
    # one browser, its cookie; then a change made with no phone (here, storage called directly)
    assert [entry["phone"] for entry in found] == ["phone 1"] * 6 + ["phone 2"]


def test_a_renewed_link_is_an_entry_without_its_token(app: Flask, client: FlaskClient) -> None:
    group_id = make_group(client)
    client.post(f"/groups/{group_id}/share/renew", data={"version": 0})
    client.post(f"/groups/{group_id}/share/renew-view", data={"version": 0})
    token = edit_token(app, group_id)
    answer = client.get(f"/api/groups/{group_id}/history", headers=bearer(token))
    found = json_of(answer)["entries"]
    assert [entry["change"] for entry in found[1:]] == [
        {"code": "link_renewed", "link": "edit"},
        {"code": "link_renewed", "link": "view"},
    ]
    assert found[1]["words"] == "New edit link: the old one no longer changes the group"
    assert found[2]["words"] == "New view link: the old one no longer shows the group"
    with app.app_context():
        group = storage.load_group(storage.get_db(), group_id)
        assert group is not None and group.view_token is not None
        stored = storage.get_db().execute("SELECT detail, parts FROM history").fetchall()
    kept = answer.get_data(as_text=True) + repr(stored)
    assert token not in kept and group.view_token not in kept
    # once the view link is renewed, the history is the group's: its old address is refused
    assert app.test_client().get(f"/api/groups/{group_id}/history").status_code == 403


def test_a_draw_and_an_import_are_one_entry_each(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/groups", json={"name": "Club"})
    group_id, token = json_of(made)["id"], json_of(made)["edit_token"]
    players = [f"Player {n}" for n in range(1, 10)]
    body = {"players": players, "sittings": 2, "table_sizes": [4, 5]}
    evening = client.post(f"/api/groups/{group_id}/evenings", json=body, headers=bearer(token))
    evening_id = json_of(evening)["id"]
    sitting(client, evening_id, token, seed=1)
    found = entries(client, group_id)
    assert [entry["change"]["code"] for entry in found] == ["group_started", "drawn"]
    assert found[1]["change"]["evening"] == evening_id and len(found[1]["change"]["added"]) == 2
    assert found[1]["words"] == "Club night, sitting 1 drawn: 2 games for its tables"
    with app.app_context():
        games = storage.group_games(storage.get_db(), group_id)
        records = [(game.record, game.created_at) for game in games]
        imported = storage.import_group(storage.get_db(), "Imported", ["Ana"], records)
    copied = entries(client, imported.id)
    assert [entry["change"]["code"] for entry in copied] == ["imported"]
    assert copied[0]["words"] == "Group imported from a file with 2 games"


def test_a_group_kept_from_before_histories_begins_with_its_state(
    app: Flask, client: FlaskClient
) -> None:
    made = client.post("/api/groups", json={"name": "Club"})
    group_id, token = json_of(made)["id"], json_of(made)["edit_token"]
    with app.app_context():
        history.forget(storage.get_db(), group_rows.GROUPS, group_id)
        storage.get_db().conn.commit()
    added = client.post(f"/api/groups/{group_id}/games", json=game_json(1), headers=bearer(token))
    assert added.status_code == 201
    found = entries(client, group_id)
    assert [entry["change"]["code"] for entry in found] == ["kept", "games_added"]
    assert found[0]["words"] == "History recorded from here on"
    with app.app_context():
        kept = history.entries(storage.get_db(), group_rows.GROUPS, group_id)
        assert history.replayed(kept) == group_rows.parts_of(storage.get_db(), group_id)


def test_the_history_page_and_its_etag(client: FlaskClient) -> None:
    group_id = make_group(client)
    client.post(f"/groups/{group_id}/share/renew", data={"version": 0})
    url = f"/groups/{group_id}/history"
    assert one(soup(client.get(f"/groups/{group_id}")), f"a[href='{url}']")
    lines = soup(client.get(url)).select("ol.history > li")
    assert [li["value"] for li in lines] == ["2", "1"]
    assert one(lines[1], ".entry-words").get_text() == "Group started"
    first = client.get(f"/api/groups/{group_id}/history")
    tag = {"If-None-Match": first.headers["ETag"]}
    assert client.get(f"/api/groups/{group_id}/history", headers=tag).status_code == 304
    client.post(f"/groups/{group_id}/share/renew", data={"version": 0})
    assert client.get(f"/api/groups/{group_id}/history", headers=tag).status_code == 200
    assert client.get("/api/groups/unknown/history").status_code == 404
    assert client.get("/groups/unknown/history").status_code == 404


def test_a_trip_to_the_trash_and_back_is_two_entries(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/groups", json={"name": "Club"})
    group_id, token = json_of(made)["id"], json_of(made)["edit_token"]
    with app.app_context():
        storage.GROUP_TRASH.trash(storage.get_db(), group_id)
        storage.GROUP_TRASH.restore(storage.get_db(), group_id)
    found = entries(client, group_id)
    assert [entry["words"] for entry in found][-2:] == [
        "Moved to the trash",
        "Brought back from the trash",
    ]
    assert token
