"""What happens to a club night that its draw did not plan (issue 48, docs/club-night.md): a
table **ended early** when a player leaves in the middle of its game, or played on again, and
**a sitting added** when time allows, both over the API and on the keeper's pages.

The API's endpoints join the evening's blueprint (:mod:`scorekeeper.web.evenings_api`), the
pages the keeper's (:mod:`scorekeeper.web.evening_keeper`); the rules are the core's
(:mod:`scorekeeper.core.evening_record`), the counting the standings'
(:mod:`scorekeeper.core.evening_standings`).
"""

from __future__ import annotations

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import evening_record
from scorekeeper.core.rules import RuleError
from scorekeeper.render import evening_pages, labels
from scorekeeper.render.evening_sheet import SittingLine, TableLine
from scorekeeper.storage import StoredEvening
from scorekeeper.web import api, evening_draw, evening_keeper, evenings_api, forms
from scorekeeper.web.api import Refusal
from scorekeeper.web.forms import evenings as evening_forms

api_bp = evenings_api.bp
pages_bp = evening_keeper.bp

END = "/evenings/<evening_id>/sittings/<number>/tables/<table>/end"


# --- the API ---------------------------------------------------------------------------------


@api_bp.post(END)
def end_table(evening_id: str, number: str, table: str) -> Response:
    """End a table early (a player left): its game counts as it stood after the rounds every
    player finished, whoever left (``{"left": [names]}``) placed last; answers the evening."""
    stored, _group = evenings_api.editable(evening_id)
    line = _api_table(stored, number, table)
    data = api_body_or_empty()
    left = evenings_api.read_or_refuse(evening_record.parse_end, data)
    _ended(stored, line, number_of(number), left, api=True)
    return evenings_api.get_evening(stored.id)


@api_bp.delete(END)
def resume_table(evening_id: str, number: str, table: str) -> Response:
    """Let a table ended early play on: its game counts again as it stands; answers the
    evening."""
    stored, _group = evenings_api.editable(evening_id)
    line = _api_table(stored, number, table)
    storage.end_table(storage.get_db(), stored.id, number_of(number), line.table, end=False)
    return evenings_api.get_evening(stored.id)


@api_bp.patch("/evenings/<evening_id>")
def plan_sittings(evening_id: str) -> Response:
    """Plan another number of sittings (``{"sittings_planned": n}``: one more when time
    allows, also once the last one planned is played); answers the evening."""
    stored, _group = evenings_api.editable(evening_id)
    data = api.json_body()
    planned = evenings_api.read_or_refuse(
        lambda body: evening_record.parse_planned(body, len(stored.sittings)), data
    )
    storage.plan_sittings(storage.get_db(), stored.id, planned)
    return evenings_api.get_evening(stored.id)


def api_body_or_empty() -> object:
    """The request's JSON body, ``{}`` for none (ending a table without naming who left)."""
    if not request.get_data():
        return {}
    return api.json_body()


def number_of(number: str) -> int:
    """A sitting's number from the URL, once :func:`_api_table` found it."""
    return int(number)


def _api_table(stored: StoredEvening, number: str, table: str) -> TableLine:
    """The table as it stands, from the URL (404 for no such sitting or table)."""
    sitting = evenings_api.drawn_sitting(stored, number)
    built = evening_draw.sheet_of(stored)
    line = _line(built.sittings, sitting.number, table)
    if line is None:
        raise Refusal(
            404,
            "table_not_found",
            _(
                "Sitting %(sitting)s of this evening has no table %(table)s.",
                sitting=sitting.number,
                table=table[:10],
            ),
        )
    return line


def _line(sittings: tuple[SittingLine, ...], number: int, table: str | int) -> TableLine | None:
    """Table ``table`` of sitting ``number`` as it stands, or ``None``."""
    for sitting in sittings:
        for line in sitting.tables:
            if sitting.number == number and str(line.table) == str(table):
                return line
    return None


def _ended(
    stored: StoredEvening, line: TableLine, sitting: int, left: tuple[str, ...], *, api: bool
) -> None:
    """End ``line`` early with ``left`` as who left (refused once its game is over or the
    table taken out; a table ended already keeps its rounds and time)."""
    try:
        named = evening_record.check_left(left, line.players, sitting, line.table)
        over = line.finished or line.taken_out_at is not None or line.game_id is None
        evening_record.check_end(over and line.ended_at is None, sitting, line.table)
    except RuleError as error:
        if not api:
            raise
        status = 409 if error.reason.root.code == "evening_table_over" else 400
        raise Refusal(status, error.reason.root.code, labels.refusal(error.reason)) from error
    rounds = _rounds_played(line)
    storage.end_table(
        storage.get_db(), stored.id, sitting, line.table, rounds=rounds, left=named, end=True
    )


def _rounds_played(line: TableLine) -> int:
    """The rounds of the table's game every player finished (a round being entered is not)."""
    game = None if line.game_id is None else storage.load(storage.get_db(), line.game_id)
    return 0 if game is None else len(game.record.rounds)


# --- the keeper's pages ----------------------------------------------------------------------


@pages_bp.route(
    "/evenings/<evening_id>/sittings/<int:number>/tables/<int:table>/end", methods=["GET", "POST"]
)
def end_page(evening_id: str, number: int, table: int) -> ResponseReturnValue:
    """Ask who left, then end the table early; or, ended already, let it play on."""
    stored = evening_keeper.keeper_evening(evening_id)
    built = evening_draw.sheet_of(stored)
    line = _line(built.sittings, number, table)
    if line is None:
        abort(404)
    form = evening_forms.EndTableForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            flash(forms.first_error(form), "error")
            return evening_keeper.back_to_evening(stored)
        if request.form.get("resume"):
            storage.end_table(storage.get_db(), stored.id, number, table, end=False)
            flash(
                _("Table %(table)s of sitting %(sitting)s plays on.", table=table, sitting=number)
            )
            return evening_keeper.back_to_evening(stored)
        left = form.left_of(line.players)
        try:
            _ended(stored, line, number, left, api=False)
        except RuleError as error:
            flash(labels.refusal(error.reason), "error")
            return evening_keeper.back_to_evening(stored)
        words = _(
            "Table %(table)s of sitting %(sitting)s ended early.", table=table, sitting=number
        )
        flash(words, "info")
        return evening_keeper.back_to_evening(stored)
    group = storage.load_group(storage.get_db(), stored.group_id)
    return render_template(
        "evenings/end_table.html",
        evening=stored,
        group=group,
        sitting=number,
        table=line,
        form=form,
        rounds=_rounds_played(line),
        clock=evening_pages.clock,
    )


@pages_bp.post("/evenings/<evening_id>/sittings/planned")
def add_sitting(evening_id: str) -> ResponseReturnValue:
    """Plan one more sitting (the form names how many then, so a double tap adds one)."""
    stored = evening_keeper.keeper_evening(evening_id)
    form = evening_forms.PlannedForm()
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
        return evening_keeper.back_to_evening(stored)
    try:
        planned = evening_record.parse_planned(
            {"sittings_planned": form.sittings.data}, len(stored.sittings)
        )
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
        return evening_keeper.back_to_evening(stored)
    storage.plan_sittings(storage.get_db(), stored.id, planned)
    return redirect(url_for("evenings.show", evening_id=stored.id), code=303)
