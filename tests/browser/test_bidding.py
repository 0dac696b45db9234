"""Bidding on the phone: the plus/minus-one refusal, and a reload in the middle of bidding."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import flows

NAMES = ("Ana", "Ben", "Cleo", "Dan")


def test_plus_minus_one_disables_the_dealers_bid_and_says_why(page: Page, live_server: str) -> None:
    flows.new_game(page, live_server, NAMES, bid_restriction="plus_minus_one")
    flows.fast_forward(page, 2)
    # Round 3 (3 cards), Cleo deals: Dan, Ana and Ben bid 1, 0, 1 (RULES.md).
    flows.enter_trump(page, flows.JESTER)
    for bid in (1, 0, 1):
        flows.tap(page, page.locator(f"form.bid-pad button[name=bid][value='{bid}']"))
    expect(page.locator("#bids-title")).to_have_text("Cleo bids")
    expect(page.locator(".sum")).to_have_text("Bids so far: 2 for 3 tricks")

    forbidden = page.locator("form.bid-pad button[name=bid][value='1']")
    expect(forbidden).to_be_disabled()
    expect(forbidden).to_have_attribute("aria-describedby", "refusal-1")
    reason = page.locator("p.refusal#refusal-1")
    expect(reason).to_be_visible()
    expect(reason).to_contain_text("1 is not allowed")
    expect(reason).to_contain_text("plus/minus-one rule forbids")
    for bid in (0, 2, 3):
        expect(page.locator(f"form.bid-pad button[name=bid][value='{bid}']")).to_be_enabled()
    assert page.locator("p.refusal").count() == 1

    # The server refuses it too, should a stale or tampered page send it anyway.
    forbidden.evaluate("button => button.removeAttribute('disabled')")
    flows.tap(page, forbidden)
    assert any("plus/minus-one" in error for error in flows.flash_errors(page))
    assert flows.next_bidder(page) == 2

    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='2']"))
    assert flows.phase(page) == "play"
    bids = page.locator(".tricks-form .stepper .bid").all_inner_texts()
    assert bids == [
        "bid 1",
        "bid 0",
        "bid 1",
        "bid 2",
    ]  # Dan, Ana, Ben, Cleo: left of the dealer first


@pytest.mark.parametrize("visibility", ["open", "hidden"])
def test_reload_in_the_middle_of_bidding_keeps_the_bids(
    page: Page, live_server: str, visibility: str
) -> None:
    flows.new_game(page, live_server, NAMES, first_dealer=3, bid_visibility=visibility)
    flows.fast_forward(page, 2)
    # Round 3: Ben deals, Cleo bids first, then Dan, then Ana.
    flows.enter_trump(page, flows.JESTER)
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='2']"))
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='1']"))
    before = page.content()

    page.reload()
    assert flows.flash_errors(page) == []
    assert flows.next_bidder(page) == 0
    current = page.locator(".order li.current")
    expect(current).to_have_count(1)
    expect(current.locator(".name")).to_have_text("Ana")
    names = page.locator(".order li .name").all_inner_texts()
    values = [text.strip() for text in page.locator(".order li .value").all_inner_texts()]
    assert names == ["Cleo", "Dan", "Ana", "Ben (dealer)"]
    if visibility == "open":
        expect(page.locator("#bids-title")).to_have_text("Ana bids")
        expect(page.locator(".sum")).to_have_text("Bids so far: 3 for 3 tricks")
        assert values == ["2", "1", "…", "…"]
    else:
        expect(page.locator("#bids-title")).to_have_text("Hand the phone to Ana")
        assert values == ["sealed", "sealed", "…", "…"]  # the one bid cell (page_parts.bid_cell)
    # Same page, but for the CSRF tokens, which carry the time they were made.
    assert _without_tokens(page.content()) == _without_tokens(before)

    # Bidding goes on where it stopped.
    flows.enter_bids(page, [0, 1, 2, 1])
    assert flows.phase(page) == "play"
    bids = page.locator(".tricks-form .stepper .bid").all_inner_texts()
    assert bids == ["bid 2", "bid 1", "bid 0", "bid 1"]


def _without_tokens(html: str) -> str:
    # The script counts the pages it swapped in; a reload starts again at 0. What the live
    # regions read out after a tap (whose bid it is) is no part of the page a reload shows.
    html = re.sub(r' data-swaps="\d+"', "", html)
    html = re.sub(r'(id="said(?:-alert)?" class="vh" role="\w+">)[^<]*<', r"\1<", html)
    # The bid just made, read out only (issue 49's walk), is a tap's answer's, not the page's.
    html = re.sub(r'<p class="said vh"[^>]*>[^<]*</p>', "", html)
    return re.sub(r'name="csrf_token" value="[^"]*"', 'name="csrf_token"', html)
