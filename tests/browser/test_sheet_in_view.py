"""Who is winning, without a swipe: on a phone upright, the score sheet of five or six players
shows every player's total and rank, and each round's bid/tricks, with no sideways scroll (a
Spanish Skull King table of five, a Greek Wizard table of six, six with a name of 32 letters);
seven and eight players on a phone on its side (issue 33, item 11)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from scorekeeper.core import game, record, sheet
from scorekeeper.core.rules import Variants
from tests import family_games, plays
from tests.browser.flows import NewContext

UPRIGHT = {"width": 390, "height": 844}
ON_ITS_SIDE = {"width": 844, "height": 390}
GREEK = ("Αλέξανδρος", "Κατερίνα", "Γιώργος", "Μαρία", "Νίκος", "Ελένη", "Δημήτρης", "Σοφία")

# Each total and rank cell, and each round's bid/tricks, that is not wholly inside the sheet's
# box as the page opens; and whether the box or the page scrolls sideways.
_OUT_OF_VIEW = """() => {
  const box = document.querySelector(".sheet-scroll");
  const seen = box.getBoundingClientRect();
  const out = [];
  const cells = ".pad tfoot td, .pad tbody td .bt, .pad thead th.name";
  for (const cell of document.querySelectorAll(cells)) {
    const r = cell.getBoundingClientRect();
    if (r.left < seen.left - 1 || r.right > seen.right + 1 || r.right > innerWidth)
      out.push(`${cell.className} "${cell.textContent.trim()}" at ${r.left}-${r.right}px`);
  }
  if (box.scrollWidth > box.clientWidth + 1) out.push(`the sheet scrolls: ${box.scrollWidth}px`);
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) out.push(`the page scrolls: ${page.scrollWidth}px`);
  return out;
}"""


def wizard(names: tuple[str, ...], rounds: int) -> dict[str, Any]:
    rng = Random(len(names))
    played = game.new_game(names, 0, Variants())
    for _ in range(rounds):
        played = game.add_round(played, plays.legal_round(played, rng))
    return record.to_record(sheet.build(played))


def skull_king() -> dict[str, Any]:
    body = record.to_record(sheet.build(family_games.skull_king()))
    body["players"] = ["Lucía", "Alejandro", "Carmen", "Javier", "Valentina"]
    return body


TABLES = {
    "skull-king-5-es": (skull_king, "es", UPRIGHT),
    "wizard-6-el": (lambda: wizard(GREEK[:6], 8), "el", UPRIGHT),
    "wizard-6-one-long-name": (
        lambda: wizard(("Wolfeschlegelsteinhausenbergerdo", *GREEK[:5]), 3),
        "de",
        UPRIGHT,
    ),
    # Four players, one name too long for a column of four (issue 33's walk: the last column
    # and its total were cut off).
    "wizard-4-one-long-name": (
        lambda: wizard(("Müller-Lüdenscheidt", "Annegret", "Jürgen", "Friederike"), 10),
        "de",
        UPRIGHT,
    ),
    "wizard-7-on-its-side": (lambda: wizard(GREEK[:7], 6), "en", ON_ITS_SIDE),
    "wizard-8-on-its-side": (lambda: wizard(GREEK, 6), "el", ON_ITS_SIDE),
}


@pytest.mark.parametrize("table", list(TABLES))
def test_every_total_and_rank_is_in_view(new_context: NewContext, table: str) -> None:
    make, language, size = TABLES[table]
    context = new_context(viewport=size, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    answer = page.request.post("/api/games", data=make())
    assert answer.status == 201, answer.text()
    page.goto(f"/games/{answer.json()['id']}/sheet")
    players = page.locator(".pad thead th.name").count()
    assert page.locator(".pad tfoot .totals td").count() == players >= 4
    assert page.evaluate(_OUT_OF_VIEW) == []
    assert page.locator(".sideways-cue").is_hidden()


def test_earlier_rounds_above_the_sheets_first_view_are_said(new_context: NewContext) -> None:
    """The box opens at its last round: on a phone on its side, eight players' sheet showed round
    3 under the names with nothing saying that rounds 1 and 2 were above (issue 33's walk)."""
    context = new_context(viewport=ON_ITS_SIDE, extra_http_headers={"Accept-Language": "el"})
    page = context.new_page()
    answer = page.request.post("/api/games", data=wizard(GREEK, 7))
    page.goto(f"/games/{answer.json()['id']}/sheet")
    cue = page.locator(".earlier-cue")
    assert cue.is_visible()
    assert "earlier" in str(page.locator(".sheet-scroll").get_attribute("class")).split()
    # Its line is taken from the box: the ranks are still on the screen.
    ranks = "document.querySelector('.pad tfoot .ranks').getBoundingClientRect().bottom"
    assert page.evaluate(f"() => {ranks} <= innerHeight")
    # A tap on it scrolls up to round 1; nothing is above then: the cue goes.
    cue.click()
    page.wait_for_function("() => document.querySelector('.earlier-cue').hidden")
    first = page.locator(".pad tbody tr").first.bounding_box()
    names = page.locator(".pad thead th").first.bounding_box()
    assert first and names and first["y"] >= names["y"] + names["height"] - 2
    # Upright, three rounds fit the box: no cue.
    page.set_viewport_size({"width": 390, "height": 844})
    short = page.request.post("/api/games", data=wizard(GREEK[:4], 3))
    page.goto(f"/games/{short.json()['id']}/sheet")
    assert cue.is_hidden()


@pytest.mark.parametrize(("players", "columns"), [(5, 1), (8, 2)])
def test_the_final_standings_on_the_table_display_read_straight_down(
    new_context: NewContext, players: int, columns: int
) -> None:
    """Issue 33's walk: five players' final standings in 3 + 2 columns left half the screen
    empty; up to six read down one column, seven or eight take two, all on the screen."""
    context = new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    answer = page.request.post("/api/games", data=wizard(GREEK[:players], 60 // players))
    page.goto(f"/games/{answer.json()['id']}/display")
    rows = page.locator(".standings li")
    assert rows.count() == players
    boxes = [box for box in (rows.nth(i).bounding_box() for i in range(players)) if box]
    assert len({round(box["x"]) for box in boxes}) == columns
    assert max(box["y"] + box["height"] for box in boxes) <= 800
