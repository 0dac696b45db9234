"""Fitting the printed pad to the paper: orientation, font size and column widths. Pure.

The pad has four columns for the round (number, cards, dealer, trump) and four per player
(bid, tricks, score, total). Column widths are estimated in ems from DejaVu Sans' advance
widths and the widest numbers actually printed, then the font is sized so the table fits the
page: portrait while that keeps the text at :data:`MIN_PORTRAIT_PT` or more, else landscape.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

PT_PER_MM = 72 / 25.4
MARGIN_MM = (10, 10, 13, 10)  # top, right, bottom, left: print.css's @page margin
BASE_PT = 8.5  # the pad's font size when there is room
MIN_PORTRAIT_PT = 8.0  # below this, turn the page
MIN_PT = 6.0  # never smaller, whatever the table

# Widths in ems (DejaVu Sans): headers, names and trumps wrap or fit in these.
FIXED_EM = {"round": 3.7, "cards": 3.4, "dealer": 6.0, "trump": 6.2}
BID_EM, TRICKS_EM = 1.9, 2.5
DIGIT_EM, SIGN_EM, MARK_EM, PADDING_EM = 0.7, 0.84, 0.84, 0.45


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


def fit(
    paper: str, players: int, scores: Iterable[int] = (-100,), totals: Iterable[int] = (-1000,)
) -> Layout:
    """The layout of a pad of ``players`` whose widest numbers are among those given.

    A score prints with a ✓/✗ mark and a sign (``✓+120``); a total bare (``-180``, with a real
    minus sign). The defaults leave room for handwriting on a blank pad.
    """
    size = PAPERS[paper]
    digits = max(len(str(abs(score))) for score in scores)
    score_em = max(2.3, MARK_EM + SIGN_EM + DIGIT_EM * digits + PADDING_EM)
    total_em = max(2.2, max(map(number_em, totals)) + PADDING_EM)
    per_player = {"bid": BID_EM, "tricks": TRICKS_EM, "score": score_em, "total": total_em}
    table_em = sum(FIXED_EM.values()) + players * sum(per_player.values())
    widths = {name: 100 * em / table_em for name, em in {**FIXED_EM, **per_player}.items()}

    def font(width_mm: float) -> float:
        return min(BASE_PT, width_mm * PT_PER_MM / table_em)

    across = size.width - MARGIN_MM[1] - MARGIN_MM[3]
    if font(across) >= MIN_PORTRAIT_PT:
        return Layout(size, False, round(font(across), 2), widths)
    across = size.height - MARGIN_MM[1] - MARGIN_MM[3]
    return Layout(size, True, round(max(MIN_PT, font(across)), 2), widths)
