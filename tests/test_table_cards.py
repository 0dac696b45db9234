"""A club night's table cards (issue 48): the card of a physical table opens the table's game
of now on a phone that scanned it once, moves on with the sittings, survives a redraw, and lets
that phone keep only that table's games of that evening; the game page names its evening,
sitting and table; the printouts (table cards, guide cards, route slips) say the right seats."""

from __future__ import annotations

import re
from random import Random
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Length, Variants
from tests import pdfs
from tests.pages import one, soup
from tests.plays import legal_round, round_json
from tests.test_evening_pages import draw, new_evening, tokens
from tests.test_evenings_api import play_to_the_end
from tests.test_groups_pages import make_group

WATCHING = "You are watching this game"


def card_path(client: FlaskClient, evening_id: str, table: int) -> str:
    """The card's address as the keeper's card page shows it (its QR code's link)."""
    page = soup(client.get(f"/evenings/{evening_id}/tables/{table}"))
    return urlsplit(str(one(page, ".link-text a")["href"])).path


def scan(phone: FlaskClient, path: str) -> str:
    """A phone scans a table card: asked once, then led on; the address it lands on."""
    first = phone.get(path)
    if first.status_code == 200 and soup(first).select("form[method=post]"):
        first = phone.post(path)
    assert first.status_code == 303, first.get_data(as_text=True)
    return first.headers["Location"]


def table_of(client: FlaskClient, evening_id: str, sitting: int, table: int) -> dict[str, Any]:
    found: dict[str, Any] = tokens(client, evening_id)["sittings"][sitting - 1]["tables"][table - 1]
    return found


def one_round(client: FlaskClient, table: dict[str, Any]) -> None:
    """The first round of a table's game posted over the API with its edit token."""
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    answer = client.post(
        f"/api/games/{table['game']}/rounds",
        json=round_json(legal_round(record, Random(1))),
        headers={"Authorization": f"Bearer {table['edit_token']}"},
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)


def keeps_score(phone: FlaskClient, game_id: str) -> bool:
    page = phone.get(f"/games/{game_id}").get_data(as_text=True)
    return WATCHING not in page and "Game over" not in page


def test_a_card_opens_the_tables_game_and_moves_on_with_the_sittings(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))
    assert draw(client, evening_id) == []
    path = card_path(client, evening_id, 2)
    assert re.fullmatch(rf"/evenings/{evening_id}/tables/2/[\w-]{{22}}", path)
    phone = app.test_client()
    asked = soup(phone.get(path))
    assert "Keep score at table 2?" in asked.get_text()
    first = table_of(client, evening_id, 1, 2)
    assert scan(phone, path) == f"/games/{first['game']}"
    assert keeps_score(phone, first["game"])
    assert phone.get(path).headers["Location"] == f"/games/{first['game']}"  # never asked again
    play_to_the_end(client, first, seed=2)
    over = soup(phone.get(f"/games/{first['game']}"))
    assert "Sitting 2 is not drawn yet" in one(over, ".next-sitting").get_text()
    assert one(over, "meta[http-equiv=refresh]")["content"] == "15"
    assert phone.get(path).headers["Location"] == f"/games/{first['game']}"
    assert draw(client, evening_id) == []
    over = soup(phone.get(f"/games/{first['game']}"))
    button = one(over, "a.next-sitting")
    assert button.get_text() == "Next sitting: your table's game"
    assert urlsplit(str(button["href"])).path == path
    second = table_of(client, evening_id, 2, 2)
    assert scan(phone, path) == f"/games/{second['game']}"
    assert keeps_score(phone, second["game"])


def test_a_sitting_drawn_early_leaves_the_card_at_the_game_its_table_plays(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))
    draw(client, evening_id)
    path = card_path(client, evening_id, 1)
    phone = app.test_client()
    first = table_of(client, evening_id, 1, 1)
    scan(phone, path)
    one_round(client, first)
    draw(client, evening_id)  # sitting 2 drawn while table 1 still plays sitting 1
    assert phone.get(path).headers["Location"] == f"/games/{first['game']}"


def test_a_redraw_leads_the_card_and_the_old_games_address_to_the_new_game(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))
    draw(client, evening_id)
    path = card_path(client, evening_id, 3)
    old = table_of(client, evening_id, 1, 3)
    card_phone, edit_phone, watcher = app.test_client(), app.test_client(), app.test_client()
    scan(card_phone, path)
    edit_phone.post(f"/games/{old['game']}/join/{old['edit_token']}")
    watcher.get(f"/games/{old['game']}")
    response = client.post(f"/evenings/{evening_id}/redraw", data={"number": "1"})
    assert response.status_code == 303
    new = table_of(client, evening_id, 1, 3)
    assert new["game"] != old["game"]
    assert client.get(f"/games/{old['game']}").status_code == 303  # not "nothing here"
    assert card_phone.get(path).headers["Location"] == f"/games/{new['game']}"
    assert card_phone.get(f"/games/{old['game']}").headers["Location"] == f"/games/{new['game']}"
    assert keeps_score(card_phone, new["game"])
    led = edit_phone.get(f"/games/{old['game']}", follow_redirects=True)
    assert "Sitting 1 was drawn again: this is table 3's new game." in soup(led).get_text()
    assert keeps_score(edit_phone, new["game"])  # it kept the old game: it keeps the new one
    assert watcher.get(f"/games/{old['game']}").headers["Location"] == f"/games/{new['game']}"
    assert not keeps_score(watcher, new["game"])
    assert client.get(f"/api/games/{old['game']}").status_code == 404  # the API says it as is


def test_a_card_keeps_only_its_tables_games_of_its_evening(client: FlaskClient, app: Flask) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    other_evening = new_evening(client, group_id)
    draw(client, evening_id)
    draw(client, other_evening)
    path = card_path(client, evening_id, 2)
    phone = app.test_client()
    scan(phone, path)
    table_1 = table_of(client, evening_id, 1, 1)["game"]
    elsewhere = table_of(client, other_evening, 1, 2)["game"]
    for game_id in (table_1, elsewhere):
        assert not keeps_score(phone, game_id)
        refused = phone.post(f"/games/{game_id}/trump", data={"trump": "hearts"})
        assert refused.status_code == 403
    card_token = path.rsplit("/", 1)[1]
    assert phone.get(f"/evenings/{evening_id}/tables/1/{card_token}").status_code == 403
    assert phone.get(f"/evenings/{other_evening}/tables/2/{card_token}").status_code == 403
    assert phone.get(f"/groups/{group_id}/games/new").status_code == 403
    phone.post(f"/groups/{group_id}/join/{card_token}")
    assert phone.get(f"/groups/{group_id}/games/new").status_code == 403
    assert phone.get(f"/evenings/{evening_id}/tables/2").status_code == 403  # the keepers' card
    assert phone.get(f"/evenings/{evening_id}/tables.pdf").status_code == 403
    bearer = {"Authorization": f"Bearer {card_token}"}
    assert client.post(f"/api/games/{table_1}/rounds", json={}, headers=bearer).status_code in {
        401,
        403,
    }


def test_a_card_beyond_the_sittings_tables_says_so(client: FlaskClient, app: Flask) -> None:
    evening_id = new_evening(client, make_group(client))  # 12 at tables of 4 and 5: 3 tables
    phone = app.test_client()
    path = card_path(client, evening_id, 4)
    waiting = phone.post(path)
    assert waiting.status_code == 200
    assert "No sitting is drawn yet." in waiting.get_data(as_text=True)
    draw(client, evening_id)
    page = soup(phone.get(path))
    assert "No game at table 4 this sitting." in page.get_text()
    one(page, f"a[href='/evenings/{evening_id}']")
    one(page, "meta[http-equiv=refresh]")


def test_the_game_page_names_its_evening_sitting_and_table(client: FlaskClient, app: Flask) -> None:
    evening_id = new_evening(client, make_group(client))
    draw(client, evening_id)
    draw(client, evening_id)
    game_id = table_of(client, evening_id, 2, 3)["game"]
    for page in (f"/games/{game_id}", f"/games/{game_id}/sheet"):
        line = one(soup(app.test_client().get(page)), ".club-line")
        assert line.get_text() == "Friday club · Sitting 2 · Table 3"
        one(line, f"a[href='/evenings/{evening_id}']")


def test_the_keepers_part_links_every_card_and_printout(client: FlaskClient) -> None:
    evening_id = new_evening(client, make_group(client, "Ørsted"))
    printouts = f"/evenings/{evening_id}/printouts"
    one(soup(client.get(f"/evenings/{evening_id}")), f".actions a[href='{printouts}']")
    page = soup(client.get(printouts))
    cards = [a["href"] for a in page.select(".card-tables a")]
    assert cards == [f"/evenings/{evening_id}/tables/{n}" for n in (1, 2, 3)]
    draw(client, evening_id)
    sitting_card = soup(client.get(f"/evenings/{evening_id}/sittings/1/tables/2"))
    one(sitting_card, f"a[href='/evenings/{evening_id}/tables/2']")
    draw(client, evening_id)
    page = soup(client.get(printouts))
    links = [str(a["href"]) for a in page.select(".printouts a:not(.secondary)")]
    assert links == [
        f"/evenings/{evening_id}/tables.pdf",
        f"/evenings/{evening_id}/sittings/2/guides.pdf",
        f"/evenings/{evening_id}/sittings/1/guides.pdf",
        f"/evenings/{evening_id}/slips.pdf",
    ]
    watcher = Flask.test_client(client.application)
    assert not soup(watcher.get(f"/evenings/{evening_id}")).select(f"a[href='{printouts}']")
    assert watcher.get(printouts).status_code == 403


def test_the_printouts_say_each_tables_seats_and_each_players_route(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))
    draw(client, evening_id)
    draw(client, evening_id)
    evening = tokens(client, evening_id)
    tables = client.get(f"/evenings/{evening_id}/tables.pdf")
    assert tables.mimetype == "application/pdf"
    assert len(pdfs.pages(tables.data)) == 3
    assert all(f"Table {n}" in pdfs.text(tables.data) for n in (1, 2, 3))
    guides = pdfs.text(client.get(f"/evenings/{evening_id}/sittings/2/guides.pdf").data)
    flat = " ".join(guides.split())
    for table in evening["sittings"][1]["tables"]:
        assert f"Table {table['table']}" in flat
        assert all(name in flat for name in table["players"])
        dealer = table["players"][table["first_dealer"]]
        assert f"{dealer} deals first" in flat
    slips = " ".join(
        pdfs.text(app.test_client().get(f"/evenings/{evening_id}/slips.pdf").data).split()
    )
    expected: dict[str, list[str]] = {name: [] for name in evening["players"]}
    for sitting in evening["sittings"]:
        for name in sitting["sitting_out"]:
            expected[name].append("sits out")
        for table in sitting["tables"]:
            for seat, name in enumerate(table["players"], start=1):
                expected[name].append(f"Table {table['table']}, seat {seat}")
                assert f"Table {table['table']}, seat {seat}" in slips
    for player, stops in expected.items():
        assert player in slips
        assert storage_route(app, evening_id, player) == stops


def storage_route(app: Flask, evening_id: str, player: str) -> list[str]:
    from scorekeeper.render import evening_printouts

    with app.test_request_context():
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None
        return [stop.words for stop in evening_printouts.route(stored, player).stops]


def test_a_finished_game_says_when_the_next_sitting_has_no_such_table(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))  # 12 at tables of 4 and 5: 3 tables
    draw(client, evening_id)
    path = card_path(client, evening_id, 3)
    phone = app.test_client()
    scan(phone, path)
    first = table_of(client, evening_id, 1, 3)
    play_to_the_end(client, first, seed=3)
    assert draw(client, evening_id, present=[str(n) for n in range(8)]) == []  # 2 tables
    over = soup(phone.get(f"/games/{first['game']}"))
    assert one(over, ".next-sitting").get_text() == "Sitting 2 has no table 3."
    assert not over.select("a.next-sitting")
    assert "No game at table 3 this sitting." in soup(phone.get(path)).get_text()


def test_a_game_left_unfinished_at_a_table_that_moved_on_does_not_hold_the_card_back(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))
    draw(client, evening_id)
    path = card_path(client, evening_id, 1)
    phone = app.test_client()
    scan(phone, path)
    first = table_of(client, evening_id, 1, 1)
    one_round(client, first)  # begun, never ended
    draw(client, evening_id)
    second = table_of(client, evening_id, 2, 1)
    assert phone.get(path).headers["Location"] == f"/games/{first['game']}"
    one_round(client, second)  # the table moved on
    assert phone.get(path).headers["Location"] == f"/games/{second['game']}"


def test_a_table_ended_early_leads_its_card_on_like_a_finished_one(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))
    draw(client, evening_id)
    path = card_path(client, evening_id, 2)
    phone = app.test_client()
    scan(phone, path)
    first = table_of(client, evening_id, 1, 2)
    one_round(client, first)
    group_token = group_token_of(app, evening_id)
    ended = client.post(
        f"/api/evenings/{evening_id}/sittings/1/tables/2/end",
        json={"left": [first["players"][0]]},
        headers={"Authorization": f"Bearer {group_token}"},
    )
    assert ended.status_code == 200, ended.get_data(as_text=True)
    page = soup(phone.get(f"/games/{first['game']}"))
    assert "Sitting 2 is not drawn yet" in one(page, ".next-sitting").get_text()
    assert draw(client, evening_id) == []
    page = soup(phone.get(f"/games/{first['game']}"))
    assert urlsplit(str(one(page, "a.next-sitting")["href"])).path == path
    second = table_of(client, evening_id, 2, 2)
    assert phone.get(path).headers["Location"] == f"/games/{second['game']}"


def group_token_of(app: Flask, evening_id: str) -> str:
    with app.app_context():
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None
        group = storage.load_group(storage.get_db(), stored.group_id)
        assert group is not None
        return group.edit_token


def test_a_redraw_without_the_table_leads_its_old_game_to_the_evening(
    client: FlaskClient, app: Flask
) -> None:
    evening_id = new_evening(client, make_group(client))  # 12 at tables of 4 and 5: 3 tables
    draw(client, evening_id)
    old = table_of(client, evening_id, 1, 3)
    phone = app.test_client()
    phone.post(f"/games/{old['game']}/join/{old['edit_token']}")
    here = tokens(client, evening_id)["players"][:8]
    again = client.post(
        f"/api/evenings/{evening_id}/sittings/1",
        json={"present": here},
        headers={"Authorization": f"Bearer {group_token_of(app, evening_id)}"},
    )
    assert again.status_code == 200, again.get_data(as_text=True)
    led = phone.get(f"/games/{old['game']}")
    assert led.headers["Location"] == f"/evenings/{evening_id}"
    page = soup(phone.get(led.headers["Location"]))
    assert "Sitting 1 was drawn again: there is no table 3 now." in page.get_text()
