"""A group's view link can be renewed, as a game's can: from then on seeing the group takes the
new link (or the API's bearer token), the old link and the phones that saw the group with it
see nothing more, and the group's keepers keep every address."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.pages import one, soup
from tests.plays import bearer
from tests.test_groups_pages import make_group, new_group_game, play_five

RENEWED = (
    "A new view link was made for this group, and this one no longer works: ask for the new link."
)
GROUP_PATHS = ("", "/share", "/season.pdf", "/export.json", "/players/ana")


def view_link(client: FlaskClient, group_id: str) -> str:
    return str(soup(client.get(f"/groups/{group_id}/share")).select("a.link")[0]["href"])


def renew(client: FlaskClient, group_id: str) -> str:
    """Renew the view link on the share page; the new link."""
    form = one(soup(client.get(f"/groups/{group_id}/share")), "form[action$='/share/renew-view']")
    data = {field["name"]: field["value"] for field in form.select("input[type=hidden]")}
    answer = client.post(f"/groups/{group_id}/share/renew-view", data=data)
    assert answer.status_code == 303
    flashed = soup(client.get(answer.headers["Location"])).select(".flash")
    assert "New view link made" in flashed[0].get_text()
    return view_link(client, group_id)


@pytest.fixture
def renewed(app: Flask, client: FlaskClient) -> tuple[str, str, FlaskClient]:
    """A group with a finished game whose view link was renewed while a phone looked at it with
    the old one: the group's id, the new link, and that phone."""
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    old_viewer = app.test_client()
    assert old_viewer.get(f"/groups/{group_id}").status_code == 200
    assert view_link(client, group_id).endswith(f"/groups/{group_id}")
    link = renew(client, group_id)
    assert f"/groups/{group_id}/watch/" in link
    return group_id, link, old_viewer


def test_the_old_link_and_its_viewers_see_nothing_more(
    app: Flask, renewed: tuple[str, str, FlaskClient]
) -> None:
    group_id, _link, old_viewer = renewed
    for phone in (old_viewer, app.test_client()):
        for path in GROUP_PATHS:
            response = phone.get(f"/groups/{group_id}{path}")
            assert response.status_code == 403, path
            assert one(soup(response), ".flash.error").get_text(strip=True) == RENEWED
        api = phone.get(f"/api/groups/{group_id}/stats")
        assert api.status_code == 403
        assert api.json == {"error": RENEWED, "code": "view_link_renewed"}
    assert soup(old_viewer.get("/")).select(f"a[href='/groups/{group_id}']") == []


def test_the_new_link_lets_a_phone_see_the_group(
    app: Flask, renewed: tuple[str, str, FlaskClient]
) -> None:
    group_id, link, _old = renewed
    viewer = app.test_client()
    answer = viewer.get(link)
    assert answer.status_code == 303 and answer.headers["Location"] == f"/groups/{group_id}"
    for path in GROUP_PATHS:
        assert viewer.get(f"/groups/{group_id}{path}").status_code == 200, path
    assert len(soup(viewer.get("/")).select(f"a[href='/groups/{group_id}']")) == 1
    # Seeing is not keeping: no new game, no renaming, no new links.
    assert viewer.get(f"/groups/{group_id}/games/new").status_code == 403
    assert viewer.post(f"/groups/{group_id}/share/renew-view", data={"version": 0}).status_code == (
        403
    )
    assert view_link(viewer, group_id) == link


def test_the_keepers_keep_every_address(
    client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    group_id, _link, _old = renewed
    for path in (*GROUP_PATHS, "/games/new"):
        assert client.get(f"/groups/{group_id}{path}").status_code == 200, path


def test_renewing_again_locks_out_the_previous_link(
    app: Flask, client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    group_id, first, _old = renewed
    viewer = app.test_client()
    viewer.get(first)
    second = renew(client, group_id)
    assert second != first
    assert viewer.get(f"/groups/{group_id}").status_code == 403
    stale = app.test_client().get(first)
    assert stale.status_code == 403
    assert one(soup(stale), ".flash.error").get_text(strip=True) == RENEWED
    assert app.test_client().get(f"/groups/{group_id}/watch/").status_code == 404


def test_the_api_reads_a_renewed_group_with_the_view_or_edit_token(
    app: Flask, client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    group_id, link, _old = renewed
    view_token = link.rsplit("/", 1)[-1]
    edit = str(one(soup(client.get(f"/groups/{group_id}/share")), "a.link[href*=join]")["href"])
    edit_token = edit.rsplit("/", 1)[-1]
    other = app.test_client()
    for token, status in ((view_token, 200), (edit_token, 200), ("wrong", 403)):
        answer = other.get(f"/api/groups/{group_id}/stats", headers=bearer(token))
        assert answer.status_code == status, token
    # Adding a game still asks for the edit token itself: 401 without one, 403 with another.
    assert other.post(f"/api/groups/{group_id}/games", json={}).status_code == 401
    wrong = other.post(f"/api/groups/{group_id}/games", json={}, headers=bearer(view_token))
    assert wrong.status_code == 403 and wrong.json is not None
    assert wrong.json["code"] == "edit_token_wrong"


def test_only_a_keeper_can_renew_the_view_link(app: Flask, client: FlaskClient) -> None:
    group_id = make_group(client)
    viewer = app.test_client()
    assert soup(viewer.get(f"/groups/{group_id}/share")).select("form") == []
    answer = viewer.post(f"/groups/{group_id}/share/renew-view", data={"version": 0})
    assert answer.status_code == 403
    assert viewer.get(f"/groups/{group_id}").status_code == 200
    assert view_link(client, group_id).endswith(f"/groups/{group_id}")


def test_a_renewed_group_leaves_its_games_as_they_were(
    app: Flask, client: FlaskClient, renewed: tuple[str, str, FlaskClient]
) -> None:
    # A game has a view link of its own: renewing the group's does not change who sees a game.
    group_id, _link, old_viewer = renewed
    page = soup(client.get(f"/groups/{group_id}"))
    game = str(one(page, "a[href^='/games/']")["href"]).split("/")[2]
    assert old_viewer.get(f"/games/{game}").status_code == 200
