"""Take a game to another phone or a spreadsheet: the game record file, a CSV, and import.

The record (``export.json``) is the same JSON the API reads, so it imports as is; the CSV has
one row per player per completed round. Both are rendered from the score sheet, which never
holds a sealed bid. Import replays the file through the rules, like the API does.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.core import record, sheet
from scorekeeper.core.game import GameRecord
from scorekeeper.core.record import RecordError, check_text, parse_game
from scorekeeper.render import bgstats, csvfile, filenames, labels
from scorekeeper.storage import StoredGame, history
from scorekeeper.web import access, bgstats_plays, history_api, once, uploads
from scorekeeper.web.kinds import GAME

bp = Blueprint("exports", __name__)


@bp.get("/games/<game_id>/export.json")
def export_json(game_id: str) -> Response:
    """Download the game record."""
    stored = access.load_or_404(GAME, game_id)
    written = record.to_record(sheet.build(stored.record))
    # a round's sealed bids are no part of a file: left out, as the round at the table is
    shown = history_api.shown_entries(stored, None)
    carried = history.exported(storage.get_db(), shown)
    if carried:
        written["history"] = carried
    return _download(record.record_text(written), "application/json", _filename(stored, "json"))


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    """Download the score sheet as CSV, one row per player per completed round."""
    stored = access.load_or_404(GAME, game_id)
    return _download(
        csvfile.render(sheet.build(stored.record)), "text/csv", _filename(stored, "csv")
    )


@bp.get("/games/<game_id>/bgstats")
def send_to_bgstats(game_id: str) -> WerkzeugResponse:
    """Open BG Stats' import dialog with the finished game (its push link)."""
    stored = access.load_or_404(GAME, game_id)
    return redirect(bgstats.push_link(finished_play(stored)))


@bp.get("/games/<game_id>/export.bgsplay")
def export_bgsplay(game_id: str) -> Response:
    """Download the finished game as a BG Stats play file."""
    stored = access.load_or_404(GAME, game_id)
    play, place = finished_play(stored), bgstats_plays.place_of(stored.id)
    return bgstats_plays.play_file([play], place, _filename(stored, "bgsplay"))


def finished_play(stored: StoredGame) -> bgstats.Play:
    """The game as a BG Stats play, or a 409 page while it is played."""
    found = bgstats_plays.plays([stored])
    if not found:
        abort(409, description=bgstats_plays.not_finished())
    return found[0]


@bp.post("/games/import")
def import_game() -> WerkzeugResponse:
    """Create a game from an uploaded record file; a refused file changes nothing."""
    try:
        record, key, carried = _uploaded_record()
    except RecordError as error:
        reason = labels.refusal(error.reason)
        flash(_("The file was not imported. %(reason)s", reason=reason), "error")
        return redirect(url_for("views.home"))
    stored = once.make(
        lambda browser: storage.create_game_once(
            storage.get_db(), record, key, browser, started={"code": "imported"}, carried=carried
        )[0]
    )
    if stored is None:
        return once.refused()
    access.remember(GAME, stored, keeper=True)
    flash(_("Game imported."), "success")
    return redirect(url_for("views.game", game_id=stored.id))


# --- helpers ---------------------------------------------------------------------------------


def _filename(stored: StoredGame, ext: str) -> str:
    return filenames.download_name(stored.record.game, stored.record.players, stored.day, ext)


def _download(text: str, mimetype: str, name: str) -> Response:
    response = Response(text.encode("utf-8"), mimetype=mimetype)
    response.headers["Content-Disposition"] = filenames.content_disposition(name)
    response.headers["Cache-Control"] = "no-store"
    return response


_GAME_UPLOAD = uploads.Refusals("import_too_large", "import_no_file", "import_not_json")


def _uploaded_record() -> tuple[GameRecord, str | None, list[history.Entry] | None]:
    """The game in the uploaded file, the key of this upload and the history the file carries,
    or a :class:`RecordError` saying what is wrong."""
    data, key = uploads.read(_GAME_UPLOAD, "import")
    check_text(data)
    game, carried = parse_game(data), history.carried_in(data)
    storage.check_carried(game, carried)
    return game, key, carried
