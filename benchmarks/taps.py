"""Taps per round at the table, counted in Debian's Chromium by the browser tests' own helpers.

For 3 to 6 players, a round of 1 card and a round of 10 cards are entered on a phone-sized page:
the trump (a Wizard, then clubs, where a card is turned), every bid, the tricks with the dealer
left blank for the app to fill in, and "Confirm round". ``tests/browser/flows.py`` counts the
taps; the requests the browser makes meanwhile are counted too. The paper pad needs three
handwritten numbers per player and round: the bid, the score and the new total.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Request, sync_playwright

from scorekeeper import rules
from scorekeeper.rules import Length, Suit, Trump, Turned
from tests.browser import flows
from tests.support.browser import CHROMIUM, PHONE, TIMEOUT_MS, launch
from tests.support.server import running

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn")
HANDS = (1, 10)  # rounds 1 and 10 of the standard game deal 1 and 10 cards


def round_taps(page: Page, players: int, number: int) -> int:
    """Enter round ``number`` of the standard game open on the page; the taps it took."""
    hand = rules.schedule(players)[number - 1]
    fixed = rules.fixed_trump(number, hand, players, Length.STANDARD)
    trump = None if fixed else Trump(Turned.WIZARD, Suit.CLUBS)
    tricks = [len(range(seat, hand, players)) for seat in range(players)]
    taps = flows.play_round(page, [hand // players] * players, tricks, trump=trump)
    assert flows.result_title(page) == f"Round {number} result", flows.result_title(page)
    return taps


def run() -> dict[str, Any]:
    """Taps and browser requests per round, by players and hand size, and the paper pad's count."""
    rows = []
    with (
        tempfile.TemporaryDirectory(prefix="bench-taps-") as tmp,
        running(Path(tmp), threads=4) as server,
        sync_playwright() as driver,
    ):
        base = server.url
        browser = launch(driver)
        try:
            for players in range(3, 7):
                context = browser.new_context(viewport=PHONE, base_url=base)
                context.set_default_timeout(TIMEOUT_MS)
                page = context.new_page()
                requests: list[str] = []

                def count(request: Request, seen: list[str] = requests) -> None:
                    seen.append(request.url)

                page.on("request", count)
                # Playwright reports files taken from the browser's cache as requests too;
                # Chromium says which those were, so only what reaches the server is counted.
                cached: list[object] = []
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")

                def from_memory(event: object, seen: list[object] = cached) -> None:
                    seen.append(event)

                def from_disk(event: dict[str, Any], seen: list[object] = cached) -> None:
                    if event["response"].get("fromDiskCache"):
                        seen.append(event)

                cdp.on("Network.requestServedFromCache", from_memory)
                cdp.on("Network.responseReceived", from_disk)
                flows.new_game(page, base, NAMES[:players])
                row: dict[str, Any] = {"players": players, "paper": 3 * players}
                for hand in HANDS:
                    if hand == 10:
                        flows.fast_forward(page, 8)  # setup, not play: rounds 2 to 9
                    requests.clear()
                    cached.clear()
                    row[f"taps_{hand}"] = round_taps(page, players, hand)
                    row[f"requests_{hand}"] = len(requests) - len(cached)
                    row[f"html_{hand}"] = sum("/static/" not in url for url in requests)
                rows.append(row)
                context.close()
        finally:
            browser.close()
    return {"rows": rows, "chromium": CHROMIUM}
