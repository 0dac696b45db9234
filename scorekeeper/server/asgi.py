"""The pad as one ASGI application: its layers, outermost first."""

from __future__ import annotations

from a2wsgi import WSGIMiddleware

from scorekeeper.server import limits
from scorekeeper.server.limits import AddressCap, BodyCap, LeftQuietly
from scorekeeper.server.streams import Changes, Streams
from scorekeeper.server.types import ASGIApp, WSGIApp

# Flask's threads: a page waits for SQLite or the network for part of its time, so a few more
# than the cores keep them busy; the live streams take none (they wait in the server's loop).
THREADS = 8
# The bodies one address has open at once may hold this many times the largest one the server
# reads: a group file being imported beside a round or two, but never memory by the gigabyte.
HELD_BODIES = 2
# And the bodies of all addresses together this many: the server's memory stays bounded (about
# 75 MB of bodies) however many addresses an attacker has.
HELD_IN_ALL = 8


def make_app(
    wsgi_app: WSGIApp,
    *,
    database: str,
    body_cap: int,
    trusted_proxies: int = 0,
    threads: int = THREADS,
    body_seconds: float = limits.BODY_SECONDS,
) -> ASGIApp:
    """``wsgi_app`` (the Flask app) behind the streams of game changes read from ``database``,
    bodies read whole before the app (those over ``body_cap`` refused unread), and (with no
    proxy in front) caps on one address's open requests and the bodies it has open."""
    flask: ASGIApp = WSGIMiddleware(wsgi_app, workers=threads)  # type: ignore[arg-type,assignment]
    app: ASGIApp = Streams(flask, Changes(database))
    # Behind a proxy every request comes from it: its own caps hold for each of its clients.
    held_per_address = None if trusted_proxies else HELD_BODIES * body_cap
    app = BodyCap(
        app,
        body_cap,
        seconds=body_seconds,
        held_per_address=held_per_address,
        held_in_all=HELD_IN_ALL * body_cap,
    )
    if not trusted_proxies:
        app = AddressCap(app)
    return LeftQuietly(app)
