"""A game's pages beside the round: correcting a finished round, deleting the game (the
trash's pages, :mod:`scorekeeper.web.trash_pages`), and a rematch. Served by the game pages'
blueprint (:mod:`scorekeeper.web.views`), with the same thin shape: parse, let the rules decide,
store, answer."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import RuleError, Suit, Trump, turned_card
from scorekeeper.render import labels
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, forms, game_page, trash_kinds, trash_pages
from scorekeeper.web.forms import parts
from scorekeeper.web.kinds import GAME, GROUP
from scorekeeper.web.views import bp, render_game_page, stale_message, to_game


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
    part = parts.part_of(stored.record.declaration)
    posted = request.form if request.method == "POST" else None
    tapped = part.corrected(stored.record, row, posted)
    if part.tapped(request.form):
        # A tap of the game's own facts (a bonus added or taken off): the page comes back with
        # it, nothing is stored yet.
        tapped = part.said(stored.record, tapped, None)
        return _edit_page(stored, built, row, form, tapped)
    # The facts part is checked first, so that both say at once what is wrong with them.
    facts_read = posted is None or not part.errors(tapped)
    if form.validate_on_submit() and facts_read:
        if form.version.data != stored.version:
            flash(stale_message(), "error")
            return redirect(url_for("views.edit_round", game_id=game_id, number=number), code=303)
        try:
            fixed = _corrected(stored, number, form, part, tapped)
            corrected = game.replace_round(stored.record, number, fixed)
            storage.save(storage.get_db(), stored, corrected)
        except RuleError as error:
            said = labels.refusal(error.reason, stored.record.players)
            # said with the round's own facts, as the tricks step says it (issue 33's walk: a
            # Bomb deck's correction said "every trick has exactly one winner")
            said = part.explained(stored.record, tapped, error.reason, said)
            if not part.refused(tapped, error.reason.root.code, said):
                form.form_errors.append(said)
        except storage.Conflict:
            form.form_errors.append(stale_message())
        else:
            flash(_("Round %(n)s corrected; the totals follow.", n=number), "info")
            return redirect(url_for("views.score_sheet", game_id=game_id), code=303)
    status = 400 if request.method == "POST" else 200
    return _edit_page(stored, built, row, form, tapped), status


def _edit_page(
    stored: StoredGame,
    built: sheet.Sheet,
    row: sheet.RoundRow,
    form: forms.EditRoundForm,
    tapped: object,
) -> str:
    """The correction page; the game's own facts of the round under the tricks."""
    record = stored.record
    players = len(record.players)
    fixed = record.declaration.fixed_trump(row.number, row.hand_size, players, built.settings)
    return render_game_page(
        "sheet/edit_round.html",
        stored,
        built,
        row=row,
        form=form,
        tapped=tapped,
        trump_fixed=fixed is not None,
        **game_page.facts_offered(built),
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
    }


def _corrected(
    stored: StoredGame,
    number: int,
    form: forms.EditRoundForm,
    part: parts.FactsPart[Any],
    tapped: object,
) -> RoundRecord:
    players = len(stored.record.players)
    suit = Suit(form.suit.data) if form.suit.data else None
    bids = tuple(entry.data for entry in form.bids.entries[:players])
    tricks = tuple(entry.data or 0 for entry in form.tricks.entries[:players])
    # The adjustments stay as they are: they are added and taken back on their own page.
    kept = stored.record.rounds[number - 1].adjustments
    trump = Trump(turned_card(form.turned.data), suit)
    facts = part.facts_corrected(stored.record, tapped, bids)
    return RoundRecord(trump, bids, tricks, kept, stored.record.declaration.recorded(facts))


# --- the game itself: delete (the trash's pages), rematch ------------------------------------

trash_pages.add_routes(bp, trash_kinds.GAME, "/games/<game_id>")


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
        created = storage.create_group_game(
            storage.get_db(), group.id, again, key=f"{key}:group", started="rematch"
        )
    else:
        # A game's edit link is no way into its group's statistics: without the group's edit
        # access the rematch is a game of its own.
        created = storage.create_game(storage.get_db(), again, key=key, started="rematch")
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
    return to_game(created)
