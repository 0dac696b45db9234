"""Every open page of a game follows it live: a cheap version check, and the table display.

A page of a game carries the game's version; ``static/live.js`` asks ``/games/<id>/version``
with ``If-None-Match`` and ``Prefer: wait=10``, and reloads the page only when the answer is
not ``304``. The server holds the check while the game does not change, and answers it from
one indexed number before Flask (no sheet is built, nothing is rendered, no session is read;
``web/held_checks.py``), so a single server holds hundreds of watching phones while the
scorekeeper's taps are still answered at once (``benchmarks/watchers.py``). Without JavaScript,
watching pages refresh themselves every 10 s with a ``<noscript>`` meta refresh instead
(``page_parts.noscript_refresh``).

Forms sent by ``live.js`` (so that a tap survives a dropped Wi-Fi) get their redirect as JSON:
a fetch cannot read where a redirect leads, and following it would spend the flash message.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Blueprint, Flask, Response, abort, redirect, render_template, request, url_for
from werkzeug.datastructures import ETags
from werkzeug.http import parse_etags, quote_etag
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.web import access, hosting, security
from scorekeeper.web.kinds import GAME

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

bp = Blueprint("live", __name__)

# Sent by live.js with the forms it posts itself; see :func:`_redirect_as_json`.
SENT_BY_SCRIPT = "X-Pad-Send"
POLL_SECONDS = 1.5  # live.js's pace: a change shows on every phone within 2 s


def init_app(app: Flask) -> None:
    """Register the blueprint, the version check in front of Flask, and the redirect-as-JSON
    answer for script-sent forms."""
    app.register_blueprint(bp)
    app.after_request(_redirect_as_json)
    check = VersionCheck(app.wsgi_app, app)
    app.wsgi_app = check  # type: ignore[method-assign]
    # The server answers most checks as soon as it reads them (``hosting._Channel``).
    app.extensions[hosting.ANSWERED_AT_ONCE] = check


@bp.get("/games/<game_id>/version")
def version(game_id: str) -> Response:
    """The game's version as an ``ETag``: ``304`` while it has not changed.

    :class:`VersionCheck` answers first for games anyone with the link may watch; this route
    answers the others (after the access check every game address has) and unknown games.
    """
    current = storage.version_of(storage.get_db(), game_id)
    if current is None:
        abort(404)
    return _version_answer(current, request.if_none_match)


def _version_answer(current: int, if_none_match: ETags) -> Response:
    etag = str(current)
    if if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = Response(json.dumps({"version": current}), mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


class VersionCheck:
    """Answers ``GET /games/<id>/version`` before Flask: no request context, no session, no
    translations, no response object, one read on a connection the thread keeps. It is the
    request a server gets most (every watching phone, every few seconds), so it must cost next to
    nothing. Its answers are the route's, header for header (tests/test_live_early.py)."""

    PATH: re.Pattern[str] = re.compile(r"/games/([A-Za-z0-9_-]{1,64})/version")

    def __init__(self, wsgi_app: WSGIApplication, app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app
        seconds = int(app.config["HSTS_SECONDS"])
        # What the route's answer carries after its ETag: its Cache-Control, the security
        # headers, and the Vary that Flask-Compress and the session read add to it.
        self.after_etag = [
            ("Cache-Control", "no-cache"),
            ("Content-Security-Policy", security.CONTENT_SECURITY_POLICY),
            *security.FIXED_HEADERS,
            ("Vary", "Accept-Encoding, Cookie"),
        ]
        # Over HTTPS the route adds HSTS after the security headers (``security``).
        hsts = [("Strict-Transport-Security", f"max-age={seconds}")] if seconds > 0 else []
        self.after_etag_secure = [*self.after_etag[:-1], *hsts, self.after_etag[-1]]

    def not_modified(
        self, method: str, path: str, if_none_match: str | None, secure: bool
    ) -> list[tuple[str, str]] | None:
        """The headers of this layer's ``304`` to ``method path``, or ``None`` where it would
        answer otherwise (a change, a game it leaves to Flask, another address)."""
        found = self.PATH.fullmatch(path)
        if found is None or method not in ("GET", "HEAD"):
            return None
        current = self._peek(found[1])
        if current is None or not parse_etags(if_none_match).contains(str(current)):
            return None
        return [("ETag", quote_etag(str(current))), *self._after(secure)]

    def _peek(self, game_id: str) -> int | None:
        try:
            return storage.peek_version(self.app, game_id)
        except sqlite3.Error:  # the route reads again, and the app's error page says what failed
            return None

    def _after(self, secure: bool) -> list[tuple[str, str]]:
        return self.after_etag_secure if secure else self.after_etag

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        found = self.PATH.fullmatch(environ.get("PATH_INFO", ""))
        method = environ.get("REQUEST_METHOD")
        if found and method in ("GET", "HEAD"):
            current = self._peek(found[1])
            if current is not None:
                return self._answer(current, environ, start_response)
        return self.wsgi_app(environ, start_response)

    def _answer(
        self, current: int, environ: WSGIEnvironment, start_response: StartResponse
    ) -> list[bytes]:
        etag = str(current)
        after = self._after(environ.get("wsgi.url_scheme") in ("https", "wss"))
        tagged = ("ETag", quote_etag(etag))
        if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains(etag):
            start_response("304 NOT MODIFIED", [tagged, *after])
            return []
        body = json.dumps({"version": current}).encode()
        sized = [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        start_response("200 OK", [*sized, tagged, *after])
        return [] if environ["REQUEST_METHOD"] == "HEAD" else [body]


@bp.get("/games/<game_id>/display/<token>")
def display_by_link(game_id: str, token: str) -> WerkzeugResponse:
    """The table display's link once the view link was renewed: it carries the view token,
    which this browser keeps, as a renewed view link does (``views.watch``)."""
    stored = access.load_or_404(GAME, game_id)
    access.require_view_token(GAME, stored, token)
    access.remember(GAME, stored, by_view_link=True)
    return redirect(url_for("live.display", game_id=stored.id), code=303)


access.OWN_TOKEN.add("live.display_by_link")


@bp.get("/games/<game_id>/display")
def display(game_id: str) -> str:
    """The table display: standings in large type, the round, and the bids as they come in.

    View-only whoever opens it: it has no form, so a tablet left on the table changes nothing.
    """
    stored = access.load_or_404(GAME, game_id)
    built = sheet.build(stored.record)
    return render_template(
        "display/display.html",
        stored=stored,
        sheet=built,
        players=built.players,
        editor=False,
    )


def _redirect_as_json(response: Response) -> Response:
    if request.headers.get(SENT_BY_SCRIPT) != "1" or not response.is_sequence:
        return response
    if 300 <= response.status_code < 400 and "Location" in response.headers:
        location = response.headers.pop("Location")
        response.status_code = 200
        response.set_data(json.dumps({"location": location}))
        response.mimetype = "application/json"
    return response
