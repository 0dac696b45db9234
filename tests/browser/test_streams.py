"""Pages follow a game (or a group) on a stream the server pushes each change on
(``/games/<id>/events``, scorekeeper/server/streams.py), as ``make run`` serves them: a change
shows at once, a page that cannot stream asks instead, a stream dropped by a restart opens
again by itself and catches up on what changed meanwhile, and a group's page follows its
games."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS
from tests.support import shots
from tests.support.browser import PHONE, TIMEOUT_MS
from tests.support.server import Server

NAMES = ("Ana", "Ben", "Cleo", "Dan")
WITHIN = 2_000  # ms: the promise for every open page (tests/browser/test_live.py)


@pytest.fixture
def pad(tmp_path: Path) -> Iterator[Server]:
    """The real server (``python -m scorekeeper.serve``) over a folder of its own."""
    server = Server(tmp_path / "instance")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def phones(browser: Browser, pad: Server) -> Iterator[list[BrowserContext]]:
    """Two phones at 390 x 844: the scorekeeper's and a watcher's."""
    opened = [browser.new_context(base_url=pad.url, viewport=PHONE) for _ in range(2)]
    for context in opened:
        context.set_default_timeout(TIMEOUT_MS)
    yield opened
    for context in opened:
        context.close()


def asked(page: Page) -> list[Request]:
    """Every request the page makes from now on."""
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    return requests


def ends(requests: list[Request]) -> list[str]:
    """The last part of the address of each request about the game (no files)."""
    return [request.url.rsplit("/", 1)[-1] for request in requests if "/games/" in request.url]


def test_a_change_is_pushed_to_a_watcher_on_one_stream(
    phones: list[BrowserContext], pad: Server
) -> None:
    scorekeeper, watcher = (context.new_page() for context in phones)
    game = flows.new_game(scorekeeper, pad.url, NAMES)
    requests = asked(watcher)
    watcher.goto(f"/games/{game}")
    watcher.wait_for_timeout(3_000)  # longer than a page that polled waits between two checks
    assert ends(requests)[1:] == ["events"], ends(requests)
    scorekeeper.evaluate("window.stillTheSamePage = true")
    flows.enter_trump(scorekeeper, Trump(Turned.SUIT, Suit.CLUBS))
    shown = scorekeeper.locator(".round-head dd.trump").inner_text()
    expect(watcher.locator(".round-head dd.trump")).to_have_text(shown, timeout=WITHIN)
    flows.tap(scorekeeper, scorekeeper.locator("form.bid-pad button[name=bid][value='1']"))
    bids = watcher.locator("table.table-view tbody td:nth-of-type(1)")
    expect(bids).to_have_text(["1", "…", "…", "…"], timeout=WITHIN)
    # The scorekeeper's own stream, told of these taps, did not reload the page.
    scorekeeper.wait_for_timeout(1_000)
    assert scorekeeper.evaluate("window.stillTheSamePage") is True
    assert "version" not in ends(requests)


def test_a_page_that_cannot_stream_asks_instead(phones: list[BrowserContext], pad: Server) -> None:
    scorekeeper, watcher = (context.new_page() for context in phones)
    watcher.add_init_script("delete window.EventSource")
    game = flows.new_game(scorekeeper, pad.url, NAMES)
    requests = asked(watcher)
    watcher.goto(f"/games/{game}")
    flows.enter_trump(scorekeeper, Trump(Turned.SUIT, Suit.HEARTS))
    shown = scorekeeper.locator(".round-head dd.trump").inner_text()
    expect(watcher.locator(".round-head dd.trump")).to_have_text(shown, timeout=WITHIN)
    assert "version" in ends(requests) and "events" not in ends(requests)


def test_a_watcher_catches_up_after_a_restart(
    phones: list[BrowserContext], pad: Server, tmp_path: Path
) -> None:
    scorekeeper, watcher = (context.new_page() for context in phones)
    game = flows.new_game(scorekeeper, pad.url, NAMES)
    scorekeeper.goto(f"/games/{game}/share")
    shots.take(scorekeeper, "live/live-share-light.png")
    watcher.goto(f"/games/{game}")
    pad.stop()
    # What a player sees when the pad cannot be reached: the page greyed, and why.
    expect(watcher.locator(".live-note")).to_contain_text("No connection", timeout=5_000)
    assert "stale" in str(watcher.locator("body").get_attribute("class"))
    for scheme in ("light", "dark"):
        watcher.emulate_media(color_scheme=scheme)
        shots.take(watcher, f"live/live-offline-note-{scheme}.png", full_page=False)
    # The note is said once: a phone scrolled down while the stream tries again stays where it is.
    watcher.set_viewport_size({"width": 390, "height": 400})
    watcher.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = watcher.evaluate("window.scrollY")
    assert scrolled > 0
    watcher.wait_for_timeout(2_500)
    assert watcher.evaluate("window.scrollY") == scrolled
    # Meanwhile the game changes through another server on the same database.
    other = Server(pad.instance)
    other.start()
    scorekeeper.goto(f"{other.url}/games/{game}")
    flows.enter_trump(scorekeeper, Trump(Turned.SUIT, Suit.SPADES))
    shown = scorekeeper.locator(".round-head dd.trump").inner_text()
    other.stop()
    pad.start(same_port=True)
    expect(watcher.locator(".round-head dd.trump")).to_have_text(shown, timeout=5_000)
    expect(watcher.locator(".live-note")).to_be_hidden()
    assert "stale" not in str(watcher.locator("body").get_attribute("class"))


def test_a_groups_page_follows_a_round_in_one_of_its_games(
    phones: list[BrowserContext], pad: Server
) -> None:
    with pad.client() as client:
        status, group = client.request("POST", "/api/groups", {"name": "Friday club"})
        assert status == 201
        path = f"/api/groups/{group['id']}/games"
        status, game = client.request("POST", path, EXAMPLE_GAME, group["edit_token"])
        assert status == 201
    watcher = phones[1].new_page()
    watcher.goto(f"/groups/{group['id']}")
    shown = watcher.locator("body").get_attribute("data-version")
    with pad.client() as client:
        path = f"/api/games/{game['id']}/rounds"
        status, _answer = client.request("POST", path, EXAMPLE_ROUNDS[0], game["edit_token"])
        assert status == 201
    expect(watcher.locator("body")).not_to_have_attribute(
        "data-version", str(shown), timeout=WITHIN
    )


def test_a_watcher_by_the_old_view_link_is_told_once_it_is_renewed(
    phones: list[BrowserContext], pad: Server
) -> None:
    """Issue 46: a page opened by the old view link went on following the game."""
    scorekeeper, watcher = (context.new_page() for context in phones)
    game = flows.new_game(scorekeeper, pad.url, NAMES)
    watcher.goto(f"/games/{game}")
    expect(watcher.locator(".live-note")).to_be_hidden()
    scorekeeper.goto(f"/games/{game}/share")
    scorekeeper.locator("form[action$='/share/renew-view'] button").click()
    expect(scorekeeper.locator(".flash")).to_contain_text("New view link made")
    expect(watcher.locator("body")).to_contain_text("new view link", timeout=WITHIN)


def test_a_refused_stream_is_asked_for_again_later_without_a_reload(
    phones: list[BrowserContext], pad: Server
) -> None:
    """Issue 46: a page whose stream was refused for too many pages open from its address
    asked again 1.5 s later and, refused again, reloaded: one page more every 2 s. It waits
    longer at each refusal, at least as long as the server's Retry-After says."""
    scorekeeper, watcher = (context.new_page() for context in phones)
    game = flows.new_game(scorekeeper, pad.url, NAMES)
    too_many = {"status": 429, "headers": {"Retry-After": "4"}, "body": "Too many"}
    watcher.route("**/events", lambda route: route.fulfill(**too_many))
    watcher.route("**/version", lambda route: route.fulfill(**too_many))
    times: list[tuple[str, float]] = []
    watcher.on("request", lambda r: times.append((r.url.rsplit("/", 1)[-1], time.monotonic())))
    watcher.goto(f"/games/{game}")
    watcher.evaluate("window.stillTheSamePage = true")
    watcher.wait_for_timeout(9_000)
    assert watcher.evaluate("window.stillTheSamePage") is True
    asked_at = [at for end, at in times if end == "version"]
    assert [end for end, _at in times].count(game) == 1, times  # never loaded again
    assert len(asked_at) >= 2, times
    assert all(later - before > 3.9 for before, later in itertools.pairwise(asked_at)), times
    expect(watcher.locator(".live-note")).to_be_visible()
