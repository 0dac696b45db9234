"""The nginx and Caddy blocks of docs/hosting.md work on any port: behind one trusted proxy, with
the headers each block sends, a form posted over HTTPS from a page on port 443, 8443 or 4443 is
accepted (Flask-WTF compares the Referer's origin with the address the pad believes it has).

The nginx block is read from the document itself, so the test follows what people copy; where
``nginx`` is installed, the block also runs for real in front of the real server.
"""

from __future__ import annotations

import http.client
import json
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.plays import EXAMPLE_GAME, EXAMPLE_ROUNDS
from tests.support.apps import make_app
from tests.support.ports import HOST, free_port
from tests.support.server import PROJECT_ROOT, running
from tests.tls import self_signed_certificate

HOSTING = PROJECT_ROOT / "docs" / "hosting.md"
SITE = "wizard.example.org"
BROWSER = "203.0.113.9"


def nginx_block() -> str:
    """The documented nginx configuration (its first ```nginx block)."""
    found = re.search(r"```nginx\n(.*?)```", HOSTING.read_text(encoding="utf-8"), re.S)
    assert found, "docs/hosting.md has no nginx block"
    return found.group(1)


def nginx_headers(host: str) -> dict[str, str]:
    """The headers the documented nginx block sends for a browser's request to ``host``
    over HTTPS: each ``proxy_set_header`` with nginx's variables filled in."""
    values = {
        "$http_host": host,  # what the browser sent, port and all
        "$host": host.split(":", 1)[0],  # nginx's $host never has the port
        "$scheme": "https",
        "$proxy_add_x_forwarded_for": BROWSER,
    }
    headers = {}
    for name, value in re.findall(r"proxy_set_header\s+(\S+)\s+(\$\w+);", nginx_block()):
        headers[name] = values[value]
    return headers


def caddy_headers(host: str) -> dict[str, str]:
    """What Caddy's ``reverse_proxy`` sends (its documented defaults): the browser's Host
    unchanged, and X-Forwarded-For, -Proto and -Host."""
    caddyfile = re.search(r"```caddyfile\n(.*?)```", HOSTING.read_text(encoding="utf-8"), re.S)
    assert caddyfile and "header_up" not in caddyfile.group(1), "the Caddy block changes headers"
    return {
        "Host": host,
        "X-Forwarded-For": BROWSER,
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": host,
    }


@pytest.fixture
def proxied_app(tmp_path: Path) -> Iterator[Flask]:
    """The app as served behind one proxy: CSRF protection on, X-Forwarded-* believed."""
    yield make_app(tmp_path / "games.sqlite", csrf=True, TRUSTED_PROXIES=1)


def post_a_form(
    phone: FlaskClient,
    headers: dict[str, str],
    origin: str,
    *,
    referer: bool = True,
    sent_origin: str | None = "",
) -> int:
    """Open "New group" and post it as a browser on ``origin`` would: the status of the post.
    ``referer`` False: the Referer stripped (a privacy setting); ``sent_origin`` the Origin
    header sent instead of the page's (``None``: none)."""
    forwarded = {key: value for key, value in headers.items() if key != "Host"}
    # The proxy talks to the pad on its loopback port; the Host header is the proxy's to set.
    environ = {"HTTP_HOST": headers["Host"]}
    page = phone.get("/groups/new", headers=forwarded, environ_overrides=environ)
    assert page.status_code == 200
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.get_data(as_text=True))
    assert token is not None
    sent = forwarded | {"Origin": origin if sent_origin == "" else sent_origin}
    if sent["Origin"] is None:
        del sent["Origin"]
    if referer:
        sent["Referer"] = f"{origin}/groups/new"
    answer = phone.post(
        "/groups/new",
        data={"name": "Friday club", "csrf_token": token.group(1)},
        headers=sent,
        environ_overrides=environ,
    )
    return answer.status_code


PORTS = [443, 8443, 4443]


def browser_host(port: int) -> str:
    """The Host a browser sends for https://SITE:port (none for the default port)."""
    return SITE if port == 443 else f"{SITE}:{port}"


@pytest.mark.parametrize("port", PORTS)
@pytest.mark.parametrize("proxy", ["nginx", "caddy"])
def test_a_form_posted_through_the_documented_proxy_is_accepted_on_any_port(
    proxied_app: Flask, proxy: str, port: int
) -> None:
    host = browser_host(port)
    headers = nginx_headers(host) if proxy == "nginx" else caddy_headers(host)
    assert post_a_form(proxied_app.test_client(), headers, f"https://{host}") == 303


@pytest.mark.parametrize(
    ("sent_origin", "status"),
    [("", 303), ("https://elsewhere.example", 400), ("null", 400), (None, 400)],
    ids=["same-origin", "cross-origin", "opaque", "none"],
)
def test_a_form_without_a_referer_is_judged_by_its_origin(
    proxied_app: Flask, sent_origin: str | None, status: int
) -> None:
    """Privacy settings strip the Referer: over HTTPS a form with a same-origin Origin is
    accepted, with another origin or none it is refused as before (issue 32)."""
    host = browser_host(8443)
    headers = nginx_headers(host)
    posted = post_a_form(
        proxied_app.test_client(),
        headers,
        f"https://{host}",
        referer=False,
        sent_origin=sent_origin,
    )
    assert posted == status


def test_without_the_port_in_host_every_form_is_refused(proxied_app: Flask) -> None:
    """Why the block says $http_host: nginx's $host drops the port, and the Referer keeps it."""
    host = browser_host(8443)
    dropped = {
        "Host": SITE,
        "X-Forwarded-For": BROWSER,
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": SITE,
    }
    assert post_a_form(proxied_app.test_client(), dropped, f"https://{host}") == 400


# --- the real nginx, where it is installed ---------------------------------------------------


def _wait_for(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


def nginx_config(folder: Path, listen: int, backend: int) -> Path:
    """The documented server block on a loopback port, with a self-signed certificate, inside
    the few lines nginx needs to run as this user in ``folder``."""
    cert, key = self_signed_certificate(folder)
    server = nginx_block().split("\nserver {")[0]  # the HTTPS server, not the redirect
    server = server.replace("listen 443 ssl;", f"listen {HOST}:{listen} ssl;")
    server = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};", server)
    server = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", server)
    server = server.replace("http://127.0.0.1:8000", f"http://{HOST}:{backend}")
    temp = folder / "nginx-temp"
    temp.mkdir()
    config = folder / "nginx.conf"
    config.write_text(
        f"daemon off;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'nginx-error.log'};\n"
        "events {}\n"
        f"http {{\n  access_log off;\n  client_body_temp_path {temp};\n"
        f"  proxy_temp_path {temp};\n  fastcgi_temp_path {temp};\n  uwsgi_temp_path {temp};\n"
        f"  scgi_temp_path {temp};\n{server}\n}}\n",
        encoding="utf-8",
    )
    return config


def _request(
    port: int, context: ssl.SSLContext, method: str, path: str, headers: dict[str, str], body: str
) -> http.client.HTTPResponse:
    connection = http.client.HTTPSConnection(HOST, port, context=context, timeout=30)
    connection.request(method, path, body=body or None, headers=headers)
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer


def a_change_is_pushed_through(port: int, context: ssl.SSLContext) -> None:
    """A game's stream, opened through the proxy, has a change as soon as it is saved: nothing
    holds it back on the way (docs/hosting.md, "Behind a proxy, a stream must pass through")."""
    json_type = {"Content-Type": "application/json"}
    made = http.client.HTTPSConnection(HOST, port, context=context, timeout=30)
    made.request("POST", "/api/games", json.dumps(EXAMPLE_GAME), json_type)
    game = json.loads(made.getresponse().read())
    made.close()
    stream = http.client.HTTPSConnection(HOST, port, context=context, timeout=10)
    stream.request("GET", f"/games/{game['id']}/events")
    events = stream.getresponse()
    assert events.status == 200

    def next_version() -> str:
        kind = b""
        while True:
            line = events.readline()
            assert line, "the stream ended"
            if line.startswith(b"event: "):
                kind = line[7:].strip()
            elif line.startswith(b"data: ") and kind == b"version":
                return line[6:].strip().decode()

    assert next_version() == "1"
    headers = {**json_type, "Authorization": f"Bearer {game['edit_token']}"}
    body = json.dumps(EXAMPLE_ROUNDS[0])
    sent = time.monotonic()
    posted = _request(port, context, "POST", f"/api/games/{game['id']}/rounds", headers, body)
    assert posted.status == 201
    assert next_version() == "2"
    assert time.monotonic() - sent < 2, "the change waited on the way"
    stream.close()


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_the_documented_nginx_block_runs_on_another_port(tmp_path: Path) -> None:
    listen = free_port()
    with running(tmp_path / "instance", env={"SCOREKEEPER_TRUSTED_PROXIES": "1"}) as server:
        config = nginx_config(tmp_path, listen, server.port)
        nginx = subprocess.Popen(
            # -e: the error log from the start, before the configuration is read.
            [
                "nginx",
                "-p",
                str(tmp_path),
                "-e",
                str(tmp_path / "nginx-error.log"),
                "-c",
                str(config),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for(listen)
            context = ssl.create_default_context(cafile=str(tmp_path / "cert.pem"))
            origin = f"https://{HOST}:{listen}"
            page = http.client.HTTPSConnection(HOST, listen, context=context, timeout=30)
            page.request("GET", "/groups/new")
            answer = page.getresponse()
            html = answer.read().decode()
            cookie = (answer.getheader("Set-Cookie") or "").split(";", 1)[0]
            page.close()
            token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html)
            assert answer.status == 200 and token is not None
            body = f"name=Friday+club&csrf_token={token.group(1)}"
            headers = {
                "Cookie": cookie,
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": origin,
                "Referer": f"{origin}/groups/new",
            }
            posted = _request(listen, context, "POST", "/groups/new", headers, body)
            assert posted.status == 303, (tmp_path / "nginx-error.log").read_text()
            assert (posted.getheader("Location") or "").startswith("/groups/")
            a_change_is_pushed_through(listen, context)
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
