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
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper import storage
from scorekeeper.core import family, game, sheet
from scorekeeper.core.family import rulebook as family_rulebook
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError
from scorekeeper.render import chart, game_words, labels
from scorekeeper.render.labels import gettext as _
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, bgstats_plays, forms, sharing, table_cards, trash
from scorekeeper.web.forms import cards, parts
from scorekeeper.web.kinds import GAME, GROUP

bp = Blueprint("views", __name__)

Move = Callable[[GameRecord], GameRecord]


def _page(
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


def _to_game(stored: StoredGame) -> Response:
    return redirect(url_for("views.game", game_id=stored.id), code=303)


def _apply(
    stored: StoredGame,
    form: forms.ActionForm,
    move: Move,
    draft: str | None = None,
    explained: Callable[[Reason, str], str] | None = None,
    done: str | None = None,
    said: str | None = None,
) -> Response:
    """Check the editor and the form's version, make the move, store it; flash any refusal.

    ``move`` reads the form only when called, that is, once the form has been validated.
    ``draft`` is what was tapped (the tricks by seat): a refused move shows it again.
    ``explained`` says a refusal of the rules as the page means it (a facts part's words).
    ``done`` is said once the move is stored, where the page alone would not show it;
    ``said`` is only read out (a screen reader's status message: the page shows it otherwise).
    """
    access.require_keeper(GAME, stored)
    refusal, more = None, []
    if not form.validate():
        refusal = forms.first_error(form)
    elif form.version.data != stored.version:
        refusal = _stale_message()
    elif storage.ended_table(storage.get_db(), stored.id) is not None:
        # A tap sent before this phone heard of the end (issue 48's walk): said, not lost.
        refusal = _("The club night's keepers ended this table early, so nothing was entered.")
    else:
        try:
            storage.save(storage.get_db(), stored, move(stored.record))
        except RuleError as error:
            refusal = _said(error.reason, stored, explained)
            # The round's other refusals with it, not one per Confirm (issue 49's walk).
            more = [_said(reason, stored, explained) for reason in error.more]
        except storage.Conflict:
            refusal = _stale_message()
    if refusal is not None:
        for said_now in (refusal, *more):
            flash(said_now, "error")
    elif done is not None:
        flash(done, "info")
    if refusal is None and said is not None:
        flash(said, "said")
    return _after_move(stored.id, None if refusal is None else draft)


def _said(
    reason: Reason, stored: StoredGame, explained: Callable[[Reason, str], str] | None
) -> str:
    """A refusal of the rules in the page's words (a facts part's, where it has its own)."""
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


def _stale_message() -> str:
    return str(
        _(
            "This game was changed on another phone (or this page was old), "
            "so nothing was entered. Here is the game as it is now: "
            "please check and enter again if needed."
        )
    )


# --- home and new game -----------------------------------------------------------------------


@bp.get("/")
def home() -> str:
    """This browser's games, most recently used first, and the way to start one."""
    db = storage.get_db()
    stored = storage.load_many(db, access.seen(GAME))
    # Delete is offered to a game's keepers, but never for a table's game of a club night (in
    # the trash too): that game is the evening's record, which only its keepers take out.
    cards = [
        (
            entry,
            sheet.build(entry.record),
            access.keeps(GAME, entry) and storage.evening_of(db, entry.id, trashed=True) is None,
        )
        for entry in stored
        if access.may_see(GAME, entry)
    ]
    seen = storage.load_groups(storage.get_db(), access.seen(GROUP))
    groups = [group for group in seen if access.may_see(GROUP, group)]
    return render_template(
        "home/index.html",
        cards=cards,
        groups=groups,
        trashed=trash.listed(),
        import_form=forms.ImportForm(),
        group_import_form=forms.ImportForm(),
    )


@bp.get("/rules", endpoint="rules")
def rules_page() -> str:
    """The rules of the default game (Wizard, with every variant), in the reader's language."""
    return _rules_of(family.DEFAULT_GAME)


@bp.get("/rules/<game_key>", endpoint="game_rules")
def game_rules_page(game_key: str) -> ResponseReturnValue:
    """The rules of another game of the family; the default game's stay at /rules."""
    if game_key not in family.with_rules():
        abort(404)
    if game_key == family.DEFAULT_GAME:
        return redirect(url_for("views.rules"))
    return _rules_of(game_key)


def _rules_of(key: str) -> str:
    """A game's rules page, with the numbers its declaration's page shows."""
    declared = family.game(key)
    assert declared.rules_page is not None
    shown = family_rulebook.page(declared)
    return render_template(declared.rules_page.template, current=key, **shown)


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
    ended = _ended(stored)
    return _page(
        "round/page.html",
        stored,
        built,
        last=built.rounds[-1] if built.rounds else None,
        chosen_bidder=_bidder(built),
        undo=game.undo_step(stored.record),
        **(_tricks_step(built, now, draft) if now else {}),
        turnable=cards.turnable(built),
        **facts_offered(built),
        group=_group_of(stored) if built.finished else None,
        evening=storage.evening_of(storage.get_db(), stored.id) if built.finished else None,
        following=_following(stored) if built.finished or ended["ended"] else None,
        **ended,
        in_place=in_place,
    )


def _following(stored: StoredGame) -> table_cards.Following | None:
    """Where a finished (or ended early) table's game leads its table card's phone (the next
    sitting's game at the table), or ``None`` for a game no card of this phone keeps."""
    place = storage.table_place(storage.get_db(), stored.id)
    evening = None if place is None else storage.load_evening(storage.get_db(), place.evening_id)
    if place is None or evening is None:
        return None
    return table_cards.following(evening, place.sitting, place.table)


def _ended(stored: StoredGame) -> dict[str, object]:
    """A table's game its club night's keepers ended early (issue 48): where and when, and
    the totals that count (after the rounds everyone finished); nothing for any other game."""
    ended = storage.ended_table(storage.get_db(), stored.id)
    if ended is None:
        return {"ended": None}
    totals = game.totals_after(stored.record, ended.rounds)
    players = stored.record.players
    # As the club night places them: those who stayed by their totals, whoever left below.
    order = sorted(
        range(len(players)), key=lambda seat: (players[seat] not in ended.left, totals[seat])
    )
    stayed = [seat for seat in range(len(players)) if players[seat] not in ended.left]
    best = max((totals[seat] for seat in stayed), default=None)
    leaders = tuple(seat for seat in stayed if totals[seat] == best)
    return {
        "ended": ended,
        "ended_totals": totals,
        "ended_order": order[::-1],
        "ended_leaders": leaders,
    }


def _tricks_step(built: sheet.Sheet, now: sheet.CurrentRound, draft: str) -> dict[str, object]:
    """Where the tricks step starts: each stepper, the game's own facts as tapped, the tricks
    left to give out once those facts took theirs, and each bid a card changed."""
    part = parts.part_of(built.declaration)
    players, hand = len(now.order), now.hand_size
    ours = forms.tricks_draft(draft, now.number, players, hand) is not None
    tapped = part.started(built, draft if ours else None)
    target = hand - part.lost(tapped)
    return {
        "start": _tricks_start(now, draft),
        "tapped": tapped,
        "target": target,
        "changed_bids": [
            None if bid is None else part.changed_bid(tapped, seat, bid)
            for seat, bid in enumerate(now.bids)
        ],
        "live_change": part.live_change(built),
        "facts_note": part.note(tapped, target),
    }


def _tricks_start(now: sheet.CurrentRound, draft: str) -> tuple[int, ...]:
    """Where each player's tricks stepper starts: what was tapped (kept in the address, so a
    refusal or a reload keeps it), else the tricks of a round undo reopened, else the bid (the
    fast path: only the players who missed are changed). A sealed bid is not shown, so it starts
    at 0.
    """
    tapped = forms.tricks_draft(draft, now.number, len(now.order), now.hand_size)
    if tapped is not None:
        return tapped
    if now.reopened_tricks:
        return now.reopened_tricks
    return tuple(min(bid or 0, now.hand_size) for bid in now.bids)


def facts_offered(built: sheet.Sheet) -> dict[str, object]:
    """What a round page shows of the game's own facts: its facts part (the templates it brings,
    by :mod:`scorekeeper.web.forms.parts`) and what the part offers as the settings allow."""
    part = parts.part_of(built.declaration)
    return {
        "part": part,
        **part.offered(built),
        "words": game_words,
        "rules_url": rules_url(built.game),
    }


@bp.app_template_global()
def rules_url(key: str) -> str:
    """The rules page of a game (the default game's at /rules, as before)."""
    if key == family.DEFAULT_GAME:
        return url_for("views.rules")
    return url_for("views.game_rules", game_key=key)


def _group_of(stored: StoredGame) -> storage.StoredGroup | None:
    """The group a game belongs to, for the way back from its Game over screen."""
    group_id = storage.group_of(storage.get_db(), stored.id)
    return None if group_id is None else storage.load_group(storage.get_db(), group_id)


def _bidder(built: sheet.Sheet) -> int | None:
    """Whose bid the bid pad is for: the next in order, or, where bids may come in any order,
    the player who tapped their name (``?bidder=``) if they still have to bid."""
    now = built.current
    if now is None or now.next_bidder is None:
        return None
    chosen = request.args.get("bidder", "")
    if chosen.isascii() and chosen.isdigit() and len(chosen) <= 2 and now.any_order:
        seat = int(chosen)
        return seat if seat in now.waiting else now.next_bidder
    return now.next_bidder


@bp.post("/games/<game_id>/trump")
def trump(game_id: str) -> Response:
    """Enter the card turned up (and the dealer's suit after a Wizard)."""
    stored, form = access.load_or_404(GAME, game_id), forms.TrumpForm()
    return _apply(stored, form, lambda r: game.set_trump(r, *form.trump()))


@bp.post("/games/<game_id>/bid")
def bid(game_id: str) -> Response:
    """Enter the next player's bid."""
    stored, form = access.load_or_404(GAME, game_id), forms.BidForm()
    return _apply(stored, form, lambda r: game.place_bid(r, form.seat.data, form.bid.data))


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
        lambda reason, said: part.explained(stored.record, tapped, reason, said),
        said=_("Round %(n)s saved.", n=number),
    )


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
    question = _undo_question(stored)
    if question and request.form.get("confirm") != "yes" and form.validate():
        access.require_keeper(GAME, stored)
        return _page("round/undo_ask.html", stored, None, **question)
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


def _undo_question(stored: StoredGame) -> dict[str, int]:
    """What undo would take back now if it asks first: a sealed bid (``seat``: whose) or the
    last round of a finished game (``reopen``: its number); empty when it just does it."""
    step = game.undo_step(stored.record)
    now = sheet.build(stored.record).current
    if step is not None and step.kind == "bid" and now is not None and now.sealed:
        return {"seat": step.seat or 0}
    if step is not None and step.kind == "round" and now is None and step.number:
        return {"reopen": step.number}
    return {}


# --- the score sheet and corrections ---------------------------------------------------------


@bp.get("/games/<game_id>/sheet")
def score_sheet(game_id: str) -> str:
    """The paper pad: rounds down, players across, and the running totals as a chart."""
    stored = access.load_or_404(GAME, game_id)
    built = sheet.build(stored.record)
    # A table's game ended early at its club night says so, and who leads as it counts.
    return _page("sheet/sheet.html", stored, built, chart=_chart(built), **_ended(stored))


@bp.get("/games/<game_id>/boardgamegeek")
def boardgamegeek_log(game_id: str) -> str:
    """What BoardGameGeek's log asks of a finished game (issue 51), to copy there by hand."""
    stored = access.load_or_404(GAME, game_id)
    found = bgstats_plays.plays([stored])
    if not found:
        abort(409, description=bgstats_plays.not_finished())
    return _page("sheet/bgg.html", stored, play=found[0])


def _chart(built: sheet.Sheet) -> Markup | str:
    if not built.rounds:
        return ""
    svg = chart.running_totals_svg(
        built,
        width=360,
        height=220,
        title=_("Running totals"),
        x_label=_("Round"),
        y_label=_("Total"),
        shared_markers=True,
    )
    # The chart escapes every name itself: it is safe to put in the page as it is.
    return Markup(svg)


sharing.add_routes(bp, GAME, "/games/<game_id>")
