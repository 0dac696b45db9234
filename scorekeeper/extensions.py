"""The Flask extensions, made once here and bound to the app in ``create_app``."""

from __future__ import annotations

from flask import Flask, current_app, request
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
    return request.accept_languages.best_match(_known_locales()) or "en"


def _known_locales() -> list[str]:
    # Flask-Babel lists the translation folders on every call; they change only with a release.
    known: list[str] | None = current_app.extensions.get("scorekeeper.locales")
    if known is None:
        known = [str(locale) for locale in babel.list_translations()]
        current_app.extensions["scorekeeper.locales"] = known
    return known
