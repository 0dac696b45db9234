"""The new-game form says what cannot be played before it is sent, and where after.

With JavaScript a choice the rules refuse with the others chosen is greyed out with the reason
beside it (from ``variants.REFUSED``); without, a refused form comes back focused on the field,
scrolled to it, with the reason under its title.
"""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.flows import NewContext, choose, fill_names, unfold

EIGHT = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hal")


def fill(page: Page, base: str, names: tuple[str, ...]) -> None:
    page.goto(f"{base}/games/new")
    fill_names(page, names)


def reason(page: Page, selector: str) -> str:
    """The reason shown beside an option, empty when it is not refused."""
    why = page.locator(f"label.option:has({selector}) .why")
    return why.inner_text() if why.is_visible() else ""


def test_refused_choices_are_greyed_out_with_the_reason(page: Page, live_server: str) -> None:
    fill(page, live_server, EIGHT[:4])
    amigo = "input[name=length][value=amigo]"
    unfold(page, amigo)
    assert page.locator(amigo).is_enabled() and reason(page, amigo) == ""
    for seat in (4, 5, 6):  # a seventh player: Amigo has no schedule for 7
        page.fill(f"#players-{seat}", EIGHT[seat])
    assert page.locator(amigo).is_disabled()
    assert "no schedule for 7 or 8 players" in reason(page, amigo)

    choose(page, "input[name=bid_restriction][value=canadian]")
    unfold(page, "#saboteur")
    for hidden in ("input[name=bid_visibility][value=hidden]", "#saboteur"):
        assert page.locator(hidden).is_disabled(), hidden
        assert reason(page, hidden), hidden
    # Both sealed ways of bidding are refused for one reason: it is said once, not twice.
    visibility = page.locator("fieldset[data-setting=bid_visibility]")
    assert visibility.locator("input:disabled").count() == 2
    assert visibility.locator(".why:visible").count() == 1
    choose(page, "input[name=bid_restriction][value=none]")
    assert page.locator("#saboteur").is_enabled() and reason(page, "#saboteur") == ""


def test_a_combination_already_chosen_is_said_under_its_setting(
    page: Page, live_server: str
) -> None:
    fill(page, live_server, EIGHT[:4])
    choose(page, "input[name=length][value=amigo]")
    note = page.locator("fieldset[data-setting=length] > .why-now")
    assert note.count() == 0  # made only when there is something to say
    for seat in (4, 5, 6):  # a seventh name once Amigo is chosen
        page.fill(f"#players-{seat}", EIGHT[seat])
    assert note.is_visible() and "no schedule for 7 or 8 players" in note.inner_text()
    first_option = "fieldset[data-setting=length] > .why-now + label.option"
    assert page.locator(first_option).count() == 1  # above the options
    page.fill("#players-6", "")
    assert note.is_hidden()


def test_a_refused_form_without_javascript_is_shown_at_the_field(
    new_context: NewContext, live_server: str
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    fill(page, live_server, EIGHT)
    choose(page, "input[name=length][value=amigo]")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").click()
    focused = page.evaluate("[document.activeElement.name, document.activeElement.value]")
    assert focused == ["length", "amigo"]
    error = page.locator("#error-length")
    assert "no schedule for 7 or 8 players" in error.inner_text()
    box = error.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
    assert page.evaluate("window.scrollY") > 0  # scrolled down to it, not left at the top
