"""A view link can be renewed, a game's and a group's alike: from then on watching takes the new
link (or the API's bearer token), the old link and the phones that watched with it see nothing,
and the keepers (scorekeepers, a group's keepers) keep every address."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.pages import one, soup, start_game
from tests.plays import bearer
from tests.test_groups_pages import make_group, new_group_game, play_five


def _game(client: FlaskClient) -> str:
    return f"/games/{start_game(client, ['Tom', 'Dick', 'Mary'])}"


def _group(client: FlaskClient) -> str:
    """A group with a finished game (its figures are something to see)."""
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    return f"/groups/{group_id}"


@dataclass(frozen=True)
class Shared:
    """A game or a group, as its view link concerns it."""

    make: Callable[[FlaskClient], str]  # makes one on this phone: its address
    paths: tuple[str, ...]  # what a watcher sees, after the address
    keepers_only: str  # a page only its keepers may open
    api: str  # how the API reads it, after /api and the address
    renewed: str  # what a phone with the old link is told


GAME = Shared(
    _game,
    ("", "/sheet", "/share", "/export.json", "/export.csv", "/sheet.pdf"),
    "/delete",
    "",
    "The scorekeeper has made a new view link for this game, and this one no longer works: "
    "ask for the new link.",
)
GROUP = Shared(
    _group,
    ("", "/share", "/season.pdf", "/export.json", "/players/ana"),
    "/games/new",
    "/stats",
    "A new view link was made for this group, and this one no longer works: ask for the new link.",
)


def view_link(client: FlaskClient, address: str) -> str:
    return str(soup(client.get(f"{address}/share")).select("a.link")[0]["href"])


def renew_at(client: FlaskClient, address: str) -> str:
    """Renew the view link of the game or group at ``address`` on its share page; the new
    link."""
    form = one(soup(client.get(f"{address}/share")), "form[action$='/share/renew-view']")
    data = {field["name"]: field["value"] for field in form.select("input[type=hidden]")}
    answer = client.post(f"{address}/share/renew-view", data=data)
    assert answer.status_code == 303
    flashed = soup(client.get(answer.headers["Location"])).select(".flash")
    assert "New view link made" in flashed[0].get_text()
    return view_link(client, address)


def renew(client: FlaskClient, game_id: str) -> str:
    """Renew a game's view link; the new link."""
    return renew_at(client, f"/games/{game_id}")


Renewed = tuple[Shared, str, str, FlaskClient]


@pytest.fixture(params=[GAME, GROUP], ids=["game", "group"])
def renewed(request: pytest.FixtureRequest, app: Flask, client: FlaskClient) -> Renewed:
    """A game or a group whose view link was renewed while a phone watched it with the old
    one: what it is, its address, the new link, and that phone."""
    shared: Shared = request.param
    address = shared.make(client)
    old_watcher = app.test_client()
    assert old_watcher.get(address).status_code == 200
    assert view_link(client, address).endswith(address)
    link = renew_at(client, address)
    assert f"{address}/watch/" in link
    return shared, address, link, old_watcher


def test_the_old_link_and_its_watchers_see_nothing_more(app: Flask, renewed: Renewed) -> None:
    shared, address, _link, old_watcher = renewed
    for phone in (old_watcher, app.test_client()):
        for path in shared.paths:
            response = phone.get(f"{address}{path}")
            assert response.status_code == 403, path
            assert one(soup(response), ".flash.error").get_text(strip=True) == shared.renewed
        api = phone.get(f"/api{address}{shared.api}")
        assert api.status_code == 403
        assert api.json == {"error": shared.renewed, "code": "view_link_renewed"}
    assert soup(old_watcher.get("/")).select(f"a[href='{address}']") == []


def test_the_new_link_lets_a_phone_watch(app: Flask, renewed: Renewed) -> None:
    shared, address, link, _old = renewed
    watcher = app.test_client()
    answer = watcher.get(link)
    assert answer.status_code == 303 and answer.headers["Location"] == address
    for path in shared.paths:
        assert watcher.get(f"{address}{path}").status_code == 200, path
    assert len(soup(watcher.get("/")).select(f"a[href='{address}']")) == 1
    # Watching is not keeping: nothing to change, no new link to make.
    assert watcher.get(f"{address}{shared.keepers_only}").status_code == 403
    assert watcher.post(f"{address}/share/renew-view", data={"version": 1}).status_code == 403
    assert view_link(watcher, address) == link


def test_the_keepers_keep_every_address(client: FlaskClient, renewed: Renewed) -> None:
    shared, address, _link, _old = renewed
    for path in (*shared.paths, shared.keepers_only):
        assert client.get(f"{address}{path}").status_code == 200, path


def test_renewing_again_locks_out_the_previous_link(
    app: Flask, client: FlaskClient, renewed: Renewed
) -> None:
    shared, address, first, _old = renewed
    watcher = app.test_client()
    watcher.get(first)
    second = renew_at(client, address)
    assert second != first
    assert watcher.get(address).status_code == 403
    stale = app.test_client().get(first)
    assert stale.status_code == 403
    assert one(soup(stale), ".flash.error").get_text(strip=True) == shared.renewed


def test_the_api_reads_with_the_view_or_edit_token(
    app: Flask, client: FlaskClient, renewed: Renewed
) -> None:
    shared, address, link, _old = renewed
    view_token = link.rsplit("/", 1)[-1]
    edit = str(one(soup(client.get(f"{address}/share")), "a.link[href*=join]")["href"])
    edit_token = edit.rsplit("/", 1)[-1]
    other = app.test_client()
    for token, status in ((view_token, 200), (edit_token, 200), ("wrong", 403)):
        assert other.get(f"/api{address}{shared.api}", headers=bearer(token)).status_code == status


@pytest.mark.parametrize("shared", [GAME, GROUP], ids=["game", "group"])
def test_only_a_keeper_can_renew_the_view_link(
    app: Flask, client: FlaskClient, shared: Shared
) -> None:
    address = shared.make(client)
    watcher = app.test_client()
    assert soup(watcher.get(f"{address}/share")).select("form") == []
    answer = watcher.post(f"{address}/share/renew-view", data={"version": 1})
    assert answer.status_code == 403
    assert watcher.get(address).status_code == 200
    assert view_link(client, address).endswith(address)


def test_a_group_game_needs_the_groups_edit_token_itself(app: Flask, client: FlaskClient) -> None:
    address = _group(client)
    view_token = renew_at(client, address).rsplit("/", 1)[-1]
    other = app.test_client()
    # Adding a game asks for the edit token: without any token the renewed view link refuses
    # first (as for a game), with the view token the edit token is missing.
    blind = other.post(f"/api{address}/games", json={})
    assert blind.status_code == 403 and blind.json is not None
    assert blind.json["code"] == "view_link_renewed"
    wrong = other.post(f"/api{address}/games", json={}, headers=bearer(view_token))
    assert wrong.status_code == 403 and wrong.json is not None
    assert wrong.json["code"] == "edit_token_wrong"


def test_renewing_a_groups_link_leaves_its_games_as_they_were(
    app: Flask, client: FlaskClient
) -> None:
    # A game has a view link of its own: renewing the group's does not hide a game.
    address = _group(client)
    old_watcher = app.test_client()
    game = str(one(soup(old_watcher.get(address)), "a[href^='/games/']")["href"]).split("/")[2]
    renew_at(client, address)
    assert old_watcher.get(address).status_code == 403
    assert old_watcher.get(f"/games/{game}").status_code == 200
