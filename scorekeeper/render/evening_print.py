"""A club evening's PDF (issue 34), as HTML for :func:`scorekeeper.render.printing.write_pdf`:
the standings, then every sitting's tables with each table's winners and who sat out. The same
structure as the evening's page (:mod:`scorekeeper.render.evening_pages`), the same bundled
fonts and page rules as the group's season report."""

from __future__ import annotations

from flask import render_template
from flask_babel import get_locale

from scorekeeper.render import evening_card, evening_pages, game_words, labels
from scorekeeper.render.evening_sheet import EveningSheet
from scorekeeper.render.pad_columns import page_css
from scorekeeper.render.paper import fit


def evening_html(group_name: str, built: EveningSheet) -> str:
    """The evening of group ``group_name`` as a printable page."""
    evening = built.evening
    return render_template(
        "print/evening.html",
        name=group_name,
        day=labels.day(evening.created_at[:10]),
        game=game_words.game_name(evening.game),
        view=evening_pages.view(built),
        sittings=built.sittings,
        tie_breaks=evening_pages.tie_breaks(),
        points_cell=evening_card.points_cell,
        place_cell=evening_card.place_cell,
        dealer=evening_pages.dealer,
        lang=str(get_locale()),
        page_css=page_css(fit("a4", 3)),
    )
