"""``make run``: serve the app with Uvicorn on all interfaces and print where to open it."""

from __future__ import annotations

import argparse
import sys

from scorekeeper import create_app
from scorekeeper.server import asgi, connections, listening, running
from scorekeeper.web import addresses, hosting


def main() -> None:
    """Parse --host/--port/--threads and serve until stopped."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--threads", type=int, default=asgi.THREADS)
    args = parser.parse_args()
    # The port is held before anything is printed: an address on the screen is the pad's, and
    # a port another program holds is said in a sentence, not in Uvicorn's "[Errno 98]".
    try:
        held = listening.hold(args.host, args.port)
    except listening.NotListening as refusal:
        sys.exit(str(refusal))
    port = held[0].getsockname()[1]  # the one taken when --port 0 asks for any free one
    app = create_app()
    # Share links name an address the server really answers on (addresses.base_url).
    app.config["LISTEN_HOST"] = args.host
    found = addresses.lan_addresses(app)
    addresses.announce(sys.stdout, args.host, port, found, app.config.get("PUBLIC_URL"))
    running.serve(
        hosting.asgi_app(app, threads=args.threads),
        held,
        host=args.host,
        port=port,
        # Behind a proxy every connection comes from it: the proxy caps its own clients.
        per_address=None if hosting.trusted_proxies(app) else connections.MOST_PER_ADDRESS,
    )


if __name__ == "__main__":
    main()
