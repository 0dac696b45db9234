"""Every game's words: one set of functions answers for Wizard, Skull King and Oh Hell."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.core import variants
from scorekeeper.core.family import GAMES
from scorekeeper.core.family.skull_king import BONUSES, Kind
from scorekeeper.core.refusals import Reason
from scorekeeper.render import game_words, labels


@pytest.mark.parametrize("key", list(GAMES))
def test_every_setting_and_named_choice_has_its_words(key: str) -> None:
    declared = GAMES[key]
    assert game_words.game_name(key)
    for setting in declared.settings:
        assert game_words.setting_label(key, setting.key)
        for value in setting.choices:
            assert game_words.choice_label(key, setting.key, value)
        if isinstance(setting.default, str):
            for value in setting.choices:
                assert game_words.choice_help(key, setting.key, value), (key, setting.key, value)


def test_wizard_answers_with_its_variants_words() -> None:
    assert game_words.setting_label("wizard", "length") == variants.BY_KEY["length"].words.label
    assert game_words.schedule_label("wizard", "quick") == "Quick play"
    assert game_words.choice_label("wizard", "schedule", "maximus") == "Wizard Maximus"
    assert game_words.setting_help("wizard", "saboteur") == variants.BY_KEY["saboteur"].words.help
    assert game_words.choice_label("wizard", "saboteur", True) == "On"


def test_numbers_are_their_own_label() -> None:
    assert game_words.choice_label("oh_hell", "max_hand", 7) == "7"
    assert game_words.choice_label("oh_hell", "max_hand", 0) == "Default"
    assert game_words.schedule_label("skull_king", "blitz") == "Blitz Attack"


@pytest.mark.parametrize("bonus", BONUSES)
def test_every_bonus_has_a_label_and_a_short_form(bonus: object) -> None:
    kind = bonus.kind  # type: ignore[attr-defined]
    assert game_words.bonus_label(kind)
    assert 0 < len(game_words.bonus_short(kind)) <= 12


def test_words_follow_the_request_language(app: Flask) -> None:
    with app.test_request_context("/?lang=de"):
        assert game_words.setting_label("skull_king", "schedule") == "Spiellänge"
        assert game_words.game_name("wizard") == "Wizard"
    assert game_words.setting_label("skull_king", "schedule") == "Game length"


@pytest.mark.parametrize(("lang", "said"), [("en", "the bonus Loot"), ("es", "el bonus Botín")])
def test_a_refusal_names_a_bonus_in_words_not_by_its_key(app: Flask, lang: str, said: str) -> None:
    """Issue 33's second walk: "No hay tantas cartas para el bonus loot"."""
    reason = Reason("bonus_too_many", kind=Kind.LOOT, most=2)
    with app.test_request_context(f"/?lang={lang}"):
        text = labels.refusal(reason)
    assert said in text and "loot" not in text
