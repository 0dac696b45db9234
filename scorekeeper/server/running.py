"""Uvicorn's settings for the pad, serving until stopped, and a server in a thread (tests)."""

from __future__ import annotations

import contextlib
import logging
import socket
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from scorekeeper.server import refusals
from scorekeeper.server.connections import MOST_PER_ADDRESS, Connections
from scorekeeper.server.heads import Gate
from scorekeeper.server.types import ASGIApp

# An idle connection (a phone asleep between taps) is closed after this many seconds; a phone
# that wakes up opens a new one without noticing. A request's head must arrive whole within as
# long (server/heads.py).
IDLE_SECONDS = 30
# Open connections the process should be able to hold: a file each, and some to spare.
CONNECTIONS = 8000


def config(
    app: ASGIApp,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    idle_seconds: int = IDLE_SECONDS,
    connections: Connections | None = None,
    parser: Any = None,
) -> uvicorn.Config:
    """Uvicorn's settings: where it listens, its idle timeout, its open connections' registry
    (by default :data:`connections.MOST_PER_ADDRESS` from one address), no access log.
    ``parser``: Uvicorn's HTTP protocol, its own choice unless given."""
    settings = uvicorn.Config(
        app,
        host=host,
        port=port,
        # a2wsgi answers the app's start and end (lifespan) for Flask, which has neither.
        lifespan="off",
        # Uvicorn's own protocol, with connections counted by address and a request's head
        # timed and bounded (server/heads.py).
        http=Gate.serving(connections or Connections(), parser),
        # The app reads X-Forwarded-* itself, and only from a proxy it is told to trust
        # (``hosting.trust_proxies``): the server must not take them from anyone on loopback.
        proxy_headers=False,
        timeout_keep_alive=idle_seconds,
        # Open streams end at once when the server stops; the phones reconnect to the next one.
        timeout_graceful_shutdown=1,
        backlog=2048,
        access_log=False,
        log_level="warning",  # the pad says where it serves (``addresses.announce``)
        server_header=False,
    )
    # Uvicorn's own warnings (a malformed request, an upgrade it does not serve) are one a
    # request: a stranger's thousands of them are said once a minute (server/refusals.py).
    refusals.quieten(logging.getLogger("uvicorn.error"))
    return settings


def serve(
    app: ASGIApp,
    listening: list[socket.socket],
    *,
    host: str,
    port: int,
    per_address: int | None = MOST_PER_ADDRESS,
) -> None:
    """Serve ``app`` on the sockets already listening on ``host``:``port``
    (``listening.hold``) until Ctrl-C or SIGTERM, with at most ``per_address`` connections
    from one address (``None`` behind a proxy)."""
    raise_open_files_limit()
    # Uvicorn stops gracefully, then raises Ctrl-C's interrupt again: stopping is the end of
    # serving, not an error with a traceback.
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config(app, host=host, port=port, connections=Connections(per_address))).run(
            sockets=listening
        )


def raise_open_files_limit(needed: int = CONNECTIONS) -> None:
    """Let the process open a file per connection and more (the soft limit is often 1024).
    Windows has no such limit to raise."""
    if sys.platform == "win32":
        return
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def address(host: str, port: int) -> str:
    """``host:port`` in a URL (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


@contextmanager
def in_a_thread(
    app: ASGIApp, host: str, idle_seconds: int = IDLE_SECONDS, **settings: Any
) -> Iterator[str]:
    """Serve ``app`` on a free port of ``host`` from a thread of this process: its base URL
    while the block runs, then the server stopped. ``settings``: more of :func:`config`'s."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.create_server((host, 0), family=family, backlog=2048)
    port = listening.getsockname()[1]
    server = uvicorn.Server(
        config(app, host=host, port=port, idle_seconds=idle_seconds, **settings)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        yield f"http://{address(host, port)}"
    finally:
        server.should_exit = True  # as its signal handlers do: the loop ends at its next tick
        thread.join(timeout=10)
        listening.close()
        assert not thread.is_alive(), "the server did not stop"
