"""The columns of a printed pad: their headers in the reader's language, the key to the short
ones, the width their words need, the trump cell, and the page rules that size them
(:mod:`scorekeeper.render.paper` fits them to the page)."""

from __future__ import annotations

import re

from flask_babel import gettext as _
from flask_babel import pgettext
from markupsafe import Markup

from scorekeeper.core.rules import Trump, Turned, TurnedCard
from scorekeeper.core.variants import Edition
from scorekeeper.render import labels
from scorekeeper.render.fontmetrics import text_em
from scorekeeper.render.paper import BONUS_COLUMNS, Layout, header_em, trump_em


def pad_headers(*, trump: bool = True, bonus: bool = False) -> dict[str, str]:
    """The header of every column of the pad, in the reader's language and in the pad's order.
    The columns of each player are narrow (eight players share a landscape page), so they take
    the short forms translators give for the context "pad column"; :func:`abbreviations`
    spells out those that are shortened. ``trump`` False leaves the trump column out (a game
    whose trump is always the same suit); ``bonus`` adds each player's bonus column."""
    headers = {
        "round": _("Round"),
        "cards": _("Cards"),
        "dealer": _("Dealer"),
        "trump": _("Trump"),
        "bid": pgettext("pad column", "Bid"),
        "tricks": pgettext("pad column", "Tricks"),
        "bonus": pgettext("pad column", "Bonus"),
        "score": pgettext("pad column", "Score"),
        "total": pgettext("pad column", "Total"),
    }
    if not trump:
        del headers["trump"]
    if not bonus:
        del headers["bonus"]
    return headers


def round_columns(headers: dict[str, str]) -> list[str]:
    """The round's columns among ``headers``, in order."""
    return [column for column in headers if column not in BONUS_COLUMNS]


def player_columns(headers: dict[str, str]) -> list[str]:
    """Each player's columns among ``headers``, in order."""
    return [column for column in headers if column in BONUS_COLUMNS]


def abbreviations(headers: dict[str, str]) -> list[tuple[str, str]]:
    """(short form, word) of each player's column whose header is shortened, for the key that
    the sheet prints once."""
    words = {
        "bid": _("Bid"),
        "tricks": _("Tricks"),
        "bonus": _("Bonus"),
        "score": _("Score"),
        "total": _("Total"),
    }
    return [
        (headers[column], words[column])
        for column in player_columns(headers)
        if headers[column].strip() != words[column].strip()
    ]


def header_widths(headers: dict[str, str]) -> dict[str, float]:
    """The width each column needs for its header (one line: headers never wrap)."""
    return {
        column: header_em(column, text_em(text, bold=column not in BONUS_COLUMNS))
        for column, text in headers.items()
    }


def widest_word(text: str) -> float:
    """The width of the widest run of ``text`` that cannot break: between spaces (a no-break
    space binds), or after a hyphen."""
    return max((text_em(word) for word in re.split(r" |(?<=-)", text)), default=0.0)


def trump_width(cells: list[tuple[str, str]]) -> float:
    """The width the trump column needs for these (suit, turned) cells: they wrap between
    words, so their widest word."""
    return max(
        (trump_em(widest_word(main), widest_word(note)) for main, note in cells), default=0.0
    )


def trump_cell(trump: Trump, edition: Edition = Edition.CLASSIC) -> tuple[str, str]:
    """The trump of a round for a narrow column: the suit (symbol and name, as the game's deck
    names it; the symbol bound to the name's first word), and what was turned."""
    main = (
        _("No trump")
        if trump.suit is None
        else labels.suit_label(trump.suit, edition).replace(" ", "\N{NO-BREAK SPACE}", 1)
    )
    notes: dict[TurnedCard, str] = {
        Turned.WIZARD: _("Wizard turned"),
        Turned.JESTER: _("Jester turned"),
        Turned.NONE: _("fixed") if trump.suit is not None else _("no card left"),
        Turned.SUIT: "",
    }
    # A special card of the anniversary decks is named as it is (the Werewolf that named it).
    return main, notes.get(trump.turned) or labels.special_name(trump.turned)


def page_css(page: Layout, row_mm: float | None = None) -> Markup:
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
