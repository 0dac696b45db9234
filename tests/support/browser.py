"""Debian's Chromium, as installed (nothing is downloaded), at the size of a phone."""

from __future__ import annotations

from playwright.sync_api import Browser, Playwright, ViewportSize

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
# Long enough for a slow CI machine, short enough that a broken page fails fast.
TIMEOUT_MS = 10_000
# A PDF is rendered in the server's second process, started by the first PDF: on a machine busy
# with other tests, starting it and rendering took longer than a page may.
PDF_MS = 60_000


def launch(playwright: Playwright) -> Browser:
    """Headless Chromium; close it when done."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
