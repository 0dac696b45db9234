"""Every open page of a game follows it within 2 s: a watcher, a second scorekeeper, the table
display; and a page does nothing while nothing changes. The new screens are shot in light and
dark when ``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py)."""

from __future__ import annotations

import time

from playwright.sync_api import Page, Response, expect

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots

NAMES = ("Ana", "Ben", "Cleo", "Dan")
WITHIN = 2_000  # ms: the promise for every open page
TABLE = {"width": 1280, "height": 800}


def shoot(page: Page, name: str) -> None:
    """The page in light and in dark, as it is on the screen."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shots.take(page, f"live/live-{name}-{scheme}.png", full_page=False)
    page.emulate_media(color_scheme="light")


def trump_text(page: Page) -> str:
    return page.locator(".round-head dd.trump").inner_text()


def watched_game(page: Page, new_context: NewContext, base: str) -> Page:
    """A new game on the scorekeeper's phone, and its round page open on a watcher's phone."""
    game = flows.new_game(page, base, NAMES)
    watcher = new_context().new_page()
    watcher.goto(f"{base}/games/{game}")
    return watcher


def test_a_watcher_sees_every_change_within_2_seconds(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    watcher = watched_game(page, new_context, live_server)
    flows.enter_trump(page, Trump(Turned.SUIT, Suit.CLUBS))
    expect(watcher.locator(".round-head dd.trump")).to_have_text(trump_text(page), timeout=WITHIN)
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    # Ben bids first, left of the dealer Ana.
    bids = watcher.locator("table.table-view tbody td:nth-of-type(1)")
    expect(bids).to_have_text(["1", "…", "…", "…"], timeout=WITHIN)
    # Read out too, as it comes (issue 49's walk: a blind watcher heard nothing).
    said = watcher.locator("#said")
    expect(said).to_have_text("Bids: Ben 1")
    flows.enter_bids(page, [0, 1, 0, 0])
    expect(bids).to_have_text(["1", "0", "0", "0"], timeout=WITHIN)
    assert watcher.locator(".result").count() == 0  # nothing to show before Confirm
    flows.enter_tricks(page, [0, 1, 0, 0])
    flows.confirm_round(page)
    expect(watcher.locator("#result-title")).to_have_text("Round 1 result", timeout=WITHIN)
    expect(said).to_have_text("Round 1 result. Round 2 of 15")


def test_a_page_does_nothing_while_nothing_changes(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    game = flows.new_game(page, live_server, NAMES)
    watcher = new_context().new_page()
    answers: list[Response] = []
    watcher.on("response", lambda answer: answers.append(answer))
    watcher.goto(f"{live_server}/games/{game}")
    watcher.evaluate("window.stillTheSamePage = true")
    time.sleep(4)
    assert watcher.evaluate("window.stillTheSamePage") is True
    # The page, its icon, and one stream of the game's versions that stays open.
    asked = [answer.url.rsplit("/", 1)[-1] for answer in answers if "/games/" in answer.url]
    assert asked == [game, "events"], asked
    assert answers[-1].status == 200


def test_a_second_scorekeeper_follows_and_keeps_what_they_are_tapping(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    game = flows.new_game(page, live_server, NAMES)
    page.goto(f"{live_server}/games/{game}/share")
    # A small phone, so that the tricks step scrolls.
    second = new_context(viewport={"width": 390, "height": 600}).new_page()
    second.goto(str(page.locator("a.link[href*='/join/']").get_attribute("href")))
    flows.tap(second, second.get_by_role("button", name="Keep score on this phone"))
    page.goto(f"{live_server}/games/{game}")
    flows.enter_trump(page, flows.JESTER)
    expect(second.locator("form.bid-pad")).to_be_visible(timeout=WITHIN)
    flows.enter_bids(page, [0, 1, 0, 0])
    expect(second.locator("form.tricks-form")).to_be_visible(timeout=WITHIN)

    # The second phone starts tapping tricks; the first takes back a bid and makes it again
    # meanwhile. The second phone's taps are not thrown away by a reload: it says the game
    # changed, and waits.
    second.locator(".tricks-form button[name=step][value='1:-1']").click()
    second.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert second.evaluate("window.scrollY") > 0
    flows.bid_again_elsewhere(page)
    note = second.locator(".live-note")
    expect(note).to_contain_text("The game changed on another phone.", timeout=WITHIN)
    # The note covers nothing: it stands between the bar and the round's title, in sight.
    header, box, title = (
        second.locator(selector).bounding_box()
        for selector in ("header.bar", ".live-note", "#round-title")
    )
    assert header and box and title
    assert header["y"] + header["height"] <= box["y"]
    assert box["y"] + box["height"] <= title["y"]
    assert flows.checked_tricks(second)[1] == 0  # Ben bid 1, one less tapped
    with second.expect_navigation():
        note.get_by_role("button", name="Show it").click()
    # The page of now, with what was tapped on this phone still there (kept in its address).
    assert flows.checked_tricks(second)[1] == 0


def test_the_table_display_follows_a_round(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    game = flows.new_game(page, live_server, NAMES, bid_visibility="hidden")
    flows.play_round(page, [1, 0, 0, 0], [1, 0, 0, 0])
    table = new_context(viewport=TABLE).new_page()
    table.goto(f"{live_server}/games/{game}/display")
    table.evaluate("window.stillTheSamePage = true")
    heading = table.locator("#display-round")
    expect(heading).to_contain_text("Round 2 of 15")
    expect(table.locator(".standings li").first).to_have_text("1. Ana 30")
    assert table.locator("form, button").count() == 0
    shoot(table, "display-trump")

    flows.enter_trump(page, Trump(Turned.SUIT, Suit.HEARTS))
    expect(table.locator("dd.trump")).to_contain_text("Hearts", timeout=WITHIN)
    # A sealed bid shows only that it is in. Ben deals: Cleo bids first.
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='2']"))
    bids = table.locator(".bids-now td.bid")
    expect(bids).to_have_text(["sealed", "…", "…", "…"], timeout=WITHIN)
    assert "2" not in table.locator(".bids-now").inner_text()
    shoot(table, "display-sealed")
    # Revealed together once everyone has bid; nothing of a result while the hand is played.
    flows.enter_bids(page, [0, 0, 2, 0])
    expect(bids).to_have_text(["2", "0", "0", "0"], timeout=WITHIN)
    expect(table.locator(".bids-now thead th")).to_have_text(["Player", "Bid"])
    shoot(table, "display-play")
    flows.enter_tricks(page, [0, 0, 2, 0])
    flows.confirm_round(page)
    expect(heading).to_contain_text("Round 3 of 15", timeout=WITHIN)
    expect(table.locator(".standings li").first).to_have_text("1. Cleo 60")
    shoot(table, "display-next-round")
    assert table.evaluate("window.stillTheSamePage") is True  # followed in place
    width = table.evaluate("document.documentElement.scrollWidth")
    height = table.evaluate("document.documentElement.scrollHeight")
    assert width <= TABLE["width"] and height <= TABLE["height"], (width, height)


def test_chromium_reads_the_manifest_without_errors(page: Page, live_server: str) -> None:
    page.goto(live_server)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    assert manifest["url"].endswith("/manifest.webmanifest")
    parsed = manifest.get("manifest") or {}
    if parsed:  # newer Chromium: the manifest as it understood it
        assert str(parsed.get("display")).lower().endswith("standalone")
    icons = page.evaluate(
        """async (url) => {
          const manifest = await (await fetch(url)).json();
          return Promise.all(manifest.icons.map(async (icon) => {
            const image = new Image();
            image.src = icon.src;
            await image.decode();
            return [icon.sizes, image.naturalWidth, image.naturalHeight];
          }));
        }""",
        manifest["url"],
    )
    for sizes, width, height in icons:
        assert width > 0 and height > 0
        if sizes != "any":
            assert sizes == f"{width}x{height}"


def test_a_watchers_page_stays_where_it_was_after_a_change(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    """A change is swapped into the watcher's page in place (issue 32: no reload of what the
    page loaded), at the same place: reloaded and restored by the browser, it crept down by
    tens of pixels at a change (German names), the round's heading under the top bar after a
    few rounds, nobody having scrolled."""
    game = flows.new_game(page, live_server, NAMES)
    watcher = new_context(viewport={"width": 390, "height": 480}).new_page()
    watcher.goto(f"{live_server}/games/{game}")
    watcher.evaluate("window.stillTheSamePage = true")
    for step, where in enumerate((0, 40)):
        watcher.evaluate(f"window.scrollTo(0, {where})")
        assert watcher.evaluate("window.scrollY") == where
        with watcher.expect_navigation(timeout=WITHIN + 3_000):
            if step == 0:
                flows.enter_trump(page, Trump(Turned.SUIT, Suit.CLUBS))
            else:
                flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
        watcher.wait_for_load_state()
        assert watcher.evaluate("history.scrollRestoration") == "manual"
        assert watcher.evaluate("window.scrollY") == where
    assert watcher.evaluate("window.stillTheSamePage") is True
    assert watcher.evaluate("document.documentElement.dataset.swaps") == "2"
    expect(watcher.locator("table.table-view tbody td:nth-of-type(1)").first).to_have_text("1")


def test_moving_to_another_tab_says_nothing_of_a_lost_connection(
    page: Page, live_server: str
) -> None:
    """Issue 49's walk: "no connection" was written into the status note as the page was left
    for the sheet (its stream dropped by the browser), where a screen reader may read it."""
    flows.new_game(page, live_server, NAMES)
    page.evaluate(
        """() => new MutationObserver(() => {
             const note = document.querySelector('.live-note');
             if (note && !note.hidden) sessionStorage.setItem('said-offline', note.textContent);
           }).observe(document.querySelector('main'), {subtree: true, childList: true,
                                                       attributes: true, characterData: true})"""
    )
    # The observer stays on the first page: its leaving is what is checked.
    nav = page.get_by_role("navigation", name="This game")
    flows.tap(page, nav.get_by_role("link", name="Sheet"))
    assert page.evaluate("sessionStorage.getItem('said-offline')") is None
