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


class OnceAMinute(logging.Filter):
    """Lets each warning of a logger through once a minute at most (by its message before its
    values), the next one saying how many were left out: Uvicorn warns of every malformed
    request ("Invalid HTTP request received."), so a stranger sending them by the thousand
    would fill the disk. Errors always go through."""

    def __init__(self, every: float = EVERY_SECONDS, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.every = every
        self.clock = clock
        self.last: dict[str, float] = {}
        self.left_out: Counter[str] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            return True
        said = str(record.msg)
        now = self.clock()
        if now - self.last.get(said, -self.every) < self.every:
            self.left_out[said] += 1
            return False
        self.last[said] = now
        if left_out := self.left_out.pop(said, 0):
            record.msg = f"{said} ({left_out} more like it in the last minute)"
        return True


def quieten(logger: logging.Logger) -> None:
    """Let ``logger``'s warnings through once a minute at most (:class:`OnceAMinute`), once."""
    if not any(isinstance(one, OnceAMinute) for one in logger.filters):
        logger.addFilter(OnceAMinute())
