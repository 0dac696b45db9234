"""Joining a game takes a confirmed form (an edit link opened by another site changes nothing),
the browser remembers its games by last use, never dropping one it keeps score for to make room
for watched ones, and pages that give access are never kept in a cache."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import access
from tests import pdfs
from tests.pages import act, one, soup, start_game


def edit_link(client: FlaskClient, game_id: str) -> str:
    links = [str(a["href"]) for a in soup(client.get(f"/games/{game_id}/share")).select("a.link")]
    return next(link for link in links if "/join/" in link)


def home_ids(client: FlaskClient) -> list[str]:
    links = soup(client.get("/")).select(".game-card > a:first-child")
    return [str(link["href"]).rsplit("/", 1)[-1] for link in links]


def can_edit(client: FlaskClient, game_id: str) -> bool:
    return client.post(f"/games/{game_id}/undo", data={"version": 1}).status_code != 403


def test_opening_an_edit_link_asks_first_and_changes_nothing(
    app: Flask, client: FlaskClient
) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    second = app.test_client()
    page = second.get(edit_link(client, game_id))
    assert page.status_code == 200
    assert page.headers["Cache-Control"] == "no-store"
    assert one(soup(page), "h1").get_text() == "Keep score for this game?"
    assert "Tom, Dick, Mary" in soup(page).get_text()
    assert not can_edit(second, game_id)
    assert home_ids(second) == []


def test_confirming_makes_the_phone_a_scorekeeper(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    second = app.test_client()
    answer = second.post(edit_link(client, game_id))
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/games/{game_id}"
    assert act(second, game_id, "trump", turned="jester") == []
    assert home_ids(second) == [game_id]
    # Opening the link again on a phone that keeps score already goes straight to the game.
    assert second.get(edit_link(client, game_id)).status_code == 303


def test_a_renewed_edit_link_cannot_be_confirmed(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    old = edit_link(client, game_id)
    version = one(soup(client.get(f"/games/{game_id}/share")), "input[name=version]")
    client.post(f"/games/{game_id}/share/renew", data={"version": version["value"]})
    second = app.test_client()
    for method in ("GET", "POST"):
        answer = second.open(old, method=method)
        assert answer.status_code == 303
        page = soup(second.get(answer.headers["Location"]))
        assert "no longer valid" in one(page, ".flash").get_text()
    assert not can_edit(second, game_id)


def test_joining_needs_the_forms_csrf_token(csrf_app: Flask) -> None:
    creator, second = csrf_app.test_client(), csrf_app.test_client()
    page = soup(creator.get("/games/new"))
    token = one(page, "input[name=csrf_token]")["value"]
    data = {"csrf_token": token, "players-0": "A", "players-1": "B", "players-2": "C"}
    data |= {"first_dealer": "0", "length": "standard", "bid_restriction": "none"}
    game_id = (
        creator.post("/games/new", data=data | {"bid_visibility": "open"})
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    link = edit_link(creator, game_id)
    # A page of another site can send the browser there, but not with this browser's token.
    refused = second.post(link)
    assert refused.status_code == 400
    assert "out of date" in soup(refused).get_text()
    confirm = one(soup(second.get(link)), "form input[name=csrf_token]")
    assert second.post(link, data={"csrf_token": confirm["value"]}).status_code == 303
    assert can_edit(second, game_id)


def test_many_opened_links_never_push_out_the_scorekeepers_own_game(
    app: Flask, client: FlaskClient
) -> None:
    own = start_game(client, ["Tom", "Dick", "Mary"])
    # A hostile page makes the scorekeeper's browser open 43 edit links and 43 view links.
    games = []
    for n in range(access.MAX_REMEMBERED + 3):
        others = app.test_client()
        games.append(start_game(others, ["A", "B", f"C{n}"]))
        client.get(edit_link(others, games[-1]))
        client.get(f"/games/{games[-1]}")
    assert can_edit(client, own)
    listed = home_ids(client)
    assert own in listed and len(listed) == access.MAX_REMEMBERED
    assert not any(can_edit(client, game_id) for game_id in games)


def test_games_are_remembered_and_listed_by_last_use(client: FlaskClient) -> None:
    games = [start_game(client, ["A", "B", f"C{n}"]) for n in range(access.MAX_REMEMBERED + 1)]
    # The first game made room for the 41st; the home page shows the most recent first.
    assert home_ids(client) == games[:0:-1]
    assert not can_edit(client, games[0])
    assert all(can_edit(client, game_id) for game_id in games[1:])
    # Opening an older game makes it the most recent one; the next new game pushes out the
    # least recently used instead.
    client.get(f"/games/{games[1]}")
    newest = start_game(client, ["A", "B", "D"])
    assert home_ids(client)[:2] == [newest, games[1]]
    assert games[2] not in home_ids(client) and games[1] in home_ids(client)


def test_forty_games_kept_for_scoring_fit_in_the_cookie(client: FlaskClient) -> None:
    for n in range(access.MAX_REMEMBERED):
        start_game(client, ["A", "B", f"C{n}"])
    cookie = client.get_cookie("session")
    assert cookie is not None and len(cookie.value) < 4000


def test_pages_of_an_editor_and_the_share_page_are_never_cached(
    app: Flask, client: FlaskClient
) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    for path in ("", "/sheet", "/share", "/delete", "/rounds/1/edit"):
        response = client.get(f"/games/{game_id}{path}")
        if path == "/rounds/1/edit":  # no round played yet
            assert response.status_code == 404
            continue
        assert response.headers["Cache-Control"] == "no-store", path
    watcher = app.test_client()
    assert watcher.get(f"/games/{game_id}/share").headers["Cache-Control"] == "no-store"
    assert "Cache-Control" not in watcher.get(f"/games/{game_id}").headers


def test_the_home_list_says_which_game_each_is(client: FlaskClient) -> None:
    """The pad keeps three games: each of this phone's games says which (issue 33's walk)."""
    start_game(client, ["Tom", "Dick", "Mary"])
    start_game(client, ["Ana", "Ben", "Cleo"], game="skull_king", schedule="blitz")
    progress = [
        card.get_text(" ", strip=True) for card in soup(client.get("/")).select(".progress")
    ]
    assert [text.split("·")[0].strip() for text in progress] == ["Skull King", "Wizard"]


def test_a_finished_games_edit_link_says_it_is_finished(app: Flask) -> None:
    """Issue 33's walk: "Round 10 of 10" for a game already over."""
    stored = pdfs.store(app, pdfs.play(("Tom", "Dick", "Mary")))
    page = soup(app.test_client().get(f"/games/{stored.id}/join/{stored.edit_token}"))
    said = one(page, "main p").get_text(" ", strip=True)
    assert said == "Tom, Dick, Mary · Finished"
