"""Every endpoint of the API and the exports is documented in docs/api.md, with an example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.core.refusals import MESSAGES
from scorekeeper.web.errors import HTTP_CODES

# Each test on SQLite and on PostgreSQL (issue 52).
pytestmark = pytest.mark.engines

DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def endpoints(app: Flask) -> list[str]:
    """``METHOD /path`` of every route of the API and export blueprints, as the docs write it."""
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint.split(".")[0] not in (
            "api",
            "exports",
            "groups_api",
            "group_files",
            "evenings_api",
            "evening_files",
            "result_cards",
            "club_imports_api",
        ):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", rule.rule)
        methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        found += [f"{method} {path}" for method in methods]
    return found


def sections() -> dict[str, str]:
    """The text under each ``### `METHOD /path``` heading of the docs."""
    parts = re.split(r"^### `([A-Z]+ [^`]+)`$", DOCS.read_text(), flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_endpoint_has_a_section_in_the_docs(app: Flask) -> None:
    assert len(endpoints(app)) == 45
    assert sorted(endpoints(app)) == sorted(sections())


def test_every_section_shows_a_curl_call_and_its_answer() -> None:
    for endpoint, text in sections().items():
        method = endpoint.split(" ")[0]
        assert "$ curl" in text, endpoint
        assert re.search(r"^HTTP [0-9]{3}$", text, flags=re.MULTILINE), endpoint
        if method != "GET":
            assert f"-X {method}" in text or "-F " in text, endpoint


def test_every_refusal_code_is_listed_in_the_docs() -> None:
    listed = set(re.findall(r"^\| `(\w+)`", DOCS.read_text(), flags=re.MULTILINE))
    listed |= set(re.findall(r"`(\w+)`", DOCS.read_text().split("### Codes", 1)[1]))
    codes = {code for code in MESSAGES if not code.startswith(("kind_", "what_"))}
    assert codes - listed == set()
    assert set(HTTP_CODES.values()) - listed == set()
