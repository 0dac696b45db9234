"""Hostile addresses of the pages: every page of any game (or none), wrong methods, and the
blank sheet's query (see tests/fuzzing.py for what counts as a clear answer)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    FUZZ,
    ROUND_FORM_FIELDS,
    editors,
    garbled,
    nasty_text,
    page_messages,
    path_id,
    seat_table,
    targets,
    unknown_ids,
)
from tests.support.profiles import examples

PAGE_PATHS = (
    "/games/{id}",
    "/games/{id}/sheet",
    "/games/{id}/share",
    "/games/{id}/delete",
    "/games/{id}/join/{token}",
    "/games/{id}/watch/{token}",
    "/games/{id}/export.json",
    "/games/{id}/export.csv",
    "/games/{id}/rounds/{n}/edit",
    "/games/{id}/sheet.pdf?paper={token}",
)
# Every address of the pages and the methods it answers (HEAD and OPTIONS aside).
METHODS = {path: {"GET"} for path in PAGE_PATHS} | {
    "/games/{id}/join/{token}": {"GET", "POST"},
    "/games/new": {"GET", "POST"},
    "/games/import": {"POST"},
    "/games/{id}/trump": {"GET", "POST"},
    "/games/{id}/bid": {"GET", "POST"},
    "/games/{id}/tricks": {"GET", "POST"},
    "/games/{id}/undo": {"GET", "POST"},
    "/games/{id}/rounds/{n}/edit": {"GET", "POST"},
    "/games/{id}/delete": {"GET", "POST"},
    "/games/{id}/rematch": {"POST"},
    "/games/{id}/share/renew": {"POST"},
    "/games/{id}/share/renew-view": {"POST"},
}


@FUZZ
@given(
    path=st.sampled_from(sorted(METHODS)),
    method=st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE"]),
    target=targets,
    unknown=unknown_ids,
    number=st.one_of(st.integers(-1, 30).map(str), nasty_text),
    token=nasty_text,
    fields=garbled({}, ROUND_FORM_FIELDS),
)
def test_wrong_methods_on_pages_are_refused_with_a_page(
    fuzz_app: Flask,
    path: str,
    method: str,
    target: str,
    unknown: str,
    number: str,
    token: str,
    fields: dict[str, Any],
) -> None:
    if method in METHODS[path]:
        method = "PUT" if method != "PUT" else "PATCH"
    table = seat_table(fuzz_app)
    game_id = table.game_id(target, unknown)
    url = path.format(id=path_id(game_id), n=path_id(number), token=path_id(token))
    before = table.snapshot()
    response = table.phone.open(url, method=method, data=fields)
    # 404 when the address itself is wrong (a round number that is not a number, say).
    assert response.status_code in (308, 404, 405), response.status_code
    if response.status_code != 308:
        assert page_messages(response)
    if response.status_code == 405:
        assert "Allow" in response.headers
    assert table.snapshot() == before


@FUZZ
@given(
    target=targets,
    unknown=unknown_ids,
    path=st.sampled_from(PAGE_PATHS),
    number=st.one_of(st.integers(-1, 6).map(str), nasty_text),
    token=st.one_of(st.sampled_from(["a4", "letter", "A4 "]), nasty_text),
    editor=editors,
)
def test_pages_of_any_game_never_fail(
    fuzz_app: Flask, target: str, unknown: str, path: str, number: str, token: str, editor: bool
) -> None:
    if path.endswith("sheet.pdf?paper={token}") and token.strip().lower() in ("a4", "letter"):
        token = "legal"  # a real PDF takes a second to print: test_trust_escaping prints them
    table = seat_table(fuzz_app, editor=editor)
    game_id = table.game_id(target, unknown)
    url = path.format(id=path_id(game_id), n=path_id(number), token=path_id(token))
    before = table.snapshot()
    response = table.phone.get(url)
    event(str(response.status_code))
    assert response.status_code in (200, 303, 308, 400, 403, 404), response.status_code
    if response.status_code >= 400:
        assert response.mimetype == "text/html"
        assert page_messages(response)
    assert table.snapshot() == before


@settings(FUZZ, max_examples=examples(25))
@example(players="²", names=[], paper="a4")
@example(players="9" * 5000, names=[], paper="a4")
@given(
    players=st.one_of(st.integers(-1, 10).map(str), nasty_text),
    names=st.lists(nasty_text, max_size=10),
    paper=st.one_of(st.sampled_from(["a4", "letter"]), nasty_text),
)
def test_blank_sheet_query_never_fails(
    fuzz_app: Flask, players: str, names: list[str], paper: str
) -> None:
    query = {"players": players, "names": names, "paper": paper}
    if players.strip() in {str(n) for n in range(3, 7)} and paper in ("a4", "letter"):
        query["paper"] = "legal"  # printing a real sheet is slow and covered elsewhere
    response = fuzz_app.test_client().get("/sheets/blank.pdf", query_string=query)
    assert response.status_code in (200, 400), response.status_code
    if response.status_code == 400:
        assert page_messages(response)
