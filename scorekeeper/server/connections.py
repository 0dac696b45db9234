"""Open connections by client address, counted as each is accepted: one address may hold
:data:`MOST_PER_ADDRESS` at once, and the server as many as its open-files limit leaves room for
(:func:`room_for_connections`). When the server is full, a new connection takes the place of the
oldest one of the address holding the most, if that address holds more than the newcomer's:
many addresses of one attacker cannot keep a new phone out either.

Off per address behind a trusted proxy, where every connection comes from the proxy, which caps
its own clients (docs/hosting.md).
"""

from __future__ import annotations

import ipaddress
import sys
from typing import Protocol

from scorekeeper.server.refusals import Refusals

# A table's phones each hold a stream and a connection or two for their taps; a club evening
# behind one router is a few dozen phones, a browser opens at most six connections to a server.
# Far above that, one address is taking the server.
MOST_PER_ADDRESS = 512
# Open files kept free of connections: the database and its journal for each thread, the
# static files being sent, the logs, the heavy worker's pipes, the listening socket.
RESERVE = 128
# Where the open-files limit cannot be read (Windows): as many as the server asks for.
WITHOUT_A_LIMIT = 8000


class Connection(Protocol):
    """What the registry needs of a connection: a way to drop it at once."""

    def abort(self) -> None:
        """Close the connection now, whatever it was doing."""


class Connections:
    """The open connections of one server, by client address, oldest first."""

    def __init__(
        self,
        per_address: int | None = MOST_PER_ADDRESS,
        total: int | None = None,
        refusals: Refusals | None = None,
    ) -> None:
        self.per_address = per_address
        self.total = room_for_connections() if total is None else total
        self.refusals = refusals or Refusals()
        self.open: dict[str, dict[Connection, None]] = {}  # a dict keeps them oldest first
        self.count = 0

    def admit(self, address: str, connection: Connection) -> bool:
        """Count ``connection`` from ``address`` in, or say it is to be closed at once."""
        held = len(self.open.get(address, ()))
        if self.per_address is not None and held >= self.per_address:
            self.refusals.said(
                "connections",
                address,
                f"Closed connections past {self.per_address} from one address",
            )
            return False
        if self.count >= self.total and not self._make_room(held):
            self.refusals.said("full", address, "Closed new connections: the server is full")
            return False
        self.open.setdefault(address, {})[connection] = None
        self.count += 1
        return True

    def leave(self, address: str, connection: Connection) -> None:
        """Count ``connection`` out (closed by either side)."""
        held = self.open.get(address)
        if held is None or connection not in held:
            return
        del held[connection]
        self.count -= 1
        if not held:
            del self.open[address]

    def _make_room(self, newcomer_holds: int) -> bool:
        """Close the oldest connection of the address holding the most, if it holds more than
        the newcomer's would with this one."""
        most = max(self.open, key=lambda address: len(self.open[address]), default=None)
        if most is None or len(self.open[most]) <= newcomer_holds + 1:
            return False
        oldest = next(iter(self.open[most]))
        self.leave(most, oldest)
        oldest.abort()
        self.refusals.said("evicted", most, "Closed old connections to make room for new ones")
        return True


def address_of(host: str) -> str:
    """The address a client is counted by: its IPv4 address, or the /64 network of its IPv6
    address (one device or home is given a whole /64, and could take a new address for each
    connection within it)."""
    if ":" not in host:
        return host
    try:
        return str(ipaddress.IPv6Network(f"{host}/64", strict=False))
    except ValueError:
        return host


def room_for_connections() -> int:
    """How many connections the open-files limit leaves room for, past :data:`RESERVE`."""
    if sys.platform == "win32":
        return WITHOUT_A_LIMIT
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return WITHOUT_A_LIMIT
    return max(soft - RESERVE, 16)
