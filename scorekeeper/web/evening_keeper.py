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
from scorekeeper.core.evening_record import MAX_SITTINGS, SittingAsked
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
    countdown's form, why "by standings" must wait, and whether to link the evening's plan."""
    drawn = len(stored.sittings)
    last = stored.sittings[-1] if stored.sittings else None
    draw = None
    if drawn < stored.sittings_planned:
        here = present_next(stored)
        draw = evening_forms.DrawForm(data={"number": drawn + 1, "present": list(here)})
    waiting = len(built.playing)
    standings_wait = None
    if waiting:
        reason = Reason("evening_standings_not_ready", num=waiting)
        standings_wait = labels.refusal(reason)
    redraw = None
    if last is not None and not storage.started(storage.get_db(), last):
        redraw = _redraw_form(last)
    return {
        "draw_form": draw,
        "redraw_form": redraw,
        "standings_wait": standings_wait,
        "countdown_form": evening_forms.CountdownForm(),
        "plan_link": evening_draw.plan_offered(stored),
        "planned_form": evening_forms.PlannedForm(data={"sittings": stored.sittings_planned + 1})
        if stored.sittings_planned < MAX_SITTINGS
        else None,
    }


def _redraw_form(last: StoredSitting) -> evening_forms.RedrawForm:
    """The form drawing ``last`` again, filled in as it was drawn."""
    return evening_forms.RedrawForm(
        data={
            "number": last.number,
            "present": list(last.present),
            "seating": last.seating,
            "drawn_at": drawn_stamp(last),
        }
    )


def drawn_stamp(sitting: StoredSitting) -> str:
    """What tells this draw of a sitting from another of it: when, and its seed (two draws
    within one second have other seeds)."""
    return f"{sitting.created_at}/{sitting.seed}"


def _standings_wait(stored: StoredEvening, number: int) -> str | None:
    """Why sitting ``number`` cannot be drawn by standings now (a game before it is still
    played), or ``None``."""
    earlier = len(evening_draw.sheet_of(stored, before=number).playing)
    if not earlier:
        return None
    return labels.refusal(Reason("evening_standings_not_ready", num=earlier))


@bp.get("/evenings/<evening_id>/redraw")
def redraw_page(evening_id: str) -> ResponseReturnValue:
    """Draw the last sitting again with another seating or who is here: the form."""
    stored = keeper_evening(evening_id)
    last = stored.sittings[-1] if stored.sittings else None
    try:
        if last is None:
            raise RuleError("evening_redraw_not_last", last=0)
        started = storage.started(storage.get_db(), last)
        evening_record.check_redraw(last.number, len(stored.sittings), started)
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
        return back_to_evening(stored)
    group = storage.load_group(storage.get_db(), stored.group_id)
    return render_template(
        "evenings/redraw.html",
        evening=stored,
        group=group,
        form=_redraw_form(last),
        wait=_standings_wait(stored, last.number),
    )


def present_next(stored: StoredEvening) -> tuple[str, ...]:
    """Who is here for the next sitting unless the keeper says otherwise: those of the last
    sitting drawn, less whoever left a table ended early since (everyone, before the first)."""
    if not stored.sittings:
        return stored.players
    last = stored.sittings[-1]
    left = set(stored.left_after(last))
    return tuple(name for name in last.present if name not in left)


def keeper_evening(evening_id: str) -> StoredEvening:
    """The evening, for a keeper of its group (403 for anyone else, 404 for none)."""
    stored, group = evening_draw.evening_or_404(evening_id)
    access.require_keeper(GROUP, group)
    return stored


def _sent(evening_id: str, form: OnceForm) -> tuple[StoredEvening, Response | None]:
    """The evening a keeper's form was sent for, and the answer when it is not to be drawn: a
    refused form (said on the evening's page), or a form sent again (nothing drawn twice)."""
    stored = keeper_evening(evening_id)
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
        return stored, back_to_evening(stored)
    return stored, _replayed(stored, form.once_key())


def back_to_evening(stored: StoredEvening, sitting: int | None = None) -> Response:
    """Back to the evening's page (at ``sitting``, when one is named)."""
    anchor = None if sitting is None else f"sitting-{sitting}"
    return redirect(url_for("evenings.show", evening_id=stored.id, _anchor=anchor), code=303)


@bp.post("/evenings/<evening_id>/draw")
def draw(evening_id: str) -> Response:
    """Draw the next sitting as the form asks."""
    form = evening_forms.DrawForm()
    stored, answer = _sent(evening_id, form)
    if answer is not None:
        return answer
    drawn, planned = len(stored.sittings), stored.sittings_planned
    asked_for = form.number.data
    if asked_for is not None and 1 <= asked_for <= drawn:
        return _drawn_elsewhere(stored, asked_for)
    try:
        number = evening_record.check_next(drawn, planned, asked_for)
        present = evening_record.parse_names(form.here(stored.players))
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
        return back_to_evening(stored)
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
    stale = last is not None and form.drawn_at.data not in (None, "", drawn_stamp(last))
    if last is not None and stale and form.number.data == last.number:
        return _drawn_elsewhere(stored, last.number, again=True)
    try:
        if last is None:
            raise RuleError("evening_redraw_not_last", last=0)
        started = storage.started(storage.get_db(), last)
        evening_record.check_redraw(form.number.data or 0, len(stored.sittings), started)
        present = None
        if "roster" in request.form:  # the form with who is here (one without keeps them)
            present = evening_record.parse_names(form.here(stored.players))
    except RuleError as error:
        flash(labels.refusal(error.reason), "error")
        return back_to_evening(stored)
    asked = SittingAsked(form.seating_asked(), present)
    return _stored(stored, asked, last.number, last, form.once_key())


def _drawn_elsewhere(stored: StoredEvening, number: int, *, again: bool = False) -> Response:
    """A stale form (another keeper's phone drew its sitting first): said exactly, and the
    page shown at that sitting; nothing is drawn, and no form moves on to the next sitting
    unasked."""
    if again:
        words = _("Sitting %(number)s was just drawn again on another phone.", number=number)
    else:
        words = _("Sitting %(number)s was just drawn on another phone.", number=number)
    flash(words, "info")
    return back_to_evening(stored, number)


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
    return back_to_evening(stored)


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
        return _conflict(stored, number, replacing)
    return back_to_evening(stored)


def _conflict(stored: StoredEvening, number: int, replacing: StoredSitting | None) -> Response:
    """Two keepers drew at once and the other came first: say which sitting it drew."""
    now = storage.load_evening(storage.get_db(), stored.id)
    sitting = None
    if now is not None:
        sitting = next((s for s in now.sittings if s.number == number), None)
    if sitting is not None and (
        replacing is None or drawn_stamp(sitting) != drawn_stamp(replacing)
    ):
        return _drawn_elsewhere(stored, number, again=replacing is not None)
    flash(
        _("The evening changed meanwhile, so nothing was drawn: look at it and try again."),
        "error",
    )
    return back_to_evening(stored)


@bp.post("/evenings/<evening_id>/countdown")
def countdown(evening_id: str) -> Response:
    """Start the room screen's countdown (minutes from now), or stop it."""
    stored = keeper_evening(evening_id)
    form = evening_forms.CountdownForm()
    if not form.validate_on_submit():
        flash(forms.first_error(form), "error")
        return back_to_evening(stored)
    ends = None
    if not request.form.get("stop") and form.minutes.data:
        when = datetime.now(UTC) + timedelta(minutes=form.minutes.data)
        ends = when.isoformat(timespec="seconds")
    storage.set_countdown(storage.get_db(), stored.id, ends)
    return back_to_evening(stored)


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
    stored = keeper_evening(evening_id)
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
        return back_to_evening(stored)
    group = storage.load_group(storage.get_db(), stored.group_id)
    game = None if found.game_id is None else storage.load(storage.get_db(), found.game_id)
    return render_template(
        "evenings/take_out.html",
        evening=stored,
        group=group,
        sitting=number,
        table=found,
        form=form,
        clock=evening_pages.clock,
        finished=game is None or game.record.finished,
    )


def table_of(stored: StoredEvening, number: int, table: int) -> StoredTable | None:
    """Table ``table`` of sitting ``number`` as stored, or ``None``."""
    for sitting in stored.sittings:
        for stored_table in sitting.tables:
            if sitting.number == number and stored_table.table == table:
                return stored_table
    return None
