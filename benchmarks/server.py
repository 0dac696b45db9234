"""Load on a server at 127.0.0.1: wrk for GETs when it is installed, a Python client otherwise
and for POSTs. Both run for a bounded time with a fixed number of keep-alive connections and
give requests per second and the 50th and 99th percentile latencies.
"""

from __future__ import annotations

import http.client
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from tests.support.client import Client
from tests.support.ports import HOST

CLIENTS = 8  # concurrent connections, as many as the server has threads

# method, path, body, headers, the status expected
Request = tuple[str, str, bytes | None, Mapping[str, str], int]
Requests = Callable[[int], Iterator[Request]]  # the requests of client number n, in order


@dataclass(frozen=True)
class Load:
    """What one bounded run measured."""

    tool: str
    requests: int
    errors: int
    seconds: float
    rps: float
    p50_ms: float
    p99_ms: float


def have_wrk() -> bool:
    """True when wrk is on the PATH."""
    return shutil.which("wrk") is not None


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(text: str) -> float:
    found = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    if not found:
        raise ValueError(f"not a wrk duration: {text}")
    return float(found.group(1)) * _UNITS[found.group(2)]


def parse_wrk(output: str) -> Load:
    """The figures of ``wrk --latency`` output."""
    percentile = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", output, flags=re.M))
    done = re.search(r"(\d+) requests in ([\d.]+)(\w+)", output)
    rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
    if not (done and rps and "50" in percentile and "99" in percentile):
        raise ValueError(f"unexpected wrk output:\n{output}")
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    sockets = re.search(r"Socket errors:(.*)", output)
    failed = sum(int(n) for n in re.findall(r"\d+", sockets.group(1))) if sockets else 0
    return Load(
        tool="wrk",
        requests=int(done.group(1)),
        errors=(int(bad.group(1)) if bad else 0) + failed,
        seconds=_ms(done.group(2) + done.group(3)) / 1000,
        rps=float(rps.group(1)),
        p50_ms=_ms(percentile["50"]),
        p99_ms=_ms(percentile["99"]),
    )


def wrk(port: int, path: str, seconds: float, headers: Mapping[str, str]) -> Load:
    """GET ``path`` with wrk for ``seconds`` over :data:`CLIENTS` connections (one thread)."""
    command = ["wrk", "-t1", f"-c{CLIENTS}", f"-d{max(1, round(seconds))}s", "--latency"]
    command += ["--timeout", "5s"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    command.append(f"http://{HOST}:{port}{path}")
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30)
    if done.returncode != 0:
        raise RuntimeError(f"wrk failed: {done.stderr or done.stdout}")
    return parse_wrk(done.stdout)


def _percentile(ordered: list[float], fraction: float) -> float:
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def python_load(port: int, requests: Requests, seconds: float, clients: int = CLIENTS) -> Load:
    """Send each client's requests over its own keep-alive connection until ``seconds`` pass
    or a client runs out of requests (then all stop, so the concurrency stays the same)."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    stop = threading.Event()
    start = time.perf_counter()
    deadline = start + seconds

    def client(number: int) -> None:
        try:
            with Client(port) as connection:
                for method, path, body, headers, expected in requests(number):
                    if stop.is_set() or time.perf_counter() >= deadline:
                        return
                    sent = time.perf_counter()
                    try:
                        ok = connection.send(method, path, body, headers).status == expected
                    except (OSError, http.client.HTTPException):
                        ok = False
                    latencies[number].append(time.perf_counter() - sent)
                    errors[number] += not ok
        finally:
            stop.set()  # the first client out of time or requests ends the run

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 30)
    elapsed = time.perf_counter() - start
    ordered = sorted(t for client_times in latencies for t in client_times)
    return Load(
        tool="python",
        requests=len(ordered),
        errors=sum(errors),
        seconds=round(elapsed, 2),
        rps=len(ordered) / elapsed if elapsed else float("nan"),
        p50_ms=_percentile(ordered, 0.50) * 1000,
        p99_ms=_percentile(ordered, 0.99) * 1000,
    )


def get_forever(path: str, headers: Mapping[str, str]) -> Requests:
    """The same GET, again and again, for every client."""

    def requests(_number: int) -> Iterator[Request]:
        while True:
            yield ("GET", path, None, headers, 200)

    return requests


def get(port: int, path: str, seconds: float, headers: Mapping[str, str]) -> Load:
    """GET ``path`` under load: wrk when installed, else the Python client."""
    if have_wrk():
        return wrk(port, path, seconds, headers)
    return python_load(port, get_forever(path, headers), seconds)


def warm(port: int, path: str, headers: Mapping[str, str], count: int = 20) -> None:
    """A few requests first, so templates and caches are ready before the clock starts."""
    with Client(port) as client:
        for _ in range(count):
            client.send("GET", path, headers=headers)
