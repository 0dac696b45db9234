"""HTML pages: thin views that parse a form, let the rules decide, store, and render the sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

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
from scorekeeper.core.family.declaration import Facts
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError
from scorekeeper.render import chart, game_words, labels
from scorekeeper.render.labels import gettext as _
from scorekeeper.storage import StoredGame
from scorekeeper.web import access, forms, sharing
from scorekeeper.web.forms import cards
from scorekeeper.web.forms import extras as extras_form
from scorekeeper.web.forms import facts as facts_form
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
        **context,
    )


def _to_game(stored: StoredGame) -> Response:
    return redirect(url_for("views.game", game_id=stored.id), code=303)


def _apply(
    stored: StoredGame, form: forms.ActionForm, move: Move, draft: str | None = None
) -> Response:
    """Check the editor and the form's version, make the move, store it; flash any refusal.

    ``move`` reads the form only when called, that is, once the form has been validated.
    ``draft`` is what was tapped (the tricks by seat): a refused move shows it again.
    """
    access.require_keeper(GAME, stored)
    refusal = None
    if not form.validate():
        refusal = forms.first_error(form)
    elif form.version.data != stored.version:
        refusal = _stale_message()
    else:
        try:
            storage.save(storage.get_db(), stored, move(stored.record))
        except RuleError as error:
            refusal = labels.refusal(error.reason, stored.record.players)
        except storage.Conflict:
            refusal = _stale_message()
    if refusal is not None:
        flash(refusal, "error")
    return _after_move(stored.id, None if refusal is None else draft)


# Sent by static/round.js when it will swap the answer into the page itself.
IN_PLACE_HEADER = "X-Scorekeeper-In-Place"


def _after_move(game_id: str, draft: str | None = None) -> Response:
    """Back to the round page after a tap: a redirect for a plain form; for the page's script,
    the round page itself (one request per tap), with its address in ``X-Page-URL``: only the
    part the script swaps in (base.html, ``in_place``), a third of the bytes."""
    url = url_for("views.game", game_id=game_id, tricks=draft)
    if request.headers.get(IN_PLACE_HEADER) != "1":
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
    stored = storage.load_many(storage.get_db(), access.seen(GAME))
    cards = [
        (entry, sheet.build(entry.record), access.keeps(GAME, entry))
        for entry in stored
        if access.may_see(GAME, entry)
    ]
    seen = storage.load_groups(storage.get_db(), access.seen(GROUP))
    groups = [group for group in seen if access.may_see(GROUP, group)]
    return render_template(
        "home/index.html",
        cards=cards,
        groups=groups,
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
def show_game(game_id: str) -> str:
    """What comes next at the table: trump, bids, play and tricks, or the final standings."""
    stored = access.load_or_404(GAME, game_id)
    access.remember(GAME, stored)
    return _game_page(stored, request.args.get("tricks", ""))


def _game_page(stored: StoredGame, draft: str, *, in_place: bool = False) -> str:
    built = sheet.build(stored.record)
    now = built.current
    return _page(
        "round/page.html",
        stored,
        built,
        last=built.rounds[-1] if built.rounds else None,
        chosen_bidder=_bidder(built),
        undo=game.undo_step(stored.record),
        start=_tricks_start(now, draft) if now else (),
        played=_played(now, draft) if now else cards.NOTHING,
        entered=_entered(now, draft) if now else extras_form.NOTHING,
        fact_chosen=_seats_in_draft(stored.record, now, draft) if now else {},
        turnable=cards.turnable(built),
        **extras_offered(built),
        group=_group_of(stored) if built.finished else None,
        in_place=in_place,
    )


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


def _played(now: sheet.CurrentRound, draft: str) -> cards.Played:
    """The Bomb and the Cloud the tricks step starts with: as tapped, else as the round undo
    reopened had them."""
    if forms.tricks_draft(draft, now.number, len(now.order), now.hand_size) is not None:
        return cards.from_draft(draft, len(now.order))
    return cards.reopened(now.reopened_facts, now.reopened_cloud)


def _entered(now: sheet.CurrentRound, draft: str) -> extras_form.Entered:
    """Skull King's facts the result step starts with: as tapped, else as the round undo
    reopened had them."""
    if forms.tricks_draft(draft, now.number, len(now.order), now.hand_size) is not None:
        return extras_form.from_draft(draft, len(now.order))
    return extras_form.from_extras(now.reopened_facts)


def _advanced_cards(chosen: object) -> bool:
    """The settings bring the Loot and the tricks that nobody won (the Kraken, the White
    Whale)."""
    return bool(getattr(chosen, "advanced_cards", False))


def extras_offered(built: sheet.Sheet) -> dict[str, object]:
    """What the result step offers beyond the tricks: the game's bonuses (Loot with the
    advanced cards only), destroyed tricks, the pirate powers and the Cannonball, as the game's
    settings allow; nothing in a game without bonuses."""
    declared, chosen = built.declaration, built.settings
    advanced = _advanced_cards(chosen)
    return {
        "bonus_kinds": tuple(
            str(bonus.kind) for bonus in declared.bonuses if advanced or not bonus.shared
        ),
        "bonus_points": {str(bonus.kind): bonus.points for bonus in declared.bonuses},
        "with_destroyed": advanced,
        "with_powers": bool(getattr(chosen, "pirate_powers", False)),
        "with_cannonball": getattr(chosen, "scoring", None) == "rascal",
        "words": game_words,
        "fact_entries": [
            (entry.field, game_words.say(entry.label, declared)) for entry in declared.facts.entry
        ],
        "claim_text": extras_form.claim_text,
        "power_text": extras_form.power_text,
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
    tapped = form.by_seat(players)
    played = cards.posted(request.form, players)
    entered = extras_form.posted(request.form, players)
    step = forms.tricks_step(request.form.get("step", ""), players)
    tapped_extra = extras_form.changed(request.form)
    if step is not None or request.form.get("special") == "bomb" or tapped_extra:
        # Without JavaScript the steppers are submit buttons: nothing is stored, the page
        # comes back with the step made (with JavaScript they change the page alone). The
        # Bomb's button comes back the same way, with or without JavaScript.
        if step is not None:
            seat, change = step
            tapped[seat] = max(0, (tapped[seat] or 0) + change)
        entered = _said_at_the_tap(stored.record, number, entered)
        draft = forms.draft_text(number, tapped) + played.text() + entered.text()
        draft += facts_form.text(stored.record.declaration, _posted_seats(stored.record))
        if request.headers.get(IN_PLACE_HEADER) == "1":
            return _after_move(stored.id, draft)
        return redirect(url_for("views.game", game_id=stored.id, tricks=draft), code=303)
    hand = _hand(stored.record, number)
    short = hand is not None and sum(taken or 0 for taken in tapped) < hand
    if short and not entered.destroyed and _advanced_cards(stored.record.settings):
        # Tricks short of the hand where the Kraken or the White Whale may have taken one: a
        # refused round comes back with the bonuses open, where "Tricks nobody won" is (the
        # refusal's sentence, a stable API message, cannot say it).
        entered = replace(entered, opened=True)
    draft = forms.draft_text(number, tapped) + played.text() + entered.text()
    draft += facts_form.text(stored.record.declaration, _posted_seats(stored.record))
    return _apply(stored, form, lambda r: _finish(r, tapped, played, entered), draft)


def posted_facts(record: GameRecord) -> Facts | None:
    """The round facts the tricks step or the correction page asked for by the game's
    declaration (a seat each, or nobody); ``None`` where it asks for none."""
    if not record.declaration.facts.entry:
        return None
    facts: Facts = record.declaration.facts.read(_posted_seats(record))
    return facts


def _posted_seats(record: GameRecord) -> dict[str, int]:
    return facts_form.posted(record.declaration, request.form, len(record.players))


def _seats_in_draft(record: GameRecord, now: sheet.CurrentRound, draft: str) -> dict[str, int]:
    """The seats a draft of this round keeps, by fact (none from another round's draft)."""
    players = len(now.order)
    if forms.tricks_draft(draft, now.number, players, now.hand_size) is None:
        return {}
    return facts_form.from_draft(record.declaration, draft, players)


def _hand(record: GameRecord, number: int) -> int | None:
    """The cards dealt in round ``number``, ``None`` past the game's last round (the move is
    then refused as a finished game's)."""
    try:
        return game.hand_size(record, number)
    except RuleError:
        return None


def _said_at_the_tap(
    record: GameRecord, number: int, entered: extras_form.Entered
) -> extras_form.Entered:
    """What a tap on the result step could not do, said at once rather than at Confirm: a Loot
    without its other player, Harry the Giant's change past the bids' range (left out), and
    Harry's change or a Rascal's wager that took the place of another player's (one card
    each)."""
    players = record.players
    if entered.refused:
        flash(labels.refusal(Reason(entered.refused)), "error")
    hand = _hand(record, number)
    refused = None
    if hand is not None:
        refused = extras_form.harry_refusal(hand, game.current_round(record).bids, entered)
    if refused is not None:
        flash(labels.refusal(refused, players), "error")
        entered = replace(entered, harry=entered.harry_before, replaced="")
    replaced = {"harry": entered.harry, "roatan": entered.roatan}.get(entered.replaced)
    if replaced is not None:
        name = players[replaced.seat]
        said = {
            "harry": _(
                "Harry the Giant is one card: %(name)s's change replaces the one entered before.",
                name=name,
            ),
            "roatan": _(
                "There is one Rascal of Roatan: %(name)s's wager replaces the one entered before.",
                name=name,
            ),
        }
        flash(said[entered.replaced], "info")
    return entered


def _finish(
    record: GameRecord,
    tapped: list[int | None],
    played: cards.Played,
    entered: extras_form.Entered,
) -> GameRecord:
    """Close the round with the tricks, the Bomb and the Cloud tapped, and Skull King's facts
    (bonuses, destroyed tricks, pirate powers) in a game that has them."""
    bids = game.current_round(record).bids
    facts = posted_facts(record) or tapped_facts(record, played, entered, bids)
    return game.finish_round(record, tapped, facts=facts)


def tapped_facts(
    record: GameRecord,
    played: cards.Played,
    entered: extras_form.Entered,
    bids: Sequence[int | None],
) -> Facts:
    """The round's own facts as tapped: Skull King's in a game with bonuses, else the Bomb and
    the Cloud (refused by a game whose deck has neither)."""
    if record.declaration.bonuses:
        return entered.extras(len(record.players))
    return played.specials(bids)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> ResponseReturnValue:
    """Take back the last thing entered; a sealed bid, or a round of a finished game, only once
    the table confirms (as a delete does)."""
    stored, form = access.load_or_404(GAME, game_id), forms.ActionForm()
    question = _undo_question(stored)
    if question and request.form.get("confirm") != "yes" and form.validate():
        access.require_keeper(GAME, stored)
        return _page("round/undo_ask.html", stored, None, **question)
    return _apply(stored, form, game.undo)


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
    return _page("sheet/sheet.html", stored, built, chart=_chart(built))


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
