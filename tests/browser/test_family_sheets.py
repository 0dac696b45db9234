"""The score sheet and the table display of Skull King and Oh Hell fit the phone (issue 24): the
bonus marks under a score stay in their cell, the key under the sheet wraps, nothing scrolls
sideways but the sheet's own box, with long names, in German and Greek, light and dark. The
screens are shot when ``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from scorekeeper.core import record, sheet
from tests import family_games as hand
from tests.browser.flows import NewContext
from tests.browser.test_words_fit import _OVERFLOWS, SCROLLERS
from tests.support import shots

LONG_NAMES = (
    "Anna-Katharina von Hohenberg",
    "Κωνσταντίνος Παπαδάκης",
    "Bartholomäus",
    "Zoë",
    "Maximilian-Alexander",
)
# A mark line wider than its cell shows as a cell that grew; its text must stay inside.
_MARKS_OUTSIDE = """() => [...document.querySelectorAll(".bonus-marks")]
  .filter((m) => {
    const cell = m.closest("td").getBoundingClientRect();
    return m.getBoundingClientRect().right > cell.right + 1;
  })
  .map((m) => m.textContent)"""


def posted(page: Page, body: dict[str, Any]) -> str:
    """The game ``body`` (a record) made through the API; its id."""
    answer = page.request.post("/api/games", data=body)
    assert answer.status == 201, answer.text()
    game_id: str = answer.json()["id"]
    return game_id


@pytest.mark.parametrize("code", ["de", "el"])
def test_the_family_sheets_fit_the_phone(new_context: NewContext, code: str) -> None:
    context = new_context(extra_http_headers={"Accept-Language": code})
    page = context.new_page()
    pirates = record.to_record(sheet.build(hand.skull_king()))
    pirates["players"] = list(LONG_NAMES)
    oh_hell = record.to_record(sheet.build(hand.oh_hell()))
    oh_hell["players"] = list(LONG_NAMES[:4])
    unfinished = {**pirates, "rounds": pirates["rounds"][:3]}
    shown = {
        "skull-king-sheet": f"/games/{posted(page, pirates)}/sheet",
        "oh-hell-sheet": f"/games/{posted(page, oh_hell)}/sheet",
        "skull-king-display": f"/games/{posted(page, unfinished)}/display",
    }
    found: dict[str, list[str]] = {}
    for name, path in shown.items():
        page.goto(path)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shots.take(page, f"family-sheets/{code}-{name}-{scheme}.png")
        found[name] = page.evaluate(_OVERFLOWS, SCROLLERS) + page.evaluate(_MARKS_OUTSIDE)
    context.close()
    assert found == {name: [] for name in shown}
