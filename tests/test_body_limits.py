"""Every body too large for the pad is answered by the pad itself, on the real server: a page
for a form, JSON ``{"error", "code"}`` for the API, in the reader's language, whether the body
is a little over the app's limit (read, then refused by the app) or far over the server's cap
(refused as soon as its headers announce it, never read), and the connection never hangs. A
group file, which may be larger than other bodies, still imports."""

from __future__ import annotations

import json
import re
import select
import socket
import time
import uuid
from dataclasses import dataclass

import pytest
from bs4 import BeautifulSoup

from scorekeeper import create_app
from scorekeeper.web import hosting
from tests.phone import Phone
from tests.plays import EXAMPLE_GAME
from tests.support.ports import HOST
from tests.support.server import Server
from tests.traffic import all_rows

LIMIT = 256 * 1024
CAP = hosting.body_cap(create_app({"TESTING": True}))
TOO_MUCH = {
    "en": "That is too much data to send at once.",
    "de": "Das sind zu viele Daten auf einmal.",
    "fr": "C'est trop de données à envoyer d'un coup.",
    "it": "Sono troppi dati da inviare in una volta.",
}


@dataclass(frozen=True)
class Reply:
    """What the server answered before it closed the connection (or went quiet)."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def message(self) -> str:
        """The sentence the player reads: the page's error, or the JSON's ``error``."""
        if self.headers["content-type"].startswith("application/json"):
            answer = json.loads(self.body)
            assert answer["code"] == "too_large"
            return str(answer["error"])
        assert self.headers["content-type"].startswith("text/html")
        element = BeautifulSoup(self.body.decode(), "html.parser").select_one(".flash.error")
        assert element is not None
        return element.get_text(strip=True)


def post_huge(
    server: Server, path: str, size: int, headers: dict[str, str], chunked: bool = False
) -> Reply:
    """POST a body of ``size`` bytes (announced, or chunked), sent as a phone would: on and on
    until the server answers or closes. The answer, read to its end; fails after 60 s."""
    started = time.perf_counter()
    lines = [f"POST {path} HTTP/1.1", "Host: pad", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines.append("Transfer-Encoding: chunked" if chunked else f"Content-Length: {size}")
    piece = b"a" * 65536
    if chunked:
        piece = b"%x\r\n%s\r\n" % (len(piece), piece)
    received = b""
    with socket.create_connection((HOST, server.port), timeout=60) as conn:
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        sent = 0
        while sent < size:
            if select.select([conn], [], [], 0)[0]:
                break  # the server answers before the whole body was sent
            try:
                conn.sendall(piece)
            except (BrokenPipeError, ConnectionResetError):
                break  # it read no more and closed: what it answered is still to read
            sent += 65536
        if chunked and sent >= size:
            conn.sendall(b"0\r\n\r\n")
        deadline = started + 60
        while time.perf_counter() < deadline:
            try:
                chunk = conn.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
    assert time.perf_counter() < deadline, "the connection hung"
    head, _sep, body = received.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = dict(line.split(": ", 1) for line in header_lines if ": " in line)
    status = int(status_line.split(" ")[1]) if status_line else 0
    fields = {name.lower(): value for name, value in found.items()}
    return Reply(status, fields, body, time.perf_counter() - started)


SIZES = {
    "a little over the app's limit": 2 * LIMIT,
    "over the server's cap": CAP + 65536,
    "far over it": 200 * 1024 * 1024,
}


# Where a body is sent, what it is sent as, what the answer is, and a language besides English.
POSTS = {
    "form": ("/games/new", "application/x-www-form-urlencoded", "text/html", "de"),
    "api": ("/api/games", "application/json", "application/json", "fr"),
}


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("chunked", [False, True], ids=["with length", "chunked"])
@pytest.mark.parametrize("post", POSTS.values(), ids=POSTS.keys())
@pytest.mark.parametrize("english", [True, False], ids=["English", "other language"])
def test_a_body_too_large_is_the_pads_answer_in_the_readers_language(
    live: Server, size: int, chunked: bool, post: tuple[str, str, str, str], english: bool
) -> None:
    path, sent_as, answered_as, other = post
    language = "en" if english else other
    before = all_rows(live.database)
    headers = {"Content-Type": sent_as, "Accept-Language": language}
    reply = post_huge(live, path, size, headers, chunked)
    assert reply.status == 413, reply
    assert reply.headers["content-type"].startswith(answered_as)
    assert reply.message() == TOO_MUCH[language]
    assert all_rows(live.database) == before


def test_the_language_picked_on_the_switcher_is_kept(live: Server) -> None:
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": "lang=it"}
    reply = post_huge(live, "/games/new", CAP + 65536, headers)
    assert reply.status == 413
    assert reply.message() == TOO_MUCH["it"]


def test_a_refused_body_leaves_the_server_answering(live: Server) -> None:
    for _ in range(3):
        post_huge(live, "/api/games", 200 * 1024 * 1024, {"Content-Type": "application/json"})
    with live.client() as client:
        status, _answer = client.request("POST", "/api/games", EXAMPLE_GAME)
    assert status == 201


def multipart(fields: dict[str, str], name: str, content: bytes) -> tuple[bytes, str]:
    """A multipart form body with the fields and one file; the body and its content type."""
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="record"; filename="{name}"\r\n'
        "Content-Type: application/json\r\n\r\n".encode()
        + content
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def test_a_group_file_of_a_few_megabytes_imports_on_the_real_server(live: Server) -> None:
    # Larger than any other body, as the pad serves it (with CSRF): once refused with a 413.
    with live.client(timeout=60) as client:
        group = client.request("POST", "/api/groups", {"name": "Big season"})[1]
        for _ in range(2):
            status, _made = client.request(
                "POST",
                f"/api/groups/{group['id']}/games",
                EXAMPLE_GAME,
                token=group["edit_token"],
            )
            assert status == 201
        exported = json.loads(client.send("GET", f"/groups/{group['id']}/export.json").body)
    # The same group with its file padded to 3 MB by spaces (JSON ignores them).
    content = json.dumps(exported, indent=2).encode()
    content += b" " * (3 * 1024 * 1024 - len(content))
    phone = Phone(live)
    phone.open("GET", "/")
    body, kind = multipart({"csrf_token": phone.fields["csrf_token"]}, "group.json", content)
    headers = {"Content-Type": kind, "Cookie": phone.cookie, "Referer": f"{live.url}/"}
    with live.client(timeout=60) as client:
        answer = client.send("POST", "/groups/import", body, headers)
    assert answer.status == 302, answer.body[:500]
    assert re.fullmatch(r"/groups/[\w-]+", answer.headers["Location"])
