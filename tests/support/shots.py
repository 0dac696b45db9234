"""Screenshots to look at, not checks: ``SCOREKEEPER_SHOTS=folder make test`` (or pytest) writes
every browser test's screens there, each test file's in a subfolder named for it (``words/``,
``screens/``, ...); without it none are taken (each costs about 150 ms, hundreds per run)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page

FOLDER = "SCOREKEEPER_SHOTS"


def wanted() -> bool:
    """Whether shots are asked for (read at each call, so a test may set it)."""
    return bool(os.environ.get(FOLDER))


def take(page: Page, name: str, *, full_page: bool = True) -> None:
    """The page as it is now into ``name`` under the shots folder; nothing when none is named."""
    folder = os.environ.get(FOLDER)
    if not folder:
        return
    path = Path(folder) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)
