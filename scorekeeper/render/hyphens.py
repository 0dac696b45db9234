"""Where a word of a player's name too long for its column may break on the printed sheets.

A name wraps between words; a word breaks inside only when it cannot fit on a line alone, and
then with a hyphen. WeasyPrint's ``hyphens: auto`` would hyphenate any word that a line could
take part of, and only with the page language's dictionary (on a Greek sheet a Latin name would
break anywhere, with no hyphen). So the print stylesheet hyphenates manually: a word wider than
its column gets soft hyphens (U+00AD) from the dictionary of its own script, the page's
language when it writes that script, else one that does (English for Latin, Greek for Greek).
A soft hyphen prints only where the line breaks, so the name reads and copies as typed. The
dictionaries are Pyphen's, which WeasyPrint itself uses.

On paper (:func:`hyphenated`) the same word is handed to WeasyPrint's own hyphenation instead,
in a span of its script's language: WeasyPrint breaks at a soft hyphen that leaves no room for
the hyphen at the line's end and then drops the hyphen ("Αλε / ξανδρόπουλος", issue 49's walk;
Kozea/WeasyPrint#2614), while its own hyphenation measures the hyphen with the line, and breaks
where the dictionary allows.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import pyphen
from markupsafe import Markup, escape

from scorekeeper.render.fontmetrics import text_em

SOFT_HYPHEN = "\N{SOFT HYPHEN}"
EDGE = 3  # a break leaves at least three letters on either line
_WORD = re.compile(r"\w+")
# The script each language of the pad writes, and the language that hyphenates a script when
# the page's does not write it.
GREEK_LANGUAGES = {"el"}
FALLBACK = {"greek": "el", "latin": "en"}


@cache
def _dictionary(lang: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=lang, left=EDGE, right=EDGE)


def _script(word: str) -> str:
    return "greek" if any("GREEK" in unicodedata.name(char, "") for char in word) else "latin"


def _language(word: str, page_lang: str) -> str:
    script = _script(word)
    writes = "greek" if page_lang in GREEK_LANGUAGES else "latin"
    if script == writes and pyphen.language_fallback(page_lang):
        return page_lang
    return FALLBACK[script]


def breakable(name: str, page_lang: str, room_em: float, *, bold: bool = False) -> str:
    """``name`` with a soft hyphen at every point where a word of it wider than ``room_em``
    (ems of its font, bold or not) may break."""

    def word(found: re.Match[str]) -> str:
        if text_em(found[0], bold=bold) <= room_em:
            return found[0]
        hyphenated: str = _dictionary(_language(found[0], page_lang)).inserted(
            found[0], hyphen=SOFT_HYPHEN
        )
        return hyphenated

    return _WORD.sub(word, name)


HYPHENATE = Markup('<span class="hyphenate" lang="{lang}">{word}</span>')
"""A word WeasyPrint hyphenates (print.css: ``hyphens: auto`` on ``.hyphenate``)."""


def hyphenated(name: str, page_lang: str, room_em: float, *, bold: bool = False) -> Markup:
    """``name`` for a printed sheet: each word wider than ``room_em`` in a span of the language
    whose dictionary hyphenates its script (as :func:`breakable` chooses it), the rest as
    typed, escaped."""
    parts: list[str] = []
    end = 0
    for found in _WORD.finditer(name):
        parts.append(escape(name[end : found.start()]))
        word = found[0]
        if text_em(word, bold=bold) <= room_em:
            parts.append(escape(word))
        else:
            parts.append(HYPHENATE.format(lang=_language(word, page_lang), word=word))
        end = found.end()
    parts.append(escape(name[end:]))
    return Markup("").join(parts)
