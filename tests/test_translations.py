"""Every catalogue has every message of the app, translated, with the game's plural forms.

The messages are extracted from the code and templates as ``make messages`` does, so a string
added anywhere without its translations fails here with the list of what is missing.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from babel.support import Translations

from scorekeeper.paths import PROJECT_ROOT, TRANSLATIONS
from scorekeeper.render import languages

TRANSLATED = [code for code in languages.LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
# Words a language writes as English does: the game's proper names, units, and words that are
# the same word there. Anything else identical to English is a sentence left untranslated.
SAME_WORDS = {
    "wizard",
    "maximus",
    "gizzard",
    "fester",
    "amigo",
    "pdf",
    "csv",
    "json",
    "null",
    "fedora",
    # the other games of the family and the names they go by (docs/glossary-family.md)
    "skull",
    "king",
    "oh",
    "hell",
    "kachuful",
    "nomination",
    "whist",
    # the worked example's players, kept where the language's own rules text keeps them
    "tom",
    "dick",
    "mary",
}
SAME_IN = {
    "es": {"total", "bonus"},
    "pt": {"total"},
    "hr": {"bonus"},
    "el": set(),
    "de": {"name", "standard", "optional", "bonus"},
    "fr": {
        "total",
        "standard",
        "score",
        "saboteur",
        "page",
        "date",
        "place",
        "points",
        "dragon",
        "vampire",
        "bonus",
        "pirate",
        "table",
        "minute",
        "minutes",
    },
    "it": {"round", "standard", "bonus"},
}
# Plural forms per language: Croatian has three (1 štih, 2 štiha, 5 štihova).
NPLURALS = {"es": 2, "pt": 2, "hr": 3, "el": 2, "de": 2, "fr": 2, "it": 2}
# The verb for dealing cards, per language (GLOSSARY.md "to deal"): a trick is handed to whoever
# took it, and a player reads "the trick was dealt" as nonsense.
DEALING = {
    "es": re.compile(r"repart", re.IGNORECASE),
    "pt": re.compile(r"distribu|d[aáeé]\w* as cartas", re.IGNORECASE),
    "el": re.compile(r"μοιρ[αά]", re.IGNORECASE),
    "hr": re.compile(r"dijel", re.IGNORECASE),
}
# English words that make a message about dealing or sharing, where those verbs are the right ones
# (hr "podijeli" and el "μοιραστείτε" also mean "share").
ABOUT_DEALING = re.compile(r"\bdeal|\bshar", re.IGNORECASE)


@cache
def extracted() -> Catalog:
    """The messages of the code and templates now, extracted as ``make messages`` does."""
    pybabel = Path(sys.executable).with_name("pybabel")
    with tempfile.TemporaryDirectory() as folder:
        pot = Path(folder) / "messages.pot"
        subprocess.run(
            [
                *(str(pybabel), "-q", "extract", "-F", "babel.cfg"),
                *("-k", "N_", "-k", "NP_:1,2", "-k", "_l"),
                *("--no-location", "-o", str(pot), "."),
            ],
            cwd=PROJECT_ROOT,
            check=True,
        )
        with pot.open("rb") as source:
            return read_po(source)


@cache
def catalogue(code: str) -> Catalog:
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=code)


def ids() -> list[tuple[str | tuple[str, ...] | list[str], str | None]]:
    """Every message of the app as (id, context): one English word may be two messages
    ("Wizard" the card, "Wizard" the app's name)."""
    return [(message.id, message.context) for message in extracted() if message.id]


def sources(message: Message) -> list[str]:
    """The English text of a message: its one form, or its singular and plural."""
    return [message.id] if isinstance(message.id, str) else [str(text) for text in message.id]


def words(text: str) -> set[str]:
    """The words of a message, placeholders and numbers aside."""
    return {word.lower() for word in re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", text))}


def forms(message: Message) -> list[str]:
    """The translated forms of a message."""
    if isinstance(message.string, str):
        return [message.string]
    return [str(text) for text in message.string or ()]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_in_the_catalogue(code: str) -> None:
    known = catalogue(code)
    missing = [
        (message_id, context)
        for message_id, context in ids()
        if known.get(message_id, context=context) is None
    ]
    assert missing == [], f"translations/{code} lacks {len(missing)}: run make messages"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_entry_is_fuzzy_or_empty(code: str) -> None:
    bad = [
        message.id
        for message in catalogue(code)
        if message.id and (message.fuzzy or not all(forms(message)))
    ]
    assert bad == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_follow_the_language(code: str) -> None:
    known = catalogue(code)
    assert known.num_plurals == NPLURALS[code]
    for message in known:
        if message.id and not isinstance(message.id, str):
            assert len(forms(message)) == NPLURALS[code], message.id


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_sentence_is_left_in_english(code: str) -> None:
    allowed = SAME_WORDS | SAME_IN[code]
    left = []
    for message in catalogue(code):
        if not message.id:
            continue
        english = sources(message)
        for index, text in enumerate(forms(message)):
            source = english[min(index, len(english) - 1)]
            if text.strip() == source.strip() and words(source) - allowed:
                left.append(source)
    assert left == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_fill_in_only_the_values_the_message_has(code: str) -> None:
    for message in catalogue(code):
        if not message.id:
            continue
        english = sources(message)
        given = {name for text in english for name in PLACEHOLDER.findall(text)}
        for text in forms(message):
            assert set(PLACEHOLDER.findall(text)) <= given, (message.id, text)
            # Formats without error with the values the code gives.
            text % dict.fromkeys(given | {"num"}, 1)


@pytest.mark.parametrize(
    ("count", "word"),
    [
        (1, "1 štih"),
        (2, "2 štiha"),
        (4, "4 štiha"),
        (5, "5 štihova"),
        (11, "11 štihova"),
        (21, "21 štih"),
        (22, "22 štiha"),
    ],
)
def test_croatian_counts_tricks_with_three_forms(count: int, word: str) -> None:
    languages.compile_catalogues()
    translations = Translations.load(str(TRANSLATIONS), ["hr"])
    text = translations.ungettext(
        "Bids so far: %(bid)s for %(num)s trick", "Bids so far: %(bid)s for %(num)s tricks", count
    )
    assert text % {"bid": 3, "num": count} == f"Najave: 3 za {word}"


@pytest.mark.parametrize(("count", "word"), [(1, "1 μπάζα"), (2, "2 μπάζες"), (5, "5 μπάζες")])
def test_greek_counts_tricks_with_two_forms(count: int, word: str) -> None:
    languages.compile_catalogues()
    translations = Translations.load(str(TRANSLATIONS), ["el"])
    text = translations.ungettext(
        "Bids so far: %(bid)s for %(num)s trick", "Bids so far: %(bid)s for %(num)s tricks", count
    )
    assert text.endswith("%(num)s μπάζα" if count == 1 else "%(num)s μπάζες")
    assert (text % {"bid": 0, "num": count}).endswith(word)


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogue_passes_msgfmt_check(code: str) -> None:
    """GNU msgfmt's checks (formats in every plural form, header, accelerators), stricter than
    Babel's compiler; without msgfmt, Babel's own checkers."""
    po = TRANSLATIONS / code / "LC_MESSAGES" / "messages.po"
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        problems = [(message.id, errors) for message, errors in catalogue(code).check()]
        assert problems == []
        return
    result = subprocess.run(
        [msgfmt, "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("code", sorted(DEALING))
def test_tricks_are_not_dealt(code: str) -> None:
    dealing = DEALING[code]
    wrong = []
    for message in catalogue(code):
        english = " ".join(sources(message)) if message.id else ""
        if "trick" not in english.lower() or ABOUT_DEALING.search(english):
            continue
        wrong += [text for text in forms(message) if dealing.search(text)]
    assert wrong == []
