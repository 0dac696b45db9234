"""After a sealed bid the browser keeps no trace of which number was tapped.

The in-place update once put the focus on the button with the value just tapped, now on the
next player's pad: a keyboard ring and a screen reader told the next player the bid. Here the
same seat taps different bids in separate games, and everything the browser keeps after the
tap (focus, selection, scroll, history, title, the accessibility tree) must be the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser import flows
from tests.browser.flows import NewContext

NAMES = ("Ana", "Ben", "Cleo", "Dan")
# Round 3 (3 cards): Cleo deals, so Dan bids first and every bid from 0 to 3 is allowed.
BIDS = (0, 2, 3)

_TRACES = """() => {
  const focused = document.activeElement;
  const describe = (element) => element ? [element.tagName, element.id,
    element.getAttribute("name"), element.getAttribute("value"), element.textContent.trim(),
    element.matches(":focus-visible")] : null;
  return {
    focus: describe(focused),
    selection: String(window.getSelection()),
    scroll: [window.scrollX, window.scrollY],
    history: history.length,
    title: document.title,
  };
}"""


def traces_after_bid(page: Page, base: str, visibility: str, bid: int) -> dict[str, Any]:
    """What the browser keeps after the first bidder of a sealed round taps ``bid`` by keyboard."""
    game = flows.new_game(page, base, NAMES, bid_visibility=visibility)
    flows.fast_forward(page, 2)
    flows.enter_trump(page, flows.JESTER)
    assert flows.next_bidder(page) == 3
    button = page.locator(f"form.bid-pad button[name=bid][value='{bid}']")
    # The keyboard, as a player without a touch screen taps: a focus ring would show.
    button.focus()
    before = page.evaluate("document.documentElement.dataset.swaps")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(before) => document.documentElement.dataset.swaps !== before", arg=before
    )
    assert flows.next_bidder(page) == 0
    traces = dict(page.evaluate(_TRACES))
    # Each run is its own game: its address is the one difference allowed.
    traces["tree"] = page.locator("body").aria_snapshot().replace(game, "{game}")
    return traces


@pytest.mark.parametrize("visibility", ["hidden", "delayed"])
def test_a_sealed_bid_leaves_the_same_page_whatever_was_bid(
    new_context: NewContext, live_server: str, visibility: str
) -> None:
    seen = {}
    for bid in BIDS:
        # A fresh phone each time: the same history and memory before the tap.
        page = new_context().new_page()
        seen[bid] = traces_after_bid(page, live_server, visibility, bid)
    first = seen[BIDS[0]]
    for bid in BIDS[1:]:
        for trace, value in first.items():
            assert seen[bid][trace] == value, f"{trace} after a bid of {bid}: {seen[bid][trace]}"
    # The focus is on the handoff heading, not a number of the pad.
    assert first["focus"][1] == "bids-title"
