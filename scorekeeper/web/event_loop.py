"""Waitress's event loop without asking every connection at every turn.

Waitress's loop (``wasyncore.poll2``) builds a new ``poll`` set at each turn by asking every
open connection whether it wants to read or write: two Python calls per connection, each time
any one of them has something to do. With 500 phones watching a game (each keeps a connection
open and checks the version every 1.5 s), every check and every page cost the server's main
thread about 1,000 such calls, holding the interpreter the pages' threads wait for: the
scorekeeper's round page took 3.6 times as long at its 99th percentile (docs/speed.md).

This loop keeps the ``poll`` set between turns and asks again only the connections whose answer
may have changed: those that had an event, those not simply waiting for a request (a request
being served, an answer being sent, a connection closing), every other dispatcher (the listening
socket, whose check also closes idle connections, and the trigger), and all of them after the
server closed idle connections or when connections came or went. A connection waiting for its
next request stays so until it gets an event: only its own event, a task of its own (which it
has only after an event) or the server's sweep change what it wants, and each of those leads
here to asking it again. It answers the same events as Waitress's loop, in the same order per
connection.

Where the system has ``epoll`` (Linux) the set lives in the kernel, and a turn costs the same
with 5 connections open or 500; elsewhere it is a ``poll`` set, which C walks at each turn.

The server uses it through Waitress's ``asyncore`` attribute (``hosting.serve``), which holds
the module whose ``loop`` its ``run`` calls.
"""

from __future__ import annotations

import select
from collections.abc import Callable, MutableMapping
from contextlib import suppress
from errno import EINTR
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel

# What Waitress's server finds here besides the loop (``BaseWSGIServer.__init__``).
dispatcher = wasyncore.dispatcher

# What a connection waiting for its next request wants: to read, nothing to write.
WAITING = select.POLLIN | select.POLLPRI


# Called at every turn: the seconds until it must be called again (``None``: no hurry), and
# the connections whose state it changed (``held_checks.Holds.tick``).
Tick = Callable[[], tuple[float | None, list[int]]]


def loop(
    timeout: float = 30.0,
    use_poll: bool = False,
    map: MutableMapping[int, Any] | None = None,
    count: int | None = None,
    tick: Tick | None = None,
) -> None:
    """``wasyncore.loop`` with :class:`Poller`: runs until ``map`` is empty (or ``count`` turns)."""
    if map is None:
        map = wasyncore.socket_map
    if not hasattr(select, "poll"):  # pragma: no cover (Windows: Waitress's own loop)
        wasyncore.loop(timeout, use_poll, map, count)
        return
    poller = Poller(map, tick)
    try:
        while map and (count is None or count > 0):
            poller.turn(timeout)
            if count is not None:
                count -= 1
    finally:
        poller.close()


class Shim:
    """What Waitress's server finds in its ``asyncore`` attribute: the dispatcher class it
    builds on, and :func:`loop` with ``tick`` called at every turn."""

    dispatcher = wasyncore.dispatcher

    def __init__(self, tick: Tick) -> None:
        self.tick = tick

    def loop(
        self,
        timeout: float = 30.0,
        use_poll: bool = False,
        map: MutableMapping[int, Any] | None = None,
        count: int | None = None,
    ) -> None:
        """:func:`loop` with this shim's ``tick``."""
        loop(timeout, use_poll, map, count, self.tick)


class Poller:
    """A ``poll`` set kept between turns over Waitress's map of dispatchers by file number."""

    def __init__(self, map: MutableMapping[int, Any], tick: Tick | None = None) -> None:
        self.map = map
        self.tick = tick
        self.kernel = hasattr(select, "epoll")  # the set kept by the kernel (epoll's events
        # have poll's numbers, which wasyncore.readwrite reads)
        self.pollster: Any = select.epoll() if self.kernel else select.poll()
        self.known: dict[int, Any] = {}  # file number -> its dispatcher when last asked
        self.wanted: dict[int, int] = {}  # file number -> the events registered for it
        self.others: set[int] = set()  # dispatchers other than connections: asked every turn
        self.ask: set[int] = set()  # connections to ask at the next turn
        self.everyone = True  # ask every connection at the next turn (and at the first)
        self.accepted = False  # a listening socket had an event in the last turn

    def turn(self, timeout: float | None) -> None:
        """Ask who wants what, wait up to ``timeout`` seconds, and answer what happened."""
        if self.tick is not None:
            due, changed = self.tick()
            self.ask.update(changed)
            if due is not None:
                timeout = due if timeout is None else min(timeout, due)
        self._update()
        try:
            if self.kernel:
                events = self.pollster.poll(-1 if timeout is None else timeout)
            else:
                events = self.pollster.poll(None if timeout is None else int(timeout * 1000))
        except OSError as error:  # pragma: no cover (a signal during the wait)
            if error.args[0] != EINTR:
                raise
            events = []
        for fd, flags in events:
            found = self.map.get(fd)
            if found is not None:
                self.ask.add(fd)
                if found.accepting:
                    self.accepted = True  # a connection may have come: look for it next turn
                wasyncore.readwrite(found, flags)

    def _update(self) -> None:
        if self.everyone or self.accepted or len(self.map) != len(self.known):
            self._recount()
        # The others first: the listening socket's check may sweep idle connections.
        for fd in list(self.others):
            self._ask(fd)
        asked = self.map if self.everyone else self.ask
        batch = [fd for fd in asked if fd not in self.others]
        self.everyone = False
        self.ask = set()
        for fd in batch:
            self._ask(fd)

    def _recount(self) -> None:
        """Find the connections that came or went since the last turn (compared in C).

        A connection goes away only during an event of its own or while it is being asked (it
        was closing, or serving), and comes only when a listening socket accepts it; a file
        number taken again by a new connection in between is found by :meth:`_ask`, which
        every such event leads to.
        """
        self.accepted = False
        present, known = self.map.keys(), self.known.keys()
        if present == known:
            return
        for fd in known - present:
            self._forget(fd)
        self.ask.update(present - known)

    def _ask(self, fd: int) -> None:
        found: Any = self.map.get(fd)
        if found is None:
            self._forget(fd)
            return
        if self.known.get(fd) is not found:
            self._register(fd, 0)  # a new connection, maybe on a closed one's file number
        sweeps = getattr(found, "next_channel_cleanup", None)
        flags = 0
        if found.readable():
            flags |= select.POLLIN | select.POLLPRI
        # A listening socket is never asked to write (as in wasyncore.poll2).
        if found.writable() and not found.accepting:
            flags |= select.POLLOUT
        self._register(fd, flags)
        self.known[fd] = found
        if not isinstance(found, HTTPChannel):
            self.others.add(fd)
            if sweeps is not None and found.next_channel_cleanup != sweeps:
                self.everyone = True  # it swept idle connections: some now want to close
            return
        self.others.discard(fd)
        if flags != WAITING:
            self.ask.add(fd)

    def _forget(self, fd: int) -> None:
        self.known.pop(fd, None)
        self.others.discard(fd)
        self._register(fd, 0)

    def _register(self, fd: int, flags: int) -> None:
        had = self.wanted.get(fd, 0)
        if had == flags:
            return
        if flags:
            if had and self.kernel:
                self.pollster.modify(fd, flags)
            else:
                self.pollster.register(fd, flags)
            self.wanted[fd] = flags
            return
        del self.wanted[fd]
        # A file closed already was dropped from the kernel's set with it.
        with suppress(OSError):
            self.pollster.unregister(fd)

    def close(self) -> None:
        """Let the set go (epoll's is a file of its own)."""
        if self.kernel:
            self.pollster.close()
