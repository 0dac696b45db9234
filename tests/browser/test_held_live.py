"""Pages following a game on the server as ``make run`` serves it: the server holds a page's
question "did the game change?" while nothing does (``web/held_checks.py``), and answers it as
soon as the game changes. The other browser tests use Waitress as it comes, which answers at once
and leaves the page to ask again 1.5 s later."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from scorekeeper import create_app
from scorekeeper.core.rules import Suit, Trump, Turned
from scorekeeper.web import hosting
from tests.browser import flows
from tests.support.browser import PHONE, TIMEOUT_MS
from tests.support.ports import HOST
from tests.support.server import in_a_thread

NAMES = ("Ana", "Ben", "Cleo", "Dan")
WITHIN = 2_000  # ms: the promise for every open page (tests/browser/test_live.py)


@pytest.fixture(scope="module")
def pad_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the app served by ``hosting.make_server`` in a background thread."""
    database = tmp_path_factory.mktemp("held") / "games.sqlite"
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "held", "LAN_ADDRESSES": []})
    options = hosting.waitress_options(app)
    with in_a_thread(hosting.make_server(app, host=HOST, port=0, threads=4, **options)) as base:
        yield base


@pytest.fixture
def phones(browser: Browser, pad_server: str) -> Iterator[list[BrowserContext]]:
    """Two phones at 390 x 844: the scorekeeper's and a watcher's."""
    opened = [browser.new_context(base_url=pad_server, viewport=PHONE) for _ in range(2)]
    for context in opened:
        context.set_default_timeout(TIMEOUT_MS)
    yield opened
    for context in opened:
        context.close()


def _checks(page: Page) -> list[Request]:
    asked: list[Request] = []
    page.on("request", lambda sent: asked.append(sent) if sent.url.endswith("/version") else None)
    return asked


def test_a_watcher_waits_on_one_held_check_and_sees_a_change_at_once(
    phones: list[BrowserContext], pad_server: str
) -> None:
    scorekeeper, watcher = (context.new_page() for context in phones)
    game = flows.new_game(scorekeeper, pad_server, NAMES)
    asked = _checks(watcher)
    watcher.goto(f"/games/{game}")
    # Longer than a page waits between two checks: one that polled would have asked again.
    watcher.wait_for_timeout(4_000)
    assert len(asked) == 1, [request.url for request in asked]
    assert asked[0].headers.get("prefer") == "wait=10"
    assert asked[0].headers.get("if-none-match") == '"1"'
    scorekeeper.evaluate("window.stillTheSamePage = true")
    flows.enter_trump(scorekeeper, Trump(Turned.SUIT, Suit.CLUBS))
    shown = scorekeeper.locator(".round-head dd.trump").inner_text()
    expect(watcher.locator(".round-head dd.trump")).to_have_text(shown, timeout=WITHIN)
    flows.tap(scorekeeper, scorekeeper.locator("form.bid-pad button[name=bid][value='1']"))
    bids = watcher.locator("table.table-view tbody td:nth-of-type(1)")
    expect(bids).to_have_text(["1", "…", "…", "…"], timeout=WITHIN)
    # The scorekeeper's own held check, answered by these taps, did not reload the page.
    scorekeeper.wait_for_timeout(1_000)
    assert scorekeeper.evaluate("window.stillTheSamePage") is True
