"""How soon a saved change shows on the phones following a game, measured in Chromium.

The real server (``python -m scorekeeper.serve``) on 127.0.0.1; a game's round page open on a
watching phone (390 x 844) and its table display (1280 x 800), in Debian's Chromium. A round is
posted through the API every 1 to 5 s (a table's pace, seeded); each page notes, as soon as a
version of the game is on its screen (the page's script has run, or swapped the new state in),
that version and the time.
Latency: from the moment the round was sent until the page showed it, on the same clock.

Run ``.venv/bin/python -m benchmarks.live_latency``; :func:`run` returns the figures.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import ViewportSize, sync_playwright

from benchmarks.watchers import _api_game
from tests.support.browser import PHONE, launch
from tests.support.server import running

TABLE: ViewportSize = {"width": 1280, "height": 800}
# Called by each page once it stands, with its version: the page is shown, loaded or with its
# new state swapped in (static/round.js).
SHOWN = """
const standing = () => {
  const version = document.body.dataset.version;
  if (version) requestAnimationFrame(() => window.shown(version, Date.now()));
};
addEventListener("DOMContentLoaded", standing);
document.addEventListener("scorekeeper:swapped", standing);
"""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(changes: int = 15, seed: int = 3) -> dict[str, Any]:
    """Median and p95 of the watcher's and the display's latency over ``changes`` rounds."""
    rng = random.Random(seed)
    shown: dict[str, dict[int, float]] = {"watcher": {}, "display": {}}
    sent: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-live-") as tmp:
        instance = Path(tmp) / "instance"
        with running(instance) as server, sync_playwright() as driver:
            game, token = _api_game(server.port)
            browser = launch(driver)
            for name, path, viewport in (
                ("watcher", f"/games/{game}", PHONE),
                ("display", f"/games/{game}/display", TABLE),
            ):
                page = browser.new_context(base_url=server.url, viewport=viewport).new_page()

                def note(_source: Any, version: str, when: float, name: str = name) -> None:
                    shown[name].setdefault(int(version), when / 1000)

                page.expose_binding("shown", note)
                page.add_init_script(SHOWN)
                page.goto(path)
            time.sleep(2)  # both pages loaded and following
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
            for number in range(1, changes + 1):
                pause = time.monotonic() + rng.uniform(1.0, 5.0)
                while time.monotonic() < pause:  # the browser's events come in meanwhile
                    browser.contexts[0].pages[0].wait_for_timeout(50)
                trump = {"turned": "suit", "suit": "hearts"}
                tricks = [number, 0, 0]
                body = json.dumps({"trump": trump, "bids": [0, 0, 0], "tricks": tricks})
                sent[number + 1] = time.time()
                connection.request("POST", f"/api/games/{game}/rounds", body, headers)
                answer = connection.getresponse()
                answer.read()
                assert answer.status == 201, answer.status
            browser.contexts[0].pages[0].wait_for_timeout(3000)
            connection.close()
            browser.close()
    figures: dict[str, Any] = {"changes": changes}
    for name, times in shown.items():
        waits = [times[version] - at for version, at in sent.items() if version in times]
        figures[name] = {
            "shown": len(waits),
            "median_ms": round(1000 * statistics.median(waits), 1) if waits else None,
            "p95_ms": round(1000 * _percentile(waits, 0.95), 1) if waits else None,
            "slowest_ms": round(1000 * max(waits), 1) if waits else None,
        }
    return figures


def main() -> None:
    print(json.dumps(run(), indent=2))


if __name__ == "__main__":
    main()
