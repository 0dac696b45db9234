"""File names for downloads that say what they are: ``wizard-2026-11-29-tom-dick-mary.pdf``,
``skull-king-2026-11-29-ana-ben-eva.pdf``: the game played first, so a game's files line up in a
downloads folder and nobody opens a Skull King sheet named after Wizard.

Shared by every export (PDF, CSV, JSON). A group's files are named after the group (it may
play every game). Pure: :func:`content_disposition` only builds the header value, a view sets
it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from urllib.parse import quote

MAX_NAMES_LENGTH = 60  # characters of player names kept in a file name


def slug(text: str) -> str:
    """Lower-case words joined by hyphens, any script kept: "Anna Maria" → "anna-maria"."""
    words = re.findall(r"\w+", unicodedata.normalize("NFC", text).lower())
    return "-".join(word.replace("_", "-").strip("-") for word in words if word.strip("_"))


def names_slug(players: Sequence[str]) -> str:
    """The players' names as one slug, cut at a name boundary to stay short; an ellipsis says
    that names were left out (issue 33's walk: a sixth player was silently missing)."""
    kept: list[str] = []
    for name in filter(None, map(slug, players)):
        if kept and len("-".join([*kept, name])) > MAX_NAMES_LENGTH:
            kept.append("\u2026")
            break
        kept.append(name[:MAX_NAMES_LENGTH])
    return "-".join(kept)


def download_name(game: str, players: Sequence[str], day: str, ext: str) -> str:
    """The file name of a game's export: the game, the day it started, its players, ``ext``.

    >>> download_name("wizard", ("Tom", "Dick", "Mary Ann"), "2026-11-29", "pdf")
    'wizard-2026-11-29-tom-dick-mary-ann.pdf'
    >>> download_name("skull_king", ("Ana", "Ben", "Eva"), "2026-11-29", "csv")
    'skull-king-2026-11-29-ana-ben-eva.csv'

    Names in other scripts are kept (``wizard-…-γιώργος.pdf``); :func:`content_disposition`
    adds the ASCII fallback that old clients need.
    """
    return name_from(players, ext, day=day, game=game)


def name_from(words: Sequence[str], ext: str, day: str = "", game: str = "") -> str:
    """A file name from ``words``, after the ``game`` when there is one:
    ``name_from(["blank", "4"], "pdf", game="oh_hell")`` is ``oh-hell-blank-4.pdf``.

    ``day`` (YYYY-MM-DD) goes first when given; words are slugged and cut like player names.
    """
    parts = [slug(game), slug(day), names_slug(words)]
    return "-".join(part for part in parts if part) + f".{ext}"


def ascii_name(filename: str) -> str:
    """The file name with accents dropped and other non-ASCII letters left out."""
    # The ellipsis of names left out folds to "...": dropped instead.
    kept = filename.replace("\u2026", "")
    folded = unicodedata.normalize("NFKD", kept).encode("ascii", "ignore").decode()
    folded = re.sub(r"[^A-Za-z0-9._-]+", "", folded)
    return re.sub(r"-{2,}", "-", folded).replace("-.", ".")


def content_disposition(filename: str, *, inline: bool = False) -> str:
    """A ``Content-Disposition`` value: an ASCII ``filename`` and, if needed, a UTF-8 one; an
    ``inline`` file (an image) is shown where it opens, and saved under that name.

    ``wizard-2026-11-29-γιώργος-tom.pdf`` gives ``filename="wizard-2026-11-29-tom.pdf"`` plus
    ``filename*=UTF-8''wizard-2026-11-29-%CE%B3…-tom.pdf`` (RFC 6266), which browsers prefer.
    """
    fallback = ascii_name(filename)
    value = f'{"inline" if inline else "attachment"}; filename="{fallback}"'
    if fallback != filename:
        value += f"; filename*=UTF-8''{quote(filename, safe='')}"
    return value
