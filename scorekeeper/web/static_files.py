"""Static URLs carry a hash of the file's content (``?v=…``), so phones may cache them a year."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from scorekeeper.render import urls


def init_app(app: Flask) -> None:
    """Add ``v=<hash>`` to every ``url_for('static', …)``; see ``SEND_FILE_MAX_AGE_DEFAULT``.

    Templates ask ``static_url(filename)``, kept with every other address (``urls.url``).
    """
    app.url_defaults(_static_version)
    app.jinja_env.globals["static_url"] = static_url


def static_url(filename: str) -> str:
    """The URL of a static file, with its content hash."""
    return urls.url("static", filename=filename)


def _static_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values:
        values.setdefault("v", _content_hash(current_app.static_folder or "", values["filename"]))


@cache
def _content_hash(folder: str, filename: str) -> str:
    try:
        return hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:12]
    except OSError:
        return "0"
