"""Wizard score pad: a Flask app that replaces the paper pad at the table."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

# templates/ and static/ sit at the top of the project, beside the package.
PROJECT_ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config, instance folder, database, blueprints and error pages.

    Settings come from, in order: defaults, ``instance/config.py`` if present, environment
    variables prefixed ``SCOREKEEPER_`` (``SCOREKEEPER_DATABASE=/path/games.sqlite``), and
    ``test_config``.
    """
    instance = os.environ.get("SCOREKEEPER_INSTANCE_PATH") or str(PROJECT_ROOT / "instance")
    app = Flask(
        __name__,
        instance_path=str(Path(instance).resolve()),
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "scorekeeper.sqlite"),
        MAX_CONTENT_LENGTH=256 * 1024,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 365,
        WTF_CSRF_TIME_LIMIT=None,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(PROJECT_ROOT / "translations"),
        PDF_CACHE_SIZE=64,
        # Static URLs carry a hash of the file (web.py), so a phone may keep them for a year
        # and asks for nothing but the page itself on each tap.
        SEND_FILE_MAX_AGE_DEFAULT=365 * 24 * 3600,
    )
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    from scorekeeper import db, web

    db.init_app(app)
    web.init_app(app)
    return app


def _instance_secret(instance: Path) -> str:
    """The secret key kept in ``instance/secret_key``, made on first start and never committed."""
    path = instance / "secret_key"
    if not path.exists():
        # O_EXCL: two workers starting together must not write two different keys.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
    return path.read_text().strip()
