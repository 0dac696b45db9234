"""Issue 47, the trash on the pages: deleting a game from its page moves it to the trash, its
page says so (410) with Restore for its keeper, the home page lists this phone's trash, and
"Delete for good" is a step of its own. Past its days, or deleted for good, a trashed game's
page says when it went."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.pages import one, play_round, soup, start_game
from tests.plays import game_ids, without_history


def started(client: FlaskClient) -> str:
    """A game of three with a round played, on this phone."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    play_round(client, game_id, bids=[0, 1, 0], tricks=[0, 1, 0])
    return game_id


def exports(client: FlaskClient, game_id: str) -> list[bytes]:
    """The game's record and CSV (its sheet page shows this phone's messages too)."""
    answers = [client.get(f"/games/{game_id}/{path}") for path in ("export.json", "export.csv")]
    assert [answer.status_code for answer in answers] == [200] * 2
    return [without_history(answers[0].get_data()), answers[1].get_data()]


def delete(client: FlaskClient, game_id: str) -> None:
    version = one(soup(client.get(f"/games/{game_id}/delete")), "input[name=version]")["value"]
    assert client.post(f"/games/{game_id}/delete", data={"version": version}).status_code == 303


def test_a_deleted_games_page_says_it_is_in_the_trash(app: Flask, client: FlaskClient) -> None:
    game_id = started(client)
    delete(client, game_id)
    answer = client.get(f"/games/{game_id}")
    assert answer.status_code == 410
    page = soup(answer)
    assert "in the trash" in one(page, "h1").text
    assert "deleted for good on" in page.get_text()
    assert one(page, "form button").text == "Restore"
    watcher = app.test_client().get(f"/games/{game_id}")
    assert watcher.status_code == 410 and soup(watcher).select("form") == []
    assert client.get(f"/games/{game_id}/sheet").status_code == 410
    assert client.get(f"/games/{game_id}/version").status_code == 404  # watchers: deleted


def test_restore_from_the_home_page_brings_the_game_back_as_it_was(client: FlaskClient) -> None:
    game_id = started(client)
    before = exports(client, game_id)
    delete(client, game_id)
    home = soup(client.get("/"))
    trash = one(home, "ul.trash")
    assert "Tom, Dick, Mary" in trash.get_text()
    assert "No games on this phone yet" not in home.get_text()  # the trash holds one
    form = one(trash, "form")
    data = {field["name"]: field["value"] for field in form.select("input[type=hidden]")}
    restored = client.post(str(form["action"]), data=data)
    assert restored.headers["Location"].endswith(f"/games/{game_id}")
    assert exports(client, game_id) == before
    assert soup(client.get("/")).select("ul.trash") == []


def test_only_the_keeper_restores_or_deletes_for_good(app: Flask, client: FlaskClient) -> None:
    game_id = started(client)
    delete(client, game_id)
    viewer = app.test_client()
    assert viewer.post(f"/games/{game_id}/restore", data={"version": 2}).status_code == 403
    assert viewer.get(f"/games/{game_id}/delete-for-good").status_code == 403
    assert soup(viewer.get("/")).select("ul.trash") == []


def test_delete_for_good_asks_first(app: Flask, client: FlaskClient) -> None:
    game_id = started(client)
    delete(client, game_id)
    page = soup(client.get(f"/games/{game_id}/delete-for-good"))
    assert "for good" in one(page, "h1").text
    version = one(page, "input[name=version]")["value"]
    client.post(f"/games/{game_id}/delete-for-good", data={"version": version})
    gone = client.get(f"/games/{game_id}")
    assert gone.status_code == 410
    assert "deleted for good" in one(soup(gone), "h1").text
    assert game_ids(app) == []
    assert soup(client.get("/")).select(".game-card") == []


def test_a_game_past_its_days_is_gone_and_the_home_page_clears_it(
    app: Flask, client: FlaskClient
) -> None:
    game_id = started(client)
    delete(client, game_id)
    app.config["TRASH_DAYS"] = 0
    for _look in ("before its rows are deleted", "after"):
        gone = client.get(f"/games/{game_id}")
        assert gone.status_code == 410, _look
        assert "deleted for good" in one(soup(gone), "h1").text
        assert soup(client.get("/")).select(".game-card") == []  # deletes its rows
    assert game_ids(app) == []
    assert client.get("/games/never-was").status_code == 404
