"""Serving many tables from one machine: the app as the server serves it (``scorekeeper.server``),
a reverse proxy in front (HTTPS), and the app's side of the server's limits. See
docs/hosting.md.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from scorekeeper import storage
from scorekeeper.server import asgi, limits
from scorekeeper.server.types import ASGIApp

# The server reads a body up to this multiple of MAX_CONTENT_LENGTH past the largest that any
# address takes (:func:`body_cap`).
BODY_MARGIN = 4
# The WSGI name of the header the server sets on a body it refused as too large.
BODY_TOO_LARGE = "HTTP_" + limits.BODY_TOO_LARGE.decode().upper().replace("-", "_")


def init_app(app: Flask) -> None:
    """Answer a body the server refused as too large with the app's own 413."""
    # A URL value preprocessor runs before every before_request hook: none of them (CSRF reads
    # the form) may see the request, whose body was never read.
    app.url_value_preprocessor(_refuse_too_large)


def asgi_app(app: Flask, threads: int = asgi.THREADS) -> ASGIApp:
    """``app`` as the server serves it: behind the live streams and the server's limits."""
    return asgi.make_app(
        app,
        database=storage.database_of(app),
        body_cap=body_cap(app),
        trusted_proxies=trusted_proxies(app),
        threads=threads,
    )


def trust_proxies(app: Flask) -> None:
    """Trust ``TRUSTED_PROXIES`` reverse proxies for the client's address, scheme and host.
    Wraps every other layer (call it last)."""
    proxies = trusted_proxies(app)
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies
        )


def _refuse_too_large(_endpoint: str | None, _values: dict[str, Any] | None) -> None:
    if request.environ.get(BODY_TOO_LARGE):
        raise RequestEntityTooLarge()


def body_cap(app: Flask) -> int:
    """The most of a request body the server reads: more than any address takes (the app's
    ``MAX_CONTENT_LENGTH``, a group file's 8 MB), so that the app's own limits answer a body a
    little over them; a body over the cap is refused as soon as its headers announce it (or
    a chunked body passes it), without being read, and the app words that refusal too."""
    from scorekeeper.web.groups_api import MAX_GROUP_FILE

    limit = int(app.config["MAX_CONTENT_LENGTH"])
    return max(limit, MAX_GROUP_FILE) + BODY_MARGIN * limit


def trusted_proxies(app: Flask) -> int:
    """How many proxies in front of the app set ``X-Forwarded-*`` headers (0: none)."""
    return max(0, int(app.config.get("TRUSTED_PROXIES") or 0))
