"""A club night's history (issue 47, docs/api.md "Club evenings"): its History page (every change,
newest first, in words; "Back to here" for the group's keepers; this phone's name), and in the
API its entries and a restore to any entry (itself an entry).

Whoever may see the group may read the history; a restore is a keeper's change like a draw (the
group's edit token). The page refuses a restore once the evening changed after the entries it
showed; the API, as ``If-Match`` says, once its version moved (a round entered at one of its
tables moves it too).
"""

from __future__ import annotations

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper import storage
from scorekeeper.render.evening_history_words import evening_words
from scorekeeper.render.history_words import Said
from scorekeeper.storage import evening_history, history
from scorekeeper.storage.evening_rows import EVENINGS
from scorekeeper.web import access, api, evening_draw, evenings_api, history_api, phones
from scorekeeper.web.api import Refusal
from scorekeeper.web.evenings import bp as pages
from scorekeeper.web.evenings_api import bp as api_bp
from scorekeeper.web.forms.history import ClubRestoreForm, PhoneNameForm
from scorekeeper.web.kinds import GROUP


def said_entries(evening_id: str) -> list[Said]:
    """The club night's history in words, oldest first."""
    return history_api.said_history(EVENINGS, evening_id, evening_words)


# --- the API ---------------------------------------------------------------------------------


@api_bp.get("/evenings/<evening_id>/history")
def evening_history_answer(evening_id: str) -> Response:
    """The club night's history, oldest entry first, with an ``ETag`` of its content."""
    stored, _group = evenings_api.visible(evening_id)
    return history_api.history_answer(said_entries(stored.id))


@api_bp.post("/evenings/<evening_id>/restore")
def restore_evening(evening_id: str) -> Response:
    """Bring the club night back from the trash (``{}``), or to how it stood after an entry
    (``{"entry": n}``, a new entry); answers the evening as ``GET /api/evenings/<id>`` does."""
    data = api.json_body()
    if data == {}:
        return evenings_api.restore_from_trash(evening_id)
    stored, _group = evenings_api.editable(evening_id)
    number = _entry_asked(data)
    if "If-Match" in request.headers and not request.if_match.contains(str(stored.version)):
        raise _stale(stored.version)
    try:
        restored = evening_history.restore_evening_to(storage.get_db(), stored, number)
    except history.UnknownEntry as error:
        raise Refusal(
            404,
            "entry_not_found",
            _("This club night's history has no entry %(n)s, so nothing was changed.", n=number),
        ) from error
    except storage.Conflict as error:
        if "If-Match" in request.headers:
            now = storage.evening_version(storage.get_db(), stored.id)
            raise _stale(now or stored.version) from error
        raise Refusal(
            409,
            "evening_changed_meanwhile",
            _(
                "The club night changed meanwhile (a sitting drawn or a round entered), so "
                "nothing was brought back. Load it and try again."
            ),
        ) from error
    return evenings_api.get_evening(restored.id)


def _entry_asked(data: object) -> int:
    """The entry a restore's body names: ``{"entry": n}`` and nothing else."""
    if not isinstance(data, dict) or set(data) != {"entry"}:
        raise Refusal(
            400,
            "restore_body",
            _('Send {"entry": n} to bring the club night back to how it stood after entry n.'),
        )
    number = history_api.entry_asked(data)
    assert number is not None  # the body names an entry
    return number


def _stale(version: int) -> Refusal:
    return Refusal(
        412,
        "version_mismatch",
        _(
            "This club night has changed since the version you sent in If-Match (it is at "
            "version %(version)s now), so nothing was changed. Load it and retry.",
            version=version,
        ),
    )


# --- the page --------------------------------------------------------------------------------


@pages.get("/evenings/<evening_id>/history")
def history_page(evening_id: str) -> str:
    """Every change of the club night, newest first."""
    stored, group = evening_draw.evening_or_404(evening_id)
    lines = said_entries(stored.id)
    keeper = access.keeps(GROUP, group)
    name = history.phone_name(storage.get_db(), phones.key()) or ""
    last = lines[-1].entry if lines else 0
    return render_template(
        "evenings/history.html",
        evening=stored,
        group=group,
        lines=list(reversed(lines)),
        keeper=keeper,
        restore_form=ClubRestoreForm(data={"last": last}) if keeper else None,
        name_form=PhoneNameForm(data={"name": name}),
    )


@pages.post("/evenings/<evening_id>/history/<int:number>/restore")
def restore_to_entry(evening_id: str, number: int) -> WerkzeugResponse:
    """Bring the club night back to how it stood after entry ``number``."""
    stored, group = evening_draw.evening_or_404(evening_id)
    access.require_keeper(GROUP, group)
    form = ClubRestoreForm()
    if not form.validate_on_submit() or form.last.data is None:
        abort(400)
    try:
        evening_history.restore_evening_to(storage.get_db(), stored, number, seen=form.last.data)
    except history.UnknownEntry:
        abort(404)
    except storage.Conflict:
        flash(
            _(
                "The club night changed after this page was shown, so nothing was brought "
                "back. Here is its history as it is now: look again, then choose."
            ),
            "error",
        )
    else:
        flash(
            _(
                "The club night is back as it stood after entry %(n)s. This is an entry too: "
                "to undo it, bring the club night back to the entry before it.",
                n=number,
            ),
            "info",
        )
    return _back(stored.id)


@pages.post("/evenings/<evening_id>/history/phone")
def name_phone(evening_id: str) -> ResponseReturnValue:
    """Give this phone the name its changes carry in every history."""
    stored, _group = evening_draw.evening_or_404(evening_id)
    form = PhoneNameForm()
    key = phones.key()
    if not form.validate_on_submit() or key is None:
        abort(400)
    storage.name_phone(storage.get_db(), key, form.name.data or "")
    flash(_("This phone's name is saved."), "info")
    return _back(stored.id)


def _back(evening_id: str) -> WerkzeugResponse:
    return redirect(url_for("evenings.history_page", evening_id=evening_id), code=303)
