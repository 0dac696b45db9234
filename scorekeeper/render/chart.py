"""A line chart of every player's running total, round by round, as a self-contained SVG.

Pure (no Flask): the printed sheet and the web score sheet both call
:func:`running_totals_svg`. Players are told apart by colour, dash pattern and marker shape
together, so the chart still reads in black and white and for colour-blind players. The SVG
carries presentation attributes and classes only, never ``style=``: the site's
Content-Security-Policy forbids inline styles, and a page's stylesheet can still restyle it
through the classes. Player names are text: they are escaped, never markup.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from scorekeeper.core.sheet import Sheet


@dataclass(frozen=True)
class SeriesStyle:
    """How one player's line looks: colour, dash pattern ("" is solid) and marker shape."""

    colour: str
    dash: str
    marker: str


# Okabe-Ito based colours (safe for the common colour-blindnesses), each paired with its own
# dash pattern and marker so that no two players differ by colour alone. Text, axes and one
# series use currentColor: the page's text colour (dark mode too); black when printed.
SERIES: tuple[SeriesStyle, ...] = (
    SeriesStyle("#0072b2", "", "circle"),
    SeriesStyle("#d55e00", "8 4", "square"),
    SeriesStyle("#009e73", "2 3", "triangle"),
    SeriesStyle("#cc79a7", "10 3 2 3", "diamond"),
    SeriesStyle("currentColor", "5 2", "ring"),
    SeriesStyle("#e69f00", "14 4", "box"),
    SeriesStyle("#56b4e9", "2 2 6 2", "nabla"),
    SeriesStyle("#882255", "1 3", "cross"),
)

FONT_SIZE = 11
_CHAR_WIDTH = 0.62  # average advance of a glyph, in font sizes (for layout estimates only)


def series_style(seat: int) -> SeriesStyle:
    """The look of the line of the player in ``seat`` (styles repeat after eight players)."""
    return SERIES[seat % len(SERIES)]


# The sheet page and its PDF draw the same game's chart again and again until it changes.
@lru_cache(maxsize=64)
def running_totals_svg(
    sheet: Sheet,
    width: int = 640,
    height: int = 320,
    *,
    title: str = "Running totals",
    x_label: str = "Round",
    y_label: str = "Total",
    font_family: str = "sans-serif",
    shared_markers: bool = False,
) -> str:
    """An SVG line chart of each player's total after every completed round.

    ``width`` and ``height`` are the size in CSS pixels (also the ``viewBox``, so the chart
    scales cleanly when a stylesheet resizes it). Every line starts at 0 before round 1.
    ``title`` and the axis labels are passed in already translated: this module knows no
    language. The legend below the plot names the players in seat order.
    """
    lines = [
        [
            (number, total)
            for number, total in enumerate((0, *(row.totals[seat] for row in sheet.rounds)))
        ]
        for seat in range(len(sheet.players))
    ]
    return lines_svg(
        sheet.players,
        lines,
        (0, len(sheet.rounds)),
        width=width,
        height=height,
        title=title,
        x_label=x_label,
        y_label=y_label,
        summary=_summary(sheet.players, sheet.totals),
        font_family=font_family,
        shared_markers=shared_markers,
    )


MIN_PLOT_HEIGHT = 100
"""The least height of the plotting area, in the chart's pixels, whatever its legend takes."""


def lines_svg(
    names: Sequence[str],
    lines: Sequence[Sequence[tuple[int, int]]],
    x_range: tuple[int, int],
    width: int = 640,
    height: int = 320,
    *,
    title: str,
    x_label: str,
    y_label: str,
    summary: str,
    font_family: str = "sans-serif",
    shared_markers: bool = False,
) -> str:
    """An SVG line chart of one line of ``(x, value)`` points per name (x whole numbers within
    ``x_range``); a line may skip an x. ``summary`` is the text a screen reader reads.

    ``shared_markers`` (the phone's page): each line's marker is drawn once, as an SVG
    ``<marker>`` its points refer to, instead of once per point: a 3 x 20 chart is half the
    bytes. The printed sheet keeps one path per line, which every SVG renderer draws alike.
    """
    legend = _Legend(names, width)
    low, high, step = _y_scale([value for line in lines for _x, value in line])
    digits = max(len(_number(low)), len(_number(high)))
    left = 22 + FONT_SIZE * _CHAR_WIDTH * digits + 8
    first, last = x_range
    # A long legend (a club's 13 players, eight long names one a line) makes the chart taller,
    # never the plot flat: it keeps at least MIN_PLOT_HEIGHT.
    height = max(height, 10 + 50 + legend.height + MIN_PLOT_HEIGHT)
    plot = _Plot(
        left, 10, width - left - 14, height - 10 - 50 - legend.height, low, high, last, first
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'font-family="{escape(font_family)}" font-size="{FONT_SIZE}">',
        f"<title>{_text(title)}</title>",
        f"<desc>{_text(summary)}</desc>",
        *_axes(plot, step, x_label, y_label),
    ]
    if shared_markers:
        parts.append(_marker_defs(len(lines)))
    apart = _apart(lines, first)
    for seat, points in enumerate(lines):
        parts.append(_line(plot, seat, points, apart[seat], shared_markers))
    parts += legend.items(top=plot.bottom + 48)
    parts.append("</svg>")
    return "\n".join(parts)


@dataclass(frozen=True)
class _Plot:
    """The plotting area and how values map onto it."""

    left: float
    top: float
    width: float
    height: float
    low: int
    high: int
    rounds: int
    first: int = 0

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def x(self, round_number: int) -> float:
        span = max(self.rounds - self.first, 1)
        return self.left + self.width * (round_number - self.first) / span

    def y(self, total: float) -> float:
        return self.bottom - self.height * (total - self.low) / (self.high - self.low)


class _Legend:
    """Legend entries laid out in as many columns as the width allows."""

    def __init__(self, players: Sequence[str], width: int) -> None:
        self.players = players
        self.width = width
        # As many columns as the width allows, but fewer where a name would be cut short in
        # them: every name whole when one column holds it (issue 33's walk).
        most = max(1, min(len(players), int((width - 20) // 150)))
        longest = max((len(name) for name in players), default=0)
        fitting = (count for count in range(most, 1, -1) if self._room(count) >= longest)
        self.columns = next(fitting, 1)
        rows = math.ceil(len(players) / self.columns)
        self.height = rows * 18 + 4

    def _room(self, columns: int) -> int:
        """How many characters a name has room for in ``columns`` columns."""
        return int(((self.width - 20) / columns - 52) / (FONT_SIZE * _CHAR_WIDTH))

    @property
    def column_width(self) -> float:
        return (self.width - 20) / self.columns

    def items(self, top: float) -> list[str]:
        room = self._room(self.columns)
        parts = ['<g class="chart-legend">']
        for seat, name in enumerate(self.players):
            row, column = divmod(seat, self.columns)
            x = 10 + column * self.column_width
            y = top + row * 18
            style = series_style(seat)
            parts.append(f'<g class="chart-series chart-series-{seat}">')
            parts.append(
                f'<line x1="{_at(x)}" y1="{_at(y)}" x2="{_at(x + 38)}" y2="{_at(y)}" '
                f'stroke="{style.colour}" stroke-width="2"{_dash(style)}/>'
            )
            parts.append(_markers(style, [(x + 19, y)]))
            parts.append(
                f'<text x="{_at(x + 44)}" y="{_at(y + 4)}" fill="currentColor">'
                f"{_text(_shorten(name, room))}</text></g>"
            )
        parts.append("</g>")
        return parts


def _axes(plot: _Plot, step: int, x_label: str, y_label: str) -> list[str]:
    parts = ['<g class="chart-grid" stroke="currentColor" stroke-opacity="0.2" stroke-width="0.6">']
    labels = ['<g class="chart-ticks" fill="currentColor" text-anchor="end">']
    for value in range(plot.low, plot.high + 1, step):
        y = plot.y(value)
        colour = ' stroke-opacity="0.6" stroke-width="1"' if value == 0 else ""
        parts.append(
            f'<line x1="{_at(plot.left)}" y1="{_at(y)}" x2="{_at(plot.left + plot.width)}" '
            f'y2="{_at(y)}"{colour}/>'
        )
        labels.append(f'<text x="{_at(plot.left - 5)}" y="{_at(y + 4)}">{_number(value)}</text>')
    parts.append("</g>")
    labels.append("</g>")
    every = max(1, math.ceil(16 / max(plot.width / max(plot.rounds - plot.first, 1), 1)))
    labels.append('<g class="chart-ticks" fill="currentColor" text-anchor="middle">')
    for number in range(plot.first, plot.rounds + 1, every):
        x = plot.x(number)
        labels.append(f'<text x="{_at(x)}" y="{_at(plot.bottom + 14)}">{number}</text>')
    labels.append("</g>")
    middle_y = plot.top + plot.height / 2
    return [
        *parts,
        f'<g class="chart-axes" stroke="currentColor" stroke-width="1" fill="none">'
        f'<polyline points="{_at(plot.left)},{_at(plot.top)} {_at(plot.left)},{_at(plot.bottom)} '
        f'{_at(plot.left + plot.width)},{_at(plot.bottom)}"/></g>',
        *labels,
        f'<text class="chart-axis-label" x="{_at(plot.left + plot.width / 2)}" '
        f'y="{_at(plot.bottom + 29)}" text-anchor="middle" fill="currentColor">'
        f"{_text(x_label)}</text>",
        f'<text class="chart-axis-label" x="14" y="{_at(middle_y)}" text-anchor="middle" '
        f'fill="currentColor" transform="rotate(-90 14 {_at(middle_y)})">{_text(y_label)}</text>',
    ]


def _at(value: float) -> str:
    """A coordinate to a tenth, without a trailing ".0": the sheet's chart has hundreds."""
    return f"{value:.1f}".removesuffix(".0")


SPREAD = 3.0
"""How far apart, in the chart's pixels, lines at the same total in the same round are drawn."""


def _apart(lines: Sequence[Sequence[tuple[int, int]]], first: int) -> list[list[float]]:
    """Each point's shift up or down: lines at one total in one round drawn side by side, each
    visible, instead of the last one drawn hiding the others (issue 33's walk); not where every
    line starts."""
    sharing: dict[tuple[int, int], list[int]] = {}
    for seat, line in enumerate(lines):
        for point in line:
            sharing.setdefault(point, []).append(seat)
    return [
        [
            0.0 if x == first else SPREAD * (seats.index(seat) - (len(seats) - 1) / 2)
            for x, value in line
            for seats in (sharing[(x, value)],)
        ]
        for seat, line in enumerate(lines)
    ]


def _line(
    plot: _Plot,
    seat: int,
    values: Sequence[tuple[int, int]],
    shifts: Sequence[float],
    shared: bool,
) -> str:
    style = series_style(seat)
    points = [
        (plot.x(number), plot.y(total) + shift)
        for (number, total), shift in zip(values, shifts, strict=True)
    ]
    coordinates = " ".join(f"{_at(x)},{_at(y)}" for x, y in points)
    if shared:
        use = f"url(#{_marker_id(seat)})"
        marked = "".join(f' marker-{at}="{use}"' for at in ("start", "mid", "end"))
        markers = ""
    else:
        marked, markers = "", _markers(style, points)
    return (
        f'<g class="chart-series chart-series-{seat}">'
        f'<polyline points="{coordinates}" fill="none" stroke="{style.colour}" '
        f'stroke-width="2" stroke-linejoin="round"{_dash(style)}{marked}/>'
        f"{markers}</g>"
    )


def _marker_id(seat: int) -> str:
    return f"chart-marker-{seat}"


def _marker_defs(count: int) -> str:
    """One ``<marker>`` per line, its shape centred on the point it marks (user units)."""
    parts = ["<defs>"]
    for seat in range(count):
        parts.append(
            f'<marker id="{_marker_id(seat)}" markerUnits="userSpaceOnUse" markerWidth="10" '
            f'markerHeight="10" refX="5" refY="5" overflow="visible">'
            f"{_markers(series_style(seat), [(5.0, 5.0)])}</marker>"
        )
    parts.append("</defs>")
    return "".join(parts)


def _dash(style: SeriesStyle) -> str:
    return f' stroke-dasharray="{style.dash}"' if style.dash else ""


def _markers(style: SeriesStyle, points: Sequence[tuple[float, float]]) -> str:
    """One path holding a marker at each point (filled, hollow or a cross, by style)."""
    r = 3.2
    shapes = {
        "circle": "M{x:.1f} {y:.1f}m-{r} 0a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0z",
        "square": "M{x:.1f} {y:.1f}m-{r} -{r}h{d}v{d}h-{d}z",
        "triangle": "M{x:.1f} {y:.1f}m0 -{r2}l{r2} {d}h-{d2}z",
        "diamond": "M{x:.1f} {y:.1f}m0 -{r2}l{r2} {r2}l-{r2} {r2}l-{r2} -{r2}z",
    }
    shapes["ring"], shapes["box"] = shapes["circle"], shapes["square"]
    shapes["nabla"] = "M{x:.1f} {y:.1f}m0 {r2}l{r2} -{d}h-{d2}z"
    shapes["cross"] = "M{x:.1f} {y:.1f}m-{r} -{r}l{d} {d}m0 -{d}l-{d} {d}"
    template = shapes[style.marker]
    sizes = {"r": r, "d": 2 * r, "r2": round(r * 1.3, 1), "d2": round(r * 2.6, 1)}
    path = "".join(template.format(x=x, y=y, **sizes) for x, y in points)
    hollow = style.marker in ("ring", "box", "nabla")
    if style.marker == "cross":
        paint = f'fill="none" stroke="{style.colour}" stroke-width="1.8"'
    elif hollow:
        paint = f'fill="none" stroke="{style.colour}" stroke-width="1.5"'
    else:
        paint = f'fill="{style.colour}"'
    return f'<path class="chart-markers" d="{path}" {paint}/>'


def _y_scale(values: Sequence[int]) -> tuple[int, int, int]:
    """Axis bounds and tick step: round numbers, always including 0."""
    low, high = min([0, *values]), max([0, *values])
    high = max(high, low + 40)
    raw = (high - low) / 6
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    step = max(10, int(step))
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _number(value: int) -> str:
    """An integer with a real minus sign."""
    return f"\u2212{-value}" if value < 0 else str(value)


def _shorten(name: str, room: int) -> str:
    return name if len(name) <= room else name[: max(room - 1, 1)] + "…"


def _text(text: str) -> str:
    """Text for an SVG text node: markup characters escaped, and characters XML forbids
    (controls, lone surrogates, U+FFFE and U+FFFF) dropped, so the SVG also parses as XML."""
    kept = (
        ch
        for ch in text
        if unicodedata.category(ch) not in ("Cc", "Cs") and ch not in "\ufffe\uffff"
    )
    return escape("".join(kept))


def _summary(players: Sequence[str], totals: Sequence[int]) -> str:
    return ", ".join(
        f"{name}: {_number(total)}" for name, total in zip(players, totals, strict=True)
    )
