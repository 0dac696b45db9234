"""WCAG 2.2 AA on every page and state of the pad (issue 49), in every language, with 3 and 8
players, light and dark: axe-core's rules for the success criteria of WCAG 2.0, 2.1 and 2.2 at
levels A and AA find nothing (docs/accessibility.md, "Conformance").

The pages and states are built once a table size through the API (tests/browser/every_page.py)
and walked in one phone, language after language (the ``lang`` cookie the switcher sets). Every
page is walked in every language, each language at one table size (:data:`WALKS`): every page is
so seen at tables of three in four languages and at tables of eight in the four others. In the
first language of each walk (English at three, Spanish at eight) every rule runs in the light
theme and the colour rules again in the dark one; in the others, the rules whose answer the words
can change (:data:`WORD_RULES`), and every target's size. One test a table size, so that each
size's games are built once.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import every_page, flows
from tests.browser.every_page import Walk
from tests.support.axe import AXE
from tests.support.browser import PHONE, TIMEOUT_MS

# axe-core's tags for the success criteria of WCAG 2.0, 2.1 and 2.2 at levels A and AA.
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# In dark the page, its names, roles and sizes are the light page's: only its colours change,
# so only the rules of colour run again.
# In another language the page is the same page in other words: its structure (landmarks, roles,
# lists, tables, ids) and colours come from the same templates and style sheets. What words can
# change is what these rules check: every name and text alternative (a message left empty), the
# language said, a target that wrapped to a smaller size, a box that now overflows.
WORD_RULES = [
    *("area-alt", "aria-command-name", "aria-input-field-name", "aria-meter-name"),
    *("aria-progressbar-name", "aria-toggle-field-name", "aria-tooltip-name", "button-name"),
    *("document-title", "frame-title", "html-has-lang", "html-lang-valid"),
    *("html-xml-lang-mismatch", "image-alt", "input-button-name", "input-image-alt", "label"),
    *("link-name", "object-alt", "role-img-alt", "scrollable-region-focusable", "select-name"),
    *("summary-name", "svg-img-alt", "target-size", "valid-lang"),
]
RULES = {
    "light": {"runOnly": {"type": "tag", "values": WCAG_22_AA}},
    "dark": {"runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}},
    "words": {"runOnly": {"type": "rule", "values": WORD_RULES}},
}
_RUN = """(rules) => axe.run(document, {resultTypes: ["violations"], ...rules}).then((result) =>
  result.violations.map((v) => `${v.id}: ` + v.nodes.map((n) => `${n.target.join(" ")}`
    + ` ${n.html.slice(0, 120)} (${n.failureSummary.split("\\n").slice(1, 2).join("").trim()})`)
    .join("; ")))"""

# Every target a finger taps on a phone page, measured whole (its label, for a box ticked
# through it) at 390 x 844: at least 44 x 44 CSS px. Not counted, as WCAG 2.5.8 and 2.5.5 allow:
# a link inside a sentence (inline), a control that cannot be used (disabled), one drawn by the
# browser's own (a native date or colour picker: the pad has none), and what is not shown.
TAP = 44
_SMALL = """(tap) => {
  const small = [];
  const inline = (e) => e.tagName === "A" && getComputedStyle(e).display === "inline"
    && e.parentElement.textContent.trim().length > e.textContent.trim().length;
  for (const e of document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]")) {
    if (e.disabled || !e.getClientRects().length || e.closest(".vh, .visually-hidden")) continue;
    if (getComputedStyle(e).visibility === "hidden" || inline(e)) continue;
    const label = e.closest("label");
    const box = (label && !label.contains(e.closest("button, a, select")) ? label : e)
      .getBoundingClientRect();
    if (box.width < tap - 0.5 || box.height < tap - 0.5) {
      small.push(`${e.outerHTML.slice(0, 90)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""

# Each language at one table size (the longest words, Portuguese's and German's, one at each).
WALKS = ((3, ("en", "pt", "el", "fr")), (8, ("es", "de", "hr", "it")))


def wcag(page: Page, scheme: str) -> list[str]:
    """What axe-core finds against WCAG 2.2 A and AA on the page as it is now, in ``scheme``
    (its colour rules only in dark, its word rules only in "words", which is light)."""
    page.emulate_media(color_scheme="dark" if scheme == "dark" else "light")
    return list(page.evaluate(_RUN, RULES[scheme]))


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """The phone of a walk (axe-core put in each page as it opens: the app's policy allows no
    script of the test's own)."""
    context = browser.new_context(base_url=live_server, viewport=PHONE, bypass_csp=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(path=str(AXE))
    yield context.new_page()
    context.close()


def walk(phone: Page, base: str, pages: Walk, language: str, first: bool) -> dict[str, str]:
    """Every page of the walk in ``language``: what fails, by page (every rule in light and
    dark in the ``first`` language, the word rules in the others)."""
    phone.context.add_cookies([{"name": "lang", "value": language, "url": base}])
    found: dict[str, str] = {}
    for stop in pages.stops:
        # Each stop as its address says: not with what an earlier stop tapped on the same game,
        # which the tab keeps for the Round tab (static/round.js).
        if phone.url.startswith(base):
            phone.evaluate("sessionStorage.clear()")
        if stop.prepare:
            stop.prepare(phone)
        phone.set_viewport_size(dict(stop.viewport or PHONE))  # type: ignore[arg-type]
        phone.goto(stop.url)
        for tap in stop.taps:
            flows.tap(phone, phone.locator(tap).first)
        where = f"{language} {stop.name}"
        if stop.viewport is None and (small := phone.evaluate(_SMALL, TAP)):
            found[f"{where} (under {TAP} px)"] = "\n".join(small)
        if stop.viewport is None:
            # The whole page at once, as wide as the phone: each target measured whole, none
            # half under a sticky bar where the first screen happens to end (whether a bar
            # covers the control in focus is tests/browser/test_one_thumb.py's).
            height = phone.evaluate("document.documentElement.scrollHeight")
            phone.set_viewport_size({"width": PHONE["width"], "height": height})
        for scheme in ("light", "dark") if first else ("words",):
            if violations := wcag(phone, scheme):
                found[f"{where} ({scheme})"] = "\n".join(violations)
    return found


@pytest.mark.parametrize(
    ("players", "languages"), WALKS, ids=[f"{n}p-{'-'.join(said)}" for n, said in WALKS]
)
def test_no_violation_on_any_page(
    phone: Page, live_server: str, languages: tuple[str, ...], players: int
) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is fetched by `make test` (tests/.axe/axe.min.js)")
    pages = every_page.build(phone, players)
    found: dict[str, str] = {}
    for language in languages:
        found |= walk(phone, live_server, pages, language, language == languages[0])
    assert not found, "\n".join(f"{page}:\n{said}" for page, said in found.items())
