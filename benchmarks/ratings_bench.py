"""The ratings' settings chosen by a backtest (issue 48): simulated club histories rated with each
candidate setting, scored by how often the favourite (the one highest rating before a game)
won, against the 1/n baseline and against a favourite chosen by the players' true skill.

A simulated club: 16 members at the start, a newcomer every fourth evening, 40 evenings; each
member comes to an evening with their own likelihood (30 % to 90 %); an evening is 3 sittings
at tables of 4 (a table of 5 or 3 takes what is left), seats drawn by lots. A game's totals are
each player's skill plus the luck of the deal, in steps of 10 points (ties happen). Two kinds of
club, as luck weighs in Wizard: skill's spread 0.6 against luck's 1 (the most skilled player at
a table wins about 46 % of the games), and 0.3 against 1 (about 35 %).
Pure Python, no server. ``python -m benchmarks.ratings_bench`` prints the table.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from dataclasses import asdict
from typing import Any

from scorekeeper.core import ratings
from scorekeeper.core.ratings import FinishedGame, Settings

EVENINGS = 40
SITTINGS = 3
MEMBERS = 16
SKILL_SPREADS = (0.6, 0.3)

SIGMAS = (25 / 3, 25 / 6, 25 / 12)
BETAS = (25 / 12, 25 / 6, 25 / 3)
TAUS = (0.0, 25 / 300, 25 / 60)


def _tables(present: list[str], rng: random.Random) -> list[list[str]]:
    seats = present[:]
    rng.shuffle(seats)
    count = max(1, round(len(seats) / 4))
    return [seats[table::count] for table in range(count)]


def club(seed: int, spread: float) -> tuple[list[FinishedGame], dict[str, float]]:
    """A club's games in the order played, and each member's true skill."""
    rng = random.Random(seed)
    skill: dict[str, float] = {}
    comes: dict[str, float] = {}

    def join() -> None:
        name = f"member {len(skill) + 1}"
        skill[name] = rng.gauss(0, spread)
        comes[name] = rng.uniform(0.3, 0.9)

    for _member in range(MEMBERS):
        join()
    games: list[FinishedGame] = []
    for evening in range(EVENINGS):
        if evening and evening % 4 == 0:
            join()
        present = [name for name in skill if rng.random() < comes[name]]
        if len(present) < 6:
            continue
        for _sitting in range(SITTINGS):
            for table in _tables(present, rng):
                totals = tuple(10 * round(3 * (skill[p] + rng.gauss(0, 1))) for p in table)
                games.append(FinishedGame(tuple(table), totals, f"{evening}-{len(games)}"))
    return games, skill


def _oracle(games: list[FinishedGame], skill: dict[str, float]) -> float:
    """How often the truly most skilled player at the table won (the ceiling)."""
    won = 0.0
    for game in games:
        best = max(range(len(game.players)), key=lambda seat: skill[game.players[seat]])
        places = ratings.ranks(game.totals)
        won += 1 / places.count(1) if places[best] == 1 else 0.0
    return won / len(games)


def _order_agreement(games: list[FinishedGame], skill: dict[str, float], s: Settings) -> float:
    """The share of pairs of settled players the final ratings order as their true skill."""
    lines = [line for line in ratings.ratings(games, s) if not line.provisional]
    pairs = list(itertools.combinations(lines, 2))
    agree = sum((a.rating - b.rating) * (skill[a.player] - skill[b.player]) > 0 for a, b in pairs)
    return agree / len(pairs) if pairs else 0.0


def run(seeds: int = 10) -> dict[str, Any]:
    """Every candidate setting on ``seeds`` clubs of each kind: the favourite's share of wins
    (mean over the clubs), the baseline, the true-skill ceiling, the order agreement."""
    began = time.perf_counter()
    clubs = [(spread, club(seed, spread)) for spread in SKILL_SPREADS for seed in range(seeds)]
    candidates = [
        Settings(sigma, beta, tau, rule)
        for sigma, beta, tau in itertools.product(SIGMAS, BETAS, TAUS)
        for rule in (True, False)
    ]
    rows = []
    for candidate in candidates:
        by_spread: dict[str, list[float]] = {}
        order: list[float] = []
        for spread, (games, skill) in clubs:
            tested = ratings.backtest(games, candidate)
            by_spread.setdefault(f"favourite_won_skill_{spread}", []).append(tested.rate or 0.0)
            order.append(_order_agreement(games, skill, candidate))
        means = {key: sum(values) / len(values) for key, values in by_spread.items()}
        rows.append(
            {
                **asdict(candidate),
                **means,
                "favourite_won": sum(means.values()) / len(means),
                "order_agreement": sum(order) / len(order),
            }
        )
    rows.sort(key=lambda row: -row["favourite_won"])
    baseline = {
        f"skill_{spread}": sum(ratings.backtest(g, ratings.SETTINGS).baseline for _s, (g, _k) in c)
        / len(c)
        for spread in SKILL_SPREADS
        if (c := [entry for entry in clubs if entry[0] == spread])
    }
    ceiling = {
        f"skill_{spread}": sum(_oracle(g, k) for _s, (g, k) in c) / len(c)
        for spread in SKILL_SPREADS
        if (c := [entry for entry in clubs if entry[0] == spread])
    }
    return {
        "games_per_club": sum(len(g) for _s, (g, _k) in clubs) / len(clubs),
        "clubs": len(clubs),
        "baseline": baseline,
        "true_skill_favourite": ceiling,
        "chosen": asdict(ratings.SETTINGS),
        "rows": rows,
        "seconds": time.perf_counter() - began,
    }


if __name__ == "__main__":
    figures = run()
    for row in figures.pop("rows")[:20]:
        print(
            f"sigma {row['sigma']:5.2f} beta {row['beta']:5.2f} tau {row['tau']:5.3f} "
            f"rule {row['place_rule']!s:5} favourite {row['favourite_won']:.3f} "
            f"({row['favourite_won_skill_0.6']:.3f} / {row['favourite_won_skill_0.3']:.3f}) "
            f"order {row['order_agreement']:.3f}"
        )
    print(json.dumps(figures, indent=1))
