"""Error pages a player understands: HTML for the pages, JSON ``{"error"}`` under ``/api/``."""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from scorekeeper import storage


def init_app(app: Flask) -> None:
    """Answer every HTTP error (and a refused CSRF token) with a sentence, never a stack."""
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(storage.Unavailable, _cannot_save)


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _csrf_error(error: CSRFError) -> tuple[Response | str, int]:
    message = gettext(
        "This form was out of date or incomplete, so nothing was changed. "
        "The page has been reloaded: please try again."
    )
    return error_response(400, message)


def _cannot_save(error: storage.Unavailable) -> tuple[Response | str, int, dict[str, str]]:
    if isinstance(error, storage.Away) and request.method in ("GET", "HEAD"):  # a read
        current_app.logger.warning("A page could not be read: the database is away (%s).", error)
        message = gettext(
            "Something went wrong on our side. Everything saved before is safe: reload."
        )
        body, code = error_response(503, message, code_name="database_away")
        return body, code, {"Retry-After": "5"}
    current_app.logger.warning("An entry was refused: the database cannot be written (%s).", error)
    message = gettext(
        "The pad cannot save right now; this entry was not saved. "
        "Everything saved before is still there: try again later."
    )
    body, code = error_response(503, message, code_name="read_only")
    return body, code, {"Retry-After": "60"}


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
    # Any other status gets a sentence in the reader's language, never HTTP's English name.
    other = gettext("That did not work: go back and try again.")
    body, code = error_response(error.code, default or messages.get(error.code, other))
    # A 405 must say which methods the address takes (the exception's own page would).
    allow = getattr(error, "valid_methods", None)
    return body, code, {"Allow": ", ".join(allow)} if allow else {}


# The API's codes for errors of HTTP itself (docs/api.md).
HTTP_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    500: "server_error",
}


def error_response(
    code: int, message: str, *, code_name: str | None = None
) -> tuple[Response | str, int]:
    """The error page, or ``{"error": message, "code": …}`` for the API, with status ``code``
    (``code_name``, or the one of the HTTP status)."""
    if _wants_json():
        return jsonify(error=message, code=code_name or HTTP_CODES.get(code, "http_error")), code
    return render_template("error.html", code=code, message=message), code
