"""A club evening's pages (issue 34): made from the group's page, its own page with find your
table and the standings, the keeper's draws and countdown, each table's QR card, the room
screen, the PDF; who may see and who may change them; refusals in words, never a 500."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from benchmarks import weight
from scorekeeper import storage
from tests import pdfs
from tests.pages import one, soup
from tests.support.apps import make_app
from tests.test_evenings_api import play_to_the_end, read
from tests.test_groups_pages import make_group

CLUB = [f"Player {n}" for n in range(1, 14)]
FIVE = {"length": "five_rounds"}


def new_evening(
    client: FlaskClient, group_id: str, names: list[str] = CLUB[:12], **fields: Any
) -> str:
    """Post the club night form of the group; the evening's id."""
    data: dict[str, Any] = {
        "new_names": "\n".join(names),
        "sittings": "3",
        "table_sizes": ["4", "5"],
        "game": "wizard",
        "bid_restriction": "none",
        "bid_visibility": "open",
        **FIVE,
        **fields,
    }
    response = client.post(f"/groups/{group_id}/evenings/new", data=data)
    assert response.status_code == 303, [
        e.get_text() for e in soup(response).select(".field-error, .flash")
    ]
    found = re.fullmatch(r"/evenings/([^/]+)", response.headers["Location"])
    assert found
    return found.group(1)


def draw(client: FlaskClient, evening_id: str, **fields: Any) -> list[str]:
    """Post the keeper's draw form as the page shows it; the refusals the page then says."""
    page = soup(client.get(f"/evenings/{evening_id}"))
    form = one(page, "form.draw")
    data: dict[str, Any] = {
        "number": str(one(form, "input[name=number]")["value"]),
        "present": [str(box["value"]) for box in form.select("input[name=present][checked]")],
        "seating": "random",
    }
    data |= fields
    response = client.post(f"/evenings/{evening_id}/draw", data=data)
    assert response.status_code == 303
    return [
        e.get_text(" ", strip=True)
        for e in soup(client.get(f"/evenings/{evening_id}")).select(".flash.error")
    ]


def tokens(client: FlaskClient, evening_id: str) -> dict[str, Any]:
    """The evening as its group's keeper reads it over the API, each table with its token."""
    with client.application.app_context():
        stored = storage.load_evening(storage.get_db(), evening_id)
        assert stored is not None
        group = storage.load_group(storage.get_db(), stored.group_id)
        assert group is not None
    return read(client, evening_id, Authorization=f"Bearer {group.edit_token}")


@pytest.fixture
def evening(client: FlaskClient) -> tuple[str, str]:
    group_id = make_group(client)
    return group_id, new_evening(client, group_id)


# --- making it ------------------------------------------------------------------------------


def test_the_group_page_offers_a_club_night_to_its_keepers(client: FlaskClient, app: Flask) -> None:
    group_id = make_group(client)
    page = soup(client.get(f"/groups/{group_id}"))
    one(page, f"a[href='/groups/{group_id}/evenings/new']")
    watcher = app.test_client()
    assert not soup(watcher.get(f"/groups/{group_id}")).select("a[href$='/evenings/new']")
    assert watcher.get(f"/groups/{group_id}/evenings/new").status_code == 403
    form = soup(client.get(f"/groups/{group_id}/evenings/new"))
    sizes = [box["value"] for box in form.select("input[name=table_sizes]")]
    ticked = [box["value"] for box in form.select("input[name=table_sizes][checked]")]
    assert sizes == ticked == ["3", "4", "5", "6", "7", "8"]  # as the API: every size seated
    one(form, "details.fold")  # the game's settings, folded as on the new-game page


def test_the_club_night_form_makes_the_evening_and_lists_it(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    made = read(client, evening_id)
    assert made["players"] == CLUB[:12] and made["table_sizes"] == [4, 5]
    assert made["variants"]["length"] == "five_rounds" and made["sittings_planned"] == 3
    page = soup(client.get(f"/groups/{group_id}"))
    one(page, f"a[href='/evenings/{evening_id}']")


def test_a_second_tap_on_the_form_makes_one_evening(client: FlaskClient) -> None:
    group_id = make_group(client)
    form = soup(client.get(f"/groups/{group_id}/evenings/new"))
    key = str(one(form, "input[name=once]")["value"])
    first = new_evening(client, group_id, once=key)
    assert new_evening(client, group_id, once=key) == first
    with client.application.app_context():
        assert len(storage.group_evenings(storage.get_db(), group_id)) == 1


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"sittings": "13"}, "between 1 and 12"),
        ({"sittings": "x"}, "integer"),
        ({"table_sizes": []}, "table_sizes"),
        ({"new_names": "Ana\nana"}, "Ana is here already"),
        ({"new_names": "Ana\nBen"}, "a table needs at least 4"),
        ({"deck": "anniversary_20", "table_sizes": ["7"]}, "3 to 6 players"),
    ],
)
def test_refusals_are_said_beside_the_form(
    client: FlaskClient, fields: dict[str, Any], said: str
) -> None:
    group_id = make_group(client)
    data = {"new_names": "\n".join(CLUB[:8]), "sittings": "2", "table_sizes": ["4"], **fields}
    response = client.post(f"/groups/{group_id}/evenings/new", data=data)
    assert response.status_code == 400
    words = " ".join(e.get_text() for e in soup(response).select(".field-error, .flash.error"))
    assert words and said in words
    assert "\n".join(CLUB[:8]) in response.get_data(as_text=True) or "new_names" in fields


def test_a_roster_player_ticked_and_the_names_typed_make_the_players(client: FlaskClient) -> None:
    group_id = make_group(client)
    with client.application.app_context():
        storage.join_roster(storage.get_db(), group_id, ["Ana", "Ben"])
    form = soup(client.get(f"/groups/{group_id}/evenings/new"))
    keys = {
        one(label, "span").get_text(): one(label, "input")["value"]
        for label in form.select("label:has(input[name=pick])")
    }
    evening_id = new_evening(client, group_id, CLUB[:3], pick=[keys["Ana"], keys["Ben"]])
    assert read(client, evening_id)["players"] == ["Ana", "Ben", *CLUB[:3]]


def test_another_game_keeps_what_was_typed(client: FlaskClient) -> None:
    group_id = make_group(client)
    data = {"new_names": "Ana\nBen", "sittings": "2", "choose": "skull_king"}
    page = soup(client.post(f"/groups/{group_id}/evenings/new", data=data))
    assert one(page, "button[name=choose][aria-pressed=true]")["value"] == "skull_king"
    assert "Ana\nBen" in one(page, "textarea[name=new_names]").get_text()
    sizes = [box["value"] for box in page.select("input[name=table_sizes]")]
    assert sizes[0] == "2" and sizes[-1] == "8"


# --- the evening's page ----------------------------------------------------------------------


def test_the_keeper_draws_a_sitting_and_everyone_sees_the_tables(
    client: FlaskClient, app: Flask, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    assert draw(client, evening_id) == []
    drawn = read(client, evening_id)["sittings"][0]
    watcher = app.test_client()
    page = soup(watcher.get(f"/evenings/{evening_id}"))
    assert not page.select("form[method=post]")  # a watcher sees no control
    cards = page.select(".sitting .table-card")
    assert len(cards) == len(drawn["tables"]) == 3
    for card, table in zip(cards, drawn["tables"], strict=True):
        names = [one(li, ".name").get_text() for li in card.select(".seats li")]
        assert names == table["players"]
        dealer = one(card, ".first-dealer .name").get_text()
        assert dealer == table["players"][table["first_dealer"]]
        one(card, f"a[href='/games/{table['game']}']")


def test_find_your_table_answers_without_javascript(
    client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    table = read(client, evening_id)["sittings"][0]["tables"][1]
    seat = 2 if table["first_dealer"] != 2 else 1
    name = table["players"][seat]
    dealer = table["players"][table["first_dealer"]]
    found = soup(client.get(f"/evenings/{evening_id}", query_string={"find": name.upper()}))
    said = one(found, ".found").get_text(" ", strip=True)
    assert f"Table 2, seat {seat + 1}; {dealer} deals first." in said
    answer = one(soup(client.get(f"/evenings/{evening_id}?find=Nobody")), ".found")
    assert "Nobody called “Nobody” plays tonight." in answer.get_text()
    several = one(soup(client.get(f"/evenings/{evening_id}?find=Player")), ".found")
    assert "Several players match" in several.get_text()
    dealt = one(soup(client.get(f"/evenings/{evening_id}?find={dealer}")), ".found")
    assert "you deal first" in dealt.get_text()


def test_by_standings_waits_and_draw_again_only_before_a_start(
    client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    page = soup(client.get(f"/evenings/{evening_id}"))
    assert one(page, "input[name=seating][value=standings]").has_attr("disabled")
    refused = draw(client, evening_id, seating="standings")
    assert any("waits for every game before it to end" in e for e in refused)
    first = read(client, evening_id)["sittings"]
    assert len(first) == 1
    one(page, f"p.redraw a[href='/evenings/{evening_id}/redraw']")
    redraw = one(soup(client.get(f"/evenings/{evening_id}/redraw")), "form.redraw")
    response = client.post(
        f"/evenings/{evening_id}/redraw",
        data={"number": "1", "once": str(one(redraw, "input[name=once]")["value"])},
    )
    assert response.status_code == 303
    again = read(client, evening_id)["sittings"]
    assert [t["game"] for t in again[0]["tables"]] != [t["game"] for t in first[0]["tables"]]
    table = tokens(client, evening_id)["sittings"][0]["tables"][0]
    play_to_the_end(client, table, 1)
    page = soup(client.get(f"/evenings/{evening_id}"))
    assert not page.select(".redraw")
    client.post(f"/evenings/{evening_id}/redraw", data={"number": "1"})
    errors = [
        e.get_text() for e in soup(client.get(f"/evenings/{evening_id}")).select(".flash.error")
    ]
    assert errors == ["A game of sitting 1 has started, so the sitting cannot be drawn again."]
    assert client.get(f"/evenings/{evening_id}/redraw").status_code == 303  # said so too


def test_a_late_arrival_and_an_early_leaver(client: FlaskClient, evening: tuple[str, str]) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    present = CLUB[1:12]  # Player 1 leaves
    ticked = [str(n) for n in range(1, 12)]  # each player by their place in the evening's list
    assert draw(client, evening_id, present=ticked, new_names="Player 13\n") == []
    second = read(client, evening_id)["sittings"][1]
    assert sorted(second["present"]) == sorted([*present, "Player 13"])
    assert read(client, evening_id)["players"][-1] == "Player 13"


def test_a_double_tap_draws_one_sitting(client: FlaskClient, evening: tuple[str, str]) -> None:
    _group_id, evening_id = evening
    page = soup(client.get(f"/evenings/{evening_id}"))
    key = str(one(page, "form.draw input[name=once]")["value"])
    assert draw(client, evening_id, once=key) == []
    assert draw(client, evening_id, once=key) == []
    assert len(read(client, evening_id)["sittings"]) == 1
    # Without the key, the form's sitting number: drawn already (on another phone), said so.
    page = soup(client.get(f"/evenings/{evening_id}"))
    response = client.post(
        f"/evenings/{evening_id}/draw", data={"number": "1", "seating": "random"}
    )
    assert response.headers["Location"].endswith("#sitting-1")
    said = soup(client.get(f"/evenings/{evening_id}")).select(".flash")
    assert [e.get_text(strip=True) for e in said] == ["Sitting 1 was just drawn on another phone."]
    assert len(read(client, evening_id)["sittings"]) == 1


def test_only_keepers_draw(app: Flask, client: FlaskClient, evening: tuple[str, str]) -> None:
    _group_id, evening_id = evening
    other = app.test_client()
    for action in ("draw", "redraw", "countdown"):
        assert (
            other.post(f"/evenings/{evening_id}/{action}", data={"number": "1"}).status_code == 403
        )


@pytest.mark.parametrize(
    "data",
    [
        {"number": "x"},
        {"number": "1", "seating": "upside_down"},
        {"number": "99999999999999999999"},
        {"number": "1", "present": ["0", "x", "99999"]},
        {"number": "1", "new_names": "\u202eevil"},
    ],
)
def test_odd_draw_forms_are_refused_in_words(
    client: FlaskClient, evening: tuple[str, str], data: dict[str, Any]
) -> None:
    _group_id, evening_id = evening
    assert client.post(f"/evenings/{evening_id}/draw", data=data).status_code == 303
    assert soup(client.get(f"/evenings/{evening_id}")).select(".flash.error")
    assert read(client, evening_id)["sittings"] == []


def test_unknown_evenings_and_tables_are_404(client: FlaskClient, evening: tuple[str, str]) -> None:
    _group_id, evening_id = evening
    for url in ("/evenings/nope", "/evenings/nope/room", "/evenings/nope/sheet.pdf"):
        assert client.get(url).status_code == 404
    assert client.get(f"/evenings/{evening_id}/sittings/1/tables/1").status_code == 404
    assert client.post("/evenings/nope/draw").status_code == 404


def test_a_renewed_view_link_closes_the_evening_too(
    app: Flask, client: FlaskClient, evening: tuple[str, str]
) -> None:
    group_id, evening_id = evening
    watcher = app.test_client()
    assert watcher.get(f"/evenings/{evening_id}").status_code == 200
    renewed = client.post(f"/groups/{group_id}/share/renew-view", data={"version": "0"})
    assert renewed.status_code == 303
    for url in ("", "/room", "/sheet.pdf"):
        assert watcher.get(f"/evenings/{evening_id}{url}").status_code == 403
    assert client.get(f"/evenings/{evening_id}").status_code == 200


def test_the_room_screen_shows_the_players_link_as_a_qr_code(
    app: Flask, client: FlaskClient, evening: tuple[str, str]
) -> None:
    """A walk could not find how to give the players the evening: the room screen shows its
    link as a QR code; once the group's view link is renewed the link carries its token."""
    group_id, evening_id = evening
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    figure = one(room, ".players-link")
    assert figure.select_one("svg") is not None
    assert "Find your table" in figure.get_text()
    page = soup(client.get(f"/evenings/{evening_id}"))
    said = one(page, "p.hint:-soup-contains('link')")
    assert "The players' link" in said.get_text()
    assert str(one(said, "a")["href"]).endswith(f"/evenings/{evening_id}")
    assert (
        client.post(f"/groups/{group_id}/share/renew-view", data={"version": "0"}).status_code
        == 303
    )
    token = storage_group(app, group_id).view_token
    assert token
    watcher = app.test_client()
    assert watcher.get(f"/evenings/{evening_id}").status_code == 403
    assert watcher.get(f"/evenings/{evening_id}/watch/old").status_code == 403
    opened = watcher.get(f"/evenings/{evening_id}/watch/{token}")
    assert opened.status_code == 303 and opened.headers["Location"] == f"/evenings/{evening_id}"
    assert watcher.get(f"/evenings/{evening_id}").status_code == 200


def storage_group(app: Flask, group_id: str) -> Any:
    with app.app_context():
        return storage.load_group(storage.get_db(), group_id)


def test_each_table_has_a_qr_card(
    app: Flask, client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    table = tokens(client, evening_id)["sittings"][0]["tables"][0]
    card = soup(client.get(f"/evenings/{evening_id}/sittings/1/tables/1"))
    one(card, "figure.qr svg")
    assert str(one(card, ".link-text a")["href"]).endswith(
        f"/games/{table['game']}/join/{table['edit_token']}"
    )
    watched = soup(app.test_client().get(f"/evenings/{evening_id}/sittings/1/tables/1"))
    assert str(one(watched, ".link-text a")["href"]).endswith(f"/games/{table['game']}")


def test_the_countdown_is_started_and_stopped_by_the_keeper(
    client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    assert (
        client.post(f"/evenings/{evening_id}/countdown", data={"minutes": "30"}).status_code == 303
    )
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    ends = str(one(room, ".countdown")["data-ends"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", ends)
    assert re.search(r"until \d", one(room, ".countdown").get_text())
    one(room, "script[src*='room.js']")
    client.post(f"/evenings/{evening_id}/countdown", data={"minutes": "30", "stop": "1"})
    assert not soup(client.get(f"/evenings/{evening_id}/room")).select(".countdown")
    client.post(f"/evenings/{evening_id}/countdown", data={"minutes": "999"})
    assert soup(client.get(f"/evenings/{evening_id}")).select(".flash.error")


def test_the_room_screen_has_no_control_and_follows_live(
    client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    assert not room.select("form, button, header.bar")
    assert one(room, "body")["data-version-url"] == f"/evenings/{evening_id}/version"
    assert len(room.select(".table-card")) == 3


def test_the_pages_follow_the_evening_as_its_games_change(
    client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    before = int(str(one(soup(client.get(f"/evenings/{evening_id}")), "body")["data-version"]))
    table = tokens(client, evening_id)["sittings"][0]["tables"][0]
    play_to_the_end(client, table, 3)
    page = soup(client.get(f"/evenings/{evening_id}"))
    assert int(str(one(page, "body")["data-version"])) > before
    lines = page.select(".evening-standings tbody tr")
    assert len(lines) == len(table["players"])
    one(page, ".legend")  # the tie-breaks named under the standings


def test_the_pdf_has_the_standings_tables_and_winners(
    client: FlaskClient, evening: tuple[str, str]
) -> None:
    _group_id, evening_id = evening
    draw(client, evening_id)
    for table in tokens(client, evening_id)["sittings"][0]["tables"]:
        play_to_the_end(client, table, 5)
    response = client.get(f"/evenings/{evening_id}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdfs.text(response.data)
    got = read(client, evening_id)
    for name in got["players"]:
        assert name in text
    for table in got["sittings"][0]["tables"]:
        assert all(winner in text for winner in table["winners"])
    assert "Standings" in text and "Sitting 1" in text


@pytest.mark.parametrize("lang", ["en", "el"])
def test_the_evening_pages_stay_within_the_page_weight(tmp_path: Path, lang: str) -> None:
    app = make_app(tmp_path / "weight.sqlite", csrf=True)
    client = app.test_client()
    with app.app_context():
        group = storage.create_group(storage.get_db(), "Λέσχη της Παρασκευής")
    with client.session_transaction() as session:
        session["keep"] = []
    names = [f"Παίκτης Παπαδόπουλος {n}" for n in range(40)]
    with app.app_context():
        from scorekeeper.core import evening_record

        plan = evening_record.parse_evening({"players": names, "sittings": 3})
        stored, _again = storage.create_evening_once(
            storage.get_db(), group.id, plan, seed=1, key=None, digest=None
        )
    keeper = app.test_client()
    keeper.get(f"/groups/{group.id}/join/{group.edit_token}")
    form = soup(keeper.get(f"/groups/{group.id}/join/{group.edit_token}"))
    token = form.select_one("input[name=csrf_token]")
    assert token is not None
    keeper.post(f"/groups/{group.id}/join/{group.edit_token}", data={"csrf_token": token["value"]})
    page = soup(keeper.get(f"/evenings/{stored.id}"))
    fields = {
        "csrf_token": str(one(page, "form.draw input[name=csrf_token]")["value"]),
        "once": str(one(page, "form.draw input[name=once]")["value"]),
        "number": "1",
        "seating": "random",
        "present": [str(n) for n in range(len(names))],
    }
    assert keeper.post(f"/evenings/{stored.id}/draw", data=fields).status_code == 303
    # The heaviest page: two sittings shown in full (the next drawn while the first is played).
    page = soup(keeper.get(f"/evenings/{stored.id}"))
    fields["once"] = str(one(page, "form.draw input[name=once]")["value"])
    fields |= {"csrf_token": str(one(page, "form.draw input[name=csrf_token]")["value"])}
    fields["number"] = "2"
    assert keeper.post(f"/evenings/{stored.id}/draw", data=fields).status_code == 303
    rows = [
        weight.measure_page(keeper, f"/evenings/{stored.id}?lang={lang}"),
        weight.measure_page(keeper, f"/evenings/{stored.id}/room?lang={lang}"),
        weight.measure_page(keeper, f"/groups/{group.id}/evenings/new?lang={lang}"),
        weight.measure_page(keeper, f"/evenings/{stored.id}/sittings/1/tables/1?lang={lang}"),
    ]
    storage.storage(app).close()
    assert [(row["url"], row["total"]) for row in rows if row["total"] > weight.LIMIT] == []
    assert [row["total_gz"] for row in rows if row["total_gz"] > weight.WIRE_LIMIT] == []
    assert len(soup_rows := rows) == 4 and soup_rows[0]["html"] > 1000


def test_find_your_table_takes_any_word_of_a_name_and_no_accents(client: FlaskClient) -> None:
    """A walk typed "Hohenzollern", "wilhelm", "Weiss", "Muller": each found nobody."""
    group_id = make_group(client)
    names = [
        "Friedrich-Wilhelm Hohenzollern",
        "Sabine Weiß",
        "Müller-Lüdenscheidt",
        "Ana",
        "Anabel",
        "Ben",
        "Cleo",
        "Dan",
    ]
    evening_id = new_evening(client, group_id, names)
    draw(client, evening_id)
    for typed, player in [
        ("hohenzollern", names[0]),
        ("wilhelm", names[0]),
        ("Weiss", names[1]),
        ("Muller", names[2]),
        ("lüdensch", names[2]),
    ]:
        found = one(
            soup(client.get(f"/evenings/{evening_id}", query_string={"find": typed})), ".found"
        )
        assert one(found, ".who").get_text() == player, typed
        assert "Table" in found.get_text(), (typed, found.get_text())
    several = one(soup(client.get(f"/evenings/{evening_id}?find=an")), ".found")
    assert "Several players match" in several.get_text() and "Anabel" in several.get_text()
