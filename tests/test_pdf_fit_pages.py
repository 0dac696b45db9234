"""Every PDF the pad prints, on every page, in every language, with eight players whose names
are 32 characters long: no word runs over another, out of the page, over the chart or across a
column's border of the pad. The PDFs are read back as ``tests/test_pdf_fit.py`` reads the pad."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import record, sheet
from scorekeeper.core.rules import Length, Variants
from scorekeeper.core.variants import Edition
from scorekeeper.render import hyphens, labels, languages, paper, printing
from tests import pdfs
from tests.pdfs import LONG_NAMES, Word
from tests.test_pdf_fit import SLACK, problems

LANGUAGES = list(languages.LANGUAGES)
MM = paper.PT_PER_MM


def _overlaps(one: Word, other: Word) -> bool:
    return (
        min(one.x1, other.x1) - max(one.x0, other.x0) > SLACK
        and min(one.y1, other.y1) - max(one.y0, other.y0) > SLACK
    )


def page_problems(document: bytes) -> list[str]:
    """Words over other words, or out of the page's margins (the footer aside), on any page;
    and a page that holds only a few lines."""
    seen: list[str] = []
    sizes = pdfs.pages(document)
    top, right, bottom, left = (side * MM for side in paper.MARGIN_MM)
    for number, (width, height) in enumerate(sizes, start=1):
        found = pdfs.words(document, number)
        for word in found:
            if word.x0 < left - 1 or word.x1 > width - right + 1 or word.y0 < top - 1:
                seen.append(f"page {number}: {word.text!r} is out of the page {word}")
        for one, other in combinations(found, 2):
            if _overlaps(one, other):
                seen.append(f"page {number}: {one.text!r} and {other.text!r} overlap")
        body = {word.line for word in found if word.y1 < height - bottom}
        if number > 1 and len(body) < 6:
            seen.append(f"page {number} holds only {len(body)} lines")
    return seen


def name_breaks(document: bytes, names: tuple[str, ...]) -> list[str]:
    """Words of the names broken across two lines without a hyphen (pdftotext reads the two
    halves as two words, one after the other)."""
    parts = {part for name in names for part in re.split(r" |(?<=-)", name)}
    seen = []
    for number in range(1, len(pdfs.pages(document)) + 1):
        found = pdfs.words(document, number)
        for one, other in pairwise(found):
            if one.line != other.line and one.text + other.text in parts:
                seen.append(f"page {number}: {one.text!r} / {other.text!r}")
    return seen


# Air between a header word and its column's borders (their middle), in points: a thick border
# is 1.4 pt wide, so a word less than 0.7 pt from its middle is drawn over it, and a reader (and
# pdftotext) sees it run into the next column's word ("ΣύνολοΠρ.", issue 21).
AIR_PT = 1.0


def header_air(document: bytes, field: str) -> list[str]:
    """Words of the players' field headers (the row of the header ``field``) closer than
    :data:`AIR_PT` to a border of their column."""
    found = pdfs.words(document)
    # The pad's row has the header once per player (the key above the pad has it once).
    rows = Counter((word.y0, word.y1) for word in found if word.text == field)
    top, bottom = rows.most_common(1)[0][0]
    page = pdfs.raster(document)
    seen = []
    for word in found:
        if abs(word.y0 - top) > SLACK or abs(word.y1 - bottom) > SLACK:
            continue
        rules = page.vertical_rules(word.y0, word.y1)
        middle = (word.x0 + word.x1) / 2
        left = max((rule for rule in rules if rule <= middle), default=0.0)
        right = min((rule for rule in rules if rule >= middle), default=float("inf"))
        if min(word.x0 - left, right - word.x1) < AIR_PT:
            seen.append(f"{word.text!r} touches its column's border ({left}, {right}): {word}")
    return seen


def chart_problems(document: bytes, caption: str, expected: Counter[str]) -> list[str]:
    """Words drawn over the chart that are not the chart's: the chart is the box from its
    caption to the page's right margin and the bottom of its last word. ``expected`` counts the
    words that must stand outside the chart (the standings beside it)."""
    seen: list[str] = []
    first = caption.split()[0]
    for number in range(1, len(pdfs.pages(document)) + 1):
        found = pdfs.words(document, number)
        heads = [word for word in found if word.text == first]
        for head in heads:
            line = [word.text for word in found if word.line == head.line]
            if " ".join(line).startswith(caption):
                break
        else:
            continue
        inside = [word for word in found if word.x0 >= head.x0 - SLACK and word.y0 >= head.y0]
        bottom = max(word.y1 for word in inside if word.y1 < pdfs.pages(document)[0][1] - 40)
        outside = [word for word in found if word not in inside]
        for word in outside:
            if word.x1 > head.x0 + SLACK and word.y1 > head.y0 and word.y0 < bottom:
                seen.append(f"{word.text!r} is over the chart {word}")
        missing = expected - Counter(word.text for word in outside)
        if missing:
            seen.append(f"not beside the chart: {sorted(missing.elements())}")
        return seen
    return [f"no chart captioned {caption!r}"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_sheet_of_eight_long_names_fits_every_page(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        record = pdfs.play(LONG_NAMES, Variants(edition=Edition.FANTASY), seed=8)
        built = sheet.build(record)
        document = printing.game_pdf(built, day="2026-12-01", paper="a4")
        first, last = printing.pad_headers()["round"], labels.gettext("Rank")
        caption = labels.gettext("Running totals by round")
        totals = Counter(labels.number(total) for total in built.totals)
    assert len(pdfs.pages(document)) == 2  # the pad, then the results beside the chart
    assert problems(document, first, last) == []
    assert page_problems(document) == []
    assert chart_problems(document, caption, totals) == []
    assert name_breaks(document, LONG_NAMES) == []


# Greek names of one long surname each, as a table writes them (issue 21's walkthrough).
GREEK = (
    "Κωνσταντίνος Παπαδόπουλος",
    "Αλεξάνδρα Κωνσταντινίδου",
    "Παναγιώτης Χατζηγεωργίου",
    "Ευαγγελία Θεοδωροπούλου",
    "Χαράλαμπος Καραμανλής",
    "Σταυρούλα Αναστασοπούλου",
    "Δημήτριος Παπαχριστοδούλου",
    "Αικατερίνη Μαυρογιάννη",
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_unfinished_game_of_eight_greek_names_keeps_its_headers_apart(
    app: Flask, lang: str
) -> None:
    # Three rounds: the totals are short, so the total column is as wide as its header only.
    with app.test_request_context(f"/?lang={lang}"):
        record = pdfs.play(GREEK, Variants(), rounds=3, seed=3)
        document = printing.game_pdf(sheet.build(record), day="2026-12-01", paper="a4")
        field = printing.pad_headers()["bid"]
    assert header_air(document, field) == []
    assert name_breaks(document, GREEK) == []


def test_standings_pushed_to_the_next_page_are_printed_once(app: Flask) -> None:
    """A German 25-year game whose adjustments leave no room for the standings under the pad
    (a stored record): on page 2 they stand once, beside the chart. They were drawn twice, side
    by side, when they floated beside it (issue 33)."""
    fixture = Path(__file__).parent / "fixtures" / "summary-on-the-next-page.json"
    played = record.parse_game(json.loads(fixture.read_text()))
    with app.test_request_context("/?lang=de"):
        document = printing.game_pdf(sheet.build(played), day="2026-12-03", paper="a4")
    assert len(pdfs.pages(document)) == 2
    page = pdfs.words(document, page=2)
    second = " ".join(word.text for word in page)
    assert second.count("Gewonnen hat Anastasia") == 1, second
    assert second.count("Ergebnis") == 1 and second.count("Platz") == 1, second
    standings = [word for word in page if word.text == "Bartholomäus"]
    chart = [word for word in page if word.text == "Runde"]
    assert len(standings) == 2  # the standings, and the chart's legend below the chart
    assert chart and min(word.x0 for word in chart) > min(word.x1 for word in standings)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_blank_pad_of_eight_long_names_fits_its_page(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        document = printing.blank_pdf(
            LONG_NAMES, paper="a4", settings=Variants(length=Length.STANDARD)
        )
        first, last = printing.pad_headers()["round"], labels.gettext("Rank")
    assert problems(document, first, last) == []
    assert page_problems(document) == []
    assert name_breaks(document, LONG_NAMES) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_season_report_of_eight_long_names_fits_every_page(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    with app.app_context():
        db = storage.get_db()
        group = storage.create_group(db, "Κυριακάτικη παρέα · Sunday club")
        for seed in range(3):
            played = pdfs.play(LONG_NAMES, Variants(length=Length.FIVE_ROUNDS), seed=seed)
            day = storage.create_group_game(db, group.id, played).created_at[:10]
    response = client.get(f"/groups/{group.id}/season.pdf?lang={lang}")
    assert response.status_code == 200
    document = response.data
    assert page_problems(document) == []
    assert name_breaks(document, LONG_NAMES) == []
    text = pdfs.text(document)
    with app.test_request_context(f"/?lang={lang}"):
        # Each pair of players: the two names side by side, then how often each was above.
        columns = ("Player", "Against", "Above", "Below", "Level")
        assert " ".join(labels.gettext(column) for column in columns) in text
        assert f"{labels.day(day)} · " in text  # the season's days as the language writes them
    assert not re.search(r"\d{4}-\d\d-\d\d", text)


def test_only_a_word_too_wide_for_its_column_gets_soft_hyphens() -> None:
    name = "Jean-Baptiste Wolfeschlegelsteinhausenbergerdo"
    # Fits: nothing added, whatever the page's language.
    assert hyphens.breakable(name, "el", room_em=30.0) == name
    # Too wide: a Latin word on a Greek page breaks by the English dictionary, a Greek word on
    # a Latin page by the Greek one; the words that fit stay whole.
    latin = hyphens.breakable(name, "el", room_em=8.0)
    assert latin.startswith("Jean-Baptiste Wolfe") and latin.count(hyphens.SOFT_HYPHEN) >= 3
    assert latin.replace(hyphens.SOFT_HYPHEN, "") == name
    greek = hyphens.breakable("Ana Αλεξανδρόπουλος", "de", room_em=5.0)
    assert greek == "Ana Αλε\xadξαν\xadδρόπου\xadλος"  # noqa: RUF001
