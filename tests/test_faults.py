"""A database that cannot be written (a read-only file or folder, a full disk or size cap): the
pad still shows every game, refuses each entry with 503 and a sentence a player understands,
starts anyway and says why in its log."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from flask import Flask

from scorekeeper import create_app
from tests.phone import NEW_GAME, Phone
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, bearer, create
from tests.support.apps import make_app
from tests.support.server import Server
from tests.traffic import all_rows

CANNOT_SAVE = (
    "The pad cannot save right now; this entry was not saved. "
    "Everything saved before is still there: try again later."
)
ROUND_3 = {"trump": {"turned": "wizard", "suit": "clubs"}, "bids": [1, 1, 1], "tricks": [1, 1, 1]}


def page_error(html: str) -> str:
    element = BeautifulSoup(html, "html.parser").select_one(".flash.error")
    assert element is not None
    return element.get_text(strip=True)


# --- a size-capped database (in process) -----------------------------------------------------


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, str, str]:
    """A database with an API game of two rounds: its path, id and edit token."""
    database = tmp_path / "games.sqlite"
    client = make_app(database).test_client()
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    return database, game_id, token


def filled(database: Path) -> Flask:
    """An app over ``database`` with a size cap, after new games filled it up to the cap."""
    cap_mb = (database.stat().st_size + 64 * 1024) / 1024 / 1024
    app = make_app(database, DATABASE_MAX_MB=cap_mb)
    client = app.test_client()
    for _ in range(2000):
        response = client.post("/games/new", data=NEW_GAME)
        if response.status_code != 303:
            break
    assert response.status_code == 503
    # A game sent to the API without rounds is smaller than the form's: it may still fit in the
    # last pages the form's could not use. Fill those too.
    for _ in range(2000):
        response = client.post("/api/games", json=EXAMPLE_GAME)
        if response.status_code != 201:
            break
    assert response.status_code == 503
    return app


def test_a_full_database_starts_and_says_why_in_the_log(
    played: tuple[Path, str, str], caplog: pytest.LogCaptureFixture
) -> None:
    database, *_ = played
    make_app(database, DATABASE_MAX_MB=0.001)  # below its size: full at once
    assert "cannot be written (database or disk is full)" in caplog.text
    assert "serving the games read-only" in caplog.text


def test_a_full_database_still_shows_every_game_and_refuses_entries_with_a_sentence(
    played: tuple[Path, str, str],
) -> None:
    database, game_id, token = played
    client = filled(database).test_client()
    before = all_rows(database)
    games = [row[0] for row in before["games"]]
    assert len(games) > 10
    for path in (
        "/",
        f"/games/{game_id}",
        f"/games/{game_id}/sheet",
        f"/games/{games[-1]}",
        f"/api/games/{game_id}",
        f"/games/{game_id}/export.json",
        "/games/new",
    ):
        assert client.get(path).status_code == 200, path
    response = client.post("/games/new", data=NEW_GAME)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "60"
    assert page_error(response.get_data(as_text=True)) == CANNOT_SAVE
    for body in (EXAMPLE_GAME, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS}):
        response = client.post("/api/games", json=body, headers=bearer(token))
        assert response.status_code == 503
        assert response.json == {"error": CANNOT_SAVE, "code": "read_only"}
    assert all_rows(database) == before


def test_a_database_that_needs_its_schema_but_cannot_be_written_stops_the_start(
    tmp_path: Path,
) -> None:
    with pytest.raises(RuntimeError, match="needs an upgrade but cannot be written"):
        make_app(tmp_path / "new.sqlite", DATABASE_MAX_MB=0.001)


# --- the real server on a read-only file or folder -------------------------------------------


@contextmanager
def read_only(instance: Path, target: Path) -> Iterator[list[str]]:
    """The command prefix that runs the server with ``target`` (a file or folder) read-only.

    Root writes through file modes, so as root the server gets a read-only bind mount of
    ``target`` in a mount namespace of its own (gone when it exits); otherwise the modes do.
    """
    if os.geteuid() == 0:
        script = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && exec "$@"'
        yield ["unshare", "--mount", "sh", "-c", script, str(target)]
        return
    mode = target.stat().st_mode
    target.chmod(0o555 if target.is_dir() else 0o444)
    try:
        yield []
    finally:
        target.chmod(mode)


def request(
    server: Server,
    method: str,
    path: str,
    body: object = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, str, bytes]:
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json"} if body is not None else {}
    with server.client(timeout=30) as client:
        answer = client.send(method, path, data, sent | (headers or {}))
    return answer.status, answer.content_type, answer.body


@pytest.mark.parametrize("what", ["file", "folder"])
def test_the_real_server_on_a_read_only_database_shows_games_and_refuses_entries(
    tmp_path: Path, what: str
) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    server = Server(instance)
    server.start()
    try:
        status, _kind, raw = request(server, "POST", "/api/games", EXAMPLE_GAME)
        assert status == 201
        answer = json.loads(raw)
        phone = Phone(server)
        phone.open("GET", "/games/new")
        status, _html = phone.open("POST", "/games/new", NEW_GAME)
        assert status == 303
    finally:
        server.stop()
    page_game = next(row[0] for row in all_rows(server.database)["games"] if row[0] != answer["id"])
    before = all_rows(server.database)
    target = server.database if what == "file" else instance
    with read_only(instance, target) as prefix:
        server = Server(instance, prefix=prefix)
        server.start()
        phone.server = server
        try:
            game_id, token = answer["id"], answer["edit_token"]
            for path in ("/", f"/games/{game_id}", f"/games/{game_id}/sheet", "/games/new"):
                assert phone.open("GET", path)[0] == 200, path
            status, _kind, raw = request(server, "GET", f"/api/games/{game_id}")
            assert status == 200 and json.loads(raw)["players"] == EXAMPLE_GAME["players"]

            path = f"/api/games/{game_id}/rounds"
            status, kind, raw = request(server, "POST", path, EXAMPLE_ROUNDS[0], bearer(token))
            assert (status, kind) == (503, "application/json")
            assert json.loads(raw) == {"error": CANNOT_SAVE, "code": "read_only"}

            for path, form in (
                ("/games/new", NEW_GAME),
                (f"/games/{page_game}/trump", {"version": "1", "turned": "jester"}),
            ):
                phone.open("GET", f"/games/{page_game}")
                status, html = phone.open("POST", path, form)
                assert status == 503, path
                assert page_error(html) == CANNOT_SAVE
        finally:
            server.stop()
    log = (instance / f"server-{server.runs}.log").read_text()
    assert "cannot be written" in log and "serving the games read-only" in log, log
    assert "Traceback" not in log
    assert all_rows(server.database) == before


def test_the_size_cap_is_a_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SCOREKEEPER_INSTANCE_PATH", str(tmp_path))
    create_app()
    assert "cannot be written" not in caplog.text
    monkeypatch.setenv("SCOREKEEPER_DATABASE_MAX_MB", "0.001")
    assert create_app().config["DATABASE_MAX_MB"] == 0.001
    assert "cannot be written (database or disk is full)" in caplog.text
