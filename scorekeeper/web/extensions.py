"""The Flask extensions, made once here and bound to the app in ``create_app``."""

from __future__ import annotations

from flask import Flask
from flask_babel import Babel
from flask_wtf.csrf import CSRFProtect

from scorekeeper.render import languages

csrf = CSRFProtect()
babel = Babel()


def init_app(app: Flask) -> None:
    """Bind CSRF protection and translations to ``app``."""
    csrf.init_app(app)
    babel.init_app(app, locale_selector=languages.locale)
