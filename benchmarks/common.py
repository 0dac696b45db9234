"""What every benchmark shares: the machine, medians and ratios, and which servers to compare.

Servers, ports and the HTTP client come from ``tests/support``, as for the tests.
"""

from __future__ import annotations

import os
import platform
import statistics
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

THREADS = 8  # scorekeeper.serve's default, used for the app and the floor alike
FLOOR = "benchmarks.floor_app"  # the module that serves the framework's floor


def median(values: Sequence[float]) -> float:
    """The median, or NaN when nothing was measured."""
    return statistics.median(values) if values else float("nan")


def ratio(value: float, floor: float) -> float:
    """``value / floor`` (NaN when the floor is zero or missing)."""
    return value / floor if floor else float("nan")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) the process ``pid`` has used so far, from ``/proc``; NaN where
    there is no ``/proc``. Unlike requests/s, it hardly moves when other programs load the
    machine."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    # After the command's name: state is field 3, utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine() -> dict[str, str]:
    """CPU model, cores, memory, Python and OS of this machine, and today's date."""
    cpu = platform.processor() or platform.machine()
    memory = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                memory = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    system = f"{platform.system()} {platform.release()}"
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                system = f"{line.split('=', 1)[1].strip(chr(34))} (kernel {platform.release()})"
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "CPU": cpu,
        "Cores": f"{usable} usable ({os.cpu_count()} online)",
        "Memory": memory or "unknown",
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "OS": system,
        "Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "Load average (1 / 5 / 15 min) at start": load_average(),
    }


def load_average() -> str:
    """The 1, 5 and 15 minute load averages: other work on the machine shows here."""
    try:
        return " / ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"
