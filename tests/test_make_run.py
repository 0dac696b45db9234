"""`make run` on an installed checkout serves the app and prints the address to open."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_make_run_serves_a_page_on_the_printed_address(tmp_path: Path) -> None:
    port = _free_port()
    env = os.environ | {"SCOREKEEPER_INSTANCE_PATH": str(tmp_path)}
    server = subprocess.Popen(
        ["make", "--no-print-directory", "run", f"PORT={port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        deadline = time.monotonic() + 120
        address = ""
        while not address and time.monotonic() < deadline:
            line = server.stdout.readline()
            assert line, "make run stopped before printing an address"
            if f"127.0.0.1:{port}" in line:
                address = line.strip()
        assert address == f"http://127.0.0.1:{port}/"
        body = ""
        while not body and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(address, timeout=5) as response:
                    body = response.read().decode()
            except OSError:
                time.sleep(0.2)
        assert "Wizard score pad" in body
        assert (tmp_path / "scorekeeper.sqlite").exists()
        assert (tmp_path / "secret_key").exists()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        if server.stdout is not None:
            server.stdout.close()
