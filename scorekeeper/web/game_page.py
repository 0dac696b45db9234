"""What the game's page shows beyond the moves (:mod:`.views`): where the tricks step starts,
the game's own facts offered, a table ended early or led on to its next sitting, the undo
question, the group a finished game returns to, the chart of the sheet page, and each game's
rules page's address."""

from __future__ import annotations

from flask import request, url_for
from markupsafe import Markup

from scorekeeper import storage
from scorekeeper.core import family, game, sheet
from scorekeeper.core.current_round import CurrentRound
from scorekeeper.render import chart, game_words
from scorekeeper.render.labels import gettext as _
from scorekeeper.storage import StoredGame
from scorekeeper.web import forms, table_cards
from scorekeeper.web.forms import parts


def rules_url(key: str) -> str:
    """The rules page of a game (the default game's at /rules, as before); "" for a game that
    declares none (its pages then link to no rules)."""
    if family.game(key).rules_page is None:
        return ""
    if key == family.DEFAULT_GAME:
        return url_for("views.rules")
    return url_for("views.game_rules", game_key=key)


def following(stored: StoredGame) -> table_cards.Following | None:
    """Where a finished (or ended early) table's game leads its table card's phone (the next
    sitting's game at the table), or ``None`` for a game no card of this phone keeps."""
    place = storage.table_place(storage.get_db(), stored.id)
    evening = None if place is None else storage.load_evening(storage.get_db(), place.evening_id)
    if place is None or evening is None:
        return None
    return table_cards.following(evening, place.sitting, place.table)


def ended(stored: StoredGame) -> dict[str, object]:
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


def tricks_step(built: sheet.Sheet, now: CurrentRound, draft: str) -> dict[str, object]:
    """Where the tricks step starts: each stepper, the game's own facts as tapped, the tricks
    left to give out once those facts took theirs, and each bid a card changed."""
    part = parts.part_of(built.declaration)
    players, hand = len(now.order), now.hand_size
    ours = forms.tricks_draft(draft, now.number, players, hand) is not None
    tapped = part.started(built, draft if ours else None)
    target = hand - part.lost(tapped)
    return {
        "start": tricks_start(now, draft),
        "tapped": tapped,
        "target": target,
        "changed_bids": [
            None if bid is None else part.changed_bid(tapped, seat, bid)
            for seat, bid in enumerate(now.bids)
        ],
        "live_change": part.live_change(built),
        "facts_note": part.note(tapped, target),
    }


def tricks_start(now: CurrentRound, draft: str) -> tuple[int, ...]:
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


def group_of(stored: StoredGame) -> storage.StoredGroup | None:
    """The group a game belongs to, for the way back from its Game over screen."""
    group_id = storage.group_of(storage.get_db(), stored.id)
    return None if group_id is None else storage.load_group(storage.get_db(), group_id)


def bidder(built: sheet.Sheet) -> int | None:
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


def undo_question(stored: StoredGame) -> dict[str, int]:
    """What undo would take back now if it asks first: a sealed bid (``seat``: whose) or the
    last round of a finished game (``reopen``: its number); empty when it just does it."""
    step = game.undo_step(stored.record)
    now = sheet.build(stored.record).current
    if step is not None and step.kind == "bid" and now is not None and now.sealed:
        return {"seat": step.seat or 0}
    if step is not None and step.kind == "round" and now is None and step.number:
        return {"reopen": step.number}
    return {}


def chart_of(built: sheet.Sheet) -> Markup | str:
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
