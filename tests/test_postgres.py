"""PostgreSQL, the second engine (issue 52), on a real server of the tests' own
(tests/support/postgres.py): its schema made once however many pad servers start together, a
read-only database or a server away said as such, two pad servers taking a round for the same
game at once keeping one, and a pad moved from SQLite to PostgreSQL and back reading the same,
byte for byte. The storage tests, the API's contract, the record's property tests, a round
pushed from one server to a phone on another (tests/test_streams.py) and a killed pad server
(tests/test_trust_crash.py) run on both engines where they are (``pytest.mark.engines``)."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from flask.testing import FlaskClient

from scorekeeper import storage
from scorekeeper.storage import migrations as schema_migrations
from scorekeeper.storage import moving, postgres_schema
from tests.pdfs import play
from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS, bearer, create
from tests.support.apps import make_app
from tests.support.client import Client
from tests.support.ports import free_port
from tests.support.postgres import PostgresServer, bin_folder
from tests.support.server import PROJECT_ROOT, Server, server_env
from tests.test_faults import CANNOT_SAVE, ROUND_3
from tests.test_migration_snapshot import GAME_PARTS, IDS, SNAPSHOT, answer, kept
from tests.test_streams import Stream, new_game, post_round
from tests.test_trash_groups_db import PLAYERS, club_night
from tests.traffic import stored_rounds

# --- the schema ----------------------------------------------------------------------------------


def _tables(db: psycopg.Connection[Any]) -> set[str]:
    found = db.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    ).fetchall()
    return {row[0] for row in found}


def test_the_schema_is_made_once_and_migrating_again_changes_nothing(
    postgres: PostgresServer,
) -> None:
    url = postgres.empty_database()
    db = storage.connect(url)
    try:
        storage.migrate(db)
        with psycopg.connect(url) as look:
            tables = _tables(look)
            schema = look.execute(
                "SELECT table_name, column_name, data_type, collation_name"
                " FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2"
            ).fetchall()
        assert set(moving.TABLES) | {"scorekeeper_migrations"} == tables
        storage.migrate(db)
        with psycopg.connect(url) as look:
            again = look.execute(
                "SELECT table_name, column_name, data_type, collation_name"
                " FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2"
            ).fetchall()
            applied = look.execute("SELECT name FROM scorekeeper_migrations").fetchall()
        assert again == schema
        assert applied == [("m025_baseline",)]
        # every text sorts by its bytes, as SQLite's: the same order on both engines
        assert {collation for _t, _c, kind, collation in schema if kind == "text"} == {"C"}
        # no score is stored (an imported play's totals are its facts: issue 51)
        scores = [c for t, c, _k, _o in schema if ("score" in c or "total" in c)]
        assert scores == ["totals"] and ("imported_games", "totals") in [r[:2] for r in schema]
    finally:
        db.close()


def test_every_sqlite_migration_past_the_baseline_has_its_postgresql_statements() -> None:
    names = schema_migrations.names()
    past = names[names.index(postgres_schema.BASELINE_OF) + 1 :]
    assert [name for name, _sql in postgres_schema.MIGRATIONS[1:]] == past


START = """
import sys
from scorekeeper import create_app, storage
app = create_app({"SECRET_KEY": "t", "DATABASE_URL": sys.argv[1]})
storage.storage(app).close()
"""


def test_servers_starting_together_on_an_empty_database_make_the_schema_once(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    url = postgres.empty_database()
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", START, url],
            cwd=PROJECT_ROOT,
            env=server_env(tmp_path / f"instance{n}"),
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(4)
    ]
    for started in starts:
        _out, errors = started.communicate(timeout=60)
        assert started.returncode == 0, errors
    with psycopg.connect(url) as look:
        assert look.execute("SELECT name FROM scorekeeper_migrations").fetchall() == [
            ("m025_baseline",)
        ]
        assert set(moving.TABLES) <= _tables(look)


@pytest.mark.engines
def test_the_backup_command_points_to_postgresqls_own_tools(
    app: Any, engine: str, tmp_path: Path
) -> None:
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "copy.sqlite")])
    if engine == "sqlite":
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1
    assert "The games are on PostgreSQL: copy them with pg_dump" in result.output
    assert not (tmp_path / "copy.sqlite").exists()


def test_an_unreachable_database_stops_the_start_with_a_clear_message(tmp_path: Path) -> None:
    url = f"postgresql://pad:secret@127.0.0.1:{free_port()}/nothing"
    with pytest.raises(RuntimeError, match="cannot be reached") as refused:
        make_app(url)
    assert "secret" not in str(refused.value)  # a password is never written in a log


def test_a_read_only_database_shows_every_game_and_refuses_entries_with_a_sentence(
    postgres: PostgresServer, caplog: pytest.LogCaptureFixture
) -> None:
    url = postgres.new_database()
    client = make_app(url).test_client()
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    storage.storage(client.application).close()
    with psycopg.connect(url, autocommit=True) as admin:  # a standby, say
        admin.execute(
            f"ALTER DATABASE {url.rsplit('/', 1)[1]} SET default_transaction_read_only = on"
        )
    app = make_app(url)
    assert "cannot be written (the database is read-only)" in caplog.text
    client = app.test_client()
    for path in (f"/games/{game_id}", f"/games/{game_id}/sheet", f"/api/games/{game_id}"):
        assert client.get(path).status_code == 200, path
    response = client.post(f"/api/games/{game_id}/rounds", json=ROUND_3, headers=bearer(token))
    assert response.status_code == 503
    assert response.json == {"error": CANNOT_SAVE, "code": "read_only"}
    assert len(client.get(f"/api/games/{game_id}").json["rounds"]) == 2  # type: ignore[index]
    storage.storage(app).close()


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of the test's own, to stop and start again."""
    found = bin_folder()
    assert found is not None
    server = PostgresServer(found)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_a_database_server_away_and_back_loses_nothing_and_says_so_meanwhile(
    own_postgres: PostgresServer,
) -> None:
    url = own_postgres.new_database()
    app = make_app(url)
    client = app.test_client()
    game_id, token = create(client, {**EXAMPLE_GAME, "rounds": EXAMPLE_ROUNDS})
    own_postgres.pause()
    own_postgres.resume()  # every connection the app kept was dropped: met again at once
    assert len(client.get(f"/api/games/{game_id}").json["rounds"]) == 2  # type: ignore[index]
    own_postgres.pause()
    read = client.get(f"/api/games/{game_id}")
    assert read.status_code == 503
    assert read.json["code"] == "database_away"  # type: ignore[index]
    assert client.get(f"/games/{game_id}").status_code == 503
    sent = client.post(f"/api/games/{game_id}/rounds", json=ROUND_3, headers=bearer(token))
    assert sent.status_code == 503
    assert sent.json == {"error": CANNOT_SAVE, "code": "read_only"}
    own_postgres.resume()
    sent = client.post(f"/api/games/{game_id}/rounds", json=ROUND_3, headers=bearer(token))
    assert sent.status_code == 201
    assert len(client.get(f"/api/games/{game_id}").json["rounds"]) == 3  # type: ignore[index]
    storage.storage(app).close()


def test_a_phones_stream_goes_on_after_the_database_server_restarts(
    own_postgres: PostgresServer, tmp_path: Path
) -> None:
    (server,) = _servers(own_postgres, tmp_path, 1)
    server.start()
    try:
        game = new_game(server.port)
        stream = Stream(server.port, game["id"])
        try:
            assert stream.next_version() == "1"
            own_postgres.pause()
            own_postgres.resume()
            post_round(server.port, game)
            assert stream.next_version() == "2"
        finally:
            stream.close()
    finally:
        server.stop()


# --- several pad servers on one database -----------------------------------------------------


def _servers(postgres: PostgresServer, tmp_path: Path, count: int = 2) -> list[Server]:
    url = postgres.new_database()
    return [
        Server(tmp_path / f"server{n}", env={"SCOREKEEPER_DATABASE_URL": url}) for n in range(count)
    ]


def test_two_servers_taking_a_round_for_the_same_game_at_once_keep_one(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    servers = _servers(postgres, tmp_path)
    for server in servers:
        server.start()
    try:
        game = new_game(servers[0].port)
        rounds = [EXAMPLE_ROUNDS[0], {**EXAMPLE_ROUNDS[0], "tricks": [0, 0, 1]}]
        together = threading.Barrier(2)
        answers: list[tuple[int, dict[str, Any]]] = []

        def take(server: Server, played: dict[str, Any]) -> None:
            with Client(server.port) as client:
                together.wait()
                path = f"/api/games/{game['id']}/rounds"
                headers = {"If-Match": '"1"'}
                answers.append(client.request("POST", path, played, game["edit_token"], headers))

        threads = [
            threading.Thread(target=take, args=pair) for pair in zip(servers, rounds, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(status for status, _answer in answers) == [201, 412]
        with Client(servers[1].port) as client:
            stored = stored_rounds(client, game["id"])
        kept_round = rounds[[status for status, _ in answers].index(201)]
        assert [{"bids": r["bids"], "tricks": r["tricks"]} for r in stored] == [
            {"bids": kept_round["bids"], "tricks": kept_round["tricks"]}
        ]
    finally:
        for server in servers:
            server.stop()


# --- moving a pad ----------------------------------------------------------------------------


def _old_pad(path: Path) -> None:
    """The m011 snapshot (every game of the family, a group), brought up to date, with a club
    night drawn, a game in the trash and the history of each change."""
    with sqlite3.connect(path) as old:
        old.executescript((SNAPSHOT / "m011.sql").read_text())
    old.close()
    db = storage.connect(path)
    try:
        storage.migrate(db)
        group, _evening = club_night(db, "Club")
        storage.trash_game(
            db, storage.create_group_game(db, group.id, play(PLAYERS[:4], rounds=2)).id
        )
    finally:
        db.close()


def _outputs(client: FlaskClient) -> dict[str, str]:
    """Every game's, group's and club night's answer a player takes away."""
    found = {}
    for name, game_id in IDS["games"].items():
        for part, url in (
            ("export.json", f"/games/{game_id}/export.json"),
            ("export.csv", f"/games/{game_id}/export.csv"),
            ("api.json", f"/api/games/{game_id}"),
            ("sheet.pdf.txt", f"/games/{game_id}/sheet.pdf"),
            ("page", f"/games/{game_id}"),
            ("sheet", f"/games/{game_id}/sheet"),
        ):
            found[f"{name}/{part}"] = _unsigned(answer(client, url, part))
    group = IDS["group"]
    found["group/export.json"] = answer(client, f"/groups/{group}/export.json", "export.json")
    found["group/stats.json"] = answer(client, f"/api/groups/{group}/stats", "stats.json")
    db = storage.connect(storage.database_of(client.application))
    try:
        evenings = [row[0] for row in db.execute("SELECT id FROM evenings ORDER BY id")]
        groups = [row[0] for row in db.execute("SELECT id FROM groups ORDER BY id")]
    finally:
        db.close()
    for evening_id in evenings:
        found[f"{evening_id}.json"] = answer(client, f"/evenings/{evening_id}/export.json", "x")
        found[evening_id] = _unsigned(answer(client, f"/evenings/{evening_id}", "x"))
    for group_id in groups:
        found[f"{group_id}.json"] = answer(client, f"/groups/{group_id}/export.json", "x")
        found[group_id] = _unsigned(answer(client, f"/groups/{group_id}", "x"))
    return found


def _unsigned(page: str) -> str:
    """A page without the form tokens signed for this request (new at every request)."""
    return re.sub(r'name="csrf_token"[^>]*value="[^"]*"', 'name="csrf_token"', page)


def _move(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", "move-pad", source, target],
        cwd=PROJECT_ROOT,
        env=server_env(Path(source).parent if not storage.is_url(source) else None),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_pad_moved_to_postgresql_and_back_reads_the_same(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    original = tmp_path / "games.sqlite"
    _old_pad(original)
    on_sqlite = make_app(original)
    before = _outputs(on_sqlite.test_client())
    storage.storage(on_sqlite).close()
    for name in IDS["games"]:  # the snapshot's answers, as the pad gave them on SQLite
        for part in GAME_PARTS:
            assert before[f"{name}/{part}"] == kept(name, part)

    url = postgres.empty_database()
    moved = _move(str(original), url)
    assert moved.returncode == 0, moved.stderr
    assert "every export reads the same" in moved.stdout
    on_postgres = make_app(url)
    assert _outputs(on_postgres.test_client()) == before
    storage.storage(on_postgres).close()

    back = tmp_path / "back" / "games.sqlite"
    back.parent.mkdir()
    moved = _move(url, str(back))
    assert moved.returncode == 0, moved.stderr
    on_sqlite_again = make_app(back)
    assert _outputs(on_sqlite_again.test_client()) == before
    storage.storage(on_sqlite_again).close()


def test_a_pad_is_copied_a_few_rows_at_a_time_both_ways(
    postgres: PostgresServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(moving, "BATCH", 3)  # every table in several batches
    source = storage.connect(tmp_path / "games.sqlite")
    target = storage.connect(postgres.empty_database())
    back = storage.connect(tmp_path / "back.sqlite")
    try:
        for db in (source, target, back):
            storage.migrate(db)
        stored = [storage.create_game(source, play(PLAYERS[:n], rounds=2)) for n in (3, 4, 5)]
        moving.copy_pad(source, target)
        moving.copy_pad(target, back)
        assert moving.counts(source) == moving.counts(target) == moving.counts(back)
        assert [storage.load(back, game.id) for game in stored] == stored
    finally:
        for db in (source, target, back):
            db.close()


def test_a_pad_is_never_moved_into_a_database_that_holds_games(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    source = tmp_path / "games.sqlite"
    _old_pad(source)
    url = postgres.new_database()
    target = storage.connect(url)
    try:
        stored = storage.create_game(target, play(("Ana", "Ben", "Cleo"), rounds=2))
        before = moving.counts(target)
    finally:
        target.close()
    refused = _move(str(source), url)
    assert refused.returncode == 1
    assert "already holds games or groups: nothing was copied" in refused.stderr
    assert "Move a pad only into an empty database." in refused.stderr
    target = storage.connect(url)
    try:
        assert moving.counts(target) == before
        assert storage.load(target, stored.id) == stored
    finally:
        target.close()


def test_the_move_command_says_where_it_cannot_reach(tmp_path: Path) -> None:
    refused = _move(
        str(tmp_path / "games.sqlite"), f"postgresql://pad:pw@127.0.0.1:{free_port()}/x"
    )
    assert refused.returncode == 1
    assert "Cannot reach the database" in refused.stderr
    assert ":pw@" not in refused.stderr
