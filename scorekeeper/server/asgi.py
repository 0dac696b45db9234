"""The pad as one ASGI application: its layers, outermost first."""

from __future__ import annotations

from a2wsgi import WSGIMiddleware

from scorekeeper.server.limits import AddressCap, BodyCap
from scorekeeper.server.streams import Changes, Streams
from scorekeeper.server.types import ASGIApp, WSGIApp

# Flask's threads: a page waits for SQLite or the network for part of its time, so a few more
# than the cores keep them busy; the live streams take none (they wait in the server's loop).
THREADS = 8


def make_app(
    wsgi_app: WSGIApp,
    *,
    database: str,
    body_cap: int,
    trusted_proxies: int = 0,
    threads: int = THREADS,
) -> ASGIApp:
    """``wsgi_app`` (the Flask app) behind the streams of game changes read from ``database``,
    bodies over ``body_cap`` refused unread, and (with no proxy in front) a cap on one
    address's open requests."""
    flask: ASGIApp = WSGIMiddleware(wsgi_app, workers=threads)  # type: ignore[arg-type,assignment]
    app: ASGIApp = Streams(flask, Changes(database))
    app = BodyCap(app, body_cap)
    if not trusted_proxies:  # behind a proxy every request comes from it: its own cap holds
        app = AddressCap(app)
    return app
