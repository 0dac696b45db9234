"""Export a game as a record file or CSV, and import a record file on another installation."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from scorekeeper.core import game
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Suit, Turned, Variants
from scorekeeper.render.csvfile import safe_cell
from tests.plays import (
    EXAMPLE_GAME,
    EXAMPLE_ROUNDS,
    create,
    game_ids,
    playable_tables,
    played_game,
    state,
)
from tests.support.apps import make_app


def store(app: Flask, record: GameRecord) -> str:
    """Store a game directly, as the pages would; its id."""
    with app.app_context():
        return storage.create_game(storage.get_db(), record).id


def upload(client: FlaskClient, data: bytes, name: str = "game.json") -> TestResponse:
    """Send a file to the import form."""
    return client.post(
        "/games/import",
        data={"record": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


def flashes(client: FlaskClient) -> list[tuple[str, str]]:
    with client.session_transaction() as session:
        shown: list[tuple[str, str]] = session.get("_flashes", [])
        return shown


# --- export.json -----------------------------------------------------------------------------


def test_the_record_downloads_as_a_file_named_after_the_day_and_players(
    client: FlaskClient,
) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    response = client.get(f"/games/{game_id}/export.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="wizard-')
    assert disposition.endswith('-tom-dick-mary.json"')
    record = json.loads(response.data)
    assert [entry["change"] for entry in record.pop("history")] == [{"code": "started"}]
    assert record == {
        "format": "wizard-scorekeeper/1",
        "players": ["Tom", "Dick", "Mary"],
        "first_dealer": 0,
        "variants": {
            "length": "standard",
            "bid_restriction": "none",
            "bid_visibility": "open",
            "saboteur": False,
            "jester_bid": False,
            "foresight": False,
            "gizzard_fester": False,
            "pull_one": False,
            "edition": "classic",
            "deck": "classic",
        },
        "rounds": [
            {**played, "trump": {"suit": None, **played["trump"]}} for played in EXAMPLE_ROUNDS
        ],
    }


def test_names_in_other_scripts_keep_a_utf8_file_name(client: FlaskClient) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "players": ["Γιώργος", "Zoë", "Ana"]})
    disposition = client.get(f"/games/{game_id}/export.json").headers["Content-Disposition"]
    assert "filename*=UTF-8''wizard-" in disposition
    assert "-zo%C3%AB-ana.json" in disposition


@pytest.mark.parametrize("extension", ["json", "csv"])
def test_an_unknown_game_has_no_export(client: FlaskClient, extension: str) -> None:
    assert client.get(f"/games/nope/export.{extension}").status_code == 404


# --- export.csv ------------------------------------------------------------------------------


def csv_table(response: TestResponse) -> list[dict[str, str]]:
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))


def test_the_csv_has_one_row_per_player_per_round(client: FlaskClient) -> None:
    game_id, _token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    response = client.get(f"/games/{game_id}/export.csv")
    assert response.headers["Content-Disposition"].endswith('-tom-dick-mary.csv"')
    rows = csv_table(response)
    assert list(rows[0]) == [
        "round",
        "cards",
        "dealer",
        "trump",
        "player",
        "bid",
        "tricks",
        "score",
        "total",
        "adjustment",
        "reason",
    ]
    assert [tuple(row.values()) for row in rows[3:]] == [
        ("2", "2", "Dick", "No trump (Jester turned)", "Tom", "2", "1", "-10", "10", "", ""),
        ("2", "2", "Dick", "No trump (Jester turned)", "Dick", "0", "0", "20", "10", "", ""),
        ("2", "2", "Dick", "No trump (Jester turned)", "Mary", "0", "1", "-10", "20", "", ""),
    ]
    assert rows[0]["trump"] == "♥ Hearts"


def test_text_cells_that_a_spreadsheet_would_run_are_quoted(client: FlaskClient) -> None:
    names = ["=HYPERLINK(1)", "+Bo", "-Cy", "@Di", "Ed", "Fy"]
    played = {"trump": {"turned": "jester"}, "bids": [0] * 6, "tricks": [1] + [0] * 5}
    game_id, _token = create(client, {"players": names, "first_dealer": 0, "rounds": [played]})
    rows = csv_table(client.get(f"/games/{game_id}/export.csv"))
    assert [row["player"] for row in rows] == ["'=HYPERLINK(1)", "'+Bo", "'-Cy", "'@Di", "Ed", "Fy"]
    assert rows[0]["dealer"] == "'=HYPERLINK(1)"
    assert rows[0]["score"] == "-10"  # a number, not text: left as it is
    assert rows[1]["score"] == "20"


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTom", "'\tTom"),
        ("\rTom", "'\rTom"),
        ("Tom=1", "Tom=1"),
        ("", ""),
        (-10, -10),
    ],
)
def test_a_cell_is_neutralised_only_when_it_is_text_starting_like_a_formula(
    cell: str | int, written: str | int
) -> None:
    assert safe_cell(cell) == written


def test_a_saboteur_has_an_empty_bid_cell(client: FlaskClient) -> None:
    played = {"trump": {"turned": "jester"}, "bids": [None, 0, 1], "tricks": [0, 0, 1]}
    body = {**EXAMPLE_GAME, "variants": {"saboteur": True}, "rounds": [played]}
    game_id, _token = create(client, body)
    rows = csv_table(client.get(f"/games/{game_id}/export.csv"))
    assert [(row["bid"], row["score"]) for row in rows] == [("", "20"), ("0", "20"), ("1", "30")]


@pytest.mark.parametrize("visibility", ["hidden", "delayed"])
def test_sealed_bids_of_the_round_at_the_table_are_not_exported(
    app: Flask, client: FlaskClient, visibility: str
) -> None:
    body = {**EXAMPLE_GAME, "variants": {"bid_visibility": visibility}, "rounds": EXAMPLE_ROUNDS}
    game_id, _token = create(client, body)
    with app.app_context():
        stored = storage.load(storage.get_db(), game_id)
        assert stored is not None
        record = game.set_trump(stored.record, Turned.SUIT, Suit.CLUBS)
        for seat in (0, 1):  # round 3: Mary deals, Tom and Dick bid first
            record = game.place_bid(record, seat, 3)
        storage.save(storage.get_db(), stored, record)
    exported = json.loads(client.get(f"/games/{game_id}/export.json").data)
    assert len(exported["rounds"]) == 2
    assert "current" not in exported
    rows = csv_table(client.get(f"/games/{game_id}/export.csv"))
    assert {row["round"] for row in rows} == {"1", "2"}
    assert "3" not in {row["bid"] for row in rows}


# --- import ----------------------------------------------------------------------------------


def test_an_imported_record_becomes_a_game_this_browser_edits(
    app: Flask, client: FlaskClient
) -> None:
    data = json.dumps({**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS}).encode()
    response = upload(client, data)
    assert response.status_code == 302
    [game_id] = game_ids(app)
    assert game_id in response.headers["Location"]
    assert state(client, game_id)["totals"] == [10, 10, 20]
    with client.session_transaction() as session:
        assert [f"g{game_id}"] == [entry[0] for entry in session["keep"] if entry[1]]
    assert flashes(client)[-1][0] == "success"


def test_a_record_with_a_byte_order_mark_imports(app: Flask, client: FlaskClient) -> None:
    response = upload(client, "\ufeff".encode() + json.dumps(EXAMPLE_GAME).encode())
    assert response.status_code == 302
    assert len(game_ids(app)) == 1


REFUSED_FILES = [
    ("not JSON", b"players: Tom, Dick, Mary", "the file is not valid JSON"),
    ("not text", b"\xff\xfe\x00\x01", "the file is not valid JSON"),
    ("nested too deep", b"[" * 100_000, "the file is not valid JSON"),
    ("unknown variant", json.dumps({**EXAMPLE_GAME, "variants": {"length": "x"}}).encode(), "x"),
    (
        "a refused round",
        json.dumps({**EXAMPLE_GAME, "rounds": [EXAMPLE_ROUNDS[1]]}).encode(),
        "Round 1: A bid is a number from 0 to 1 in this round.",
    ),
]


@pytest.mark.parametrize(
    ("data", "message"), [case[1:] for case in REFUSED_FILES], ids=[c[0] for c in REFUSED_FILES]
)
def test_a_refused_file_stores_nothing_and_says_why(
    app: Flask, client: FlaskClient, data: bytes, message: str
) -> None:
    response = upload(client, data)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    category, text = flashes(client)[-1]
    assert category == "error"
    assert text.startswith("The file was not imported.")
    assert message in text
    assert game_ids(app) == []


def test_no_file_stores_nothing(app: Flask, client: FlaskClient) -> None:
    response = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert response.headers["Location"] == "/"
    assert "Choose a game record file" in flashes(client)[-1][1]
    assert game_ids(app) == []


def test_a_file_too_large_stores_nothing(app: Flask, client: FlaskClient) -> None:
    response = upload(client, b" " * 300_000)
    assert response.headers["Location"] == "/"
    assert "too large" in flashes(client)[-1][1]
    assert game_ids(app) == []


# --- round trip: every playable table --------------------------------------------------------


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, Any]]:
    """One app for the many round trips below (a fresh database each would be slow)."""
    path: Path = tmp_path_factory.mktemp("round-trip") / "games.sqlite"
    app = make_app(path)
    # Held open so that closing each request's connection does not checkpoint the WAL file.
    keep_open = storage.connect(path)
    # No cookies: the flashed messages would otherwise pile up in the session, unread.
    yield app, app.test_client(use_cookies=False)
    keep_open.close()


@pytest.mark.parametrize(("players", "variants"), list(playable_tables()))
def test_every_playable_table_exports_and_imports_to_the_same_state(
    shared_client: tuple[Flask, FlaskClient], players: int, variants: Variants
) -> None:
    app, client = shared_client
    original = played_game(players, variants, rounds=5, seed=players)
    game_id = store(app, original)
    response = upload(client, client.get(f"/games/{game_id}/export.json").data)
    assert response.status_code == 302
    imported = response.headers["Location"].rsplit("/", 1)[-1]
    assert imported != game_id
    before: dict[str, Any] = {**state(client, game_id), "id": None}
    after: dict[str, Any] = {**state(client, imported), "id": None}
    assert after == before
    with app.app_context():
        stored = storage.load(storage.get_db(), imported)
        assert stored is not None
        assert stored.record == original
