"""Every word of the printed pad stays inside its column, in every language: the PDFs are read
back (word boxes from ``pdftotext -bbox-layout``, the columns' borders from the page drawn by
``pdftoppm``), and no word may cross a border or touch another word."""

from __future__ import annotations

from itertools import combinations

import pytest
from flask import Flask

from scorekeeper.core import sheet
from scorekeeper.core.rules import Length, Variants
from scorekeeper.core.variants import Edition
from scorekeeper.render import labels, languages, paper, printing
from tests import pdfs

LANGUAGES = list(languages.LANGUAGES)
# Long names, in several scripts, with hyphens: they wrap in the names row and the dealer
# column; the headers beside them must not care.
NAMES = (
    "Αλεξάνδρα-Μαρία",
    "Κωνσταντίνος Παπαδάκης",
    "Katarina Vuković-Marić",
    "Bartholomew",
    "Zoë",
    "Jean-Baptiste Laurent",
    "Maximiliane",
    "Ivo",
)
LONGEST = "Wolfeschlegelsteinhausenbergerdo"  # as long as a name may be, in one word
# Half a hundredth of a millimetre: how far apart pdftotext and the drawn page may disagree.
SLACK = 0.03


def problems(document: bytes, first: str, last: str) -> list[str]:
    """What crosses a border or touches another word in the pad of page 1: the lines from the
    header ``first`` (the round column's) down to the final row's word ``last``."""
    found = pdfs.words(document)
    top = min(word.y0 for word in found if word.text == first)
    bottom = min(word.y1 for word in found if word.text == last and word.y0 > top)
    pad = [word for word in found if word.y0 >= top - SLACK and word.y1 <= bottom + SLACK]
    assert len(pad) > 20, [word.text for word in found]
    page = pdfs.raster(document)
    seen: list[str] = []
    for word in pad:
        rules = page.vertical_rules(word.y0, word.y1)
        middle = (word.x0 + word.x1) / 2
        left = max((rule for rule in rules if rule <= middle), default=None)
        right = min((rule for rule in rules if rule >= middle), default=None)
        if left is None or right is None or word.x0 < left - SLACK or word.x1 > right + SLACK:
            seen.append(f"{word.text!r} crosses a column's border ({left}, {right}): {word}")
    for one, other in combinations(pad, 2):
        if (
            min(one.x1, other.x1) - max(one.x0, other.x0) > SLACK
            and min(one.y1, other.y1) - max(one.y0, other.y0) > SLACK
        ):
            seen.append(f"{one.text!r} and {other.text!r} overlap")
    return seen


def _game(
    app: Flask, lang: str, names: tuple[str, ...], variants: Variants
) -> tuple[bytes, str, str]:
    with app.test_request_context(f"/?lang={lang}"):
        record = pdfs.play(names, variants, seed=len(names))
        document = printing.game_pdf(sheet.build(record), day="2026-11-29", paper="a4")
        headers = printing.pad_headers()
        return document, headers["round"], labels.gettext("Rank")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_sheet_of_eight_players_fits_its_columns(app: Flask, lang: str) -> None:
    document, first, last = _game(app, lang, NAMES, Variants(edition=Edition.FANTASY))
    assert pdfs.pages(document)[0] == (842, 595)  # landscape: the widest table there is
    assert problems(document, first, last) == []


@pytest.mark.parametrize(("lang", "players"), [("el", 3), ("de", 4), ("hr", 6), ("fr", 6)])
def test_the_sheet_of_fewer_players_fits_its_columns(app: Flask, lang: str, players: int) -> None:
    names = (LONGEST, *NAMES[1:players])
    document, first, last = _game(app, lang, names, Variants(saboteur=True))
    assert problems(document, first, last) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_blank_pad_of_eight_players_fits_its_columns(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        document = printing.blank_pdf(
            ("", *NAMES[1:4], "", "", "", ""), paper="a4", settings=Variants(length=Length.MAXIMUS)
        )
        first = printing.pad_headers()["round"]
        last = labels.gettext("Rank")
    assert problems(document, first, last) == []


def test_short_headers_are_spelled_out_once(app: Flask) -> None:
    with app.test_request_context("/?lang=el"):
        record = pdfs.play(NAMES[:4], Variants(), rounds=2)
        text = pdfs.text(printing.game_pdf(sheet.build(record), day="2026-11-29", paper="a4"))
    assert text.count("Στήλες: Πρ. Πρόβλεψη · Μπ. Μπάζες") == 1
    with app.test_request_context("/?lang=en"):
        text = pdfs.text(printing.blank_pdf(("",) * 8, paper="a4"))
    assert "Columns:" not in text  # nothing is shortened in English


def test_a_column_is_as_wide_as_its_words_and_the_font_pays_for_it() -> None:
    plain = paper.fit("a4", 8)
    wide = paper.fit("a4", 8, needs={"bid": paper.header_em("bid", 6.0)})
    assert wide.widths["bid"] > plain.widths["bid"] and wide.font_pt < plain.font_pt
    assert paper.fit("a4", 8, needs={"bid": 1.0}) == plain  # narrower words change nothing
    # A name's one long word widens the dealer's column only so far.
    assert paper.dealer_em(30.0) == paper.DEALER_MAX_EM
