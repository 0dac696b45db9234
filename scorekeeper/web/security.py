"""Security headers on every answer, and a session cookie that is Secure over HTTPS.

The Referrer-Policy is ``same-origin``: a page's own forms carry a Referer (Flask-WTF checks it
over HTTPS, so a form cannot be posted from another site), while links to other sites get none.
HSTS is sent only on answers that came over HTTPS (behind a trusted proxy: docs/hosting.md).
"""

from __future__ import annotations

from flask import Flask, Response, current_app, g, request
from flask.sessions import SecureCookieSessionInterface
from itsdangerous import URLSafeTimedSerializer

# No inline script or style and no other host: the app works on a table's network alone. Media
# from data: is NoSleep.js's silent video, which keeps a screen on where Wake Lock is missing.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; media-src 'self' data:; style-src 'self'; "
    "script-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def init_app(app: Flask) -> None:
    """Use the Secure-over-HTTPS session cookie and add the headers to every response."""
    app.session_interface = _SessionInterface()
    app.after_request(_security_headers)
    app.after_request(_no_store)


class _SessionInterface(SecureCookieSessionInterface):
    """The session cookie is marked Secure whenever the page came over HTTPS; one serializer
    per set of secret keys (Flask makes one to read and one to write the cookie of every
    request)."""

    _kept: tuple[object, URLSafeTimedSerializer | None] | None = None

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or bool(app.config["SESSION_COOKIE_SECURE"])

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        kept = self._kept
        if kept is None or kept[0] != keys:
            kept = self._kept = (keys, super().get_signing_serializer(app))
        return kept[1]


# Every answer carries these whatever the request, also those made outside a Flask request
# (``live.VersionCheck``), after its Content-Security-Policy.
FIXED_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)


def fixed_headers(response: Response) -> Response:
    """Add the Content-Security-Policy (unless the answer has its own) and the
    :data:`FIXED_HEADERS`."""
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    for name, value in FIXED_HEADERS:
        response.headers[name] = value
    return response


def _security_headers(response: Response) -> Response:
    fixed_headers(response)
    seconds = int(current_app.config["HSTS_SECONDS"])
    if request.is_secure and seconds > 0:
        response.headers["Strict-Transport-Security"] = f"max-age={seconds}"
    return response


def _no_store(response: Response) -> Response:
    """Pages of a keeper and those with links that give access (any kind's share and join
    pages) are never kept by a browser or a proxy: the back button or a shared computer must not
    bring them back."""
    if g.get("no_store"):
        response.headers["Cache-Control"] = "no-store"
    return response
