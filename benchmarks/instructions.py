"""A page's cost in processor instructions, for comparing code before and after a change.

Wall-clock figures on a shared machine move by a tenth from one run to the next; instructions
counted by Valgrind's callgrind hardly move, so a change of a few percent shows. The requests go
straight to the app's WSGI callable, as the server's adapter hands them over (the same
headers as ``make bench``'s wrk: the host and the phone's session cookie, no
``Accept-Encoding``), in one process, over the same games as ``make bench``
(benchmarks/growth.py). The floor is the constant Flask page of benchmarks/floor_app.py, asked
the same way.

``python -m benchmarks.instructions CASE COUNT`` serves COUNT requests of CASE (``round``,
``sheet6``, ``tap``, ``floor``) after the same preparation whatever COUNT is; run it twice under
``valgrind --tool=callgrind`` with two counts, and the difference of the totals divided by the
difference of the counts is one request's instructions (``python -m benchmarks.instructions
--measure``, which needs Valgrind, does all of that). Not part of ``make bench``: the counts
leave out what the kernel and the server do for every request, so their ratios to the floor are
larger than ``make bench``'s, but a change in the pad's own code shows in them to the per cent.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

CASES = ("floor", "round", "sheet6", "tap")
TAP_GAMES = 60  # fresh games at round 10 for the taps, each tapped once
COUNTS = (10, 50)


def _environ(method: str, path: str, headers: dict[str, str], body: bytes = b"") -> dict[str, Any]:
    """A WSGI environ as the server's adapter makes it for a request from wrk."""
    path, _sep, query = path.partition("?")
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "REMOTE_HOST": "127.0.0.1",
        "REMOTE_PORT": "50000",
        "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "wsgi.input": io.BytesIO(body),
        "wsgi.input_terminated": True,
    }
    if body:
        environ["CONTENT_LENGTH"] = str(len(body))
        environ["CONTENT_TYPE"] = "application/x-www-form-urlencoded"
    for name, value in headers.items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    return environ


def _call(app: Callable[..., Iterable[bytes]], environ: dict[str, Any]) -> tuple[str, bytes]:
    status: list[str] = []

    def start_response(code: str, _headers: object, _exc: object = None) -> None:
        status.append(code)

    answer = app(environ, start_response)
    body = b"".join(answer)
    close = getattr(answer, "close", None)
    if close is not None:
        close()
    return status[0], body


def _prepare(case: str, folder: Path) -> Callable[[int], None]:
    """The app and its games; a function that serves request number n of ``case``."""
    if case == "floor":
        from benchmarks import floor_app

        floor = floor_app.create_app()
        return lambda _n: _expect(_call(floor, _environ("GET", "/", {})), "200")

    from benchmarks import games, growth
    from scorekeeper import create_app, storage
    from scorekeeper.core import sheet

    os.environ["SCOREKEEPER_INSTANCE_PATH"] = str(folder)
    fixtures, _filled = growth.prepare(folder, 10)
    app = create_app()
    if case in ("round", "sheet6"):
        path = f"/games/{fixtures.round_id}"
        if case == "sheet6":
            path = f"/games/{fixtures.sheets['sheet6']}/sheet"
        cookie = fixtures.cookies[case]
        return lambda _n: _expect(_call(app, _environ("GET", path, cookie)), "200")
    # Taps: a bid in a fresh game at round 10 each, by the phone that keeps them all.
    record = games.played(6, 9, seed=11)
    with app.app_context():
        fresh = [storage.create_game(storage.get_db(), record) for _ in range(TAP_GAMES)]
    cookie = growth._cookie(app.config["SECRET_KEY"], fresh, fresh[-1])
    status, page = _call(app, _environ("GET", f"/games/{fresh[-1].id}", cookie))
    found = re.search(rb'name="csrf_token" value="([^"]+)"', page)
    if status != "200 OK" or not found:
        raise RuntimeError("no CSRF token on the round page")
    token = found.group(1).decode()
    current = sheet.build(record).current
    assert current is not None and current.next_bidder is not None
    seat = current.next_bidder
    headers = {**cookie, "X-Scorekeeper-In-Place": "1"}

    def tap(number: int) -> None:
        stored = fresh[number]
        body = f"csrf_token={token}&version={stored.version}&seat={seat}&bid=1".encode()
        environ = _environ("POST", f"/games/{stored.id}/bid", headers, body)
        status, page = _call(app, environ)
        _expect((status, page), "200")
        if b"flash error" in page:
            raise RuntimeError("the tap was refused")

    return tap


def _expect(answer: tuple[str, bytes], status: str) -> None:
    if not answer[0].startswith(status):
        raise RuntimeError(f"answered {answer[0]}: {answer[1][:300]!r}")


def serve(case: str, count: int) -> None:
    """Serve ``count`` requests of ``case`` after a warm-up, the same whatever ``count``."""
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as folder:
        request = _prepare(case, Path(folder))
        warm = 5 if case != "tap" else 0
        for number in range(warm):
            request(number)
        for number in range(count):
            request(number)


def _instructions(case: str, count: int) -> int:
    with tempfile.TemporaryDirectory(prefix="callgrind-") as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, "-m", "benchmarks.instructions", case, str(count)]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-2000:])
        return _summary(out)


def _summary(out: Path) -> int:
    found = re.search(r"^summary:\s+(\d+)", out.read_text(errors="replace"), flags=re.M)
    if not found:
        raise RuntimeError("no summary in the callgrind output")
    return int(found.group(1))


def measure(cases: Iterable[str]) -> dict[str, int]:
    """Instructions per request of each case: two runs under callgrind, the difference."""
    low, high = COUNTS
    return {
        case: (_instructions(case, high) - _instructions(case, low)) // (high - low)
        for case in cases
    }


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--measure":
        figures = measure(argv[1:] or CASES)
        floor = figures.get("floor")
        for case, count in figures.items():
            shown = f"  {count / floor:.2f}x floor" if floor else ""
            print(f"{case:<8} {count:>12,} instructions{shown}")
        return
    serve(argv[0], int(argv[1]))


if __name__ == "__main__":
    main(sys.argv[1:])
