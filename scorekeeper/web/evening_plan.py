"""An evening's plan (issue 48, docs/club-night.md "The plan"): every sitting still to come,
drawn balanced, so that it can be printed before the first card is dealt. In the API as JSON
(``GET /api/evenings/<id>/plan``) and as a PDF to print (``/evenings/<id>/plan.pdf``): a table
per sitting with its players in seat order and who deals first, and each player's route (table
and seat at every sitting).

Whoever may see the evening may read its plan. Asking for it keeps it (when no plan kept still
stands), so that the next draws follow what was printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Response, jsonify, render_template
from flask_babel import get_locale

from scorekeeper.core import evening
from scorekeeper.core.evening import Plan, Sitting
from scorekeeper.render import filenames, game_words, labels
from scorekeeper.render.pad_columns import page_css
from scorekeeper.render.paper import fit
from scorekeeper.storage import StoredEvening
from scorekeeper.web import evening_draw, evenings_api, pdf
from scorekeeper.web.evenings import bp as pages
from scorekeeper.web.evenings_api import bp as api_bp


@dataclass(frozen=True)
class Stop:
    """Where a player is at one sitting of the plan: table and seat (from 1), or sitting out
    (both 0)."""

    sitting: int
    table: int
    seat: int


@dataclass(frozen=True)
class PlanView:
    """The plan as its JSON and its PDF show it."""

    plan: Plan
    first: int
    """The number of the plan's first sitting still to come."""
    sittings: tuple[Sitting, ...]
    routes: tuple[tuple[str, tuple[Stop, ...]], ...]
    again: int
    """Times a pair sits at one table again over the evening, drawn sittings and plan."""

    def numbered(self) -> list[tuple[int, Sitting]]:
        return [(self.first + index, sitting) for index, sitting in enumerate(self.sittings)]


def plan_view(stored: StoredEvening) -> PlanView:
    """The evening's plan kept (or made and kept now), its sittings still to come and the
    routes of its players in the evening's order."""
    made, left = evening_draw.plan_of(stored)
    first = len(stored.sittings) + 1
    routes = []
    for player in sorted(made.present, key=stored.players.index):
        stops = []
        for number, sitting in enumerate(left, start=first):
            stop = Stop(number, 0, 0)
            for place, table in enumerate(sitting.tables, start=1):
                if player in table.players:
                    stop = Stop(number, place, table.players.index(player) + 1)
            stops.append(stop)
        routes.append((player, tuple(stops)))
    met = evening.meetings([*stored.drawn, *left])
    again = sum(times - 1 for times in met.values())
    return PlanView(made, first, left, tuple(routes), again)


@api_bp.get("/evenings/<evening_id>/plan")
def plan_answer(evening_id: str) -> Response:
    """Every sitting still to come as the plan has it, and each player's route."""
    stored, _group = evenings_api.visible(evening_id)
    view = plan_view(stored)
    return jsonify(
        {
            "evening": stored.id,
            "made_after": view.plan.after,
            "seed": view.plan.seed,
            "present": list(view.plan.present),
            "sittings": [
                {
                    "sitting": number,
                    "tables": [
                        {
                            "table": place,
                            "players": list(table.players),
                            "first_dealer": table.first_dealer,
                        }
                        for place, table in enumerate(sitting.tables, start=1)
                    ],
                    "sitting_out": list(sitting.sitting_out),
                }
                for number, sitting in view.numbered()
            ],
            "routes": [
                {
                    "player": player,
                    "sittings": [
                        {"sitting": stop.sitting, "table": stop.table, "seat": stop.seat}
                        if stop.table
                        else {"sitting": stop.sitting, "sitting_out": True}
                        for stop in stops
                    ],
                }
                for player, stops in view.routes
            ],
            "pairs_again": view.again,
        }
    )


@pages.get("/evenings/<evening_id>/plan.pdf")
def plan_pdf(evening_id: str) -> Response:
    """The evening's plan to print: a table per sitting still to come, then each player's
    route."""
    stored, group = evening_draw.evening_or_404(evening_id)
    view = plan_view(stored)
    key = (stored.id, stored.version, view.plan, str(get_locale()))
    filename = filenames.name_from([group.name, stored.created_at[:10], "plan"], "pdf")

    def html() -> str:
        return render_template(
            "print/plan.html",
            name=group.name,
            day=labels.day(stored.created_at[:10]),
            game=game_words.game_name(stored.game),
            view=view,
            lang=str(get_locale()),
            page_css=page_css(fit("a4", 3)),
        )

    return pdf.pdf_response("plan", key, filename, html)
