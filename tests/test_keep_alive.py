"""A page that cannot stream asks for the game's version over one connection on the real
server: a ``304`` does not close it, so such a phone does not open a TCP connection every
1.5 s."""

from __future__ import annotations

import http.client

from tests.plays import EXAMPLE_GAME
from tests.support.ports import HOST
from tests.support.server import Server


def _game(live: Server) -> str:
    with live.client() as client:
        status, created = client.request("POST", "/api/games", EXAMPLE_GAME)
    assert status == 201, created
    return str(created["id"])


def _get(
    connection: http.client.HTTPConnection, path: str, headers: dict[str, str] | None = None
) -> http.client.HTTPResponse:
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    return response


def test_two_version_checks_answered_304_go_over_one_connection(live: Server) -> None:
    path = f"/games/{_game(live)}/version"
    connection = http.client.HTTPConnection(HOST, live.port, timeout=10)
    try:
        first = _get(connection, path)
        etag = first.headers["ETag"]
        assert first.status == 200 and etag
        line = connection.sock
        assert line is not None
        for _ in range(2):
            answer = _get(connection, path, {"If-None-Match": etag})
            assert answer.status == 304
            assert answer.headers.get("Connection", "").lower() != "close"
            assert connection.sock is line, "the 304 closed the connection"
    finally:
        connection.close()


def test_a_phone_that_asks_to_close_after_a_304_is_let_go(live: Server) -> None:
    path = f"/games/{_game(live)}/version"
    connection = http.client.HTTPConnection(HOST, live.port, timeout=10)
    try:
        first = _get(connection, path)
        asking = {"If-None-Match": first.headers["ETag"], "Connection": "close"}
        closing = _get(connection, path, asking)
        assert closing.status == 304
        assert closing.headers["Connection"].lower() == "close"
        assert connection.sock is None
    finally:
        connection.close()
