"""The framework's floor: one Flask route that returns a constant page, served as the pad is.

Whatever the score pad costs above this is ours (templates, rules, storage); this much is
Flask, the server (Uvicorn, with a2wsgi's WSGI adapter) and the machine.
``python -m benchmarks.floor_app --port N`` serves it the way ``scorekeeper.serve`` serves the
app, with the same thread count.
"""

from __future__ import annotations

import argparse

from a2wsgi import WSGIMiddleware
from flask import Flask

from scorekeeper.server import listening, running

PAGE = "<!doctype html><title>Floor</title><p>A constant page.</p>\n"


def create_app() -> Flask:
    """The minimal app: ``/`` answers GET and POST with the same constant page."""
    app = Flask(__name__)

    @app.route("/", methods=["GET", "POST"])
    def constant() -> str:
        return PAGE

    return app


def main() -> None:
    """Parse --host/--port/--threads and serve until stopped."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    floor = WSGIMiddleware(create_app(), workers=args.threads)  # type: ignore[arg-type]
    held = listening.hold(args.host, args.port)
    running.serve(floor, held, host=args.host, port=args.port)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
