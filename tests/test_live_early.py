"""The version check answered before Flask (``live.VersionCheck``) answers exactly what the
Flask route answers, and only where anyone with the game's link may watch: a phone that may not
see a game never learns its version from it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, request, request_started
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import storage
from tests.pages import act, start_game
from tests.support.apps import make_app
from tests.test_view_link import renew

NAMES = ["Ana", "Ben", "Cleo"]
CONDITIONS = [None, '"1"', '"2"', 'W/"2"', "*", '"7", "2"', "garbage"]


@pytest.fixture
def flask_requests(app: Flask) -> Iterator[list[str]]:
    """The paths of the requests that reached Flask (its ``request_started`` signal)."""
    reached: list[str] = []

    def started(_sender: Flask, **_extra: object) -> None:
        reached.append(request.path)

    with request_started.connected_to(started, app):
        yield reached


def _through_flask(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the early check finds no game, so every check goes on to the route."""
    monkeypatch.setattr(storage, "peek_version", lambda _app, _game_id: None)


def _answer(response: TestResponse) -> tuple[str, list[tuple[str, str]], bytes]:
    return response.status, sorted(response.headers.items()), response.get_data()


def _checks(
    phone: FlaskClient, game_id: str, **extra: str
) -> Iterator[tuple[str, tuple[str, list[tuple[str, str]], bytes]]]:
    """Every kind of check a phone sends: each condition, GET and HEAD, compressed or not."""
    for condition in CONDITIONS:
        for method in ("GET", "HEAD"):
            for encoding in (None, "br, gzip"):
                headers = dict(extra)
                if condition is not None:
                    headers["If-None-Match"] = condition
                if encoding is not None:
                    headers["Accept-Encoding"] = encoding
                response = phone.open(f"/games/{game_id}/version", method=method, headers=headers)
                yield f"{method} {condition} {encoding}", _answer(response)


def test_the_early_check_answers_what_the_route_answers(
    app: Flask,
    client: FlaskClient,
    flask_requests: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = start_game(client, NAMES)
    assert act(client, game_id, "trump", turned="jester") == []  # version 2
    stranger = app.test_client()  # a phone that only has the link
    phones = {"scorekeeper": client, "stranger": stranger}
    flask_requests.clear()
    early = {
        (who, case): answer
        for who, phone in phones.items()
        for case, answer in _checks(phone, game_id)
    }
    assert flask_requests == [], "the checks went through Flask"
    statuses = {answer[0] for answer in early.values()}
    assert statuses == {"200 OK", "304 NOT MODIFIED"}
    _through_flask(monkeypatch)
    for (who, case), answer in early.items():
        phone = phones[who]
        route = dict(_checks(phone, game_id))[case]
        assert answer == route, (who, case)
    assert flask_requests, "the route was not asked"


def test_over_https_behind_a_proxy_the_early_check_sends_hsts_as_the_route(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path / "games.sqlite", TRUSTED_PROXIES=1)
    try:
        client = app.test_client()
        game_id = start_game(client, NAMES)
        proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "pad.example"}
        early = dict(_checks(client, game_id, **proxied))
        assert all("Strict-Transport-Security" in dict(a[1]) for a in early.values())
        _through_flask(monkeypatch)
        assert dict(_checks(client, game_id, **proxied)) == early
    finally:
        storage.storage(app).close()


def test_a_phone_that_may_not_watch_learns_no_version(
    app: Flask, client: FlaskClient, flask_requests: list[str]
) -> None:
    game_id = start_game(client, NAMES)
    old_watcher = app.test_client()
    assert old_watcher.get(f"/games/{game_id}/version").status_code == 200
    renew(client, game_id)
    flask_requests.clear()
    for condition in CONDITIONS:
        headers = {"If-None-Match": condition} if condition else {}
        refused = old_watcher.get(f"/games/{game_id}/version", headers=headers)
        assert refused.status_code == 403
        assert "ETag" not in refused.headers and b'"version"' not in refused.get_data()
    # Answered by the route after its access check, never by the early check.
    assert len(flask_requests) == len(CONDITIONS)
    # The scorekeeper still follows the game.
    assert client.get(f"/games/{game_id}/version").headers["ETag"] == '"1"'


def test_what_the_early_check_does_not_answer_goes_on_to_flask(
    client: FlaskClient, flask_requests: list[str]
) -> None:
    game_id = start_game(client, NAMES)
    flask_requests.clear()
    assert client.get("/games/no-such-game/version").status_code == 404
    assert client.post(f"/games/{game_id}/version").status_code == 405
    assert client.get(f"/games/{game_id}/version/").status_code == 404
    assert client.get(f"/games/{'x' * 65}/version").status_code == 404
    assert len(flask_requests) == 4
