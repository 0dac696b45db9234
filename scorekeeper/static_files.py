"""Static URLs carry a hash of the file's content (``?v=…``), so phones may cache them a year."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, current_app


def init_app(app: Flask) -> None:
    """Add ``v=<hash>`` to every ``url_for('static', …)``; see ``SEND_FILE_MAX_AGE_DEFAULT``."""
    app.url_defaults(_static_version)


def _static_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values:
        values.setdefault("v", _content_hash(current_app.static_folder or "", values["filename"]))


@cache
def _content_hash(folder: str, filename: str) -> str:
    try:
        return hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:12]
    except OSError:
        return "0"
