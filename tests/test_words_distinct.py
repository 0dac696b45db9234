"""Words that name different things on the same page are different words in every language.

A seat is a chair at the table (the new game's "Seat 1", the PDF's seating order); a rank or a
place is where a player finished: German once wrote "Platz" for both, so the PDF's "Plätze:
1. Jürgen · 2. Annegret" read as a ranking. An adjustment adds or takes off points; correcting a
round changes its bids and tricks: Greek once wrote "διόρθωση" for both, side by side on the
correction page (issue 21).
"""

from __future__ import annotations

import pytest
from babel.support import NullTranslations, Translations

from scorekeeper.paths import TRANSLATIONS
from tests.test_translations import TRANSLATED


def first_word(translations: NullTranslations, message: str) -> str:
    return translations.gettext(message).split()[0].strip(":").casefold()


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_seat_is_not_a_rank(code: str) -> None:
    translations = Translations.load(str(TRANSLATIONS), [code])
    seat = {first_word(translations, "Seat %(n)s"), first_word(translations, "Seats:")}
    ranks = {first_word(translations, "Rank"), first_word(translations, "Place")}
    assert not seat & ranks, (code, seat, ranks)


@pytest.mark.parametrize("code", TRANSLATED)
def test_an_adjustment_is_not_a_correction(code: str) -> None:
    translations = Translations.load(str(TRANSLATIONS), [code])
    adjust = translations.gettext("adjust").casefold()
    for correcting in ("Save the correction", "Correct round %(n)s"):
        assert adjust not in translations.gettext(correcting).casefold(), (code, correcting)
    assert translations.gettext("Add the adjustment") != translations.gettext("Save the correction")
