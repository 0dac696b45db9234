"""A player's own result card of a club evening (issue 48): every sitting of theirs (the table
and seat, their place and game total, the placement points it gave, or the sit-out's 50, or why
it gave nothing), their total, rank and tie-break figures, and how their rating moved over the
evening. The same figures as the standings (:mod:`scorekeeper.render.evening_pages`), one
player's line of them laid out so that they can add it up by hand."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core import evening_standings as es
from scorekeeper.render import evening_pages, labels
from scorekeeper.render.evening_pages import StandingLine
from scorekeeper.render.evening_sheet import EveningSheet, SittingLine
from scorekeeper.render.labels import gettext as _


@dataclass(frozen=True)
class CardRow:
    """One sitting on the card: where the player sat, their place and game total, and the
    placement points it gave (``counted`` False while they are only to come)."""

    sitting: int
    where: str
    place: str
    total: str
    points: str
    counted: bool
    game_id: str | None


@dataclass(frozen=True)
class RatingMove:
    """The player's rating before the evening's first game and after its last one (``None``
    before: their first rated games), as shown."""

    before: str | None
    after: str
    change: str | None
    games: int


@dataclass(frozen=True)
class PlayerCard:
    """Everything a player's result card shows."""

    player: str
    number: int
    line: StandingLine | None
    ranked: int
    rows: tuple[CardRow, ...]
    over: bool


def card(built: EveningSheet, number: int) -> PlayerCard | None:
    """The card of the evening's player ``number`` (1: the first of its list), or ``None``."""
    players = built.evening.players
    if not 1 <= number <= len(players):
        return None
    player = players[number - 1]
    view = evening_pages.view(built)
    line = next((line for line in view.standings if line.player == player), None)
    entries = line.sittings if line is not None else ()
    rows = tuple(
        _row(sitting, player, entries[at] if at < len(entries) else None)
        for at, sitting in enumerate(built.sittings)
    )
    return PlayerCard(player, number, line, len(view.standings), rows, view.over)


def _row(sitting: SittingLine, player: str, entry: es.SittingPoints | None) -> CardRow:
    table = next((t for t in sitting.tables if player in t.players), None)
    where, total, game_id = "", "", None
    if table is not None:
        seat = table.players.index(player)
        where = _("Table %(table)s, seat %(seat)s", table=table.table, seat=seat + 1)
        game_id = table.game_id
        if table.taken_out_at is not None:
            where += " · " + _("taken out")
        elif table.finished:
            total = labels.number(table.totals[seat])
        elif table.ended_at is not None:
            # As the standings and the PDF count it: the total after the rounds that count.
            where += " · " + _("ended early")
            total = labels.number(table.totals[seat])
    elif player in sitting.sitting_out:
        where = _("sat out")
    else:
        where = _("not here")
    return CardRow(
        sitting.number,
        where,
        place_cell(entry),
        total,
        points_cell(entry),
        entry is not None and entry.state in (es.PLAYED, es.SAT),
        game_id,
    )


def place_cell(entry: es.SittingPoints | None) -> str:
    """A game's place at its table ("2 of 4", "2 of 4, shared" for a tie), or nothing."""
    if entry is None or entry.place is None or entry.seats is None:
        return ""
    if entry.shared > 1:
        return _("%(place)s of %(seats)s, shared", place=entry.place, seats=entry.seats)
    return _("%(place)s of %(seats)s", place=entry.place, seats=entry.seats)


def points_cell(entry: es.SittingPoints | None) -> str:
    """What a sitting gave a player, in words where it is not a plain figure: "66.7",
    "sat out 50", "50 pending", "still playing", or a dash for a sitting missed."""
    state = entry.state if entry is not None else es.MISSED
    points = "" if entry is None or entry.points is None else evening_pages.points(entry.points)
    if state == es.PLAYED:
        return points
    if state == es.SAT:
        return _("sat out %(points)s", points=points)
    if state == es.PENDING:
        return _("%(points)s pending", points=points)
    if state == es.PLAYING:
        return _("still playing")
    return "—"
