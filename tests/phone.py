"""A phone in short, for tests against the real server: it keeps its session cookie and sends
each form with the hidden fields (CSRF token, one-time key) of the last page it opened."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from tests.support.server import Server

NEW_GAME = {
    "players-0": "Ann",
    "players-1": "Bo",
    "players-2": "Cy",
    "first_dealer": "0",
    "length": "standard",
    "bid_restriction": "none",
    "bid_visibility": "open",
}


class Phone:
    """One browser: its cookies (the session, the phone's own) and the hidden fields of the last
    page it opened."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookies: dict[str, str] = {}
        self.fields: dict[str, str] = {}

    @property
    def cookie(self) -> str:
        """The ``Cookie`` header this phone sends."""
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def open(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        """The status, and the redirect's target or else the page."""
        headers = {"Cookie": self.cookie}
        body = None
        if form is not None:
            body = urlencode({**self.fields, **form}).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        with self.server.client(timeout=30) as client:
            answer = client.send(method, path, body, headers)
        html = answer.body.decode()
        for cookie in answer.headers.get_all("Set-Cookie") or ():
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name] = value
        if method == "GET":
            self.fields = dict(re.findall(r'name="(csrf_token|once)"[^>]*value="([^"]+)"', html))
        return answer.status, answer.headers.get("Location") or html
