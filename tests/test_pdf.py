"""The printed score sheet of a game: GET /games/<id>/sheet.pdf, read back with pdftotext."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.core import game, sheet
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import (
    BidRestriction,
    BidVisibility,
    Length,
    Suit,
    Trump,
    Turned,
    Variants,
)
from scorekeeper.render import printing
from scorekeeper.storage import games as stored_games
from scorekeeper.web import pdf
from tests import pdfs

A4, LETTER = (595, 842), (612, 792)
GREEK, CYRILLIC = "Γιώργος", "Мария"


@pytest.fixture(autouse=True)
def fixed_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stored_games, "now", lambda: "2026-11-29T20:00:00+00:00")


def _get(client: FlaskClient, game_id: str, query: str = "") -> bytes:
    response = client.get(f"/games/{game_id}/sheet.pdf{query}")
    assert response.status_code == 200, response.text
    assert response.mimetype == "application/pdf"
    return response.get_data()


@pytest.mark.parametrize(
    ("names", "variants", "size", "page_count"),
    [
        ((GREEK, CYRILLIC, "José"), Variants(), A4, 2),  # 20 rounds, portrait
        (("Tom", "Dick", "Mary", "Ana", "Zoë", "Ivo"), Variants(), A4[::-1], 1),  # 10 rounds
        (tuple(f"P{seat}" for seat in range(8)), Variants(saboteur=True), A4[::-1], 1),
    ],
)
def test_every_round_and_total_matches_the_score_sheet(
    app: Flask,
    client: FlaskClient,
    names: tuple[str, ...],
    variants: Variants,
    size: tuple[int, int],
    page_count: int,
) -> None:
    record = pdfs.play(names, variants)
    stored = pdfs.store(app, record)
    built = sheet.build(record)
    document = _get(client, stored.id)
    text = pdfs.text(document)
    assert pdfs.pages(document) == [size] * page_count
    position = 0
    for row in built.rounds:
        start = f"{row.number} {row.hand_size} {names[row.dealer]} "
        position = text.index(start, position)
        position = text.index(pdfs.cells(row), position)
    for seat, total in enumerate(built.totals):
        assert f"{pdfs.number(total)} · {built.ranks[seat]}." in text
    winners = ", ".join(names[seat] for seat in built.winners)
    assert f"Winner: {winners}" in text or f"Shared win: {winners}" in text
    assert "Finished" in text and "Unfinished" not in text


def test_header_names_date_seats_and_variants(app: Flask, client: FlaskClient) -> None:
    variants = Variants(length=Length.QUICK, bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    stored = pdfs.store(app, pdfs.play(("Ana", GREEK, CYRILLIC, "Zoë"), variants, rounds=2))
    text = pdfs.text(_get(client, stored.id))
    assert "November 29, 2026" in text  # the date as the reader's language writes it
    assert f"1. Ana (first dealer) · 2. {GREEK} · 3. {CYRILLIC} · 4. Zoë" in text
    assert (
        "Game length: Quick play · Bid restriction: Plus/minus one · Bid visibility: Open" in text
    )


def test_names_in_any_script_use_real_glyphs(app: Flask, client: FlaskClient) -> None:
    """Greek, Cyrillic and accented Latin come out as text, all drawn with DejaVu Sans."""
    stored = pdfs.store(app, pdfs.play((GREEK, CYRILLIC, "Åsa-Zoë Núñez")))
    document = _get(client, stored.id)
    text = pdfs.text(document)
    for name in (GREEK, CYRILLIC, "Åsa-Zoë Núñez"):
        assert name in text
    assert pdfs.fonts(document) <= {"DejaVu-Sans", "DejaVu-Sans-Bold"}


def test_a_name_is_text_never_markup(app: Flask, client: FlaskClient) -> None:
    stored = pdfs.store(app, pdfs.play(("<b>x</b>", "A & B", '"Q"'), rounds=3))
    text = pdfs.text(_get(client, stored.id))
    assert '1. <b>x</b> (first dealer) · 2. A & B · 3. "Q"' in text
    assert "&lt;" not in text and "&amp;" not in text


@pytest.mark.parametrize(
    ("query", "players", "size"),
    [
        ("", 3, A4),
        ("?paper=a4", 3, A4),
        ("?paper=letter", 3, LETTER),
        ("?paper=a4", 4, A4),
        ("?paper=Letter", 5, LETTER[::-1]),
        ("", 6, A4[::-1]),
    ],
)
def test_paper_size_and_orientation(
    app: Flask, client: FlaskClient, query: str, players: int, size: tuple[int, int]
) -> None:
    """A4 unless asked for US Letter; landscape once the pad needs the width (5+ players)."""
    stored = pdfs.store(app, pdfs.play(("A", "B", "C", "D", "E", "F")[:players], rounds=3))
    assert set(pdfs.pages(_get(client, stored.id, query))) == {size}


@pytest.mark.parametrize("paper", ["a3", "legal", "", "a4;x"])
def test_unknown_paper_is_refused_with_a_message(
    app: Flask, client: FlaskClient, paper: str
) -> None:
    stored = pdfs.store(app, pdfs.play(("A", "B", "C"), rounds=1))
    response = client.get(f"/games/{stored.id}/sheet.pdf?paper={paper}")
    assert response.status_code == 400
    assert "Paper must be" in response.text and "letter" in response.text


def test_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/games/no-such-game/sheet.pdf").status_code == 404


@pytest.mark.parametrize("visibility", list(BidVisibility))
def test_unfinished_game_prints_completed_rounds_only(
    app: Flask, client: FlaskClient, visibility: BidVisibility
) -> None:
    """The round in progress is not printed: its bids, sealed or not, never appear."""
    variants = Variants(length=Length.MAXIMUS, bid_visibility=visibility)
    record = game.add_round(
        game.new_game(("Tom", "Dick", "Mary"), 0, variants),
        RoundRecord(Trump(Turned.NONE, Suit.CLUBS), (6, 7, 5), (6, 8, 6)),
    )
    for seat, bid in ((2, 17), (0, 13), (1, 19)):  # Dick deals: Mary bids first
        record = game.place_bid(record, seat, bid)
    stored = pdfs.store(app, record)
    text = pdfs.text(_get(client, stored.id))
    assert "Unfinished" in text and "1 of 5 rounds played" in text
    assert "Round 2 is in progress and is not printed." in text
    minus = pdfs.MINUS
    assert f"6 6 ✓+80 80 7 8 ✗{minus}10 {minus}10 5 6 ✗{minus}10 {minus}10" in text
    assert not re.search(r"\b(13|17|19)\b", text)


def test_game_with_no_round_yet(app: Flask, client: FlaskClient) -> None:
    stored = pdfs.store(app, game.new_game(("Tom", "Dick", "Mary"), 1, Variants()))
    text = pdfs.text(_get(client, stored.id))
    assert "No round has been completed yet." in text and "Unfinished" in text


def test_flagged_round_is_marked(app: Flask, client: FlaskClient) -> None:
    """A correction that makes a later Canadian-rule bid illegal flags that round."""
    variants = Variants(bid_restriction=BidRestriction.CANADIAN)
    hearts = Trump(Turned.SUIT, Suit.HEARTS)
    record = game.new_game(("Tom", "Dick", "Mary"), 0, variants)
    record = game.add_round(record, RoundRecord(hearts, (1, 0, 0), (1, 0, 0)))
    record = game.add_round(record, RoundRecord(hearts, (0, 1, 1), (0, 1, 1)))
    record = game.replace_round(record, 1, RoundRecord(hearts, (0, 1, 0), (0, 1, 0)))
    assert sheet.build(record).flagged == (2,)
    text = pdfs.text(_get(client, pdfs.store(app, record).id))
    assert "2 ⚠ 2 Dick" in text
    assert "⚠ Round 2: " in text and "Canadian rule" in text


def test_long_pad_repeats_its_header_row_on_every_page(app: Flask) -> None:
    """Wider and longer than any legal game: 8 players x 40 rounds still prints, headed."""
    base = sheet.build(pdfs.play(("A", "B", "C")))
    wide = pdfs.stretched(base, tuple(f"Player {n}" for n in range(1, 9)), 40)
    with app.test_request_context():
        document = printing.game_pdf(wide, day="2026-11-29", paper="a4")
    sizes = pdfs.pages(document)
    assert len(sizes) >= 2 and set(sizes) == {A4[::-1]}
    page_texts = pdfs.text(document).split("Page ")
    table_pages = [page for page in page_texts if "Round Cards Dealer Trump" in page]
    assert len(table_pages) >= 2
    for page in table_pages:
        assert "Bid Tricks Score Total " * 8 in page
    position = 0
    for row in wide.rounds:
        position = pdfs.text(document).index(pdfs.cells(row), position)


def test_file_name_says_what_it_is(app: Flask, client: FlaskClient) -> None:
    latin = pdfs.store(app, pdfs.play(("Tom", "Dick", "Mary"), rounds=1))
    response = client.get(f"/games/{latin.id}/sheet.pdf")
    expected = 'attachment; filename="wizard-2026-11-29-tom-dick-mary.pdf"'
    assert response.headers["Content-Disposition"] == expected
    greek = pdfs.store(app, pdfs.play((GREEK, CYRILLIC, "Tom"), rounds=1))
    header = client.get(f"/games/{greek.id}/sheet.pdf").headers["Content-Disposition"]
    assert header.startswith('attachment; filename="wizard-2026-11-29-tom.pdf"; ')
    assert header.endswith(
        "filename*=UTF-8''wizard-2026-11-29-%CE%B3%CE%B9%CF%8E%CF%81%CE%B3%CE%BF%CF%82-"
        "%D0%BC%D0%B0%D1%80%D0%B8%D1%8F-tom.pdf"
    )


def test_etag_304_and_no_second_render(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    renders: list[str] = []
    real = printing.game_html

    def counting(built: sheet.Sheet, *, day: str, paper: str) -> str:
        renders.append(paper)
        return real(built, day=day, paper=paper)

    monkeypatch.setattr(printing, "game_html", counting)
    stored = pdfs.store(app, pdfs.play(("Tom", "Dick", "Mary"), rounds=2))
    url = f"/games/{stored.id}/sheet.pdf"
    first = client.get(url)
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    second = client.get(url)
    assert second.data == first.data and second.headers["ETag"] == etag
    not_modified = client.get(url, headers={"If-None-Match": etag})
    assert not_modified.status_code == 304 and not_modified.data == b""
    assert renders == ["a4"]
    letter = client.get(url + "?paper=letter")
    assert letter.headers["ETag"] != etag and renders == ["a4", "letter"]
    with app.app_context():
        changed = storage.save(
            storage.get_db(), stored, pdfs.play(("Tom", "Dick", "Mary"), rounds=3)
        )
    assert changed.version == stored.version + 1
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag
    assert renders == ["a4", "letter", "a4"]


def test_cache_keeps_the_most_recently_used() -> None:
    cache = pdf.PdfCache(2)
    cache.put("a", b"1")
    cache.put("b", b"2")
    assert cache.get("a") == b"1"
    cache.put("c", b"3")
    assert (cache.get("a"), cache.get("b"), cache.get("c"), len(cache)) == (b"1", None, b"3", 2)
    off = pdf.PdfCache(0)
    off.put("a", b"1")
    assert off.get("a") is None


def test_printing_fetches_nothing(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    """Images, stylesheets and files named in the HTML are refused, never loaded."""
    html = '<link rel="stylesheet" href="file:///etc/passwd"><img src="http://192.0.2.1/x.png">ok'
    with app.test_request_context():
        document = printing.write_pdf(html)
    assert pdfs.text(document).strip() == "ok"
    assert "Printed sheets load nothing" in caplog.text
