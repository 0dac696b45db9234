"""The draw of a club evening (issue 34): a whole evening of 40 players drawn sitting by sitting
(the first by lots, the others balanced), and a long evening where the search finds no plan
without a repeated pair, so that every balanced draw spends its whole search (37 players at
tables of 4 and 5, 8 sittings): the slowest a draw gets.
Pure Python, no server: the seconds each sitting takes to draw (goal: under 1 s each).
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.common import median
from scorekeeper.core import evening
from scorekeeper.core.evening import Seating, Sitting

CASES = {"40 players, tables of 4 and 5, 5 sittings": (40, (4, 5), 5)}
WORST = {"37 players, tables of 4 and 5, 8 sittings": (37, (4, 5), 8)}


def _evening(players: int, allowed: tuple[int, ...], sittings: int, seed: int) -> dict[str, Any]:
    names = [f"Player {number}" for number in range(1, players + 1)]
    drawn: list[Sitting] = []
    seconds = []
    for number in range(sittings):
        how = Seating.RANDOM if number == 0 else Seating.BALANCED
        began = time.perf_counter()
        drawn.append(
            evening.draw(
                names, allowed, drawn, how, seed=seed + number, sittings_left=sittings - number
            )
        )
        seconds.append(time.perf_counter() - began)
    met = evening.meetings(drawn)
    return {
        "slowest_s": max(seconds),
        "evening_s": sum(seconds),
        "repeated_pairs": sum(1 for times in met.values() if times > 1),
    }


def run(repeats: int = 5) -> dict[str, Any]:
    """Each case drawn ``repeats`` times on other seeds: the median of the slowest sitting and
    of the whole evening, and the repeated pairs found."""
    figures: dict[str, Any] = {}
    for name, (players, allowed, sittings) in {**CASES, **WORST}.items():
        runs = [_evening(players, allowed, sittings, seed * 1000) for seed in range(repeats)]
        figures[name] = {
            "slowest_s": median([run["slowest_s"] for run in runs]),
            "evening_s": median([run["evening_s"] for run in runs]),
            "repeated_pairs": max(run["repeated_pairs"] for run in runs),
            "sittings": sittings,
        }
    return figures
