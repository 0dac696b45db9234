"""What every benchmark shares: the machine, medians, free ports and servers in subprocesses.

Servers run in their own process group on 127.0.0.1 and are stopped with their children,
whatever happens; every wait has a deadline.
"""

from __future__ import annotations

import http.client
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
THREADS = 8  # scorekeeper.serve's default, used for the app and the floor alike


def median(values: Sequence[float]) -> float:
    """The median, or NaN when nothing was measured."""
    return statistics.median(values) if values else float("nan")


def ratio(value: float, floor: float) -> float:
    """``value / floor`` (NaN when the floor is zero or missing)."""
    return value / floor if floor else float("nan")


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


def free_port() -> int:
    """A loopback TCP port nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def status(port: int, path: str = "/", timeout: float = 2) -> int | None:
    """The HTTP status of ``GET path`` on loopback, or ``None`` if nothing answers."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()


def server_env(instance: Path | None = None) -> dict[str, str]:
    """This environment without SCOREKEEPER_ settings, plus the instance folder given."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    if instance is not None:
        env["SCOREKEEPER_INSTANCE_PATH"] = str(instance)
    env["PYTHONUNBUFFERED"] = "1"
    return env


class Process:
    """A command in its own process group; :meth:`stop` ends the whole group."""

    def __init__(self, command: Sequence[str], env: dict[str, str], log: Path) -> None:
        with log.open("wb") as output:
            self.popen = subprocess.Popen(
                list(command),
                cwd=PROJECT_ROOT,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        self.log = log

    def wait_for(self, port: int, path: str = "/", timeout: float = 60) -> float:
        """Seconds until ``GET path`` answers 200; raises if it stops or takes too long."""
        start = time.perf_counter()
        deadline = start + timeout
        while time.perf_counter() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"{self.popen.args!r} stopped:\n{self.log.read_text()[-2000:]}")
            if status(port, path, timeout=1) == 200:
                return time.perf_counter() - start
            time.sleep(0.01)
        raise RuntimeError(f"{self.popen.args!r} did not answer within {timeout} s")

    def stop(self) -> None:
        """Ctrl-C to the group, then SIGTERM, then SIGKILL; waits for the leader."""
        for sig, grace in ((signal.SIGINT, 5), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            if self.popen.poll() is not None:
                break
            try:
                os.killpg(self.popen.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.popen.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                continue
        # Children left in the group (make's python) are ended too.
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)


@contextmanager
def serving(command: Sequence[str], instance: Path, path: str = "/") -> Iterator[int]:
    """Run a server command with ``{port}`` filled in; yields the port once it answers 200."""
    port = free_port()
    instance.mkdir(parents=True, exist_ok=True)
    argv = [part.format(port=port) for part in command]
    process = Process(argv, server_env(instance), instance / f"server-{port}.log")
    try:
        process.wait_for(port, path)
        yield port
    finally:
        process.stop()


def app_command(threads: int = THREADS) -> list[str]:
    """``make run``'s server on loopback: ``python -m scorekeeper.serve``."""
    return [
        sys.executable,
        "-m",
        "scorekeeper.serve",
        "--host",
        HOST,
        "--port",
        "{port}",
        "--threads",
        str(threads),
    ]


def floor_command(threads: int = THREADS) -> list[str]:
    """The framework's floor, served by Waitress the same way."""
    return [
        sys.executable,
        "-m",
        "benchmarks.floor_app",
        "--host",
        HOST,
        "--port",
        "{port}",
        "--threads",
        str(threads),
    ]
