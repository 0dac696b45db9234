"""Adjustments at phone size: one from the result screen right after Confirm, one from the
correction page of an earlier round; the totals and the sheet's marks are checked against
numbers worked out by hand. The form and the marks are shot in light and dark when
``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots

NAMES = ("Ada", "Bruno", "Chiara")
HEARTS = Trump(Turned.SUIT, Suit.HEARTS)


def _adjust(page: Page, name: str, sign: str, points: str, reason: str) -> None:
    page.select_option("#seat", label=name)
    page.check(f"input[name=sign][value='{sign}']")
    page.fill("#points", points)
    page.fill("#reason", reason)
    flows.tap(page, page.get_by_role("button", name="Add the adjustment"))


def test_two_adjustments_count_in_the_totals_and_are_marked(page: Page, live_server: str) -> None:
    flows.new_game(page, live_server, NAMES)
    # Round 1 (1 card, Ada deals): bids 0, 1, 0; Bruno takes it. Scores 20, 30, 20.
    flows.play_round(page, [0, 1, 0], [0, 1, 0], trump=HEARTS)
    # Round 2 (2 cards, Bruno deals): bids 1, 0, 1; Ada and Chiara take one each: 30, 20, 30.
    flows.play_round(page, [1, 0, 1], [1, 0, 1], trump=flows.JESTER)
    assert flows.result_title(page) == "Round 2 result"

    # From the result screen: Bruno revoked, -20 in round 2.
    flows.tap(page, page.locator(".result .adjust-link a"))
    expect(page.locator("h1")).to_have_text("Adjust round 2")
    page.get_by_role("button", name="misdeal").click()
    assert page.input_value("#reason") == "misdeal"
    _adjust(page, "Bruno", "-", "20", "revoke")
    expect(page.locator(".flash.info")).to_contain_text("Bruno")
    assert flows.phase(page) == "trump"
    # Totals: Ada 20 + 30 = 50, Bruno 30 + 20 - 20 = 30, Chiara 20 + 30 = 50.
    totals = page.locator(".result td.total").all_inner_texts()
    assert [flows.whole(text) for text in totals] == [50, 30, 50]

    # From the correction page of round 1: Chiara +10 by a house rule.
    flows.tap(page, page.locator("nav.tabs").get_by_role("link", name="Sheet"))
    flows.tap(page, page.locator("table.pad tbody tr").nth(0).get_by_role("link", name="Correct"))
    flows.tap(page, page.locator(".adjust-link a"))
    expect(page.locator("h1")).to_have_text("Adjust round 1")
    _adjust(page, "Chiara", "+", "10", "house rule")
    expect(page.locator("h1")).to_have_text("Correct round 1")
    flows.tap(page, page.get_by_role("link", name="Cancel"))

    # Ada 50, Bruno 30, Chiara 20 + 10 + 30 = 60.
    assert flows.sheet_totals(page) == [50, 30, 60]
    rows = flows.sheet_rows(page)
    # Round 1: Chiara's score 30 (20 + 10) with mark 1; round 2: Bruno's 0 (20 - 20), mark 2.
    assert rows[0][3].startswith("0/0 ✓+30") and rows[0][3].endswith(" 30")
    assert rows[1][2].startswith("0/0 ✓0") and rows[1][2].endswith(" 30")
    cells = page.locator("table.pad tbody tr")
    assert cells.nth(0).locator(".adj-mark").all_inner_texts() == ["1"]
    assert cells.nth(0).locator("td").nth(2).locator(".adj-mark").count() == 1
    assert cells.nth(1).locator(".adj-mark").all_inner_texts() == ["2"]
    assert cells.nth(1).locator("td").nth(1).locator(".adj-mark").count() == 1
    notes = page.locator(".adjustment-notes li").all_inner_texts()
    assert notes == ["1 Round 1: Chiara +10 · house rule", "2 Round 2: Bruno \u221220 · revoke"]


def _shoot(page: Page, name: str) -> None:
    """The page in light and in dark, whole."""
    page.emulate_media(color_scheme="light")
    shots.take(page, f"adjustments/{name}-light.png")
    page.emulate_media(color_scheme="dark")
    shots.take(page, f"adjustments/{name}-dark.png")


@pytest.mark.parametrize(("players", "language"), [(3, "en"), (6, "de")])
def test_screens_of_the_form_and_the_marks(
    new_context: NewContext, live_server: str, players: int, language: str
) -> None:
    context = new_context(locale=language, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    names = ("Ana", "Benedikt", "Cleo", "Dan", "Eva", "Friedrich")[:players]
    page.goto(f"{live_server}/games/new")
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}", name)
    with page.expect_navigation():
        page.locator("form button[type=submit]").last.click()
    base = f"{live_server}/games/{flows.game_id(page)}"
    flows.fast_forward(page, 3)
    page.goto(f"{base}/rounds/3/adjust")
    _shoot(page, f"adjust-form-{players}-{language}")
    page.select_option("#seat", index=1)
    page.fill("#points", "20")
    page.locator(".reason-picks button").first.click()
    with page.expect_navigation():
        page.locator("form.adjust button[type=submit]").click()
    page.goto(f"{base}/rounds/1/adjust")
    page.select_option("#seat", index=players - 1)
    page.check("input[name=sign][value='+']")
    page.fill("#points", "10")
    page.fill("#reason", "house rule")
    with page.expect_navigation():
        page.locator("form.adjust button[type=submit]").click()
    page.goto(f"{base}")
    _shoot(page, f"adjust-result-{players}-{language}")
    page.goto(f"{base}/sheet")
    _shoot(page, f"adjust-sheet-{players}-{language}")
    assert page.locator(".adjustment-notes li").count() == 2
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
