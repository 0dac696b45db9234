"""The pad's port held before its address is printed, and a sentence a person can act on when
the port cannot be held (taken by another program or by the pad itself, not allowed, not an
address of this machine).

``make run`` used to print its address, then fail inside Uvicorn with "[Errno 98]": the address
it had just printed opened whatever held the port. Holding the port first means an address on
the screen is always the pad's.
"""

from __future__ import annotations

import errno
import http.client
import json
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress

# How many ports after the one asked for are tried for a free one to suggest.
NEIGHBOURS = 20
# Uvicorn's listen queue (running.config's backlog).
BACKLOG = 2048
# What the pad's web app manifest is called in English: how a program on the port is known to be
# the pad itself (another window, or the service).
PAD_NAME = "Score pad"


class NotListening(Exception):
    """The port cannot be held: ``str()`` is what to tell the person who started the pad."""


def hold(host: str, port: int) -> list[socket.socket]:
    """Listen on ``port`` of every address ``host`` stands for (as Uvicorn's own binding does:
    each address family once, IPv6 apart from IPv4). NotListening, with what to do instead,
    when the port cannot be held."""
    try:
        return _bind_all(host, port)
    except OSError as error:
        raise NotListening(why_not(error, host, port)) from error


def _bind_all(host: str, port: int) -> list[socket.socket]:
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    listening: list[socket.socket] = []
    seen: set[tuple[object, ...]] = set()
    try:
        for family, kind, proto, _name, where in found:
            if where in seen:
                continue
            seen.add(where)
            sock = socket.socket(family, kind, proto)
            listening.append(sock)
            if sys.platform != "win32":  # on Windows the option lets another program share it
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(where)
            sock.listen(BACKLOG)
            sock.set_inheritable(True)
    except OSError:
        for sock in listening:
            sock.close()
        raise
    return listening


def why_not(error: OSError, host: str, port: int) -> str:
    """What a person can do when ``host``:``port`` cannot be held, in a few lines."""
    if error.errno == errno.EADDRINUSE:
        if is_the_pad(host, port):
            return (
                f"The score pad is already running on port {port} (in another window, or as a "
                f"service): open the address it printed there.\nTo start it again, stop that "
                f"one first (Ctrl+C in its window)."
            )
        free = free_port_after(host, port)
        other = f"make run PORT={free}" if free else "make run PORT=<another port>"
        return (
            f"Port {port} is taken by another program, so the score pad did not start (its "
            f"address would open that program).\nStart the pad on another port: {other}"
            + (" (free now)" if free else "")
            + ", or stop the other program and run make run again."
        )
    if error.errno == errno.EACCES:
        return (
            f"This machine does not let the score pad listen on port {port} (ports below 1024 "
            "need the administrator).\nStart it on another port: make run PORT=8000"
        )
    if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
        return (
            f"HOST={host} is not an address of this machine, so the score pad did not start.\n"
            "Start it with make run HOST=0.0.0.0 (for the phones on every network) or "
            "HOST=127.0.0.1 (this machine only)."
        )
    return f"The score pad could not listen on {host}:{port}: {error.strerror or error}."


def free_port_after(host: str, port: int, tries: int = NEIGHBOURS) -> int | None:
    """The first port after ``port`` that ``host`` can listen on right now, if any near."""
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        with suppress(OSError), _held(host, candidate):
            return candidate
    return None


@contextmanager
def _held(host: str, port: int) -> Iterator[None]:
    listening = _bind_all(host, port)
    try:
        yield
    finally:
        for sock in listening:
            sock.close()


def is_the_pad(host: str, port: int, timeout: float = 1) -> bool:
    """Whether the program on ``port`` is the pad: its manifest, asked for on this machine's
    loopback address (never another machine's), has the pad's name."""
    loopback = "::1" if ":" in host else "127.0.0.1"
    connection = http.client.HTTPConnection(loopback, port, timeout=timeout)
    try:
        connection.request("GET", "/manifest.webmanifest", headers={"Accept-Language": "en"})
        answer = connection.getresponse()
        body = answer.read(64 * 1024)
        return answer.status == 200 and json.loads(body).get("name") == PAD_NAME
    except (OSError, ValueError, http.client.HTTPException, AttributeError):
        return False
    finally:
        connection.close()
