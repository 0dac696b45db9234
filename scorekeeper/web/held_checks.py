"""Version checks answered in the server's own thread: at once, or held until the game changes.

Every open page of a game asks ``/games/<id>/version`` whether the game changed
(``static/live.js``). With 500 phones watching, that was hundreds of checks a second, and each
took the interpreter from the scorekeeper's page several times on its way through Waitress
(parsed into a request, handed to a worker thread, given a WSGI environ, the server's thread
woken again). Here the server's thread answers a plain check as soon as it reads it, and a check
that says ``Prefer: wait=N`` (RFC 7240) while nothing changed is held: answered ``304`` after
``N`` seconds (at most :data:`MOST_SECONDS`), or by the app as soon as the game changes, which
the server looks for every :data:`LOOK_EVERY` seconds with one read per game watched. A phone
then asks every ``N`` + 1.5 s instead of every 1.5 s and still sees a change within a second.

Only what the app itself would answer ``304`` is answered here (``live.VersionCheck``); anything
else is left to Waitress as it came. The connection classes in ``hosting`` use this.
"""

from __future__ import annotations

import heapq
import itertools
import re
import time
from dataclasses import dataclass
from typing import Any, Protocol

from waitress.utilities import build_http_date

# The longest a check is held: well under the server's idle timeout and a proxy's read timeout.
MOST_SECONDS = 10
# How often the games of held checks are looked at for a change.
LOOK_EVERY = 0.25


class Answers(Protocol):
    """What the app answers here (``live.VersionCheck``)."""

    PATH: re.Pattern[str]  # the addresses of the checks

    def not_modified(
        self, method: str, path: str, if_none_match: str | None, secure: bool
    ) -> list[tuple[str, str]] | None:
        """The headers of the app's ``304``, or ``None`` where it would answer otherwise."""


_HEADER_NAME = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_WAIT = re.compile(rb"(?:^|[\s,;])wait\s*=\s*(\d{1,6})(?:$|[\s,;])", re.IGNORECASE)


@dataclass(frozen=True)
class Check:
    """A plain request head, read whole: what the app's answer depends on, and its bytes."""

    method: str
    path: str
    if_none_match: str | None
    wait: int  # seconds the phone is ready to wait (``Prefer: wait``), 0 if it did not say
    data: bytes
    forwarded_proto: str | None = None  # ``X-Forwarded-Proto``, as a proxy sent it

    def scheme(self, default: str, proxies: int) -> str:
        """The scheme the app sees behind ``proxies`` trusted proxies (as ``ProxyFix`` reads
        ``X-Forwarded-Proto``: the ``proxies``-th value from the right), else ``default``."""
        said = (self.forwarded_proto or "").split(",") if proxies else []
        return said[-proxies].strip() if said and len(said) >= proxies else default


def read_check(data: bytes, paths: re.Pattern[str]) -> Check | None:
    """``data`` as one whole HTTP/1.1 ``GET`` or ``HEAD`` of a path ``paths`` matches, without
    a body, that keeps its connection; ``None`` for anything else (Waitress reads that)."""
    end = data.find(b"\r\n\r\n")
    if end != len(data) - 4:
        return None  # not whole yet, more than one request, or a body after it
    line, *fields = data[:end].split(b"\r\n")
    words = line.split(b" ")
    if len(words) != 3 or words[2] != b"HTTP/1.1" or words[0] not in (b"GET", b"HEAD"):
        return None
    if not paths.fullmatch(words[1].decode("latin-1")):
        return None  # a page, a file: Waitress reads it, without the headers read twice
    headers: dict[bytes, bytes] = {}
    for field in fields:
        name, colon, value = field.partition(b":")
        name = name.lower()
        if not colon or name in headers or not _HEADER_NAME.fullmatch(name):
            return None
        headers[name] = value.strip(b" \t")
    if headers.keys() & {b"content-length", b"transfer-encoding", b"expect"}:
        return None
    if headers.get(b"connection", b"").lower() == b"close":
        return None
    wait = _WAIT.search(headers.get(b"prefer", b""))
    return Check(
        method=words[0].decode("ascii"),
        path=words[1].decode("latin-1"),
        if_none_match=_text(headers.get(b"if-none-match")),
        wait=min(int(wait[1]), MOST_SECONDS) if wait else 0,
        data=data,
        forwarded_proto=_text(headers.get(b"x-forwarded-proto")),
    )


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("latin-1")


def head(headers: list[tuple[str, str]], ident: str) -> bytes:
    """A ``304`` with ``headers`` as Waitress writes it over HTTP/1.1: names capitalized, its
    ``Server`` and ``Date`` added, sorted by name (``WSGITask.build_response_header``)."""
    named = [("-".join(p.capitalize() for p in name.split("-")), v) for name, v in headers]
    named += [("Server", ident), ("Date", build_http_date(time.time()))]
    lines = ["HTTP/1.1 304 NOT MODIFIED", *(f"{n}: {v}" for n, v in sorted(named, key=_name))]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _name(header: tuple[str, str]) -> str:
    return header[0]


class Holder(Protocol):
    """A connection holding a check (``hosting._Channel``)."""

    connected: bool
    held: Check | None

    def unchanged(self, check: Check) -> list[tuple[str, str]] | None: ...

    def release(self, headers: list[tuple[str, str]] | None) -> None: ...

    def fileno(self) -> int: ...

    def handle_error(self) -> None: ...


class Holds:
    """The checks one server holds. Only the server's thread uses it: no lock.

    A look costs one read per game watched, and nothing per held check but those answered: the
    checks alike (same game, same version) are kept together, and their ends in a heap.
    """

    def __init__(self) -> None:
        self.alike: dict[tuple[str, str, str | None, str | None], dict[Any, Check]] = {}
        self.ends: list[tuple[float, int, Any]] = []  # (until, order, connection), by until
        self.until: dict[Any, float] = {}  # connection -> the end of its hold
        self.order = itertools.count()
        self.next_look = 0.0

    def hold(self, holder: Holder, check: Check) -> None:
        """Hold ``check`` of ``holder`` for its wait."""
        until = time.monotonic() + check.wait
        self.alike.setdefault(_key(check), {})[holder] = check
        self.until[holder] = until
        heapq.heappush(self.ends, (until, next(self.order), holder))

    def drop(self, holder: Holder, check: Check) -> None:
        """Forget ``holder``'s ``check`` (answered, or the connection closed)."""
        if self.until.pop(holder, None) is None:
            return
        key = _key(check)
        alike = self.alike.get(key, {})
        alike.pop(holder, None)
        if not alike:
            self.alike.pop(key, None)
        # Its place in the heap is passed over when it comes up (:meth:`_look`).

    def tick(self) -> tuple[float | None, list[int]]:
        """Answer the held checks whose game changed or whose wait is over: the seconds until
        the next look (``None`` with nothing held), and the connections answered."""
        if not self.until:
            self.ends.clear()
            return None, []
        now = time.monotonic()
        if now < self.next_look:
            return self.next_look - now, []
        self.next_look = now + LOOK_EVERY
        return LOOK_EVERY, self._look(now)

    def _look(self, now: float) -> list[int]:
        answered: list[int] = []
        known: dict[tuple[str, str, str | None, str | None], list[tuple[str, str]] | None] = {}
        for key, alike in list(self.alike.items()):
            holder, check = next(iter(alike.items()))
            headers = known[key] = unchanged(holder, check)
            if headers is None:  # the game changed: every phone on that version is told
                for holder in list(alike):
                    answered.append(_release(holder, None))
        while self.ends and self.ends[0][0] <= now:
            until, _order, holder = heapq.heappop(self.ends)
            if self.until.get(holder) == until and holder.held is not None:
                answered.append(_release(holder, known.get(_key(holder.held))))
        return answered


def unchanged(holder: Holder, check: Check) -> list[tuple[str, str]] | None:
    """The headers of the app's ``304`` to ``holder``'s ``check``, or ``None`` where the app
    answers otherwise, and where the question could not be asked."""
    try:
        return holder.unchanged(check)
    except Exception:  # the database could not be read: the app answers, and says so
        return None


def _release(holder: Holder, headers: list[tuple[str, str]] | None) -> int:
    fd = holder.fileno()
    try:
        holder.release(headers)
    except Exception:  # as the server's loop does with an error of a connection's own
        holder.handle_error()
    return fd


def _key(check: Check) -> tuple[str, str, str | None, str | None]:
    return (check.method, check.path, check.if_none_match, check.forwarded_proto)
