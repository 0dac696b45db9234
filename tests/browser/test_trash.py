"""Issue 47: a game deleted on the phone waits in the trash, and the home page brings it back."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser import flows
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS


def test_a_deleted_game_comes_back_from_the_trash(page: Page) -> None:
    game_id = flows.kept_game(page, {**EXAMPLE_GAME, "rounds": list(EXAMPLE_ROUNDS)})
    page.goto(f"/games/{game_id}/sheet")
    sheet = page.locator("main").inner_text()
    page.goto(f"/games/{game_id}/delete")
    flows.tap(page, page.get_by_role("button", name="Yes, delete it"))
    trash = page.locator("ul.trash")
    expect(trash).to_contain_text("Tom, Dick, Mary")
    expect(page.locator("ul.games:not(.trash)")).to_have_count(0)

    flows.tap(page, trash.get_by_role("button", name="Restore"))
    assert flows.game_id(page) == game_id
    expect(page.locator(".flash")).to_contain_text("back from the trash")
    page.goto(f"/games/{game_id}/sheet")
    assert page.locator("main").inner_text() == sheet
    page.goto("/")
    expect(page.locator("ul.trash")).to_have_count(0)
