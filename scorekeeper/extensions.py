"""The Flask extensions, made once here and bound to the app in ``create_app``."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import Babel
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()


def init_app(app: Flask) -> None:
    """Bind CSRF protection and translations to ``app``."""
    csrf.init_app(app)
    babel.init_app(app, locale_selector=_locale)


def _locale() -> str | None:
    """The reader's language among those the app has translations for (English otherwise)."""
    known = [str(locale) for locale in babel.list_translations()]
    return request.accept_languages.best_match(known) or "en"
