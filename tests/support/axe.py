"""axe-core, the accessibility rules engine, run in a page by a browser test (WCAG 2.2 A and AA).

The Makefile's test target fetches it from the npm registry into ``tests/.axe/``; it goes into a
page as a script of the test's own (the app's policy allows none inline: the test's context
bypasses it).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[1] / ".axe" / "axe.min.js"

# Every rule in light; in dark only the colours' contrast, the one rule whose answer the colour
# scheme changes (the page, its names and roles are the same in both).
_RUN = """(rules) => axe.run(document, {resultTypes: ["violations"], ...rules}).then((result) =>
  result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`))"""
_RULES = {"light": {}, "dark": {"runOnly": ["color-contrast"]}}


def axe(page: Page, scheme: str = "light") -> list[str]:
    """The violations axe-core finds on the page as it is now, in its ``scheme``."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return list(page.evaluate(_RUN, _RULES[scheme]))
