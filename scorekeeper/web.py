"""Everything the pages and the API share: extensions, error pages, security headers."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.sessions import SecureCookieSessionInterface
from flask_babel import Babel, get_locale, gettext
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.exceptions import HTTPException

csrf = CSRFProtect()
babel = Babel()

# No inline script or style and no other host: the app works on a table's network alone.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def init_app(app: Flask) -> None:
    """Register extensions, blueprints, error handlers and response headers."""
    from scorekeeper import api, exports, labels, pdf, views
    from scorekeeper.rules import Suit

    app.session_interface = _SessionInterface()
    csrf.init_app(app)
    babel.init_app(app, locale_selector=_locale)
    app.register_blueprint(views.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(exports.bp)
    app.register_blueprint(pdf.bp)
    csrf.exempt(api.bp)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.after_request(_security_headers)
    # Static URLs carry their content's hash (?v=…): see SEND_FILE_MAX_AGE_DEFAULT.
    app.url_defaults(_static_version)
    app.jinja_env.globals.update(
        trump_label=labels.trump_label,
        suit_label=labels.suit_label,
        variant_lines=labels.variant_lines,
        round_reminders=labels.round_reminders,
        get_locale=get_locale,
        Suit=Suit,
        lengths={key.value: text for key, text in labels.LENGTHS.items()},
        restrictions={key.value: text for key, text in labels.RESTRICTIONS.items()},
        visibilities={key.value: text for key, text in labels.VISIBILITIES.items()},
        flags=labels.FLAGS,
    )


class _SessionInterface(SecureCookieSessionInterface):
    """The session cookie is marked Secure whenever the page came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or bool(app.config["SESSION_COOKIE_SECURE"])


def _static_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values:
        values.setdefault("v", _content_hash(current_app.static_folder or "", values["filename"]))


@cache
def _content_hash(folder: str, filename: str) -> str:
    try:
        return hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:12]
    except OSError:
        return "0"


def _locale() -> str | None:
    """The reader's language among those the app has translations for (English otherwise)."""
    known = [str(locale) for locale in babel.list_translations()]
    return request.accept_languages.best_match(known) or "en"


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _csrf_error(error: CSRFError) -> tuple[Response | str, int]:
    message = gettext(
        "This form was out of date or incomplete, so nothing was changed. "
        "The page has been reloaded: please try again."
    )
    return _error_response(400, message)


def _http_error(
    error: HTTPException,
) -> tuple[Response | str, int, dict[str, str]] | HTTPException:
    if error.code is None or error.code < 400:
        return error
    messages = {
        404: gettext(
            "There is nothing here. The game may have been deleted, or the link is incomplete."
        ),
        405: gettext("That is not something this address can do."),
        413: gettext("That is too much data to send at once."),
        500: gettext("Something went wrong on our side. Everything saved before is safe: reload."),
    }
    default = error.description if error.code in (400, 403, 409) else None
    body, code = _error_response(error.code, default or messages.get(error.code, error.name))
    # A 405 must say which methods the address takes (the exception's own page would).
    allow = getattr(error, "valid_methods", None)
    return body, code, {"Allow": ", ".join(allow)} if allow else {}


def _error_response(code: int, message: str) -> tuple[Response | str, int]:
    if _wants_json():
        return jsonify(error=message), code
    return render_template("error.html", code=code, message=message), code


def _security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    return response
