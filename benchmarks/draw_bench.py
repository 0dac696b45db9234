"""The draw of a club evening (issue 34): a whole evening of 40 players drawn sitting by sitting
(the first by lots, the others balanced), and a long evening where the search finds no plan
without a repeated pair, so that every balanced draw spends its whole search (37 players at
tables of 4 and 5, 8 sittings): the slowest a draw gets. And the plan of a whole evening
(issue 48), printed before the first card is dealt: 52 players at 13 tables of 4 over 13
sittings (bridge's Rainbow movement), planned before any sitting and after a first sitting by
lots, and 37 players at tables of 4 and 5 over 8 sittings, where no design fits and the search
plans all of them.
Pure Python, no server: the seconds each sitting takes to draw (goal: under 1 s each), the
seconds a whole plan takes (goal: 52 players within 3 s).
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks.common import median
from scorekeeper.core import evening
from scorekeeper.core.evening import Seating, Sitting

CASES = {"40 players, tables of 4 and 5, 5 sittings": (40, (4, 5), 5)}
WORST = {"37 players, tables of 4 and 5, 8 sittings": (37, (4, 5), 8)}
PLANS = {
    "52 players, tables of 4, 13 sittings": (52, (4,), 13, False),
    "52 players, tables of 4, 13 sittings, after a first by lots": (52, (4,), 13, True),
    "37 players, tables of 4 and 5, 8 sittings": (37, (4, 5), 8, False),
}
PLAN_GOAL_S = 3.0


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


def _plan(
    players: int, allowed: tuple[int, ...], sittings: int, after_first: bool, seed: int
) -> dict[str, Any]:
    names = [f"Player {number}" for number in range(1, players + 1)]
    drawn = [evening.draw(names, allowed, [], Seating.RANDOM, seed=seed)] if after_first else []
    began = time.perf_counter()
    planned = evening.plan(names, allowed, drawn, seed=seed + 1, sittings=sittings - len(drawn))
    seconds = time.perf_counter() - began
    met = evening.meetings([*drawn, *planned])
    return {"s": seconds, "repeated_pairs": sum(times - 1 for times in met.values())}


def plans(repeats: int = 5) -> dict[str, Any]:
    """Each whole-evening plan made ``repeats`` times on other seeds: the median seconds, the
    slowest, and the most pairs at one table again (each time after their first)."""
    figures: dict[str, Any] = {}
    for name, (players, allowed, sittings, after_first) in PLANS.items():
        runs = [
            _plan(players, allowed, sittings, after_first, seed * 1000) for seed in range(repeats)
        ]
        figures[name] = {
            "median_s": median([run["s"] for run in runs]),
            "slowest_s": max(run["s"] for run in runs),
            "repeated_pairs": max(run["repeated_pairs"] for run in runs),
            "sittings": sittings,
            "goal_s": PLAN_GOAL_S,
        }
    return figures


def run(repeats: int = 5) -> dict[str, Any]:
    """Each case drawn ``repeats`` times on other seeds: the median of the slowest sitting and
    of the whole evening, and the repeated pairs found; then the whole-evening plans
    (:func:`plans`) under "plans"."""
    figures: dict[str, Any] = {"plans": plans(repeats)}
    for name, (players, allowed, sittings) in {**CASES, **WORST}.items():
        runs = [_evening(players, allowed, sittings, seed * 1000) for seed in range(repeats)]
        figures[name] = {
            "slowest_s": median([run["slowest_s"] for run in runs]),
            "evening_s": median([run["evening_s"] for run in runs]),
            "repeated_pairs": max(run["repeated_pairs"] for run in runs),
            "sittings": sittings,
        }
    return figures
