"""Answers go compressed where the phone accepts it: Flask-Compress, on the table's Wi-Fi.

Pages, the stylesheet and the script shrink to a fifth or less (Brotli, else gzip or zstd, as the
browser accepts). Left as they are: answers under
``COMPRESS_MIN_SIZE`` (they fit in a packet anyway), streamed answers and files that are
compressed already (the PDF, the PNG icons), and the JSON API, whose ``ETag`` is the game's
version that programs send back in ``If-Match``: Flask-Compress would make it ``"2:gzip"``.
Behind a reverse proxy the app still compresses, and the proxy passes it on (docs/hosting.md).
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

compress = Compress()

# Blueprints whose answers keep their ETag as it is: the game's version (see above).
VERSIONED = frozenset({"api", "groups_api", "evenings_api"})

SETTINGS = {
    # Compressed by :func:`_compress`, not by Flask-Compress's own hook on every answer.
    "COMPRESS_REGISTER": False,
    "COMPRESS_STREAMS": False,
    "COMPRESS_MIN_SIZE": 500,
    # Brotli first when the browser takes several (every current one does): at level 5 it
    # packs the stylesheet a tenth smaller than gzip or zstd, in about a millisecond.
    "COMPRESS_ALGORITHM": ["br", "gzip", "zstd", "deflate"],
    "COMPRESS_BR_LEVEL": 5,
    "COMPRESS_MIMETYPES": [
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
    ],
}


def init_app(app: Flask) -> None:
    """Compress the app's answers; call before any other ``after_request`` hook is added, so
    that this one runs last (Flask runs them in reverse) and compresses the final body."""
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    compress.init_app(app)
    app.after_request(_compress)


def _compress(response: Response) -> Response:
    if request.blueprint in VERSIONED:
        return response
    compressed: Response = compress.after_request(response)
    return compressed
