"""A game's pages beside the round: correcting a finished round, deleting the game, and a
rematch. Served by the game pages' blueprint (:mod:`scorekeeper.web.views`), with the same
thin shape: parse, let the rules decide, store, answer."""

from __future__ import annotations

from flask import abort, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.family.declaration import Facts
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError, Suit, Trump, Turned
from scorekeeper.core.specials import Specials
from scorekeeper.render import labels
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, forms, views
from scorekeeper.web.forms import extras as extras_form
from scorekeeper.web.kinds import GAME, GROUP
from scorekeeper.web.views import _page, _stale_message, _to_game, bp


@bp.route("/games/<game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> ResponseReturnValue:
    """Correct a completed round; totals follow and later rounds that no longer fit are flagged."""
    stored = access.load_or_404(GAME, game_id)
    access.require_keeper(GAME, stored)
    built = sheet.build(stored.record)
    if not 1 <= number <= len(built.rounds):
        abort(404)
    row = built.rounds[number - 1]
    if request.method == "POST" and not _every_seat_sent(len(stored.record.players)):
        abort(400, description=_("Enter the bid and the tricks of every player, then save again."))
    form = forms.EditRoundForm(data=_edit_data(stored, row))
    players = len(stored.record.players)
    entered = extras_form.from_extras(row.facts)
    if request.method == "POST":
        entered = extras_form.posted(request.form, players)
    if extras_form.changed(request.form):
        # A bonus added or taken off: the page comes back with it, nothing is stored yet.
        if entered.refused:
            flash(labels.refusal(Reason(entered.refused)), "error")
        return _edit_page(stored, built, row, form, entered)
    if form.validate_on_submit():
        if form.version.data != stored.version:
            flash(_stale_message(), "error")
            return redirect(url_for("views.edit_round", game_id=game_id, number=number), code=303)
        try:
            fixed = _corrected(stored, number, form, entered)
            corrected = game.replace_round(stored.record, number, fixed)
            storage.save(storage.get_db(), stored, corrected)
        except RuleError as error:
            form.form_errors.append(labels.refusal(error.reason, stored.record.players))
        except storage.Conflict:
            form.form_errors.append(_stale_message())
        else:
            flash(_("Round %(n)s corrected; the totals follow.", n=number), "info")
            return redirect(url_for("views.score_sheet", game_id=game_id), code=303)
    status = 400 if request.method == "POST" else 200
    return _edit_page(stored, built, row, form, entered), status


def _edit_page(
    stored: StoredGame,
    built: sheet.Sheet,
    row: sheet.RoundRow,
    form: forms.EditRoundForm,
    entered: extras_form.Entered,
) -> str:
    """The correction page; a game's own facts of the round (Skull King's) under the tricks."""
    record = stored.record
    players = len(record.players)
    fixed = record.declaration.fixed_trump(row.number, row.hand_size, players, built.settings)
    return _page(
        "sheet/edit_round.html",
        stored,
        built,
        row=row,
        form=form,
        entered=entered,
        trump_fixed=fixed is not None,
        facts_now=record.declaration.facts.write(row.facts),
        **views.extras_offered(built),
    )


def _every_seat_sent(players: int) -> bool:
    """The correction form sends a bid and a tricks field for every seat (the page always does:
    a saboteur's bid is a hidden field). Without one, the fields after it would shift seats."""
    names = (f"{kind}-{seat}" for kind in ("bids", "tricks") for seat in range(players))
    return all(name in request.form for name in names)


def _edit_data(stored: StoredGame, row: sheet.RoundRow) -> dict[str, object]:
    return {
        "version": stored.version,
        "turned": row.trump.turned.value,
        "suit": row.trump.suit.value if row.trump.suit else "",
        "bids": list(row.bids),
        "tricks": list(row.tricks),
        "bomb": row.bomb,
        "cloud_seat": "" if row.cloud is None else str(row.cloud.seat),
        "cloud_bid": None if row.cloud is None else row.cloud.bid,
    }


def _corrected(
    stored: StoredGame, number: int, form: forms.EditRoundForm, entered: extras_form.Entered
) -> RoundRecord:
    players = len(stored.record.players)
    suit = Suit(form.suit.data) if form.suit.data else None
    bids = tuple(entry.data for entry in form.bids.entries[:players])
    tricks = tuple(entry.data or 0 for entry in form.tricks.entries[:players])
    # The adjustments stay as they are: they are added and taken back on their own page.
    kept = stored.record.rounds[number - 1].adjustments
    trump = Trump(Turned(form.turned.data), suit)
    declared = stored.record.declaration
    posted = views.posted_facts(stored.record)
    if posted is not None:
        facts: Facts = posted
    elif declared.bonuses:
        facts = entered.extras(players)
    else:
        facts = Specials(bool(form.bomb.data), form.cloud())
    return RoundRecord(trump, bids, tricks, kept, declared.recorded(facts))


# --- the game itself: delete, rematch, sharing -----------------------------------------------


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> ResponseReturnValue:
    """Ask, then delete the game for good."""
    stored = access.load_or_404(GAME, game_id)
    access.require_keeper(GAME, stored)
    form = forms.ConfirmForm(data={"version": stored.version})
    if form.validate_on_submit():
        storage.delete_game(storage.get_db(), stored.id)
        access.forget(GAME, stored.id)
        flash(_("The game was deleted."), "info")
        return redirect(url_for("views.home"), code=303)
    status = 200
    if request.method == "POST":
        flash(forms.first_error(form), "error")
        status = 400
    return _page("manage/delete.html", stored, form=form), status


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    """A new game with the same players and variants; the deal moves one seat on."""
    stored = access.load_or_404(GAME, game_id)
    access.require_keeper(GAME, stored)
    # One rematch per game: both scorekeepers tapping it at once land in the same new game.
    key = f"rematch:{stored.id}"
    again = game.rematch(stored.record)
    group_id = storage.group_of(storage.get_db(), stored.id)
    group = None if group_id is None else storage.load_group(storage.get_db(), group_id)
    if group is not None and access.keeps(GROUP, group):
        # One more game of the same group, for a phone that may add games to it.
        # Keyed apart from a rematch outside the group, which must not take its place.
        created = storage.create_group_game(storage.get_db(), group.id, again, key=f"{key}:group")
    else:
        # A game's edit link is no way into its group's statistics: without the group's edit
        # access the rematch is a game of its own.
        created = storage.create_game(storage.get_db(), again, key=key)
        if group is not None:
            flash(
                _(
                    "This rematch is not in the group %(group)s: only a phone that keeps the "
                    "group adds games to it.",
                    group=group.name,
                ),
                "info",
            )
    access.remember(GAME, created, keeper=True)
    return _to_game(created)
