"""Fitting the printed pad to the paper: orientation, font size and column widths. Pure.

The pad has four columns for the round (number, cards, dealer, trump) and four per player
(bid, tricks, score, total); a game with no trump to show has no trump column, and one with
bonuses (Skull King) a bonus column per player, between the tricks and the score. Column
widths are estimated in ems from DejaVu Sans' advance widths, the widest numbers actually
printed and the width of each column's header in the reader's language (measured by the
caller), then the font is sized so the table fits the page: portrait while that keeps the text
at :data:`MIN_PORTRAIT_PT` or more, else landscape.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

PT_PER_MM = 72 / 25.4
MARGIN_MM = (10, 10, 13, 10)  # top, right, bottom, left: print.css's @page margin
BASE_PT = 8.5  # the pad's font size when there is room
MIN_PORTRAIT_PT = 8.0  # below this, turn the page
MIN_PT = 6.0  # never smaller, whatever the table

# Widths in ems (DejaVu Sans): headers, names and trumps wrap or fit in these.
FIXED_EM = {"round": 3.7, "cards": 3.4, "dealer": 6.0, "trump": 6.2}
BID_EM, TRICKS_EM = 1.9, 2.5
# A bonus cell: its points (``+60``) over its marks (``14, L``), with room to write them in.
BONUS_EM = 3.4
DIGIT_EM, SIGN_EM, MARK_EM, PADDING_EM = 0.7, 0.84, 0.84, 0.45
# A corrected round's pencil beside a score (print.css: 0.9em, bold).
PENCIL_EM = 0.75
# Text sizes relative to the pad's font, as print.css sets them: the round's headers (bold,
# 0.9em, 1.5pt padding each side), the players' field headers (0.78em, no padding: their rule
# replaces the headers' 0.9em, it does not multiply it; measured at 0.9 x 0.78, "Σύνολο" ran
# over the thick border between players, issue 21), and the dealer's name and the trump cell's
# suit (0.9em) and what was turned under it (0.9em x 0.8).
HEADER_SCALE, FIELD_SCALE = 0.9, 0.78
TRUMP_SCALE, NOTE_SCALE = 0.9, 0.9 * 0.8
# Room beside a word, in ems of the pad's font: the cell's padding and a hair of air, so that
# neighbouring words never touch.
HEADER_ROOM_EM, FIELD_ROOM_EM = 0.7, 0.6
DEALER_MAX_EM = 8.0
# A player's name in the header prints bold at 1.05em; each cell has 1.5 pt of padding either
# side, and the thick border between players takes about another point and a half.
NAME_SCALE, CELL_PADDING_PT, BORDER_PT = 1.05, 1.5, 1.5
ROUND_COLUMNS = tuple(FIXED_EM)
PLAYER_COLUMNS = ("bid", "tricks", "score", "total")
BONUS_COLUMNS = ("bid", "tricks", "bonus", "score", "total")
"""A player's columns in a game with bonuses."""


@dataclass(frozen=True)
class Paper:
    """A paper size: its CSS name and its portrait size in millimetres."""

    css: str
    width: float
    height: float


PAPERS = {"a4": Paper("A4", 210, 297), "letter": Paper("letter", 215.9, 279.4)}


@dataclass(frozen=True)
class Layout:
    """Orientation, font size, and the width of each column as a percentage of the table."""

    paper: Paper
    landscape: bool
    font_pt: float
    widths: dict[str, float]
    player_columns: tuple[str, ...] = PLAYER_COLUMNS
    """Each player's columns, in order (:data:`PLAYER_COLUMNS` or :data:`BONUS_COLUMNS`)."""

    @property
    def page_size(self) -> str:
        """The CSS ``size`` of the page, e.g. ``A4 landscape``."""
        return f"{self.paper.css} {'landscape' if self.landscape else 'portrait'}"

    @property
    def content_mm(self) -> tuple[float, float]:
        """Width and height inside the margins, in millimetres."""
        width, height = self.paper.width, self.paper.height
        if self.landscape:
            width, height = height, width
        top, right, bottom, left = MARGIN_MM
        return width - left - right, height - top - bottom


def number_em(value: int) -> float:
    """The printed width of an integer (bold digits, a minus sign if negative), in ems."""
    return DIGIT_EM * len(str(abs(value))) + (SIGN_EM if value < 0 else 0)


def header_em(column: str, word_em: float) -> float:
    """The width a column needs for its header, whose widest word is ``word_em`` ems wide at
    the header's own size (bold for the round's columns), in ems of the pad's font."""
    if column in BONUS_COLUMNS:
        return word_em * FIELD_SCALE + FIELD_ROOM_EM
    return word_em * HEADER_SCALE + HEADER_ROOM_EM


def dealer_em(name_em: float) -> float:
    """The width the dealer column needs for a name whose widest word is ``name_em`` ems wide,
    up to :data:`DEALER_MAX_EM`: a longer word breaks (hyphenated where the language allows)
    rather than take the players' room."""
    return min(DEALER_MAX_EM, name_em * TRUMP_SCALE + HEADER_ROOM_EM)


def trump_em(suit_em: float, note_em: float) -> float:
    """The width the trump column needs for its widest unbreakable run of a suit's name
    (``suit_em``) and of what was turned (``note_em``), each in ems at its own size."""
    return max(suit_em * TRUMP_SCALE, note_em * NOTE_SCALE) + HEADER_ROOM_EM


def fit(
    paper: str,
    players: int,
    scores: Iterable[int] = (-100,),
    totals: Iterable[int] = (-1000,),
    needs: Mapping[str, float] | None = None,
    *,
    trump: bool = True,
    bonus: bool = False,
    pencil: bool = False,
) -> Layout:
    """The layout of a pad of ``players`` whose widest numbers are among those given.

    A score prints with a ✓/✗ mark and a sign (``✓+120``); a total bare (``-180``, with a real
    minus sign). The defaults leave room for handwriting on a blank pad. ``needs`` gives the
    width a column's words need in the reader's language (:func:`header_em`, :func:`trump_em`):
    a column is never narrower, so no header, trump or (within reason) name runs out of it.
    ``trump`` False leaves the trump column out; ``bonus`` adds each player's bonus column;
    ``pencil`` widens the scores for the mark of a corrected round beside one.
    """
    size = PAPERS[paper]
    digits = max(len(str(abs(score))) for score in scores)
    score_em = max(2.3, MARK_EM + SIGN_EM + DIGIT_EM * digits + PADDING_EM)
    score_em += PENCIL_EM if pencil else 0
    total_em = max(2.2, max(map(number_em, totals)) + PADDING_EM)
    needed = needs or {}
    fixed = {
        name: max(em, needed.get(name, 0))
        for name, em in FIXED_EM.items()
        if trump or name != "trump"
    }
    columns = BONUS_COLUMNS if bonus else PLAYER_COLUMNS
    ems = {"bid": BID_EM, "tricks": TRICKS_EM, "bonus": BONUS_EM}
    ems |= {"score": score_em, "total": total_em}
    per_player = {name: max(ems[name], needed.get(name, 0)) for name in columns}
    table_em = sum(fixed.values()) + players * sum(per_player.values())
    widths = {name: 100 * em / table_em for name, em in {**fixed, **per_player}.items()}

    def font(width_mm: float) -> float:
        # Rounded down to a hundredth of a point: never larger than the columns were made for.
        return math.floor(min(BASE_PT, width_mm * PT_PER_MM / table_em) * 100) / 100

    across = size.width - MARGIN_MM[1] - MARGIN_MM[3]
    if font(across) >= MIN_PORTRAIT_PT:
        return Layout(size, False, font(across), widths, columns)
    across = size.height - MARGIN_MM[1] - MARGIN_MM[3]
    return Layout(size, True, max(MIN_PT, font(across)), widths, columns)


def name_room_em(page: Layout) -> dict[str, float]:
    """How wide a word of a name may be on one line of the pad, in ems of its own font: in a
    player's header (``player``, bold) and in the dealer's column (``dealer``)."""
    table_pt = page.content_mm[0] * PT_PER_MM

    def inside(share: float, scale: float) -> float:
        cell_pt = share / 100 * table_pt - 2 * CELL_PADDING_PT - BORDER_PT
        return cell_pt / (page.font_pt * scale)

    return {
        "player": inside(sum(page.widths[column] for column in page.player_columns), NAME_SCALE),
        "dealer": inside(page.widths["dealer"], TRUMP_SCALE),
    }
