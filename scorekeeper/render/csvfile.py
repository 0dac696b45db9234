"""The score sheet as CSV, one row per player per completed round, for a spreadsheet.

Rendered from the score sheet like the PDF (:mod:`printing`) and the JSON (:mod:`record`), so it
never holds a sealed bid. Text cells that a spreadsheet would run as a formula are quoted.
A player's adjustments in a round are in its last two columns, the points (summed) and the
reason ("revoke"; several with their points: "revoke -20; bonus +5"); the score and the total
include them, as on the sheet.
A game without a trump to show (Skull King's is always the same suit) has no trump column; a
game with bonuses adds the bid scored (Harry the Giant's changed), the bonus points (with Rascal
of Roatan's wager), the bonuses in words and the tricks nobody won.
A game whose declaration marks a seat's cell (``seat_marks``) adds a column of those marks in
words. A game with a round corrected after it was entered adds a last column: on the rows of such a
round whose figures the correction changed, what they were before, in words ("bid 3, took 3,
+50"; the trump too, on each row of the round, where it changed). Its mark and its key in one.
"""

from __future__ import annotations

import csv
import io

from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.refusals import N_
from scorekeeper.core.sheet import Sheet
from scorekeeper.render import corrections, game_facts, labels

# The header row is translated: a spreadsheet user reads it. Message ids with a context, so the
# column "bid" is not the word on the bids page.
HEADER = (
    N_("round"),
    N_("cards"),
    N_("dealer"),
    N_("trump"),
    N_("player"),
    N_("bid"),
    N_("tricks"),
    N_("score"),
    N_("total"),
    N_("adjustment"),
    N_("reason"),
)
# An anniversary deck's game adds two columns: the bid the score counts (the Cloud's winner's
# changed bid; the "bid" column keeps the bid made) and whether the Bomb took a trick (1).
SPECIAL_HEADER = (N_("bid scored"), N_("Bomb"))
BONUS_HEADER = (N_("bid scored"), N_("bonus"), N_("bonuses"), N_("destroyed"))
# Translators: a spreadsheet column: what a game's own facts of a round marked on a player's
# cell, in words (Crowns' "the crown: the last trick").
MARKS_HEADER = (N_("marks"),)
# Last, so a game with a corrected round keeps every other column where it was.
# Translators: a spreadsheet column: a player's figures in a round before it was corrected.
CORRECTED_HEADER = (N_("before the correction"),)
TRUMP = 3  # the trump's column in HEADER and in each row
# A spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def render(sheet: Sheet) -> str:
    """The whole CSV file, with a byte order mark so spreadsheet apps read names as UTF-8."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    header = HEADER + (SPECIAL_HEADER if sheet.special_cards else ())
    if game_facts.has_bonuses(sheet.game):
        header += BONUS_HEADER
    if game_facts.marks_column(sheet.game):
        header += MARKS_HEADER
    if sheet.corrected:
        header += CORRECTED_HEADER
    if not game_facts.shows_trump(sheet.game, sheet.settings):
        header = header[:TRUMP] + header[TRUMP + 1 :]
    writer.writerow([safe_cell(labels.gettext(column)) for column in header])
    writer.writerows(rows(sheet))
    return "\ufeff" + buffer.getvalue()


def rows(sheet: Sheet) -> list[list[str | int]]:
    """The rows of the completed rounds, text cells neutralised against formulas."""
    lines: list[list[str | int]] = []
    bonuses = game_facts.has_bonuses(sheet.game)
    trumps = game_facts.shows_trump(sheet.game, sheet.settings)
    marks = game_facts.marks_column(sheet.game)
    for row in sheet.rounds:
        points = game_facts.bonus_points(row)
        trump = labels.trump_label(row.trump, sheet.look)
        dealer = sheet.players[row.dealer]
        for seat, player in enumerate(sheet.players):
            bid = row.bids[seat]
            cells: list[str | int] = [row.number, row.hand_size, dealer, trump, player]
            cells += ["" if bid is None else bid, row.tricks[seat]]
            cells += [row.scores[seat], row.totals[seat]]
            cells += _adjustment_cells(row.adjustments, seat)
            if sheet.special_cards:
                scored = row.scored_bids[seat]
                cells += ["" if scored is None else scored, int(row.bomb)]
            if bonuses:
                scored = row.scored_bids[seat]
                said = "; ".join(mark.said for mark in game_facts.seat_marks(row, seat))
                cells += ["" if scored is None else scored, points[seat], said]
                cells.append(game_facts.destroyed(row))
            if marks:
                cells.append("; ".join(mark.said for mark in game_facts.own_marks(row, seat)))
            if sheet.corrected:
                cells.append(corrections.csv_cell(row, seat) if row.original else "")
            if not trumps:
                del cells[TRUMP]
            lines.append([safe_cell(cell) for cell in cells])
    return lines


def _adjustment_cells(given: tuple[Adjustment, ...], seat: int) -> list[str | int]:
    mine = [adjustment for adjustment in given if adjustment.seat == seat]
    if not mine:
        return ["", ""]
    # The points are in the cell before: one reason alone is just its words; several each say
    # their part. The words first, so that the cell does not start like a formula and need an
    # apostrophe (issue 33's walk).
    if len(mine) == 1:
        return [mine[0].points, mine[0].reason]
    return [sum(a.points for a in mine), "; ".join(f"{a.reason} {a.points:+d}" for a in mine)]


def safe_cell(cell: str | int) -> str | int:
    """A text cell a spreadsheet will not run as a formula: quote it if it starts like one."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell
