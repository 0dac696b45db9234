"""Every way a club evening really goes (issue 48): a player leaving in the middle of a game
(the keepers end the table early, and how it then counts), a table's game gone or removed
from the group (the evening never stuck), a redraw with a late arrival and another seating, a
sitting added, the game's length and settings in the header, two keepers at once. Built through
the API, then read on the pages."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game, group_record
from scorekeeper.core.evening_standings import SAT_OUT, placement_points
from scorekeeper.core.players import player_key
from scorekeeper.core.record_shapes import RecordError
from scorekeeper.core.rules import Length, Variants
from tests import pdfs
from tests.pages import one, soup
from tests.plays import bearer, json_of, legal_round, round_json
from tests.test_evening_pages import draw, new_evening, tokens
from tests.test_evenings_api import evening, play_to_the_end, read, sitting
from tests.test_groups_pages import make_group

END = "/api/evenings/{evening}/sittings/{sitting}/tables/{table}/end"


@pytest.fixture
def drawn(client: FlaskClient) -> tuple[str, str, dict[str, Any]]:
    """An evening over the API with sitting 1 drawn (13 players at tables of 5, 4 and 4):
    its id, its group's token and sitting 1 as drawn (each table with its game's token)."""
    evening_id, token, _made = evening(client)
    return evening_id, token, sitting(client, evening_id, token, seating="random", seed=3)


def play_rounds(client: FlaskClient, table: dict[str, Any], rounds: int, seed: int) -> None:
    """The first ``rounds`` rounds of a table's game posted over the game API."""
    rng = Random(seed)
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    for _ in range(rounds):
        played = legal_round(record, rng)
        response = client.post(
            f"/api/games/{table['game']}/rounds",
            json=round_json(played),
            headers=bearer(table["edit_token"]),
        )
        assert response.status_code == 201, response.get_data(as_text=True)
        record = game.add_round(record, played)


def end(
    client: FlaskClient,
    evening_id: str,
    token: str,
    table: int = 1,
    number: int = 1,
    status: int = 200,
    **body: Any,
) -> dict[str, Any]:
    url = END.format(evening=evening_id, sitting=number, table=table)
    response = client.post(url, json=body, headers=bearer(token))
    assert response.status_code == status, response.get_data(as_text=True)
    answer: dict[str, Any] = json_of(response)
    return answer


def totals_after(app: Flask, game_id: str, rounds: int) -> tuple[int, ...]:
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        return game.totals_after(stored.record, rounds)


def points_of(answer: dict[str, Any]) -> dict[str, float]:
    return {line["player"]: line["placement_points"] for line in answer["standings"]}


# --- a table ended early ----------------------------------------------------------------------


def test_a_table_ended_early_counts_as_it_stood_with_the_leaver_last(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    big, *others = first["tables"]
    assert len(big["players"]) == 5
    for seed, table in enumerate(others):
        play_to_the_end(client, table, seed)
    play_rounds(client, big, 3, 7)
    # By standings waits for the table still played...
    refused = client.post(
        f"/api/evenings/{evening_id}/sittings", json={"seating": "standings"}, headers=bearer(token)
    )
    assert refused.status_code == 409 and json_of(refused)["code"] == "evening_standings_not_ready"
    # ...the keepers end it: the leader after 3 rounds leaves, and is placed last.
    totals = totals_after(app, big["game"], 3)
    leader = big["players"][totals.index(max(totals))]
    answer = end(client, evening_id, token, left=[leader.upper()])  # as the rules read names
    table = answer["sittings"][0]["tables"][0]
    assert table["ended_early"] and table["rounds_counted"] == 3 and table["left"] == [leader]
    assert answer["playing"] == [] and not table["finished"]
    # The hand count: those who stayed by their totals after round 3, the leaver below them.
    seats = list(zip(big["players"], totals, strict=True))
    order = [(0 if name == leader else 1, total) for name, total in seats]
    expected = dict(zip(big["players"], placement_points(order), strict=True))
    assert expected[leader] == 0
    got = points_of(answer)
    for name, points in expected.items():
        assert got[name] == round(float(points), 2), name
    assert leader not in table["winners"] and table["winners"]
    stayed = [total for name, total in seats if name != leader]
    winners = [name for name, total in seats if name != leader and total == max(stayed)]
    assert table["winners"] == winners
    # Points per round over the 3 rounds counted.
    per_round = {line["player"]: line["points_per_round"] for line in answer["standings"]}
    assert per_round[leader] == round(float(Fraction(max(totals), 3)), 2)
    # The CSV marks the table: the rounds counted and who left, beside the winners that count.
    lines = client.get(f"/evenings/{evening_id}/export.csv").get_data(as_text=True).splitlines()
    row = next(line for line in lines if line.startswith("1,1,"))
    assert row.endswith(f",{','.join(winners)},,after 3 rounds; Left: {leader}"), row
    assert lines[lines.index(row) + 1].endswith(",")  # table 2 finished: no mark
    # The sitting is over: by standings may be drawn, and the leaver is not here by default.
    second = sitting(client, evening_id, token, seating="standings")
    assert leader not in second["present"] and len(second["present"]) == 12


def test_ending_a_table_again_changes_who_left_and_it_can_play_on(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 1)
    once = end(client, evening_id, token, table=2)
    ended = once["sittings"][0]["tables"][1]
    assert ended["left"] == [] and ended["rounds_counted"] == 2
    play_rounds_more = table["players"][0]
    again = end(client, evening_id, token, table=2, left=[play_rounds_more])
    twice = again["sittings"][0]["tables"][1]
    assert twice["left"] == [play_rounds_more]
    assert twice["ended_at"] == ended["ended_at"] and twice["rounds_counted"] == 2
    url = END.format(evening=evening_id, sitting=1, table=2)
    back = json_of(client.delete(url, headers=bearer(token)))
    assert not back["sittings"][0]["tables"][1]["ended_early"]
    assert table["game"] in back["playing"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"left": ["Nobody"]}, 400, "evening_not_at_table"),
        ({"left": "Player 1"}, 400, "record_players_not_list"),
        ({"who": []}, 400, "record_unknown_field"),
    ],
)
def test_ending_a_table_is_refused_with_a_code(
    client: FlaskClient,
    drawn: tuple[str, str, dict[str, Any]],
    body: dict[str, Any],
    status: int,
    code: str,
) -> None:
    evening_id, token, _first = drawn
    assert end(client, evening_id, token, status=status, **body)["code"] == code


def test_a_finished_or_missing_table_has_nothing_to_end(
    client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    play_to_the_end(client, first["tables"][2], 2)
    refused = end(client, evening_id, token, table=3, status=409)
    assert refused["code"] == "evening_table_over"
    assert refused["error"] == (
        "Table 3 of sitting 1 has nothing left to end: its game is over, or the table was "
        "taken out."
    )
    assert end(client, evening_id, token, table=9, status=404)["code"] == "table_not_found"
    assert end(client, evening_id, token, number=2, status=404)["code"] == "sitting_not_found"
    url = END.format(evening=evening_id, sitting=1, table=1)
    assert client.post(url, json={}).status_code == 401


def test_ending_a_table_early_on_the_pages(app: Flask, client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    assert draw(client, evening_id) == []
    first = tokens(client, evening_id)["sittings"][0]
    table = first["tables"][0]
    play_rounds(client, table, 2, 5)
    page = soup(client.get(f"/evenings/{evening_id}/sittings/1/tables/1/out"))
    one(page, "a[href$='/sittings/1/tables/1/end']")  # "A player left: end this table early"
    asked = soup(client.get(f"/evenings/{evening_id}/sittings/1/tables/1/end"))
    assert "after 2 rounds played by everyone" in one(asked, "main").get_text(" ")
    ticks = [box["value"] for box in asked.select("input[name=left]")]
    assert ticks == ["0", "1", "2", "3"]  # each of the table's players, by seat
    response = client.post(f"/evenings/{evening_id}/sittings/1/tables/1/end", data={"left": "1"})
    assert response.status_code == 303
    leaver = table["players"][1]
    shown = soup(client.get(f"/evenings/{evening_id}"))
    assert "Table 1 of sitting 1 ended early." in one(shown, ".flash").get_text()
    note = shown.select(".taken-out-note")[-1].get_text(" ", strip=True)
    assert note.startswith("Table 1 of sitting 1 was ended early by the club night's keepers at")
    assert note.endswith(
        f"after 2 rounds, when {leaver} left: it counts as it stood then, those who stayed "
        f"placed by their totals and {leaver} below them."
    )
    # Not ticked for the next sitting; by standings waits only for the other table now.
    form = one(shown, "form.draw")
    boxes = form.select("input[name=present][checked]")
    ticked = {str(box.parent.get_text()) if box.parent else "" for box in boxes}
    assert leaver not in ticked and len(ticked) == 11
    # The room screen and the PDF say the same.
    room = soup(client.get(f"/evenings/{evening_id}/room")).get_text(" ", strip=True)
    assert "was ended early by the club night's keepers" in room
    text = pdfs.text(client.get(f"/evenings/{evening_id}/sheet.pdf").data)
    assert "ended early" in " ".join(text.split())
    # The table's game: over, said so, no round to enter, back to the club night.
    phone = app.test_client()
    assert phone.post(f"/games/{table['game']}/join/{table['edit_token']}").status_code == 303
    game_page = soup(phone.get(f"/games/{table['game']}"))
    over = one(game_page, "section.over").get_text(" ", strip=True)
    assert over.startswith("Ended early at the club night")
    assert f"Left: {leaver}" in over
    assert not game_page.select("form.bids, form.trump, form.tricks, form.undo")
    one(game_page, f"a.primary[href='/evenings/{evening_id}']")


def test_a_table_ended_early_travels_in_the_groups_file(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][1]
    play_rounds(client, table, 2, 3)
    leaver = table["players"][2]
    ended = end(client, evening_id, token, table=2, left=[leaver])["sittings"][0]["tables"][1]
    group_id = read(client, evening_id)["group"]
    data = json.loads(client.get(f"/groups/{group_id}/export.json").data)
    tables = data["evenings"][0]["sittings"][0]["tables"]
    assert ["ended_at" in t for t in tables] == [False, True, False]
    assert (tables[1]["ended_at"], tables[1]["ended_rounds"], tables[1]["left"]) == (
        ended["ended_at"],
        2,
        [leaver],
    )
    imported = client.post(
        "/groups/import",
        data={"record": (io.BytesIO(json.dumps(data).encode()), "club.json")},
        content_type="multipart/form-data",
    )
    assert imported.status_code in (302, 303), imported.get_data(as_text=True)
    new_group = imported.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        (again,) = storage.group_evenings(storage.get_db(), new_group)
    back = again.sittings[0].tables[1]
    assert (back.ended_at, back.ended_rounds, back.left) == (ended["ended_at"], 2, (leaver,))
    for broken in ({"left": ["Nobody"]}, {"ended_rounds": -1}, {"ended_at": "later"}):
        wrong = json.loads(json.dumps(data))
        wrong["evenings"][0]["sittings"][0]["tables"][1] |= broken
        with pytest.raises(RecordError) as refused:
            group_record.parse_group_file(wrong)
        assert refused.value.reason.code == "group_file_evening"
    del data["evenings"][0]["sittings"][0]["tables"][1]["left"]  # the three go together
    with pytest.raises(RecordError):
        group_record.parse_group_file(data)


def test_a_leaver_renamed_in_the_group_is_still_the_one_who_left(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    table = first["tables"][2]
    play_rounds(client, table, 1, 2)
    leaver = table["players"][0]
    end(client, evening_id, token, table=3, left=[leaver])
    group_id = read(client, evening_id)["group"]
    with app.app_context():
        storage.rename_player(storage.get_db(), group_id, player_key(leaver), "Renamed Leaver")
    answer = read(client, evening_id)
    assert answer["sittings"][0]["tables"][2]["left"] == ["Renamed Leaver"]
    assert points_of(answer)["Renamed Leaver"] == 0


# --- never stuck ----------------------------------------------------------------------------


def test_a_tables_game_gone_never_sticks_the_evening(
    app: Flask, client: FlaskClient, drawn: tuple[str, str, dict[str, Any]]
) -> None:
    evening_id, token, first = drawn
    gone, trashed, played = first["tables"]
    play_to_the_end(client, played, 4)
    with app.app_context():  # as a game deleted before issue 47, or by a restore's games
        storage.delete_game(storage.get_db(), gone["game"])
        storage.trash_game(storage.get_db(), trashed["game"])
    answer = read(client, evening_id)
    assert answer["playing"] == []
    tables = answer["sittings"][0]["tables"]
    assert [t["game_gone"] for t in tables] == [True, True, False]
    # Their players count as sitting that sitting out; the next sitting waits for nobody.
    points = points_of(answer)
    for name in gone["players"] + trashed["players"]:
        assert points[name] == float(SAT_OUT)
    second = sitting(client, evening_id, token, seating="standings")
    assert second["sitting"] == 2
    page = soup(client.get(f"/evenings/{evening_id}"))
    assert one(page, "#sitting-2").get_text().startswith("Sitting 2 of 3")
    notes = [p.get_text(" ", strip=True) for p in page.select(".taken-out-note")]
    assert notes[0] == (
        "Table 1 of sitting 1 has no game any more (it was deleted): it is not waited for, and "
        "each of its players is credited as sitting that sitting out (50 placement points, no "
        "game)."
    )
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    assert "Sitting 2" in room.get_text(" ")


def test_removing_a_tables_game_from_the_group_is_refused_in_words(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    assert draw(client, evening_id) == []
    game_id = read(client, evening_id)["sittings"][0]["tables"][1]["game"]
    response = client.post(f"/groups/{group_id}/games/{game_id}/remove", data={"version": "0"})
    assert response.status_code == 303
    said = one(soup(client.get(f"/groups/{group_id}")), ".flash.error").get_text(" ", strip=True)
    assert said.startswith("This game is table 2 of sitting 1 of the club night of ")
    assert said.endswith(
        "so it stays in the group. If a player left, end the table early on the club night's "
        "page; if its game went wrong, take the table out there."
    )
    with client.application.app_context():
        assert storage.group_of(storage.get_db(), game_id) == group_id


# --- the redraw, a sitting added, the header ----------------------------------------------


def test_a_redraw_takes_a_late_arrival_a_leaver_and_another_seating(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    assert draw(client, evening_id) == []
    page = soup(client.get(f"/evenings/{evening_id}/redraw"))
    form = one(page, "form.redraw")
    assert one(form, "input[name=seating][value=random]").has_attr("checked")
    assert one(form, "input[name=seating][value=standings]").has_attr("disabled")
    data: dict[str, Any] = {
        str(field["name"]): field["value"] for field in form.select("input[type=hidden]")
    }
    data["present"] = [str(n) for n in range(1, 12)]  # Player 1 left before a card was dealt
    data |= {"new_names": "Late Arrival\n", "seating": "balanced"}
    response = client.post(f"/evenings/{evening_id}/redraw", data=data)
    assert response.status_code == 303
    again = read(client, evening_id)["sittings"]
    assert len(again) == 1 and again[0]["seating"] == "balanced"
    assert "Player 1" not in again[0]["present"] and "Late Arrival" in again[0]["present"]
    seated = [name for table in again[0]["tables"] for name in table["players"]]
    assert sorted(seated + again[0]["sitting_out"]) == sorted(again[0]["present"])
    # The same form sent again (a double tap) draws nothing more.
    assert client.post(f"/evenings/{evening_id}/redraw", data=data).status_code == 303
    assert read(client, evening_id)["sittings"][0]["seed"] == again[0]["seed"]


def test_a_sitting_is_added_when_time_allows(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, sittings=1)
    sitting(client, evening_id, token, seed=1)
    url = f"/api/evenings/{evening_id}"
    for body, code in [
        ({"sittings_planned": 0}, "evening_sittings_planned"),
        ({"sittings_planned": 13}, "evening_sittings_planned"),
        ({"sittings_planned": True}, "evening_sittings_planned"),
        ({}, "record_missing_field"),
        ({"sittings": 2}, "record_unknown_field"),
    ]:
        refused = client.patch(url, json=body, headers=bearer(token))
        assert refused.status_code == 400 and json_of(refused)["code"] == code, body
    assert client.patch(url, json={"sittings_planned": 2}).status_code == 401
    added = client.patch(url, json={"sittings_planned": 2}, headers=bearer(token))
    assert added.status_code == 200 and json_of(added)["sittings_planned"] == 2
    assert sitting(client, evening_id, token, seed=2)["sitting"] == 2


def test_add_a_sitting_on_the_page_after_the_last_was_played(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id, sittings="1")
    assert draw(client, evening_id) == []
    for seed, table in enumerate(tokens(client, evening_id)["sittings"][0]["tables"]):
        play_to_the_end(client, table, seed)
    room = soup(client.get(f"/evenings/{evening_id}/room")).get_text(" ")
    assert "over" in room  # the club night is over...
    page = soup(client.get(f"/evenings/{evening_id}"))
    form = one(page, "form.add-sitting")
    assert "2 sittings planned then" in form.get_text(" ")
    data = {field["name"]: field["value"] for field in form.select("input")}
    for _tap in range(2):  # a double tap plans one more, not two
        assert client.post(f"/evenings/{evening_id}/sittings/planned", data=data).status_code == 303
    assert read(client, evening_id)["sittings_planned"] == 2
    page = soup(client.get(f"/evenings/{evening_id}"))
    assert one(page, "form.draw h3").get_text() == "Draw sitting 2"  # ...and goes on
    assert draw(client, evening_id) == []


def test_the_header_says_the_game_its_length_and_settings(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    line = one(soup(client.get(f"/evenings/{evening_id}")), ".game-line").get_text()
    assert line == "Wizard · 5 rounds"  # the length said once, by its rounds
    standard = new_evening(client, group_id, length="standard", bid_restriction="plus_minus_one")
    line = one(soup(client.get(f"/evenings/{standard}")), ".game-line").get_text()
    assert line.startswith("Wizard · 15 rounds at a table of 4, 12 at 5 · ")
    assert line.count(" · ") == 2 and "Bid restriction: " in line  # the settings chosen only


# --- two keepers at once ------------------------------------------------------------------


def test_two_keepers_drawing_at_once_are_told_exactly_what_happened(
    app: Flask, client: FlaskClient
) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    assert draw(client, evening_id) == []
    with app.app_context():
        group = storage.load_group(storage.get_db(), group_id)
        assert group is not None
    other = app.test_client()
    assert other.post(f"/groups/{group_id}/join/{group.edit_token}").status_code in (302, 303)

    def form_of(phone: FlaskClient, selector: str, page: str = "") -> dict[str, Any]:
        form = one(soup(phone.get(f"/evenings/{evening_id}{page}")), selector)
        data: dict[str, Any] = {
            str(f["name"]): f["value"] for f in form.select("input[type=hidden]")
        }
        data["present"] = [str(b["value"]) for b in form.select("input[name=present][checked]")]
        data["seating"] = "random"
        return data

    mine, theirs = form_of(client, "form.draw"), form_of(other, "form.draw")
    assert mine["number"] == theirs["number"] == "2"
    assert client.post(f"/evenings/{evening_id}/draw", data=mine).status_code == 303
    answer = other.post(f"/evenings/{evening_id}/draw", data=theirs)
    assert answer.headers["Location"].endswith("#sitting-2")
    page = soup(other.get(f"/evenings/{evening_id}"))
    assert [e.get_text() for e in page.select(".flash")] == [
        "Sitting 2 was just drawn on another phone."
    ]
    assert len(read(client, evening_id)["sittings"]) == 2
    one(page, "#sitting-2")
    # The form now shown names the sitting it draws: never sitting 3 under a "try again".
    assert one(page, "form.draw button").get_text() == "Draw sitting 3"
    # A redraw: the other phone's form is stale once this one drew the sitting again.
    mine = form_of(client, "form.redraw", "/redraw")
    theirs = form_of(other, "form.redraw", "/redraw")
    assert client.post(f"/evenings/{evening_id}/redraw", data=mine).status_code == 303
    redrawn = read(client, evening_id)["sittings"][1]
    assert other.post(f"/evenings/{evening_id}/redraw", data=theirs).status_code == 303
    page = soup(other.get(f"/evenings/{evening_id}"))
    assert [e.get_text() for e in page.select(".flash")] == [
        "Sitting 2 was just drawn again on another phone."
    ]
    assert read(client, evening_id)["sittings"][1]["seed"] == redrawn["seed"]
