"""The printed sheets as HTML (``templates/print/``): a game's pad, a blank pad to fill in by
hand, and a group's season report; :mod:`scorekeeper.render.printing` prints them to PDF.

Every number comes from :class:`~scorekeeper.core.sheet.Sheet`; words for trumps and variants from
:mod:`scorekeeper.render.labels`. Only completed rounds are printed: the round in progress, and with
it any bid still sealed, never is. Column widths follow the words and numbers printed
(:mod:`scorekeeper.render.paper`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import render_template
from flask_babel import get_locale, pgettext
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.core import rules
from scorekeeper.core.decks import Deck
from scorekeeper.core.rules import Length, Trump, Turned
from scorekeeper.core.sheet import Sheet
from scorekeeper.core.stats import WIZARD, GroupStats
from scorekeeper.core.variants import Edition
from scorekeeper.render import chart, game_words, labels
from scorekeeper.render.fontmetrics import text_em
from scorekeeper.render.paper import (
    PLAYER_COLUMNS,
    PT_PER_MM,
    Layout,
    dealer_em,
    fit,
    header_em,
    name_room_em,
    trump_em,
)

# The results list's cells have 6 pt of padding on the right, in its 9 pt font (print.css).
STANDINGS_PT = 9
STANDINGS_PADDING_EM = 6 / STANDINGS_PT


def game_html(built: Sheet, *, day: str, paper: str) -> str:
    """The HTML that :func:`game_pdf` prints (``day`` is the game's date, YYYY-MM-DD)."""
    scores = [score for row in built.rounds for score in row.scores]
    totals = [total for row in built.rounds for total in row.totals]
    headers = pad_headers()
    trumps = [trump_cell(row.trump, built.variants.edition) for row in built.rounds]
    needs = _header_widths(headers)
    needs["trump"] = max(needs["trump"], _trump_width(trumps))
    dealers = {built.players[row.dealer] for row in built.rounds}
    needs["dealer"] = max([needs["dealer"], *(dealer_em(_widest_word(name)) for name in dealers)])
    page = fit(paper, len(built.players), scores or [0], totals or [0], needs=needs)
    svg = ""
    if built.rounds:
        # About as many units as printed points, so the chart's text prints at about 8 pt.
        svg = chart.running_totals_svg(
            built,
            width=720 if page.landscape else 700,
            height=250 if page.landscape else 280,
            title=_("Running totals by round"),
            x_label=_("Round"),
            y_label=_("Total"),
            font_family="DejaVu Sans, sans-serif",
        )
    played = len(built.rounds)
    standings_em = _standings_em(built)
    room = name_room_em(page)
    # Beside the chart (landscape) the results list takes 27% of the width (print.css).
    list_pt = page.content_mm[0] * PT_PER_MM * (0.27 if page.landscape else 1)
    room["standings"] = (list_pt / STANDINGS_PT) - sum(map(float, standings_em.values()))
    room["standings"] -= STANDINGS_PADDING_EM
    context: dict[str, Any] = {
        "sheet": built,
        "lang": str(get_locale()),
        "day": labels.day(day),
        "variants": labels.variant_lines(built.variants),
        "winner_names": [built.players[seat] for seat in built.winners],
        "layout": page,
        "headers": headers,
        "abbreviations": abbreviations(headers),
        "page_css": _page_css(page),
        # The chart escapes every name itself, so it goes into the page as it is.
        "chart": Markup(svg),
        "trump_cell": lambda trump: trump_cell(trump, built.variants.edition),
        "standings": built.standings,
        "standings_em": standings_em,
        "room": room,
        "status": _("Finished")
        if built.finished
        else _("Unfinished: %(n)s of %(total)s rounds played", n=played, total=len(built.schedule)),
    }
    return render_template("print/game.html", **context)


def _standings_em(built: Sheet) -> dict[str, str]:
    """The widths of the rank and total columns of the results list, in ems: as wide as their
    header or widest figure (bold), so the names take the rest and the list never runs into the
    chart beside it."""
    ranks = [f"{rank}." for rank, _seat in built.standings]
    totals = [labels.number(total) for total in built.totals]
    room = STANDINGS_PADDING_EM + 0.2
    return {
        column: f"{max(text_em(text, bold=True) for text in texts) + room:.2f}"
        for column, texts in (("rank", [_("Rank"), *ranks]), ("total", [_("Total"), *totals]))
    }


def blank_html(
    names: tuple[str, ...],
    *,
    paper: str,
    length: Length = Length.STANDARD,
    deck: Deck = Deck.CLASSIC,
) -> str:
    """The HTML that :func:`blank_pdf` prints."""
    players = len(names)
    headers = pad_headers()
    hands = rules.schedule(players, length)
    fixed = {}
    for number, hand in enumerate(hands, start=1):
        trump = rules.fixed_trump(number, hand, players, length, deck)
        if trump is not None:
            if trump.suit is not None:
                fixed[number] = labels.suit_label(trump.suit)
            elif length is Length.MAXIMUS:
                fixed[number] = _("No trump")
            else:
                fixed[number] = _("No trump: no card left")
    needs = _header_widths(headers)
    needs["trump"] = max(needs["trump"], _trump_width([("", note) for note in fixed.values()]))
    page = fit(paper, players, needs=needs)
    # Rows as tall as the page allows (for handwriting), between 7 and 12 mm.
    row_mm = min(12.0, max(7.0, (page.content_mm[1] - 78) / (len(hands) + 1)))
    context: dict[str, Any] = {
        "names": names,
        "lang": str(get_locale()),
        "hands": hands,
        "fixed": fixed,
        "length": labels.option_label("length", length.value),
        "layout": page,
        "headers": headers,
        "abbreviations": abbreviations(headers),
        "page_css": _page_css(page, row_mm=row_mm),
        "room": name_room_em(page),
    }
    return render_template("print/blank.html", **context)


def season_html(
    name: str,
    figures: GroupStats,
    *,
    chart: str,
    decimal: Callable[[float | None], str],
    percent: Callable[[float | None], str],
) -> str:
    """A group's season report, as HTML for :func:`write_pdf`: standings, every player's
    figures and the totals chart.

    ``decimal`` and ``percent`` format numbers for the reader's language; ``chart`` is the SVG
    of the final totals game by game.
    """
    first = labels.day(figures.games[0].played_at[:10]) if figures.games else ""
    last = labels.day(figures.games[-1].played_at[:10]) if figures.games else ""
    several = figures.played != (WIZARD,)
    context: dict[str, Any] = {
        "name": name,
        # The game counted, named once the group has played another than Wizard.
        "game": game_words.game_name(figures.game) if several else "",
        "figures": figures,
        "lang": str(get_locale()),
        "first": first,
        "last": last,
        "variants": labels.variant_lines,
        # The chart escapes every name itself, so it goes into the page as it is.
        "chart": Markup(chart),
        "number": labels.number,
        "decimal": decimal,
        "percent": percent,
        "page_css": _page_css(fit("a4", 3)),
    }
    return render_template("print/season.html", **context)


def pad_headers() -> dict[str, str]:
    """The header of every column of the pad, in the reader's language. The four columns of
    each player are narrow (eight players share a landscape page), so they take the short
    forms translators give for the context "pad column"; :func:`abbreviations` spells out those
    that are shortened."""
    return {
        "round": _("Round"),
        "cards": _("Cards"),
        "dealer": _("Dealer"),
        "trump": _("Trump"),
        "bid": pgettext("pad column", "Bid"),
        "tricks": pgettext("pad column", "Tricks"),
        "score": pgettext("pad column", "Score"),
        "total": pgettext("pad column", "Total"),
    }


def abbreviations(headers: dict[str, str]) -> list[tuple[str, str]]:
    """(short form, word) of each player's column whose header is shortened, for the key that
    the sheet prints once."""
    words = {"bid": _("Bid"), "tricks": _("Tricks"), "score": _("Score"), "total": _("Total")}
    return [
        (headers[column], words[column])
        for column in PLAYER_COLUMNS
        if headers[column].strip() != words[column].strip()
    ]


def _header_widths(headers: dict[str, str]) -> dict[str, float]:
    """The width each column needs for its header (one line: headers never wrap)."""
    return {
        column: header_em(column, text_em(text, bold=column not in PLAYER_COLUMNS))
        for column, text in headers.items()
    }


def _widest_word(text: str) -> float:
    """The width of the widest run of ``text`` that cannot break: between spaces (a no-break
    space binds), or after a hyphen."""
    return max((text_em(word) for word in re.split(r" |(?<=-)", text)), default=0.0)


def _trump_width(cells: list[tuple[str, str]]) -> float:
    """The width the trump column needs for these (suit, turned) cells: they wrap between
    words, so their widest word."""
    return max(
        (trump_em(_widest_word(main), _widest_word(note)) for main, note in cells), default=0.0
    )


def trump_cell(trump: Trump, edition: Edition = Edition.CLASSIC) -> tuple[str, str]:
    """The trump of a round for a narrow column: the suit (symbol and name, as the game's deck
    names it; the symbol bound to the name's first word), and what was turned."""
    main = (
        _("No trump")
        if trump.suit is None
        else labels.suit_label(trump.suit, edition).replace(" ", "\N{NO-BREAK SPACE}", 1)
    )
    notes = {
        Turned.WIZARD: _("Wizard turned"),
        Turned.JESTER: _("Jester turned"),
        Turned.NONE: _("fixed") if trump.suit is not None else _("no card left"),
        Turned.SUIT: "",
    }
    # A special card of the anniversary decks is named as it is (the Werewolf that named it).
    return main, notes.get(trump.turned) or labels.special_name(trump.turned)


def _page_css(page: Layout, row_mm: float | None = None) -> Markup:
    """The page rules that vary per sheet: size, column widths, the page-number footer."""
    before, _middle, after = _("Page %(page)s of %(pages)s").partition("%(page)s")
    between, _pages, end = after.partition("%(pages)s")
    footer = f"{_css(before)} counter(page) {_css(between)} counter(pages) {_css(end)}"
    rules_css = [
        f"@page {{ size: {page.page_size}; @bottom-right {{ content: {footer}; }} }}",
        f"table.pad {{ font-size: {page.font_pt}pt; }}",
        *(f"col.{name} {{ width: {width:.2f}%; }}" for name, width in page.widths.items()),
    ]
    if row_mm is not None:
        rules_css.append(f"table.pad tbody tr {{ height: {row_mm:.1f}mm; }}")
    return Markup("\n".join(rules_css))


def _css(text: str) -> str:
    """``text`` as a CSS string literal (our own translated words, never a player's name)."""
    cleaned = "".join(ch for ch in text if ch.isprintable() and ch not in "<>")
    return '"' + cleaned.replace("\\", "\\\\").replace('"', '\\"') + '"'
