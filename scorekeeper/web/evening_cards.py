"""A player's own result card of a club evening (issue 48): reached from the evening's page (a
name in the standings, or "find your table"), which the room screen's QR code opens; printable
from the browser (its print rules). Seen by whoever may see the group, as the evening is.

Its rating change comes from the group's ratings (core/ratings.py, through its public
``ratings``): the player's rating over the group's finished games of the evening's game before
the evening's first counted game, and after its last one."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from scorekeeper.core import ratings
from scorekeeper.core.players import player_key
from scorekeeper.core.stats_filters import Filters
from scorekeeper.render import evening_card, evening_pages
from scorekeeper.render.evening_card import RatingMove
from scorekeeper.render.evening_sheet import EveningSheet
from scorekeeper.storage import StoredGroup
from scorekeeper.web import evening_draw, group_figures

bp = Blueprint("evening_cards", __name__)


@bp.get("/evenings/<evening_id>/players/<int:number>")
def card(evening_id: str, number: int) -> str:
    """The result card of the evening's player ``number`` (their place in its list)."""
    stored, group = evening_draw.evening_or_404(evening_id)
    built = evening_draw.sheet_of(stored)
    shown = evening_card.card(built, number)
    if shown is None:
        abort(404)
    return render_template(
        "evenings/player.html",
        evening=stored,
        group=group,
        card=shown,
        rating=rating_move(group, built, shown.player),
        tie_breaks=evening_pages.tie_breaks(),
    )


@bp.get("/evenings/<evening_id>/players/<name>")
def by_name(evening_id: str, name: str) -> WerkzeugResponse:
    """A player's card by name, as "find your table" reads names (any spelling the rules
    call the same, or the start of one name); else the evening's page."""
    stored, _group = evening_draw.evening_or_404(evening_id)
    found = evening_pages.find(evening_pages.view(evening_draw.sheet_of(stored)), name[:40])
    if not found.player:
        return redirect(url_for("evenings.show", evening_id=stored.id, find=name[:40]), code=303)
    number = stored.players.index(found.player) + 1
    return redirect(url_for(".card", evening_id=stored.id, number=number), code=303)


def rating_move(group: StoredGroup, built: EveningSheet, player: str) -> RatingMove | None:
    """The player's rating before the evening's first counted game of theirs and after its
    last, and the change summed over the evening's games alone (``ratings.change_over``: a
    game of the group played in between is not the evening's), over the group's finished games
    of the evening's game in the order played; ``None`` when no game of theirs tonight ended."""
    ids = {
        table.game_id
        for sitting in built.sittings
        for table in sitting.tables
        if table.game_id
        and table.finished
        and table.taken_out_at is None
        and player in table.players
    }
    played = group_figures.group_stats(group, Filters(game=built.evening.game)).games
    games = [ratings.FinishedGame(game.keys, game.totals, game.id) for game in played]
    key = player_key(player)
    tonight = [c for c in ratings.changes_of(games, key) if c.game_id in ids]
    change = ratings.change_over(games, key, sorted(ids))
    if not tonight or change is None:
        return None
    first_rated = not any(c.game_id not in ids for c in ratings.changes_of(games, key)[:1])
    return RatingMove(
        None if first_rated else group_figures.decimal(tonight[0].before),
        group_figures.decimal(tonight[-1].after),
        None if first_rated else group_figures.change(change),
        len(tonight),
    )
