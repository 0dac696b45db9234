"""Issue 47: a game deleted on the phone waits in the trash, and the home page brings it back;
the trash's pages pass axe-core as every screen does (tests/browser/test_phone_screens.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import flows
from tests.browser.flows import NewContext
from tests.browser.test_phone_screens import AXE, axe
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS


@pytest.fixture
def phone(new_context: NewContext) -> Page:
    if not AXE.exists():
        pytest.skip("axe-core is fetched by `make test` (tests/.axe/axe.min.js)")
    # axe-core goes in as a script of the test's own: the app's policy allows none inline.
    return new_context(bypass_csp=True).new_page()


def test_a_deleted_game_comes_back_from_the_trash(phone: Page) -> None:
    page = phone
    game_id = flows.kept_game(page, {**EXAMPLE_GAME, "rounds": list(EXAMPLE_ROUNDS)})
    page.goto(f"/games/{game_id}/sheet")
    sheet = page.locator("main").inner_text()
    page.goto(f"/games/{game_id}/delete")
    flows.tap(page, page.get_by_role("button", name="Yes, delete it"))
    trash = page.locator("ul.trash")
    expect(trash).to_contain_text("Tom, Dick, Mary")
    expect(page.locator("ul.games:not(.trash)")).to_have_count(0)
    assert axe(page) == []
    page.goto(f"/games/{game_id}")
    expect(page.locator("h1")).to_have_text("This game is in the trash")
    assert axe(page) == []

    page.goto("/")
    flows.tap(page, trash.get_by_role("button", name="Restore"))
    assert flows.game_id(page) == game_id
    expect(page.locator(".flash")).to_contain_text("back from the trash")
    page.goto(f"/games/{game_id}/sheet")
    assert page.locator("main").inner_text() == sheet
    page.goto("/")
    expect(page.locator("ul.trash")).to_have_count(0)
