"""A round with the keyboard only, and what a tap did read out where focus is (issue 49; WCAG
2.1.1 Keyboard, 2.4.7 Focus Visible, 4.1.3 Status Messages).

The trump, every bid, the tricks and Confirm are reached with Tab and pressed with Enter or
Space, each control in view of a ring as it has focus. A Confirm refused (the tricks do not add
up) keeps focus on Confirm while its refusal goes to the page's alert region; a round saved says
"Round 1 saved." in its status region while focus moves to the next round's title, never to a
message.
"""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser import every_page, flows
from tests.browser.flows import NewContext

# Whether the element in focus shows it: the browser's :focus-visible, and a ring of at least
# 2 px (the pad's is 3 px in the accent colour), or a heading the script moved focus to.
_FOCUS = """() => {
  const e = document.activeElement;
  const style = getComputedStyle(e);
  return {html: e.outerHTML.slice(0, 80), visible: e.matches(":focus-visible"),
          ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2};
}"""


def tab_to(page: Page, selector: str, most: int = 120) -> None:
    """Press Tab until the element in focus matches ``selector`` (none if it has focus
    already); it must show its focus."""
    for count in range(most):
        if count:
            page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            focus = page.evaluate(_FOCUS)
            assert focus["visible"] and focus["ring"], focus
            return
    raise AssertionError(f"Tab never reached {selector}")


def press(page: Page, key: str) -> None:
    """Press ``key`` on the control in focus and wait for the round page's answer."""
    before = page.evaluate("document.documentElement.dataset.swaps")
    page.keyboard.press(key)
    page.wait_for_function("(b) => document.documentElement.dataset.swaps !== b", arg=before)


# Ben bids first, at the dealer Ana's left.
NAMES_BIDDING = ("Ben", "Cleo", "Ana")


def test_a_round_with_the_keyboard_only(new_context: NewContext) -> None:
    page = new_context().new_page()
    game, token = every_page.new_game(page.request, "wizard", ["Ana", "Ben", "Cleo"])
    every_page.keep(page, "games", game, token)
    assert flows.in_place(page)

    tab_to(page, "button[name=suit][value=hearts]")
    press(page, "Enter")
    # The trump entered is read out, then whose bid it is (issue 49's fifth walk).
    page.wait_for_function(
        "() => document.getElementById('said').textContent === 'Trump: ♥ Hearts. Ben bids'"
    )
    for turn in range(3):  # each bid of 0; after a bid the next player's pad has focus again
        tab_to(page, "form.bid-pad button[name=bid][value='0']")
        press(page, "Space")
        if turn < 2:
            # Whose pad it is now is read out: the focus stays on a "0" that is the next
            # player's, and a bid of 0 leaves the sum as it was (issue 49's walk).
            heading = page.locator("#bids-title").inner_text()
            page.wait_for_function(
                "(t) => document.getElementById('said').textContent === t",
                arg=f"{NAMES_BIDDING[turn]} bid 0. {heading}",
            )
    assert flows.phase(page) == "play"
    # The last bid moves the round on: said, not only its new heading taking focus.
    page.wait_for_function(
        "() => document.getElementById('said').textContent"
        " === 'Ana bid 0. All bids are in. Now the tricks taken.'"
    )

    # A stepper's button going out of use hands the focus to the other one, not to the page
    # (issue 49's walk): Ana's plus to 1, then her minus back to 0, where it is disabled.
    tab_to(page, ".tricks-form button[name=step][value='0:+1']")
    page.keyboard.press("Space")
    tab_to(page, ".tricks-form button[name=step][value='0:-1']")
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.matches(\"button[value='0:+1']\")")

    # Every bid 0 of one trick: Confirm as it stands is refused, and said so where focus is.
    tab_to(page, "button.confirm")
    press(page, "Enter")
    refusal = page.locator(".flash.error").inner_text()
    assert refusal
    page.wait_for_function(
        "(t) => document.getElementById('said-alert').textContent === t", arg=refusal
    )
    assert page.evaluate("document.activeElement.matches('button.confirm')")
    assert page.locator("#said-alert[role=alert]").count() == 1
    assert page.locator("main [role=alert]").count() == 0  # said once, not twice

    # Ben took the trick: his + with Space, then Confirm.
    tab_to(page, ".tricks-form button[name=step][value='1:+1']")
    page.keyboard.press("Space")
    assert flows.checked_tricks(page)[1] == 1
    tab_to(page, "button.confirm")
    press(page, "Enter")
    page.wait_for_function("() => document.getElementById('said').textContent === 'Round 1 saved.'")
    assert page.locator("#said[role=status]").count() == 1
    # Focus goes to the next round's title ("Round 2 of 20"), never to a message.
    focused = page.evaluate("document.activeElement.id")
    assert focused == "round-title", focused
    state = page.request.get(f"/api/games/{game}").json()
    assert [row["tricks"] for row in state["rounds"]] == [[0, 1, 0]]
