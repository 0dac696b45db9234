"""The games of the family by key: each one's declaration."""

from __future__ import annotations

import importlib
from typing import Any

from scorekeeper.core import refusals
from scorekeeper.core.bidding import BidRules
from scorekeeper.core.family import (
    oh_hell,
    rulebook,
    skull_king,
    skull_king_checks,
    skull_king_facts,
    words,
)
from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import GameWords, Played, RulesPage, TrumpSource
from scorekeeper.core.family.oh_hell import OhHellSettings
from scorekeeper.core.family.skull_king import JOLLY_ROGER, SkullKingRound, SkullKingSettings
from scorekeeper.core.family.wizard import WIZARD
from scorekeeper.core.refusals import RuleError

SKULL_KING: Declaration[SkullKingSettings, SkullKingRound] = Declaration(
    key="skull_king",
    name=words.SKULL_KING_NAME,
    bgg_id=150145,
    min_players=skull_king.MIN_PLAYERS,
    max_players=skull_king.MAX_PLAYERS,
    deck_size=skull_king.DECK_SIZE,
    settings=skull_king.SETTINGS,
    from_plain=skull_king.from_plain,
    to_plain=skull_king.to_plain,
    refusals=(),
    schedule=skull_king.schedule,
    trump_source=lambda _settings: TrumpSource.SAME_SUIT,
    fixed_trump=lambda _number, _hand, _players, _settings: JOLLY_ROGER,
    bid_rules=lambda _settings: BidRules(at_once=True),
    check_round=skull_king_checks.check_round,
    score_round=skull_king.score_round,
    bonuses=skull_king.BONUSES,
    words=GameWords(words.SKULL_KING_SETTINGS, words.SKULL_KING_CHOICES, words.BONUSES),
    rules_page=RulesPage("rules/skull_king.html", rulebook.skull_king_page),
    folds=skull_king.FOLDS,
    facts=skull_king_facts.FACTS,
    round_of=skull_king.round_of,
    final_bids=skull_king.final_bids,
)

OH_HELL: Declaration[OhHellSettings, Played] = Declaration(
    key="oh_hell",
    name=words.OH_HELL_NAME,
    min_players=oh_hell.MIN_PLAYERS,
    max_players=oh_hell.MAX_PLAYERS,
    deck_size=oh_hell.DECK_SIZE,
    settings=oh_hell.SETTINGS,
    from_plain=oh_hell.from_plain,
    to_plain=oh_hell.to_plain,
    refusals=oh_hell.REFUSALS,
    schedule=oh_hell.schedule,
    trump_source=oh_hell.trump_source,
    fixed_trump=oh_hell.fixed_trump,
    check_round=oh_hell.check_round,
    score_round=oh_hell.score_round,
    words=GameWords(words.OH_HELL_SETTINGS, words.OH_HELL_CHOICES),
    rules_page=RulesPage("rules/oh_hell.html", rulebook.oh_hell_page),
    folds=oh_hell.FOLDS,
    hand_setting="max_hand",
    only_with=oh_hell.ONLY_WITH,
    bid_rules=oh_hell.bid_rules,
    resolve_trump=oh_hell.resolve_trump,
)

GAMES: dict[str, Declaration[Any, Any]] = {
    declared.key: declared for declared in (WIZARD, SKULL_KING, OH_HELL)
}
"""Every game, Wizard first (the default of a game that does not say)."""
DEFAULT_GAME = WIZARD.key
"""The game of a record or a request that names none (every game stored before there were
others)."""


_ADDED: dict[str, str] = {}
"""Where each game registered beyond the app's own is declared (``module:name``), by key."""
_SENTENCES: dict[str, tuple[str, ...]] = {}
"""The refusal codes each registered game added to the app's sentences, by key."""


def register(declared: Declaration[Any, Any], where: str) -> None:
    """Add a game to the family, after those there are; its refusals' sentences join the app's.
    ``where`` names the declaration as ``module:name``, so that every process of the app (the
    worker that prints and counts) can load it too (:func:`load`). A game declared outside the
    app (a test's made-up game) is played through every page and output with no other change."""
    if declared.key in GAMES:
        raise ValueError(f"a game called {declared.key!r} is in the family already")
    GAMES[declared.key] = declared
    _ADDED[declared.key] = where
    _SENTENCES[declared.key] = _merge_sentences(declared)


def _merge_sentences(declared: Declaration[Any, Any]) -> tuple[str, ...]:
    """Add the game's refusal sentences to the app's (a code the app has keeps its own): the
    codes added."""
    new = tuple(code for code in declared.messages if code not in refusals.MESSAGES)
    refusals.MESSAGES.update({code: declared.messages[code] for code in new})
    return new


# The app's own games' sentences join the app's as a registered game's do: a game listed above
# with sentences of its own refused with a KeyError at its first refusal (issue 50).
for _declared in GAMES.values():
    _merge_sentences(_declared)


def unregister(key: str) -> None:
    """Take a registered game out of the family again, with the refusals' sentences it added."""
    if key not in _ADDED:
        raise ValueError(f"{key!r} is one of the app's own games")
    del GAMES[key], _ADDED[key]
    for code in _SENTENCES.pop(key, ()):
        del refusals.MESSAGES[code]


def added() -> tuple[str, ...]:
    """Where every game registered beyond the app's own is declared, in order."""
    return tuple(_ADDED.values())


def load(where: str) -> None:
    """Register the game declared at ``where`` (``module:name``) unless it is in already."""
    module, name = where.split(":")
    declared = getattr(importlib.import_module(module), name)
    if declared.key not in GAMES:
        register(declared, where)


def with_rules() -> tuple[str, ...]:
    """The games with a rules page, in the order of the links between them."""
    return tuple(key for key, declared in GAMES.items() if declared.rules_page is not None)


def table_sizes() -> range:
    """Every table size some game of the family seats, smallest to largest."""
    return range(
        min(declared.min_players for declared in GAMES.values()),
        max(declared.max_players for declared in GAMES.values()) + 1,
    )


def game(key: str) -> Declaration[Any, Any]:
    """The game called ``key``; a clear refusal for a name that is not one."""
    try:
        return GAMES[key]
    except KeyError:
        raise RuleError("game_unknown", name=key, known=", ".join(GAMES)) from None
