"""A group's heavy answers (figures, group file) are counted once per version of the group and a
few at a time: a full queue is told to retry (503, Retry-After), never left to take every thread."""

from __future__ import annotations

import threading

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import heavy
from tests.plays import bearer, json_of
from tests.test_groups_api import game_json, make


def test_the_figures_follow_every_change_of_the_group(client: FlaskClient) -> None:
    group_id, token = make(client)
    client.post(f"/api/groups/{group_id}/games", json=game_json(1), headers=bearer(token))
    first = json_of(client.get(f"/api/groups/{group_id}/stats"))
    assert json_of(client.get(f"/api/groups/{group_id}/stats")) == first  # kept
    exported = client.get(f"/groups/{group_id}/export.json").data
    assert client.get(f"/groups/{group_id}/export.json").data == exported
    client.post(f"/api/groups/{group_id}/games", json=game_json(2), headers=bearer(token))
    assert json_of(client.get(f"/api/groups/{group_id}/stats"))["games"] == first["games"] + 1
    assert client.get(f"/groups/{group_id}/export.json").data != exported


def test_a_full_queue_is_told_to_retry(app: Flask, client: FlaskClient) -> None:
    app.config.update(GROUP_WORK=1, GROUP_WAITING=0)
    group_id, token = make(client)
    client.post(f"/api/groups/{group_id}/games", json=game_json(1), headers=bearer(token))
    started, release = threading.Event(), threading.Event()

    def wait() -> bool:
        started.set()
        return release.wait(30)

    def hold() -> None:
        with app.app_context():
            heavy.counted("held", wait)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert started.wait(30)
        for path in (f"/api/groups/{group_id}/stats", f"/groups/{group_id}/export.json"):
            answer = client.get(path)
            assert answer.status_code == 503, path
            assert answer.headers["Retry-After"] == "5"
        assert json_of(client.get(f"/api/groups/{group_id}/stats"))["code"]
        assert client.get(f"/groups/{group_id}").status_code == 503
    finally:
        release.set()
        holder.join(30)
    assert client.get(f"/api/groups/{group_id}/stats").status_code == 200
