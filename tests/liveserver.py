"""The real server for tests that need one: ``python -m scorekeeper.serve`` as a subprocess on a
free loopback port, over an instance folder of the test's own, and a small JSON client for it.

Only 127.0.0.1 is used. Every process, connection and log file is closed by the helpers, so the
tests pass with warnings as errors.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def server_env(instance: Path) -> dict[str, str]:
    """This environment without any SCOREKEEPER_ setting, plus the instance folder given."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SCOREKEEPER_")}
    env["SCOREKEEPER_INSTANCE_PATH"] = str(instance)
    env["PYTHONUNBUFFERED"] = "1"
    return env


class Server:
    """One run of the real server; :meth:`start` waits until it answers."""

    def __init__(
        self,
        instance: Path,
        threads: int = 8,
        env: dict[str, str] | None = None,
        prefix: list[str] | None = None,
    ) -> None:
        self.instance = instance
        self.threads = threads
        self.env = env or {}  # SCOREKEEPER_ settings for this server
        self.prefix = prefix or []  # a command that runs the server (unshare …)
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.runs = 0

    @property
    def database(self) -> Path:
        return self.instance / "scorekeeper.sqlite"

    def start(self, timeout: float = 30) -> None:
        """Start on a new free port and wait until the API answers."""
        assert self.process is None, "already running"
        self.port = free_port()
        self.runs += 1
        log = self.instance / f"server-{self.runs}.log"
        command = [*self.prefix, sys.executable, "-m", "scorekeeper.serve", "--host", HOST]
        command += ["--port", str(self.port), "--threads", str(self.threads)]
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                command,
                cwd=PROJECT_ROOT,
                env=server_env(self.instance) | self.env,
                stdout=output,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.process = None
                raise RuntimeError(f"the server stopped at start:\n{log.read_text()}")
            try:
                with socket.create_connection((HOST, self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no chance to finish a request, close a file or run any clean-up."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        """Stop the way Ctrl-C would; kill after 10 s."""
        if self.process is None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def client(self, timeout: float = 10) -> Client:
        return Client(self.port, timeout)


@contextmanager
def running(
    instance: Path, threads: int = 8, env: dict[str, str] | None = None
) -> Iterator[Server]:
    """The real server over ``instance``, stopped at the end whatever happens."""
    server = Server(instance, threads, env)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Client:
    """JSON over one keep-alive HTTP connection (reopened after an error); one per thread."""

    def __init__(self, port: int, timeout: float = 10) -> None:
        self.port = port
        self.timeout = timeout
        self.connection: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: object = None, token: str | None = None
    ) -> tuple[int, Any]:
        """The status and the parsed JSON answer; raises OSError if the connection fails."""
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, json.loads(raw) if raw else None

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()
