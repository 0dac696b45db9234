"""A phone in short, for tests against the real server: it keeps its session cookie and sends
each form with the hidden fields (CSRF token, one-time key) of the last page it opened."""

from __future__ import annotations

import http.client
import re
from urllib.parse import urlencode

from tests.liveserver import HOST, Server

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
    """One browser: its session cookie and the hidden fields of the last page it opened."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookie = ""
        self.fields: dict[str, str] = {}

    def open(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str]:
        """The status, and the redirect's target or else the page."""
        connection = http.client.HTTPConnection(HOST, self.server.port, timeout=30)
        try:
            headers = {"Cookie": self.cookie}
            body = None
            if form is not None:
                body = urlencode({**self.fields, **form})
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            html = response.read().decode()
        finally:
            connection.close()
        if response.getheader("Set-Cookie"):
            self.cookie = (response.getheader("Set-Cookie") or "").split(";", 1)[0]
        if method == "GET":
            self.fields = dict(re.findall(r'name="(csrf_token|once)"[^>]*value="([^"]+)"', html))
        return response.status, response.getheader("Location") or html
