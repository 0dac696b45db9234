"""Every screen at phone size, in light and dark: nothing is wider than the phone.

Every screen is shot in light and dark when ``SCOREKEEPER_SHOTS`` names a folder
(tests/support/shots.py). ``small_targets`` lists what is too small to tap for a look in review;
the test only requires the buttons of the round pages to be big enough.
"""

from __future__ import annotations

from playwright.sync_api import Page

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots

NAMES = ("Ana", "Benedikt", "Cleo", "Dan")
# Apple and Google both ask for tap targets of about 44 to 48 CSS pixels.
MIN_TAP = 44

# Visible tap targets smaller than ``min``; a radio or checkbox counts by its label.
_SMALL = """(min) => Array.from(
  document.querySelectorAll("button, a, summary, label.chip, select, input:not([type=hidden])"),
  (e) => [e, e.getBoundingClientRect()]
).filter(([e, box]) => e.checkVisibility() && !e.closest("label")
         && (box.width < min || box.height < min))
 .map(([e, box]) => `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim()
   .slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`)"""


class Camera:
    """Takes each screen in light and in dark, and checks it as it goes."""

    def __init__(self) -> None:
        self.count = 0
        self.too_wide: list[str] = []
        self.small: dict[str, list[str]] = {}
        self.sorry: list[str] = []

    def shoot(self, page: Page, name: str) -> None:
        self.count += 1
        # From the top, so that the sticky bar is not drawn in the middle of a long page.
        page.evaluate("window.scrollTo(0, 0)")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shots.take(page, f"screens/{self.count:02d}-{name}-{scheme}.png")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert page.viewport_size is not None
        if width > page.viewport_size["width"]:
            self.too_wide.append(f"{name}: {width}px")
        self.small[name] = page.evaluate(_SMALL, MIN_TAP)
        if page.locator("h1").first.inner_text() == "Sorry":
            self.sorry.append(name)


def test_every_screen_fits_the_phone(new_context: NewContext, live_server: str) -> None:
    camera = Camera()
    page = new_context().new_page()
    page.goto(live_server)
    camera.shoot(page, "home-empty")

    page.goto(f"{live_server}/games/new")
    for seat, name in enumerate(NAMES):
        page.fill(f"#players-{seat}", name)
    flows.choose(page, "input[name=bid_restriction][value=plus_minus_one]")
    flows.choose(page, "#gizzard_fester")
    camera.shoot(page, "new-game")

    game = flows.new_game(
        page, live_server, NAMES, bid_restriction="plus_minus_one", gizzard_fester=True
    )
    camera.shoot(page, "trump")
    flows.enter_trump(page, Trump(Turned.WIZARD, Suit.HEARTS))
    for _ in range(3):
        flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    camera.shoot(page, "bids-refusal")
    forbidden = page.locator("form.bid-pad button[name=bid][value='1']")
    forbidden.evaluate("button => button.removeAttribute('disabled')")
    flows.tap(page, forbidden)
    camera.shoot(page, "bids-refused-flash")
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    flows.enter_tricks(page, [0, 0, 1, 0])  # everyone bid 0: one of them took the trick
    camera.shoot(page, "play")
    flows.confirm_round(page)
    camera.shoot(page, "result")

    watcher = new_context().new_page()
    flows.enter_trump(page, Trump(Turned.SUIT, Suit.DIAMONDS))
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    watcher.goto(f"{live_server}/games/{game}")
    camera.shoot(watcher, "watcher")

    flows.fast_forward(page, 5)
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [2, 1, 3, 0])
    camera.shoot(page, "play-7-cards")
    flows.enter_tricks(page, [2, 1, 2, 2])
    flows.confirm_round(page)
    page.goto(f"{live_server}/games/{game}/sheet")
    camera.shoot(page, "sheet")
    page.goto(f"{live_server}/games/{game}/rounds/2/edit")
    camera.shoot(page, "edit-round")
    page.goto(f"{live_server}/games/{game}/share")
    camera.shoot(page, "share")
    second = new_context().new_page()
    second.goto(str(page.locator("a.link[href*='/join/']").get_attribute("href")))
    camera.shoot(second, "join")

    flows.new_game(page, live_server, NAMES[:3], bid_visibility="hidden")
    flows.enter_trump(page, flows.JESTER)
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    camera.shoot(page, "hidden-handoff")

    flows.new_game(page, live_server, NAMES[:3], length="five_rounds")
    flows.fast_forward(page, 5)
    camera.shoot(page, "game-over")
    page.goto(live_server)
    camera.shoot(page, "home")
    page.goto(f"{live_server}/games/nothing-here")
    camera.shoot(page, "not-found")

    for name, small in camera.small.items():
        print(name, small)
    assert camera.sorry == ["not-found"]
    assert camera.too_wide == []
    round_pages = ("trump", "bids-refusal", "play", "result", "hidden-handoff")
    assert {name: camera.small[name] for name in round_pages if camera.small[name]} == {}
