"""Every screen of a game on a phone (390 x 844), light and dark, for 3, 4, 6 and 8 players.

Every screen is shot in light and dark when ``SCOREKEEPER_SHOTS`` names a folder
(tests/support/shots.py). Each screen is checked as it is shown: nothing wider than the phone.
axe-core is not run here: the accessibility walk (test_wcag.py) runs it on every page and state
of a game at 3 and 8 players, light and dark, in every language (this test's passes, the same
pages at four sizes, were a tenth of the browser suite's time). The figures of issue 12 are
asserted: with 4 players every tap of a round is on the first screen, without scrolling; with 8
players of 32-character names no page is wider than the phone and each phase is at most two
screens.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from scorekeeper.core import rules
from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots

SCREEN = 844
WIDTH = 390

SHORT = ("Ana", "Benedikt", "Cleo", "Dan", "Eva", "Finn")
# 32 characters each, the longest name the app takes, all alike to the last letters.
LONG = tuple(
    f"{first} Montgomery-Whitfield-Bradley"
    for first in ("Ana", "Ben", "Cai", "Dan", "Eva", "Fin", "Gus", "Hal")
)

# The taps of a round: what must be on the first screen with 4 players.
ROUND_TAPS = {
    "trump": "form button[name=suit], form button.jester",
    "bids": "form.bid-pad button[name=bid]",
    "play": ".tricks-form button[name=step], .tricks-form button.confirm",
}

_BOTTOMS = """(selector) => Array.from(document.querySelectorAll(selector),
  (e) => Math.round(e.getBoundingClientRect().bottom))"""


class Camera:
    """Shoots every screen in light and dark (when shots are asked for) and checks it: width,
    height."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.count = 0
        self.too_wide: list[str] = []
        self.heights: dict[str, int] = {}

    def shoot(self, page: Page, name: str) -> None:
        self.count += 1
        page.evaluate("window.scrollTo(0, 0)")
        for scheme in ("light", "dark") if shots.wanted() else ():
            page.emulate_media(color_scheme=scheme)
            shots.take(page, f"phone-screens/{self.players}p-{self.count:02d}-{name}-{scheme}.png")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > WIDTH:
            self.too_wide.append(f"{name}: {width}px")
        self.heights[name] = page.evaluate("document.documentElement.scrollHeight")


def off_screen(page: Page, phase: str) -> list[int]:
    """The bottoms of the taps of this phase that are below the first screen."""
    page.evaluate("window.scrollTo(0, 0)")
    return [bottom for bottom in page.evaluate(_BOTTOMS, ROUND_TAPS[phase]) if bottom > SCREEN]


def sheet_rows_on_screen(page: Page) -> int:
    """How many round lines of the score sheet show whole on the first screen."""
    page.evaluate("window.scrollTo(0, 0)")
    return int(
        page.evaluate(
            """(screen) => Array.from(document.querySelectorAll("table.pad tbody tr"))
                 .filter((row) => row.getBoundingClientRect().bottom <= screen
                   && row.getBoundingClientRect().top >= 0).length""",
            SCREEN,
        )
    )


@pytest.fixture
def phone(new_context: NewContext) -> Page:
    return new_context().new_page()


def play_bids_and_tricks(page: Page, players: int, hand: int) -> None:
    """Bids of 0 except the first player who bids what is left; tricks as bid."""
    bids = [0] * players
    flows.enter_bids(page, bids)
    tricks = [hand] + [0] * (players - 1)
    flows.enter_tricks(page, tricks)


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_every_screen_of_a_game(phone: Page, live_server: str, players: int) -> None:
    page, camera = phone, Camera(players)
    names = LONG[:players] if players >= 6 else SHORT[:players]
    hands = rules.schedule(players)

    page.goto(f"{live_server}/games/new")
    flows.fill_names(page, names)
    camera.shoot(page, "new-game")

    game = flows.start_game(page, first_dealer=0)
    # The rounds between the first two and the largest hand are setup: through the API.
    token = flows.edit_token(page, f"{live_server}/games/{game}")
    camera.shoot(page, "trump-first")
    flows.play_round(page, [0] * players, [1] + [0] * (players - 1))
    camera.shoot(page, "trump-after-result")
    trump_off = off_screen(page, "trump")

    flows.enter_trump(page, Trump(Turned.WIZARD, Suit.HEARTS))
    first_bidder = flows.next_bidder(page)
    assert first_bidder is not None
    bidders = [first_bidder]
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    camera.shoot(page, "bids")
    bids_off = off_screen(page, "bids")
    while (bidder := flows.next_bidder(page)) is not None:
        bidders.append(bidder)
        flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    camera.shoot(page, "play")
    play_off = off_screen(page, "play")

    # Too many given: Confirm is refused in words, and what was tapped stays, even on reload.
    first = bidders[0]
    page.locator(f".tricks-form button[name=step][value='{first}:+1']").click()
    page.locator(f".tricks-form button[name=step][value='{bidders[1]}:+1']").click()
    assert "Too many: 3 given out, the hand has 2 tricks" in page.locator(".remaining").inner_text()
    flows.confirm_round(page)
    assert flows.flash_errors(page)
    camera.shoot(page, "play-refused")
    kept = flows.checked_tricks(page)
    assert (kept[first], kept[bidders[1]]) == (2, 1)
    page.reload()
    assert flows.checked_tricks(page) == kept
    flows.enter_tricks(page, [2 if seat == first else 0 for seat in range(players)])
    flows.tap(page, page.get_by_role("button", name="Undo"))
    camera.shoot(page, "bids-after-undo")
    flows.enter_bids(page, [1 if seat == first else 0 for seat in range(players)])
    flows.enter_tricks(page, [2 if seat == first else 0 for seat in range(players)])
    flows.confirm_round(page)

    # The largest hand: the most bid buttons and steppers there are.
    largest = hands.index(max(hands)) + 1
    flows.forward(page, largest - 3, token)
    flows.enter_trump(
        page,
        None
        if rules.fixed_trump(largest, max(hands), players, rules.Length.STANDARD)
        else flows.JESTER,
    )
    camera.shoot(page, "bids-largest-hand")
    bids_off += off_screen(page, "bids")
    flows.enter_bids(page, [0] * players)
    camera.shoot(page, "play-largest-hand")
    play_off += off_screen(page, "play")
    flows.enter_tricks(page, [max(hands)] + [0] * (players - 1))
    flows.confirm_round(page)

    flows.tap(page, page.get_by_role("link", name="Sheet", exact=True))
    camera.shoot(page, "sheet")
    on_screen = sheet_rows_on_screen(page)
    page.goto(f"{live_server}/games/{game}/rounds/2/edit")
    camera.shoot(page, "edit-round")
    page.goto(f"{live_server}/games/{game}/share")
    camera.shoot(page, "share")

    flows.forward(page, len(hands) - largest, token)  # from the share page to the game's
    camera.shoot(page, "game-over")
    page.goto(f"{live_server}/games/{game}/sheet")
    camera.shoot(page, "sheet-final")
    page.goto(live_server)
    camera.shoot(page, "home")

    report: dict[str, Any] = {"heights": camera.heights, "sheet rows on screen": on_screen}
    print(players, report)
    assert camera.too_wide == []
    if players <= 4:
        assert (trump_off, bids_off, play_off) == ([], [], [])
        assert on_screen >= 10
    # At most one scroll per phase: no round page is taller than two screens.
    for name in ("trump-after-result", "bids", "play", "bids-largest-hand", "play-largest-hand"):
        assert camera.heights[name] <= 2 * SCREEN, (name, camera.heights[name])
