"""Start: from typing ``make run`` on an installed checkout to the first page served.

``make run HOST=127.0.0.1 PORT=<free>`` is spawned in its own process group over a temporary
instance folder, ``/`` is polled until it answers 200, and the group (make and its Python) is
stopped. The floor is the minimal Flask app started directly with Python and served as the
pad is (``benchmarks/floor_app.py``): what any Flask app on this machine needs before its
first answer.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.common import FLOOR, THREADS, median, ratio
from tests.support.ports import HOST, free_port
from tests.support.server import PROJECT_ROOT, Process, Server, server_env

TIMEOUT = 120  # seconds to the first page, at most


def _make_run(port: int) -> list[str]:
    return ["make", "--no-print-directory", "run", f"HOST={HOST}", f"PORT={port}"]


def installed() -> bool:
    """True when ``make run`` would only serve: no pip install (nothing is downloaded here)."""
    plan = subprocess.run(
        [*_make_run(8000), "-n"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=60
    )
    return plan.returncode == 0 and "pip install" not in plan.stdout


def _make_run_seconds(instance: Path) -> float:
    """Seconds from starting ``make run`` to its first page."""
    port = free_port()
    log = instance.parent / f"{instance.name}.log"
    process = Process(_make_run(port), server_env(instance), log)
    try:
        return process.wait_for(port, "/", TIMEOUT)
    finally:
        process.stop()


def _floor_seconds(instance: Path) -> float:
    """Seconds from starting the floor app to its first page."""
    server = Server(instance, THREADS, module=FLOOR)
    try:
        return server.start(TIMEOUT)
    finally:
        server.stop()


def import_seconds(module: str) -> float:
    """Seconds a fresh Python takes to import ``module`` (the part of start-up it costs)."""
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return float(done.stdout.strip())


def run(repeats: int = 3) -> dict[str, Any]:
    """Median seconds to the first 200 of ``make run`` and of the floor, in turns."""
    if not installed():
        return {"skipped": "the checkout is not installed: `make run` would run pip first"}
    app: list[float] = []
    floor: list[float] = []
    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        for turn in range(repeats):
            instance = Path(tmp) / f"instance-{turn}"
            instance.mkdir()
            app.append(_make_run_seconds(instance))
            floor.append(_floor_seconds(Path(tmp) / f"floor-{turn}"))
    weasyprint = median([import_seconds("weasyprint") for _ in range(repeats)])
    return {
        "make_run_s": round(median(app), 2),
        "weasyprint_import_s": round(weasyprint, 2),
        "floor_s": round(median(floor), 2),
        "ratio": round(median([ratio(a, f) for a, f in zip(app, floor, strict=True)]), 2),
        "runs_s": [round(seconds, 2) for seconds in app],
        "repeats": repeats,
        "python": sys.executable,
    }
