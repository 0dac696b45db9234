"""The score sheet's pinned rows cover nothing: with 3 players the sheet has 20 rounds, and at
every scroll position of the page and of the sheet's own box, round 20's row is not under the
pinned Total and Rank rows once it is in the box's view, and the page header's Games link
is never under a cell of the sheet (issue 21)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser import flows
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


def test_pinned_rows_cover_no_round_and_not_the_header(new_context: NewContext) -> None:
    page = new_context().new_page()
    page.goto("/games/new")
    for seat, name in enumerate(("Ana", "Bea", "Eva")):
        page.fill(f"#players-{seat}", name)
    flows.tap(page, page.locator("form.new-game button.primary"))
    game = flows.game_id(page)
    flows.fast_forward(page, 19)
    page.goto(f"/games/{game}/sheet")
    assert page.locator(".pad tbody tr").count() >= 19
    found: list[str] = []
    height = page.evaluate("document.documentElement.scrollHeight")
    for inner in ("0", "box.scrollHeight"):
        page.evaluate(
            f"(() => {{ const box = document.querySelector('.sheet-scroll'); "
            f"box.scrollTop = {inner}; }})()"
        )
        for y in range(0, height, 60):
            page.evaluate(f"window.scrollTo(0, {y})")
            found += covered(page, f"page at {y}, box at {inner}")
    assert found == [], "\n".join(found)
