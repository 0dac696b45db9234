"""Browser fixtures: the app served as ``make run`` serves it, on a free port, and Chromium at
phone size.

The server and the browser live for the whole session (starting them is the slow part); every
test gets fresh browser contexts, so each starts as a new phone with no cookies and no games.
Debian's Chromium is used as installed: nothing is downloaded.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from scorekeeper import create_app
from scorekeeper.server.running import in_a_thread
from scorekeeper.web import hosting
from tests.browser.flows import NewContext
from tests.support.browser import PHONE, TIMEOUT_MS, launch
from tests.support.ports import HOST

BROWSER_TESTS = Path(__file__).parent


# First, so that ``-m "not browser"`` sees the mark (the mark plugin deselects in this hook too).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser drives Chromium: marked ``browser`` by its folder, so no
    file has to remember the mark."""
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the app, served from a fresh database in a background thread."""
    database = tmp_path_factory.mktemp("live") / "games.sqlite"
    app = create_app(
        {
            "DATABASE": str(database),
            "SECRET_KEY": "browser-tests",
            # The browser keeps the style sheet and script instead of asking at every tap.
            "SEND_FILE_MAX_AGE_DEFAULT": 3600,
            # Share links name the loopback address the browser used, never this machine's
            # network address: tests send nothing anywhere but loopback.
            "LAN_ADDRESSES": [],
        }
    )
    with in_a_thread(hosting.asgi_app(app, threads=4), HOST) as base:
        yield base


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = launch(playwright)
    yield chromium
    chromium.close()


@pytest.fixture
def new_context(browser: Browser, live_server: str) -> Iterator[NewContext]:
    """Open more phones (contexts) at 390 x 844 (or ``viewport=``); all are closed when the test
    ends."""
    opened: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        options.setdefault("viewport", PHONE)
        context = browser.new_context(base_url=live_server, **options)
        context.set_default_timeout(TIMEOUT_MS)
        opened.append(context)
        return context

    yield make
    for context in opened:
        context.close()


@pytest.fixture
def page(new_context: NewContext) -> Page:
    """The scorekeeper's phone."""
    return new_context().new_page()
