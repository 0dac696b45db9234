"""How long a printed score sheet takes, against the floor of WeasyPrint itself.

The stress case is a pad of 6 players x 20 rounds. The rules never allow it (6 players play
at most 10 rounds; only 3 players reach 20), so the sheet is built directly: every number still
comes from the rules (scores, met bids, totals, ranks), only the schedule is stretched. The
floor is WeasyPrint rendering the same words as a bare, unstyled HTML table (no stylesheet, no
chart). Also measured: a repeated download of a real game (the cache answers) and a
revalidation (304).

Under load (:func:`under_load`): the round page's median on the real server, alone and while 8
clients fetch blank pads that are never cached (each with names of its own), so that renders
queue (one at a time, a few waiting; more are told to retry). The goal: at most 1.5x (issue 22).

Run ``.venv/bin/python -m benchmarks.pdf_bench``; ``run()`` and ``under_load()`` return the
numbers for ``make bench`` to write into ``docs/benchmarks.md``.
"""

from __future__ import annotations

import io
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from pypdf import PdfReader
from weasyprint import HTML

from benchmarks import beside
from scorekeeper import create_app, storage
from scorekeeper.core import bidding, game, rules, scoring
from scorekeeper.core.bidding import BidRules, RoundSetup
from scorekeeper.core.game import RoundRecord
from scorekeeper.core.rules import Suit, Trump, Turned, Variants
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.render import printing

NAMES = ("Tom", "Γιώργος", "Мария", "José", "Zoë", "Ivo")
TRUMPS = (
    Trump(Turned.SUIT, Suit.HEARTS),
    Trump(Turned.JESTER),
    Trump(Turned.WIZARD, Suit.SPADES),
    Trump(Turned.SUIT, Suit.CLUBS),
)


def wide_sheet(players: int = 6, rounds: int = 20, seed: int = 7) -> Sheet:
    """A finished sheet of ``players`` x ``rounds`` with scores, totals and ranks by the rules."""
    rng = Random(seed)
    totals = [0] * players
    rows = []
    # Standard rules judge no round by earlier ones, so no row asks the record for flags.
    record = game.new_game(NAMES[:players], 0, Variants())
    for number in range(1, rounds + 1):
        dealer = rules.dealer(0, number, players)
        setup = RoundSetup(players, number, number, dealer, BidRules(), tuple(totals))
        tricks = [0] * players
        for _ in range(number):
            tricks[rng.randrange(players)] += 1
        bids = tuple(t if rng.random() < 0.5 else rng.randint(0, number) for t in tricks)
        scores = tuple(scoring.round_score(b, t) for b, t in zip(bids, tricks, strict=True))
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        rows.append(
            RoundRow(
                number=number,
                hand_size=number,
                dealer=dealer,
                trump=TRUMPS[number % len(TRUMPS)],
                bids=bids,
                tricks=tuple(tricks),
                scores=scores,
                totals=tuple(totals),
                met=tuple(scoring.bid_met(b, t) for b, t in zip(bids, tricks, strict=True)),
                saboteur=None,  # the standard game: every seat bids
                record=record,
                setup=setup,
            )
        )
    return Sheet(
        players=NAMES[:players],
        first_dealer=0,
        settings=Variants(),
        schedule=tuple(range(1, rounds + 1)),
        rounds=tuple(rows),
        totals=tuple(totals),
        ranks=scoring.ranks(totals),
        leaders=scoring.leaders(totals),
        finished=True,
        current=None,
    )


def bare_html(styled: str) -> str:
    """The same words as ``styled`` in bare HTML: no stylesheet, classes, columns or chart."""
    bare = re.sub(
        r"<style>.*?</style>|<svg.*?</svg>|<colgroup>.*?</colgroup>", "", styled, flags=re.S
    )
    return re.sub(r' class="[^"]*"', "", bare)


def _timed(action: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def _medians_ms(actions: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Median wall and CPU milliseconds of each action, run in turns so they share the load.

    CPU time is what this process spent: on a busy machine it moves far less than wall time.
    """
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in actions}
    for action in actions.values():
        action()  # warm up: fonts, stylesheets, templates
    for _ in range(repeat):
        for name, action in actions.items():
            samples[name].append(_timed(action))
    medians = {}
    for name, times in samples.items():
        medians[f"{name}_ms"] = round(statistics.median(t[0] for t in times) * 1000, 2)
        medians[f"{name}_cpu_ms"] = round(statistics.median(t[1] for t in times) * 1000, 2)
    return medians


def _legal_game(players: int = 3) -> game.GameRecord:
    """The widest legal long game: 3 players, 20 rounds, deterministic bids and tricks."""
    rng = Random(3)
    record = game.new_game(NAMES[:players], 0, Variants())
    while not record.finished:
        setup = game.current_setup(record)
        trump = rules.fixed_trump(setup.number, setup.hand_size, players, Variants().length)
        bids: list[int | None] = list(setup.given_bids)
        for seat in setup.bidders:
            bids[seat] = rng.choice(bidding.legal_bids(setup, bids, seat))
        tricks = [0] * players
        for _ in range(setup.hand_size):
            tricks[rng.randrange(players)] += 1
        played = RoundRecord(trump or rng.choice(TRUMPS), tuple(bids), tuple(tricks))
        record = game.add_round(record, played)
    return record


def run(repeat: int = 7) -> dict[str, Any]:
    """Measure and return the medians (ms, wall and CPU), the ratios to the floor, the sizes."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "bench.sqlite"), "SECRET_KEY": "bench"})
        wide = wide_sheet()
        with app.test_request_context():
            pdf = printing.game_pdf(wide, day="2026-11-29", paper="a4")
            bare = bare_html(printing.game_html(wide, day="2026-11-29", paper="a4"))
            renders = _medians_ms(
                {
                    "sheet": lambda: printing.game_pdf(wide, day="2026-11-29", paper="a4"),
                    "floor": lambda: HTML(string=bare).write_pdf(),
                },
                repeat,
            )
        with app.app_context():
            stored = storage.create_game(storage.get_db(), _legal_game())
        client = app.test_client()
        url = f"/games/{stored.id}/sheet.pdf"
        first_ms = _timed(lambda: client.get(url))[0] * 1000
        etag = client.get(url).headers["ETag"]
        downloads = _medians_ms(
            {
                "cached_download": lambda: client.get(url),
                "revalidate_304": lambda: client.get(url, headers={"If-None-Match": etag}),
            },
            repeat,
        )
    return {
        "case": "6 players x 20 rounds (sheet built directly; legal games stop at 10)",
        **renders,
        "ratio": round(renders["sheet_ms"] / renders["floor_ms"], 2),
        "ratio_cpu": round(renders["sheet_cpu_ms"] / renders["floor_cpu_ms"], 2),
        "pages": len(PdfReader(io.BytesIO(pdf)).pages),
        "bytes": len(pdf),
        "game_case": "3 players x 20 rounds, a legal finished game, over HTTP",
        "first_download_ms": round(first_ms, 1),
        "cached_download_ms": downloads["cached_download_ms"],
        "revalidate_304_ms": downloads["revalidate_304_ms"],
        "repeat": repeat,
    }


def under_load(seconds: float = 10, clients: int = 8) -> dict[str, Any]:
    """The round page's median (ms) on the real server alone, and while ``clients`` threads
    fetch uncached blank pads without pause; their ratio, and what the printing clients got."""

    def blank_pads(_database: object) -> beside.Paths:
        return lambda number, count: f"/sheets/blank.pdf?players=6&names={number}-{count}"

    return beside.round_page_beside(blank_pads, seconds, clients)


def main() -> None:
    """Print the results, one per line."""
    for key, value in {**run(), **under_load()}.items():
        print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
