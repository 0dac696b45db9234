"""Taps per round at the table, counted in Debian's Chromium by the browser tests' own helpers.

For 3 to 6 players, a round of 1 card and a round of 10 cards are entered on a phone-sized page:
the trump (a Wizard, then clubs, where a card is turned), every bid, the tricks of a round where
all but one player made the bid (the steppers start at the bids: one tap for the miss), and
"Confirm round". ``tests/browser/flows.py`` counts the taps; the requests the browser makes
meanwhile are counted too. The paper pad needs three handwritten numbers per player and round:
the bid, the score and the new total.

Bytes per round: the request and response bodies of the round, as they went over the wire
(compressed where the server compressed them), counted by Chromium (DevTools protocol): with a
warm cache, a round is its taps' requests and the version checks meanwhile. Measured for 3 to
6 players (rounds of 1 and 10 cards) and for 8 players (rounds of 1 and 6 cards, of 7).

Tap-to-screen: with JavaScript a tap that sends a form updates the page in place. The page
notes the time of each tap and of the moment the next frame after the swap is drawn; the
median over every such tap of every round is reported.
"""

from __future__ import annotations

import tempfile
import traceback
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request, sync_playwright

from benchmarks import family_taps
from benchmarks.common import median
from scorekeeper.core import rules
from scorekeeper.core.rules import Length, Suit, Trump, Turned
from tests.browser import flows
from tests.support.browser import CHROMIUM, PHONE, TIMEOUT_MS, launch
from tests.support.server import running

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana")
HANDS = (1, 10)  # rounds 1 and 10 of the standard game deal 1 and 10 cards
# Players and the rounds measured: rounds 1 and 10, or 1 and 6 of 7 for 8 players.
TABLES = {3: HANDS, 4: HANDS, 5: HANDS, 6: HANDS, 8: (1, 6)}
BYTES_GOALS = {4: 10_000, 8: 16_000}  # bytes on the wire per round, at most


def round_taps(page: Page, players: int, number: int) -> int:
    """Enter round ``number`` of the standard game open on the page; the taps it took."""
    hand = rules.schedule(players)[number - 1]
    bids, tricks = flows.all_but_one_made(players, hand)
    fixed = rules.fixed_trump(number, hand, players, Length.STANDARD)
    trump = None if fixed else Trump(Turned.WIZARD, Suit.CLUBS)
    taps = flows.play_round(page, bids, tricks, trump=trump)
    assert flows.result_title(page) == f"Round {number} result", flows.result_title(page)
    return taps


# From the tap (the click, first thing) to the frame drawn after the page's <main> is swapped.
# An init script of the benchmark's own: Playwright adds it outside the page's security policy.
TAP_CLOCK = """
window.__tapToScreen = [];
let tappedAt = null;
document.addEventListener("click", () => { tappedAt = performance.now(); }, true);
document.addEventListener("scorekeeper:swapped", () => {
  const start = tappedAt;
  const drawn = () => window.__tapToScreen.push(performance.now() - start);
  requestAnimationFrame(() => setTimeout(drawn));
});
"""


def tap_times(page: Page) -> list[float]:
    """Milliseconds from tap to screen of every in-place update since the page was loaded."""
    return [float(ms) for ms in page.evaluate("window.__tapToScreen || []")]


class Wire:
    """Bytes of request and response bodies that reach the server, from Chromium's own count:
    a response's body is its bytes received less its head; answers from the cache count 0."""

    def __init__(self) -> None:
        self.sent = 0
        self.heads: dict[str, int] = {}
        self.received = 0

    def listen(self, cdp: Any) -> None:
        cdp.on("Network.requestWillBeSent", self._request)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)

    def clear(self) -> None:
        self.sent = self.received = 0
        self.heads.clear()

    @property
    def total(self) -> int:
        return self.sent + self.received

    def _request(self, event: dict[str, Any]) -> None:
        self.sent += len(event["request"].get("postData", "").encode())

    def _response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        if not response.get("fromDiskCache") and not response.get("fromServiceWorker"):
            self.heads[event["requestId"]] = int(response.get("encodedDataLength", 0))

    def _finished(self, event: dict[str, Any]) -> None:
        head = self.heads.pop(event["requestId"], None)
        if head is not None:
            self.received += max(0, int(event["encodedDataLength"]) - head)


def measure_family(browser: Browser, base: str) -> list[dict[str, Any]] | dict[str, str]:
    """Skull King's and Oh Hell's taps per round; a failure there is reported in their place,
    Wizard's figures are kept."""
    try:
        return family_taps.measure(browser, base)
    except Exception:
        return {"error": traceback.format_exc(limit=6)[-3000:]}


def run() -> dict[str, Any]:
    """Taps and browser requests per round, by players and hand size, and the paper pad's count;
    Skull King's and Oh Hell's taps (``family``)."""
    rows = []
    with (
        tempfile.TemporaryDirectory(prefix="bench-taps-") as tmp,
        running(Path(tmp), threads=4) as server,
        sync_playwright() as driver,
    ):
        base = server.url
        swaps: list[float] = []
        browser = launch(driver)
        try:
            for players, hands in TABLES.items():
                context = browser.new_context(viewport=PHONE, base_url=base)
                context.set_default_timeout(TIMEOUT_MS)
                context.add_init_script(TAP_CLOCK)
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
                wire = Wire()
                wire.listen(cdp)
                flows.new_game(page, base, NAMES[:players])
                row: dict[str, Any] = {"players": players, "paper": 3 * players}
                row["hands"] = list(hands)
                for hand in hands:
                    number = rules.schedule(players).index(hand) + 1
                    if number > 1:
                        flows.fast_forward(page, number - 2)  # setup, not play: rounds 2 on
                    requests.clear()
                    cached.clear()
                    wire.clear()
                    row[f"taps_{hand}"] = round_taps(page, players, number)
                    row[f"bytes_{hand}"] = wire.total
                    swaps.extend(tap_times(page))
                    row[f"requests_{hand}"] = len(requests) - len(cached)
                    row[f"html_{hand}"] = sum("/static/" not in url for url in requests)
                rows.append(row)
                context.close()
            family = measure_family(browser, base)
        finally:
            browser.close()
    bytes_rows = [
        {
            "players": row["players"],
            "hands": row["hands"],
            "bytes": [row[f"bytes_{hand}"] for hand in row["hands"]],
            "goal": BYTES_GOALS[row["players"]],
        }
        for row in rows
        if row["players"] in BYTES_GOALS
    ]
    return {
        "rows": [row for row in rows if row["players"] in range(3, 7)],
        "bytes_rows": bytes_rows,
        "family": family,
        "chromium": CHROMIUM,
        "tap_to_screen_ms": median(swaps),
        "tap_to_screen_p90_ms": sorted(swaps)[int(0.9 * (len(swaps) - 1))] if swaps else None,
        "tap_to_screen_count": len(swaps),
    }
