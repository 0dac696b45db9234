"""The heavy work runs in a process of its own (server/worker.py): its answers are the same as made
in the server's own process, work past its bounds is answered clearly (503, never 500), and the
worker ends with the server, even one killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import psutil
import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.server import worker
from scorekeeper.web import groups
from tests import pdfs
from tests.pages import soup
from tests.plays import bearer, json_of
from tests.support.apps import make_app
from tests.support.server import Server
from tests.test_groups_api import game_json, make


def _heavy_answers(client: FlaskClient, group_id: str, game_id: str) -> dict[str, bytes]:
    paths = (
        f"/api/groups/{group_id}/stats",
        f"/api/groups/{group_id}/stats?length=five_rounds",
        f"/groups/{group_id}/export.json",
        f"/groups/{group_id}/season.pdf",
        f"/groups/{group_id}",
        f"/games/{game_id}/sheet.pdf",
        "/sheets/blank.pdf?players=4&names=Zoë",
    )
    answers = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code == 200, path
        answers[path] = response.data
    return answers


def _running(pid: int, seconds: float = 5) -> bool:
    """Whether the process is still alive after up to ``seconds`` (a kill takes a moment), a
    zombie not yet collected counting as ended."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return False
        except psutil.NoSuchProcess:
            return False
        time.sleep(0.05)
    return True


def test_the_worker_answers_what_the_server_would_have(app: Flask, client: FlaskClient) -> None:
    assert app.config["HEAVY_WORKER"]
    group_id, token = make(client)
    for seed in (1, 2, 3):
        client.post(f"/api/groups/{group_id}/games", json=game_json(seed), headers=bearer(token))
    stored = pdfs.store(app, pdfs.play(("Tom", "Γιώργος", "Мария"), rounds=3))
    in_worker = _heavy_answers(client, group_id, stored.id)
    here = make_app(Path(app.config["DATABASE"]), HEAVY_WORKER=False)
    assert _heavy_answers(here.test_client(), group_id, stored.id) == in_worker


def test_work_past_its_time_is_answered_clearly_and_the_next_is_done(
    app: Flask, client: FlaskClient
) -> None:
    group_id, token = make(client)
    client.post(f"/api/groups/{group_id}/games", json=game_json(1), headers=bearer(token))
    # A tenth of a millisecond: less than any render takes (a count of one game may take less
    # than the clock's tick, so only the render is sure to run past it).
    assert json_of(client.get(f"/api/groups/{group_id}/stats"))["games"] == 1
    (started,) = worker._WORKER_PIDS.values()
    app.config["HEAVY_SECONDS"] = 0.0001
    try:
        page = client.get("/sheets/blank.pdf?players=5")
        assert page.status_code == 503 and page.headers["Retry-After"] == "5"
        assert "took the server too long" in soup(page).get_text(" ", strip=True)
    finally:
        app.config["HEAVY_SECONDS"] = 60
    # The worker stopped in the middle of its work was ended, not left to finish.
    assert started.value and not _running(started.value)
    assert client.get("/sheets/blank.pdf?players=5").data.startswith(b"%PDF")
    assert json_of(client.get(f"/api/groups/{group_id}/stats"))["games"] == 1


def test_a_worker_that_died_is_said_as_a_failure_and_replaced(
    app: Flask, client: FlaskClient
) -> None:
    assert client.get("/sheets/blank.pdf?players=3").data.startswith(b"%PDF")
    (started,) = worker._WORKER_PIDS.values()
    os.kill(started.value, signal.SIGKILL)
    assert not _running(started.value)
    page = client.get("/sheets/blank.pdf?players=7")
    said = soup(page).get_text(" ", strip=True)
    assert page.status_code == 503 and "did not work" in said and "too long" not in said
    assert client.get("/sheets/blank.pdf?players=7").data.startswith(b"%PDF")


def test_the_worker_ends_with_a_killed_server(tmp_path: Path) -> None:
    server = Server(tmp_path / "instance")
    server.start()
    try:
        with server.client(timeout=120) as client:
            answer = client.send("GET", "/sheets/blank.pdf?players=3")
        assert answer.status == 200 and answer.body.startswith(b"%PDF")
        assert server.process is not None
        pid = server.process.popen.pid
        helpers = psutil.Process(pid).children(recursive=True)
        assert helpers, "the PDF was made without a worker"
        os.kill(pid, signal.SIGKILL)  # the server alone, not its process group
        server.process.popen.wait(timeout=30)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(_alive(helper) for helper in helpers):
            time.sleep(0.1)
        assert not any(_alive(helper) for helper in helpers)
    finally:
        server.stop()


def _alive(process: psutil.Process) -> bool:
    try:
        return bool(process.status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def test_the_server_process_can_end_its_worker(app: Flask, client: FlaskClient) -> None:
    assert client.get("/sheets/blank.pdf?players=3").status_code == 200
    worker.stop()
    assert client.get("/sheets/blank.pdf?players=6").status_code == 200  # a new one


def test_a_groups_page_lists_its_latest_games_and_says_how_many_more(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(groups, "LISTED_GAMES", 2)
    group_id, token = make(client)
    for seed in (1, 2, 3):
        client.post(f"/api/groups/{group_id}/games", json=game_json(seed), headers=bearer(token))
    page = soup(client.get(f"/groups/{group_id}"))
    latest = [item.get_text(" ", strip=True) for item in page.select("ul.games li")]
    assert len(latest) == 2
    assert "1 older game is not listed here" in page.get_text(" ", strip=True)
    assert "3 finished games counted" in page.get_text(" ", strip=True)
