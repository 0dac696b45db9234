"""A rematch goes into the game's group only for a phone that keeps the group: one game's edit
link is no way to add games to a group's statistics."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from tests.fuzzing import page_messages
from tests.pages import soup

OUTSIDE = "This rematch is not in the group Friday club"


def group_game(app: Flask, client: FlaskClient) -> tuple[str, str, str]:
    """A group made by ``client`` and a game of it: the group's id, the game's id and token."""
    group = client.post("/groups/new", data={"name": "Friday club"}).headers["Location"]
    form = {"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": "Cy"}
    form |= {"first_dealer": "new-0", "length": "standard"}
    game = client.post(f"{group}/games/new", data=form).headers["Location"]
    game_id = game.rsplit("/", 1)[-1]
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
    assert stored is not None
    return group.rsplit("/", 1)[-1], game_id, stored.edit_token


def group_of(app: Flask, location: str) -> str | None:
    with app.app_context():
        return storage.group_of(storage.get_db(), location.rsplit("/", 1)[-1])


def infos(client: FlaskClient, location: str) -> list[str]:
    page = soup(client.get(location))
    return [item.get_text(" ", strip=True) for item in page.select(".flash")]


def test_a_rematch_by_a_phone_with_only_the_games_edit_link_leaves_the_group(
    app: Flask, client: FlaskClient
) -> None:
    group_id, game_id, token = group_game(app, client)
    other = app.test_client()
    assert other.post(f"/games/{game_id}/join/{token}").status_code == 303
    rematch = other.post(f"/games/{game_id}/rematch")
    assert rematch.status_code == 303
    assert group_of(app, rematch.headers["Location"]) is None
    assert any(OUTSIDE in text for text in infos(other, rematch.headers["Location"]))
    # The group's keeper still gets a rematch in the group, another game.
    kept = client.post(f"/games/{game_id}/rematch")
    assert kept.headers["Location"] != rematch.headers["Location"]
    assert group_of(app, kept.headers["Location"]) == group_id
    assert not page_messages(client.get(kept.headers["Location"]))


def test_a_rematch_by_the_groups_keeper_stays_in_the_group(app: Flask, client: FlaskClient) -> None:
    group_id, game_id, _token = group_game(app, client)
    rematch = client.post(f"/games/{game_id}/rematch")
    again = client.post(f"/games/{game_id}/rematch")
    assert rematch.status_code == again.status_code == 303
    assert rematch.headers["Location"] == again.headers["Location"]
    assert group_of(app, rematch.headers["Location"]) == group_id
    assert not any(OUTSIDE in text for text in infos(client, rematch.headers["Location"]))
