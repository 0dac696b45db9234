"""A corrected round as every sheet shows it (the phone's sheet, the table display, the PDF, the
CSV): a mark beside each score a correction changed, as an adjustment's mark sits beside its
score, and a key line for each corrected round with what it was before, in words.

What it was comes from the core (:mod:`scorekeeper.core.corrections`; the row's ``original``,
scored by the game's rules): nothing is worked out here but the words.
"""

from __future__ import annotations

from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.render import game_facts, labels
from scorekeeper.render.labels import gettext as _

# A pencil: "written over". In DejaVu Sans (the PDF's font) and the phones' symbol fonts, apart
# from the adjustments' numbers and the ⚠ of a round that no longer fits the rules.
MARK = "\u270e"  # ✎
DASH = "\u2013"  # an en dash: no bid (the saboteur), as the sheet shows it


def marked_seats(row: RoundRow) -> tuple[int, ...]:
    """The seats whose figures the round's correction changed: bid, tricks or score, or what the
    game marks beside them (a Skull King bonus that scored nothing either way)."""
    was = row.original
    if was is None:
        return ()
    return tuple(
        seat
        for seat in range(len(row.tricks))
        if seat in row.corrected_seats
        or game_facts.seat_marks(was, seat) != game_facts.seat_marks(row, seat)
    )


def seats_in(sheet: Sheet) -> frozenset[int]:
    """The seats with a figure corrected in any round: the table display marks their totals."""
    return frozenset(seat for row in sheet.corrected for seat in marked_seats(row))


def before(row: RoundRow, seat: int) -> str:
    """What ``seat`` had in ``row`` before its correction: "bid 3, took 3, +50"."""
    was = row.original
    assert was is not None
    # Translators: a player's figures in a round as first entered, before it was corrected: the
    # bid, the tricks taken and the round's score (+50, -10). Say it as short as the sheet does.
    said = _("bid %(bid)s, took %(tricks)s, %(score)s", **_figures(was, seat))
    return said + _marks(row, seat)


def named(row: RoundRow, seat: int, name: str) -> str:
    """:func:`before` with the player's name: "Ana bid 3, took 3, +50"."""
    was = row.original
    assert was is not None
    # Translators: as "bid %(bid)s, took %(tricks)s, %(score)s", after the player's name.
    said = _("%(name)s bid %(bid)s, took %(tricks)s, %(score)s", name=name, **_figures(was, seat))
    return said + _marks(row, seat)


def _figures(was: RoundRow, seat: int) -> dict[str, str]:
    bid = was.bids[seat]
    shown = DASH if bid is None else str(bid)
    changed = game_facts.changed_bid(was, seat)
    if changed is not None:  # the Cloud's or Harry the Giant's, as the sheet writes it
        shown = f"{shown}\u2192{changed}"
    return {"bid": shown, "tricks": str(was.tricks[seat]), "score": labels.signed(was.scores[seat])}


def _marks(row: RoundRow, seat: int) -> str:
    """What the game marked beside the seat's figures before, where the correction changed it."""
    was = row.original
    assert was is not None
    marks = game_facts.seat_marks(was, seat)
    if not marks or marks == game_facts.seat_marks(row, seat):
        return ""
    return " (" + ", ".join(mark.said for mark in marks) + ")"


def trump_before(row: RoundRow) -> str:
    """The trump before the correction, where it changed and the game shows one; else ""."""
    was, record = row.original, row.record
    if was is None or not row.trump_corrected:
        return ""
    if not game_facts.shows_trump(record.game, record.settings):
        return ""
    look = record.declaration.look(record.settings)
    # Translators: the trump of a round as first entered, before it was corrected.
    return _("trump: %(trump)s", trump=labels.trump_label(was.trump, look))


def key_line(row: RoundRow) -> str:
    """A corrected round in the key: "Round 7 corrected. Before: Ana bid 3, took 3, +50 · …"."""
    names = row.record.players
    parts = [trump_before(row), *(named(row, s, names[s]) for s in marked_seats(row))]
    if not any(parts):  # only facts the sheet shows no mark of: every seat as it was
        parts = [named(row, seat, name) for seat, name in enumerate(names)]
    # Translators: the key under a sheet to a round corrected after it was entered (marked ✎ on
    # the sheet): its figures before the correction, each player's or the trump, apart by " · ".
    return _("Round %(n)s corrected. Before: %(figures)s", n=row.number, figures=_join(parts))


def cell_said(row: RoundRow, seat: int) -> str:
    """The words of a seat's mark, for a screen reader and a finger held on it."""
    # Translators: said of a score marked ✎ on the sheet: what the player had before the round
    # was corrected ("round corrected; before: bid 3, took 3, +50").
    return _("round corrected; before: %(figures)s", figures=before(row, seat))


def csv_cell(row: RoundRow, seat: int) -> str:
    """The CSV's cell of a seat in a round: its trump before (where the correction changed it)
    and its figures before (where it changed them); "" for a seat the correction left alone."""
    parts = [trump_before(row)]
    if seat in marked_seats(row):
        parts.append(before(row, seat))
    return _join(parts)


def _join(parts: list[str]) -> str:
    return " \u00b7 ".join(part for part in parts if part)
