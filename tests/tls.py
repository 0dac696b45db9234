"""A TLS-terminating reverse proxy for tests, like the one a hosted pad runs in front of the app:
HTTPS on a loopback port with a self-signed certificate made by the ``openssl`` command, each
request forwarded over plain HTTP to the real server with ``X-Forwarded-For``, ``-Proto`` and
``-Host``, as nginx or Caddy would send them.
"""

from __future__ import annotations

import ssl
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.support.client import Client
from tests.support.ports import HOST

# Hop-by-hop headers are the proxy's own business, never forwarded.
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "te",
    "trailer",
    "upgrade",
}


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 valid for a day, and its key (files in ``folder``)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    command += ["-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"]
    command += ["-addext", "subjectAltName=IP:127.0.0.1"]
    subprocess.run(
        command,
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


class _Forward(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    backend_port = 0

    def _forward(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {
            name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP
        }
        headers["Host"] = f"{HOST}:{self.backend_port}"
        headers["X-Forwarded-For"] = self.client_address[0]
        headers["X-Forwarded-Proto"] = "https"
        headers["X-Forwarded-Host"] = self.headers.get("Host", "")
        with Client(self.backend_port, timeout=30) as upstream:
            answer = upstream.send(self.command, self.path, body, headers)
        data = answer.body
        self.send_response_only(answer.status)
        for name, value in answer.headers.items():
            if name.lower() not in HOP_BY_HOP | {"content-length"}:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = _forward

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: pytest shows what fails


@contextmanager
def tls_proxy(backend_port: int, folder: Path) -> Iterator[str]:
    """HTTPS in front of the server on ``backend_port``; yields the proxy's base URL."""
    cert, key = self_signed_certificate(folder)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    handler = type("Forward", (_Forward,), {"backend_port": backend_port})
    server = ThreadingHTTPServer((HOST, 0), handler)
    server.daemon_threads = True
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, name="tls-proxy", daemon=True)
    thread.start()
    try:
        yield f"https://{HOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
