"""Issue 47: a game, and a group with its club night, deleted on the phone wait in the trash, and
the home page brings them back; the trash's pages pass axe-core as every screen does
(tests/support/axe.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser import flows
from tests.browser.flows import NewContext
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS
from tests.support.axe import AXE, axe
from tests.test_evenings_api import CLUB, FIVE


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


def test_a_deleted_group_comes_back_from_the_trash_with_its_club_night(phone: Page) -> None:
    page = phone
    made = page.request.post("/api/groups", data={"name": "Friday club"}).json()
    group, keeper = made["id"], {"Authorization": f"Bearer {made['edit_token']}"}
    plan = {"players": list(CLUB[:8]), "variants": FIVE, "sittings": 2, "table_sizes": [4]}
    night = page.request.post(f"/api/groups/{group}/evenings", data=plan, headers=keeper)
    assert night.status == 201, night.text()
    page.goto(f"/groups/{group}/join/{made['edit_token']}")
    flows.tap(page, page.locator("main form button.primary"))
    page.goto(f"/groups/{group}/delete")
    flows.tap(page, page.get_by_role("button", name="Yes, delete the group"))
    trash = page.locator("ul.trash")
    expect(trash).to_contain_text("Friday club")
    assert axe(page) == []
    page.goto(f"/evenings/{night.json()['id']}")
    expect(page.locator("h1")).to_have_text("This club night is in the trash")
    assert axe(page) == []

    page.goto("/")
    flows.tap(page, trash.get_by_role("button", name="Restore"))
    expect(page.locator(".flash")).to_contain_text("back from the trash")
    assert page.url.endswith(f"/groups/{group}")
    page.goto(f"/evenings/{night.json()['id']}")
    expect(page.locator("h1")).to_contain_text("Friday club")
    page.goto("/")
    expect(page.locator("ul.trash")).to_have_count(0)
