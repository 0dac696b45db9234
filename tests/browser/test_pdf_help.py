"""On a laptop without Pango, the PDF link opens a page that says how to install it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.render import printing
from tests.browser import flows
from tests.support import shots


def test_the_pdf_link_explains_how_to_install_pango(
    page: Page, live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing() -> None:
        raise printing.PrintingUnavailable("cannot load library 'libpango-1.0-0'")

    # The test server runs in this process: its PDF routes now meet a machine without Pango.
    monkeypatch.setattr(printing, "_weasyprint", missing)
    monkeypatch.setattr(printing, "_stylesheet", missing)
    flows.new_game(page, live_server, ("Ana", "Ben", "Cleo"), length="five_rounds")
    flows.fast_forward(page, 5)
    flows.tap(page, page.get_by_role("link", name="Print (PDF)"))
    expect(page.locator("h1")).to_have_text("Printing is not set up on this computer")
    expect(page.locator("dl.install")).to_contain_text("brew install pango")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shots.take(page, f"pdf-help/pdf-help-{scheme}.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    flows.tap(page, page.get_by_role("link", name="Go back"))
    expect(page.locator("#over-title")).to_be_visible()
