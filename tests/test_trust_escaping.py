"""Player names that look like code stay names everywhere they are shown.

Names that a spreadsheet would run (``=1+2``, ``+cmd``, ``-x``, ``@SUM(A1)``), markup
(``<script>alert(document.cookie)</script>``), quotes, and Greek and Cyrillic letters: the pages
escape them, the JSON gives them back exactly, the CSV neutralises the formula cells, and the PDF
prints them literally. The script name is longer than the 32 characters a name may have, so
that game is stored directly (as the storage layer allows); the table of ``FITTING`` also goes
through the new-game form, the API and import.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
from random import Random

import pytest
from bs4 import BeautifulSoup
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.rules import Suit, Turned, Variants
from scorekeeper.render.csvfile import FORMULA_STARTS
from scorekeeper.storage import StoredGame
from tests.plays import legal_round, round_json

SCRIPT = "<script>alert(document.cookie)</script>"
NAMES = ("=1+2", "+cmd", "-x", "@SUM(A1)", SCRIPT, '"quoted"', "Ζωή", "Жанна")
# The same table with names of at most 32 characters, as the form and the API take them.
FITTING = ("=1+2", "+cmd", "-x", "@SUM(A1)", "<img src=x onerror=1>", '"quoted"', "Ζωή", "Жанна")


def stored_game(app: Flask, names: tuple[str, ...], rounds: int, at_table: bool) -> StoredGame:
    """A game of ``names`` with ``rounds`` rounds played and, if asked, the next one started
    (trump and the first two bids entered)."""
    rng = Random(8)
    record = game.new_game(names, 0, Variants())
    for _ in range(rounds):
        record = game.add_round(record, legal_round(record, rng))
    if at_table:
        record = game.set_trump(record, Turned.SUIT, Suit.SPADES)
        setup = game.current_setup(record)
        for seat in setup.bidders[:2]:
            record = game.place_bid(record, seat, 0)
    with app.app_context():
        return storage.create_game(storage.get_db(), record)


def edit_access(client: FlaskClient, *games: StoredGame) -> None:
    with client.session_transaction() as session:
        session["edit"] = {stored.id: stored.edit_token for stored in games}
        session["seen"] = {stored.id: "" for stored in games}


@pytest.fixture
def playing(app: Flask, client: FlaskClient) -> StoredGame:
    """The hostile table in round 4, with the scorekeeper's edit access."""
    stored = stored_game(app, NAMES, 3, at_table=True)
    edit_access(client, stored)
    return stored


# --- pages -----------------------------------------------------------------------------------


def assert_escaped(html: str, names: tuple[str, ...]) -> BeautifulSoup:
    """No name became markup: no inline script, no event handler, and every name is page text."""
    assert SCRIPT not in html
    page = BeautifulSoup(html, "html.parser")
    for script in page.select("script"):
        assert script.get("src"), script
    handlers = [name for tag in page.select("*") for name in tag.attrs if name.startswith("on")]
    assert handlers == []
    assert page.find("img") is None
    text = page.get_text(" ")
    for name in names:
        assert name in text, name
    return page


@pytest.mark.parametrize(
    "path",
    [
        "/games/{id}",
        "/games/{id}/sheet",
        "/games/{id}/share",
        "/games/{id}/delete",
        "/games/{id}/rounds/2/edit",
        "/",
    ],
)
def test_pages_show_hostile_names_as_text(
    client: FlaskClient, playing: StoredGame, path: str
) -> None:
    response = client.get(path.format(id=playing.id))
    assert response.status_code == 200
    page = assert_escaped(response.get_data(as_text=True), NAMES)
    if path.endswith("/sheet"):
        chart = page.select_one("svg")
        assert chart is not None
        legend = chart.get_text(" ")
        # The chart may shorten a long name, never turn it into markup.
        assert "=1+2" in legend and "Жанна" in legend and "<script>" in legend


def test_the_final_standings_show_hostile_names_as_text(app: Flask, client: FlaskClient) -> None:
    stored = stored_game(app, NAMES, len(game.new_game(NAMES, 0, Variants()).schedule), False)
    edit_access(client, stored)
    assert stored.record.finished
    for path in (f"/games/{stored.id}", f"/games/{stored.id}/sheet", "/"):
        assert_escaped(client.get(path).get_data(as_text=True), NAMES)


def test_the_new_game_form_gives_back_hostile_names_escaped(client: FlaskClient) -> None:
    typed = ('"><script>alert(document.cookie)</script>', "=1+2", "Ζωή", "<img src=x onerror=1>")
    data = {f"players-{seat}": name for seat, name in enumerate(typed)}
    data |= {"first_dealer": "0", "length": "standard", "bid_restriction": "none"}
    response = client.post("/games/new", data=data | {"bid_visibility": "open"})
    assert response.status_code == 400  # the first name is too long: the form comes back
    html = response.get_data(as_text=True)
    assert SCRIPT not in html
    page = BeautifulSoup(html, "html.parser")
    assert page.find("img") is None
    assert all(script.get("src") for script in page.select("script"))
    values = [str(field["value"]) for field in page.select("input[name^=players-][value]")]
    assert [value for value in values if value] == list(typed)


# --- JSON ------------------------------------------------------------------------------------


def test_the_api_gives_back_hostile_names_exactly(client: FlaskClient, playing: StoredGame) -> None:
    response = client.get(f"/api/games/{playing.id}")
    assert response.mimetype == "application/json"
    assert response.json is not None and response.json["players"] == list(NAMES)
    assert json.loads(response.get_data(as_text=True))["players"] == list(NAMES)


def test_hostile_names_round_trip_through_the_api_export_and_import(
    app: Flask, client: FlaskClient
) -> None:
    record = game.new_game(FITTING, 0, Variants())
    rounds = []
    rng = Random(3)
    for _ in range(2):
        played = legal_round(record, rng)
        record = game.add_round(record, played)
        rounds.append(round_json(played))
    created = client.post(
        "/api/games", json={"players": list(FITTING), "first_dealer": 0, "rounds": rounds}
    )
    assert created.status_code == 201, created.json
    assert created.json is not None and created.json["players"] == list(FITTING)
    game_id = created.json["id"]
    exported = client.get(f"/games/{game_id}/export.json")
    assert exported.status_code == 200
    assert json.loads(exported.get_data(as_text=True))["players"] == list(FITTING)
    imported = client.post(
        "/games/import", data={"record": (io.BytesIO(exported.data), "game.json")}
    )
    assert imported.status_code in (302, 303)
    new_id = imported.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != game_id
    copied, original = (client.get(f"/api/games/{gid}").json for gid in (new_id, game_id))
    assert copied is not None and original is not None
    assert copied["players"] == list(FITTING)
    assert copied["rounds"] == original["rounds"]


def test_a_name_too_long_for_the_api_is_refused_clearly(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"players": list(NAMES), "first_dealer": 0})
    assert response.status_code == 400
    assert response.json is not None and "Player 5" in response.json["error"]


# --- CSV -------------------------------------------------------------------------------------


def csv_rows(client: FlaskClient, game_id: str) -> list[list[str]]:
    response = client.get(f"/games/{game_id}/export.csv")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def is_number(cell: str) -> bool:
    return re.fullmatch(r"-?\d+", cell) is not None


def test_the_csv_neutralises_formula_names(client: FlaskClient, playing: StoredGame) -> None:
    header, *rows = csv_rows(client, playing.id)
    assert len(rows) == 3 * len(NAMES)
    player, dealer = header.index("player"), header.index("dealer")
    expected = ["'=1+2", "'+cmd", "'-x", "'@SUM(A1)", SCRIPT, '"quoted"', "Ζωή", "Жанна"]
    assert [row[player] for row in rows[: len(NAMES)]] == expected
    assert {row[dealer] for row in rows} == {"'=1+2", "'+cmd", "'-x"}
    for row in rows:
        for cell in row:
            assert is_number(cell) or not cell.startswith(FORMULA_STARTS), cell


def test_downloads_name_their_file_safely(client: FlaskClient, playing: StoredGame) -> None:
    for path in ("export.csv", "export.json", "sheet.pdf"):
        disposition = client.get(f"/games/{playing.id}/{path}").headers["Content-Disposition"]
        assert re.fullmatch(
            r'(attachment|inline); filename="[A-Za-z0-9._-]+"'
            r"(; filename\*=UTF-8''[A-Za-z0-9%._-]+)?",
            disposition,
        ), disposition


# --- PDF -------------------------------------------------------------------------------------


def test_the_pdf_prints_hostile_names_literally(client: FlaskClient, playing: StoredGame) -> None:
    response = client.get(f"/games/{playing.id}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    result = subprocess.run(
        ["pdftotext", "-", "-"], input=response.data, capture_output=True, timeout=60, check=True
    )
    text = result.stdout.decode("utf-8")
    for name in NAMES:
        assert name in text, name
