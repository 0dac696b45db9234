"""Draw the PNG icons of the web app manifest from the SVG icons, in Debian's Chromium.

Run once after changing ``static/icon.svg`` or ``static/icons/maskable.svg``, and commit the
PNGs: ``.venv/bin/python scripts/make_icons.py``. Nothing is fetched: the SVG is drawn from a
``data:`` page.
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "static"
CHROMIUM = "/usr/bin/chromium"
# (source SVG, PNG written, size in pixels)
ICONS = (
    ("icon.svg", "icons/icon-192.png", 192),
    ("icon.svg", "icons/icon-512.png", 512),
    ("icons/maskable.svg", "icons/maskable-192.png", 192),
    ("icons/maskable.svg", "icons/maskable-512.png", 512),
    # iOS rounds the corners itself: it gets the full square.
    ("icons/maskable.svg", "icons/apple-touch-icon.png", 180),
)


def main() -> None:
    """Write every PNG of :data:`ICONS`."""
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for source, target, size in ICONS:
                svg = base64.b64encode((STATIC / source).read_bytes()).decode()
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<style>html,body{margin:0;background:transparent}</style>"
                    f'<img src="data:image/svg+xml;base64,{svg}" width="{size}" height="{size}">'
                )
                page.screenshot(path=str(STATIC / target), omit_background=True)
                page.close()
                print(f"{target}: {size} x {size}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
