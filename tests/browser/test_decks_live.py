"""The table display and a watcher's phone follow an anniversary game with a Bomb, a Cloud and an
adjustment: the totals they show are the ones counted by hand, and no page throws an error."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext, tap
from tests.browser.test_decks import bomb, cloud, confirm, start
from tests.browser.test_decks_group import adjust

NAMES = ("Ana", "Ben", "Cleo")
WITHIN = 2_000  # ms: every open page follows the game within 2 s (test_live.py)
TABLE = {"width": 1280, "height": 800}


def watch(page: Page, address: str, errors: list[str]) -> Page:
    page.on("pageerror", lambda error: errors.append(f"{address}: {error}"))
    page.goto(address)
    return page


def test_the_display_and_a_watcher_show_bomb_cloud_and_adjustment_totals(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    game = start(page, live_server, NAMES, deck="anniversary_30")
    base = f"{live_server}/games/{game}"
    errors: list[str] = []
    watcher = watch(new_context().new_page(), base, errors)
    table = watch(new_context(viewport=TABLE).new_page(), f"{base}/display", errors)
    standings = table.locator(".standings li")

    # Round 1, 1 card: the Bomb takes the only trick. Ana 0/0: 20; Ben 1/0: -10; Cleo 0/0: 20.
    flows.enter_trump(page, Trump(Turned.SUIT, Suit.HEARTS))
    flows.enter_bids(page, [0, 1, 0])
    bomb(page)
    flows.enter_tricks(page, [0, 0, 0])
    confirm(page)
    expect(standings).to_have_text(["1. Ana 20", "1. Cleo 20", "3. Ben \u221210"], timeout=WITHIN)

    # Round 2, 2 cards: Ben bid 0, wins the Cloud's trick, goes up to 1 and takes 1: 30.
    # Ana 1/1: 30 (50); Ben 30 (20); Cleo 0/0: 20 (40).
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 0, 0])
    flows.enter_tricks(page, [1, 1, 0])
    cloud(page, 1, "+1")
    confirm(page)
    expect(standings).to_have_text(["1. Ana 50", "2. Cleo 40", "3. Ben 20"], timeout=WITHIN)

    # Ana revoked in round 2: -20, so 30.
    tap(page, page.locator(".result .adjust-link a"))
    adjust(page, "Ana", "-", "20", "revoke")
    # Ana's total carries the result's ± mark, as her round score does.
    expect(standings).to_have_text(["1. Cleo 40", "2. Ana 30±", "3. Ben 20"], timeout=WITHIN)
    assert table.locator(".standings .adj-mark").count() == 1
    expect(table.locator("#display-round")).to_contain_text("Round 3 of 20")
    totals = watcher.locator(".result td.total")
    expect(totals).to_have_text(["30", "20", "40"], timeout=WITHIN)
    expect(watcher.locator("#result-title")).to_have_text("Round 2 result")
    assert watcher.locator("form.bid-pad, form.tricks-form, .adjust-link").count() == 0

    # The watcher's sheet marks the Bomb, the Cloud and the adjustment as the keeper's does.
    watcher.goto(f"{base}/sheet")
    assert flows.sheet_totals(watcher) == [30, 20, 40]
    assert watcher.locator("table.pad .bomb-mark").count() == 1
    assert watcher.locator("table.pad .cloud-mark [aria-hidden=true]").all_inner_texts() == ["→1"]
    assert watcher.locator(".adjustment-notes li").all_inner_texts() == [
        "1 Round 2: Ana \u221220 · revoke"
    ]
    assert not errors, errors
