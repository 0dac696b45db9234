"""A club's past brought into a group (issue 51): the keeper's upload of a BG Stats file or a
CSV of totals, the review page (who matched whom, what is skipped and why, each match
changeable), the confirmation, and ``POST /api/groups/<group_id>/imports`` for programs; the
page of a game known by its totals only, where every game address of such a game leads.

Thin: the file is read and reviewed by the core (:mod:`scorekeeper.core.club_files`,
:mod:`scorekeeper.core.club_import`), stored by :mod:`scorekeeper.storage.club_imports`. Nothing
is saved from a refused file, nor before the keeper confirms (or a program sends no
``dry_run``); a file waits for its review in the database, not in the page.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper import storage
from scorekeeper.core import club_files, club_import, scoring
from scorekeeper.core.club_import import Review, Skip
from scorekeeper.core.group_record import MAX_ROSTER
from scorekeeper.core.players import player_key
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError
from scorekeeper.render import labels
from scorekeeper.storage import StoredGroup
from scorekeeper.web import access, api, trash_kinds
from scorekeeper.web.api import Refusal
from scorekeeper.web.forms import groups as group_forms
from scorekeeper.web.groups_api import MAX_GROUP_FILE
from scorekeeper.web.kinds import GAME, GROUP

bp = Blueprint("club_imports", __name__, url_prefix="/groups")
api_bp = Blueprint("club_imports_api", __name__, url_prefix="/api/groups")
api_bp.register_error_handler(Refusal, api.refused_answer)

# The skipped plays a review page lists one by one; the rest are counted by reason.
LISTED_SKIPS = 50
_BODY_FIELDS = {"file", "dry_run", "players"}


def reviewed(
    stored: StoredGroup, file: club_files.ClubFile, chosen: dict[str, str | None] | None
) -> Review:
    """What bringing ``file`` into the group would do, with the keeper's ``chosen`` matches
    (player keys or names, as the API takes them); :class:`RuleError` for a choice that names
    nothing, :class:`storage.RosterFull` when its new players would not fit the roster."""
    picked = (
        None
        if chosen is None
        else {
            name: None if player is None else player_key(player) for name, player in chosen.items()
        }
    )
    known = storage.known_plays(storage.get_db(), stored.id)
    done = club_import.review(file, stored.roster, known, picked)
    if len(stored.roster) + len(done.new_players) > MAX_ROSTER:
        raise storage.RosterFull
    return done


def skip_words(skip: Skip, by_line: bool) -> str:
    """Where a play is in its file and why it is left out, in the reader's language."""
    why = labels.refusal(skip.reason)
    said: str = (
        _("Line %(line)s: %(reason)s", line=skip.where, reason=why)
        if by_line
        else _("Play %(play)s: %(reason)s", play=skip.where, reason=why)
    )
    return said


# --- the API ---------------------------------------------------------------------------------


@api_bp.post("/<group_id>/imports")
def import_plays(group_id: str) -> Response:
    """Review a BG Stats file or a CSV of totals for the group, and bring its plays in unless
    ``dry_run``: what matched, what is brought in, what is skipped and why."""
    stored = access.load(GROUP, group_id)
    if stored is None:
        api.refuse_missing(trash_kinds.GROUP, group_id)
        raise Refusal(404, "group_not_found", _("There is no group with this id."))
    api.require_edit_token(
        stored,
        missing=_(
            "Bringing plays into a group needs the group's edit token: "
            "send the header Authorization: Bearer <edit_token>."
        ),
        wrong=_("That edit token does not fit this group. It may have been renewed."),
    )
    body = api.json_body()
    file, dry_run, chosen = _body(body)
    try:
        done = reviewed(stored, file(), chosen)
        imported = 0 if dry_run else storage.bring_in(storage.get_db(), stored.id, done)
    except storage.RosterFull as error:
        raise Refusal(409, error.code, labels.refusal(error.reason)) from error
    except RuleError as error:
        where = {
            key: error.reason.params[key] for key in ("line", "play") if key in error.reason.params
        }
        raise Refusal(400, error.code, labels.refusal(error.reason), **where) from error
    return jsonify(review_json(stored, done, dry_run=dry_run, imported=imported))


def _body(body: object) -> tuple[Any, bool, dict[str, str | None] | None]:
    """The file (a reader), ``dry_run`` and the keeper's matches of a request's body."""
    shape = _(
        'Send {"file": the file\'s text (or a BG Stats file\'s JSON), "dry_run": true or '
        'false, "players": {"name in the file": "player" or null}}.'
    )
    if not isinstance(body, dict) or not set(body) <= _BODY_FIELDS or "file" not in body:
        raise Refusal(400, "import_body", shape)
    file, dry_run, players = body["file"], body.get("dry_run", False), body.get("players")
    if not isinstance(dry_run, bool) or not isinstance(file, str | dict):
        raise Refusal(400, "import_body", shape)
    if players is not None and not (
        isinstance(players, dict)
        and all(value is None or isinstance(value, str) for value in players.values())
    ):
        raise Refusal(400, "import_body", shape)
    if isinstance(file, dict):
        return (lambda: club_files.read_bgstats(file)), dry_run, players
    return (lambda: club_files.read(file)), dry_run, players


def review_json(
    stored: StoredGroup, done: Review, *, dry_run: bool, imported: int
) -> dict[str, Any]:
    """The review as the API answers it."""
    shown = dict(stored.roster)
    where = "line" if done.by_line else "play"
    return {
        "dry_run": dry_run,
        "source": done.source,
        "plays": done.plays,
        "brought_in": len(done.brought),
        "imported": imported,
        "players": [
            {
                "name": match.name,
                "player": match.player,
                "shown": shown.get(match.player or ""),
                "chosen": not match.found,
            }
            for match in done.names
        ],
        "new_players": list(done.new_players),
        "skipped": [
            {where: skip.where, "code": skip.reason.code, "reason": labels.refusal(skip.reason)}
            for skip in done.skipped
        ],
        "skipped_counts": done.counted(),
        "other_games": [{"game": name, "plays": count} for name, count in done.other_games()],
    }


# --- the pages -------------------------------------------------------------------------------


@bp.post("/<group_id>/imports")
def upload(group_id: str) -> ResponseReturnValue:
    """Take a keeper's file and show its review (nothing is saved from it yet)."""
    stored = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, stored)
    back = redirect(url_for("groups.show", group_id=stored.id), code=303)
    form = group_forms.PastForm()
    try:
        valid = form.validate_on_submit()
    except RequestEntityTooLarge:
        return _refused(back, Reason("import_file_too_large"))
    if not valid:
        return _refused(back, Reason("import_file_missing"))
    try:
        text = form.file.data.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        return _refused(back, Reason("import_not_text"))
    try:
        club_files.read(text)
    except RuleError as error:
        return _refused(back, error.reason)
    name = str(form.file.data.filename or "")[:80]
    draft = storage.keep_draft(storage.get_db(), stored.id, name, text)
    return redirect(url_for(".review", group_id=stored.id, draft_id=draft), code=303)


def _refused(back: ResponseReturnValue, reason: Reason) -> ResponseReturnValue:
    flash(labels.refusal(reason), "error")
    return back


@bp.route("/<group_id>/imports/<draft_id>", methods=["GET", "POST"])
def review(group_id: str, draft_id: str) -> ResponseReturnValue:
    """The review of a file: every name with its match (changeable), what is brought in and
    what is skipped and why; "Bring them in" saves it."""
    stored = access.load_or_404(GROUP, group_id)
    access.require_keeper(GROUP, stored)
    kept = storage.load_draft(storage.get_db(), stored.id, draft_id)
    if kept is None:
        abort(
            404,
            description=_(
                "This file was brought in already, or waited more than a day: choose it again."
            ),
        )
    file = club_files.read(kept[1])
    form = group_forms.PastReviewForm()
    chosen = form.chosen() if request.method == "POST" and form.validate_on_submit() else None
    problem = None
    try:
        done = reviewed(stored, file, chosen)
    except RuleError as error:  # a choice naming nothing, or a roster past its size
        problem = labels.refusal(error.reason)
        done = club_import.review(
            file, stored.roster, storage.known_plays(storage.get_db(), stored.id)
        )
    if problem is None and chosen is not None and request.form.get("do") == "confirm":
        try:
            count = storage.bring_in(storage.get_db(), stored.id, done)
        except storage.RosterFull as error:  # players added meanwhile
            flash(labels.refusal(error.reason), "error")
            return redirect(url_for(".review", group_id=stored.id, draft_id=draft_id), code=303)
        storage.drop_draft(storage.get_db(), draft_id)
        flash(
            ngettext(
                "%(num)s game brought in: it counts in the leaderboard and the ratings.",
                "%(num)s games brought in: they count in the leaderboard and the ratings.",
                count,
            ),
            "success",
        )
        return redirect(url_for("groups.show", group_id=stored.id), code=303)
    shown = group_forms.PastReviewForm(
        formdata=None,
        data={
            "names": [match.name for match in done.names],
            "players": [match.player or "" for match in done.names],
        },
    )
    return render_template(
        "groups/import.html",
        group=stored,
        file_name=kept[0],
        review=done,
        form=shown,
        problem=problem,
        skips=[skip_words(skip, done.by_line) for skip in done.skipped[:LISTED_SKIPS]],
    ), (400 if problem else 200)


@bp.get("/<group_id>/imported/<game_id>")
def imported(group_id: str, game_id: str) -> str:
    """A game known by its totals only: its players by place with their totals, where it came
    from, and that it has no rounds (so no score sheet or PDF)."""
    stored = access.load_or_404(GROUP, group_id)
    found = storage.imported_game(storage.get_db(), game_id)
    if found is None or found[0] != stored.id:
        abort(404)
    known = found[1]
    seats = [
        (rank, name, total, True)
        for name, total, rank in zip(known.players, known.totals, known.ranks, strict=True)
    ]
    guests = scoring.ranks(known.totals + known.guests)[len(known.players) :]
    seats += [(rank, "", total, False) for total, rank in zip(known.guests, guests, strict=True)]
    return render_template(
        "groups/imported.html",
        group=stored,
        game=known,
        seats=sorted(seats, key=lambda seat: seat[0]),
        keys=dict(zip(known.players, (player_key(name) for name in known.players), strict=True)),
    )


def totals_only(game_id: str) -> ResponseReturnValue | None:
    """A game address (its page, sheet, PDF, CSV, record, API) of a game known by its totals
    only leads to its page, which says so; the API answers 404 ``game_totals_only``."""
    if (request.endpoint or "").startswith("live."):
        return None  # a watcher's stream: an unknown game, as for any
    found = storage.imported_game(storage.get_db(), game_id)
    if found is None:
        return None
    if request.blueprint == "api":
        words = _("This game was brought in from a file with its totals only: it has no rounds.")
        return jsonify(error=words, code="game_totals_only"), 404
    return redirect(url_for("club_imports.imported", group_id=found[0], game_id=game_id), code=303)


access.MISSING.setdefault(GAME.name, []).append(totals_only)


@bp.url_value_preprocessor
def _file_limit(endpoint: str | None, _values: dict[str, Any] | None) -> None:
    """A club's past is a large file: these addresses take up to a group file's size."""
    if endpoint == "club_imports.upload":
        request.max_content_length = MAX_GROUP_FILE


@api_bp.url_value_preprocessor
def _api_file_limit(endpoint: str | None, _values: dict[str, Any] | None) -> None:
    if endpoint == "club_imports_api.import_plays":
        request.max_content_length = MAX_GROUP_FILE
