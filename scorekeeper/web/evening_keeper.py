"""The keeper's forms on an evening's page: draw the next sitting (how to seat it, who is
here), draw the last one again while none of its games has started, the room's countdown, and
take a table out of its sitting (or put it back).

Every draw goes through :func:`scorekeeper.web.evening_draw.draw_and_store`, the API's own
path; a refusal is said in words on the evening's page. A double tap draws one sitting: the
form's one-time key is kept with the sitting (as the API's ``Idempotency-Key``), and the form
names the sitting it draws, so a second post finds it drawn.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.core import evening_record
from scorekeeper.core.evening import Seating
from scorekeeper.core.evening_record import SittingAsked
from scorekeeper.core.refusals import N_, Reason
from scorekeeper.core.rules import RuleError
from scorekeeper.render import evening_pages, labels
from scorekeeper.render.evening_sheet import EveningSheet
from scorekeeper.storage import StoredEvening, StoredSitting, StoredTable
from scorekeeper.web import access, evening_draw, forms, once
from scorekeeper.web.forms import OnceForm
from scorekeeper.web.forms import evenings as evening_forms
from scorekeeper.web.kinds import GROUP

bp = Blueprint("evening_keeper", __name__)


def forms_context(stored: StoredEvening, built: EveningSheet) -> dict[str, object]:
    """What the keeper's part of the evening's page shows: the next sitting's form (while one
    is left to draw), "draw again" (while the last sitting's games have not started), the
    countdown's form, and why "by standings" must wait."""
    drawn = len(stored.sittings)
    last = stored.sittings[-1] if stored.sittings else None
    draw = None
    if drawn < stored.sittings_planned:
        here = last.present if last else stored.players
        draw = evening_forms.DrawForm(data={"number": drawn + 1, "present": list(here)})
    waiting = len(built.playing)
    standings_wait = None
    if waiting:
        reason = Reason("evening_standings_not_ready", num=waiting)
        standings_wait = labels.refusal(reason)
    redraw = None
    if last is not None and not storage.started(storage.get_db(), last):
        redraw = evening_forms.RedrawForm(data={"number": last.number})
    return {
        "draw_form": draw,
        "redraw_form": redraw,
        "standings_wait": standings_wait,
        "countdown_form": evening_forms.CountdownForm(),
    }


def _keeper_evening(evening_id: str) -> StoredEvening:
    """The evening, for a keeper of its group (403 for anyone else, 404 for none)."""
    stored, group = evening_draw.evening_or_404(evening_id)
    access.require_keeper(GROUP, group)
    return stored


def _sent(evening_id: str, form: OnceForm) -> tuple[StoredEvening, Response | None]:
    """The evening a keeper's form was sent for, and the answer when it is not to be drawn: a
    refused form (said on the evening's page), or a form sent again (nothing drawn twice)."""
    stored = _keeper_evening(evening_id)
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
        return stored, _back(stored)
    return stored, _replayed(stored, form.once_key())


def _back(stored: StoredEvening) -> Response:
    return redirect(url_for("evenings.show", evening_id=stored.id), code=303)


@bp.post("/evenings/<evening_id>/draw")
def draw(evening_id: str) -> Response:
    """Draw the next sitting as the form asks."""
    form = evening_forms.DrawForm()
    stored, answer = _sent(evening_id, form)
    if answer is not None:
        return answer
    drawn, planned = len(stored.sittings), stored.sittings_planned
    try:
        number = evening_record.check_next(drawn, planned, form.number.data)
        present = evening_record.parse_names(form.here(stored.players))
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
        return _back(stored)
    asked = SittingAsked(Seating(form.seating.data), present)
    return _stored(stored, asked, number, None, form.once_key())


@bp.post("/evenings/<evening_id>/redraw")
def redraw(evening_id: str) -> Response:
    """Draw the last sitting again, while none of its games has started."""
    form = evening_forms.RedrawForm()
    stored, answer = _sent(evening_id, form)
    if answer is not None:
        return answer
    last = stored.sittings[-1] if stored.sittings else None
    try:
        if last is None:
            raise RuleError("evening_redraw_not_last", last=0)
        started = storage.started(storage.get_db(), last)
        evening_record.check_redraw(form.number.data or 0, len(stored.sittings), started)
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
        return _back(stored)
    return _stored(stored, SittingAsked(), last.number, last, form.once_key())


def _replayed(stored: StoredEvening, key: str | None) -> Response | None:
    """A form sent again (a double tap, a retry): back to the page, nothing drawn; refused
    when another browser sent that key first."""
    if key is None:
        return None
    made = storage.keyed_sitting(storage.get_db(), stored.id, key, _since())
    if made is None:
        return None
    if made.digest != once.browser():
        return once.refused()
    return _back(stored)


def _since() -> str:
    return (datetime.now(UTC) - once.WINDOW).isoformat(timespec="seconds")


def _stored(
    stored: StoredEvening,
    asked: SittingAsked,
    number: int,
    replacing: StoredSitting | None,
    key: str | None,
) -> Response:
    """Draw and store the sitting; a refusal is said on the evening's page."""
    try:
        evening_draw.draw_and_store(
            stored,
            asked,
            number,
            replacing,
            key=key,
            digest=once.browser(),
            since=_since(),
        )
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
    except storage.KeyReused:
        return once.refused()
    except storage.RosterFull as error:
        flash(labels.refusal(error.reason), "error")
    except storage.Conflict:
        flash(
            _("The evening changed meanwhile, so nothing was drawn: look at it and try again."),
            "error",
        )
    return _back(stored)


@bp.post("/evenings/<evening_id>/countdown")
def countdown(evening_id: str) -> Response:
    """Start the room screen's countdown (minutes from now), or stop it."""
    stored = _keeper_evening(evening_id)
    form = evening_forms.CountdownForm()
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
        return _back(stored)
    ends = None
    if not request.form.get("stop") and form.minutes.data:
        when = datetime.now(UTC) + timedelta(minutes=form.minutes.data)
        ends = when.isoformat(timespec="seconds")
    storage.set_countdown(storage.get_db(), stored.id, ends)
    return _back(stored)


# --- a table taken out (issue 47) ------------------------------------------------------------


@bp.route(
    "/evenings/<evening_id>/sittings/<int:number>/tables/<int:table>/out", methods=["GET", "POST"]
)
def take_out(evening_id: str, number: int, table: int) -> ResponseReturnValue:
    """Ask, then take the table out of its sitting: its game is kept and no longer counts."""
    return _table_out(evening_id, number, table, out=True)


@bp.post("/evenings/<evening_id>/sittings/<int:number>/tables/<int:table>/back")
def put_back(evening_id: str, number: int, table: int) -> ResponseReturnValue:
    """Put a table taken out back: its game counts again."""
    return _table_out(evening_id, number, table, out=False)


def _table_out(evening_id: str, number: int, table: int, *, out: bool) -> ResponseReturnValue:
    stored = _keeper_evening(evening_id)
    found = table_of(stored, number, table)
    if found is None:
        abort(404)
    form = evening_forms.TableOutForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            flash(forms.first_error(form), "error")
        else:
            storage.take_table_out(storage.get_db(), stored.id, number, table, out=out)
            said = (
                N_("Table %(table)s of sitting %(sitting)s is taken out.")
                if out
                else N_("Table %(table)s of sitting %(sitting)s counts again.")
            )
            words = _(said, table=table, sitting=number)
            flash(words, "info")
        return _back(stored)
    group = storage.load_group(storage.get_db(), stored.group_id)
    return render_template(
        "evenings/take_out.html",
        evening=stored,
        group=group,
        sitting=number,
        table=found,
        form=form,
        clock=evening_pages.clock,
    )


def table_of(stored: StoredEvening, number: int, table: int) -> StoredTable | None:
    """Table ``table`` of sitting ``number`` as stored, or ``None``."""
    for sitting in stored.sittings:
        for stored_table in sitting.tables:
            if sitting.number == number and stored_table.table == table:
                return stored_table
    return None
