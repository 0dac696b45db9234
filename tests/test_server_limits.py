"""Limits of the real server that hold on a hosted pad: idle and slow connections do not lock out
a new phone, an idle connection and a head trickled in are closed, and a huge body is refused
before it is read."""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack

from scorekeeper import create_app
from scorekeeper.server.running import in_a_thread
from scorekeeper.web import hosting
from scorekeeper.web.groups_api import MAX_GROUP_FILE
from tests.support.ports import HOST
from tests.support.server import Server

IDLE = 300


def timed_get(server: Server, path: str = "/") -> tuple[int, float]:
    """A new phone opens ``path``: the status and the seconds until the whole answer came."""
    started = time.perf_counter()
    with server.client(timeout=30) as client:
        status = client.send("GET", path).status
    return status, time.perf_counter() - started


def test_300_idle_and_slow_connections_do_not_stop_a_new_phones_page(live: Server) -> None:
    with ExitStack() as stack:
        for number in range(IDLE):
            idle = stack.enter_context(socket.create_connection((HOST, live.port), timeout=10))
            if number % 3 == 1:  # slow: half a request, the rest never comes
                idle.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            elif number % 3 == 2:  # keep-alive: one request answered, then silence
                idle.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
                assert idle.recv(100).startswith(b"HTTP/1.1 ")
        time.sleep(0.2)  # every connection has reached the server
        status, seconds = timed_get(live)
    assert status == 200
    assert seconds < 1.0, f"a new phone waited {seconds:.1f} s"


def send_head_of_huge_body(server: Server, headers: bytes, body: bytes) -> tuple[bytes, float]:
    """Send the headers and the start of a body that announces far more; what the server
    answers without the rest, and how long that took (30 s: nothing came)."""
    started = time.perf_counter()
    with socket.create_connection((HOST, server.port), timeout=30) as conn:
        conn.sendall(headers + body)
        conn.settimeout(5)
        try:
            answer = conn.recv(200)
        except TimeoutError:
            answer = b""
    return answer, time.perf_counter() - started


def test_a_1_gb_post_is_refused_before_its_body_is_read(live: Server) -> None:
    headers = (
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000000000\r\n\r\n"
    )
    answer, _seconds = send_head_of_huge_body(live, headers, b"[" * 65536)
    assert answer.startswith(b"HTTP/1.1 413 "), answer


def test_a_chunked_body_is_cut_off_at_the_limit(live: Server) -> None:
    limit = hosting.body_cap(create_app({"TESTING": True}))
    headers = b"POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b"%x\r\n%s\r\n" % (65536, b"[" * 65536)
    answer, _seconds = send_head_of_huge_body(live, headers, chunk * (limit // 65536 + 2))
    assert answer.startswith(b"HTTP/1.1 413 "), answer


def test_the_servers_body_limit_follows_the_apps() -> None:
    # Every body an address takes (a group file: 8 MB) and a margin past it reaches the app,
    # which answers one over its limit with its page; far over it, the server refuses before
    # reading it (and the app words that refusal too).
    app = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 100_000})
    assert hosting.body_cap(app) == MAX_GROUP_FILE + 4 * 100_000
    big = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 20_000_000})
    assert hosting.body_cap(big) == 5 * 20_000_000


def test_an_idle_connection_is_closed_after_the_idle_time() -> None:
    # A phone asleep after a page keeps no connection open (scorekeeper/server/running.py).
    app = create_app({"TESTING": True, "HEAVY_WORKER": False})
    with in_a_thread(hosting.asgi_app(app, threads=2), HOST, idle_seconds=1) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection((HOST, port), timeout=10) as idle:
            idle.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
            assert idle.recv(100).startswith(b"HTTP/1.1 200 ")
            started = time.perf_counter()
            while idle.recv(65536):  # the rest of the answer, then the server's close
                pass
            assert 0.5 < time.perf_counter() - started < 5


def closed_within(connection: socket.socket, seconds: float, trickle: bytes = b"") -> bool:
    """Whether the server closes ``connection`` within ``seconds``, while ``trickle`` (if any)
    is sent on it every 0.2 s."""
    deadline = time.perf_counter() + seconds
    connection.settimeout(0.2)
    while time.perf_counter() < deadline:
        try:
            if trickle:
                connection.sendall(trickle)
            if connection.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def test_a_head_trickled_in_or_never_sent_is_cut_but_a_slow_body_is_not() -> None:
    # scorekeeper/server/heads.py: a head must be whole within the idle time of its first byte.
    app = create_app({"TESTING": True, "HEAVY_WORKER": False})
    with in_a_thread(hosting.asgi_app(app, threads=2), HOST, idle_seconds=1) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection((HOST, port), timeout=10) as silent:
            assert closed_within(silent, 3)
        with socket.create_connection((HOST, port), timeout=10) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\n")
            started = time.perf_counter()
            assert closed_within(slow, 4, trickle=b"X-Slow: 1\r\n")
            assert time.perf_counter() - started < 2.5
        with socket.create_connection((HOST, port), timeout=10) as upload:
            upload.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n")
            upload.sendall(b"Content-Type: application/json\r\n\r\n")
            for byte in b"[1,2,3,4]\n":  # one byte every 0.3 s: 3 s in all
                time.sleep(0.3)
                upload.sendall(bytes([byte]))
            upload.settimeout(5)
            assert upload.recv(12).startswith(b"HTTP/1.1 4")  # the app's answer to the body
