"""Adjustments from the phone: signed points with a reason for a player in a played round.

Opened from the round result ("± adjust", right after Confirm) or from a round's correction
page; the page lists the round's adjustments (each can be taken back) above the form that adds
one. Served by the game pages' blueprint (:mod:`scorekeeper.web.views`), thin like them: the
rules (:func:`game.adjust_round`) decide.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import RuleError
from scorekeeper.render import labels
from scorekeeper.storage import StoredGame
from scorekeeper.web import access
from scorekeeper.web.forms import first_error
from scorekeeper.web.forms.adjust import COMMON_REASONS, AdjustmentForm, RemoveAdjustmentForm
from scorekeeper.web.kinds import GAME
from scorekeeper.web.views import bp, render_game_page, stale_message


@bp.route("/games/<game_id>/rounds/<int:number>/adjust", methods=["GET", "POST"])
def adjust_round(game_id: str, number: int) -> ResponseReturnValue:
    """Add an adjustment to completed round ``number``."""
    stored = _round_of(game_id, number)
    form = AdjustmentForm(data={"version": stored.version}).with_players(stored.record.players)
    if form.validate_on_submit():
        given = Adjustment(form.seat.data, form.signed_points(), form.reason.data or "")
        refusal = _store(stored, lambda r: game.adjust_round(r, number, given))
        if refusal is None:
            name = stored.record.players[given.seat]
            flash(
                _(
                    "%(name)s: %(points)s (%(reason)s).",
                    name=name,
                    points=labels.signed(given.points),
                    reason=given.reason.strip(),
                ),
                "info",
            )
            return _back(stored, number)
        form.form_errors.append(refusal)
    status = 400 if request.method == "POST" else 200
    built = sheet.build(stored.record)
    return render_game_page(
        "sheet/adjust.html",
        stored,
        built,
        row=built.rounds[number - 1],
        form=form,
        remove=RemoveAdjustmentForm(data={"version": stored.version}),
        reasons=[str(reason) for reason in COMMON_REASONS],
        back=_back_url(stored, number),
        tab="sheet" if _back_to() == "edit" else "game",
    ), status


@bp.post("/games/<game_id>/rounds/<int:number>/adjust/remove")
def remove_adjustment(game_id: str, number: int) -> Response:
    """Take one adjustment of round ``number`` back."""
    stored = _round_of(game_id, number)
    form = RemoveAdjustmentForm()
    if not form.validate():
        flash(first_error(form), "error")
    else:
        index = form.index.data or 0
        refusal = _store(stored, lambda r: game.drop_adjustment(r, number, index))
        flash(refusal or _("The adjustment was taken back."), "error" if refusal else "info")
    target = url_for("views.adjust_round", game_id=stored.id, number=number, back=_back_to())
    return redirect(target, code=303)


def _round_of(game_id: str, number: int) -> StoredGame:
    stored = access.load_or_404(GAME, game_id)
    access.require_keeper(GAME, stored)
    if not 1 <= number <= len(stored.record.rounds):
        abort(404)
    return stored


def _store(stored: StoredGame, move: Callable[[GameRecord], GameRecord]) -> str | None:
    """Make the move against the version the page showed and store it; the refusal, if any."""
    version = request.form.get("version", "")
    if version != str(stored.version):
        return stale_message()
    try:
        storage.save(storage.get_db(), stored, move(stored.record))
    except RuleError as error:
        return labels.refusal(error.reason)
    except storage.Conflict:
        return stale_message()
    return None


def _back_to() -> str:
    """Where the page was opened from: the correction page, or the round page."""
    return "edit" if request.args.get("back") == "edit" else "game"


def _back_url(stored: StoredGame, number: int) -> str:
    if _back_to() == "edit":
        return url_for("views.edit_round", game_id=stored.id, number=number)
    return url_for("views.game", game_id=stored.id)


def _back(stored: StoredGame, number: int) -> Response:
    return redirect(_back_url(stored, number), code=303)
