"""The app factory: instance folder, generated secret key, settings, schema, backup command."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app
from scorekeeper.storage import migrations as schema_migrations
from tests.pages import play_round, start_game


def test_secret_key_is_generated_once_into_the_instance_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    first = create_app()
    key_file = tmp_path / "secret_key"
    assert key_file.exists() and len(first.config["SECRET_KEY"]) >= 32
    assert create_app().config["SECRET_KEY"] == first.config["SECRET_KEY"]
    assert first.config["DATABASE"] == str(tmp_path / "scorekeeper.sqlite")


def test_environment_overrides_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "elsewhere.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_MAX_CONTENT_LENGTH", "1000")
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "elsewhere.sqlite")
    assert app.config["MAX_CONTENT_LENGTH"] == 1000
    assert (tmp_path / "elsewhere.sqlite").exists()


def test_schema_is_created_once_and_in_wal_mode(tmp_path: Path) -> None:
    database = tmp_path / "g.sqlite"
    for _ in range(2):
        create_app({"DATABASE": str(database), "SECRET_KEY": "t"})
    with sqlite3.connect(database) as conn:
        applied = conn.execute("SELECT count(*) FROM _sqlite_migrations").fetchone()[0]
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert applied == len(schema_migrations.names()) and mode == "wal"
    assert {"games", "seats", "rounds", "hands"} <= tables
    conn.close()


def test_backup_command_copies_every_game(
    client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path
) -> None:
    game_id = start_game(client, ["Tom", "Dick", "Mary"])
    play_round(client, game_id, [0, 1, 1], [0, 0, 1])
    target = tmp_path / "copy.sqlite"
    result = runner.invoke(args=["backup", str(target)])
    assert result.exit_code == 0, result.output
    conn = sqlite3.connect(target)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert (
        conn.execute("SELECT count(*) FROM hands WHERE game_id = ?", [game_id]).fetchone()[0] == 3
    )
    conn.close()
