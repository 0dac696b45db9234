"""The score sheet's pinned rows cover nothing: with 3 players the sheet has 20 rounds, and at
every scroll position of the page, the sheet's own box as it opens and scrolled to its end,
round 20's row is not under the pinned Total and Rank rows once it is in the box's view, and
the page header's Games link is never under a cell of the sheet (issue 21). A game of 19 rounds
fits the box; the finished game's 20 rounds overflow it by less than a row, and the box opens at
its last round (issue 33: round 20 sat under the Total row)."""

from __future__ import annotations

from random import Random

import pytest
from playwright.sync_api import Page

from scorekeeper.core import game, record, sheet
from scorekeeper.core.rules import Variants
from tests import plays
from tests.browser.flows import NewContext

# What covers the middle of each given element, as far as it is on the screen: "" when the
# element itself (or something inside it) is on top, else what is.
_COVERED = """(selectors) => selectors.map((selector) => {
  const e = document.querySelector(selector);
  const r = e.getBoundingClientRect();
  const x = r.left + Math.min(r.width / 2, 20);
  const y = r.top + r.height / 2;
  // Under the page's own pinned header is out of sight, not covered.
  const bar = document.querySelector(".bar").getBoundingClientRect();
  const header = selector === ".bar .home" ? 0 : bar.bottom;
  if (y < header || y > innerHeight || x < 0 || x > innerWidth) return "";
  const top = document.elementFromPoint(x, y);
  if (!top || e.contains(top)) return "";
  const text = top.textContent.trim();
  return `${selector} under ${top.tagName.toLowerCase()}.${top.className} "${text}"`;
})"""


def covered(page: Page, where: str) -> list[str]:
    """What of round 20 and the header link is covered at the page's scroll position."""
    box = page.locator(".sheet-scroll")
    last = page.locator(".pad tbody tr").last.locator(".round-col")
    seen_in_box = box.evaluate(
        """(box, cell) => {
          const b = box.getBoundingClientRect(), c = cell.getBoundingClientRect();
          return c.top >= b.top && c.bottom <= b.bottom;
        }""",
        last.element_handle(),
    )
    selectors = [".bar .home"] + ([".pad tbody tr:last-child .round-col"] if seen_in_box else [])
    return [f"{where}: {found}" for found in page.evaluate(_COVERED, selectors) if found]


@pytest.mark.parametrize("rounds", [19, 20])
def test_pinned_rows_cover_no_round_and_not_the_header(
    new_context: NewContext, rounds: int
) -> None:
    rng = Random(rounds)
    played = game.new_game(("Ana", "Bea", "Eva"), 0, Variants())
    for _ in range(rounds):
        played = game.add_round(played, plays.legal_round(played, rng))
    page = new_context().new_page()
    answer = page.request.post("/api/games", data=record.to_record(sheet.build(played)))
    assert answer.status == 201, answer.text()
    page.goto(f"/games/{answer.json()['id']}/sheet")
    assert page.locator(".pad tbody tr").count() == rounds
    found: list[str] = []
    height = page.evaluate("document.documentElement.scrollHeight")
    # As the box opens, then scrolled to its first round and back to its end: the box starts at
    # its end (scrollTop 0 in a column in reverse order).
    for inner, scroll in (("as opened", None), ("at its end", "0")):
        if scroll is not None:
            page.evaluate(
                "() => { const box = document.querySelector('.sheet-scroll'); "
                f"box.scrollTop = -box.scrollHeight; box.scrollTop = {scroll}; }}"
            )
        for y in range(0, height, 60):
            page.evaluate(f"window.scrollTo(0, {y})")
            found += covered(page, f"page at {y}, box {inner}")
    assert found == [], "\n".join(found)
