"""The round page while strangers ask a big group for its heaviest answers.

A group of 1,000 games (the most a group file may hold) is stored; then ``clients`` threads
fetch, without pause, its group file, its season PDF, its statistics and its page (every game
listed) under filters that change every time (more combinations than are kept, so most answers
are counted again). The round page of another table is measured alone and meanwhile, on the
real server. Goal: at most 2x (docs/benchmarks.md).

Run ``.venv/bin/python -m benchmarks.group_bench``.
"""

from __future__ import annotations

import itertools
from typing import Any

from sqlite_utils import Database

from benchmarks import beside
from scorekeeper import storage
from scorekeeper.core.group_record import MAX_GAMES
from scorekeeper.core.rules import Length, Variants
from scorekeeper.core.stats_filters import VariantFilter
from tests.plays import played_game

PLAYED_AT = "2026-01-02T19:30:00+00:00"


def heavy_paths(group_id: str) -> itertools.cycle[str]:
    """The heaviest requests a stranger can make of the group, under changing filters."""
    paths = [f"/groups/{group_id}/export.json"]
    for length, variant in itertools.product(Length, VariantFilter):
        query = f"length={length.value}&variant={variant.value}"
        paths += [
            f"/api/groups/{group_id}/stats?{query}",
            f"/groups/{group_id}/season.pdf?{query}",
            f"/groups/{group_id}?{query}",
        ]
    return itertools.cycle(paths)


def under_load(seconds: float = 10, clients: int = 8, count: int = MAX_GAMES) -> dict[str, Any]:
    """The round page's median (ms) alone and while ``clients`` ask a ``count``-game group for
    its heavy answers; their ratio, and what the strangers got."""

    def big_group(database: Database) -> beside.Paths:
        big = [(played_game(4, Variants(), 99, seed=n), PLAYED_AT) for n in range(count)]
        group = storage.import_group(database, "Big", (), big)
        paths = heavy_paths(group.id)
        return lambda _number, _count: next(paths)

    return {**beside.round_page_beside(big_group, seconds, clients), "games": count}


def main() -> None:
    """Print the results, one per line."""
    for key, value in under_load().items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
