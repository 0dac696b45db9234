"""The framework's floor: one Flask route that returns a constant page, served by Waitress.

Whatever the score pad costs above this is ours (templates, rules, storage); this much is
Flask, Waitress and the machine. ``python -m benchmarks.floor_app --port N`` serves it the way
``scorekeeper.serve`` serves the app, with the same thread count and the same interpreter
setting (``hosting.share_the_interpreter``).
"""

from __future__ import annotations

import argparse

from flask import Flask
from waitress import serve

from scorekeeper.web import hosting

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
    hosting.share_the_interpreter()
    serve(create_app(), host=args.host, port=args.port, threads=args.threads, ident="floor")


if __name__ == "__main__":
    main()
