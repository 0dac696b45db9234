"""The Flask extensions, made once here and bound to the app in ``create_app``."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, request
from flask_babel import Babel
from flask_wtf.csrf import CSRFError, CSRFProtect

from scorekeeper.render import languages


class _CSRFProtect(CSRFProtect):  # type: ignore[misc]  # Flask-WTF is untyped
    """Flask-WTF's protection, with a Referer it cannot read refused like a missing one.

    Over HTTPS Flask-WTF compares the Referer's origin with the page's, and ``urllib`` raises
    ``ValueError`` on a port like ":99999" or a broken "[::1": that was a 500.
    """

    def protect(self, *args: Any, **kwargs: Any) -> None:
        try:
            super().protect(*args, **kwargs)
        except ValueError as error:
            raise CSRFError("The referrer header is malformed.") from error


csrf = _CSRFProtect()
babel = Babel()


def _origin_for_a_missing_referer() -> None:
    """Over HTTPS Flask-WTF refuses a form without a Referer, and privacy settings and
    extensions strip it. Browsers send ``Origin`` with every form they post: a same-origin one
    stands in for the Referer, so Flask-WTF's check accepts it; a cross-origin one, or none,
    leaves the Referer missing and the form refused as before (issue 32)."""
    if not request.is_secure or request.referrer or request.method not in _POSTS:
        return
    origin = request.headers.get("Origin", "")
    try:
        sent, here = urlsplit(origin), urlsplit(f"https://{request.host}")
        same = (sent.scheme, sent.hostname, sent.port) == (here.scheme, here.hostname, here.port)
    except ValueError:  # a port like ":99999" or a broken "[::1"
        return
    if same:
        request.environ["HTTP_REFERER"] = f"{origin}/"


_POSTS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def init_app(app: Flask) -> None:
    """Bind CSRF protection and translations to ``app``."""
    # Before Flask-WTF's own check, which reads the Referer.
    app.before_request(_origin_for_a_missing_referer)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=languages.locale)
