"""Hostile files at the import form: a real record garbled, any JSON, any bytes, in any encoding
(see tests/fuzzing.py for what counts as a clear answer)."""

from __future__ import annotations

import io
import json

from flask import Flask
from hypothesis import example, given
from hypothesis import strategies as st

from tests.fuzzing import (
    FUZZ,
    RECORDS,
    check_page_request,
    garbled_json,
    json_values,
    nasty_text,
    record_json,
    seat_table,
)


@st.composite
def record_files(draw: st.DrawFn) -> bytes:
    """A file to import: a real record garbled (or not), any JSON, or any bytes."""
    kind = draw(st.sampled_from(["record", "record", "record", "json", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(json_values)).encode()
    base = record_json(RECORDS[draw(st.sampled_from(sorted(RECORDS)))])
    text = json.dumps(draw(garbled_json(base)), ensure_ascii=draw(st.booleans()))
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8-sig", "utf-16"]))
    return text.encode(encoding, "surrogatepass")


@FUZZ
@given(
    content=record_files(),
    field=st.sampled_from(["record", "record", "record", "file", ""]),
    filename=st.one_of(st.just("game.json"), nasty_text),
)
@example(
    content=b'{"players": ["\\ud800", "Bo", "Cy"], "first_dealer": 0}',
    field="record",
    filename="game.json",
)
def test_import_never_fails_and_a_refused_file_changes_nothing(
    fuzz_app: Flask, content: bytes, field: str, filename: str
) -> None:
    table = seat_table(fuzz_app)
    data = {field: (io.BytesIO(content), filename or "x")}
    check_page_request(table, lambda: table.phone.post("/games/import", data=data))
