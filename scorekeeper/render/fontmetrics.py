"""How wide a word prints in the bundled fonts, for fitting the printed pad's columns to its
headers in every language.

The advance widths are read once from the fonts the PDF embeds (``fonts/``, DejaVu Sans), with
fontTools, which WeasyPrint itself depends on. Kerning is left out: it only ever narrows a word
of these fonts by a little, so the estimate errs on the wide side.
"""

from __future__ import annotations

from functools import cache

from scorekeeper.paths import FONTS

REGULAR, BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"


@cache
def _advances(filename: str) -> tuple[dict[int, float], float]:
    """Every character's advance width in ems, and the width of a character the font lacks."""
    from fontTools.ttLib import TTFont  # only printing asks: not imported at start (§6)

    font = TTFont(FONTS / filename, lazy=True)
    units = font["head"].unitsPerEm
    metrics = font["hmtx"].metrics
    widths = {code: metrics[glyph][0] / units for code, glyph in font.getBestCmap().items()}
    missing = metrics[".notdef"][0] / units
    font.close()
    return widths, missing


def text_em(text: str, *, bold: bool = False) -> float:
    """The width of ``text`` on one line, in ems of its font size."""
    widths, missing = _advances(BOLD if bold else REGULAR)
    return sum(widths.get(ord(char), missing) for char in text)
