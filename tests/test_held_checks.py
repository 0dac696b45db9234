"""Version checks answered in the server's own thread (``web/held_checks.py``, the connection in
``web/hosting.py``): at once with Waitress's own bytes, or held while the game does not change
and answered as soon as it does. Over real sockets to the real server setup (``make_server``)."""

from __future__ import annotations

import re
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from waitress.server import create_server

from scorekeeper import storage
from scorekeeper.web import held_checks, hosting
from scorekeeper.web.live import VersionCheck
from tests.pages import act, start_game
from tests.support.apps import make_app
from tests.support.ports import HOST
from tests.support.server import in_a_thread
from tests.test_view_link import renew

NAMES = ["Ana", "Ben", "Cleo"]
Pad = tuple[FlaskClient, Any, str]
PROJECT = Path(__file__).resolve().parents[1]


@pytest.fixture
def pad(tmp_path: Path) -> Iterator[Pad]:
    """The scorekeeper's phone, the server as ``make run`` builds it (running), and a game at
    version 1."""
    app = make_app(tmp_path / "games.sqlite")
    client = app.test_client()
    game_id = start_game(client, NAMES)
    server = hosting.make_server(app, host=HOST, port=0, threads=2, **hosting.waitress_options(app))
    try:
        with in_a_thread(server):
            yield client, server, game_id
    finally:
        storage.storage(app).close()


def _connect(server: Any) -> socket.socket:
    return socket.create_connection((HOST, server.effective_port), timeout=10)


def _check(game_id: str, *lines: str, method: str = "GET", version: str = "1.1") -> bytes:
    head = [f"{method} /games/{game_id}/version HTTP/{version}", "Host: pad", *lines]
    return ("\r\n".join(head) + "\r\n\r\n").encode()


def _answer(line: socket.socket) -> tuple[bytes, bytes]:
    """One answer on ``line``: its head and its body (by its Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        got = line.recv(65536)
        assert got, "the server closed the connection"
        data += got
    head, _, body = data.partition(b"\r\n\r\n")
    found = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    while found and len(body) < int(found[1]):
        body += line.recv(65536)
    return head, body


def _nothing_yet(line: socket.socket, seconds: float = 0.3) -> bool:
    line.settimeout(seconds)
    try:
        return not line.recv(1, socket.MSG_PEEK)
    except TimeoutError:
        return True
    finally:
        line.settimeout(10)


def _status(head: bytes) -> int:
    return int(head.split(b" ", 2)[1])


def test_a_check_that_may_wait_is_held_until_its_wait_is_over(
    pad: Pad,
) -> None:
    _client, server, game_id = pad
    with _connect(server) as line:
        line.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=2"))
        assert _nothing_yet(line), "answered before its wait was over"
        head, body = _answer(line)
        assert _status(head) == 304 and body == b""
        # The connection is kept: the next check goes over it.
        line.sendall(_check(game_id, 'If-None-Match: "1"'))
        assert _status(_answer(line)[0]) == 304


def test_a_held_check_is_answered_as_soon_as_the_game_changes(
    pad: Pad,
) -> None:
    client, server, game_id = pad
    with _connect(server) as line, _connect(server) as other:
        line.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=10"))
        other.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=10"))
        assert _nothing_yet(line) and _nothing_yet(other)
        assert act(client, game_id, "trump", turned="jester") == []  # version 2
        for phone in (line, other):
            phone.settimeout(held_checks.MOST_SECONDS / 2)  # well before the wait is over
            head, body = _answer(phone)
            assert _status(head) == 200 and body == b'{"version": 2}'
            assert b'\r\nEtag: "2"' in head


def test_the_answer_at_once_is_waitresss_own_answer(pad: Pad) -> None:
    client, server, game_id = pad
    # The same server but for the answers at once: each check goes through Waitress and Flask.
    plain = create_server(client.application, host=HOST, port=0, threads=1)
    plain.channel_class = hosting._Channel
    plain.adj.ident = server.adj.ident
    with in_a_thread(plain), _connect(server) as line, _connect(plain) as through_waitress:
        for method in ("GET", "HEAD"):
            for tag in ('"1"', '"0", "1"', "*"):
                request = _check(game_id, f"If-None-Match: {tag}", "Accept: */*", method=method)
                line.sendall(request)
                through_waitress.sendall(request)
                ours, theirs = _answer(line)[0], _answer(through_waitress)[0]
                assert _status(ours) == 304, (method, tag)
                assert _without_date(ours) == _without_date(theirs), (method, tag)


def _without_date(head: bytes) -> bytes:
    return re.sub(rb"\r\nDate: [^\r]*", b"", head)


@pytest.mark.parametrize(
    ("lines", "version", "status"),
    [
        (['If-None-Match: "1"'], "1.1", 304),  # no wait said: at once
        (['If-None-Match: "0"', "Prefer: wait=10"], "1.1", 200),  # already changed
        (["Prefer: wait=10"], "1.1", 200),  # no version named
        (['If-None-Match: "1"', "Prefer: wait=10", "Connection: close"], "1.1", 304),
        (['If-None-Match: "1"', "Prefer: wait=10"], "1.0", 304),
    ],
)
def test_what_cannot_be_held_is_answered_at_once(
    pad: Pad, lines: list[str], version: str, status: int
) -> None:
    _client, server, game_id = pad
    assert _at_once(server, _check(game_id, *lines, version=version)) == status


def test_checks_of_games_the_app_answers_itself_are_not_held(pad: Pad) -> None:
    client, server, _game_id = pad
    other = start_game(client, NAMES)
    renew(client, other)  # watching it now takes the view token: the route checks it
    for game, status in (("no-such-game", 404), (other, 403)):
        assert _at_once(server, _check(game, 'If-None-Match: "1"', "Prefer: wait=10")) == status


def _at_once(server: Any, request: bytes) -> int:
    """The status of the answer to ``request``, which comes well before a hold would end."""
    with _connect(server) as line:
        line.sendall(request)
        line.settimeout(held_checks.MOST_SECONDS / 2)
        return _status(_answer(line)[0])


def test_a_request_sent_behind_a_held_check_is_answered_after_it(
    pad: Pad,
) -> None:
    _client, server, game_id = pad
    with _connect(server) as line:
        line.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=10"))
        assert _nothing_yet(line)
        line.sendall(b"GET /rules HTTP/1.1\r\nHost: pad\r\n\r\n")
        line.settimeout(held_checks.MOST_SECONDS / 2)
        assert _status(_answer(line)[0]) == 304  # the held check first, as it stood
        head, body = _answer(line)
        assert _status(head) == 200 and b"<html" in body


def test_a_check_the_database_cannot_answer_goes_on_to_the_app(
    pad: Pad, monkeypatch: pytest.MonkeyPatch
) -> None:
    _client, server, game_id = pad
    with _connect(server) as line:
        line.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=10"))
        assert _nothing_yet(line)

        def unreadable(_app: object, _game_id: str) -> int:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(storage, "peek_version", unreadable)
        line.settimeout(held_checks.MOST_SECONDS / 2)
        assert _status(_answer(line)[0]) == 304  # by the route, which reads it its own way
        line.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=10"))
        assert _status(_answer(line)[0]) == 304


def test_a_phone_that_leaves_while_its_check_is_held_is_forgotten(
    pad: Pad,
) -> None:
    _client, server, game_id = pad
    holds = server.channel_class.holds
    with _connect(server) as line:
        line.sendall(_check(game_id, 'If-None-Match: "1"', "Prefer: wait=10"))
        assert _nothing_yet(line)
        assert len(holds.until) == 1
    with _connect(server) as line:  # the server goes on answering
        line.sendall(_check(game_id, 'If-None-Match: "1"'))
        assert _status(_answer(line)[0]) == 304
    assert holds.until == {} and holds.alike == {}


def test_behind_a_trusted_proxy_the_answer_is_the_apps_over_https(tmp_path: Path) -> None:
    app = make_app(tmp_path / "games.sqlite", TRUSTED_PROXIES=1)
    client = app.test_client()
    game_id = start_game(client, NAMES)
    options = {"host": HOST, "port": 0, "threads": 1, **hosting.waitress_options(app)}
    server = hosting.make_server(app, **options)
    plain = create_server(app, **options)
    plain.channel_class = hosting._Channel
    try:
        with (
            in_a_thread(server),
            in_a_thread(plain),
            _connect(server) as line,
            _connect(plain) as through_waitress,
        ):
            for scheme in ("https", "http", "http, https", "https, http"):
                tagged = ['If-None-Match: "1"', f"X-Forwarded-Proto: {scheme}"]
                line.sendall(_check(game_id, *tagged, "Prefer: wait=1"))
                assert _nothing_yet(line), scheme
                through_waitress.sendall(_check(game_id, *tagged))
                ours, theirs = _answer(line)[0], _answer(through_waitress)[0]
                assert _without_date(ours) == _without_date(theirs), scheme
                secure = scheme.endswith("https")
                assert (b"Strict-Transport-Security" in ours) is secure, scheme
    finally:
        storage.storage(app).close()


@pytest.mark.parametrize(
    ("data", "wait"),
    [
        (b"GET /games/a/version HTTP/1.1\r\nPrefer: wait=5\r\n\r\n", 5),
        (b"GET /games/a/version HTTP/1.1\r\nprefer: respond-async, WAIT=600\r\n\r\n", 10),
        (b"HEAD /games/a/version HTTP/1.1\r\nPrefer: wait=x\r\n\r\n", 0),
        (b"GET /games/a/version HTTP/1.1\r\nHost: pad\r\n\r\n", 0),
    ],
)
def test_a_check_says_how_long_it_may_wait(data: bytes, wait: int) -> None:
    check = held_checks.read_check(data, VersionCheck.PATH)
    assert check is not None and check.wait == wait and check.path == "/games/a/version"


@pytest.mark.parametrize(
    "data",
    [
        b"GET /games/a/version HTTP/1.1\r\nHost: pad\r\n",  # not whole yet
        b"GET /games/a/version HTTP/1.1\r\n\r\nGET /games/a/version HTTP/1.1\r\n\r\n",  # two
        b"GET /games/a/version HTTP/1.1\r\nContent-Length: 2\r\n\r\n",  # a body
        b"POST /games/a/version HTTP/1.1\r\n\r\n",
        b"GET /games/a/version?x=1 HTTP/1.1\r\n\r\n",
        b"GET /games/a HTTP/1.1\r\n\r\n",
        b"GET /games/a/version HTTP/1.1\r\nBad Name: x\r\n\r\n",
        b"GET /games/a/version HTTP/1.1\r\nno colon\r\n\r\n",
        b"GET /games/a/version HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        b"GET /games/a/version HTTP/1.1\r\nConnection: close\r\n\r\n",
        b"GET  /games/a/version HTTP/1.1\r\n\r\n",
        b"GET /games/a/version HTTP/2\r\n\r\n",
    ],
)
def test_anything_but_a_plain_check_is_left_to_waitress(data: bytes) -> None:
    assert held_checks.read_check(data, VersionCheck.PATH) is None


def test_the_page_waits_as_long_as_the_server_holds() -> None:
    script = (PROJECT / "static" / "live.js").read_text()
    found = re.search(r"const WAIT_S = (\d+);", script)
    assert found and int(found[1]) == held_checks.MOST_SECONDS
