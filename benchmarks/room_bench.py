"""The room screen while 13 tables play (issue 48), measured in Chromium.

The real server (``python -m scorekeeper.serve``) on 127.0.0.1; a club evening of 52 players at
13 tables of 4 (Wizard, 15 rounds a table) drawn over the API; its room screen open in Debian's
Chromium at 1920 x 1080. Each table saves a round through the API (its table's edit token)
every 20 s, the tables a 13th of that apart, for ``seconds``. The screen notes, in the page
itself, each time a table's card changes and what it then says ("Round n of 15"); the
benchmark notes every request the screen makes and the bytes of each answer.

Latency: from the moment a table's round was sent until the room screen showed that table at
its next round, on the same clock. Answers: the screen's requests to ``room.json`` per round
saved (at most one a change is the goal), their bytes, and the screen's loads (one: it never
reloads while the tables play).

Run ``.venv/bin/python -m benchmarks.room_bench``; :func:`run` returns the figures.
"""

from __future__ import annotations

import http.client
import json
import re
import statistics
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

from playwright.sync_api import Response, ViewportSize, sync_playwright

from scorekeeper.core import game
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Variants
from tests.plays import legal_round, round_json
from tests.support.browser import launch
from tests.support.server import running

ROOM: ViewportSize = {"width": 1920, "height": 1080}
TABLES = 13
EVERY = 20.0  # seconds between two rounds saved at a table
# Each table's card, as it changes: its id, what its progress says, when (the page's clock).
WATCH = """
addEventListener("DOMContentLoaded", () => {
  const seen = (part) => {
    const words = part.querySelector(".progress .words");
    window.cardShown(part.id, words ? words.textContent : "", Date.now());
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      const part = change.target.closest && change.target.closest(".part[id^=room-t]");
      if (part) seen(part);
    }
  }).observe(document.body, { childList: true, subtree: true });
});
"""


class Club:
    """The evening over the API: its tables, their tokens, and each table's game so far."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        group = self.call("POST", "/api/groups", {"name": "Bench club"})
        self.keeper = group["edit_token"]
        players = [f"Player {n:02d}" for n in range(1, 4 * TABLES + 1)]
        body = {"players": players, "game": "wizard", "sittings": 3, "table_sizes": [4]}
        evening = self.call("POST", f"/api/groups/{group['id']}/evenings", body, self.keeper)
        self.evening: str = evening["id"]
        drawn = self.call(
            "POST",
            f"/api/evenings/{self.evening}/sittings",
            {"seating": "random", "seed": 1},
            self.keeper,
        )
        self.tables: list[dict[str, Any]] = drawn["tables"]
        self.records: dict[int, GameRecord] = {
            t["table"]: game.begin("wizard", t["players"], t["first_dealer"], Variants())
            for t in self.tables
        }
        self.rng = Random(5)

    def call(self, method: str, path: str, body: Any, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.connection.request(method, path, json.dumps(body), headers)
        answer = self.connection.getresponse()
        text = answer.read()
        assert answer.status in (200, 201), (answer.status, text[:300])
        return json.loads(text)

    def save_round(self, number: int) -> int:
        """A round saved at table ``number``: the rounds its game then has."""
        table = next(t for t in self.tables if t["table"] == number)
        record = self.records[number]
        played = legal_round(record, self.rng)
        self.call(
            "POST", f"/api/games/{table['game']}/rounds", round_json(played), table["edit_token"]
        )
        self.records[number] = game.add_round(record, played)
        return len(self.records[number].rounds)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(seconds: float = 60.0) -> dict[str, Any]:
    """The room screen's latency, answers and bytes while 13 tables save a round every 20 s."""
    shown: dict[tuple[str, int], float] = {}
    sent: dict[tuple[str, int], float] = {}
    answers: list[int] = []
    loads: list[str] = []
    reloaded = 0
    with (
        tempfile.TemporaryDirectory(prefix="bench-room-") as tmp,
        running(Path(tmp) / "instance") as server,
        sync_playwright() as driver,
    ):
        club = Club(server.port)
        browser = launch(driver)
        page = browser.new_context(base_url=server.url, viewport=ROOM).new_page()

        def note(_source: Any, part: str, words: str, when: float) -> None:
            found = re.match(r"Round (\d+) of", words)
            if found:
                shown.setdefault((part, int(found.group(1)) - 1), when / 1000)

        def answered(response: Response) -> None:
            if "/room.json" in response.url:
                answers.append(len(response.body()))

        page.expose_binding("cardShown", note)
        page.add_init_script(WATCH)
        page.on("response", answered)
        page.on("load", lambda _page: loads.append(page.url))
        page.goto(f"/evenings/{club.evening}/room")
        page.wait_for_timeout(2000)  # loaded and following the evening's stream
        began = time.monotonic()
        order = [t["table"] for t in club.tables]
        beat = EVERY / len(order)
        saved = 0
        while time.monotonic() - began < seconds:
            at = began + saved * beat
            while time.monotonic() < at:  # the browser's events come in meanwhile
                page.wait_for_timeout(20)
            number = order[saved % len(order)]
            when = time.time()
            rounds = club.save_round(number)
            sent[(f"room-t1-{number}", rounds)] = when
            saved += 1
        page.wait_for_timeout(3000)
        # What each change cost before (issue 48): the whole page again, at every save.
        reloaded = len(page.request.get(f"/evenings/{club.evening}/room").body())
        browser.close()
        club.connection.close()
    waits = [shown[key] - at for key, at in sent.items() if key in shown]
    return {
        "tables": TABLES,
        "every_s": EVERY,
        "seconds": seconds,
        "rounds_saved": len(sent),
        "shown": len(waits),
        "median_ms": round(1000 * statistics.median(waits), 1) if waits else None,
        "p95_ms": round(1000 * _percentile(waits, 0.95), 1) if waits else None,
        "slowest_ms": round(1000 * max(waits), 1) if waits else None,
        "answers": len(answers),
        "answers_per_change": round(len(answers) / max(1, len(sent)), 2),
        "answer_bytes_median": statistics.median(answers) if answers else None,
        "answer_bytes_max": max(answers) if answers else None,
        "answer_bytes_total": sum(answers),
        "loads": len(loads),
        "page_bytes": reloaded,
    }


def main() -> None:
    print(json.dumps(run(), indent=2))


if __name__ == "__main__":
    main()
