"""Groups for other programs: the JSON API, and the group file that moves a group to a server.

The API (``/api/groups``) takes a bearer token like the games API: making a group needs none,
adding a game, deleting the group (to the trash) and restoring it need the group's edit token,
reading it and its statistics need none. Refusals are the games
API's JSON ``{"error": sentence, "code": stable_snake_case}``. The group file is downloaded from
the group page and uploaded on the home page of another server. Documented in ``docs/api.md``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, flash, jsonify, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import ratings, rules, stats
from scorekeeper.core.group_record import GroupFile, parse_group_file
from scorekeeper.core.players import player_key
from scorekeeper.core.record import Json, RecordError, parse_game
from scorekeeper.core.refusals import Reason
from scorekeeper.core.stats_filters import Filters
from scorekeeper.render import filenames, labels
from scorekeeper.render import group_ratings as shown_ratings
from scorekeeper.storage import StoredGroup
from scorekeeper.web import (
    access,
    api,
    bgstats_plays,
    group_figures,
    heavy,
    once,
    trash_kinds,
    uploads,
)
from scorekeeper.web.api import Refusal
from scorekeeper.web.forms import groups as group_forms
from scorekeeper.web.kinds import GROUP

# About 3,000 games of four players over the standard length.
MAX_GROUP_FILE = 8 * 1024 * 1024

bp = Blueprint("groups_api", __name__, url_prefix="/api/groups")
files = Blueprint("group_files", __name__)


# Refusals are the games API's: the same JSON body, the same handler.
bp.register_error_handler(Refusal, api.refused_answer)


# --- the API ---------------------------------------------------------------------------------


@bp.post("")
def create_group() -> tuple[Response, int, dict[str, str]]:
    """Make a group: ``{"name": ...}``; answers its id and edit token."""
    body = api.json_body()
    if not isinstance(body, dict) or set(body) != {"name"}:
        raise Refusal(
            400, "group_fields", _('Send {"name": "the group\'s name"} and nothing else.')
        )
    name = body["name"]
    if not isinstance(name, str) or not 0 < len(name.strip()) <= group_forms.MAX_GROUP_NAME:
        raise Refusal(
            400,
            "group_name",
            _("The group's name is 1 to %(n)s characters.", n=group_forms.MAX_GROUP_NAME),
        )
    if rules.has_hidden_character(name):
        reason = Reason("group_name_bad_character")
        raise Refusal(400, reason.code, labels.refusal(reason))
    stored = storage.create_group(storage.get_db(), rules.normalise_name(name))
    body = {"id": stored.id, "edit_token": stored.edit_token, "name": stored.name}
    return jsonify(body), 201, {"Location": url_for(".group_stats", group_id=stored.id)}


@bp.get("/<group_id>")
def get_group(group_id: str) -> Response:
    """The group: its name, roster, games and club nights, with its version as its ``ETag``;
    ``304`` when ``If-None-Match`` names it."""
    stored = stored_group(group_id)
    evenings = storage.group_evenings(storage.get_db(), stored.id)
    body = {
        "id": stored.id,
        "name": stored.name,
        "players": list(stored.players),
        "games": [entry.id for entry in heavy.visible(stored)],
        "evenings": [evening.id for evening in evenings],
        "version": stored.version,
    }
    response = jsonify(body)
    response.set_etag(str(stored.version))
    response.make_conditional(request)
    return response


@bp.delete("/<group_id>")
def delete_group(group_id: str) -> Response:
    """Move the group to the trash with its club nights (``If-Match``: its version); restorable
    until ``until``. Its games stay games."""
    stored = stored_group(group_id)
    _require_keeper(stored)
    if not api.version_matches(stored.version):
        raise api.stale(trash_kinds.GROUP, stored.version)
    return api.into_trash(
        trash_kinds.GROUP,
        stored.id,
        stored.version,
        lambda: api.stale(trash_kinds.GROUP, stored_group(group_id).version),
    )


@bp.post("/<group_id>/restore")
def restore_group(group_id: str) -> Response:
    """Bring the group back from the trash with its club nights, at the same version."""
    stored = storage.load_group(storage.get_db(), group_id, trashed=True) or stored_group(group_id)

    def may() -> None:
        _require_keeper(stored)
        if not api.version_matches(stored.version):
            raise api.stale(trash_kinds.GROUP, stored.version)

    api.out_of_trash(trash_kinds.GROUP, group_id, may)
    return get_group(group_id)


@bp.post("/<group_id>/games")
def add_game(group_id: str) -> tuple[Response, int, dict[str, str]]:
    """Store a game record as a game of the group; answers the game's id and edit token."""
    stored = _editable(group_id)
    record = api.parsed_record(parse_game, api.json_body())
    try:
        created = storage.create_group_game(storage.get_db(), stored.id, record)
    except storage.RosterFull as error:
        raise Refusal(409, error.code, labels.refusal(error.reason)) from error
    body = {"id": created.id, "edit_token": created.edit_token}
    return jsonify(body), 201, {"Location": url_for("api.get_game", game_id=created.id)}


@bp.get("/<group_id>/stats")
def group_stats(group_id: str) -> Response:
    """The leaderboard over the group's finished games of one game (``?game=``; ``?length=``,
    ``?variant=`` filter Wizard's)."""
    stored = stored_group(group_id)
    filters = _filters()
    figures = group_figures.group_stats(stored, filters)
    return jsonify(stats_json(stored, figures))


@bp.get("/<group_id>/ratings")
def group_ratings(group_id: str) -> Response:
    """Each player's rating over the group's finished games of one game (the same ``?game=``
    and filters as the statistics), best first: worked out from the games each time, never
    stored (core/ratings.py)."""
    stored = stored_group(group_id)
    figures = group_figures.group_stats(stored, _filters())
    return jsonify(ratings_json(stored, figures))


def ratings_json(stored: StoredGroup, figures: stats.GroupStats) -> Json:
    """The ratings as the API answers them, named as the statistics name the players, with
    how often the favourite won (the backtest)."""
    told: Json = {"game": figures.game} if figures.others_played else {}
    done = shown_ratings.rate(figures)
    return {
        "id": stored.id,
        "name": stored.name,
        **told,
        "games": len(figures.games),
        "players": [
            {
                "player": player.name,
                "rating": line.rating,
                "games": line.games,
                "provisional": line.provisional,
                "uncertainty": line.uncertainty,
            }
            for player, line in group_figures.rated(figures, done)
        ],
        "backtest": backtest_json(done.backtest),
    }


def backtest_json(tested: ratings.Backtest) -> Json:
    """How often the favourite won, as the API answers it."""
    return {
        "games": tested.games,
        "favourite_won": round(tested.favourite_won, 2),
        "rate": None if tested.rate is None else round(tested.rate, 4),
        "baseline": round(tested.baseline, 4),
    }


@bp.get("/<group_id>/ratings/<path:player>")
def player_ratings(group_id: str, player: str) -> Response:
    """One player's rating change in each counted game (the same ``?game=`` and filters as the
    statistics), in the order played, each read by opponent."""
    stored = stored_group(group_id)
    figures = group_figures.group_stats(stored, _filters())
    key = player_key(player)
    figure = figures.player(key)
    done = shown_ratings.rate(figures, key)
    line = done.line_of(key)
    if figure is None or line is None:
        raise Refusal(404, "player_not_found", _("No counted game of the group has this player."))
    told: Json = {"game": figures.game} if figures.others_played else {}
    return jsonify(
        {
            "id": stored.id,
            "player": figure.name,
            **told,
            "rating": line.rating,
            "provisional": line.provisional,
            "games": [
                {
                    "game": entry.result.id,
                    "number": entry.result.number,
                    "played_at": entry.result.played_at,
                    "place": entry.change.place,
                    "players": entry.change.size,
                    "before": round(entry.change.before, 2),
                    "after": round(entry.change.after, 2),
                    "change": round(entry.change.change, 2),
                    "held": entry.change.held,
                    "settled": entry.change.settled,
                    "opponents": [{"player": other, "change": part} for other, part in entry.parts],
                }
                for entry in shown_ratings.player_lines(figures, done, key)
            ],
        }
    )


def stats_json(stored: StoredGroup, figures: stats.GroupStats) -> Json:
    """The statistics as the API answers them (players in leaderboard order). A group that has
    played another game than the default one is told which game these are (``game``) and which
    it has played (``played``), like a game record names a game other than the default."""
    told: Json = {}
    if figures.others_played:
        told = {"game": figures.game, "played": list(figures.played)}
    return {
        "id": stored.id,
        "name": stored.name,
        **told,
        "games": len(figures.games),
        "players": [
            {
                "name": p.name,
                "games": p.games,
                "wins": p.wins,
                "rounds_bid": p.rounds_bid,
                "bids_met": p.bids_met,
                "zero_bids": p.zero_bids,
                "zero_bids_met": p.zero_bids_met,
                "total_points": p.total_points,
                "best_total": p.best_total,
                "average_total": p.average_total,
            }
            for p in figures.players
        ],
    }


def stored_group(group_id: str) -> StoredGroup:
    """The group (404 unknown). The request was allowed to see it before the view ran
    (:func:`scorekeeper.web.access.check_request`: 403 once its view link was renewed, unless the
    bearer token is its view or edit token)."""
    stored = access.load(GROUP, group_id)
    if stored is None:
        api.refuse_missing(trash_kinds.GROUP, group_id)
        raise Refusal(404, "group_not_found", _("There is no group with this id."))
    return stored


def _require_keeper(stored: StoredGroup) -> None:
    """Refuse a request without the group's edit token (401 without one, 403 with another)."""
    api.require_edit_token(
        stored,
        missing=_(
            "Deleting or restoring a group needs its edit token: "
            "send the header Authorization: Bearer <edit_token>."
        ),
        wrong=_("That edit token does not fit this group. It may have been renewed."),
    )


def _editable(group_id: str) -> StoredGroup:
    """The group, if the request carries its edit token (401 without one, 403 with a wrong one)."""
    stored = stored_group(group_id)
    api.require_edit_token(
        stored,
        missing=_(
            "Adding a game to a group needs the group's edit token: "
            "send the header Authorization: Bearer <edit_token>."
        ),
        wrong=_("That edit token does not fit this group. It may have been renewed."),
    )
    return stored


def _filters() -> Filters:
    try:
        return group_figures.parse_filters(request.args)
    except group_figures.FilterError as error:
        raise Refusal(400, "filter_unknown", str(error)) from error


# --- the group file --------------------------------------------------------------------------


@files.get("/groups/<group_id>/export.json")
def export_group(group_id: str) -> Response:
    """Download the whole group: name, roster, every game with the rounds completed."""
    stored = access.load_or_404(GROUP, group_id)

    text = heavy.group_file(stored)
    name = filenames.name_from([stored.name, stored.updated_at[:10]], "json")
    response = Response(text, mimetype="application/json")
    response.headers["Content-Disposition"] = filenames.content_disposition(name)
    response.headers["Cache-Control"] = "no-store"
    return response


@files.get("/groups/<group_id>/export.bgsplay")
def export_group_bgsplay(group_id: str) -> Response:
    """Download the group's finished games (its club nights' among them) as a BG Stats play
    file."""
    stored = access.load_or_404(GROUP, group_id)
    found = bgstats_plays.plays(storage.group_games(storage.get_db(), stored.id))
    found += bgstats_plays.imported_plays(stored.id)
    name = filenames.name_from([stored.name, stored.updated_at[:10]], "bgsplay")
    return bgstats_plays.play_file(found, (stored.name, stored.id), name)


@files.post("/groups/import")
def import_group() -> WerkzeugResponse:
    """Make a group from an uploaded group file; a refused file changes nothing."""
    try:
        group, key = _uploaded_group()
    except RecordError as error:
        flash(
            _("The file was not imported. %(reason)s", reason=labels.refusal(error.reason)),
            "error",
        )
        return redirect(url_for("views.home"))
    stored = once.make(
        lambda browser: storage.import_group_file(
            storage.get_db(), group.name, group.players, group.games, group.evenings, key, browser
        )[0]
    )
    if stored is None:
        return once.refused()
    access.remember(GROUP, stored, keeper=True)
    flash(
        ngettext(
            "Group imported with %(num)s game.",
            "Group imported with %(num)s games.",
            len(group.games),
        ),
        "success",
    )
    return redirect(url_for("groups.show", group_id=stored.id))


@files.url_value_preprocessor
def _group_file_limit(endpoint: str | None, _values: dict[str, Any] | None) -> None:
    """A season of games is larger than one game's record: this upload alone may be bigger.
    Set before any before_request hook reads the form (the CSRF check does)."""
    if endpoint == "group_files.import_group":
        request.max_content_length = MAX_GROUP_FILE


_GROUP_UPLOAD = uploads.Refusals(
    "group_import_too_large", "group_import_no_file", "group_import_not_json"
)


def _uploaded_group() -> tuple[GroupFile, str | None]:
    """The group in the uploaded file and the key of this upload (as for a game's import), or a
    :class:`RecordError`."""
    data, key = uploads.read(_GROUP_UPLOAD, "group-import")
    return parse_group_file(data), key
