"""A finished game's result card (issue 51): one PNG of its final standings, for the group
chat, drawn by the server with the printed sheet's fonts so that it looks the same on every
phone. Pillow draws it (README, "What it is built on"): text and lines on a plain image, in a few
milliseconds, with no browser and nothing fetched.

The card is 1200 x 630, the size chats and link previews show whole. Names are at least 4 % of
its height, so that they read in a chat's thumbnail; a name too long for its column is cut with
an ellipsis. :class:`Card` keeps what was written where, so that tests read the words back.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.core.sheet import Sheet
from scorekeeper.paths import FONTS
from scorekeeper.render.chart import series_style

WIDTH, HEIGHT = 1200, 630
MARGIN = 48
SMALLEST_NAME = 26  # px: over 4 % of the height
INK, FAINT, PAPER, GOLD = "#1b1b1f", "#6b6b75", "#ffffff", "#b8860b"
# The chart's players in the sheet's colours; the chart's own "currentColor" is the card's ink.
_CHART_INK = "#444450"


@dataclass(frozen=True)
class Line:
    """Text written on the card: its words, where its box starts and its font size in px."""

    text: str
    x: int
    y: int
    size: int
    bold: bool = False


@dataclass(frozen=True)
class Card:
    """The card as a PNG, and every text written on it."""

    png: bytes
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Words:
    """What the card says besides names and numbers, in the reader's language."""

    title: str
    details: str
    day: str
    footer: str


@cache
def font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    """The printed sheet's font (the bundled DejaVu Sans) at ``size`` px."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


class _Pen:
    """Writes on the card and remembers what it wrote."""

    def __init__(self, image: Image.Image) -> None:
        self.draw = ImageDraw.Draw(image)
        self.lines: list[Line] = []

    def write(
        self,
        text: str,
        at: tuple[int, int],
        size: int,
        *,
        bold: bool = False,
        fill: str = INK,
        width: int | None = None,
        right: bool = False,
    ) -> None:
        face = font(size, bold)
        if width is not None:
            text = _fitted(text, face, width)
        x, y = at
        if right:
            x -= int(face.getlength(text))
        self.draw.text((x, y), text, font=face, fill=fill)
        self.lines.append(Line(text, x, y, size, bold))


def _fitted(text: str, face: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` cut with an ellipsis where it is wider than ``width``."""
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(frozen=True)
class Row:
    """A line of a card's standings: the place, the name, the figure it is placed by, whether
    the player won, and the colour of their line in the chart (``None``: no chart)."""

    place: int
    name: str
    figure: str
    won: bool
    colour: str | None = None


def game_card(built: Sheet, words: Words) -> Card:
    """The card of a finished game: its title, details and day, the players by place with
    their totals (the winners starred), and the chart of the totals round by round."""
    rows = [
        Row(place, built.players[seat], f"{built.totals[seat]}", seat in built.winners, _ink(seat))
        for place, seat in built.standings
    ]
    return _card(words, rows, lambda draw: _chart(draw, built, box=_RIGHT))


def evening_card(rows: Sequence[Row], side: Sequence[tuple[str, bool]], words: Words) -> Card:
    """The card of a finished club night: its top places by placement points (as many as fit)
    and, beside them, ``side``'s lines (a sitting's heading when marked ``True``, its tables'
    winners under it)."""

    def tables(pen: _Pen) -> None:
        left, top, right, bottom = _RIGHT
        y = top - 10
        for text, heading in side:
            size = 24 if heading else 22
            if y + size > bottom + 40:
                break
            pen.write(
                text,
                (left, y),
                size,
                bold=heading,
                fill=INK if heading else FAINT,
                width=right - left,
            )
            y += size + (12 if heading else 8)

    return _card(words, list(rows)[:8], None, tables)


_RIGHT = (660, 150, WIDTH - MARGIN, HEIGHT - 80)
_FIGURES = 620  # where the standings' figures end


def _ink(seat: int) -> str:
    """The colour of the seat's line in the sheet's chart (its own ink for "currentColor")."""
    colour = series_style(seat).colour
    return _CHART_INK if colour == "currentColor" else colour


def _card(
    words: Words,
    rows: Sequence[Row],
    drawing: Callable[[ImageDraw.ImageDraw], None] | None,
    writing: Callable[[_Pen], None] | None = None,
) -> Card:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    pen = _Pen(image)
    pen.write(words.title, (MARGIN, 30), 40, bold=True, width=780)
    pen.write(words.day, (WIDTH - MARGIN, 38), 30, fill=FAINT, right=True)
    pen.write(words.details, (MARGIN, 84), 24, fill=FAINT, width=WIDTH - 2 * MARGIN)
    _standings(pen, rows, top=140, bottom=HEIGHT - 60)
    if drawing is not None:
        drawing(pen.draw)
    if writing is not None:
        writing(pen)
    pen.write(words.footer, (MARGIN, HEIGHT - 44), 22, fill=FAINT)
    return Card(_png(image), tuple(pen.lines))


def _standings(pen: _Pen, rows: Sequence[Row], *, top: int, bottom: int) -> None:
    step = min(64, (bottom - top) // max(len(rows), 1))
    size = max(SMALLEST_NAME, min(40, int(step * 0.62)))
    for number, row in enumerate(rows):
        y = top + number * step
        pen.write(f"{row.place}.", (MARGIN, y), size, bold=row.won, fill=GOLD if row.won else INK)
        x = MARGIN + 62
        if row.colour is not None:
            dot = size // 3
            middle = y + size // 2 + 2
            pen.draw.ellipse((x, middle - dot, x + 2 * dot, middle + dot), fill=row.colour)
            x += 2 * dot + 14
        name = f"★ {row.name}" if row.won else row.name
        figure = font(size, row.won).getlength(row.figure)
        pen.write(name, (x, y), size, bold=row.won, width=int(_FIGURES - figure - 24 - x))
        pen.write(row.figure, (_FIGURES, y), size, bold=row.won, right=True)


def _chart(draw: ImageDraw.ImageDraw, built: Sheet, *, box: tuple[int, int, int, int]) -> None:
    """Each player's running total by round, in the sheet chart's colours, with the zero line."""
    left, top, right, bottom = box
    runs = [[0, *(row.totals[seat] for row in built.rounds)] for seat in range(len(built.players))]
    low = min(0, *(min(run) for run in runs))
    high = max(1, *(max(run) for run in runs))
    rounds = max(1, len(built.rounds))

    def at(number: int, total: int) -> tuple[float, float]:
        x = left + (right - left) * number / rounds
        y = bottom - (bottom - top) * (total - low) / (high - low)
        return x, y

    draw.rectangle(box, outline="#d8d8de", width=2)
    zero = at(0, 0)[1]
    draw.line((left, zero, right, zero), fill="#b0b0ba", width=2)
    for seat, run in enumerate(runs):
        colour = _ink(seat)
        points = [at(number, total) for number, total in enumerate(run)]
        draw.line(points, fill=colour, width=5, joint="curve")
        x, y = points[-1]
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=colour)


def _png(image: Image.Image) -> bytes:
    """The image as a small PNG: its few colours in a palette (a card is text and lines)."""
    small = image.quantize(colors=64, method=Image.Quantize.MEDIANCUT)
    written = io.BytesIO()
    small.save(written, format="PNG", optimize=True)
    return written.getvalue()
