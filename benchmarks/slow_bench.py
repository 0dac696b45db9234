"""A new visitor beside a thousand connections that trickle their requests in.

The real server over an empty instance; ``count`` connections each send a request line and one
header, then another header line now and then, and never finish (a slow attacker, or a crowd
of phones on a bad network). Once all are open, new visitors open the home page, each on a
connection of its own and each just after every trickling connection sent a line (the worst
moment): how long each waited, connecting included. The same visitors are timed before the
trickling starts. Goal: served within a second (issue 20, docs/hosting.md).

Run ``.venv/bin/python -m benchmarks.slow_bench``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.support.server import running
from tests.support.slow import another_line, trickling, visitor_seconds

GOAL_SECONDS = 1.0
VISITOR_TIMEOUT = 30.0
SETTLE_SECONDS = 1.0


def _visitor(port: int) -> tuple[int, float]:
    """A visitor's status and seconds; a visitor not served within the timeout counts as 0."""
    try:
        return visitor_seconds(port, timeout=VISITOR_TIMEOUT)
    except OSError:
        return 0, VISITOR_TIMEOUT


def run(count: int = 1000, visitors: int = 5) -> dict[str, Any]:
    """The new visitors' median and slowest seconds alone and beside ``count`` trickling
    connections, their statuses, and the goal."""
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        with running(instance) as live:
            _visitor(live.port)  # warm: the first page's templates
            alone = [_visitor(live.port) for _ in range(visitors)]
            with trickling(live.port, count) as opened:
                # They are trickling once all are open: the burst of opening them is not timed.
                time.sleep(SETTLE_SECONDS)
                beside = []
                for _ in range(visitors):
                    another_line(opened)
                    beside.append(_visitor(live.port))
    seconds = [taken for _status, taken in beside]
    return {
        "trickling": count,
        "visitors": visitors,
        "alone_median_s": round(statistics.median(taken for _status, taken in alone), 4),
        "median_s": round(statistics.median(seconds), 4),
        "slowest_s": round(max(seconds), 4),
        "not_served": sum(status != 200 for status, _taken in beside),
        "goal_s": GOAL_SECONDS,
    }


def main() -> None:
    """Print the results, one per line."""
    for key, value in run().items():
        print(f"{key:>15}: {value}")


if __name__ == "__main__":
    main()
