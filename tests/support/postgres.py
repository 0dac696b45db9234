"""A real PostgreSQL server of the tests' own (issue 52): made in a temporary folder with the
operating system's PostgreSQL (``make test`` installs it), listening on loopback only, stopped at
the end. Each test on PostgreSQL gets a database of its own, copied from one already migrated.

PostgreSQL refuses to run as root: where the tests run as root (a CI machine), the server runs as
the ``postgres`` user the package made, over a folder given to it.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

from scorekeeper import storage

USER = "pad"


def bin_folder() -> Path | None:
    """The folder of PostgreSQL's server programs (the newest installed), or ``None``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return None if initdb is None else Path(initdb).parent


def _version(path: str) -> int:
    number = Path(path).parent.parent.name
    return int(number) if number.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One PostgreSQL server in a folder of its own; :meth:`new_database` for each test."""

    def __init__(self, bin_folder: Path, *, durable: bool = False) -> None:
        self.bin = bin_folder
        self.durable = durable
        self.folder = Path(tempfile.mkdtemp(prefix="pad-postgres-"))
        self.port = _free_port()
        self._numbers = itertools.count(1)
        self.template: str | None = None

    def _run(self, *command: str, check: bool = True) -> None:
        as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*as_postgres, *command], check=check, capture_output=True, text=True)

    def start(self) -> None:
        """Make the cluster and start it on loopback; durable writes off (a test's server)
        unless ``durable`` (a benchmark's, as PostgreSQL is set up by default)."""
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        data = self.folder / "data"
        self._run(
            str(self.bin / "initdb"), "-D", str(data), "-A", "trust", "-U", USER,
            "--no-sync", "-E", "UTF8", "--locale=C.UTF-8",
        )  # fmt: skip
        self.resume()

    def resume(self) -> None:
        """Start the server (again) over its cluster."""
        options = f"-k {self.folder} -h 127.0.0.1 -p {self.port} -c max_connections=300"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-o", options,
            "-l", str(self.folder / "log"), "-w", "start",
        )  # fmt: skip

    def pause(self) -> None:
        """Stop the server as a restart does (every connection dropped), keeping its data."""
        data = str(self.folder / "data")
        self._run(str(self.bin / "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop")

    def url(self, name: str) -> str:
        """The URL of the database ``name`` on this server."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{name}"

    def _admin(self, sql: str) -> None:
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(sql)

    def new_database(self) -> str:
        """A new database with the pad's schema made: its URL."""
        if self.template is None:
            self._admin("CREATE DATABASE migrated")
            made = storage.connect(self.url("migrated"))
            try:
                storage.migrate(made)
            finally:
                made.close()
            self.template = "migrated"
        name = f"test{next(self._numbers)}"
        self._admin(f"CREATE DATABASE {name} TEMPLATE {self.template} STRATEGY FILE_COPY")
        return self.url(name)

    def empty_database(self) -> str:
        """A new database with nothing in it: its URL."""
        name = f"empty{next(self._numbers)}"
        self._admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop the database of ``url`` (a test is done with it), whoever is still on it."""
        self._admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        data = self.folder / "data"
        if data.exists():
            stop = (str(self.bin / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
            self._run(*stop, check=False)  # stopped already by a test that paused it
        shutil.rmtree(self.folder, ignore_errors=True)
