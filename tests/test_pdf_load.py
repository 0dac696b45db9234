"""Printing under load: one sheet rendered at a time, a few more waiting, the rest told to retry;
the same sheet asked for at once is rendered once; blank pads keep their own cache. Checked on
the parts and against the real server, where the phones' pages still find a free thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from scorekeeper.web import pdf
from tests.pages import soup, start_game
from tests.support.server import running


def in_threads(count: int, work: Callable[[int], object]) -> list[object]:
    """``work(n)`` in ``count`` threads started together; the results or exceptions, in order."""
    results: list[object] = [None] * count
    barrier = threading.Barrier(count)

    def one(number: int) -> None:
        barrier.wait(timeout=30)
        try:
            results[number] = work(number)
        except Exception as error:
            results[number] = error

    threads = [threading.Thread(target=one, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_one_render_at_a_time_four_waiting_and_the_rest_told_to_retry() -> None:
    queue = pdf.Renders(running=1, waiting=4)
    lock = threading.Lock()
    now, most = [0], [0]

    def make() -> bytes:
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        time.sleep(0.2)
        with lock:
            now[0] -= 1
        return b"%PDF"

    results = in_threads(8, lambda _n: queue.render(make))
    assert most[0] == 1
    assert results.count(b"%PDF") == 5
    assert sum(isinstance(result, pdf.PrinterBusy) for result in results) == 3


def test_the_same_sheet_asked_for_at_once_is_rendered_once() -> None:
    cache = pdf.PdfCache(4)
    made = []

    def make() -> bytes:
        made.append(1)
        time.sleep(0.1)
        return b"%PDF-same"

    assert in_threads(8, lambda _n: cache.fetch("key", make)) == [b"%PDF-same"] * 8
    assert len(made) == 1


def test_printed_games_do_not_push_out_blank_pads(app: Flask) -> None:
    app.config["PDF_CACHE_SIZE"] = 2
    client = app.test_client()
    assert client.get("/sheets/blank.pdf?players=4").status_code == 200
    for names in (["A", "B", "C"], ["D", "E", "F"], ["G", "H", "I"]):
        game_id = start_game(client, names)
        assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    with app.test_request_context():
        assert len(pdf.pdf_cache("blank")) == 1
        assert len(pdf.pdf_cache("game")) == 2


def test_a_busy_printer_says_so_with_a_page(app: Flask) -> None:
    app.config["PDF_RENDERS"], app.config["PDF_WAITING"] = 1, 0
    client = app.test_client()
    with app.test_request_context():
        queue = pdf.renders()
    started, release = threading.Event(), threading.Event()

    def hold() -> bytes:
        started.set()
        release.wait(timeout=30)
        return b"%PDF"

    holder = threading.Thread(target=queue.render, args=(hold,))
    holder.start()
    try:
        assert started.wait(timeout=10)
        response = client.get("/sheets/blank.pdf?players=5")
    finally:
        release.set()
        holder.join(timeout=30)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    message = soup(response).select_one(".flash.error")
    assert message is not None
    assert message.get_text(strip=True) == (
        "Many sheets are being printed right now: try again in a few seconds."
    )


def test_the_real_server_keeps_answering_pages_while_many_sheets_are_printed(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as server:

        def get(path: str) -> int:
            with server.client(timeout=60) as client:
                return client.send("GET", path).status

        def fetch(number: int) -> int:
            if number == 12:  # a phone opening a page while the others print
                time.sleep(0.3)
                return get("/games/new")
            return get(f"/sheets/blank.pdf?players=6&names=P{number}")

        statuses = in_threads(13, fetch)
    assert statuses[12] == 200
    printed = statuses[:12]
    assert set(printed) <= {200, 503}
    assert printed.count(200) >= 5
