"""`make run` on an installed checkout serves the app and prints the address to open."""

from __future__ import annotations

import time
from pathlib import Path

from tests.support.client import Client
from tests.support.ports import HOST, free_port
from tests.support.server import Process, server_env


def test_make_run_serves_a_page_on_the_printed_address(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    port = free_port()
    command = ["make", "--no-print-directory", "run", f"PORT={port}"]
    server = Process(command, server_env(instance), tmp_path / "make-run.log")
    try:
        deadline = time.monotonic() + 120
        printed: list[str] = []
        while not printed and time.monotonic() < deadline:
            assert server.popen.poll() is None, f"make run stopped:\n{server.output()}"
            printed = [line for line in server.output().splitlines() if f"{HOST}:{port}" in line]
            time.sleep(0.1)
        assert printed, "make run printed no address in time"
        address = printed[0].strip()
        assert address == f"http://{HOST}:{port}/"
        server.wait_for(port, "/", timeout=deadline - time.monotonic())
        with Client(port) as client:
            body = client.send("GET", "/").body.decode()
        assert "Wizard score pad" in body
        assert (instance / "scorekeeper.sqlite").exists()
        assert (instance / "secret_key").exists()
    finally:
        server.stop()
