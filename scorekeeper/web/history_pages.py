"""A game's History page (issue 47): every change, newest first, in words; a keeper can bring the
game back to how it stood after any entry (itself an entry, so it can be undone), and any phone
can give itself the name its changes carry. Served by the game pages' blueprint."""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.render import history_words
from scorekeeper.storage import game_history, history
from scorekeeper.web import access, forms, phones
from scorekeeper.web.forms.history import PhoneNameForm, RestoreEntryForm
from scorekeeper.web.history_api import said_entries
from scorekeeper.web.kinds import GAME
from scorekeeper.web.views import bp, render_game_page, stale_message


@bp.get("/games/<game_id>/history")
def game_history_page(game_id: str) -> str:
    """Every change of the game, newest first."""
    stored = access.load_or_404(GAME, game_id)
    lines = said_entries(stored)
    db = storage.get_db()
    name_form = PhoneNameForm(data={"name": history.phone_name(db, phones.key()) or ""})
    return render_game_page(
        "sheet/history.html",
        stored,
        lines=list(reversed(lines)),
        this_phone=_this_phone(stored.id),
        restore_form=RestoreEntryForm(data={"version": stored.version}),
        name_form=name_form,
    )


@bp.post("/games/<game_id>/history/restore")
def restore_to_entry(game_id: str) -> Response:
    """Bring the game back to how it stood after the entry tapped."""
    stored = access.load_or_404(GAME, game_id)
    access.require_keeper(GAME, stored)
    form = RestoreEntryForm()
    if not form.validate_on_submit():
        abort(400, description=forms.first_error(form))
    number = form.entry.data
    if form.version.data != stored.version:
        flash(stale_message(), "error")
        return _back(stored.id)
    try:
        game_history.restore_game_to(storage.get_db(), stored, number)
    except history.UnknownEntry:
        abort(404)
    except storage.Conflict:
        flash(stale_message(), "error")
    else:
        flash(
            _(
                "The game is back as it stood after entry %(n)s. This is an entry too: "
                "to undo it, bring the game back to the entry before it.",
                n=number,
            ),
            "info",
        )
    return _back(stored.id)


@bp.post("/games/<game_id>/history/phone")
def name_phone(game_id: str) -> ResponseReturnValue:
    """Give this phone the name its changes carry in every history."""
    stored = access.load_or_404(GAME, game_id)
    form = PhoneNameForm()
    key = phones.key()
    if not form.validate_on_submit() or key is None:
        abort(400)
    storage.name_phone(storage.get_db(), key, form.name.data or "")
    flash(_("This phone's name is saved."), "info")
    return _back(stored.id)


def _this_phone(game_id: str) -> str | None:
    """This phone as the game's history says it, ``None`` where it changed nothing of it."""
    db = storage.get_db()
    number = history.known_phone(db, phones.key())
    entries = game_history.game_history(db, game_id)
    numbers = history.phone_numbers(entries)
    if number is None or number not in numbers:
        return None
    return history_words.phone_said(numbers[number], history.phone_names(db, entries)[number])


def _back(game_id: str) -> Response:
    return redirect(url_for("views.game_history_page", game_id=game_id), code=303)
