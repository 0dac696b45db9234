"""The Flask extensions, made once here and bound to the app in ``create_app``."""

from __future__ import annotations

from typing import Any

from flask import Flask
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


def init_app(app: Flask) -> None:
    """Bind CSRF protection and translations to ``app``."""
    csrf.init_app(app)
    babel.init_app(app, locale_selector=languages.locale)
