"""Issue 47, groups and club nights in the trash on the pages: a keeper deletes one from its page
(asked first), its addresses say it is in the trash (410) with Restore for its keepers, the home
page lists it beside the games, and "Delete for good" is a step of its own that never takes a
game. The start states come from the API; only what is checked is tapped."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.pages import one, soup
from tests.plays import game_ids
from tests.test_evening_taken_out import keeper_of
from tests.test_evenings_api import evening, sitting


@pytest.fixture
def club(client: FlaskClient) -> dict[str, Any]:
    """A group kept by this phone, with a club night and its first sitting drawn."""
    evening_id, token, made = evening(client)
    drawn = sitting(client, evening_id, token, seed=1)
    keeper_of(client, "groups", made["group"], token)
    return {"group": made["group"], "evening": evening_id, "token": token, "sitting": drawn}


def delete(client: FlaskClient, path: str) -> None:
    """Delete from its page: the question, then yes."""
    version = one(soup(client.get(f"{path}/delete")), "input[name=version]")["value"]
    answer = client.post(f"{path}/delete", data={"version": version})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def restore_from_home(client: FlaskClient, name: str) -> str:
    """Tap Restore on the home page's trash card named ``name``: where it leads."""
    card = next(c for c in soup(client.get("/")).select("ul.trash li") if name in c.get_text())
    form = one(card, "form")
    data = {field["name"]: field["value"] for field in form.select("input[type=hidden]")}
    answer = client.post(str(form["action"]), data=data)
    assert answer.status_code == 303
    return str(answer.headers["Location"])


def test_the_group_page_offers_its_keepers_delete_asked_first(
    app: Flask, client: FlaskClient, club: dict[str, Any]
) -> None:
    group = f"/groups/{club['group']}"
    assert one(soup(client.get(group)), f"a[href='{group}/delete']")
    page = soup(client.get(f"{group}/delete"))
    assert one(page, "h1").text == "Delete the group?"
    said = page.get_text(" ", strip=True)
    assert "club nights go to the trash" in said and "Its games are not deleted" in said
    assert one(page, "button.danger").text == "Yes, delete the group"
    viewer = app.test_client()
    assert soup(viewer.get(group)).select(f"a[href='{group}/delete']") == []
    assert viewer.get(f"{group}/delete").status_code == 403
    assert viewer.post(f"{group}/delete", data={"version": 1}).status_code == 403
    assert client.get(group).status_code == 200


def test_a_deleted_group_takes_its_club_night_and_comes_back_with_it(
    app: Flask, client: FlaskClient, club: dict[str, Any]
) -> None:
    group, evening_page = f"/groups/{club['group']}", f"/evenings/{club['evening']}"
    games = sorted(game_ids(app))
    delete(client, group)
    answer = client.get(group)
    assert answer.status_code == 410
    page = soup(answer)
    assert one(page, "h1").text == "This group is in the trash"
    assert one(page, "form button").text == "Restore"
    night = client.get(evening_page)
    assert night.status_code == 410
    page = soup(night)
    assert one(page, "h1").text == "This club night is in the trash"
    assert "with its group" in page.get_text()
    assert one(page, "form")["action"] == f"{group}/restore"  # the group brings it back
    for path in (f"{evening_page}/room", f"{group}/season.pdf", f"{group}/export.json"):
        assert client.get(path).status_code == 410, path
    for path in (f"{group}/version", f"{evening_page}/version"):
        assert client.get(path).status_code == 404, path  # watchers: deleted
    watcher = app.test_client().get(group)
    assert watcher.status_code == 410 and soup(watcher).select("form") == []
    assert sorted(game_ids(app)) == games  # its games stay games
    table = club["sitting"]["tables"][0]
    phone = app.test_client()
    keeper_of(phone, "games", table["game"], table["edit_token"])
    refused = one(soup(phone.get(f"/games/{table['game']}/delete")), ".refused").get_text()
    assert "of Friday club's club night" in refused  # still the evening's record
    trash = one(soup(client.get("/")), "ul.trash")
    assert [one(li, ".players").text for li in trash.select("li")] == ["Friday club"]
    assert restore_from_home(client, "Friday club") == group
    assert client.get(group).status_code == 200
    assert client.get(evening_page).status_code == 200
    assert soup(client.get("/")).select("ul.trash") == []


def test_a_deleted_club_night_is_restored_from_the_home_page(
    client: FlaskClient, club: dict[str, Any]
) -> None:
    evening_page = f"/evenings/{club['evening']}"
    assert one(soup(client.get(evening_page)), f"a[href='{evening_page}/delete']")
    assert one(soup(client.get(f"{evening_page}/delete")), "h1").text == "Delete the club night?"
    before = client.get(f"/api/evenings/{club['evening']}").get_data()
    delete(client, evening_page)
    for path in (evening_page, f"{evening_page}/room", f"{evening_page}/sheet.pdf"):
        assert client.get(path).status_code == 410, path
    assert client.get(f"/groups/{club['group']}").status_code == 200
    # its tables' games are still the evening's record: no table's phone deletes one
    table = club["sitting"]["tables"][0]
    phone = client.application.test_client()
    keeper_of(phone, "games", table["game"], table["edit_token"])
    assert phone.post(f"/games/{table['game']}/delete", data={"version": 1}).status_code == 409
    assert soup(phone.get("/")).select(".game-card a.delete") == []  # nor offered
    card = one(soup(client.get("/")), "ul.trash li")
    assert "Club night" in card.get_text() and "Friday club" in card.get_text()
    assert restore_from_home(client, "Club night") == evening_page
    assert client.get(f"/api/evenings/{club['evening']}").get_data() == before


def test_only_the_keepers_restore_or_delete_for_good(
    app: Flask, client: FlaskClient, club: dict[str, Any]
) -> None:
    evening_page = f"/evenings/{club['evening']}"
    delete(client, evening_page)
    viewer = app.test_client()
    assert viewer.post(f"{evening_page}/restore", data={"version": 1}).status_code == 403
    assert viewer.get(f"{evening_page}/delete-for-good").status_code == 403
    assert soup(viewer.get("/")).select("ul.trash") == []


def test_a_group_deleted_for_good_leaves_its_games(
    app: Flask, client: FlaskClient, club: dict[str, Any]
) -> None:
    group, evening_page = f"/groups/{club['group']}", f"/evenings/{club['evening']}"
    games = sorted(game_ids(app))
    delete(client, group)
    page = soup(client.get(f"{group}/delete-for-good"))
    assert one(page, "h1").text == "Delete the group for good?"
    version = one(page, "input[name=version]")["value"]
    answer = client.post(f"{group}/delete-for-good", data={"version": version})
    assert answer.status_code == 303
    for path, title in ((group, "group"), (evening_page, "club night")):
        gone = client.get(path)
        assert gone.status_code == 410
        assert one(soup(gone), "h1").text == f"This {title} was deleted for good"
    assert sorted(game_ids(app)) == games
    assert soup(client.get("/")).select("ul.trash, ul.groups") == []


def test_a_club_night_past_its_days_is_gone(
    app: Flask, client: FlaskClient, club: dict[str, Any]
) -> None:
    evening_page = f"/evenings/{club['evening']}"
    delete(client, evening_page)
    app.config["TRASH_DAYS"] = 0
    for _look in ("before its rows are deleted", "after"):
        gone = client.get(evening_page)
        assert gone.status_code == 410, _look
        assert "deleted for good" in one(soup(gone), "h1").text
        assert soup(client.get("/")).select("ul.trash") == []  # deletes its rows
    assert client.get(f"/groups/{club['group']}").status_code == 200
    assert client.get("/evenings/never-was").status_code == 404
