"""The new-game page's first screen on a phone (issue 21): for four players the names, the first
dealer and Start are on it without scrolling; every option is folded behind a heading that says
what it is set to; the first-dealer list offers the players typed, by name, as they are typed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from scorekeeper.core import variants
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots
from tests.support.browser import PHONE

FOUR = ("Ana", "Ben", "Cleo", "Dan")

# What the page says in each language tried: the draw, Start, and each fold's heading with the
# standard game of four chosen (the length with its rounds; the special rules name none).
WORDS = {
    "en": {
        "draw": "Draw at random",
        "start": "Start the game",
        "folds": {
            "length": "Standard · 15 rounds",
            "bids": "Open",
            "special": "none chosen",
            "reminder": "none chosen",
            "deck": "Suit names: Classic · Classic deck",
        },
    },
    "es": {
        "draw": "Sortear",
        "start": "Empezar la partida",
        "folds": {
            "length": "Estándar · 15 rondas",
            "bids": "Abiertas",
            "special": "sin elegir",
            "reminder": "sin elegir",
            "deck": "Nombres de los palos: Clásica · Baraja clásica",
        },
    },
}


def on_first_screen(page: Page, selector: str) -> bool:
    """Whether the element is wholly inside the phone's screen as the page stands."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] and box["x"] >= 0


def dealer_list(page: Page) -> list[str]:
    return page.locator("#first_dealer option").all_inner_texts()


def fold_choices(page: Page) -> dict[str, str]:
    """Each fold's heading: its section (the section of its first variant) and the choice it
    says."""
    headings = page.eval_on_selector_all(
        "details.fold",
        """(folds) => folds.map((fold) => [fold.querySelector('[data-setting]').dataset.setting,
            fold.querySelector('.fold-choice').textContent.trim()])""",
    )
    return {variants.BY_KEY[key].section.value: said for key, said in headings}


@pytest.mark.parametrize("code", list(WORDS))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_four_players_start_from_the_first_screen(
    new_context: NewContext, code: str, scheme: str
) -> None:
    words = WORDS[code]
    page = new_context(color_scheme=scheme).new_page()
    page.goto(f"/language/{code}?next=/games/new")
    assert page.locator("html").get_attribute("lang") == code
    assert dealer_list(page) == [words["draw"]]
    for seat, name in enumerate(FOUR):
        page.fill(f"#players-{seat}", name)
    shots.take(page, f"new-game/new-game-first-screen-{code}-{scheme}.png", full_page=False)

    assert page.evaluate("window.scrollY") == 0
    start = f"form.new-game button.primary:text-is('{words['start']}')"
    for selector in [*(f"#players-{seat}" for seat in range(4)), "#first_dealer", start]:
        assert on_first_screen(page, selector), selector
    # The options are folded, each heading saying what is chosen; one link to the rules.
    assert page.eval_on_selector_all("details.fold", "(all) => all.every((d) => !d.open)")
    assert fold_choices(page) == words["folds"]
    assert page.locator("form.new-game a[href*='/rules']").count() == 1
    # The dealer list holds the four players by name, and Start makes a game of them.
    assert dealer_list(page) == [words["draw"], *FOUR]
    page.select_option("#first_dealer", label="Cleo")
    flows.tap(page, page.locator(start))
    assert flows.game_id(page)
    assert "Cleo" in page.locator(".facts").inner_text()  # the dealer of round 1


def test_the_dealer_list_follows_the_names_typed(page: Page) -> None:
    page.goto("/games/new")
    flows.fill_names(page, FOUR)
    page.select_option("#first_dealer", label="Cleo")
    page.fill("#players-4", "Eva")  # a fifth seat appears once the fourth has a name
    assert dealer_list(page) == ["Draw at random", *FOUR, "Eva"]
    page.fill("#players-2", "Clea")
    assert dealer_list(page) == ["Draw at random", "Ana", "Ben", "Clea", "Dan", "Eva"]
    assert page.locator("#first_dealer").input_value() == "2"  # still her seat
    # A seat left empty is not offered; the player chosen comes back with the name.
    page.fill("#players-2", "")
    assert dealer_list(page) == ["Draw at random", "Ana", "Ben", "Dan", "Eva"]
    assert page.locator("#first_dealer").input_value() == "random"
    page.fill("#players-2", "Cleo")
    assert page.locator("#first_dealer").input_value() == "2"
    assert page.locator("#players-5").is_visible() and not page.locator("#players-6").is_visible()


def test_a_fold_says_the_choice_made_inside_it(page: Page) -> None:
    page.goto("/games/new")
    flows.fill_names(page, FOUR)
    flows.choose(page, "input[name=length][value=quick]")
    flows.choose(page, "input[name=bid_restriction][value=canadian]")
    flows.choose(page, "#foresight")
    flows.choose(page, "#pull_one")
    choices = fold_choices(page)
    assert choices["length"] == "Quick play · 8 rounds"
    assert choices["bids"] == "Canadian rule · Open"
    assert choices["reminder"] == "Foresight · Pull one"
    assert choices["special"] == "none chosen"
    page.fill("#players-4", "Eva")  # five players: 2, 4, … 12 cards
    assert fold_choices(page)["length"] == "Quick play · 6 rounds"
    page.fill("#players-4", "")
    # The server writes the same heading when it shows the form again (a seat moved).
    flows.tap(page, page.locator("button[name=move][value='1:up']"))
    assert fold_choices(page) == choices
    assert page.locator("#players-0").input_value() == "Ben"


def test_a_combination_made_unplayable_by_a_name_unfolds_to_say_why(page: Page) -> None:
    """Amigo chosen, then a seventh name: the folded length says why the game cannot start."""
    page.goto("/games/new")
    flows.choose(page, "input[name=length][value=amigo]")
    page.locator("details.fold:has([data-setting=length]) > summary").click()  # folded again
    flows.fill_names(page, ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"))
    assert page.locator("details.fold:has([data-setting=length])").evaluate("(d) => d.open")
    assert "no schedule for 7 or 8 players" in page.locator("#why-length").inner_text()


def test_without_javascript_more_seats_and_options_are_a_tap_away(
    new_context: NewContext,
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/games/new")
    assert not page.locator("#players-4").is_visible()
    flows.fill_names(page, (*FOUR, "Eva"))  # taps "More players" for the fifth
    assert page.locator("#players-7").is_visible()
    for selector in [*(f"#players-{seat}" for seat in range(4)), "#first_dealer"]:
        assert on_first_screen(page, selector), selector
    # Before any name reaches the server, every seat is offered by its number; an empty one is
    # refused with the reason, and the list then offers the names.
    assert dealer_list(page) == ["Draw at random", *(f"Seat {n}" for n in range(1, 9))]
    page.select_option("#first_dealer", label="Seat 7")
    flows.tap(page, page.get_by_role("button", name="Start the game"))
    assert "The first dealer must be one of the players." in page.locator("main").inner_text()
    assert dealer_list(page) == ["Draw at random", *FOUR, "Eva", "Seat 7"]
    page.select_option("#first_dealer", label="Eva")
    flows.tap(page, page.get_by_role("button", name="Start the game"))
    assert "Eva" in page.locator(".facts").inner_text()


@pytest.mark.parametrize("code", ["de", "el", "hr"])
def test_every_seat_label_stands_on_one_line(new_context: NewContext, code: str) -> None:
    """ "Sitzplatz 1" took two lines beside its name field; a seat's label is one line."""
    page = new_context().new_page()
    page.goto(f"/games/new?lang={code}")
    heights = page.evaluate(
        """() => [...document.querySelectorAll('.seat label')].slice(0, 4).map((label) => {
          const line = parseFloat(getComputedStyle(label).lineHeight) || 20;
          return label.getBoundingClientRect().height / line;
        })"""
    )
    assert len(heights) == 4 and max(heights) < 1.5, heights
