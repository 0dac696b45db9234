"""A thousand connections trickling a request in leave a new visitor served (the real server,
docs/hosting.md): they wait in the server's event loop, and each is closed once its head has
taken too long. How fast the visitor is served goes to ``make bench``."""

from __future__ import annotations

from pathlib import Path

from tests.support.server import running
from tests.support.slow import another_line, trickling, visitor_seconds

TRICKLING = 1000


def test_a_new_visitor_is_served_beside_a_thousand_trickling_connections(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    with running(instance) as live, trickling(live.port, TRICKLING) as opened:
        another_line(opened)
        status, _seconds = visitor_seconds(live.port)
        assert status == 200
        another_line(opened)
        assert visitor_seconds(live.port)[0] == 200
