"""The room screen's changes in place (issue 48): ``GET /evenings/<id>/room.json`` answers
only the parts a screen does not show yet (a table's card after a round saved, nothing after a
bid), seen by whoever sees the room screen; each table's progress and "behind" mark on the room
and the evening's page; the evening's end and winner on the page and the PDF."""

from __future__ import annotations

from random import Random
from typing import Any

from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import evening_pace, game
from scorekeeper.core.evening_pace import TablePace
from scorekeeper.core.rules import Length, Variants
from scorekeeper.storage.database import writing
from tests import pdfs
from tests.pages import one, soup
from tests.plays import bearer, legal_round, round_json
from tests.test_evening_pages import draw, new_evening, tokens
from tests.test_evenings_api import play_to_the_end
from tests.test_groups_pages import make_group
from tests.test_views_trash_groups import delete


def room_parts(client: FlaskClient, evening_id: str) -> dict[str, str]:
    """The digests of the room screen's parts as its page shows them, by id."""
    page = soup(client.get(f"/evenings/{evening_id}/room"))
    return {str(part["id"]): str(part["data-digest"]) for part in page.select(".part")}


def html(text: str) -> BeautifulSoup:
    return BeautifulSoup(text, "html.parser")


def asked(client: FlaskClient, evening_id: str, have: dict[str, str]) -> dict[str, Any]:
    response = client.get(f"/evenings/{evening_id}/room.json?have={','.join(have.values())}")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"
    found: dict[str, Any] = response.get_json()
    return found


def play(client: FlaskClient, table: dict[str, Any], upto: int, already: int = 0) -> None:
    """Rounds ``already`` + 1 to ``upto`` of the table's game posted over the API (the same
    rounds whatever was posted before: one seed a table)."""
    record = game.begin(
        "wizard", table["players"], table["first_dealer"], Variants(length=Length.FIVE_ROUNDS)
    )
    rng = Random(table["table"])
    while len(record.rounds) < upto:
        played = legal_round(record, rng)
        if len(record.rounds) >= already:
            answer = client.post(
                f"/api/games/{table['game']}/rounds",
                json=round_json(played),
                headers=bearer(table["edit_token"]),
            )
            assert answer.status_code == 201, answer.get_data(as_text=True)
        record = game.add_round(record, played)


def one_round(client: FlaskClient, table: dict[str, Any]) -> None:
    play(client, table, 1)


def drawn(client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """A 12-player evening with its first sitting drawn 10 minutes ago (the tables' games made
    then): the rounds saved now took minutes, as at a table, not the test's milliseconds."""
    group_id = make_group(client)
    evening_id = new_evening(client, group_id)
    assert draw(client, evening_id) == []
    sitting = tokens(client, evening_id)["sittings"][0]
    set_back(client.application, sitting, 10)
    return evening_id, sitting


def set_back(app: Flask, sitting: dict[str, Any], minutes: int) -> None:
    """The sitting's games made ``minutes`` ago."""
    with app.app_context():
        db = storage.get_db()
        with writing(db):
            for table in sitting["tables"]:
                db.execute(
                    "UPDATE games SET created_at = datetime('now', ?) || '+00:00' WHERE id = ?",
                    [f"-{minutes} minutes", table["game"]],
                )


def test_the_room_answers_only_what_changed(client: FlaskClient) -> None:
    evening_id, sitting = drawn(client)
    have = room_parts(client, evening_id)
    tables = [f"room-t1-{t['table']}" for t in sitting["tables"]]
    assert set(have) == {*tables, "room-standings-part", "room-status"}
    page = soup(client.get(f"/evenings/{evening_id}/room"))
    layout = one(page, "body")["data-layout"]
    # Without a script the screen still refreshes itself every 20 s.
    assert one(page, "noscript meta[http-equiv=refresh]")["content"] == "20"
    nothing = asked(client, evening_id, have)
    assert nothing["parts"] == {} and nothing["layout"] == layout and nothing["seating"]

    # A round saved at table 2: its card alone, "Round 2 of 5".
    one_round(client, sitting["tables"][1])
    changed = asked(client, evening_id, have)
    assert list(changed["parts"]) == [tables[1]]
    card = html(changed["parts"][tables[1]]["html"])
    assert one(card, ".progress .words").get_text() == "Round 2 of 5"
    assert changed["layout"] == layout and changed["version"] > nothing["version"]
    have[tables[1]] = changed["parts"][tables[1]]["digest"]
    assert asked(client, evening_id, have)["parts"] == {}

    # The countdown started (2 hours: every table's forecast ends before it, at 10 minutes a
    # round): the screen's countdown alone, its end in it.
    started = client.post(f"/evenings/{evening_id}/countdown", data={"minutes": "120"})
    assert started.status_code == 303
    counting = asked(client, evening_id, have)
    assert list(counting["parts"]) == ["room-status"]
    assert html(counting["parts"]["room-status"]["html"]).select_one(".countdown[data-ends]")
    have["room-status"] = counting["parts"]["room-status"]["digest"]

    # A table played to its end: its card ("finished") and the standings.
    play_to_the_end(client, sitting["tables"][0], seed=3)
    ended = asked(client, evening_id, have)
    # (table 2, at 10 minutes a round against table 1's 2, ends before the countdown: on time)
    assert set(ended["parts"]) == {tables[0], "room-standings-part"}
    # The countdown stopped: against the other tables, table 2 is behind now.
    client.post(f"/evenings/{evening_id}/countdown", data={"minutes": "30", "stop": "1"})
    have |= {key: part["digest"] for key, part in ended["parts"].items()}
    stopped = asked(client, evening_id, have)
    assert set(stopped["parts"]) == {"room-status", tables[1]}
    assert "behind" in html(stopped["parts"][tables[1]]["html"]).get_text()
    assert "finished" in html(ended["parts"][tables[0]]["html"]).get_text()
    assert not ended["seating"]  # a round saved at two of three tables: play is under way

    # A sitting drawn: a layout of its own, which the screen reloads for.
    play(client, sitting["tables"][1], 5, already=1)
    for table in sitting["tables"][2:]:
        play_to_the_end(client, table, seed=4)
    assert draw(client, evening_id) == []
    assert asked(client, evening_id, have)["layout"] != layout


def test_the_room_answer_is_seen_as_the_room_screen(app: Flask, client: FlaskClient) -> None:
    evening_id, _sitting = drawn(client)
    watcher = app.test_client()
    assert watcher.get(f"/evenings/{evening_id}/room.json").status_code == 200
    assert client.get("/evenings/nope/room.json").status_code == 404
    group_id = tokens(client, evening_id)["group"]
    renewed = client.post(f"/groups/{group_id}/share/renew-view", data={"version": "0"})
    assert renewed.status_code == 303
    assert watcher.get(f"/evenings/{evening_id}/room").status_code == 403
    assert watcher.get(f"/evenings/{evening_id}/room.json").status_code == 403
    delete(client, f"/evenings/{evening_id}")
    assert client.get(f"/evenings/{evening_id}/room").status_code == 410
    assert client.get(f"/evenings/{evening_id}/room.json").status_code == 410


def test_progress_and_the_end_on_the_page_the_room_and_the_pdf(client: FlaskClient) -> None:
    evening_id, sitting = drawn(client)
    one_round(client, sitting["tables"][0])
    page = soup(client.get(f"/evenings/{evening_id}"))
    said = [p.get_text(" ", strip=True) for p in page.select(".sitting .progress")]
    assert said[0] == "Round 2 of 5" and set(said[1:]) == {"Round 1 of 5"}
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    assert "seating" in str(one(room, "body")["class"])  # no round yet at two tables of three
    assert page.select(".evening-over") == []
    for number in (1, 2, 3):
        if number > 1:
            assert draw(client, evening_id) == []
        for table in tokens(client, evening_id)["sittings"][-1]["tables"]:
            play(client, table, 5, already=1 if number == 1 and table["table"] == 1 else 0)
    page = soup(client.get(f"/evenings/{evening_id}"))
    first = one(page, ".evening-standings tbody tr th a").get_text(strip=True)
    over = f"The club night is over. ★ Winner: {first}"
    assert one(page, ".evening-over").get_text(" ", strip=True) == over
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    assert one(room, ".evening-over").get_text(" ", strip=True) == over
    assert "seating" not in str(one(room, "body")["class"])
    text = pdfs.text(client.get(f"/evenings/{evening_id}/sheet.pdf").data)
    assert "The club night is over." in " ".join(text.split())
    assert f"Winner: {first}" in " ".join(text.split())


def test_a_slow_table_is_marked_behind_in_words() -> None:
    """Three tables of five rounds, 10 minutes a round at two of them and 20 at the third: the
    third is behind the others; against a countdown ending at 60 minutes, the third only."""
    minute = 60.0
    tables = [
        TablePace(2, 5, 0, 20 * minute),
        TablePace(2, 5, 0, 20 * minute),
        TablePace(1, 5, 0, 20 * minute),
    ]
    found = evening_pace.forecast(tables, now=21 * minute)
    assert [f.behind for f in found] == [False, False, True]
    assert found[0].ends == 50 * minute and found[2].ends == 100 * minute
    against = evening_pace.forecast(tables, now=21 * minute, countdown=60 * minute)
    assert [f.behind for f in against] == [False, False, True]
    # Nobody saved a round yet: nothing to forecast, nobody behind.
    fresh = [TablePace(0, 5, 0, None)] * 3
    assert all(f.ends is None and not f.behind for f in evening_pace.forecast(fresh, now=60))
    # A table not started yet takes the others' pace; a finished table is never behind.
    mixed = [TablePace(5, 5, 0, 50 * minute, done=True), TablePace(0, 5, 0, None)]
    late = evening_pace.forecast(mixed, now=55 * minute, countdown=60 * minute)
    assert [f.behind for f in late] == [False, True]


def test_the_page_marks_the_table_behind(app: Flask, client: FlaskClient) -> None:
    """A table whose rounds go at half the pace of the others is said to be behind on the
    room screen and the evening's page, in words."""
    evening_id, sitting = drawn(client)
    # Rounds saved now at two tables, none at the third: its pace is the others' until it
    # saves one, so the history's times are set back by hand (the game made 30 minutes ago).
    for table in sitting["tables"][:2]:
        play(client, table, 2)
    one_round(client, sitting["tables"][2])
    set_back(app, sitting, 30)
    with app.app_context():
        db = storage.get_db()
        with writing(db):
            # The slow table saved its one round just now, after 30 minutes; the others their
            # second round 10 minutes ago: 10 minutes a round against 30.
            for table in sitting["tables"][:2]:
                db.execute(
                    "UPDATE history SET at = at - 600 WHERE thing = 'g' AND id = ?",
                    [table["game"]],
                )
    room = soup(client.get(f"/evenings/{evening_id}/room"))
    marks = [" ".join(m.get_text().split()) for m in room.select(".table-card .behind-mark")]
    assert len(marks) == 1 and marks[0].startswith("· ⚠ behind, ends about")
    slow = room.select(".table-card.behind")
    assert len(slow) == 1 and f"Table {sitting['tables'][2]['table']}" in slow[0].get_text()
    page = soup(client.get(f"/evenings/{evening_id}"))
    assert len(page.select(".table-card.behind .behind-mark")) == 1
