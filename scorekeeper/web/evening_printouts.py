"""A club night's printouts (issue 48, docs/club-night.md "Printouts"): every physical table's
card, each sitting's guide cards and the players' route slips, as PDFs printed and cached as the
evening's own PDF is (:mod:`scorekeeper.web.pdf`). The table cards and guide cards carry the
tables' card tokens, so only the evening's keepers print them; the route slips, whoever sees the
evening."""

from __future__ import annotations

from flask import Blueprint, Response, abort, g, render_template
from flask_babel import get_locale
from flask_babel import gettext as _

from scorekeeper.render import evening_printouts, filenames
from scorekeeper.storage import StoredEvening, StoredGroup
from scorekeeper.web import access, evening_draw, pdf, table_cards
from scorekeeper.web.kinds import GROUP

bp = Blueprint("evening_printouts", __name__)


def _kept(evening_id: str) -> tuple[StoredEvening, StoredGroup]:
    stored, group = evening_draw.evening_or_404(evening_id)
    access.require_keeper(GROUP, group)
    if stored.table_secret is None:
        abort(404)
    return stored, group


def _key(stored: StoredEvening, *more: object) -> tuple[object, ...]:
    return (stored.id, stored.version, str(get_locale()), *more)


def _filename(group: StoredGroup, stored: StoredEvening, what: str) -> str:
    return filenames.name_from([group.name, stored.created_at[:10], what], "pdf")


@bp.get("/evenings/<evening_id>/printouts")
def page(evening_id: str) -> str:
    """The keepers' page of table cards and printouts, linked from the keeper's part."""
    stored, group = _kept(evening_id)
    g.no_store = True
    return render_template(
        "evenings/printouts.html",
        evening=stored,
        group=group,
        tables=table_cards.tables_of(stored),
    )


@bp.get("/evenings/<evening_id>/tables.pdf")
def tables_pdf(evening_id: str) -> Response:
    """A page for each physical table: "Table 2" and its card's QR code."""
    stored, group = _kept(evening_id)
    links = [table_cards.card_url(stored, n) for n in range(1, table_cards.tables_of(stored) + 1)]
    return pdf.pdf_response(
        "evening-tables",
        _key(stored, len(links)),
        _filename(group, stored, _("Table cards")),
        lambda: evening_printouts.table_cards_html(group.name, stored, links),
    )


@bp.get("/evenings/<evening_id>/sittings/<int:number>/guides.pdf")
def guides_pdf(evening_id: str, number: int) -> Response:
    """A guide card for each table of sitting ``number``: its players in seat order, who deals
    first, the table's card QR code; six a page."""
    stored, group = _kept(evening_id)
    sitting = next((s for s in stored.sittings if s.number == number), None)
    if sitting is None:
        abort(404)
    links = {table.table: table_cards.card_url(stored, table.table) for table in sitting.tables}
    return pdf.pdf_response(
        "evening-guides",
        _key(stored, number),
        _filename(group, stored, _("Sitting %(number)s", number=number)),
        lambda: evening_printouts.guide_cards_html(group.name, stored, [sitting], links),
    )


@bp.get("/evenings/<evening_id>/slips.pdf")
def slips_pdf(evening_id: str) -> Response:
    """A route slip for each player: table and seat in every sitting drawn."""
    stored, group = evening_draw.evening_or_404(evening_id)
    return pdf.pdf_response(
        "evening-slips",
        _key(stored),
        _filename(group, stored, _("Route slips")),
        lambda: evening_printouts.route_slips_html(group.name, stored),
    )
