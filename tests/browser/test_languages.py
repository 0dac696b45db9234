"""A full round in Greek and in Spanish on a real Chromium, and the Greek PDF read back.

Greek is picked on the switcher (a plain link: the cookie remembers it), Spanish comes from the
phone's own language (Accept-Language). Every tap is found by the form it belongs to, never by an
English label, so the same steps drive any language.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from playwright.sync_api import Page

from tests.browser.flows import NewContext, choose, enter_tricks, tap
from tests.support import shots
from tests.support.browser import PDF_MS

OUTPUT = Path(__file__).resolve().parents[1] / "output"
LONG_NAMES = ["Αλεξάνδρα-Μαρία", "Κωνσταντίνος Παπαδάκης", "Χαραλάμπης"]


def play_one_card_round(page: Page, names: list[str]) -> None:
    """Start a standard game of these players and play round 1: trump, bids, tricks."""
    page.goto("/games/new")
    for seat, name in enumerate(names):
        page.fill(f"input[name=players-{seat}]", name)
    tap(page, page.locator("form.new-game button.primary"))
    tap(page, page.locator("form:has(input[name=turned][value=suit]) button[value=hearts]"))
    while page.locator("form.bid-pad").count():
        tap(page, page.locator("form.bid-pad button[name=bid][value='0']"))
    enter_tricks(page, [1, 0, 0])
    tap(page, page.locator("form.tricks-form button.confirm"))


def test_a_full_round_in_greek_and_its_pdf(new_context: NewContext) -> None:
    context = new_context()
    page = context.new_page()
    page.goto("/")
    tap(page, page.locator("footer .languages a[lang=el]"))
    assert page.locator("html").get_attribute("lang") == "el"
    page.goto("/games/new")
    assert page.locator("h1").inner_text() == "Νέο παιχνίδι"
    play_one_card_round(page, LONG_NAMES)
    assert page.locator("#result-title").inner_text() == "Αποτέλεσμα του γύρου 1"
    headers = page.locator("table.scores thead th").all_inner_texts()
    # The pad's short header, spelled out in its title and in the key under the table.
    assert headers[:2] == ["Παίκτης", "Πρ."]
    assert page.locator("table.scores thead abbr").first.get_attribute("title") == "Πρόβλεψη"
    assert "Πρ. Πρόβλεψη" in page.locator(".result .columns").inner_text()
    assert "2 φύλλα" in page.locator(".round-head").inner_text()
    # The PDF is asked with the page's cookie, so it comes out in Greek too.
    game = re.search(r"/games/([^/?#]+)", page.url)
    assert game is not None
    response = context.request.get(f"/games/{game.group(1)}/sheet.pdf", timeout=PDF_MS)
    assert response.ok
    OUTPUT.mkdir(exist_ok=True)
    pdf = OUTPUT / "greek-sheet.pdf"
    pdf.write_bytes(response.body())
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Φύλλο βαθμολογίας Wizard" in text
    assert "Ημιτελές: παίχτηκαν 1 από 20 γύρους" in " ".join(text.split())
    assert "Παπαδάκης" in text
    assert "Κούπα" in text  # the trump, hearts, in Greek
    assert "Running totals" not in text and "Score sheet" not in text


def test_a_full_round_in_spanish_from_the_phone_language(new_context: NewContext) -> None:
    page = new_context(locale="es-ES").new_page()
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "es"
    play_one_card_round(page, ["Ana", "Bernardo", "Carmen"])
    assert page.locator("#result-title").inner_text() == "Resultado de la ronda 1"
    assert page.locator("table.scores thead th").all_inner_texts()[:2] == ["Jugador", "Ap."]
    assert "Ap. Apuesta" in page.locator(".result .columns").inner_text()
    # The round's header names the dealer; the result does not say it again.
    assert "Repartidor" in page.locator(".round-head").inner_text()
    assert "repartidor" not in page.locator(".result").inner_text().lower()
    tap(page, page.locator("nav.tabs a").nth(1))
    assert "Hoja de puntuación" in page.locator("main").inner_text()


def test_screens_in_greek_and_croatian_with_long_names(new_context: NewContext) -> None:
    """At 390 x 844, shot when ``SCOREKEEPER_SHOTS`` names a folder (tests/support/shots.py):
    long words must wrap, not clip."""
    for code, names in [
        ("el", LONG_NAMES),
        ("hr", ["Katarina Vuković-Marić", "Krešimir Dragičević", "Ljubica Šimunović"]),
    ]:
        for scheme in ("light", "dark"):
            page = new_context(color_scheme=scheme).new_page()
            page.goto(f"/language/{code}?next=/games/new")
            shots.take(page, f"languages/{code}-new-game-{scheme}.png")
            play_one_card_round(page, names)
            shots.take(page, f"languages/{code}-round-2-{scheme}.png")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{code}: the page scrolls sideways ({width}px)"
            page.goto("/rules")
            shots.take(page, f"languages/{code}-rules-{scheme}.png", full_page=False)
        # Sealed bids: whoever is ready taps their name.
        page.goto("/games/new")
        for seat, name in enumerate(names):
            page.fill(f"input[name=players-{seat}]", name)
        choose(page, "input[name=bid_visibility][value=hidden]")
        choose(page, "input[name=edition][value=fantasy]")
        tap(page, page.locator("form.new-game button.primary"))
        shots.take(page, f"languages/{code}-fantasy-trump.png")
        tap(page, page.locator("form:has(input[name=turned][value=suit]) button[value=hearts]"))
        tap(page, page.locator("nav.ready a").nth(2))
        shots.take(page, f"languages/{code}-sealed-bids.png")
        assert page.locator(".bid-pad input[name=seat]").get_attribute("value") is not None


def test_the_game_header_is_one_line_at_phone_width_in_every_language(
    new_context: NewContext,
) -> None:
    """Issue 21: the Greek header wrapped to two lines on every game page; the home page has no
    link to itself."""
    page = new_context().new_page()
    page.goto("/games/new")
    for seat, name in enumerate(["Ana", "Ben", "Cleo"]):
        page.fill(f"input[name=players-{seat}]", name)
    tap(page, page.locator("form.new-game button.primary"))
    game = page.url
    for code in ("en", "es", "pt", "hr", "el", "de", "fr", "it"):
        for url in (game, f"{game}/sheet", f"{game}/share"):
            page.goto(f"{url}?lang={code}")
            assert page.locator("html").get_attribute("lang") == code
            # Its words whole, not cut to "…".
            assert page.locator("header.bar a.home").evaluate("a => a.scrollWidth <= a.clientWidth")
            bar = page.locator("header.bar").bounding_box()
            tab = page.locator("header.bar .tabs a").first.bounding_box()
            home = page.locator("header.bar a.home").bounding_box()
            assert bar and tab and home
            # One line: the way home and the tabs side by side, the bar no taller than a tab.
            assert abs(home["y"] - tab["y"]) < 2 and bar["height"] <= tab["height"] + 2, (code, url)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, (code, url)
    page.goto("/")
    assert page.locator("a.home").count() == 0
