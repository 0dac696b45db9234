"""A second scorekeeper's phone and a watcher's phone on the same game."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser import flows
from tests.browser.flows import NewContext

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def edit_link(page: Page, base: str, game: str) -> str:
    """The edit link the Share page offers (the one that joins, not the one that watches)."""
    page.goto(f"{base}/games/{game}/share")
    link = page.locator("a.link[href*='/join/']")
    expect(link).to_have_count(1)
    return str(link.get_attribute("href"))


def test_a_stale_page_on_the_second_phone_changes_nothing(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    game = flows.new_game(page, live_server, NAMES)
    second = new_context().new_page()
    second.goto(edit_link(page, live_server, game))
    expect(second.locator("h1")).to_have_text("Keep score for this game?")
    flows.tap(second, second.get_by_role("button", name="Keep score on this phone"))
    expect(second.locator(".flash.info")).to_have_text(
        "This phone can now keep score for this game."
    )
    # Both pages are held as they are, so that one can be stale (else each follows the other).
    flows.hold_live(page)
    flows.hold_live(second)
    page.goto(f"{live_server}/games/{game}")
    flows.enter_trump(page, flows.JESTER)
    second.reload()
    assert flows.phase(page) == flows.phase(second) == "bids"

    # Both phones show Ben to bid. The first enters 1; the second, not reloaded, enters 0.
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    flows.tap(second, second.locator("form.bid-pad button[name=bid][value='0']"))
    errors = flows.flash_errors(second)
    assert len(errors) == 1 and flows.STALE in errors[0]
    # The second phone now shows the game as it is: Ben's 1 stands, Cleo is next.
    values = [v.strip() for v in second.locator(".order li .value").all_inner_texts()]
    assert values == ["1", "…", "…", "…"]
    assert flows.next_bidder(second) == flows.next_bidder(page) == 2
    page.reload()
    assert [v.strip() for v in page.locator(".order li .value").all_inner_texts()] == values

    # Once up to date the second phone can enter, and the first phone's stale tap is refused.
    flows.tap(second, second.locator("form.bid-pad button[name=bid][value='0']"))
    assert flows.flash_errors(second) == []
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    assert flows.STALE in " ".join(flows.flash_errors(page))
    assert [v.strip() for v in page.locator(".order li .value").all_inner_texts()] == [
        "1",
        "0",
        "…",
        "…",
    ]


def test_a_watcher_sees_the_game_but_cannot_enter_anything(
    page: Page, new_context: NewContext, live_server: str
) -> None:
    game = flows.new_game(page, live_server, NAMES)
    flows.play_round(page, [0, 1, 0, 0], [0, 1, 0, 0])
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 0, 0, 1])

    watcher = new_context().new_page()
    watcher.goto(f"{live_server}/games/{game}")
    expect(watcher.locator("#round-title")).to_contain_text("Round 2 of 15")
    expect(watcher.locator(".flash.info")).to_contain_text("You are watching this game")
    assert flows.phase(watcher) == "watch"
    rows = watcher.locator("table.table-view tbody tr")
    expect(rows).to_have_count(4)
    # Ben deals round 2: Cleo, Dan, Ana, Ben bid 0, 1, 1, 0.
    bids = watcher.locator("table.table-view tbody td:nth-of-type(1)").all_inner_texts()
    assert bids == ["0", "1", "1", "0"]
    # No entry of any kind: no form posts, no buttons; just the links to look around.
    assert watcher.locator("form[method=post], button, .tricks-form, .plus").count() == 0

    watcher.goto(f"{live_server}/games/{game}/sheet")
    assert flows.sheet_totals(watcher) == [20, 30, 20, 20]
    assert watcher.locator("a.edit, form[method=post]").count() == 0
    watcher.goto(f"{live_server}/games/{game}/share")
    assert watcher.locator("a.link[href*='/join/']").count() == 0
    assert watcher.locator("a.link").count() == 2  # watch and the table display

    # A post sent anyway (with a valid form token from this phone's own session) is refused.
    watcher.goto(live_server)
    token = watcher.locator("input[name=csrf_token]").first.get_attribute("value") or ""
    version = page.locator("input[name=version]").first.get_attribute("value") or ""
    response = watcher.request.post(
        f"{live_server}/games/{game}/bid",
        form={"csrf_token": token, "version": version, "seat": "0", "bid": "0"},
        max_redirects=0,
    )
    assert response.status == 403
    watcher.goto(f"{live_server}/games/{game}")
    assert watcher.locator("table.table-view td.bid").all_inner_texts() == ["0", "1", "1", "0"]
