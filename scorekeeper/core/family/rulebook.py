"""The numbers of the games' rules pages, computed by the games' own rules.

Each page shows its schedules by table size, its scorings on the same few results and its
bonuses with their points; none of those numbers is written by hand in a template. Pure Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.core.family import oh_hell, skull_king
from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import Plain
from scorekeeper.core.family.oh_hell import OhHellSettings
from scorekeeper.core.family.skull_king import Scoring as SkullKingScoring


@dataclass(frozen=True)
class Schedule:
    """One schedule a game offers: its value and the hands of each table size that plays it."""

    value: Plain
    tables: tuple[tuple[int, tuple[int, ...]], ...]


def schedules(declared: Declaration[Any, Any]) -> tuple[Schedule, ...]:
    """Every schedule of a game with its hands at each table size (``schedules(players)``)."""
    by_value: dict[Plain, list[tuple[int, tuple[int, ...]]]] = {}
    for players in range(declared.min_players, declared.max_players + 1):
        for value, hands in declared.schedules(players).items():
            by_value.setdefault(value, []).append((players, hands))
    return tuple(Schedule(value, tuple(tables)) for value, tables in by_value.items())


SKULL_KING_HAND = 5
SKULL_KING_RESULTS = ((2, 2), (2, 3), (2, 4), (0, 0), (0, 1))
"""(bid, tricks) of the scoring table, in a round of five cards."""


def skull_king_scores() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each scoring's points for :data:`SKULL_KING_RESULTS`, before bonuses; Rascal's with the
    Cannonball as its own line."""
    hand = SKULL_KING_HAND
    return (
        (
            SkullKingScoring.SKULL_KING.value,
            tuple(skull_king.skull_king_points(b, t, hand) for b, t in SKULL_KING_RESULTS),
        ),
        (
            SkullKingScoring.RASCAL.value,
            tuple(skull_king.rascal_points(b, t, hand) for b, t in SKULL_KING_RESULTS),
        ),
        (
            "cannonball",
            tuple(skull_king.rascal_points(b, t, hand, True) for b, t in SKULL_KING_RESULTS),
        ),
    )


OH_HELL_RESULTS = ((2, 2), (2, 3), (0, 0), (0, 1))
"""(bid, tricks) of Oh Hell's scoring table."""


def oh_hell_scores() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each named scoring's points for :data:`OH_HELL_RESULTS` (custom's defaults are the
    first preset's, so it is described in words)."""
    return tuple(
        (
            scoring.value,
            tuple(
                oh_hell.bid_score(OhHellSettings(scoring=scoring), b, t) for b, t in OH_HELL_RESULTS
            ),
        )
        for scoring in oh_hell.Scoring
        if scoring is not oh_hell.Scoring.CUSTOM
    )


def default_hands() -> tuple[tuple[int, int, int], ...]:
    """Oh Hell's default largest hand and the most the deck allows, by table size."""
    return tuple(
        (
            players,
            oh_hell.largest_hand(players, oh_hell.STANDARD),
            oh_hell.whole_deck_hand(players),
        )
        for players in range(oh_hell.MIN_PLAYERS, oh_hell.MAX_PLAYERS + 1)
    )


def skull_king_page() -> dict[str, Any]:
    """What Skull King's rules page shows beyond its words and schedules."""
    return {
        "bonuses": skull_king.BONUSES,
        "results": SKULL_KING_RESULTS,
        "hand": SKULL_KING_HAND,
        "scores": skull_king_scores(),
    }


def oh_hell_page() -> dict[str, Any]:
    """What Oh Hell's rules page shows beyond its words and schedules."""
    return {
        "results": OH_HELL_RESULTS,
        "scores": oh_hell_scores(),
        "default_hands": default_hands(),
        "presets": oh_hell.PRESETS,
    }


def page(declared: Declaration[Any, Any]) -> dict[str, Any]:
    """What the rules page of a game shows beyond its words: the game, its schedules by table
    size and what its declaration's page adds."""
    shown = declared.rules_page.shows() if declared.rules_page else {}
    return {"declared": declared, "schedules": schedules(declared), **shown}
