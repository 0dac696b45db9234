"""The server's refusals of what one client asked too much of, said in the log at most once a
minute each: an attacker making a thousand a second must not fill the disk, and an operator
still learns that it happens, how often, and from where."""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable

LOG = logging.getLogger("scorekeeper.server")
EVERY_SECONDS = 60.0


class Refusals:
    """Counts each kind of refusal; logs a kind the first time, then at most once a minute with
    how many there were since and the address refused most."""

    def __init__(self, every: float = EVERY_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.every = every
        self.clock = clock
        self.last: dict[str, float] = {}
        self.since: dict[str, Counter[str]] = {}

    def said(self, kind: str, address: str, why: str) -> None:
        """Note one refusal of ``kind`` (a short name) to ``address``; ``why`` is the log's
        sentence for it."""
        counted = self.since.setdefault(kind, Counter())
        counted[address] += 1
        now = self.clock()
        if now - self.last.get(kind, -self.every) < self.every:
            return
        self.last[kind] = now
        top, times = counted.most_common(1)[0]
        LOG.warning(
            "%s: %d refused since the last note (%d from %s)", why, counted.total(), times, top
        )
        counted.clear()
