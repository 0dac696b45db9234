"""A club evening's downloads (issue 34, 51): its standings and sittings as CSV or JSON, its
result card once it is over, and its finished games as a BG Stats play file; whoever may see its
group may have them, refused as a page is."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify
from flask_babel import gettext as _

from scorekeeper.render import evening_sheet, filenames
from scorekeeper.storage import StoredEvening, StoredGroup
from scorekeeper.web import bgstats_plays, evening_draw, result_cards
from scorekeeper.web.evenings_api import sheet_of, visible_file

bp = Blueprint("evening_files", __name__)


@bp.get("/evenings/<evening_id>/export.csv")
def export_csv(evening_id: str) -> Response:
    """Download the evening as CSV: standings, then every sitting's tables and winners."""
    stored, group = visible_file(evening_id)
    return _download(
        evening_sheet.to_csv(sheet_of(stored)), "text/csv", _name(group, stored, "csv")
    )


@bp.get("/evenings/<evening_id>/export.json")
def export_json(evening_id: str) -> Response:
    """Download the evening as ``GET /api/evenings/<id>`` answers it."""
    stored, group = visible_file(evening_id)
    response = jsonify(evening_sheet.to_json(sheet_of(stored)))
    return _download(
        response.get_data(as_text=True), "application/json", _name(group, stored, "json")
    )


@bp.get("/evenings/<evening_id>/card.png")
def result_card(evening_id: str) -> Response:
    """The club night's result card, once it is over."""
    stored, group = visible_file(evening_id)
    png = result_cards.evening_png(stored, group)
    if png is None:
        said = _("The club night is not over yet: its result card is made once it is.")
        return result_cards.not_over("evening_not_over", said)
    return result_cards.image(png, _name(group, stored, "png"))


@bp.get("/evenings/<evening_id>/export.bgsplay")
def export_bgsplay(evening_id: str) -> Response:
    """Download the evening's finished games as a BG Stats play file (a table ended early is
    no whole play: its game counts in the evening only)."""
    stored, group = visible_file(evening_id)
    found = bgstats_plays.plays(evening_draw.games_of(stored))
    return bgstats_plays.play_file(found, (group.name, group.id), _name(group, stored, "bgsplay"))


def _name(group: StoredGroup, stored: StoredEvening, ext: str) -> str:
    return filenames.name_from([group.name, stored.created_at[:10]], ext)


def _download(text: str, mimetype: str, name: str) -> Response:
    response = Response(text.encode("utf-8"), mimetype=mimetype)
    response.headers["Content-Disposition"] = filenames.content_disposition(name)
    response.headers["Cache-Control"] = "no-store"
    return response
