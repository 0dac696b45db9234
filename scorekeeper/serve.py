"""``make run``: serve the app with Waitress on all interfaces and print where to open it."""

from __future__ import annotations

import argparse
import socket

from waitress import serve

from scorekeeper import create_app, hosting


def addresses(host: str, port: int) -> list[str]:
    """The addresses a phone on the same network can open."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}/"]
    found = {"127.0.0.1"}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return [f"http://{ip}:{port}/" for ip in sorted(found)]


def main() -> None:
    """Parse --host/--port and serve until stopped."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()
    app = create_app()
    print("Wizard score pad is running. Open it on a phone on this network:", flush=True)
    for address in addresses(args.host, args.port):
        print(f"  {address}", flush=True)
    hosting.raise_open_files_limit()
    hosting.share_the_interpreter()
    serve(
        app,
        host=args.host,
        port=args.port,
        threads=args.threads,
        ident="scorekeeper",
        **hosting.waitress_options(app),
    )


if __name__ == "__main__":
    main()
