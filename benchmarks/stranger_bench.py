"""A stranger on the table's Wi-Fi trying to stall the bare server (issue 46), and a table beside.

The real server (``python -m scorekeeper.serve``, 8 threads, as ``make run``) over an empty
instance. Each attack comes from 127.0.0.2 (one address) or 127.0.0.2 and up (many addresses of
one attacker); while it holds, the table's phone at 127.0.0.1 opens its round page and submits
rounds; the server's memory (its resident set, the heavy worker's included) is sampled all along.

- ``slow bodies``: round submissions whose heads come whole and whose bodies never finish (twice
  the app's threads: each would hold one for ever if bodies were read in the app);
- ``idle, one address`` and ``idle, 20 addresses``: 8,100 connections that send nothing;
- ``large heads``: 40 requests at once, each with a 25 MB head;
- ``chunked bodies``: 100 chunked uploads of 8.5 MB, opened at once and never finished.

Goals: the table's round page p99 and its submitted round within 1 s, every one served, and
(for one address) the server's memory within :data:`MEMORY_GOAL_MB` above what it was before.

Run ``.venv/bin/python -m benchmarks.stranger_bench``.
"""

from __future__ import annotations

import contextlib
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from tests.support.server import Server, running
from tests.support.slow import room_for
from tests.support.strangers import (
    STRANGER,
    Table,
    idle_connections,
    large_head,
    open_chunked_bodies,
    slow_bodies,
)

GOAL_SECONDS = 1.0
# What one address may hold of the server's memory (docs/hosting.md, "Limits"): its share of
# open bodies (2 x 9 MiB) and its 512 connections with a head of 16 KiB at most each, with
# room for Uvicorn's and the app's own bookkeeping of each.
MEMORY_GOAL_MB = 64
PAGES = 20
# The attacks from many addresses: the memory goal is one address's.
MANY_ADDRESSES = {"idle, 20 addresses"}
ROUNDS = 10


def _rss_kb(pid: int, field: str = "VmRSS:") -> int:
    """Resident memory of ``pid`` and its children, in KiB (0 once it is gone); with
    ``field="VmHWM:"``, the most each has had."""
    total = 0
    pids = [pid]
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            pids += [int(child) for child in (task / "children").read_text().split()]
    for one in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith(field):
                    total += int(line.split()[1])
    return total


@contextmanager
def _sampling(pid: int) -> Iterator[list[int]]:
    """The server's memory every 50 ms while the block runs."""
    samples: list[int] = []
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            samples.append(_rss_kb(pid))
            done.wait(0.05)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield samples
    finally:
        done.set()
        thread.join(timeout=5)


@contextmanager
def _large_heads(port: int, count: int = 40, size: int = 25 * 1024 * 1024) -> Iterator[None]:
    """``count`` requests with a head of ``size`` bytes sent at once, in threads."""
    threads = [
        threading.Thread(target=large_head, args=(port, size), daemon=True) for _ in range(count)
    ]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    try:
        yield
    finally:
        for thread in threads:
            thread.join(timeout=60)


MANY = [f"127.0.0.{n}" for n in range(2, 22)]
ATTACKS: dict[str, Callable[[int], AbstractContextManager[Any]]] = {
    "slow bodies": lambda port: slow_bodies(port, 16),
    "idle, one address": lambda port: idle_connections(port, 8100, [STRANGER], settle=1.0),
    "idle, 20 addresses": lambda port: idle_connections(port, 8100, MANY, settle=1.0),
    "large heads": lambda port: _large_heads(port),
    "chunked bodies": lambda port: open_chunked_bodies(port, 100, 8_500_000),
}


def _table_beside(server: Server, pid: int, attack: Callable[[], Any]) -> dict[str, Any]:
    """The table's pages and rounds while ``attack`` holds, and the server's memory."""
    table = Table(server.port, timeout=30)
    before = _rss_kb(pid)
    with _sampling(pid) as samples, attack():
        pages = [_timed(table.round_page) for _ in range(PAGES)]
        rounds = [_timed(table.submit_round) for _ in range(ROUNDS)]
    samples.append(_rss_kb(pid, "VmHWM:"))
    served = [seconds for ok, seconds in pages if ok]
    submitted = [seconds for ok, seconds in rounds if ok]
    return {
        "page_p99_s": round(_p99(served), 3) if served else None,
        "page_median_s": round(statistics.median(served), 3) if served else None,
        "round_slowest_s": round(max(submitted), 3) if submitted else None,
        "not_served": (PAGES - len(served)) + (ROUNDS - len(submitted)),
        "memory_before_mb": round(before / 1024, 1),
        "memory_most_mb": round(max(samples, default=before) / 1024, 1),
        "memory_added_mb": round((max(samples, default=before) - before) / 1024, 1),
    }


def _timed(ask: Callable[[], tuple[int, float]]) -> tuple[bool, float]:
    try:
        status, seconds = ask()
    except OSError:
        return False, 30.0
    return status in (200, 201), seconds


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def run() -> dict[str, Any]:
    """Each attack's figures beside a table, each on a server of its own, and the goals."""
    room_for(8100 + 1024)
    attacks: dict[str, Any] = {"alone": lambda _port: contextlib.nullcontext()}
    attacks.update(ATTACKS)
    figures = {name: _on_a_server_of_its_own(attack) for name, attack in attacks.items()}
    return {
        "alone": figures.pop("alone"),
        "attacks": figures,
        "goal_s": GOAL_SECONDS,
        "memory_goal_mb": MEMORY_GOAL_MB,
    }


def _on_a_server_of_its_own(attack: Callable[[int], AbstractContextManager[Any]]) -> Any:
    with tempfile.TemporaryDirectory() as tmp:
        instance = Path(tmp) / "instance"
        instance.mkdir()
        with running(instance) as server:
            assert server.process is not None
            Table(server.port).round_page()  # warm: the first page's templates
            return _table_beside(server, server.process.popen.pid, lambda: attack(server.port))


def met(results: dict[str, Any]) -> bool:
    """Whether every attack left the table within the goals."""
    goal, memory = results["goal_s"], results["memory_goal_mb"]
    return all(
        figures["not_served"] == 0
        and figures["page_p99_s"] is not None
        and figures["page_p99_s"] <= goal
        and figures["round_slowest_s"] is not None
        and figures["round_slowest_s"] <= goal
        and (figures["memory_added_mb"] <= memory or name in MANY_ADDRESSES)
        for name, figures in results["attacks"].items()
    )


def main() -> None:
    """Print the figures, one attack a line."""
    results = run()
    print(f"{'alone':>20}: {results['alone']}")
    for name, figures in results["attacks"].items():
        print(f"{name:>20}: {figures}")
    print(f"{'goals met':>20}: {met(results)}")


if __name__ == "__main__":
    main()
