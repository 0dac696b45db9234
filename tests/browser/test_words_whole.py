"""No word is broken inside on the phone unless it cannot fit on a line alone: names and labels
wrap between words (or at a hyphen written in them), in Spanish, Greek and German, on the round
pages, the score sheet, the table display and a watcher's page.

Each word of every visible text node is measured with ``Range.getClientRects``: a word whose
boxes stand on more than one line was broken inside. That is allowed only right after a hyphen
written in the word, or when the whole word is wider than the line it is in (then the style's
``hyphens: auto`` hyphenates it where the browser has the language's dictionary).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext

LONG = (
    "Αλεξανδρόπουλος Παπαδόπουλος",
    "Konstantinopoulos Fernández",
    "Anna-Lena Schwarzenegger",
    "Wolfeschlegelsteinhausenbergerdo",  # as long as a name may be, in one word
)
SHORT = ("Ana", "Bea", "Eva", "Zoë")

# Every word broken inside though it fits on a line alone: "word (element)" for each.
_BROKEN = r"""() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const inside = (e) => e.clientWidth - parseFloat(getComputedStyle(e).paddingLeft) -
    parseFloat(getComputedStyle(e).paddingRight);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement;
    if (!box || !box.checkVisibility() || box.closest(".visually-hidden, .vh, svg, script, style"))
      continue;
    // The line a word has: its block's, unless that box grows with its words (a table cell,
    // a flex or grid item), then its container's less what the rest of its row takes.
    let block = box;
    while (block.parentElement && getComputedStyle(block).display.startsWith("inline"))
      block = block.parentElement;
    const grows = (e) => getComputedStyle(e).display === "table-cell" ||
      /flex|grid/.test(getComputedStyle(e.parentElement || e).display);
    const style = getComputedStyle(block);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const outer = block.closest("table")?.parentElement || block.parentElement.parentElement;
    const line = grows(block)
      ? inside(outer) - block.parentElement.getBoundingClientRect().width +
        block.getBoundingClientRect().width - padding
      : block.clientWidth - padding;
    const hyphens = getComputedStyle(box).hyphens === "auto";
    for (const match of node.data.matchAll(/\S+/g)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const tops = new Set(rects.map((r) => Math.round(r.top)));
      if (tops.size < 2) continue;
      // Where it broke: after a written hyphen is a break between words.
      let hyphenated = true;
      let last = null;
      for (let i = 0; i < match[0].length; i++) {
        range.setStart(node, match.index + i);
        range.setEnd(node, match.index + i + 1);
        const r = range.getBoundingClientRect();
        if (r.width === 0) continue;
        if (last !== null && Math.round(r.top) > Math.round(last.top) + 2 &&
            !/[-\u2010\u00ad]/.test(match[0][i - 1])) hyphenated = false;
        last = r;
      }
      if (hyphenated) continue;
      const width = rects.reduce((sum, r) => sum + r.width, 0);
      const where = `${box.tagName.toLowerCase()}.${box.className}`;
      if (width <= line + 1)
        found.push(`${match[0]} (${where}: ${Math.round(width)}px, line ${Math.round(line)}px)`);
      else if (!hyphens) found.push(`${match[0]} (${where}: broken without hyphens: auto)`);
    }
  }
  return found;
}"""


def broken(page: Page, name: str, found: dict[str, list[str]]) -> None:
    """Notes the words broken inside on the page as it is now."""
    page.evaluate("window.scrollTo(0, 0)")
    found[name] = page.evaluate(_BROKEN)


def start(page: Page, names: tuple[str, ...]) -> str:
    """Starts a game of ``names`` without reading a label; its id."""
    page.goto("/games/new")
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}", name)
    flows.tap(page, page.locator("form.new-game button.primary"))
    return flows.game_id(page)


@pytest.mark.parametrize("code", ["es", "el", "de"])
def test_no_word_is_broken_inside(new_context: NewContext, code: str) -> None:
    context = new_context()
    page = context.new_page()
    page.goto(f"/language/{code}?next=/")
    found: dict[str, list[str]] = {}
    for names in (LONG, SHORT):
        game = start(page, names)
        label = "long" if names is LONG else "short"
        broken(page, f"{label}-trump", found)
        flows.enter_trump(page, Trump(Turned.SUIT, Suit.HEARTS))
        broken(page, f"{label}-bids", found)
        flows.fast_forward(page, 1)
        page.goto(f"/games/{game}")
        broken(page, f"{label}-round", found)
        page.goto(f"/games/{game}/sheet")
        broken(page, f"{label}-sheet", found)
        page.goto(f"/games/{game}/display")
        broken(page, f"{label}-display", found)
        page.goto(f"/games/{game}/share")
        watch = page.locator("a.link").first.get_attribute("href")
        assert watch is not None
        watch = re.sub(r"^https?://[^/]+", "", watch)
        page.goto(f"/games/{game}")
        flows.enter_trump(page, Trump(Turned.SUIT, Suit.CLUBS))
        # A new phone each time: an open watcher's page reloads itself when the game moves.
        watcher = new_context().new_page()
        watcher.goto(watch)
        broken(watcher, f"{label}-watch-bids", found)
    context.close()
    words = [f"{name}: {word}" for name, words in found.items() for word in words]
    assert words == [], "\n".join(words)
