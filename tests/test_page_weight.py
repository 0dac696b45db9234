"""Issue 22: every page's first visit, with the stylesheets, scripts and icons it loads, stays
within 50 KB uncompressed and 20 KB on the wire, in English and in Greek (the most bytes: two a
letter). Weighed as ``make bench`` does (benchmarks/weight.py), through the test client."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import weight
from scorekeeper import create_app, storage


@pytest.mark.parametrize("lang", ["en", "el"])
def test_every_first_visit_stays_within_the_limits(tmp_path: Path, lang: str) -> None:
    app = create_app({"DATABASE": str(tmp_path / "weight.sqlite"), "SECRET_KEY": "test"})
    rows = weight.weigh(app, lang)
    storage.storage(app).close()
    assert len(rows) == 15
    over = [(row["page"], row["total"]) for row in rows if row["total"] > weight.LIMIT]
    assert over == []
    wire = [(row["page"], row["total_gz"]) for row in rows if row["total_gz"] > weight.WIRE_LIMIT]
    assert wire == []
