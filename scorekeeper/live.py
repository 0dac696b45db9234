"""Every open page of a game follows it live: a cheap version check, and the table display.

A page of a game carries the game's version; ``static/app.js`` asks ``/games/<id>/version``
every 1.5 s with ``If-None-Match`` and reloads the page only when the answer is not ``304``.
The check reads one indexed number (no sheet is built, nothing is rendered, no session is
read), so a single server holds hundreds of watching phones while the scorekeeper's taps are
still answered at once (``benchmarks/watchers.py``). Without JavaScript, watching pages refresh
themselves every 10 s with a ``<noscript>`` meta refresh instead (``macros.html``).

Forms sent by ``app.js`` (so that a tap survives a dropped Wi-Fi) get their redirect as JSON:
a fetch cannot read where a redirect leads, and following it would spend the flash message.
"""

from __future__ import annotations

import json

from flask import Blueprint, Flask, Response, abort, render_template, request

from scorekeeper import db, sheet

bp = Blueprint("live", __name__)

# Sent by app.js with the forms it posts itself; see :func:`_redirect_as_json`.
SENT_BY_SCRIPT = "X-Pad-Send"
POLL_SECONDS = 1.5  # app.js's pace: a change shows on every phone within 2 s


def init_app(app: Flask) -> None:
    """Register the blueprint and the redirect-as-JSON answer for script-sent forms."""
    app.register_blueprint(bp)
    app.after_request(_redirect_as_json)


@bp.get("/games/<game_id>/version")
def version(game_id: str) -> Response:
    """The game's version as an ``ETag``: ``304`` while it has not changed."""
    current = db.version_of(db.get_db(), game_id)
    if current is None:
        abort(404)
    etag = str(current)
    if request.if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = Response(json.dumps({"version": current}), mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/display")
def display(game_id: str) -> str:
    """The table display: standings in large type, the round, and the bids as they come in.

    View-only whoever opens it: it has no form, so a tablet left on the table changes nothing.
    """
    stored = db.load_or_404(game_id)
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
