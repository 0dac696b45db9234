"""A group's players across its games: who is who, by a key of their name.

Two names are one player when the rules would call them the same name at one table
(:func:`~scorekeeper.core.rules.same_name_key`: trimmed, Unicode-normalised, case folded, runs
of spaces as one). Finding a name as people type it (:func:`search_fold`, :func:`name_found`)
folds more, letters and apostrophes, but never makes two players one. Pure Python; read by the
group's storage, its record file, its figures and the club night's "find your table" alike.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from scorekeeper.core import rules

player_key = rules.same_name_key
"""A player's key: the same for every spelling the rules call the same name."""


def seat_keys(players: Sequence[str]) -> tuple[str, ...]:
    """The player key of each seat; a seat whose key an earlier seat has already taken (names
    the rules once let through, such as two spellings of "Zoë") is told apart by its seat."""
    keys: list[str] = []
    for seat, name in enumerate(players):
        key = player_key(name)
        keys.append(f"{key}#{seat + 1}" if key in keys else key)
    return tuple(keys)


# Letters that Unicode does not split into a letter and an accent, written as people without
# the key type them (a Danish "ø" is typed "o", a German "ß" "ss", an "æ" "ae").
_PLAIN_LETTERS = str.maketrans(
    {
        "ø": "o",
        "æ": "ae",
        "œ": "oe",
        "đ": "d",
        "ð": "d",
        "ł": "l",
        "ħ": "h",
        "\u0131": "i",
        "þ": "th",
        "ŋ": "n",
        "ŧ": "t",
    }
)
# Apostrophes, straight, curly or a modifier letter (what a phone's keyboard puts in
# "O'Brien"), and the accents typed on their own: left out, so "obrien" is "O'Brien".
_LEFT_OUT = dict.fromkeys(map(ord, "'\u2019\u2018\u02bc`\u00b4\u02b9\u2032"), None)


def search_fold(text: str) -> str:
    """``text`` as a search reads it: lower case, accents dropped, letters as people type them
    without the key ("ø" "o", "ß" "ss", "æ" "ae", "đ" "d", "ł" "l"), apostrophes left out,
    every other mark (a hyphen, a dot) and every run of spaces one space between words.

    Only for finding a name: two players are told apart by :data:`player_key`, in which "Søren"
    and "Soren" stay two people (docs/club-night.md).

    >>> search_fold("Kevin O\u2019Brien"), search_fold("Søren  Møller"), search_fold("Sabine Weiß")
    ('kevin obrien', 'soren moller', 'sabine weiss')
    >>> search_fold("Friedrich-Wilhelm"), search_fold("Łukasz Đurić")
    ('friedrich wilhelm', 'lukasz duric')
    """
    folded = text
    # Each step may uncover a letter another step folds ("ǿ" is "ø" with an accent): repeat to
    # a fixed point, so that folding a folded text changes nothing.
    for _step in range(4):
        again = _fold_once(folded)
        if again == folded:
            break
        folded = again
    return folded


def _fold_once(text: str) -> str:
    split = unicodedata.normalize("NFKD", text).casefold()
    letters = "".join(char for char in split if not unicodedata.combining(char))
    plain = letters.translate(_PLAIN_LETTERS).translate(_LEFT_OUT)
    kept = "".join(char if char.isalnum() else " " for char in plain)
    return " ".join(kept.split())


def name_found(name: str, typed: str) -> bool:
    """Whether ``typed`` finds ``name``: its folded text starts one of the name's words
    ("M" and "moller" find "Søren Møller", "obrien" "Kevin O\u2019Brien", "ana l" "Ana Lopez").

    >>> name_found("Søren Møller", "moller"), name_found("Kevin O\u2019Brien", "OBrien")
    (True, True)
    >>> name_found("Ana Lopez", "pez")
    False
    """
    folded, asked = search_fold(name), search_fold(typed)
    if not asked:
        return False
    return f" {asked}" in f" {folded}"
