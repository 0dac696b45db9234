"""Where other phones reach the pad: ``make run``'s addresses and QR code, and share links that
work on other phones even when the page was opened as localhost. Addresses are compared as
strings only: nothing is sent to any address but loopback."""

from __future__ import annotations

import io
import ipaddress
from pathlib import Path

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app
from scorekeeper.web import addresses
from tests.pages import soup, start_game

LAN = ["192.168.1.20", "fd00::20"]


def _app(tmp_path: Path, **config: object) -> Flask:
    settings = {
        "TESTING": True,
        "DATABASE": str(tmp_path / "games.sqlite"),
        "SECRET_KEY": "test",
        "WTF_CSRF_ENABLED": False,
        **config,
    }
    return create_app(settings)


def _links(client: FlaskClient, game_id: str, base_url: str, **headers: str) -> list[str]:
    page = soup(client.get(f"/games/{game_id}/share", base_url=base_url, headers=headers))
    return [str(link["href"]) for link in page.select("a.link")]


def test_make_run_prints_every_network_address_a_qr_code_then_loopback() -> None:
    out = io.StringIO()
    addresses.announce(out, "::", 8000, ["192.168.1.20", "10.0.0.5", "fd00::20"])
    lines = out.getvalue().splitlines()
    shown = [line.strip() for line in lines if line.strip().startswith("http")]
    assert shown == [
        "http://192.168.1.20:8000/",
        "http://10.0.0.5:8000/",
        "http://[fd00::20]:8000/",
        "http://[::1]:8000/",
    ]
    # The QR code (Unicode half blocks) sits between the network addresses and this machine's.
    first_block = next(n for n, line in enumerate(lines) if "█" in line)
    assert lines.index("  http://[fd00::20]:8000/") < first_block < lines.index("On this machine:")


def test_an_ipv4_server_offers_only_ipv4_and_a_public_url_comes_first() -> None:
    out = io.StringIO()
    addresses.announce(out, "0.0.0.0", 8000, LAN, public_url="https://wizard.example.org/")
    shown = [line.strip() for line in out.getvalue().splitlines() if "://" in line]
    assert shown == [
        "https://wizard.example.org/",
        "http://192.168.1.20:8000/",
        "http://127.0.0.1:8000/",
    ]


def test_a_loopback_server_says_it_is_for_this_machine_only() -> None:
    out = io.StringIO()
    addresses.announce(out, "127.0.0.1", 8123, LAN)
    text = out.getvalue()
    assert "this machine only" in text and "█" not in text
    assert [line.strip() for line in text.splitlines() if "://" in line] == [
        "http://127.0.0.1:8123/"
    ]


def test_a_server_on_one_address_offers_that_address() -> None:
    assert addresses.reachable("192.168.1.20", [*LAN, "10.0.0.5"]) == ["192.168.1.20"]
    assert addresses.reachable("0.0.0.0", LAN) == ["192.168.1.20"]
    assert addresses.reachable(None, LAN) == LAN
    assert addresses.url("fd00::1", 80) == "http://[fd00::1]/"


def test_interface_addresses_are_this_machines_without_loopback_or_link_local() -> None:
    import psutil

    found = addresses.interface_addresses()
    every = {
        entry.address.split("%")[0]
        for entries in psutil.net_if_addrs().values()
        for entry in entries
    }
    for address in found:
        ip = ipaddress.ip_address(address)
        assert address in every
        assert not (ip.is_loopback or ip.is_link_local)
    # IPv4 first: the addresses people type and phones resolve best.
    versions = [ipaddress.ip_address(address).version for address in found]
    assert versions == sorted(versions) or any(
        name.startswith(addresses.VIRTUAL_PREFIXES) for name in psutil.net_if_addrs()
    )


def test_share_links_opened_as_localhost_use_a_network_address(tmp_path: Path) -> None:
    app = _app(tmp_path, LAN_ADDRESSES=LAN)
    client = app.test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    for base in ("http://127.0.0.1:8123", "http://localhost:8123", "http://[::1]:8123"):
        links = _links(client, game_id, base)
        assert links, base
        for link in links:
            assert link.startswith("http://192.168.1.20:8123/games/"), (base, link)
    page = soup(client.get(f"/games/{game_id}/share", base_url="http://127.0.0.1:8123"))
    # Each QR code holds the link shown under it (segno draws it from that text).
    assert len(page.select(".qr svg")) == len(_links(client, game_id, "http://127.0.0.1:8123"))


def test_share_links_keep_an_address_other_phones_already_use(tmp_path: Path) -> None:
    client = _app(tmp_path, LAN_ADDRESSES=LAN).test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    for link in _links(client, game_id, "http://wizard.lan:8000"):
        assert link.startswith("http://wizard.lan:8000/games/")


def test_a_server_listening_on_loopback_only_keeps_the_loopback_link(tmp_path: Path) -> None:
    app = _app(tmp_path, LAN_ADDRESSES=LAN, LISTEN_HOST="127.0.0.1")
    client = app.test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    for link in _links(client, game_id, "http://127.0.0.1:8123"):
        assert link.startswith("http://127.0.0.1:8123/")


def test_share_links_from_the_real_interfaces(tmp_path: Path) -> None:
    client = _app(tmp_path).test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    found = addresses.interface_addresses()
    links = _links(client, game_id, "http://127.0.0.1:8123")
    expected = addresses.url(found[0], 8123) if found else "http://127.0.0.1:8123/"
    assert all(link.startswith(expected) for link in links)


def test_public_url_wins_whatever_host_the_request_names(tmp_path: Path) -> None:
    app = _app(tmp_path, LAN_ADDRESSES=LAN, PUBLIC_URL="https://wizard.example.org/pad/")
    client = app.test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    for base in ("http://127.0.0.1:8000", "http://evil.example:8000", "http://192.168.1.20:8000"):
        links = _links(client, game_id, base, Host="attacker.example")
        assert len(links) >= 2  # the edit link needs this browser's cookie, kept for localhost
        assert all(link.startswith("https://wizard.example.org/pad/games/") for link in links)


def test_public_url_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "https://wizard.example.org")
    client = _app(tmp_path).test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    assert all(
        link.startswith("https://wizard.example.org/games/")
        for link in _links(client, game_id, "http://localhost")
    )


def test_public_url_replaces_the_folder_the_pad_is_mounted_at(tmp_path: Path) -> None:
    app = _app(tmp_path, PUBLIC_URL="https://wizard.example.org/pad")
    client = app.test_client()
    game_id = start_game(client, ["Ana", "Ben", "Cleo"])
    page = client.get(f"/games/{game_id}/share", environ_overrides={"SCRIPT_NAME": "/pad"})
    links = [str(link["href"]) for link in soup(page).select("a.link")]
    assert links and all(link.startswith("https://wizard.example.org/pad/games/") for link in links)


@pytest.mark.parametrize("value", ["wizard.example.org", "ftp://x.org", "https://"])
def test_a_public_url_that_is_not_one_stops_the_start(tmp_path: Path, value: str) -> None:
    with pytest.raises(ValueError, match="SCOREKEEPER_PUBLIC_URL"):
        _app(tmp_path, PUBLIC_URL=value)


def test_the_terminal_qr_code_is_black_on_white_with_its_quiet_zone() -> None:
    """Issue 21: drawn in the terminal's own colours the code was inverted on a light terminal.
    Every line sets black on white itself, so it scans on light and dark terminals alike; read
    back, the lines are the code's modules, dark where the code is dark, with 4 light modules
    around."""
    address = "http://192.168.1.20:8000/"
    lines = addresses.qr_lines(address)
    assert all(
        line.startswith(addresses.QR_STYLE) and line.endswith(addresses.QR_RESET) for line in lines
    )
    halves = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    rows: list[list[int]] = []
    for line in lines:
        cells = [halves[c] for c in line[len(addresses.QR_STYLE) : -len(addresses.QR_RESET)]]
        rows += [[top for top, _ in cells], [bottom for _, bottom in cells]]
    code = segno.make(address, error="m")
    expected = [[int(bool(bit)) for bit in row] for row in code.matrix_iter(border=4)]
    assert rows[: len(expected)] == expected
    assert not any(any(row) for row in rows[len(expected) :])
    # The quiet zone: four light modules on every side.
    assert not any(any(row) for row in rows[:4]) and not any(any(row[:4]) for row in rows)
    out = io.StringIO()
    addresses.announce(out, "0.0.0.0", 8000, ["192.168.1.20"])
    assert "\n".join(lines) in out.getvalue()
