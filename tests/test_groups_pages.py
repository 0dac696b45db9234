"""Group pages: make a group, start its games from the roster, leaderboard, players, access."""

from __future__ import annotations

import io

from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from scorekeeper import storage
from tests.pages import one, play_round, soup, start_game

FIVE_ROUNDS = [
    ([0, 1, 0], [0, 1, 0]),
    ([1, 1, 0], [1, 1, 0]),
    ([0, 2, 1], [1, 1, 1]),
    ([2, 1, 1], [2, 1, 1]),
    ([1, 3, 0], [1, 3, 1]),
]
VARIANTS = {"length": "five_rounds", "bid_restriction": "none", "bid_visibility": "open"}


def make_group(client: FlaskClient, name: str = "Friday club") -> str:
    response = client.post("/groups/new", data={"name": name})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[-1]


def new_group_game(client: FlaskClient, group_id: str, **data: object) -> str:
    response = client.post(f"/groups/{group_id}/games/new", data=VARIANTS | data)
    assert response.status_code == 303, [
        e.get_text() for e in soup(response).select(".field-error, .flash")
    ]
    return response.headers["Location"].rsplit("/", 1)[-1]


def play_five(client: FlaskClient, game_id: str) -> None:
    for bids, tricks in FIVE_ROUNDS:
        play_round(client, game_id, bids, list(tricks))


def test_a_group_is_made_and_listed_on_the_home_page(client: FlaskClient) -> None:
    assert client.post("/groups/new", data={"name": "  "}).status_code == 400
    assert client.post("/groups/new", data={"name": "x" * 41}).status_code == 400
    group_id = make_group(client)
    page = soup(client.get("/"))
    link = page.select_one(f"a[href='/groups/{group_id}']")
    assert link is not None and "Friday club" in link.get_text()
    assert "No finished game yet" in soup(client.get(f"/groups/{group_id}")).get_text()


def test_new_names_join_the_roster_and_are_picked_next_time(client: FlaskClient) -> None:
    group_id = make_group(client)
    first = new_group_game(
        client,
        group_id,
        **{"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": "Cleo"},
        first_dealer="new-0",
    )
    play_five(client, first)
    page = soup(client.get(f"/groups/{group_id}/games/new"))
    boxes = page.select("input[name=pick]")
    assert [box["value"] for box in boxes] == ["ana", "ben", "cleo"]
    assert all(box.has_attr("checked") for box in boxes)  # last game's players
    assert one(page, "#first_dealer option[selected]")["value"] == "ben"  # deal moves on
    assert one(page, "input[name=length][value=five_rounds]").has_attr("checked")
    second = new_group_game(
        client,
        group_id,
        pick=["ana", "cleo"],
        **{"order-0": "ana", "order-1": "ben", "order-2": "cleo", "new_names-0": "Dan"},
        first_dealer="cleo",
    )
    with client.application.app_context():
        stored = storage.load(storage.get_db(), second)
        group = storage.load_group(storage.get_db(), group_id)
    assert stored is not None
    assert stored.record.players == ("Ana", "Cleo", "Dan") and stored.record.first_dealer == 1
    assert group is not None and dict(group.roster)["dan"] == "Dan"


def test_the_seating_order_moves_without_javascript(client: FlaskClient) -> None:
    group_id = make_group(client)
    new_group_game(
        client,
        group_id,
        **{f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])},
        first_dealer="random",
    )
    order = {"order-0": "ana", "order-1": "ben", "order-2": "cleo"}
    response = client.post(
        f"/groups/{group_id}/games/new",
        data=VARIANTS | order | {"move": "2:up", "pick": ["ana", "cleo"]},
    )
    assert response.status_code == 200
    page = soup(response)
    assert [box["value"] for box in page.select("input[name=pick]")] == ["ana", "cleo", "ben"]
    assert [box["value"] for box in page.select("input[name=pick][checked]")] == ["ana", "cleo"]


def test_a_new_game_of_a_group_refuses_what_the_new_game_form_refuses(client: FlaskClient) -> None:
    group_id = make_group(client)
    for data, message in (
        ({"new_names-0": "Ana", "new_names-1": "Ben"}, "at least 3"),
        ({"new_names-0": "Ana", "new_names-1": "ana", "new_names-2": "Cleo"}, "roster already"),
        ({"new_names-0": "Ana", "new_names-1": "Ben", "new_names-2": "x" * 33}, "32 characters"),
        (
            {
                "new_names-0": "Ana",
                "new_names-1": "Ben",
                "new_names-2": "Cleo",
                "first_dealer": "dan",
            },
            "Not a valid choice",
        ),
        (
            {
                "new_names-0": "Ana",
                "new_names-1": "Ben",
                "new_names-2": "Cleo",
                "saboteur": "y",
                "bid_restriction": "canadian",
            },
            "Saboteur",
        ),
    ):
        response = client.post(
            f"/groups/{group_id}/games/new", data=VARIANTS | {"first_dealer": "random"} | data
        )
        assert response.status_code == 400
        assert message in soup(response).get_text(), message


def test_the_leaderboard_counts_finished_games(client: FlaskClient) -> None:
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    new_group_game(client, group_id, pick=["ana", "ben", "cleo"], first_dealer="ana")  # unfinished
    page = soup(client.get(f"/groups/{group_id}"))
    rows = [
        [cell.get_text(" ", strip=True) for cell in row.select("th, td")]
        for row in page.select("table.board tbody tr")
    ]
    assert [row[1] for row in rows] == ["Ben", "Ana", "Cleo"]  # 130, 110 and 90 points
    assert rows[0][2:4] == ["1", "1 100%"]
    assert "1 finished game counted" in page.get_text()
    assert page.select_one("figure.chart svg") is not None
    assert len(page.select("ul.games li")) == 2
    assert page.select(".h2h li")


def test_filters_narrow_the_leaderboard_and_unknown_ones_are_refused(client: FlaskClient) -> None:
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    assert (
        "1 finished game"
        in soup(client.get(f"/groups/{group_id}?length=five_rounds&variant=plain")).get_text()
    )
    assert "0 finished games" in soup(client.get(f"/groups/{group_id}?variant=saboteur")).get_text()
    refused = client.get(f"/groups/{group_id}?length=marathon")
    assert refused.status_code == 400 and "marathon" in soup(refused).get_text()
    assert client.get(f"/groups/{group_id}?variant=nope").status_code == 400


def test_a_player_page_shows_the_figures_and_renames(client: FlaskClient) -> None:
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    game_id = new_group_game(client, group_id, **names, first_dealer="new-0")
    play_five(client, game_id)
    page = soup(client.get(f"/groups/{group_id}/players/ana"))
    figures = {
        one(div, "dt").get_text(): one(div, "dd").get_text(" ", strip=True)
        for div in page.select("dl.figures div")
    }
    assert figures["Bids met"] == "4 / 5 (80%)"
    assert figures["Zero bids met"] == "1 / 2"
    assert figures["Longest run of bids met"] == "2"
    assert client.get(f"/groups/{group_id}/players/nobody").status_code == 404
    response = client.post(f"/groups/{group_id}/players/ana/rename", data={"name": "Anna"})
    assert response.headers["Location"].endswith("/players/anna")
    assert "Anna" in one(soup(client.get(f"/games/{game_id}/sheet")), "table.pad thead").get_text()
    refused = client.post(
        f"/groups/{group_id}/players/anna/rename", data={"name": "Ben"}, follow_redirects=True
    )
    assert "played in the same game" in soup(refused).get_text()
    assert (
        "is now"
        not in soup(
            client.post(
                f"/groups/{group_id}/players/anna/rename", data={"name": ""}, follow_redirects=True
            )
        ).get_text()
    )
    assert (
        client.post(f"/groups/{group_id}/players/zed/rename", data={"name": "Zed"}).status_code
        == 404
    )


def test_games_of_this_phone_can_be_added_and_removed(client: FlaskClient) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    group_id = make_group(client)
    page = soup(client.get(f"/groups/{group_id}"))
    assert [box["value"] for box in page.select(".add-games input[name=games]")] == [game_id]
    client.post(f"/groups/{group_id}/games/add", data={"games": [game_id, "unknown"]})
    page = soup(client.get(f"/groups/{group_id}"))
    assert page.select(".add-games") == []
    assert "Tom, Dick, Mary" in one(page, "ul.games").get_text()
    assert "tom" in [
        box["value"]
        for box in soup(client.get(f"/groups/{group_id}/games/new")).select("input[name=pick]")
    ]
    refused = client.post(f"/groups/{group_id}/games/add", data={}, follow_redirects=True)
    assert "Tick the games" in soup(refused).get_text()
    client.post(f"/groups/{group_id}/games/{game_id}/remove", data={"version": 0})
    assert soup(client.get(f"/groups/{group_id}")).select("ul.games") == []


def test_a_rematch_stays_in_the_group(client: FlaskClient) -> None:
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Cleo"])}
    game_id = new_group_game(client, group_id, **names, first_dealer="new-0")
    play_five(client, game_id)
    back = soup(client.get(f"/games/{game_id}")).select_one(
        f"#over-title ~ .actions a[href='/groups/{group_id}']"
    )
    assert back is not None and "Friday club" in back.get_text()
    rematch = client.post(f"/games/{game_id}/rematch").headers["Location"].rsplit("/", 1)[-1]
    with client.application.app_context():
        assert storage.group_of(storage.get_db(), rematch) == group_id


def test_only_the_groups_keepers_may_change_it(app: Flask, client: FlaskClient) -> None:
    group_id = make_group(client)
    watcher = app.test_client()
    page = soup(watcher.get(f"/groups/{group_id}"))
    assert page.select("form[method=post]") == []
    assert "Friday club" in page.get_text()
    for path in ("games/new", "games/add", "players/ana/rename", "share/renew", "games/x/remove"):
        assert watcher.post(f"/groups/{group_id}/{path}").status_code == 403, path
    assert watcher.get(f"/groups/{group_id}/games/new").status_code == 403
    assert soup(watcher.get(f"/groups/{group_id}/share")).select("a.link[href*=join]") == []
    edit = next(
        str(a["href"])
        for a in soup(client.get(f"/groups/{group_id}/share")).select("a.link")
        if "/join/" in str(a["href"])
    )
    asked = soup(watcher.get(edit))
    assert "Keep this group on this phone?" in asked.get_text()
    assert watcher.get(f"/groups/{group_id}/games/new").status_code == 403  # not before the tap
    watcher.post(edit)
    assert watcher.get(f"/groups/{group_id}/games/new").status_code == 200
    client.post(f"/groups/{group_id}/share/renew", data={"version": 0})
    third = app.test_client()
    third.post(edit)
    assert third.get(f"/groups/{group_id}/games/new").status_code == 403
    assert client.get(f"/groups/{group_id}/games/new").status_code == 200  # the renewer keeps it
    assert client.get("/groups/unknown").status_code == 404


def test_the_season_report_is_a_pdf_of_the_standings(client: FlaskClient) -> None:
    group_id = make_group(client, "Friday club")
    names = {f"new_names-{n}": name for n, name in enumerate(["Ana", "Ben", "Zoë"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="new-0"))
    response = client.get(f"/groups/{group_id}/season.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "Season report · Friday club" in text
    assert "Zoë" in text and "Standings" in text and "Head-to-head" in text
    again = client.get(
        f"/groups/{group_id}/season.pdf",
        headers={"If-None-Match": response.headers["ETag"].strip('"')},
    )
    assert again.status_code == 304
    assert client.get(f"/groups/{group_id}/season.pdf?variant=x").status_code == 400


def test_any_name_has_a_player_page(client: FlaskClient) -> None:
    group_id = make_group(client)
    names = {f"new_names-{n}": name for n, name in enumerate(["A/B", "C?D", "E%#F"])}
    play_five(client, new_group_game(client, group_id, **names, first_dealer="random"))
    links = [str(a["href"]) for a in soup(client.get(f"/groups/{group_id}")).select(".board a")]
    assert len(links) == 3
    for link in links:
        assert client.get(link).status_code == 200, link
    renamed = client.post(f"/groups/{group_id}/players/a/b/rename", data={"name": "AB"})
    assert renamed.headers["Location"].endswith("/players/ab")
    invisible = client.post(
        f"/groups/{group_id}/players/ab/rename", data={"name": "A\u200bB"}, follow_redirects=True
    )
    assert "invisible" in soup(invisible).get_text()


def test_a_groups_page_says_the_page_changed_not_the_game(client: FlaskClient) -> None:
    """The note shown while something is typed when a live change comes: a group's page follows
    its games, so it says that the page changed (it said "The game changed")."""
    group_id = make_group(client)
    body = one(soup(client.get(f"/groups/{group_id}")), "body")
    assert body["data-text-changed"] == "This page changed on another phone."
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    body = one(soup(client.get(f"/games/{game_id}")), "body")
    assert body["data-text-changed"] == "The game changed on another phone."
