"""A round corrected after it was entered is marked on the phone's sheet, the table display, the
PDF and the CSV as an adjustment is, with its figures from before in the key; the API and the
game record carry them (issue 47)."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.core import game
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Trump, Turned
from tests import pdfs, plays
from tests.pages import correct_round, one, play_round, soup, start_game

PENCIL = "\u270e"
MINUS = "\u2212"
# Round 1 as played (Tom deals to Dick and Mary): bids 0, 1, 1; tricks 0, 0, 1: 20, -10, 30.
# Corrected: Dick took the trick, not Mary: 20, 30, -10.
KEY = f"Round 1 corrected. Before: Dick bid 1, took 0, {MINUS}10 · Mary bid 1, took 1, +30"


def _corrected_on_the_phone(client: FlaskClient) -> str:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    play_round(client, game_id, [2, 0, 0], [1, 0, 1], turned="jester", suit=None)
    assert correct_round(client, game_id, 1, **{"tricks-1": 1, "tricks-2": 0}).status_code == 303
    return game_id


def test_the_sheet_marks_the_round_and_each_score_it_changed(client: FlaskClient) -> None:
    game_id = _corrected_on_the_phone(client)
    page = soup(client.get(f"/games/{game_id}/sheet"))
    first, second = page.select("table.pad tbody tr")
    assert PENCIL in one(first, "th .fix-mark").get_text()
    cells = first.select("td")
    assert [bool(cell.select(".fix-mark")) for cell in cells] == [False, True, True]
    # A finger held on it, and a screen reader, hear what the score was.
    said = f"round corrected; before: bid 1, took 0, {MINUS}10"
    assert one(cells[1], ".fix-mark")["title"] == said
    assert said in one(cells[1], ".fix-mark .vh").get_text()
    assert second.select(".fix-mark") == []
    notes = [li.get_text(" ", strip=True) for li in page.select(".correction-notes li")]
    assert notes == [f"{PENCIL} {KEY}"]
    assert one(page, "#corrections-title").get_text() == "Corrected rounds"


def test_the_table_display_marks_the_totals_it_changed(client: FlaskClient) -> None:
    game_id = _corrected_on_the_phone(client)
    page = soup(client.get(f"/games/{game_id}/display"))
    marked = {
        one(item, ".name").get_text(): bool(item.select(".fix-mark"))
        for item in page.select(".standings li")
    }
    assert marked == {"Tom": False, "Dick": True, "Mary": True}
    assert [p.get_text(" ", strip=True) for p in page.select(".fix-key")] == [f"{PENCIL} {KEY}"]


def test_corrected_back_nothing_is_marked(client: FlaskClient) -> None:
    game_id = _corrected_on_the_phone(client)
    assert correct_round(client, game_id, 1, **{"tricks-1": 0, "tricks-2": 1}).status_code == 303
    for address in ("sheet", "display"):
        page = soup(client.get(f"/games/{game_id}/{address}"))
        assert page.select(".fix-mark") == [] and page.select(".correction-notes") == []


def _corrected() -> GameRecord:
    """Ann, Bo and Cy, 3 rounds; round 2 corrected: its trump, and a trick from one to another."""
    record = pdfs.play(("Ann", "Bo", "Cy"), rounds=3, seed=4)
    played = record.rounds[1]
    tricks = list(played.tricks)
    giver = next(seat for seat, taken in enumerate(tricks) if taken)
    tricks[giver] -= 1
    tricks[(giver + 1) % 3] += 1
    trump = Trump(Turned.JESTER) if played.trump.suit else pdfs.TRUMPS[0]
    return game.replace_round(record, 2, replace(played, trump=trump, tricks=tuple(tricks)))


def test_the_printed_sheet_marks_it_and_keys_it(app: Flask, client: FlaskClient) -> None:
    record = _corrected()
    stored = pdfs.store(app, record)
    text = pdfs.text(client.get(f"/games/{stored.id}/sheet.pdf").data)
    assert f"{PENCIL} corrected after it was entered (listed below)" in text
    key = f"{PENCIL} Round 2 corrected. Before: trump: "
    assert key in text
    assert text.count(PENCIL) == 1 + 1 + 2 + 1  # its number, two scores, the key and its line
    assert f" 2{PENCIL} " in text


def test_the_csv_says_what_each_changed_figure_was(app: Flask, client: FlaskClient) -> None:
    record = _corrected()
    stored = pdfs.store(app, record)
    read = list(csv.reader(io.StringIO(client.get(f"/games/{stored.id}/export.csv").text)))
    assert read[0][-1] == "before the correction"
    by_round = {(row[0], row[4]): row[-1] for row in read[1:]}
    was = record.rounds[1].corrected_from
    assert was is not None
    assert all(by_round[("1", name)] == "" for name in ("Ann", "Bo", "Cy"))
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        cell = by_round[("2", name)]
        assert cell.startswith("trump: ")  # on every row of the round: the trump changed
        changed = was.tricks[seat] != record.rounds[1].tricks[seat]
        assert (f"bid {was.bids[seat]}, took {was.tricks[seat]}, " in cell) == changed


def test_a_csv_without_a_correction_keeps_its_columns(app: Flask, client: FlaskClient) -> None:
    stored = pdfs.store(app, pdfs.play(("Ann", "Bo", "Cy"), rounds=3))
    header = client.get(f"/games/{stored.id}/export.csv").text.splitlines()[0]
    assert header.endswith("adjustment,reason")


@pytest.mark.parametrize("language", ["de", "el"])
def test_the_key_is_said_in_the_readers_language(
    app: Flask, client: FlaskClient, language: str
) -> None:
    stored = pdfs.store(app, _corrected())
    page = soup(client.get(f"/games/{stored.id}/sheet", headers={"Accept-Language": language}))
    said = one(page, ".correction-notes li").get_text(" ", strip=True)
    assert {"de": "Runde 2 korrigiert", "el": "γύρος 2 διορθώθηκε"}[language] in said


def test_the_api_corrects_marks_exports_and_imports_it_back(client: FlaskClient) -> None:
    body = {**plays.EXAMPLE_GAME, "rounds": plays.EXAMPLE_ROUNDS}
    game_id, token = plays.create(client, body)
    fixed = {"trump": {"turned": "suit", "suit": "hearts"}, "bids": [0, 1, 1], "tricks": [0, 1, 0]}
    headers = plays.bearer(token) | {"If-Match": '"1"'}
    answer = client.put(f"/api/games/{game_id}/rounds/1", json=fixed, headers=headers)
    assert answer.status_code == 200, answer.json
    state = plays.json_of(answer)
    assert state["rounds"][0]["corrected_from"] == {
        **plays.EXAMPLE_ROUNDS[0],
        "scores": [20, -10, 30],
    }
    assert "corrected_from" not in state["rounds"][1]
    exported = client.get(f"/games/{game_id}/export.json").json
    assert exported is not None
    again, _token = plays.create(client, exported)
    assert plays.state(client, again)["rounds"] == plays.state(client, game_id)["rounds"]
