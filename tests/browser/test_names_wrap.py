"""Names wrap between words in the name columns of the phone's pages, with eight players whose
names are 32 characters long (Greek and Latin), at 390 x 844 in Greek: the round results and the
score sheet's headers and the "correct a round" page. No page scrolls sideways.

Each line of a name that wraps is found with ``Range.getClientRects`` on its characters: a line
must start at the start of a word (after a space, or after a hyphen written in the name). Only
the name of one 32-letter word may break inside: no phone's column holds it; every other word
of these names (Greek surnames up to 18 letters) fits the column whole. Every screen is shot in
light and dark when ``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py); the table
display too, which is made for a larger screen (its words are checked as ``test_words_whole``
does).
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from playwright.sync_api import Page

from scorekeeper.core import game, record, sheet
from scorekeeper.core.rules import Length, Variants
from tests import plays
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.browser.test_words_whole import broken, start
from tests.pdfs import LONG_NAMES
from tests.support import shots

WIDTH = 390
NAME_CELLS = "table.scores tbody th[scope=row], table.pad thead th.name"
TOO_LONG = "Wolfeschlegelsteinhausenbergerdo"  # one word of 32 letters: no column holds it

# For every name cell: how many lines it takes, and each line that starts inside a word
# ("text|rest", and the word).
_LINES = r"""(selector) => Array.from(document.querySelectorAll(selector), (cell) => {
  const range = document.createRange();
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  const tops = new Set();
  const inside = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest(".visually-hidden, .vh")) continue;
    const text = node.data;
    let last = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      tops.add(Math.round(box.top));
      if (last !== null && box.top > last + 2 && !/[\s\-\u00ad]/.test(text[i - 1])) {
        const start = text.lastIndexOf(" ", i) + 1;
        const end = text.indexOf(" ", i) < 0 ? text.length : text.indexOf(" ", i);
        inside.push([`${text.slice(start, i)}|${text.slice(i, end)}`, text.slice(start, end)]);
      }
      last = box.top;
    }
  }
  return {lines: tops.size, inside};
})"""


def check(page: Page, name: str, found: dict[str, list[str]], cells: str = NAME_CELLS) -> int:
    """Shoots the page in light and dark, notes what is wrong with it; the most lines a name
    cell takes."""
    page.evaluate("window.scrollTo(0, 0)")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shots.take(page, f"names-wrap/{name}-{scheme}.png")
    lines: list[dict[str, Any]] = page.evaluate(_LINES, cells) if cells else []
    assert lines or not cells, f"{name}: no name column"
    found[name] = [where for cell in lines for where, word in cell["inside"] if word != TOO_LONG]
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > WIDTH:
        found[name].append(f"the page scrolls sideways ({width}px)")
    broken(page, f"{name} (every word)", found)
    return max((int(cell["lines"]) for cell in lines), default=0)


def test_long_names_wrap_between_words(new_context: NewContext) -> None:
    context = new_context()
    page = context.new_page()
    page.goto("/language/el?next=/")
    game = start(page, LONG_NAMES)
    flows.fast_forward(page, 1)
    found: dict[str, list[str]] = {}
    lines = {"round": check(page, "round", found)}
    page.goto(f"/games/{game}/sheet")
    lines["sheet"] = check(page, "sheet", found)
    page.goto(f"/games/{game}/rounds/1/edit")
    lines["correction"] = check(
        page, "correction", found, cells="table.edit-table tbody th[scope=row]"
    )
    page.goto(f"/games/{game}/display")
    check(page, "display", found, cells="")
    context.close()
    problems = [f"{name}: {word}" for name, words in found.items() for word in words]
    assert problems == [], "\n".join(problems)
    # The names do wrap: the test saw lines start, and each at a word.
    assert all(count >= 2 for count in lines.values()), lines


ENDED_NAMES = (
    "Müller-Lüdenscheidt",
    "Konstantinopoulos",
    "Ζωή-Παπαδοπούλου",
    "Maximilian-Alexander",
    "Bartholomew",
    "Anastasia",
    "Ivo",
    "Eve",
)


@pytest.mark.parametrize("players", [4, 8])
def test_the_table_display_at_the_games_end_shows_every_name_whole(
    new_context: NewContext, players: int
) -> None:
    """The game is over: the standings take the screen, and no name breaks inside a word
    (a tablet, a phone on its side and upright, in German); eight players still fit one
    screen."""
    rng = Random(players)
    played = game.new_game(ENDED_NAMES[:players], 0, Variants(length=Length.FIVE_ROUNDS))
    while not played.finished:
        played = game.add_round(played, plays.legal_round(played, rng))
    body = record.to_record(sheet.build(played))
    sizes = (
        {"width": 1024, "height": 600},
        {"width": 844, "height": 390},
        {"width": 390, "height": 844},
    )
    for size in sizes:
        context = new_context(viewport=size, extra_http_headers={"Accept-Language": "de"})
        page = context.new_page()
        answer = page.request.post("/api/games", data=body)
        assert answer.status == 201, answer.text()
        page.goto(f"/games/{answer.json()['id']}/display")
        assert page.locator("#display-round").inner_text() == "Spiel vorbei"
        names: list[dict[str, Any]] = page.evaluate(_LINES, ".standings .name")
        assert len(names) == players
        assert [name["lines"] for name in names] == [1] * players, (size, names)
        last = page.locator(".standings li").last.bounding_box()
        assert last is not None and last["y"] + last["height"] <= size["height"], size
        width = page.locator(".standings").bounding_box()
        assert width is not None and width["width"] > size["width"] * 0.8, size
        # A screen nobody taps: no Rules link or language switcher (issue 33's walk).
        assert page.locator("footer.foot").is_hidden(), size


@pytest.mark.parametrize("players", [4, 6])
def test_the_table_display_during_the_game_keeps_the_standings_words_whole(
    new_context: NewContext, players: int
) -> None:
    """Mid-game the standings have the narrower column: their type shrinks with it, and no name
    breaks inside a word (a tablet, a phone on its side; issue 33's second walk: "Müller-" /
    "Lüdenscheid" / "t")."""
    rng = Random(players)
    played = game.new_game(ENDED_NAMES[:players], 0, Variants(length=Length.FIVE_ROUNDS))
    played = game.add_round(played, plays.legal_round(played, rng))
    body = record.to_record(sheet.build(played))
    for size in ({"width": 1024, "height": 768}, {"width": 844, "height": 390}):
        context = new_context(viewport=size, extra_http_headers={"Accept-Language": "de"})
        page = context.new_page()
        answer = page.request.post("/api/games", data=body)
        assert answer.status == 201, answer.text()
        page.goto(f"/games/{answer.json()['id']}/display")
        names: list[dict[str, Any]] = page.evaluate(_LINES, ".standings .name")
        assert len(names) == players
        assert [name["inside"] for name in names] == [[]] * players, (size, names)
        context.close()
