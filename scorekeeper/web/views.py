"""HTML pages: thin views that parse a form, let the rules decide, store, and render the sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError
from scorekeeper.render import labels
from scorekeeper.render.labels import gettext as _
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, bgstats_plays, forms, game_page, sharing
from scorekeeper.web.forms import cards, parts
from scorekeeper.web.kinds import GAME

bp = Blueprint("views", __name__)
bp.app_template_global()(game_page.rules_url)

Move = Callable[[GameRecord], GameRecord]


def render_game_page(
    template: str, stored: StoredGame, built: sheet.Sheet | None = None, **context: object
) -> str:
    """Render a page of one game with what every such page shows: the sheet, the players and
    whether this phone may change the game."""
    built = built or sheet.build(stored.record)
    editor = access.keeps(GAME, stored)
    if editor:
        g.no_store = True
    return render_template(
        template,
        stored=stored,
        sheet=built,
        players=built.players,
        editor=editor,
        club=storage.table_place(storage.get_db(), stored.id),
        **context,
    )


def to_game(stored: StoredGame) -> Response:
    return redirect(url_for("views.game", game_id=stored.id), code=303)


def _apply(
    stored: StoredGame,
    form: forms.ActionForm,
    move: Move,
    draft: str | None = None,
    explained: Callable[[Reason, str], str | None] | None = None,
    done: str | None = None,
    said: str | Callable[[GameRecord], str] | None = None,
) -> Response:
    """Check the editor and the form's version, make the move, store it; flash any refusal.

    ``move`` reads the form only when called, that is, once the form has been validated.
    ``draft`` is what was tapped (the tricks by seat): a refused move shows it again.
    ``explained`` says a refusal of the rules as the page means it (a facts part's words), or
    ``None`` where the part said it beside its own entries.
    ``done`` is said once the move is stored, where the page alone would not show it;
    ``said`` is only read out (a screen reader's status message: the page shows it otherwise),
    or made from the game as the move left it.
    """
    access.require_keeper(GAME, stored)
    refusals: list[str] | None = None
    if not form.validate():
        refusals = [forms.first_error(form)]
    elif form.version.data != stored.version:
        refusals = None if _sent_again(stored, form, move) else [stale_message()]
    elif storage.ended_table(storage.get_db(), stored.id) is not None:
        # A tap sent before this phone heard of the end (issue 48's walk): said, not lost.
        refusals = [_("The club night's keepers ended this table early, so nothing was entered.")]
    else:
        try:
            stored = storage.save(storage.get_db(), stored, move(stored.record))
        except RuleError as error:
            # Every refusal of the move at once, not one per Confirm (issue 49's walk).
            reasons = (error.reason, *error.more)
            refusals = [text for r in reasons if (text := _said(r, stored, explained)) is not None]
        except storage.Conflict:
            stored = access.load_or_404(GAME, stored.id)
            refusals = None if _sent_again(stored, form, move) else [stale_message()]
    if refusals is not None:
        for text in refusals:
            flash(text, "error")
    elif done is not None:
        flash(done, "info")
    if refusals is None and said is not None:
        flash(said(stored.record) if callable(said) else said, "said")
    return _after_move(stored.id, None if refusals is None else draft)


def _sent_again(stored: StoredGame, form: forms.ActionForm, move: Move) -> bool:
    """Whether an old form is this phone's last move sent again (a double tap without the
    page's script sends the form twice): entered once, so said as entered, not refused."""
    return form.version.data == stored.version - 1 and storage.repeats_last_change(
        storage.get_db(), stored, move
    )


def _said(
    reason: Reason, stored: StoredGame, explained: Callable[[Reason, str], str | None] | None
) -> str | None:
    """A refusal of the rules in the page's words (a facts part's, where it has its own);
    ``None`` where the part said it beside its entries."""
    said = labels.refusal(reason, stored.record.players)
    return said if explained is None else explained(reason, said)


# Sent by static/round.js when it will swap the answer into the page itself.
IN_PLACE_HEADER = "X-Scorekeeper-In-Place"


def asked_in_place() -> bool:
    """Whether the page's own script asks for only the part it swaps in: a tap's answer, or a
    change it follows live (``static/live.js``), without reloading the page around it."""
    return request.headers.get(IN_PLACE_HEADER) == "1"


def page_answer(html: str) -> Response:
    """A page of a game as asked: whole, or only its swapped part (``asked_in_place``)."""
    response = make_response(html)
    response.vary.add(IN_PLACE_HEADER)
    if asked_in_place():
        response.headers["Cache-Control"] = "no-store"
    return response


def _after_move(game_id: str, draft: str | None = None) -> Response:
    """Back to the round page after a tap: a redirect for a plain form; for the page's script,
    the round page itself (one request per tap), with its address in ``X-Page-URL``: only the
    part the script swaps in (base.html, ``in_place``), a third of the bytes."""
    url = url_for("views.game", game_id=game_id, tricks=draft)
    if not asked_in_place():
        return redirect(url, code=303)
    stored = access.load_or_404(GAME, game_id)
    response = make_response(_game_page(stored, draft or "", in_place=True))
    response.headers["X-Page-URL"] = url
    response.headers["Cache-Control"] = "no-store"
    return response


def stale_message() -> str:
    return str(
        _(
            "This game was changed on another phone (or this page was old), "
            "so nothing was entered. Here is the game as it is now: "
            "please check and enter again if needed."
        )
    )


# --- the round at the table ------------------------------------------------------------------


@bp.get("/games/<game_id>", endpoint="game")
def show_game(game_id: str) -> Response:
    """What comes next at the table: trump, bids, play and tricks, or the final standings."""
    stored = access.load_or_404(GAME, game_id)
    access.remember(GAME, stored)
    draft = request.args.get("tricks", "")
    return page_answer(_game_page(stored, draft, in_place=asked_in_place()))


def _game_page(stored: StoredGame, draft: str, *, in_place: bool = False) -> str:
    built = sheet.build(stored.record)
    now = built.current
    ended = game_page.ended(stored)
    return render_game_page(
        "round/page.html",
        stored,
        built,
        last=built.rounds[-1] if built.rounds else None,
        chosen_bidder=game_page.bidder(built),
        undo=game.undo_step(stored.record),
        **(game_page.tricks_step(built, now, draft) if now else {}),
        turnable=cards.turnable(built),
        **game_page.facts_offered(built),
        group=game_page.group_of(stored) if built.finished else None,
        evening=storage.evening_of(storage.get_db(), stored.id) if built.finished else None,
        following=game_page.following(stored) if built.finished or ended["ended"] else None,
        **ended,
        in_place=in_place,
    )


@bp.post("/games/<game_id>/trump")
def trump(game_id: str) -> Response:
    """Enter the card turned up (and the dealer's suit after a Wizard)."""
    stored, form = access.load_or_404(GAME, game_id), forms.TrumpForm()
    return _apply(stored, form, lambda r: game.set_trump(r, *form.trump()), said=_trump_said)


def _trump_said(after: GameRecord) -> str:
    """The trump entered, read out (issue 49's fifth walk: only whose bid came next was)."""
    trump = labels.trump_label(
        game.current_round(after).trump, after.declaration.look(after.settings)
    )
    return str(_("Trump: %(trump)s.", trump=trump))


@bp.post("/games/<game_id>/bid")
def bid(game_id: str) -> Response:
    """Enter the next player's bid."""
    stored, form = access.load_or_404(GAME, game_id), forms.BidForm()
    record, seat = stored.record, form.seat.data
    # Said: the bid made where it is shown (issue 49's walk: only whose turn came next was),
    # and that the last one moves the round on to its tricks (only the new heading was).
    said = []
    if isinstance(seat, int) and 0 <= seat < len(record.players) and game.bids_shown(record):
        said.append(_("%(name)s bid %(bid)s.", name=record.players[seat], bid=form.bid.data))
    if game.last_bidder(record) == seat:
        said.append(_("All bids are in. Now the tricks taken."))

    def move(before: GameRecord) -> GameRecord:
        return game.place_bid(before, form.seat.data, form.bid.data)

    return _apply(stored, form, move, said=" ".join(said) or None)


@bp.post("/games/<game_id>/tricks")
def tricks(game_id: str) -> Response:
    """Enter everyone's tricks and close the round."""
    stored, form = access.load_or_404(GAME, game_id), forms.TricksForm()
    players = len(stored.record.players)
    number = len(stored.record.rounds) + 1
    tricks_tapped = form.by_seat(players)
    part = parts.part_of(stored.record.declaration)
    tapped = part.posted(stored.record, request.form)
    step = forms.tricks_step(request.form.get("step", ""), players)
    if step is not None or part.tapped(request.form):
        # Without JavaScript the steppers are submit buttons: nothing is stored, the page
        # comes back with the step made (with JavaScript they change the page alone). A tap of
        # the game's own facts (the Bomb's button, a bonus) comes back the same way.
        if step is not None:
            seat, change = step
            tricks_tapped[seat] = max(0, (tricks_tapped[seat] or 0) + change)
        tapped = part.said(stored.record, tapped, number)
        draft = forms.draft_text(number, tricks_tapped) + part.text(stored.record, tapped)
        if asked_in_place():
            return _after_move(stored.id, draft)
        return redirect(url_for("views.game", game_id=stored.id, tricks=draft), code=303)
    hand = _hand(stored.record, number)
    if hand is not None and sum(taken or 0 for taken in tricks_tapped) < hand:
        tapped = part.when_short(stored.record, tapped)
    draft = forms.draft_text(number, tricks_tapped) + part.text(stored.record, tapped)
    return _apply(
        stored,
        form,
        lambda r: _finish(r, tricks_tapped, part, tapped),
        draft,
        lambda reason, said: _explained(part, stored.record, tapped, reason, said),
        said=_("Round %(n)s saved.", n=number),
    )


def _explained(
    part: parts.FactsPart[Any], record: GameRecord, tapped: object, reason: Reason, said: str
) -> str | None:
    """A refusal of the tricks step in the part's words; ``None`` where the part says it beside
    its own entries (a bonus a player cannot have, beside the list of bonuses)."""
    said = part.explained(record, tapped, reason, said)
    return None if part.beside(reason.root.code, said) else said


def _hand(record: GameRecord, number: int) -> int | None:
    """The cards dealt in round ``number``, ``None`` past the game's last round (the move is
    then refused as a finished game's)."""
    try:
        return game.hand_size(record, number)
    except RuleError:
        return None


def _finish(
    record: GameRecord,
    tricks_tapped: list[int | None],
    part: parts.FactsPart[Any],
    tapped: object,
) -> GameRecord:
    """Close the round with the tricks and the game's own facts as tapped."""
    bids = game.current_round(record).bids
    facts = part.facts(record, tapped, bids)
    return game.finish_round(record, tricks_tapped, facts=facts)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> ResponseReturnValue:
    """Take back the last thing entered; a sealed bid, or a round of a finished game, only once
    the table confirms (as a delete does)."""
    stored, form = access.load_or_404(GAME, game_id), forms.ActionForm()
    question = game_page.undo_question(stored)
    if question and request.form.get("confirm") != "yes" and form.validate():
        access.require_keeper(GAME, stored)
        return render_game_page("round/undo_ask.html", stored, None, **question)
    # A reopened round's page is its tricks step again, as before its Confirm: it is said so
    # (issue 33's walk: nothing showed that the tap had done anything).
    step, done = game.undo_step(stored.record), None
    if step is not None and step.kind == "round" and step.number:
        done = _("Round %(n)s is open again: enter its tricks.", n=step.number)
    return _apply(stored, form, game.undo, done=done)


@bp.get("/games/<game_id>/<any(trump, bid, tricks, undo):move>")
def move_page(game_id: str, move: str) -> Response:
    """A round form's address opened as a page (a reload of the undo question, a phone bringing
    back an old tab): the round page, where the move can be made again."""
    return redirect(url_for("views.game", game_id=game_id), code=303)


# --- the score sheet and corrections ---------------------------------------------------------


@bp.get("/games/<game_id>/sheet")
def score_sheet(game_id: str) -> str:
    """The paper pad: rounds down, players across, and the running totals as a chart."""
    stored = access.load_or_404(GAME, game_id)
    built = sheet.build(stored.record)
    # A table's game ended early at its club night says so, and who leads as it counts.
    return render_game_page(
        "sheet/sheet.html",
        stored,
        built,
        chart=game_page.chart_of(built),
        **game_page.ended(stored),
    )


@bp.get("/games/<game_id>/boardgamegeek")
def boardgamegeek_log(game_id: str) -> str:
    """What BoardGameGeek's log asks of a finished game (issue 51), to copy there by hand."""
    stored = access.load_or_404(GAME, game_id)
    found = bgstats_plays.plays([stored])
    if not found:
        abort(409, description=bgstats_plays.not_finished())
    return render_game_page("sheet/bgg.html", stored, play=found[0])


sharing.add_routes(bp, GAME, "/games/<game_id>")
