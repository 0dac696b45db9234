"""A database made on an older main reads exactly as it did: every output byte for byte.

``tests/fixtures/m011/m011.sql`` is the dump of a database written by main at schema m011 (before
the games' facts of a round became one value): Wizard with each deck, the Bomb and the Cloud, a
round reopened by undo, adjustments, the Jester bid and the saboteur, Skull King with every
bonus and a reopened round, Oh Hell, and a group holding games of all three. ``outputs/`` holds
what that main answered for each of them (JSON exports, CSVs, the API's state, the PDFs' text,
the group's export, statistics and season reports). Opened now, after every later migration,
each answer must be the same.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper import storage
from tests import pdfs
from tests.support.apps import make_app

SNAPSHOT = Path(__file__).parent / "fixtures" / "m011"
IDS = json.loads((SNAPSHOT / "ids.json").read_text())
GAME_PARTS = ("export.json", "export.csv", "api.json", "sheet.pdf.txt")
GROUP_KINDS = ("", "wizard", "skull_king", "oh_hell")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> FlaskClient:
    """The app over the old database, migrated as it is opened."""
    database = tmp_path_factory.mktemp("m011") / "games.sqlite"
    with sqlite3.connect(database) as old:
        old.executescript((SNAPSHOT / "m011.sql").read_text())
    old.close()
    app = make_app(database)
    storage.storage(app)  # opening it migrates it
    return app.test_client()


def answer(client: FlaskClient, url: str, part: str) -> str:
    """What the app answers for ``url``, as the snapshot keeps it."""
    response = client.get(url)
    if part == "api.json" or part.startswith("stats") or part.startswith("season"):
        body = pdfs.text(response.data) if part.endswith(".pdf.txt") else response.data.decode()
        return f"{response.status_code}\n{body}"
    assert response.status_code == 200, url
    return pdfs.text(response.data) if part.endswith(".pdf.txt") else response.data.decode()


def kept(name: str, part: str) -> str:
    """The answer the snapshot keeps, line ends as they were (a CSV's are CRLF)."""
    return (SNAPSHOT / "outputs" / name / part).read_bytes().decode()


@pytest.mark.parametrize("name", IDS["games"])
@pytest.mark.parametrize("part", GAME_PARTS)
def test_every_game_reads_as_it_did(client: FlaskClient, name: str, part: str) -> None:
    game_id = IDS["games"][name]
    url = {
        "export.json": f"/games/{game_id}/export.json",
        "export.csv": f"/games/{game_id}/export.csv",
        "api.json": f"/api/games/{game_id}",
        "sheet.pdf.txt": f"/games/{game_id}/sheet.pdf",
    }[part]
    assert answer(client, url, part) == kept(name, part)


def test_the_group_exports_as_it_did(client: FlaskClient) -> None:
    exported = answer(client, f"/groups/{IDS['group']}/export.json", "export.json")
    assert exported == kept("group", "export.json")


@pytest.mark.parametrize("kind", GROUP_KINDS)
def test_the_group_figures_are_as_they_were(client: FlaskClient, kind: str) -> None:
    asked = f"?game={kind}" if kind else ""
    group = IDS["group"]
    stats = answer(client, f"/api/groups/{group}/stats{asked}", f"stats{kind}.json")
    assert stats == kept("group", f"stats{kind}.json")
    season = answer(client, f"/groups/{group}/season.pdf{asked}", f"season{kind}.pdf.txt")
    assert season == kept("group", f"season{kind}.pdf.txt")


def test_a_rounds_own_facts_are_one_column(client: FlaskClient) -> None:
    database = client.application.config["DATABASE"]
    with sqlite3.connect(database) as conn:
        columns = [row[1] for row in conn.execute("PRAGMA table_info(rounds)")]
        facts = [json.loads(text) for (text,) in conn.execute("SELECT facts FROM rounds") if text]
    conn.close()
    assert "facts" in columns
    assert not {"bomb", "cloud_seat", "cloud_bid", "extras"} & set(columns)
    assert {"bomb": True} in facts and any("cloud" in kept for kept in facts)
    assert any("bonuses" in kept for kept in facts)
