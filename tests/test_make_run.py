"""`make run` on an installed checkout serves the app and prints the addresses to open: every
network address for the other phones (compared as strings: nothing is sent to them), a QR code
of the first, then this machine's loopback address. It serves even where apt-get is missing."""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

from scorekeeper.web import addresses
from tests.support.client import Client
from tests.support.ports import HOST, free_port
from tests.support.server import Process, run_make, server_env


def _make_run(tmp_path: Path, **env: str) -> tuple[list[str], int, str]:
    """Run ``make run`` until it serves: the lines it printed before the loopback address, the
    port, and the page ``/`` it answers there."""
    instance, port, make = tmp_path / "instance", free_port(), shutil.which("make")
    assert make is not None
    settings = server_env(instance) | env
    settings.pop("SCOREKEEPER_LAN_ADDRESSES")  # the interfaces' own addresses, as strings
    command = [make, "--no-print-directory", "run", f"PORT={port}"]
    server = Process(command, settings, tmp_path / "make-run.log")
    try:
        deadline = time.monotonic() + 120
        loopback = f"http://{HOST}:{port}/"
        while loopback not in server.output() and time.monotonic() < deadline:
            assert server.popen.poll() is None, f"make run stopped:\n{server.output()}"
            time.sleep(0.1)
        lines = server.output().splitlines()
        assert [line.strip() for line in lines if f"{HOST}:{port}" in line] == [loopback]
        server.wait_for(port, "/", timeout=deadline - time.monotonic())
        with Client(port) as client:
            body = client.send("GET", "/").body.decode()
        assert (instance / "scorekeeper.sqlite").exists()
        assert (instance / "secret_key").exists()
        return lines[: lines.index(f"  {loopback}")], port, body
    finally:
        server.stop()


def test_make_run_prints_every_network_address_and_serves_on_loopback(tmp_path: Path) -> None:
    printed, port, body = _make_run(tmp_path)
    assert "<h1>Score pad</h1>" in body
    # make run listens on 0.0.0.0: every IPv4 address of the interfaces, as strings.
    found = addresses.reachable("0.0.0.0", addresses.interface_addresses())
    shown = [line.strip() for line in printed if line.strip().startswith("http://")]
    assert shown == [addresses.url(ip, port) for ip in found]
    if found:
        assert any("█" in line for line in printed), "no QR code printed"


def test_make_run_serves_without_apt_get_and_names_what_is_missing(tmp_path: Path) -> None:
    # A PATH with no apt-get, and a dpkg that knows no package: a laptop without root or apt.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    dpkg = bin_dir / "dpkg"
    dpkg.write_text("#!/bin/sh\necho \"dpkg-query: package '$2' is not installed\" >&2\nexit 1\n")
    dpkg.chmod(0o755)
    # The tools make's recipes use that any laptop has, whichever test ran make run before.
    for tool in ("mkdir", "find", "touch"):
        found = shutil.which(tool)
        assert found is not None, tool
        (bin_dir / tool).symlink_to(found)
    printed, _port, body = _make_run(tmp_path, PATH=str(bin_dir))
    assert "<h1>Score pad</h1>" in body
    text = "\n".join(printed)
    assert "Missing system packages: libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0" in text
    assert "sudo apt-get install libpango-1.0-0" in text
    assert "serves anyway" in text
    assert "Installing" not in text
    assert os.environ["PATH"] != str(bin_dir)


# What setuptools says, as a Python warning, on every editable install (its text as of 2026).
SETUPTOOLS_NOTE = """
import sys, warnings

class BuildBackendWarning(UserWarning):
    pass

warnings.warn(
    "Editable installation.\\n!!\\n\\n    ****\\n    Please be careful with folders in your "
    "working directory with the same\\n    name as your package as they may take precedence "
    "during imports.\\n    ****\\n\\n!!",
    BuildBackendWarning,
)
print("pip", *sys.argv[1:])
"""
# A stand-in for a machine with no built speed-ups: pip finds no wheel of them.
NO_WHEELS = """
if any(given.startswith("--only-binary") for given in sys.argv):
    sys.exit("ERROR: No matching distribution found for uvloop")
"""


def stand_in(tmp_path: Path, also: str = "") -> Path:
    """A virtual environment whose Python only says, as pip, what it was asked to install."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "activate").touch()
    python = venv / "bin" / "python"
    python.write_text(f"#!{sys.executable}\nimport sys\n{also}{SETUPTOOLS_NOTE}")
    python.chmod(0o755)
    return venv


def test_the_first_install_says_what_it_does_and_no_packagers_note(tmp_path: Path) -> None:
    """`make run`'s first install: a line saying what it installs and about how long it takes,
    then how long it took; setuptools' note for packagers is left out. pip is a stand-in that
    says what setuptools says, so nothing is downloaded."""
    venv = stand_in(tmp_path)
    result = run_make(f"VENV={venv}", f"{venv}/.installed")
    printed = result.stdout + result.stderr
    assert result.returncode == 0, printed
    lines = printed.splitlines()
    assert lines[0] == (
        f"Installing the pad's Python packages into {venv}/ (the first time, or after "
        "pyproject.toml or requirements.lock changed; about a minute)..."
    )
    assert lines[-1].startswith("  Installed in ") and lines[-1].endswith(" s.")
    assert "careful" not in printed and "Warning" not in printed, printed
    assert (venv / ".installed").exists()


def test_without_built_speed_ups_the_install_goes_on_in_pure_python(tmp_path: Path) -> None:
    """Issue 32: the server's compiled speed-ups are taken as built wheels only; where the
    machine has none, the same install runs again without them (no compiler is ever needed)."""
    venv = stand_in(tmp_path, NO_WHEELS)
    result = run_make(f"VENV={venv}", f"{venv}/.installed-test")
    printed = result.stdout + result.stderr
    assert result.returncode == 0, printed
    installs = [line for line in printed.splitlines() if line.startswith("pip ")]
    assert installs == ["pip -m pip install --quiet -c requirements.lock -e .[test]"], printed
    assert "the server runs in pure Python" in printed
    assert "ERROR" not in printed
