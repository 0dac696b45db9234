"""Behind a TLS-terminating proxy the forms work with CSRF kept, the session cookie is Secure and
pages send HSTS; served over plain HTTP, neither. Chromium goes through a real TLS hop
(:mod:`tests.tls`) to the real server that trusts one proxy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser import flows
from tests.support.browser import PHONE, TIMEOUT_MS
from tests.support.client import Answer
from tests.support.server import Server, running
from tests.tls import tls_proxy

NAMES = ("Ana", "Ben", "Cleo")
HSTS = "max-age=31536000"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """The real server trusting one proxy, and the HTTPS address of the proxy in front of it."""
    folder = tmp_path_factory.mktemp("https")
    with (
        running(folder, env={"SCOREKEEPER_TRUSTED_PROXIES": "1"}) as server,
        tls_proxy(server.port, folder) as base,
    ):
        yield server, base


@pytest.fixture
def phone(browser: Browser, proxied: tuple[Server, str]) -> Iterator[BrowserContext]:
    """A phone that accepts the test's self-signed certificate."""
    context = browser.new_context(viewport=PHONE, base_url=proxied[1], ignore_https_errors=True)
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


def test_a_game_starts_and_is_played_over_https(
    phone: BrowserContext, proxied: tuple[Server, str]
) -> None:
    _server, base = proxied
    page = phone.new_page()
    answer = page.goto(f"{base}/games/new")
    assert answer is not None and answer.headers["strict-transport-security"] == HSTS
    assert answer.headers["referrer-policy"] == "same-origin"
    game = flows.new_game(page, base, NAMES)  # "Start the game": no CSRF refusal
    assert page.url == f"{base}/games/{game}"
    flows.enter_trump(page, flows.JESTER)
    assert flows.phase(page) == "bids" and flows.flash_errors(page) == []
    session = [cookie for cookie in phone.cookies() if cookie["name"] == "session"]
    assert len(session) == 1
    assert session[0]["secure"] and session[0]["httpOnly"]
    # Links the app makes point back through the proxy, not to the server behind it.
    page.goto(f"{base}/games/{game}/share")
    expect(page.locator("a.link").first).to_have_attribute("href", f"{base}/games/{game}")


def test_a_form_posted_from_another_site_is_still_refused_over_https(
    phone: BrowserContext, proxied: tuple[Server, str]
) -> None:
    _server, base = proxied
    page = phone.new_page()
    page.goto(f"{base}/games/new")
    token = page.locator("input[name=csrf_token]").get_attribute("value") or ""
    # The right token, but sent as if from another site: Flask-WTF's strict Referer check.
    response = phone.request.post(
        f"{base}/games/new",
        form={"csrf_token": token, "players-0": "A", "players-1": "B", "players-2": "C"},
        headers={"Referer": "https://elsewhere.example/"},
        max_redirects=0,
    )
    assert response.status == 400


def plain_get(server: Server, headers: dict[str, str]) -> Answer:
    with server.client() as client:
        return client.send("GET", "/games/new", headers=headers)


def test_over_plain_http_there_is_no_hsts_and_no_secure_cookie(tmp_path: Path) -> None:
    with running(tmp_path) as server:  # no proxy trusted: X-Forwarded-Proto is a lie
        for headers in ({}, {"X-Forwarded-Proto": "https"}):
            response = plain_get(server, headers)
            assert response.status == 200
            assert response.headers.get("Strict-Transport-Security") is None
            assert "Secure" not in (response.headers.get("Set-Cookie") or "")
