"""A PDF on any laptop: the fonts ship with the app, WeasyPrint loads on the first PDF only, and
a machine without Pango gets a page that says how to install it instead of an error."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import paths
from scorekeeper.render import printing
from tests import pdfs
from tests.pages import soup
from tests.test_groups_pages import make_group

GREEK, CYRILLIC = "Γιώργος", "Мария"
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def test_the_fonts_and_their_licence_are_in_the_repository() -> None:
    for name, _weight in printing.FONT_FILES:
        assert (paths.FONTS / name).stat().st_size > 100_000
    assert "Bitstream Vera" in (paths.FONTS / "LICENSE").read_text()


def test_the_pdf_embeds_the_bundled_fonts_on_a_machine_without_any_font(tmp_path: Path) -> None:
    # fontconfig with no font folder at all: only @font-face can give the sheet its letters.
    (tmp_path / "fonts.conf").write_text(
        f"<?xml version='1.0'?><fontconfig><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    script = textwrap.dedent(
        f"""
        import sys
        from scorekeeper import create_app
        from scorekeeper.render import printing
        from scorekeeper.core import sheet
        from tests import pdfs
        app = create_app({{"DATABASE": {str(tmp_path / "g.sqlite")!r}, "SECRET_KEY": "t"}})
        record = pdfs.play(({GREEK!r}, {CYRILLIC!r}, "José"), rounds=3)
        with app.test_request_context():
            pdf = printing.game_pdf(sheet.build(record), day="2026-11-29", paper="a4")
        sys.stdout.buffer.write(pdf)
        """
    )
    env = os.environ | {"FONTCONFIG_FILE": str(tmp_path / "fonts.conf")}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    document = done.stdout
    assert pdfs.fonts(document) == {"DejaVu-Sans", "DejaVu-Sans-Bold"}
    text = pdfs.text(document)
    assert GREEK in text and CYRILLIC in text and "José" in text


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        (paths.FONTS / "LICENSE").as_uri(),
        (paths.FONTS / ".." / "fonts" / "nothing.ttf").as_uri(),
        "http://127.0.0.1/DejaVuSans.ttf",
        "data:font/ttf;base64,AAAA",
    ],
)
def test_the_fetcher_loads_the_bundled_fonts_and_nothing_else(url: str) -> None:
    assert printing.bundled_font(url) is None
    with pytest.raises(ValueError, match="load nothing"):
        printing._weasyprint()["fetcher"]().fetch(url)


def test_the_bundled_fonts_are_allowed_however_their_path_is_written() -> None:
    regular = paths.FONTS / "DejaVuSans.ttf"
    assert printing.bundled_font(regular.as_uri()) == regular.resolve()
    detour = (paths.FONTS / ".." / "fonts" / "DejaVuSans.ttf").as_uri()
    assert printing.bundled_font(detour) == regular.resolve()


def test_weasyprint_is_not_imported_when_the_app_starts(tmp_path: Path) -> None:
    script = (
        "import sys; from scorekeeper import create_app; "
        f"create_app({{'DATABASE': {str(tmp_path / 'g.sqlite')!r}, 'SECRET_KEY': 't'}}); "
        "print('weasyprint' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "False", done.stderr


@pytest.fixture
def without_pango(monkeypatch: pytest.MonkeyPatch) -> None:
    """WeasyPrint as on a laptop without Pango: importing it fails."""

    def missing() -> None:
        raise printing.PrintingUnavailable("cannot load library 'libpango-1.0-0'")

    monkeypatch.setattr(printing, "_weasyprint", missing)
    monkeypatch.setattr(printing, "_stylesheet", missing)


@pytest.mark.usefixtures("without_pango")
def test_without_pango_the_pdf_link_says_how_to_install_it(app: Flask, client: FlaskClient) -> None:
    stored = pdfs.store(app, pdfs.play(("Ana", "Ben", "Cleo"), rounds=2))
    group_id = make_group(client)
    for url in (
        f"/games/{stored.id}/sheet.pdf",
        "/sheets/blank.pdf?players=4",
        f"/groups/{group_id}/season.pdf",
    ):
        response = client.get(url)
        assert response.status_code == 503, url
        assert response.mimetype == "text/html"
        text = soup(response).get_text(" ", strip=True)
        assert "needs Pango" in text
        assert "sudo apt-get install libpango-1.0-0" in text
        assert "sudo dnf install pango" in text
        assert "brew install pango" in text
        assert "Every score is safe" in text
    assert not printing.available()
    # Everything else works.
    assert client.get(f"/games/{stored.id}").status_code == 200
    assert client.get(f"/games/{stored.id}/sheet").status_code == 200


def test_a_failed_import_of_weasyprint_is_reported_as_printing_unavailable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    printing._weasyprint.cache_clear()
    # ``None`` in sys.modules makes the import fail as a missing package or library would.
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    try:
        with pytest.raises(printing.PrintingUnavailable):
            printing._weasyprint()
        assert not printing.available()
    finally:
        monkeypatch.undo()
        printing._weasyprint.cache_clear()
    assert printing.available()
