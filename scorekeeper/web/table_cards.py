"""A club night's table cards (issue 48, docs/club-night.md "Table cards"): one card for each
physical table of the evening, printed once, whose QR code makes a phone that table's
scorekeeper for every sitting.

The card's address (``/evenings/<id>/tables/<t>/<token>``) carries a token made from the
evening's secret and the table's number (:func:`table_token`): it lets a phone in at that table of
that evening, and nowhere else (it is no group's or game's token). Opened the first time, it
asks (a site cannot make a phone a table's scorekeeper by opening a link); from then on the phone
remembers the card (``access.remember_card``) and the address always leads to the table's game
of now (:func:`place_now`), making the phone a scorekeeper of that one game as it goes
(``access.remember`` with the game's edit token, as the game's own edit link does). A table's
game finished offers the next sitting's game at the same table (:func:`following`), and a
phone left on a game a redraw replaced is led to the table's game (:func:`_replaced`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.core import evening, sheet
from scorekeeper.core.game import GameRecord
from scorekeeper.render import qr
from scorekeeper.storage import StoredEvening, StoredGame
from scorekeeper.web import access, addresses, evening_draw, forms
from scorekeeper.web.kinds import GAME, GROUP

bp = Blueprint("table_cards", __name__)

MAX_TABLE = 60
"""The highest table number a card is made for (120 players at tables of 2)."""


def table_token(stored: StoredEvening, table: int) -> str:
    """Table ``table``'s card token: 128 bits of an HMAC of the evening's secret, so that each
    table has its own and none tells another's."""
    secret = (stored.table_secret or "").encode()
    digest = hmac.new(secret, f"table {table}".encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def card_url(stored: StoredEvening, table: int) -> str:
    """The card's address as other phones open it (its QR code)."""
    return addresses.external(
        url_for(
            "table_cards.phone", evening_id=stored.id, table=table, token=table_token(stored, table)
        )
    )


def _card_key(evening_id: str, table: int) -> str:
    return f"t{evening_id}.{table}"


def holds(stored: StoredEvening, table: int) -> bool:
    """True when this phone keeps score at ``table`` by its card."""
    return access.holds_card(_card_key(stored.id, table), table_token(stored, table))


def tables_of(stored: StoredEvening) -> int:
    """How many physical tables the evening has a card for: as many as any sitting drawn,
    or the latest present players need at the sizes allowed."""
    here = stored.sittings[-1].present if stored.sittings else stored.players
    needed = len(evening.table_sizes(len(here), stored.table_sizes))
    return max([needed, *(len(sitting.tables) for sitting in stored.sittings)])


# --- the table's game now ---------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a table is in the evening: the sitting now (``None`` before the first draw) and
    the id of its game there (``None``: no game at this table this sitting)."""

    sitting: int | None
    game_id: str | None


def place_now(evening: StoredEvening, table: int, games: Mapping[str, GameRecord | None]) -> Place:
    """The table's game of now: from the last sitting whose game at this table has started
    (a table plays its sittings in order), the first whose game is not over (finished, or
    ended early by the keepers; a table taken out is passed over); every one over, the last
    sitting's, while table ``table`` is one of its tables. A sitting drawn early does not take
    the phone from the game its table plays, and a game left unfinished at a table that moved on
    does not hold the phone back.
    ``games``: the records of the table's games by id (a game gone is missing or ``None``)."""
    at: list[tuple[int, str, GameRecord, bool]] = []
    for sitting in evening.sittings:
        for line in sitting.tables:
            record = games.get(line.game_id or "")
            if line.table == table and line.taken_out_at is None and record is not None:
                at.append((sitting.number, str(line.game_id), record, line.ended_at is not None))
    begun = [index for index, (_, _, record, _) in enumerate(at) if _started(record)]
    for number, game_id, record, ended in at[begun[-1] if begun else 0 :]:
        if not ended and not sheet.build(record).finished:
            return Place(number, game_id)
    last = evening.sittings[-1].number if evening.sittings else None
    if at and at[-1][0] == last:
        return Place(last, at[-1][1])
    return Place(last, None)


def now_at(stored: StoredEvening, table: int) -> Place:
    """Table ``table``'s game of now, worked out from its games as stored (those of this table
    alone: a phone waiting for the next sitting asks every 15 s)."""
    ids = [t.game_id for s in stored.sittings for t in s.tables if t.table == table and t.game_id]
    games = {game.id: game.record for game in storage.load_many(storage.get_db(), ids)}
    return place_now(stored, table, games)


def _started(record: GameRecord) -> bool:
    return bool(record.rounds or record.current is not None)


# --- the card: for the keepers, and at the table ------------------------------------------------


def _evening_table(evening_id: str, table: int) -> StoredEvening:
    stored, _group = evening_draw.stored_or_404(evening_id)
    if not 1 <= table <= MAX_TABLE or stored.table_secret is None:
        abort(404)
    return stored


@bp.get("/evenings/<evening_id>/tables/<int:table>")
def card(evening_id: str, table: int) -> str:
    """Table ``table``'s card for the evening's keepers: "Table 2" and the QR code that makes
    a phone that table's scorekeeper for every sitting (print it, or show it to the phone)."""
    stored, group = evening_draw.evening_or_404(evening_id)
    access.require_keeper(GROUP, group)
    _evening_table(evening_id, table)
    g.no_store = True
    link = card_url(stored, table)
    return render_template(
        "evenings/card.html",
        evening=stored,
        group=group,
        table=table,
        tables=tables_of(stored),
        link=link,
        qr=qr.code(link),
    )


@bp.route("/evenings/<evening_id>/tables/<int:table>/<token>", methods=["GET", "POST"])
def phone(evening_id: str, table: int, token: str) -> ResponseReturnValue:
    """A table's card opened on a phone: asked once, then always the table's game of now."""
    stored = _evening_table(evening_id, table)
    g.no_store = True
    if not access.same_token(token, table_token(stored, table)):
        abort(403, description=_card_refused())
    if not holds(stored, table):
        form = forms.JoinForm()
        if not form.validate_on_submit():
            status = 400 if request.method == "POST" else 200
            group = storage.load_group(storage.get_db(), stored.group_id)
            page = render_template(
                "evenings/card_join.html", evening=stored, group=group, table=table, form=form
            )
            return page, status
        access.remember_card(_card_key(stored.id, table), token)
    return _lead(stored, table)


def _card_refused() -> str:
    words: str = _(
        "This table card is not one of this club night's. Ask the club night's keepers for the "
        "table's card."
    )
    return words


def _lead(stored: StoredEvening, table: int) -> ResponseReturnValue:
    """The table's game of now, this phone its scorekeeper; else the page that waits for it."""
    place = now_at(stored, table)
    game = _game(place)
    if game is not None:
        access.remember(GAME, game, keeper=True)
        return redirect(url_for("views.game", game_id=game.id), code=303)
    group = storage.load_group(storage.get_db(), stored.group_id)
    return render_template(
        "evenings/card_wait.html",
        evening=stored,
        group=group,
        table=table,
        place=place,
        evening_link=_evening_link(stored),
    )


def _game(place: Place) -> StoredGame | None:
    return None if place.game_id is None else storage.load(storage.get_db(), place.game_id)


def _evening_link(stored: StoredEvening) -> str:
    group = storage.load_group(storage.get_db(), stored.group_id)
    if group is None or group.view_token is None:
        return url_for("evenings.show", evening_id=stored.id)
    return url_for("evenings.watch", evening_id=stored.id, token=group.view_token)


# --- the game page of a table --------------------------------------------------------------


@dataclass(frozen=True)
class Following:
    """What a table's finished game offers its card's phone: the card's address (to the
    table's game of now) when a later sitting has a game at this table, else the sitting the
    table waits for (``None``: the evening's last sitting is over), or the later sitting
    drawn without this table (``empty``)."""

    url: str | None
    waits_for: int | None
    empty: int | None = None


def following(stored: StoredEvening, sitting: int, table: int) -> Following | None:
    """For a finished game at ``table`` of ``sitting``: where its card's phone goes next, or
    ``None`` when this phone does not keep score at that table by its card."""
    if stored.table_secret is None or not holds(stored, table):
        return None
    place = now_at(stored, table)
    if place.sitting is not None and place.sitting > sitting:
        if place.game_id is None:
            return Following(None, None, place.sitting)
        return Following(card_url(stored, table), None)
    if sitting >= stored.sittings_planned:
        return Following(None, None)
    return Following(None, sitting + 1)


# --- a game a redraw replaced ------------------------------------------------------------------


def _replaced(game_id: str) -> ResponseReturnValue | None:
    """A game page's address of a game a redraw replaced: to the table's game (its card's
    phone to the table's game of now; the phone that kept the old game keeps its new one)."""
    if request.path.startswith("/api/") or request.endpoint == "live.version":
        return None
    gone = storage.redrawn_game(storage.get_db(), game_id)
    stored = None if gone is None else storage.load_evening(storage.get_db(), gone.evening_id)
    if gone is None or stored is None:
        return None
    if stored.table_secret is not None and holds(stored, gone.table):
        return _lead(stored, gone.table)
    sitting = next((s for s in stored.sittings if s.number == gone.sitting), None)
    line = None
    if sitting is not None:
        line = next((t for t in sitting.tables if t.table == gone.table), None)
    game = None
    if line is not None and line.game_id is not None:
        game = storage.load(storage.get_db(), line.game_id)
    if game is None:
        flash(
            _(
                "Sitting %(number)s was drawn again: there is no table %(table)s now.",
                number=gone.sitting,
                table=gone.table,
            ),
            "info",
        )
        return redirect(url_for("evenings.show", evening_id=stored.id), code=303)
    if access.held_edit(GAME, game_id, gone.edit_token):
        access.remember(GAME, game, keeper=True)
    flash(
        _(
            "Sitting %(number)s was drawn again: this is table %(table)s's new game.",
            number=gone.sitting,
            table=gone.table,
        ),
        "info",
    )
    return redirect(url_for("views.game", game_id=game.id), code=303)


access.MISSING.setdefault(GAME.name, []).append(_replaced)
