"""The phone's score sheet is read at arm's length at a dim table: no word or number on it under
0.66rem (10.5 px), the special card that set the trump and the adjustment's mark included (issue
33's walk: 9.9 px and 7.4 px), and a long name or card breaks with a hyphen, not at any letter.
Shot when ``SCOREKEEPER_SHOTS`` names a folder."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from scorekeeper.core import game, record, sheet
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.decks import Special
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Suit, Turned
from tests import family_games as hand
from tests.browser.flows import NewContext
from tests.plays import finish_with_cards
from tests.support import shots

SMALLEST = 10.5

# Every visible piece of text in the sheet's box and its notes: its font size in CSS pixels.
_SIZES = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!node.textContent.trim() || element.closest("svg, .vh, .visually-hidden")) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    found.push([node.textContent.trim(), parseFloat(getComputedStyle(element).fontSize)]);
  }
  return found;
}"""


def _german_25_years() -> GameRecord:
    """Four long names, every special card that sets a trump, the Bomb, the Cloud and an
    adjustment."""
    names = ("Müller-Lüdenscheidt", "Anna-Katharina", "Bartholomäus", "Zoë")
    played = game.start("wizard", names, 0, {"deck": "anniversary_25"})
    rounds: list[tuple[Any, Suit | None, tuple[int, ...], tuple[int, ...], dict[str, Any]]] = [
        (Special.WEREWOLF, Suit.HEARTS, (1, 0, 0, 0), (1, 0, 0, 0), {}),
        (Special.DRAGON, Suit.SPADES, (1, 0, 1, 0), (1, 0, 1, 0), {}),
        (Special.FAIRY, None, (1, 1, 0, 1), (1, 1, 0, 0), {"bomb": True}),
        (Turned.JESTER, None, (1, 1, 1, 1), (1, 1, 1, 1), {"cloud": (0, 1)}),
        (Special.SHAPESHIFTER, Suit.CLUBS, (2, 2, 1, 0), (2, 2, 1, 0), {}),
    ]
    for number, (turned, suit, bids, tricks, played_cards) in enumerate(rounds, start=1):
        played = game.set_trump(played, turned, suit)
        for step in range(1, 5):
            seat = (number - 1 + step) % 4
            played = game.place_bid(played, seat, bids[seat])
        played = finish_with_cards(played, tricks, **played_cards)
    return game.adjust_round(played, 2, Adjustment(1, -10, "Revoke"))


def _greek_six() -> GameRecord:
    """Six Greek names; the leader bids the whole hand each round: "10/10 +120"."""
    names = ("Κωνσταντίνος", "Αικατερίνη", "Παναγιώτης", "Χαράλαμπος", "Ευαγγελία", "Σταυρούλα")
    played = game.start("wizard", names, 0, {})
    for number in range(1, 11):
        turned = Turned.SUIT if number < 10 else Turned.NONE
        played = game.set_trump(played, turned, Suit.HEARTS if number < 10 else None)
        for step in range(1, 7):
            seat = (number - 1 + step) % 6
            played = game.place_bid(played, seat, number if seat == 0 else 0)
        played = game.finish_round(played, (number, 0, 0, 0, 0, 0))
    return played


GAMES = {
    "de-25-years": ("de", _german_25_years),
    "es-skull-king": ("es", hand.skull_king),
    "el-six": ("el", _greek_six),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_nothing_on_the_sheet_is_smaller_than_it_can_be_read(
    new_context: NewContext, name: str
) -> None:
    code, build = GAMES[name]
    page: Page = new_context(extra_http_headers={"Accept-Language": code}).new_page()
    answer = page.request.post("/api/games", data=record.to_record(sheet.build(build())))
    assert answer.status == 201, answer.text()
    page.goto(f"/games/{answer.json()['id']}/sheet")
    shots.take(page, f"sheet-type/{name}.png")
    small = [(text, size) for text, size in page.evaluate(_SIZES) if size < SMALLEST]
    assert small == []
    if name == "de-25-years":
        # A card's name too wide for the round's column breaks at a syllable, with a hyphen.
        cards = page.locator(".pad tbody .round-col .special").all_text_contents()
        assert "Gestalt\u00adwand\u00adler" in cards
