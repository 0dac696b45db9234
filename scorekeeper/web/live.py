"""Every open page of a game or a group follows it live: their version checks, and the table
display.

A page of a game carries the game's version (a group's page, the group's); ``static/live.js``
opens its stream of versions (``/games/<id>/events``, served beside Flask by
``scorekeeper.server.streams``, which asks :func:`version` who may watch) and brings the page
up to date when a version is not the one shown: the round page and the table display swap in
their new state (``views.asked_in_place``), other pages reload. A page that cannot stream asks
:func:`version` with ``If-None-Match`` every few seconds instead. Without JavaScript, watching
pages refresh themselves every 10 s with a ``<noscript>`` meta refresh
(``page_parts.noscript_refresh``).

Forms sent by ``live.js`` (so that a tap survives a dropped Wi-Fi) get their redirect as JSON:
a fetch cannot read where a redirect leads, and following it would spend the flash message.
"""

from __future__ import annotations

import json

from flask import Blueprint, Flask, Response, abort, redirect, render_template, request, url_for
from werkzeug.datastructures import ETags
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, evening_draw, group_figures, views
from scorekeeper.web.kinds import GAME, GROUP

bp = Blueprint("live", __name__)

# Sent by live.js with the forms it posts itself; see :func:`_redirect_as_json`.
SENT_BY_SCRIPT = "X-Pad-Send"


def init_app(app: Flask) -> None:
    """Register the blueprint and the redirect-as-JSON answer for script-sent forms."""
    app.register_blueprint(bp)
    app.after_request(_redirect_as_json)


@bp.get("/games/<game_id>/version")
def version(game_id: str) -> Response:
    """The game's version as an ``ETag``: ``304`` while it has not changed. Only for whoever
    may watch the game (the access check every game address has)."""
    current = storage.version_of(storage.get_db(), game_id)
    if current is None:
        abort(404)
    return _version_answer(current, request.if_none_match)


@bp.get("/groups/<group_id>/version")
def group_version(group_id: str) -> Response:
    """The group's version as an ``ETag``, as :func:`version` answers a game's: a change of the
    group or of one of its games moves it on."""
    stored = access.load_or_404(GROUP, group_id)
    return _version_answer(stored.version, request.if_none_match)


@bp.get("/evenings/<evening_id>/version")
def evening_version(evening_id: str) -> Response:
    """The club evening's version as an ``ETag``: a sitting drawn or a change of one of its
    games moves it on. Only for whoever may see the evening's group."""
    stored, _group = evening_draw.evening_or_404(evening_id)
    return _version_answer(stored.version, request.if_none_match)


def _version_answer(current: float, if_none_match: ETags) -> Response:
    etag = str(current)
    if if_none_match.contains(etag):
        response = Response(status=304)
    else:
        response = Response(json.dumps({"version": current}), mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


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
def display(game_id: str) -> WerkzeugResponse:
    """The table display: standings in large type, the round, and the bids as they come in.

    View-only whoever opens it: it has no form, so a tablet left on the table changes nothing.
    """
    stored = access.load_or_404(GAME, game_id)
    built = sheet.build(stored.record)
    now = built.current
    # Before the first bid, a game of a group shows each seat's chance to win (issue 34).
    starting = not built.rounds and now is not None and not now.bids_made
    page = render_template(
        "display/display.html",
        stored=stored,
        sheet=built,
        players=built.players,
        editor=False,
        in_place=views.asked_in_place(),
        chances=_chances(stored) if starting else [],
    )
    return views.page_answer(page)


def _chances(stored: StoredGame) -> list[tuple[int, str]]:
    """Each seat and its chance to win, likeliest first ([]: none to show)."""
    chances = group_figures.win_chances(stored)
    if chances is None:
        return []
    # Whole percentages that add up to 100 (the largest remainders rounded up): 22, 22, 22, 22
    # and 11 read as a sum gone wrong.
    whole = [int(chance * 100) for chance in chances]
    left = sorted(range(len(chances)), key=lambda seat: whole[seat] - chances[seat] * 100)
    for seat in left[: 100 - sum(whole)]:
        whole[seat] += 1
    seats = sorted(range(len(chances)), key=lambda seat: -chances[seat])
    return [(seat, group_figures.percent(whole[seat] / 100)) for seat in seats]


def _redirect_as_json(response: Response) -> Response:
    if request.headers.get(SENT_BY_SCRIPT) != "1" or not response.is_sequence:
        return response
    if 300 <= response.status_code < 400 and "Location" in response.headers:
        location = response.headers.pop("Location")
        response.status_code = 200
        response.set_data(json.dumps({"location": location}))
        response.mimetype = "application/json"
    return response
