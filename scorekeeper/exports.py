"""Take a game to another phone or a spreadsheet: the game record file, a CSV, and import.

The record (``export.json``) is the same JSON the API reads, so it imports as is; the CSV has
one row per player per completed round. Both are rendered from the score sheet, which never
holds a sealed bid. Import replays the file through the rules, like the API does.
"""

from __future__ import annotations

import csv
import io
import json

from flask import Blueprint, Response, abort, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import access, db, filenames, labels, sheet, state
from scorekeeper.db import StoredGame
from scorekeeper.forms import ImportForm
from scorekeeper.game import GameRecord
from scorekeeper.record import RecordError, parse_game

bp = Blueprint("exports", __name__)

CSV_HEADER = ("round", "cards", "dealer", "trump", "player", "bid", "tricks", "score", "total")
# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@bp.get("/games/<game_id>/export.json")
def export_json(game_id: str) -> Response:
    """Download the game record."""
    stored = _stored(game_id)
    text = state.record_text(state.to_record(sheet.build(stored.record)))
    return _download(text, "application/json", filenames.download_name(stored, "json"))


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id: str) -> Response:
    """Download the score sheet as CSV, one row per player per completed round."""
    stored = _stored(game_id)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    writer.writerows(csv_rows(sheet.build(stored.record)))
    # The byte order mark makes spreadsheet apps read accented names as UTF-8.
    return _download(
        "\ufeff" + buffer.getvalue(), "text/csv", filenames.download_name(stored, "csv")
    )


@bp.post("/games/import")
def import_game() -> WerkzeugResponse:
    """Create a game from an uploaded record file; a refused file changes nothing."""
    try:
        record = _uploaded_record()
    except RecordError as error:
        flash(_("The file was not imported. %(reason)s", reason=str(error)), "error")
        return redirect(url_for("views.home"))
    stored = db.create_game(db.get_db(), record)
    access.remember_editor(stored)
    flash(_("Game imported."), "success")
    return redirect(url_for("views.game", game_id=stored.id))


# --- helpers ---------------------------------------------------------------------------------


def csv_rows(score_sheet: sheet.Sheet) -> list[list[str | int]]:
    """The CSV rows of the completed rounds, text cells neutralised against formulas."""
    rows: list[list[str | int]] = []
    for row in score_sheet.rounds:
        trump = labels.trump_label(row.trump)
        dealer = score_sheet.players[row.dealer]
        for seat, player in enumerate(score_sheet.players):
            bid = row.bids[seat]
            cells: list[str | int] = [row.number, row.hand_size, dealer, trump, player]
            cells += ["" if bid is None else bid, row.tricks[seat]]
            cells += [row.scores[seat], row.totals[seat]]
            rows.append([safe_cell(cell) for cell in cells])
    return rows


def safe_cell(cell: str | int) -> str | int:
    """A text cell a spreadsheet will not run as a formula: quote it if it starts like one."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def _stored(game_id: str) -> StoredGame:
    stored = db.load(db.get_db(), game_id)
    if stored is None:
        abort(404)
    return stored


def _download(text: str, mimetype: str, name: str) -> Response:
    response = Response(text.encode("utf-8"), mimetype=mimetype)
    response.headers["Content-Disposition"] = filenames.content_disposition(name)
    response.headers["Cache-Control"] = "no-store"
    return response


def _uploaded_record() -> GameRecord:
    """The game in the uploaded file, or a :class:`RecordError` saying what is wrong."""
    try:
        form = ImportForm()
        valid = form.validate_on_submit()
    except RequestEntityTooLarge as error:
        raise RecordError(_("The file is too large for a game record.")) from error
    if not valid:
        raise RecordError(_("Choose a game record file (.json) to import."))
    try:
        data = json.loads(form.record.data.read().decode("utf-8-sig"))
    except (ValueError, RecursionError) as error:
        raise RecordError(_("This is not a game record: the file is not valid JSON.")) from error
    return parse_game(data)
