"""The pad holds its port before it prints an address (issue 49, item 3): on a port another
program holds, `make run` says so and which port is free instead of printing an address that
opens that program; on a port the pad itself holds, it says the pad is already running. Every
server and connection here is on loopback."""

from __future__ import annotations

import errno
import re
import shutil
import socket
import sys
from pathlib import Path

from scorekeeper.server import listening
from tests.support.ports import HOST
from tests.support.server import Process, running, server_env


def _refused(command: list[str], tmp_path: Path) -> tuple[int | None, str]:
    """Run ``command`` until it stops by itself (stopped after 60 s if it serves instead): its
    exit code and what it printed."""
    process = Process(command, server_env(tmp_path / "instance"), tmp_path / "run.log")
    try:
        code = process.wait(timeout=60)
    finally:
        process.stop()
    return code, process.output()


def test_make_run_on_a_port_another_program_holds_says_so_and_prints_no_address(
    tmp_path: Path,
) -> None:
    make = shutil.which("make")
    assert make is not None
    with socket.create_server((HOST, 0)) as other:
        port = other.getsockname()[1]
        code, printed = _refused([make, "--no-print-directory", "run", f"PORT={port}"], tmp_path)
        assert code not in (0, None), printed  # a failure, for a service manager to restart
        assert f"Port {port} is taken by another program, so the score pad did not start" in (
            printed
        )
        assert "http://" not in printed and "Errno" not in printed and "Traceback" not in printed
        suggested = re.search(r"make run PORT=(\d+) \(free now\)", printed)
        assert suggested is not None, printed
        assert int(suggested.group(1)) != port
        with socket.create_server((HOST, int(suggested.group(1)))):
            pass  # the port suggested is free indeed


def test_starting_the_pad_where_it_already_runs_says_so(tmp_path: Path) -> None:
    with running(tmp_path / "first") as pad:
        command = [sys.executable, "-m", "scorekeeper.serve", "--host", HOST]
        code, printed = _refused([*command, "--port", str(pad.port)], tmp_path)
        with pad.client() as client:
            assert client.send("GET", "/").status == 200  # the first one serves on
    assert code == 1, printed
    assert f"The score pad is already running on port {pad.port}" in printed
    assert "http://" not in printed and "Traceback" not in printed


def test_an_address_not_of_this_machine_and_a_port_not_allowed_say_what_to_do() -> None:
    # 192.0.2.1 is a documentation address (TEST-NET-1): no interface has it, nothing is sent.
    try:
        listening.hold("192.0.2.1", 8000)
    except listening.NotListening as refusal:
        said = str(refusal)
    else:
        raise AssertionError("held a port on an address this machine does not have")
    assert said.startswith("HOST=192.0.2.1 is not an address of this machine")
    assert "make run HOST=0.0.0.0" in said
    denied = listening.why_not(OSError(errno.EACCES, "Permission denied"), HOST, 80)
    assert "listen on port 80" in denied and "make run PORT=8000" in denied


def test_the_port_is_held_before_the_address_is_printed() -> None:
    held = listening.hold(HOST, 0)
    try:
        port = held[0].getsockname()[1]
        assert listening.free_port_after(HOST, port - 1, tries=1) is None  # taken: by the pad
    finally:
        for sock in held:
            sock.close()
