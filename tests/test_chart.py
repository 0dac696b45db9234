"""The running-totals chart: an SVG that the printed sheet and the score-sheet page share."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from scorekeeper.core import game, sheet
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import Suit, Trump, Turned, Variants
from scorekeeper.core.sheet import Sheet
from scorekeeper.render import chart

SVG = "{http://www.w3.org/2000/svg}"
HEARTS = Trump(Turned.SUIT, Suit.HEARTS)


def _sheet(names: tuple[str, ...], rounds: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> Sheet:
    record = game.new_game(names, 0, Variants())
    for bids, tricks in rounds:
        record = game.add_round(record, RoundRecord(HEARTS, bids, tricks))
    return sheet.build(record)


# The worked example of RULES.md: totals 20/-10/30 after round 1, 10/10/20 after round 2.
EXAMPLE = _sheet(("Tom", "Dick", "Mary"), [((0, 1, 1), (0, 0, 1)), ((2, 0, 0), (1, 0, 1))])


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_size_and_viewbox_follow_the_arguments() -> None:
    root = _parse(chart.running_totals_svg(EXAMPLE, width=360, height=220))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "360",
        "220",
        "0 0 360 220",
    )
    assert root.get("role") == "img"
    assert root.findtext(f"{SVG}title") == "Running totals"


def test_one_line_per_player_through_every_total() -> None:
    root = _parse(chart.running_totals_svg(EXAMPLE))
    lines = root.findall(f".//{SVG}polyline[@fill='none'][@stroke-width='2']")
    assert len(lines) == 3
    heights = [
        [float(point.split(",")[1]) for point in str(line.get("points")).split()] for line in lines
    ]
    assert all(len(points) == 3 for points in heights)  # the start at 0, then rounds 1 and 2
    assert len({points[0] for points in heights}) == 1  # everyone starts at 0
    tom, dick, mary = (points[1] for points in heights)
    assert mary < tom < dick  # after round 1: Mary 30 > Tom 20 > Dick -10 (y grows downwards)
    tom, dick, mary = (points[2] for points in heights)
    assert mary < min(tom, dick)  # after round 2: Mary 20 > Tom 10 = Dick 10
    # Tom and Dick at one total are drawn side by side, both in sight, about where 10 is
    # (issue 33's walk: the line drawn last hid the other).
    assert abs(tom - dick) == chart.SPREAD
    ten = [el for el in root.iter(f"{SVG}text") if el.text == "10"]
    assert ten and abs((tom + dick) / 2 - (float(ten[0].get("y", 0)) - 4)) < 0.2


def test_players_differ_by_more_than_colour() -> None:
    styles = [chart.series_style(seat) for seat in range(8)]
    assert len({style.colour for style in styles}) == 8
    assert len({style.dash for style in styles}) == 8
    assert len({style.marker for style in styles}) == 8
    names = tuple(f"P{seat}" for seat in range(8))
    root = _parse(chart.running_totals_svg(sheet.build(game.new_game(names, 0, Variants()))))
    dashes = {
        line.get("stroke-dasharray") for line in root.findall(f".//{SVG}polyline[@fill='none']")
    }
    assert len(dashes) == 8  # seven patterns and one solid line (no attribute)
    assert len(root.findall(f".//{SVG}path[@class='chart-markers']")) == 16  # plot and legend


def test_names_are_text_never_markup() -> None:
    built = _sheet(("<b>x</b>", "A & B", '"Q"\x07\ufffe'), [((0, 1, 1), (0, 0, 1))])
    svg = chart.running_totals_svg(built)
    root = _parse(svg)
    legend = [text.text for text in root.iter(f"{SVG}text") if text.text in ("<b>x</b>", "A & B")]
    assert legend == ["<b>x</b>", "A & B"]
    assert "<b>" not in svg and "&lt;b&gt;x&lt;/b&gt;" in svg
    assert '"Q"' in "".join(root.itertext()) and "\x07" not in svg and "\ufffe" not in svg
    assert not list(root.iter(f"{SVG}b"))


def test_no_inline_styles_for_the_content_security_policy() -> None:
    svg = chart.running_totals_svg(EXAMPLE)
    assert "style" not in svg
    assert all(element.get("style") is None for element in _parse(svg).iter())


def test_axis_labels_and_ticks_are_given_words() -> None:
    svg = chart.running_totals_svg(EXAMPLE, title="Totaux", x_label="Manche", y_label="Points")
    texts = [text.text for text in _parse(svg).iter(f"{SVG}text")]
    assert {"Manche", "Points"} <= set(texts)
    assert {"0", "1", "2"} <= set(texts)  # rounds along the bottom
    assert "\u221210" in texts or "\u221220" in texts  # negative totals with a real minus sign


@pytest.mark.parametrize("width", [240, 360, 700, 1000])
def test_legend_fits_the_width(width: int) -> None:
    names = ("Bartholomew-Alexander", "Γιώργος", "Мария", "Zoë", "Ivo", "Ana", "Tom", "Kim")
    root = _parse(chart.running_totals_svg(sheet.build(game.new_game(names, 0, Variants())), width))
    legend = root.find(f".//{SVG}g[@class='chart-legend']")
    assert legend is not None
    for text in legend.iter(f"{SVG}text"):
        x = float(str(text.get("x")))
        assert x + len(str(text.text)) * chart.FONT_SIZE * 0.62 <= width + 1


def test_legend_names_are_whole_where_one_column_holds_them() -> None:
    """A long name takes the legend to fewer columns rather than be cut (issue 33's walk: a
    phone's chart showed "Wolfeschlegelste…"); only a name no column holds is shortened."""
    long = "Wolfeschlegelsteinhausenbergerdo"
    names = (long, "Αλέξανδρος", "Κατερίνα", "Γιώργος", "Μαρία", "Νίκος")
    root = _parse(chart.running_totals_svg(sheet.build(game.new_game(names, 0, Variants())), 360))
    legend = root.find(f".//{SVG}g[@class='chart-legend']")
    assert legend is not None
    assert [text.text for text in legend.iter(f"{SVG}text")] == list(names)
    narrow = chart.running_totals_svg(sheet.build(game.new_game(names, 0, Variants())), 240)
    shown = [text.text for text in _parse(narrow).iter(f"{SVG}text")]
    assert long not in shown and "Wolfeschlegelsteinhause…" in shown


def test_a_game_without_rounds_still_draws_axes() -> None:
    root = _parse(
        chart.running_totals_svg(sheet.build(game.new_game(("A", "B", "C"), 0, Variants())))
    )
    lines = root.findall(f".//{SVG}polyline[@fill='none'][@stroke-width='2']")
    assert [line.get("points", "").count(",") for line in lines] == [1, 1, 1]


def test_the_phones_chart_draws_each_marker_once_for_every_point() -> None:
    names = tuple(f"P{seat}" for seat in range(3))
    built = _sheet(names, [((0, 1, 1), (0, 0, 1)), ((1, 0, 0), (1, 0, 1))])
    printed = _parse(chart.running_totals_svg(built))
    shared = _parse(chart.running_totals_svg(built, shared_markers=True))
    markers = shared.findall(f".//{SVG}marker")
    assert len(markers) == 3 and all(m.find(f"{SVG}path") is not None for m in markers)
    for seat, line in enumerate(shared.findall(f".//{SVG}polyline[@fill='none']")):
        for at in ("start", "mid", "end"):
            assert line.get(f"marker-{at}") == f"url(#chart-marker-{seat})"
    # The same lines and points; the printed chart keeps a path of markers per line.
    assert [p.get("points") for p in shared.iter(f"{SVG}polyline")] == [
        p.get("points") for p in printed.iter(f"{SVG}polyline")
    ]
    assert not printed.findall(f".//{SVG}marker")


def test_a_long_legend_makes_the_chart_taller_not_the_plot_flat() -> None:
    """A club's 13 players (a walk saw their legend cover the chart, its plot 20 px high)."""
    names = [f"Friedrich-Wilhelm Spieler {number}" for number in range(13)]
    lines = [[(1, 10 * seat), (2, -5 * seat)] for seat in range(13)]
    svg = chart.lines_svg(
        names, lines, (1, 2), 360, 260, title="t", x_label="x", y_label="y", summary="s"
    )
    root = _parse(svg)
    height = float(root.get("height") or 0)
    assert height > 260
    labels = [float(text.get("y") or 0) for text in root.iter(f"{SVG}text") if text.text in names]
    # The legend starts under a plot of at least its least height (10 above it, 48 under it).
    assert min(labels) >= 10 + chart.MIN_PLOT_HEIGHT + 48
    assert max(labels) < height
