"""A club night's printouts (issue 48), as HTML for
:func:`scorekeeper.render.printing.write_pdf`: each physical table's card (a page each, "Table 2"
and its QR code), a guide card for each table of a sitting (its players in seat order, who
deals first, the table's QR code), and a route slip for each player (table and seat in every
sitting drawn). Cards and slips are cut from A4 sheets, several a page, along dashed lines.

The QR codes are the table cards' addresses (``web/table_cards.py``), given by the caller:
rendering knows no token.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask import render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.render import game_words, labels, qr
from scorekeeper.render.pad_columns import page_css
from scorekeeper.render.paper import fit
from scorekeeper.storage import StoredEvening, StoredSitting


def _common(group_name: str, evening: StoredEvening) -> dict[str, object]:
    return {
        "name": group_name,
        "day": labels.day(evening.created_at[:10]),
        "game": game_words.game_name(evening.game),
        "lang": str(get_locale()),
        "page_css": page_css(fit("a4", 3)),
    }


def table_cards_html(group_name: str, evening: StoredEvening, links: Sequence[str]) -> str:
    """A page for each physical table: its number large and the QR code of its card
    (``links``: table 1's first)."""
    cards = [(number, Markup(qr.svg(link))) for number, link in enumerate(links, start=1)]
    return render_template("print/table_cards.html", cards=cards, **_common(group_name, evening))


@dataclass(frozen=True)
class Guide:
    """A guide card: a table of a sitting, its players in seat order, the first dealer's seat,
    and the QR code of the table's card."""

    sitting: int
    table: int
    players: tuple[str, ...]
    first_dealer: int
    qr: Markup


def guide_cards_html(
    group_name: str,
    evening: StoredEvening,
    sittings: Sequence[StoredSitting],
    links: Mapping[int, str],
) -> str:
    """A guide card for each table of ``sittings`` (``links``: each table's card address)."""
    drawn = {number: Markup(qr.svg(link)) for number, link in links.items()}
    guides = [
        Guide(sitting.number, table.table, table.players, table.first_dealer, drawn[table.table])
        for sitting in sittings
        for table in sitting.tables
        if table.taken_out_at is None
    ]
    return render_template("print/guide_cards.html", guides=guides, **_common(group_name, evening))


@dataclass(frozen=True)
class Stop:
    """Where a player is in one sitting, in words: "Table 2, seat 3" (and whether they deal
    first), or that they sit out or are not there."""

    sitting: int
    words: str
    deals_first: bool = False


@dataclass(frozen=True)
class Slip:
    """A player's route slip: where they sit in every sitting drawn."""

    player: str
    stops: tuple[Stop, ...]


def route(evening: StoredEvening, player: str) -> Slip:
    """The player's table and seat in every sitting drawn."""
    stops = []
    for sitting in evening.sittings:
        stop = Stop(sitting.number, _("not here"))
        if player in sitting.sitting_out:
            stop = Stop(sitting.number, _("sits out"))
        for table in sitting.tables:
            if player in table.players:
                seat = table.players.index(player)
                words = _("Table %(table)s, seat %(seat)s", table=table.table, seat=seat + 1)
                stop = Stop(sitting.number, words, seat == table.first_dealer)
        stops.append(stop)
    return Slip(player, tuple(stops))


def route_slips_html(group_name: str, evening: StoredEvening) -> str:
    """A route slip for each player of the evening, in the order of their names."""
    players = sorted(evening.players, key=lambda name: (name.casefold(), name))
    slips = [route(evening, player) for player in players]
    return render_template("print/route_slips.html", slips=slips, **_common(group_name, evening))
