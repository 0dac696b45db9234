"""``make bench``: run every benchmark in turn and write ``docs/benchmarks.md``.

``python -m benchmarks`` takes about 10 minutes on 2 cores; ``--quick`` (one short repeat and
10,000 stored games instead of 100,000) checks the whole chain in about 3. A section that fails
is reported as not measured, and the others still run.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import (
    card_bench,
    draw_bench,
    group_bench,
    growth,
    history_bench,
    hotspots,
    import_bench,
    live_latency,
    pdf_bench,
    postgres_bench,
    replica_bench,
    report,
    room_bench,
    slow_bench,
    start,
    stranger_bench,
    taps,
    watchers,
    weight,
)
from benchmarks.common import load_average, machine
from tests.support.server import PROJECT_ROOT, Process, server_env

OUTPUT = PROJECT_ROOT / "docs" / "benchmarks.md"


def load_test(seconds: int = 10, tables: int = 24) -> dict[str, Any]:
    """The figures of ``benchmarks/load.py`` when it exists, run in a process of its own
    (stopped after a bounded time)."""
    code = (
        "import json; from benchmarks import load; "
        f"print(json.dumps(load.run({seconds}, {tables}), default=str))"
    )
    log = Path(tempfile.gettempdir()) / f"bench-load-{time.monotonic_ns()}.log"
    process = Process([sys.executable, "-c", code], server_env(), log)
    try:
        exit_code = process.wait(timeout=seconds * 10 + 120)
    finally:
        process.stop()
    output = process.output()
    log.unlink(missing_ok=True)
    lines = [line for line in output.splitlines() if line.startswith("{")]
    if exit_code != 0 or not lines:
        return {"error": f"benchmarks.load failed or timed out:\n{output[-1500:]}"}
    figures: dict[str, Any] = json.loads(lines[-1])
    return figures


def main(argv: list[str] | None = None) -> None:
    """Run the sections (all, or those named) and write the document."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="one short repeat, fewer games")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument(
        "--only",
        action="append",
        metavar="SECTION",
        help="run only this section (repeatable: taps, weight, server, pdf, ...); the others "
        "are reported as not measured, so give --output too to keep docs/benchmarks.md",
    )
    args = parser.parse_args(argv)
    repeats, seconds, stored = (1, 2, 10_000) if args.quick else (5, 5, 100_000)
    sections: dict[str, Callable[[], Any]] = {
        "taps": taps.run,
        "weight": weight.run,
        "server": lambda: growth.measure((10, stored), repeats, seconds),
        "pdf": lambda: pdf_bench.run(repeat=3 if args.quick else 7),
        "pdf_load": lambda: pdf_bench.under_load(seconds=3 if args.quick else 10),
        "group_load": lambda: group_bench.under_load(seconds=3 if args.quick else 10),
        "start": lambda: start.run(repeats=1 if args.quick else 3),
        "draw": lambda: draw_bench.run(repeats=2 if args.quick else 5),
        "import": lambda: import_bench.run(repeats=1 if args.quick else 3),
        "card": lambda: card_bench.run(repeats=2 if args.quick else 5),
        "watchers": lambda: watchers.run(seconds=5 if args.quick else 20),
        "live": lambda: live_latency.run(changes=6 if args.quick else 15),
        "room": lambda: room_bench.run(seconds=25 if args.quick else 60),
        "postgres": lambda: postgres_bench.run(seconds=3 if args.quick else 10),
        "crash": lambda: watchers.crash(streams=300 if args.quick else 1000),
        "slow": lambda: {
            **slow_bench.run(visitors=3 if args.quick else 5),
            "one_address": slow_bench.one_address(visitors=3 if args.quick else 5),
            "reopening": slow_bench.reopening(seconds=4 if args.quick else 8),
        },
        "strangers": stranger_bench.run,
        "history": lambda: history_bench.run(stored=stored, repeats=3 if args.quick else 7),
        "replica": lambda: replica_bench.run(kills=2 if args.quick else 5),
        "load": lambda: load_test(*((3, 8) if args.quick else (10, 24))),
        "hotspots": lambda: hotspots.run(count=30 if args.quick else 100),
    }
    left_out: list[str] = []
    if args.only:
        unknown = set(args.only) - set(sections)
        if unknown:
            parser.error(f"no section {', '.join(sorted(unknown))} (known: {', '.join(sections)})")
        left_out = [name for name in sections if name not in args.only]
        sections = {name: run for name, run in sections.items() if name in args.only}
    results: dict[str, Any] = {"machine": machine()}
    for name in left_out:
        results[name] = {"skipped": "only other sections were asked for (--only)"}
    began = time.perf_counter()
    for name, section in sections.items():
        print(f"[bench] {name} …", flush=True)
        started = time.perf_counter()
        try:
            results[name] = section()
        except Exception:
            results[name] = {"error": traceback.format_exc(limit=6)[-3000:]}
            print(results[name]["error"], file=sys.stderr, flush=True)
        print(f"[bench] {name}: {time.perf_counter() - started:.0f} s", flush=True)
    results["minutes"] = (time.perf_counter() - began) / 60
    results["machine"]["Load average at the end"] = load_average()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(report.render(results))
    print(f"[bench] wrote {args.output} in {results['minutes']:.1f} minutes", flush=True)


if __name__ == "__main__":
    main()
