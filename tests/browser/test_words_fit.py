"""Every language's words fit the phone: the main pages of a game in progress, of a group, the
rules and the errors, at 390 x 844, in each of the eight languages.

A page fails when the document scrolls sideways, or when an element's content is wider than its
box (``scrollWidth > clientWidth``: a word that runs out of its button or cell, or is cut off),
except in the boxes that are made to scroll (the score sheet's grid). Every screen is shot in
light and dark when ``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py).
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from scorekeeper.core import game, record, sheet
from scorekeeper.core.rules import Length, Suit, Trump, Turned, Variants
from scorekeeper.render import languages
from tests import plays
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.support import shots

# Long names in three scripts, with hyphens and spaces, as a table may have them.
NAMES = (
    "Αλεξάνδρα-Μαρία",
    "Κωνσταντίνος Παπαδάκης",
    "Katarina Vuković-Marić",
    "Jean-Baptiste Laurent",
    "Wolfeschlegelsteinhausenbergerdo",  # as long as a name may be, in one word
    "Zoë",
)
# The boxes made to scroll sideways: the score sheet's grid, a command to copy.
SCROLLERS = ".sheet-scroll, .install code"

# What is wider than its box on the page: the document itself, then every visible element
# but the boxes made to scroll (what is in them is checked), the form fields (a long name
# scrolls inside its field) and the visually hidden ones.
_OVERFLOWS = """(scrollers) => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    found.push(`the page scrolls sideways: ${root.scrollWidth}px for ${root.clientWidth}px`);
  }
  for (const e of document.body.querySelectorAll("*")) {
    if (e.clientWidth === 0 || !e.checkVisibility() || e.matches(scrollers)) continue;
    if (e.matches("input, select, textarea, svg, svg *") || e.closest(".visually-hidden, .vh"))
      continue;
    if (getComputedStyle(e).clip === "rect(0px, 0px, 0px, 0px)") continue;
    if (e.scrollWidth > e.clientWidth + 1) {
      const text = e.textContent.trim().replace(/\\s+/g, " ").slice(0, 40);
      const name = e.tagName.toLowerCase() + (e.className ? "." + e.className : "");
      found.push(`${name} "${text}" ${e.scrollWidth}px in ${e.clientWidth}px`);
    }
  }
  return found;
}"""


# What is wider than its box among ``buttons`` and what they hold.
_WIDER = """(buttons) => buttons.flatMap((b) => [b, ...b.querySelectorAll("*")])
  .filter((e) => e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.closest("button").textContent.trim()}: ${e.scrollWidth}px`
    + ` in ${e.clientWidth}px`)"""


class Look:
    """Shoots each page of one language in light and dark and notes what does not fit."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.found: dict[str, list[str]] = {}

    def __call__(self, page: Page, name: str) -> None:
        if shots.wanted():  # the colour schemes are for the shots: the words are checked in light
            page.evaluate("window.scrollTo(0, 0)")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                shots.take(page, f"words/{self.code}-{len(self.found) + 1:02d}-{name}-{scheme}.png")
            page.emulate_media(color_scheme="light")
        assert page.locator("html").get_attribute("lang") == self.code, name
        self.found[name] = page.evaluate(_OVERFLOWS, SCROLLERS)


def start(page: Page, names: tuple[str, ...], **choices: str) -> str:
    """Fill in the new-game form in any language (no label is read) and start; the game id."""
    page.goto("/games/new")
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}", name)
    for field, value in choices.items():
        flows.choose(page, f"input[name={field}][value={value}]")
    flows.tap(page, page.locator("form.new-game button.primary"))
    return flows.game_id(page)


def finished(names: tuple[str, ...]) -> dict[str, Any]:
    """The record of a whole game of five rounds, every round as the rules allow."""
    rng = Random(len(names))
    played = game.new_game(names, 0, Variants(length=Length.FIVE_ROUNDS))
    while not played.finished:
        played = game.add_round(played, plays.legal_round(played, rng))
    return record.to_record(sheet.build(played))


# The game of six long names, as its new-game form would start it.
FANTASY = {
    "format": record.FORMAT,
    "players": list(NAMES),
    "first_dealer": 0,
    "variants": {"bid_restriction": "plus_minus_one", "edition": "fantasy"},
}


def phone(new_context: NewContext, code: str) -> tuple[BrowserContext, Page]:
    """A phone whose switcher was set to ``code``."""
    context = new_context()
    page = context.new_page()
    page.goto(f"/language/{code}?next=/")
    return context, page


@pytest.mark.parametrize("code", list(languages.LANGUAGES))
def test_every_page_fits_the_phone_in_every_language(new_context: NewContext, code: str) -> None:
    look = Look(code)
    context, page = phone(new_context, code)
    look(page, "home-empty")
    page.goto("/games/new")
    look(page, "new-game")
    page.fill("#players-0", NAMES[0])
    page.fill("#players-1", NAMES[0])
    flows.tap(page, page.locator("form.new-game button.primary"))
    look(page, "new-game-refused")

    # A game of six long names with a bid restriction, made through the API (the new-game form
    # is tapped in every language above): its edit link asks first, then every step of a round.
    answer = page.request.post("/api/games", data=FANTASY)
    assert answer.status == 201, answer.text()
    game_id, token = answer.json()["id"], answer.json()["edit_token"]
    page.goto(f"/games/{game_id}/join/{token}")
    look(page, "join")
    flows.tap(page, page.locator("main form button.primary"))
    look(page, "trump")
    flows.enter_trump(page, Trump(Turned.WIZARD, Suit.HEARTS))
    for _ in range(len(NAMES) - 1):
        flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    look(page, "bids-last")
    flows.tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    look(page, "tricks")
    flows.enter_tricks(page, [0, 0, 0, 0, 0, 1])
    look(page, "tricks-given")
    flows.tap(page, page.locator(".tricks-form button.confirm"))
    look(page, "round-result")
    flows.forward(page, 3, token)
    flows.enter_trump(page, Trump(Turned.SUIT, Suit.SPADES))
    look(page, "bids")
    page.goto(f"/games/{game_id}/share")
    look(page, "share")
    for path, name in [
        ("sheet", "sheet"),
        ("rounds/2/edit", "edit-round"),
        ("display", "table-display"),
        ("delete", "delete"),
    ]:
        page.goto(f"/games/{game_id}/{path}")
        look(page, name)

    # A finished game of five rounds, made through the API: its last page.
    flows.kept_game(page, finished(NAMES[:3]))
    look(page, "game-over")
    for address, name in [
        ("/rules", "rules"),
        ("/rules/skull_king", "rules-skull-king"),
        ("/rules/oh_hell", "rules-oh-hell"),
    ]:
        page.goto(address)
        look(page, name)
    page.goto("/games/nothing-here")
    look(page, "not-found")
    page.goto("/sheets/blank.pdf?players=12")
    look(page, "refused-request")

    # A group: its pages once it has a finished game.
    page.goto("/groups/new")
    look(page, "group-new")
    page.fill("#name", "Παρέα της Παρασκευής")
    flows.tap(page, page.locator("main form button[type=submit]").first)
    group = page.url.rsplit("/", 1)[-1]
    page.goto(f"/groups/{group}/games/new")
    for index, name in enumerate(NAMES[:3]):
        page.fill(f"#new_names-{index}", name)
    page.select_option("#first_dealer", "new-0")
    flows.choose(page, "input[name=length][value=five_rounds]")
    look(page, "group-new-game")
    # The game the form would start, finished: through the API with the group's edit token.
    answer = page.request.post(
        f"/api/groups/{group}/games",
        data=finished(NAMES[:3]),
        headers={"Authorization": f"Bearer {flows.edit_token(page, f'/groups/{group}')}"},
    )
    assert answer.status == 201, answer.text()
    page.goto(f"/groups/{group}")
    look(page, "group")
    page.locator("table.board a").first.click()
    page.wait_for_load_state()
    look(page, "group-player")
    page.goto(f"/groups/{group}/share")
    look(page, "group-share")
    page.goto("/")
    look(page, "home")
    context.close()

    overflows = [f"{name}: {item}" for name, found in look.found.items() for item in found]
    assert overflows == [], "\n".join(overflows)


def test_the_trump_step_fits_the_smallest_phone_in_every_language(
    new_context: NewContext, live_server: str
) -> None:
    """Issue 49's walk: at 320 px Greek's "Μπαστούνι" ran out of its button. Every suit's name
    fits its quarter of the row, on the suit cards and the Wizard's, in every language."""
    context = new_context(viewport={"width": 320, "height": 640})
    page = context.new_page()
    made = page.request.post("/api/games", data={**FANTASY, "variants": {}})
    assert made.status == 201, made.text()
    game_id, token = made.json()["id"], made.json()["edit_token"]
    page.goto(f"/games/{game_id}/join/{token}")
    flows.tap(page, page.locator("main form button.primary"))
    found = {}
    for code in languages.LANGUAGES:
        context.add_cookies([{"name": "lang", "value": code, "url": live_server}])
        page.goto(f"/games/{game_id}")
        assert page.locator("button[name=suit]").count() == 8, code
        suits = page.locator("button[name=suit]")
        if overflows := suits.evaluate_all(_WIDER):
            found[code] = overflows
    assert found == {}
