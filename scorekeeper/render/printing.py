"""Print the sheets to PDF with WeasyPrint: a game's pad and a blank pad, made as HTML by
:mod:`scorekeeper.render.pads` (``templates/print/``).

The fonts ship with the app (``fonts/``: DejaVu Sans, which has Latin, Greek and Cyrillic) and are
embedded from there, so a sheet prints the same on every machine. Nothing is fetched from the
network, and a page cannot ask for anything either: the URL fetcher refuses every URL but those of
the bundled fonts.

WeasyPrint is imported on the first PDF, not at start: it is most of the app's start-up time,
and it needs Pango, which a laptop may lack: then :class:`PrintingUnavailable` says so and the
rest of the pad works.
"""

from __future__ import annotations

import atexit
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from scorekeeper.core.family import DEFAULT_GAME
from scorekeeper.core.sheet import Sheet
from scorekeeper.paths import FONTS, PRINT_TEMPLATES
from scorekeeper.render.pad_columns import abbreviations, pad_headers, trump_cell
from scorekeeper.render.pads import blank_html, game_html, season_html

__all__ = [
    "PrintingUnavailable",
    "abbreviations",
    "available",
    "blank_html",
    "blank_pdf",
    "game_html",
    "game_pdf",
    "pad_headers",
    "require",
    "season_html",
    "trump_cell",
    "write_pdf",
]

STYLESHEET = PRINT_TEMPLATES / "print.css"
# The bundled fonts, as (file in fonts/, CSS font-weight); print.css names the family.
FONT_FILES = (("DejaVuSans.ttf", "normal"), ("DejaVuSans-Bold.ttf", "bold"))
FONT_FAMILY = "DejaVu Sans"


class PrintingUnavailable(RuntimeError):
    """WeasyPrint cannot run here (Pango is missing): no PDF, everything else works."""


def game_pdf(built: Sheet, *, day: str, paper: str) -> bytes:
    """The score sheet of a game as a PDF: header, every completed round, standings, chart."""
    return write_pdf(game_html(built, day=day, paper=paper))


def blank_pdf(
    names: tuple[str, ...], *, paper: str, game: str = DEFAULT_GAME, settings: Any = None
) -> bytes:
    """An empty pad for a game of ``len(names)`` players (blank names get a line to write on)
    with its settings (``None``: its defaults): a row per round with its cards, and the trump
    where it is fixed.

    Raises :class:`~scorekeeper.core.rules.RuleError` for settings this table cannot play.
    """
    return write_pdf(blank_html(names, paper=paper, game=game, settings=settings))


def _font_faces() -> str:
    """``@font-face`` rules for the bundled fonts, by ``file:`` URL (the fetcher allows those)."""
    return "\n".join(
        f'@font-face {{ font-family: "{FONT_FAMILY}"; font-weight: {weight}; '
        f'font-style: normal; src: url("{(FONTS / name).as_uri()}"); }}'
        for name, weight in FONT_FILES
    )


def bundled_font(url: str) -> Path | None:
    """The bundled font file that ``url`` names, or ``None`` for any other URL."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = Path(url2pathname(parts.path)).resolve()
    allowed = {(FONTS / name).resolve() for name, _weight in FONT_FILES}
    return path if path in allowed else None


@cache
def _weasyprint() -> dict[str, Any]:
    """WeasyPrint's classes, imported now (once per process), and a fetcher that loads the
    bundled fonts and nothing else."""
    try:
        from weasyprint import CSS, HTML
        from weasyprint.text.fonts import FontConfiguration
        from weasyprint.urls import URLFetcher
    except (ImportError, OSError) as error:  # OSError: Pango's library was not found
        raise PrintingUnavailable(str(error)) from error

    class BundledFontsOnly(URLFetcher):  # type: ignore[misc]
        """Refuses every URL but the bundled fonts: a sheet needs nothing else."""

        def fetch(self, url: str, headers: Any = None) -> Any:
            if bundled_font(url) is None:
                raise ValueError(f"Printed sheets load nothing: {url[:80]}")
            return super().fetch(url, headers)

    return {
        "CSS": CSS,
        "HTML": HTML,
        "FontConfiguration": FontConfiguration,
        "fetcher": BundledFontsOnly,
    }


@cache
def _stylesheet() -> tuple[Any, Any]:
    """The print stylesheet with the bundled fonts and their font configuration, parsed once
    per process."""
    weasy = _weasyprint()
    fonts = weasy["FontConfiguration"]()
    css = weasy["CSS"](
        string=_font_faces() + "\n" + STYLESHEET.read_text(encoding="utf-8"),
        url_fetcher=weasy["fetcher"](),
        font_config=fonts,
    )
    return css, fonts


# Dropped before the interpreter takes its modules apart: the font configuration then removes
# the copies of the fonts it made for fontconfig.
atexit.register(_stylesheet.cache_clear)


def require() -> None:
    """Nothing when PDFs can be made here; :class:`PrintingUnavailable` otherwise."""
    _weasyprint()


def available() -> bool:
    """True when PDFs can be made here (WeasyPrint and Pango load)."""
    try:
        _weasyprint()
    except PrintingUnavailable:
        return False
    return True


def write_pdf(html: str) -> bytes:
    """Render ``html`` with the print stylesheet into PDF bytes (:class:`PrintingUnavailable`
    when WeasyPrint cannot run here)."""
    weasy = _weasyprint()
    css, fonts = _stylesheet()
    document = weasy["HTML"](
        string=html, url_fetcher=weasy["fetcher"](), base_url=str(PRINT_TEMPLATES)
    )
    pdf: bytes = document.write_pdf(stylesheets=[css], font_config=fonts)
    return pdf


def source_files() -> list[Path]:
    """Everything a printed sheet's look depends on, for cache validators."""
    here = Path(__file__).resolve().parent
    return [
        *sorted(PRINT_TEMPLATES.iterdir()),
        *(FONTS / name for name, _weight in FONT_FILES),
        here / "printing.py",
        here / "pads.py",
        here / "pad_columns.py",
        here / "game_facts.py",
        here / "corrections.py",
        here / "game_words.py",
        here / "paper.py",
        here / "fontmetrics.py",
        here / "hyphens.py",
        here / "chart.py",
        here / "labels.py",
        here / "evening_print.py",
        here / "evening_pages.py",
        *(
            here.parent / "core" / f"{name}.py"
            for name in ("sheet", "rules", "scoring", "stats", "corrections")
        ),
        *sorted((here.parent / "core" / "family").glob("*.py")),
    ]
