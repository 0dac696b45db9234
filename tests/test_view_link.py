"""A view link can be renewed: from then on watching takes the new link (or the API's bearer
token), the old link and the phones that watched with it see nothing, and scorekeepers keep
every address of the game."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.pages import one, soup, start_game

RENEWED = (
    "The scorekeeper has made a new view link for this game, and this one no longer works: "
    "ask for the new link."
)
GAME_PATHS = ("", "/sheet", "/share", "/export.json", "/export.csv", "/sheet.pdf")


def view_link(client: FlaskClient, game_id: str) -> str:
    return str(soup(client.get(f"/games/{game_id}/share")).select("a.link")[0]["href"])


def renew(client: FlaskClient, game_id: str) -> str:
    """Renew the view link on the share page; the new link."""
    page = soup(client.get(f"/games/{game_id}/share"))
    form = page.select_one("form[action$='/share/renew-view']")
    assert form is not None
    data = {field["name"]: field["value"] for field in form.select("input[type=hidden]")}
    answer = client.post(f"/games/{game_id}/share/renew-view", data=data)
    assert answer.status_code == 303
    return view_link(client, game_id)


@pytest.fixture
def renewed(app: Flask, client: FlaskClient) -> tuple[str, str, FlaskClient]:
    """A game whose view link was renewed while a phone watched it with the old one: the id,
    the new link, and that phone."""
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    old_watcher = app.test_client()
    assert old_watcher.get(f"/games/{game_id}").status_code == 200
    assert view_link(client, game_id).endswith(f"/games/{game_id}")
    link = renew(client, game_id)
    assert "/watch/" in link
    return game_id, link, old_watcher


def test_the_old_link_and_its_watchers_see_nothing_more(
    app: Flask, renewed: tuple[str, str, FlaskClient]
) -> None:
    game_id, _link, old_watcher = renewed
    for phone in (old_watcher, app.test_client()):
        for path in GAME_PATHS:
            response = phone.get(f"/games/{game_id}{path}")
            assert response.status_code == 403, path
            assert one(soup(response), ".flash.error").get_text(strip=True) == RENEWED
        api = phone.get(f"/api/games/{game_id}")
        assert api.status_code == 403
        assert api.json == {"error": RENEWED, "code": "view_link_renewed"}
    assert soup(old_watcher.get("/")).select(".game-card") == []


def test_the_new_link_lets_a_phone_watch(app: Flask, renewed: tuple[str, str, FlaskClient]) -> None:
    game_id, link, _old = renewed
    watcher = app.test_client()
    answer = watcher.get(link)
    assert answer.status_code == 303 and answer.headers["Location"] == f"/games/{game_id}"
    for path in GAME_PATHS:
        assert watcher.get(f"/games/{game_id}{path}").status_code == 200, path
    assert len(soup(watcher.get("/")).select(".game-card")) == 1
    assert watcher.post(f"/games/{game_id}/undo", data={"version": 1}).status_code == 403


def test_scorekeepers_keep_every_address(
    client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    game_id, _link, _old = renewed
    for path in (*GAME_PATHS, "/delete"):
        assert client.get(f"/games/{game_id}{path}").status_code == 200, path


def test_renewing_again_locks_out_the_previous_link(
    app: Flask, client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    game_id, first, _old = renewed
    watcher = app.test_client()
    watcher.get(first)
    second = renew(client, game_id)
    assert second != first
    assert watcher.get(f"/games/{game_id}").status_code == 403
    stale = app.test_client().get(first)
    assert stale.status_code == 403
    assert one(soup(stale), ".flash.error").get_text(strip=True) == RENEWED


def test_the_api_reads_a_renewed_game_with_the_view_or_edit_token(
    app: Flask, client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    game_id, link, _old = renewed
    view_token = link.rsplit("/", 1)[-1]
    edit = str(one(soup(client.get(f"/games/{game_id}/share")), "a.link[href*=join]")["href"])
    edit_token = edit.rsplit("/", 1)[-1]
    other = app.test_client()
    for token, status in ((view_token, 200), (edit_token, 200), ("wrong", 403)):
        headers = {"Authorization": f"Bearer {token}"}
        assert other.get(f"/api/games/{game_id}", headers=headers).status_code == status


def test_only_a_scorekeeper_can_renew_the_view_link(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    watcher = app.test_client()
    assert soup(watcher.get(f"/games/{game_id}/share")).select("form") == []
    answer = watcher.post(f"/games/{game_id}/share/renew-view", data={"version": 1})
    assert answer.status_code == 403
    assert watcher.get(f"/games/{game_id}").status_code == 200
