"""A long name typed on the phone is never cut: it fits, or it is refused naming its seat."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scorekeeper.core import rules
from tests.browser import flows

GREEK = "Παναγιώτης Αλεξανδρόπουλος"


def test_a_name_typed_past_the_limit_is_refused_not_cut(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/games/new")
    too_long = GREEK + " Παπαδόπουλος"
    assert len(too_long) > rules.MAX_NAME_LENGTH
    for seat, name in enumerate(("Ana", GREEK, too_long)):
        page.locator(f"#players-{seat}").press_sequentially(name)
    expect(page.locator("#players-2")).to_have_value(too_long)
    flows.tap(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#error-players")).to_contain_text(
        "Player 3's name is longer than 32 characters"
    )
    expect(page.locator("#players-1")).to_have_value(GREEK)
    expect(page.locator("#players-2")).to_have_value(too_long)

    page.locator("#players-2").fill("Cleo")
    flows.tap(page, page.get_by_role("button", name="Start the game"))
    assert flows.game_id(page)
    expect(page.locator(".tricks-form, form.bid-pad, #trump-title").first).to_be_visible()
    assert GREEK in page.content()
