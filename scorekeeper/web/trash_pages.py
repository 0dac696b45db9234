"""The trash's pages (issue 47): a trashed game's page says so, with Restore and Delete for good
for its keeper. Served by the game pages' blueprint (:mod:`scorekeeper.web.views`).

Deleting a game from its page (:func:`scorekeeper.web.manage.delete`) moves it here; the home
page lists this phone's trash (:func:`scorekeeper.web.trash.listed`).
"""

from __future__ import annotations

from flask import Flask, abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, forms, trash
from scorekeeper.web.kinds import GAME
from scorekeeper.web.views import bp

# Addresses of a game that answer for a trashed one themselves: its version (watchers see a
# deleted game, as for any unknown one), the API (410 in JSON) and the trash's own pages.
OWN_ANSWER = {"live.version", "views.restore", "views.delete_for_good"}


def _trashed_or_404(game_id: str) -> StoredGame:
    stored = trash.trashed(game_id)
    if stored is None:
        abort(404)
    access.require_keeper(GAME, stored)
    return stored


def _trash_page(template: str, stored: StoredGame, **context: object) -> str:
    g.no_store = True
    return render_template(
        template,
        stored=stored,
        sheet=sheet.build(stored.record),
        editor=access.keeps(GAME, stored),
        until=trash.until(stored.deleted_at),
        **context,
    )


def in_trash_page() -> ResponseReturnValue | None:
    """Before a game's address: a game in the trash answers 410 with a page that says so and
    when it goes for good (Restore for its keeper), one deleted from the trash for good a page
    that says when, instead of the view's not-found."""
    game_id = (request.view_args or {}).get(GAME.arg)
    if not isinstance(game_id, str) or request.endpoint in OWN_ANSWER:
        return None
    if request.blueprint == "api" or g.get("checked") != (GAME.name, None):
        return None  # the API says it its own way; a game in play, or a group's address
    stored = trash.trashed(game_id)
    if stored is None:
        gone = trash.gone_on(game_id)
        return None if gone is None else (render_template("manage/gone.html", gone=gone), 410)
    if not access.may_see(GAME, stored):
        return None
    return _trash_page("manage/trashed.html", stored, form=forms.ConfirmForm()), 410


@bp.post("/games/<game_id>/restore")
def restore(game_id: str) -> ResponseReturnValue:
    """Bring a game back from the trash, exactly as it was."""
    stored = _trashed_or_404(game_id)
    form = forms.ConfirmForm()
    if not form.validate_on_submit():
        abort(400, description=forms.first_error(form))
    storage.restore_game(storage.get_db(), stored.id)
    access.remember(GAME, stored, keeper=True)
    flash(_("The game is back from the trash."), "info")
    return redirect(url_for("views.game", game_id=stored.id), code=303)


@bp.route("/games/<game_id>/delete-for-good", methods=["GET", "POST"])
def delete_for_good(game_id: str) -> ResponseReturnValue:
    """Ask, then delete a game in the trash for good."""
    stored = _trashed_or_404(game_id)
    form = forms.ConfirmForm()
    if form.validate_on_submit():
        storage.delete_for_good(storage.get_db(), stored.id)
        access.forget(GAME, stored.id)
        flash(_("The game was deleted for good."), "info")
        return redirect(url_for("views.home"), code=303)
    status = 200
    if request.method == "POST":
        flash(forms.first_error(form), "error")
        status = 400
    return _trash_page("manage/delete_for_good.html", stored, form=form), status


def init_app(app: Flask) -> None:
    """A trashed game's addresses say it is in the trash (after the access check)."""
    app.before_request(in_trash_page)
