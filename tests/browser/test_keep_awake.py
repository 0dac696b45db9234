"""The scorekeeper's screen stays on during a game, on a plain-HTTP table network too.

Chromium treats 127.0.0.1 as a secure context, where ``navigator.wakeLock`` exists. A phone on
the table's Wi-Fi opens the pad at the laptop's LAN address over plain HTTP: no secure context,
no Wake Lock. Here the pad is opened under another host name that Chromium maps to 127.0.0.1
(``--host-resolver-rules``), so the page is not a secure context while every request stays on
loopback, and the page must hold the screen with NoSleep.js's muted looping video instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Playwright

from tests.browser import flows
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, TIMEOUT_MS

NAMES = ("Ana", "Ben", "Cleo", "Dan")
HOST = "wizard.test"


@pytest.fixture(scope="module")
def lan_browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium that reaches ``wizard.test`` at 127.0.0.1 and nowhere else."""
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
    )
    yield chromium
    chromium.close()


@pytest.fixture
def lan_phone(lan_browser: Browser, live_server: str) -> Iterator[tuple[Page, str]]:
    """A phone on the table's network: the pad at http://wizard.test:<port>."""
    base = f"http://{HOST}:{urlsplit(live_server).port}"
    context = lan_browser.new_context(viewport=PHONE, base_url=base)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page(), base
    finally:
        context.close()


def _awake(page: Page) -> str | None:
    held = page.evaluate("document.documentElement.dataset.awake || null")
    return str(held) if held else None


def _hide(page: Page, hidden: bool) -> None:
    """Hide or show the page as a phone does when another app comes to the front."""
    page.evaluate(
        """(hidden) => {
          Object.defineProperty(document, "visibilityState", {
            configurable: true, get: () => (hidden ? "hidden" : "visible") });
          Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
          document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_plain_http_keeps_the_screen_on_with_a_video_until_the_game_ends(
    lan_phone: tuple[Page, str],
) -> None:
    page, base = lan_phone
    flows.new_game(page, base, NAMES, length="five_rounds")
    assert page.evaluate("window.isSecureContext") is False
    assert page.evaluate("'wakeLock' in navigator") is False
    # The first tap of the evening starts the video (a browser may refuse it before a tap).
    flows.enter_trump(page, flows.JESTER)
    page.wait_for_function("() => document.documentElement.dataset.awake === 'video'")

    # Another app in front: let go; back to the pad: hold the screen again.
    _hide(page, True)
    assert _awake(page) is None
    _hide(page, False)
    page.locator("main").click(position={"x": 5, "y": 5})
    page.wait_for_function("() => document.documentElement.dataset.awake === 'video'")

    flows.enter_bids(page, [0, 0, 0, 0])
    flows.enter_tricks(page, [1, 0, 0, 0])
    flows.confirm_round(page)
    # Played by taps: the request client (fast_forward) does not know the mapped host name.
    for hand in range(2, 6):
        assert _awake(page) == "video"
        flows.play_round(page, [0, 0, 0, 0], [hand, 0, 0, 0])
    assert flows.phase(page) == "over"
    # The game is over: the screen may go dark again.
    assert _awake(page) is None
    assert "keep-awake" not in str(page.locator("body").get_attribute("class"))


def test_a_watcher_is_not_held_awake(lan_phone: tuple[Page, str], lan_browser: Browser) -> None:
    page, base = lan_phone
    game = flows.new_game(page, base, NAMES, length="five_rounds")
    assert "keep-awake" in str(page.locator("body").get_attribute("class"))
    other = lan_browser.new_context(viewport=PHONE)
    try:
        watcher = other.new_page()
        watcher.goto(f"{base}/games/{game}")
        assert flows.phase(watcher) == "watch"
        watcher.locator("main").click(position={"x": 5, "y": 5})
        assert "keep-awake" not in str(watcher.locator("body").get_attribute("class"))
        assert _awake(watcher) is None
    finally:
        other.close()
