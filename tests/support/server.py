"""The one way tests and benchmarks start a server: a command in a subprocess of its own
process group, on a free loopback port, with its output in a log file.

:class:`Server` is the real server (``python -m scorekeeper.serve``, what ``make run`` starts)
over an instance folder of its own; :class:`Process` is any command (``make run`` itself, the
benchmarks' floor app). Every wait has a deadline, and stopping ends the whole process group,
so nothing is left running and the tests pass with warnings as errors.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

from tests.support.client import Client, status
from tests.support.ports import HOST, free_port

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def server_env(instance: Path | None = None) -> dict[str, str]:
    """This environment without any SCOREKEEPER_ setting, plus the instance folder given."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    if instance is not None:
        env["SCOREKEEPER_INSTANCE_PATH"] = str(instance)
    # Share links name the loopback address used, never this machine's network address:
    # nothing is sent anywhere but loopback.
    env["SCOREKEEPER_LAN_ADDRESSES"] = "[]"
    env["PYTHONUNBUFFERED"] = "1"
    return env


def run_make(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``make -s`` with ``arguments`` in the project, as an operator types it."""
    return subprocess.run(
        ["make", "-s", *arguments],
        cwd=PROJECT_ROOT,
        env=server_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


class Process:
    """A command run from the project folder in its own process group, output to ``log``."""

    def __init__(self, command: Sequence[str], env: dict[str, str], log: Path) -> None:
        self.log = log
        self.started = time.perf_counter()
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

    def output(self) -> str:
        """What the command has printed so far."""
        return self.log.read_text(errors="replace")

    def wait_for(self, port: int, path: str = "/", timeout: float = 60) -> float:
        """Wait until ``GET path`` on ``port`` answers 200: the seconds since the command was
        started. RuntimeError (with the end of the log) if the command stops first or the wait
        takes longer than ``timeout``."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.popen.poll() is not None:
                raise RuntimeError(f"{self.popen.args!r} stopped:\n{self.output()[-2000:]}")
            if status(port, path, timeout=1) == 200:
                return time.perf_counter() - self.started
            time.sleep(0.01)
        raise RuntimeError(
            f"{self.popen.args!r} did not answer within {timeout} s:\n{self.output()[-2000:]}"
        )

    def wait(self, timeout: float) -> int | None:
        """The exit code once the command ends by itself, or ``None`` after ``timeout``."""
        try:
            return self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        """SIGKILL: no chance to finish a request, close a file or run any clean-up."""
        self._signal(signal.SIGKILL)
        self.popen.wait(timeout=10)

    def stop(self) -> None:
        """Ctrl-C for the whole group, then SIGTERM, then SIGKILL; waits for the command."""
        for sig, grace in ((signal.SIGINT, 10), (signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            if self.popen.poll() is not None:
                break
            self._signal(sig)
            with suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=grace)
        # Children left in the group (the Python that `make run` started) end too.
        self._signal(signal.SIGKILL)

    def _signal(self, sig: int) -> None:
        with suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, sig)


class Server:
    """One server over ``instance``: ``python -m module`` on a new free port at each
    :meth:`start`. ``threads`` is the server's thread count for Flask (``None``: its default),
    ``env`` SCOREKEEPER_ settings for it, ``prefix`` a command that runs it (``unshare`` …)."""

    def __init__(
        self,
        instance: Path,
        threads: int | None = None,
        *,
        module: str = "scorekeeper.serve",
        env: dict[str, str] | None = None,
        prefix: list[str] | None = None,
    ) -> None:
        self.instance = instance
        self.threads = threads
        self.module = module
        self.env = env or {}
        self.prefix = prefix or []
        self.port = 0
        self.process: Process | None = None
        self.runs = 0

    @property
    def database(self) -> Path:
        return self.instance / "scorekeeper.sqlite"

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def command(self) -> list[str]:
        command = [*self.prefix, sys.executable, "-m", self.module, "--host", HOST]
        command += ["--port", str(self.port)]
        if self.threads is not None:
            command += ["--threads", str(self.threads)]
        return command

    def start(self, timeout: float = 60, same_port: bool = False) -> float:
        """Start on a new free port (or the last run's) and wait until ``/`` answers: the
        seconds that took."""
        assert self.process is None, "already running"
        self.instance.mkdir(parents=True, exist_ok=True)
        if not (same_port and self.port):
            self.port = free_port()
        self.runs += 1
        log = self.instance / f"server-{self.runs}.log"
        self.process = Process(self.command(), server_env(self.instance) | self.env, log)
        try:
            return self.process.wait_for(self.port, "/", timeout)
        except RuntimeError:
            self.stop()
            raise

    def kill(self) -> None:
        """SIGKILL: no chance to finish a request, close a file or run any clean-up."""
        assert self.process is not None, "not running"
        self.process.kill()
        self.process = None

    def stop(self) -> None:
        """Stop the way Ctrl-C would (harder if that does not do it)."""
        if self.process is not None:
            self.process.stop()
            self.process = None

    def client(self, timeout: float = 10) -> Client:
        return Client(self.port, timeout)


@contextmanager
def running(
    instance: Path,
    threads: int | None = None,
    *,
    module: str = "scorekeeper.serve",
    env: dict[str, str] | None = None,
) -> Iterator[Server]:
    """A started :class:`Server` over ``instance``, stopped at the end whatever happens."""
    server = Server(instance, threads, module=module, env=env)
    server.start()
    try:
        yield server
    finally:
        server.stop()
