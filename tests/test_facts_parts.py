"""A game's own facts of a round are entered by the page part its declaration names, never
picked by which game it is."""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core import family
from scorekeeper.web.forms import cards, extras, facts, parts


def test_every_game_names_a_part_the_pages_have() -> None:
    for declared in family.GAMES.values():
        assert declared.facts.page in parts.PARTS


def test_the_part_follows_the_facts_not_the_game() -> None:
    wizard, pirates = family.game("wizard"), family.game("skull_king")
    assert parts.part_of(wizard) is cards.PART
    assert parts.part_of(pirates) is extras.PART
    assert parts.part_of(family.game("oh_hell")) is facts.PART
    # Another game keeping Wizard's facts gets Wizard's part; Wizard keeping none gets none.
    assert parts.part_of(replace(pirates, key="other", facts=wizard.facts)) is cards.PART
    plain = replace(wizard, facts=family.game("oh_hell").facts)
    assert parts.part_of(plain) is facts.PART
