"""Static files: the stylesheet and scripts served minified, every URL named by its content.

Static URLs carry a hash of what is served (``?v=…``), so phones may cache them a year. The
stylesheet and the scripts are minified (rcssmin, rjsmin: no network, no npm) the first time
they are asked for, kept in memory, and compressed like any answer (web/compression.py); the
files in static/ stay readable and are what the tests and the repository hold.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

from scorekeeper.render import urls

# Files served minified, by their suffix: the minifier and the type they are served as.
MINIFIED = {".css": "text/css", ".js": "text/javascript"}


def init_app(app: Flask) -> None:
    """Add ``v=<hash>`` to every ``url_for('static', …)``; see ``SEND_FILE_MAX_AGE_DEFAULT``.

    Templates ask ``static_url(filename)``, kept with every other address (``urls.url``).
    """
    app.url_defaults(_static_version)
    app.jinja_env.globals["static_url"] = static_url
    app.view_functions["static"] = _serve


def static_url(filename: str) -> str:
    """The URL of a static file, with its content hash."""
    return urls.url("static", filename=filename)


def minified(path: Path) -> str:
    """The stylesheet or script at ``path`` as served: without comments and spare blanks."""
    return _minified(str(path))


@cache
def _minified(path: str) -> str:
    source = Path(path).read_text(encoding="utf-8")
    if path.endswith(".css"):
        import rcssmin

        return str(rcssmin.cssmin(source))
    import rjsmin

    return str(rjsmin.jsmin(source))


def _serve(filename: str) -> Response:
    """A static file; a stylesheet or script minified, from memory."""
    folder = current_app.static_folder or ""
    suffix = Path(filename).suffix
    if suffix not in MINIFIED:
        return current_app.send_static_file(filename)
    path = safe_join(folder, filename)
    if path is None or not Path(path).is_file():
        raise NotFound()
    body = minified(Path(path))
    response = Response(body, mimetype=MINIFIED[suffix])
    response.set_etag(_content_hash(folder, filename))
    response.cache_control.public = True
    response.cache_control.max_age = current_app.get_send_file_max_age(filename)
    response.make_conditional(request)
    return response


def _static_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "filename" in values:
        values.setdefault("v", _content_hash(current_app.static_folder or "", values["filename"]))


@cache
def _content_hash(folder: str, filename: str) -> str:
    """The hash of what is served for ``filename``: the minified text for a stylesheet or a
    script (a new minifier gives new URLs), the file's bytes otherwise."""
    path = Path(folder) / filename
    try:
        served = minified(path).encode() if path.suffix in MINIFIED else path.read_bytes()
    except OSError:
        return "0"
    return hashlib.sha256(served).hexdigest()[:12]
