"""The one HTTP client of the tests and benchmarks: a keep-alive connection to a loopback port.

:meth:`Client.send` sends bytes and returns the whole answer; :meth:`Client.request` speaks the
JSON API. A connection that fails is closed (and reopened by the next request), so a client
survives a server restart. One client per thread.
"""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from tests.support.ports import HOST

CHUNK = 16 * 1024
T = TypeVar("T")


@dataclass(frozen=True)
class Answer:
    """One HTTP answer, read to the end."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def content_type(self) -> str:
        return self.headers.get("Content-Type", "")

    def json(self) -> Any:
        """The body parsed as JSON (``None`` when empty); ValueError when it is not JSON."""
        return json.loads(self.body) if self.body else None


class Client:
    """Requests over one keep-alive HTTP connection to ``HOST:port``."""

    def __init__(self, port: int, timeout: float = 10) -> None:
        self.port = port
        self.timeout = timeout
        self.connection: http.client.HTTPConnection | None = None

    def send(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        chunked: bool = False,
    ) -> Answer:
        """Send one request (``chunked``: the body in pieces, without a length); raises
        OSError or HTTPException when the connection fails."""
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        sent: bytes | Iterable[bytes] | None = body
        if chunked and body is not None:
            sent = (body[start : start + CHUNK] for start in range(0, len(body), CHUNK))
        try:
            self.connection.request(
                method, path, body=sent, headers=dict(headers or {}), encode_chunked=chunked
            )
            response = self.connection.getresponse()
            answer = Answer(response.status, response.headers, response.read())
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        if answer.headers.get("Connection", "").lower() == "close":
            self.close()
        return answer

    def request(
        self,
        method: str,
        path: str,
        body: object = None,
        token: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, Any]:
        """A JSON API call (``token``: the edit token, ``headers``: more of them); the status
        and the parsed answer."""
        headers = {"Accept": "application/json", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        answer = self.send(method, path, data, headers)
        return answer.status, answer.json()

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def status(port: int, path: str = "/", timeout: float = 2) -> int | None:
    """The status of ``GET path``, or ``None`` when nothing answers."""
    with Client(port, timeout) as client:
        try:
            return client.send("GET", path).status
        except (OSError, http.client.HTTPException):
            return None


def at_once(count: int, send: Callable[[], T]) -> list[T]:
    """``send()`` from ``count`` threads released together; the answers, all of them."""
    answers: list[T] = []
    barrier = threading.Barrier(count)
    lock = threading.Lock()

    def one() -> None:
        barrier.wait(timeout=30)
        answer = send()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=one) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == count, f"{count - len(answers)} of {count} sent no answer"
    return answers
