"""Where other phones reach this pad: the machine's network addresses, or its public URL.

A QR code is only useful when the phone that scans it can open the address inside. The address
the scorekeeper's own browser used may be ``localhost`` on the laptop that serves the pad, which
no other phone can open; so links meant for other phones are built from, in order:

1. ``PUBLIC_URL`` (``SCOREKEEPER_PUBLIC_URL``) when the pad is hosted behind a name: it always
   wins, and the request's ``Host`` header is then never used;
2. the request's own address when it is not a loopback one (the phone already used an address
   the others can use too);
3. the first network address of this machine that the server listens on, with its port;
4. the request's address after all (a laptop with no network: nothing else would work either).

The addresses come from the interfaces themselves (psutil, on Linux, macOS and Windows alike):
nothing is sent anywhere to find them. ``LAN_ADDRESSES`` (a list of IPs) replaces what the
interfaces say, for tests and for machines whose interfaces say too much.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Iterable
from typing import IO
from urllib.parse import urlsplit

from flask import Flask, current_app, request

# Interfaces of containers and virtual machines: listed last, since a phone is rarely on them.
VIRTUAL_PREFIXES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "lxc",
    "lxd",
    "cni",
    "podman",
    "utun",
    "awdl",
    "llw",
)
WILDCARD_V4 = ("0.0.0.0", "")
WILDCARD_V6 = ("::", "[::]")
_CACHE_SECONDS = 10.0
_cache: tuple[float, list[str]] = (0.0, [])
_cache_lock = threading.Lock()


def init_app(app: Flask) -> None:
    """Check ``PUBLIC_URL`` once at start: a typo there would put a dead link in every QR code."""
    public = str(app.config.get("PUBLIC_URL") or "").strip()
    if public:
        parts = urlsplit(public)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(
                f"SCOREKEEPER_PUBLIC_URL must look like https://wizard.example.org, not {public!r}"
            )
        app.config["PUBLIC_URL"] = public.rstrip("/")


# --- the machine's addresses -----------------------------------------------------------------


def interface_addresses() -> list[str]:
    """This machine's addresses on interfaces that are up, without loopback and link-local ones:
    IPv4 before IPv6, container and VM bridges last, otherwise in the order the system lists."""
    import psutil  # here, not at start: only ``make run`` and the share page need it

    try:
        stats = psutil.net_if_stats()
        interfaces = psutil.net_if_addrs()
    except OSError:
        return []
    found: list[tuple[bool, int, str]] = []
    for name, entries in interfaces.items():
        if name in stats and not stats[name].isup:
            continue
        for entry in entries:
            if entry.family not in (socket.AF_INET, socket.AF_INET6):
                continue
            ip = _usable(entry.address)
            if ip is not None:
                found.append((name.lower().startswith(VIRTUAL_PREFIXES), ip.version, str(ip)))
    # sorted() keeps the system's order among equals.
    return _unique(address for _virtual, _version, address in sorted(found, key=lambda f: f[:2]))


def _usable(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified:
        return None
    return ip


def _unique(addresses: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(addresses))


def reachable(listen_host: str | None, found: Iterable[str]) -> list[str]:
    """The addresses among ``found`` that a server listening on ``listen_host`` answers on
    (``None``: not known, so every one)."""
    found = list(found)
    if listen_host is None or listen_host in WILDCARD_V6:
        return found
    if listen_host in WILDCARD_V4:
        return [ip for ip in found if ipaddress.ip_address(ip).version == 4]
    ip = _usable(listen_host.strip("[]"))
    return [str(ip)] if ip is not None else []


def url(host: str, port: int | str) -> str:
    """``http://host:port/`` with an IPv6 address in brackets and port 80 left out."""
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass
    return f"http://{host}/" if str(port) == "80" else f"http://{host}:{port}/"


def loopback_url(listen_host: str, port: int) -> str | None:
    """The address to open on the serving machine itself, if the server listens there."""
    if listen_host in WILDCARD_V4 or listen_host.startswith("127."):
        return url("127.0.0.1", port)
    if listen_host in (*WILDCARD_V6, "::1", "[::1]"):
        return url("::1", port)
    if listen_host == "localhost":
        return url("localhost", port)
    return None


# --- links in pages --------------------------------------------------------------------------


def lan_addresses(app: Flask | None = None) -> list[str]:
    """``LAN_ADDRESSES`` if set, else the interfaces' addresses (asked at most every 10 s: a
    laptop may change networks while it serves)."""
    configured = (app or current_app).config.get("LAN_ADDRESSES")
    if configured is not None:
        return [str(ip) for ip in configured]
    global _cache
    with _cache_lock:
        stamp, found = _cache
        if time.monotonic() - stamp > _CACHE_SECONDS:
            found = interface_addresses()
            _cache = (time.monotonic(), found)
    return found


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` names and loopback IPs: addresses only this machine can open."""
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def base_url() -> str:
    """The scheme and host other phones use to reach this pad, without a trailing slash."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return str(public)
    own = request.host_url.rstrip("/")
    if not is_loopback_host(urlsplit(own).hostname or ""):
        return own
    listen = current_app.config.get("LISTEN_HOST")
    others = reachable(listen, lan_addresses())
    if not others:
        return own
    # The port the browser used is the one the server listens on: the request came straight in.
    port = urlsplit(own).port or request.environ.get("SERVER_PORT", "80")
    return url(others[0], port).rstrip("/")


def external(path: str) -> str:
    """``path`` (from ``url_for``) as a full link that other phones can open.

    ``PUBLIC_URL`` is the address of the pad's home page, so it replaces the folder the app is
    mounted at (``SCRIPT_NAME``) as well as the host.
    """
    root = request.script_root
    if current_app.config.get("PUBLIC_URL") and root and path.startswith(root):
        path = path[len(root) :]
    return base_url() + path


# --- make run --------------------------------------------------------------------------------


def announce(
    out: IO[str],
    listen_host: str,
    port: int,
    found: Iterable[str],
    public_url: str | None = None,
) -> None:
    """Print where to open the pad: the public URL or each network address, a QR code of the
    first for the phones to scan, then the address for this machine."""
    others = [f"{public_url.rstrip('/')}/"] if public_url else []
    others += [url(ip, port) for ip in reachable(listen_host, found)]
    others = _unique(others)
    if others:
        print("The score pad is running. Open it on a phone on this network:", file=out)
        for address in others:
            print(f"  {address}", file=out)
        _print_qr(out, others[0])
    elif is_loopback_host(listen_host):
        print("The score pad is running for this machine only (HOST=0.0.0.0 for phones).", file=out)
    else:
        print("The score pad is running, but no network was found for phones to use.", file=out)
    local = loopback_url(listen_host, port)
    if local:
        print("On this machine:", file=out)
        print(f"  {local}", file=out)
    out.flush()


# Dark modules are drawn in black on an explicit white background, whatever the terminal's own
# colours: a code drawn with the terminal's colours is inverted on a light terminal (or on a dark
# one), and many phone cameras do not read an inverted code. Two rows of modules per line.
QR_STYLE = "\x1b[30;107m"  # black on bright white
QR_RESET = "\x1b[0m"
QR_BORDER = 4  # the quiet zone the QR standard asks for, in modules
_HALVES = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def qr_lines(address: str) -> list[str]:
    """The QR code of ``address`` as terminal lines: black on white, with its quiet zone."""
    import segno  # only where other phones have an address to scan: not imported otherwise

    code = segno.make(address, error="m")
    rows = [[bool(bit) for bit in row] for row in code.matrix_iter(scale=1, border=QR_BORDER)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        QR_STYLE + "".join(_HALVES[pair] for pair in zip(top, bottom, strict=True)) + QR_RESET
        for top, bottom in zip(rows[::2], rows[1::2], strict=True)
    ]


def _print_qr(out: IO[str], address: str) -> None:
    drawn = "".join(f"{line}\n" for line in qr_lines(address))
    try:
        out.write(f"or scan this with a phone's camera:\n{drawn}")
    except UnicodeEncodeError:  # a terminal without Unicode block characters: no code, no harm
        print("(a QR code needs a terminal that shows Unicode)", file=out)
