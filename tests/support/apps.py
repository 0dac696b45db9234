"""The app in process, as tests make it: testing mode over a database file of the test's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import create_app, storage


def make_app(database: Path | str, csrf: bool = False, **config: Any) -> Flask:
    """The app over ``database`` (a file, or a PostgreSQL URL); CSRF protection off unless
    ``csrf`` (then as it is served)."""
    where = "DATABASE_URL" if storage.is_url(str(database)) else "DATABASE"
    settings: dict[str, Any] = {"TESTING": True, where: str(database), "SECRET_KEY": "test"}
    # Share links keep the address the request used (tests/test_addresses.py sets its own).
    settings["LAN_ADDRESSES"] = []
    if not csrf:
        settings["WTF_CSRF_ENABLED"] = False
    return create_app(settings | config)
