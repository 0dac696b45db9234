"""Serving many tables from one machine: a reverse proxy in front (HTTPS), and server limits
that hold when phones leave connections open or send far too much. See docs/hosting.md.
"""

from __future__ import annotations

import resource
import sys
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

# Waitress stops accepting at this many open connections; a phone keeps one or two open.
CONNECTION_LIMIT = 500
# An idle connection (a phone asleep, a half-sent request) is closed after this many seconds;
# a phone that wakes up opens a new one without noticing.
IDLE_SECONDS = 30
# Bodies up to this multiple of MAX_CONTENT_LENGTH are read (in memory) so that the app can
# refuse them with a page a player understands; larger ones are refused by Waitress before
# their body is read.
BODY_MARGIN = 4


def init_app(app: Flask) -> None:
    """Trust ``TRUSTED_PROXIES`` reverse proxies for the client's address, scheme and host."""
    proxies = trusted_proxies(app)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


def trusted_proxies(app: Flask) -> int:
    """How many proxies in front of the app set ``X-Forwarded-*`` headers (0: none)."""
    return max(0, int(app.config.get("TRUSTED_PROXIES") or 0))


def waitress_options(app: Flask) -> dict[str, Any]:
    """Waitress settings for ``app``: connection limits, idle timeouts and the body limit."""
    body_limit = BODY_MARGIN * int(app.config["MAX_CONTENT_LENGTH"])
    return {
        "connection_limit": CONNECTION_LIMIT,
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": 5,
        "max_request_body_size": body_limit,
        # Never spool a request body to a temporary file: every body that is read fits here.
        "inbuf_overflow": body_limit + 1,
        # With a proxy trusted, its X-Forwarded-* headers must reach ProxyFix; without one,
        # Waitress drops them so that no client can claim to be someone else.
        "clear_untrusted_proxy_headers": not trusted_proxies(app),
    }


def raise_open_files_limit(needed: int = 2 * CONNECTION_LIMIT + 100) -> None:
    """Let the process open a file per connection and more (the soft limit is often 1024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def share_the_interpreter(seconds: float = 0.0005) -> None:
    """Let a waiting thread in after ``seconds`` instead of Python's 5 ms.

    A PDF render holds the interpreter for long stretches; every time a page's thread waits for
    a query or the network, it queues for the interpreter again. With the shorter turn, a
    render in progress slows the round page by less than 2x instead of about 3x (measured by
    ``make bench``, docs/benchmarks.md).
    """
    sys.setswitchinterval(seconds)
