"""Tricks tapped but not confirmed yet survive a look at the score sheet."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser import flows

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def test_tapped_tricks_come_back_after_the_sheet_and_are_the_ones_saved(
    page: Page, live_server: str
) -> None:
    flows.new_game(page, live_server, NAMES)
    flows.fast_forward(page, 2)
    # Round 3 (3 cards): the bids add up to the hand, so the counts the steppers start at
    # could be confirmed as they are, and would be wrong.
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 1, 1, 0])
    assert flows.phase(page) == "play"
    page.locator(".tricks-form button[name=step][value='0:-1']").click()
    page.locator(".tricks-form button[name=step][value='3:+1']").click()
    tapped = flows.checked_tricks(page)
    assert tapped == {3: 1, 0: 0, 1: 1, 2: 1}

    flows.tap(
        page, page.get_by_role("navigation", name="This game").get_by_role("link", name="Sheet")
    )
    flows.tap(
        page, page.get_by_role("navigation", name="This game").get_by_role("link", name="Round")
    )
    assert flows.checked_tricks(page) == tapped
    expect(page.locator(".tricks-form .remaining")).to_have_text("All 3 tricks given out")
    expect(page.locator(".tricks-form .stepper[data-seat='0']")).to_have_class("stepper missed")

    flows.confirm_round(page)
    rows = flows.result_rows(page)
    assert [rows[name][1] for name in NAMES] == ["0", "1", "1", "1"]


def test_a_change_on_another_phone_drops_the_tapped_tricks(page: Page, live_server: str) -> None:
    flows.new_game(page, live_server, NAMES)
    flows.fast_forward(page, 2)
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 1, 1, 0])
    page.locator(".tricks-form button[name=step][value='0:-1']").click()
    flows.tap(
        page, page.get_by_role("navigation", name="This game").get_by_role("link", name="Sheet")
    )
    # Meanwhile a bid is taken back and made again elsewhere: the game is not what the taps
    # were made for, so they are dropped and the steppers start at the bids.
    flows.bid_again_elsewhere(page)
    assert flows.checked_tricks(page) == {3: 0, 0: 1, 1: 1, 2: 1}


def test_a_refusal_of_the_tricks_goes_with_the_next_tap_on_a_stepper(
    page: Page, live_server: str
) -> None:
    """Issue 33's second walk: the red "tricks add up to…" stayed on top after the count was
    put right."""
    flows.new_game(page, live_server, NAMES)
    flows.fast_forward(page, 1)
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 0, 0, 0])
    # Round 2 (2 cards): three tricks given out, one too many.
    for _ in range(2):
        page.locator(".tricks-form button[name=step][value='1:+1']").click()
    flows.tap(page, page.locator(".tricks-form button.confirm"))
    expect(page.locator(".flash.error")).to_be_visible()
    page.locator(".tricks-form button[name=step][value='1:-1']").click()
    expect(page.locator(".flash.error")).to_be_hidden()
    flows.confirm_round(page)
    assert not flows.flash_errors(page)


def _sheet_and_back(page: Page) -> None:
    nav = page.get_by_role("navigation", name="This game")
    flows.tap(page, nav.get_by_role("link", name="Sheet"))
    flows.tap(page, nav.get_by_role("link", name="Round"))


def test_the_bomb_and_the_cloud_tapped_come_back_after_the_sheet(
    page: Page, live_server: str
) -> None:
    """Issue 33's third walk: a look at the sheet mid-round lost the Bomb and the Cloud."""
    body = {"players": list(NAMES), "first_dealer": 0, "variants": {"deck": "anniversary_25"}}
    game = flows.kept_game(page, body)
    page.goto(f"/games/{game}")
    flows.fast_forward(page, 2)
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 1, 1, 0])
    flows.tap(page, page.locator(".tricks-form button.bomb"))
    page.select_option(".tricks-form select[name=cloud-seat]", "2")
    page.locator(".tricks-form input[name=cloud-change][value='-1']").check()
    page.locator(".tricks-form button[name=step][value='3:+1']").click()
    tapped = flows.checked_tricks(page)
    _sheet_and_back(page)
    expect(page.locator(".tricks-form button.bomb")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".tricks-form select[name=cloud-seat]")).to_have_value("2")
    expect(page.locator(".tricks-form input[name=cloud-change][value='-1']")).to_be_checked()
    assert flows.checked_tricks(page) == tapped


def test_an_address_with_tricks_of_a_confirmed_round_drops_them(
    page: Page, live_server: str
) -> None:
    """Issue 33's walk: an address kept its ``?tricks=`` after the round was confirmed."""
    flows.new_game(page, live_server, NAMES)
    flows.fast_forward(page, 2)
    game = page.url.split("?")[0]
    page.goto(f"{game}?tricks=2:1.0.1.0")
    assert page.url == game
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [1, 1, 1, 0])
    page.locator(".tricks-form button[name=step][value='0:-1']").click()
    assert page.url.startswith(f"{game}?tricks=3%3A")
    page.reload()
    assert page.url.startswith(f"{game}?tricks=3%3A")
    page.locator(".tricks-form button[name=step][value='3:+1']").click()
    flows.confirm_round(page)
    assert flows.phase(page) == "trump"
    assert page.url == game


def test_a_bonus_tapped_last_comes_back_after_the_sheet_and_two_quick_taps_add_two(
    page: Page,
) -> None:
    """Issue 49's third walk: a Skull King bonus tapped as the last thing before a look at the
    sheet was gone on the way back (the tab kept the draft of the last stepper's tap only); and
    two quick taps on a name ("two 14s") added one."""
    body = {"game": "skull_king", "players": list(NAMES), "first_dealer": 0}
    flows.kept_game(page, {**body, "rounds": [{"bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]}]})
    flows.enter_bids(page, [2, 0, 0, 0])  # round 2: Ana bids and takes both tricks
    flows.tap(page, page.locator("button.extras-open"))
    page.locator("input[name=bonus-kind][value=fourteen]").check()
    ana = page.locator("button[name=bonus-add][value='0']")
    ana.dblclick()
    expect(page.locator("ul.claims li")).to_have_count(2)
    tabs = page.get_by_role("navigation", name="This game")
    flows.tap(page, tabs.get_by_role("link", name="Sheet"))
    flows.tap(page, tabs.get_by_role("link", name="Round"))
    expect(page.locator("ul.claims li")).to_have_count(2)
    assert flows.checked_tricks(page)[0] == 2


def test_a_stepper_the_cloud_moves_is_said(page: Page) -> None:
    """Issue 49's walk: the Cloud's winner with a bid of 0 went to 1 trick with nothing read out."""
    body = {"players": list(NAMES), "first_dealer": 0, "variants": {"deck": "anniversary_25"}}
    page.goto(f"/games/{flows.kept_game(page, body)}")
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [0, 0, 1, 0])
    zero = page.locator(".tricks-form .stepper[data-bid='0']").first
    seat, name = zero.get_attribute("data-seat") or "", zero.locator(".name").inner_text()
    page.select_option(".tricks-form select[name=cloud-seat]", seat)
    page.wait_for_function(
        "(t) => document.getElementById('said').textContent === t",
        arg=f"{name}: bid 1 with the Cloud, tricks set to 1",
    )
    assert zero.locator("input[type=hidden]").input_value() == "1"


def test_a_stepper_with_no_trick_left_to_give_hands_the_focus_to_confirm(page: Page) -> None:
    """Issue 49's walk: the Bomb in a one-card round, a count taken down to 0: both of its
    buttons went out of use and the focus fell to the page."""
    body = {"players": list(NAMES), "first_dealer": 0, "variants": {"deck": "anniversary_25"}}
    page.goto(f"/games/{flows.kept_game(page, body)}")
    flows.enter_trump(page, flows.JESTER)
    flows.enter_bids(page, [0, 0, 1, 0])
    flows.tap(page, page.locator(".tricks-form button.bomb"))
    minus = page.locator(".tricks-form .stepper[data-bid='1'] button.minus")
    minus.focus()
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.matches('button.confirm')")
