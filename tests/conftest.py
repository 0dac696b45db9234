"""Shared fixtures: an app on a fresh instance folder and database file per test, and the games
and apps that several test files start from."""

from __future__ import annotations

import shutil
import signal
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import storage
from scorekeeper.storage.database import Database as StoredDatabase
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, create
from tests.support import connections, profiles
from tests.support.apps import make_app
from tests.support.postgres import PostgresServer, bin_folder
from tests.support.server import Server, running

profiles.register()
connections.install()

# A shell without job control starts a command put in the background (`make test &`, a CI step
# run that way) with Ctrl-C ignored, and every server a test starts would inherit that: stopping
# it the way Ctrl-C does would wait 10 s for nothing, then fall back to SIGTERM. The tests' own
# process takes Ctrl-C again, so the servers it starts do too.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


# The longest tests (over two minutes each) run first: pytest-xdist hands each worker a run of
# tests in order and lets a worker with nothing left take the others' last ones, so a long test
# met late keeps one worker busy after the other has run out (README, "Tests").
FIRST = ("tests/browser/test_wcag.py::",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (:data:`FIRST`), the others in their order."""
    items.sort(key=lambda item: not item.nodeid.startswith(FIRST))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    connections.begin(item.nodeid)
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """No connection of the app's storage left open: none whose last reference went while it
    was open, leaving it to the garbage collector (tests/support/connections.py says what that
    is and how it is found). Checked once the test's fixtures are torn down, and those of its
    module when it is the module's last: the test fails with where the connection was opened."""
    result = yield
    module_done = nextitem is None or getattr(nextitem, "module", None) is not getattr(
        item, "module", None
    )
    connections.collect_if_suspect(module_done)
    left = connections.left_open()
    if left:
        pytest.fail(
            "connections of the app's storage left open (never closed):\n" + "\n".join(left)
        )
    return result


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file with the schema made, closed (its log written back): copied for each
    test's app, which then finds nothing to migrate (a third of the time of making an app)."""
    made = make_app(tmp_path_factory.mktemp("migrated") / "games.sqlite")
    storage.storage(made).close()
    return Path(made.config["DATABASE"])


# The engines a test marked ``engines`` runs on, each in turn (issue 52); others run on SQLite.
ENGINES = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test marked ``engines`` that asks for ``engine`` (through ``app``, ``conn`` or itself)
    runs once on each engine."""
    marked = metafunc.definition.get_closest_marker
    if "engine" in metafunc.fixturenames and marked("engines") and not marked("sqlite_only"):
        metafunc.parametrize("engine", ENGINES, indirect=True)


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    """The engine of the test's database: ``"sqlite"``, or ``"postgresql"`` (marked
    ``engines``)."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """This test process's PostgreSQL server (tests/support/postgres.py)."""
    found = bin_folder()
    if found is None:
        pytest.fail("PostgreSQL's server is not installed: `make test` installs it (Debian).")
    server = PostgresServer(found)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(engine: str, request: pytest.FixtureRequest) -> Iterator[str | None]:
    """A database of the test's own on PostgreSQL, schema made, when the engine is
    PostgreSQL; else ``None``."""
    if engine != "postgresql":
        yield None
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    url = server.new_database()
    yield url
    server.drop(url)


@pytest.fixture
def new_database(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[Callable[[], str]]:
    """Makes a new database of the test's engine at each call (one per example of a property
    test): its file or URL. Dropped with the test."""
    if engine != "postgresql":
        yield lambda: str(tmp_path / f"{uuid.uuid4()}.sqlite")
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    made: list[str] = []

    def new() -> str:
        made.append(server.new_database())
        return made[-1]

    yield new
    for url in made:
        server.drop(url)


@pytest.fixture
def engine_settings(postgres_url: str | None) -> dict[str, str]:
    """The settings that put a real server (tests/support/server.py) on the test's engine: none
    on SQLite (its instance folder's file), the test's database on PostgreSQL."""
    return {} if postgres_url is None else {"SCOREKEEPER_DATABASE_URL": postgres_url}


@pytest.fixture
def target(tmp_path: Path, postgres_url: str | None) -> str:
    """Where the test's database is (``app``'s and ``conn``'s): its PostgreSQL URL, or its
    file."""
    return postgres_url or str(tmp_path / "games.sqlite")


@pytest.fixture
def app(tmp_path: Path, migrated: Path, postgres_url: str | None) -> Iterator[Flask]:
    database = tmp_path / "games.sqlite"
    if postgres_url is None:
        shutil.copyfile(migrated, database)
        made = make_app(database)
    else:
        made = make_app(postgres_url)
    yield made
    storage.storage(made).close()  # the app is done: no connection is left to the collector


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def database(app: Flask) -> Path:
    """The database file of ``app``."""
    return Path(app.config["DATABASE"])


@pytest.fixture
def conn(target: str) -> Iterator[StoredDatabase]:
    """A migrated database of its own (a file, or on PostgreSQL), opened without an app."""
    database = storage.connect(target)
    storage.migrate(database)
    yield database
    database.close()


@pytest.fixture
def csrf_app(tmp_path: Path) -> Iterator[Flask]:
    """The app as it is served: CSRF protection on."""
    made = make_app(tmp_path / "games.sqlite", csrf=True)
    yield made
    storage.storage(made).close()


@pytest.fixture
def example(client: FlaskClient) -> tuple[str, str]:
    """The worked example of RULES.md, two rounds played: its id and edit token."""
    return create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """One app and database file for a module of fuzz tests; every example empties and
    reseeds it (tests/fuzzing.py)."""
    path: Path = tmp_path_factory.mktemp("fuzz") / "games.sqlite"
    return make_app(path, SECRET_KEY="fuzz", PDF_CACHE_SIZE=0)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real server (tests/support/server.py) for a module's tests, over its own folder."""
    with running(tmp_path_factory.mktemp("live")) as server:
        yield server
