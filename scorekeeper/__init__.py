"""The score pad for Wizard, Skull King and Oh Hell: a Flask app that replaces the paper pad at
the table."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import paths

# Every setting's default but the database file (in the instance folder).
DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 256 * 1024,
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 365,
    # The cookie is sent again only when it changes (a game started, opened or joined), not
    # re-signed on every page.
    "SESSION_REFRESH_EACH_REQUEST": False,
    "WTF_CSRF_TIME_LIMIT": None,
    "BABEL_DEFAULT_LOCALE": "en",
    "BABEL_TRANSLATION_DIRECTORIES": str(paths.TRANSLATIONS),
    "PDF_CACHE_SIZE": 64,
    # Printing takes a core: one sheet rendered at a time, four more waiting (web/pdf.py).
    "PDF_RENDERS": 1,
    "PDF_WAITING": 4,
    # A large group's figures and file: one counted at once and one more waiting (a waiting
    # request holds a server thread too: the round pages need the rest), sixteen versions kept
    # (web/heavy.py).
    "GROUP_WORK": 1,
    "GROUP_WAITING": 1,
    "GROUP_KEPT": 16,
    # A deleted game waits this many days in the trash, restorable, before it is deleted for
    # good (storage/trash.py); 0 deletes it at the next look.
    "TRASH_DAYS": 30,
    # The heavy work (printing, a group's figures and file) runs in a process of its own, so
    # that the round pages keep this one's interpreter; each task gets at most this many
    # seconds of processor time and megabytes of address space there (server/worker.py).
    "HEAVY_WORKER": True,
    "HEAVY_SECONDS": 60,
    "HEAVY_MEMORY_MB": 2048,
    # Hosting (docs/hosting.md): reverse proxies in front that set X-Forwarded-*, and how long a
    # browser keeps to HTTPS once it came over HTTPS.
    "TRUSTED_PROXIES": 0,
    "HSTS_SECONDS": 365 * 24 * 3600,
    # Static URLs carry a hash of the file (web/static_files.py), so a phone may keep them for a
    # year and asks for nothing but the page itself on each tap.
    "SEND_FILE_MAX_AGE_DEFAULT": 365 * 24 * 3600,
}


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: settings, instance folder, storage, then the web (pages, API, files).

    Settings come from, in order: :data:`DEFAULTS`, ``instance/config.py`` if present,
    environment variables prefixed ``SCOREKEEPER_`` (``SCOREKEEPER_DATABASE=/path/games.sqlite``),
    and ``test_config``.
    """
    instance = Path(os.environ.get("SCOREKEEPER_INSTANCE_PATH") or paths.INSTANCE).resolve()
    app = Flask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(paths.TEMPLATES),
        static_folder=str(paths.STATIC),
    )
    from scorekeeper.render import templating

    # Before anything asks for the app's Jinja environment (render/templating.py).
    app.jinja_environment = templating.Environment
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(DEFAULTS, DATABASE=str(instance / "scorekeeper.sqlite"))
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    app.config.from_mapping(test_config or {})
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance)

    from scorekeeper import storage, web

    storage.init_app(app)
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
