"""Every variant is declared once (scorekeeper/core/variants.py) and reaches every place it must:
the new-game form, the game record, docs/api.md and the printed sheet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.core import game, sheet, variants
from scorekeeper.core.record import parse_game, to_record
from scorekeeper.core.rules import RuleError
from scorekeeper.core.variants import REGISTRY, Spec, Variants
from tests import pdfs
from tests.pages import one, soup

DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"
NAMES = ["Ana", "Ben", "Cy", "Di"]


def values(spec: Spec) -> list[str | bool]:
    """Every value a variant can take, its default first."""
    return [False, True] if spec.is_flag else list(spec.options)


def playable(spec: Spec, value: str | bool) -> Variants | None:
    """The standard game with this one variant set, if four players can play it."""
    chosen = variants.from_plain({spec.key: value})
    try:
        game.new_game(NAMES, 0, chosen)
    except RuleError:
        return None
    return chosen


def by_key(spec: Spec) -> str:
    return spec.key


def test_the_registry_is_the_variants_dataclass() -> None:
    assert [spec.key for spec in REGISTRY] == list(variants.to_plain(Variants()))
    for spec in REGISTRY:
        assert spec.plain(spec.default) == values(spec)[0]
        assert spec.words.label and (spec.is_flag == bool(spec.words.help))
        assert all(words.label and words.help for words in spec.options.values())
    assert {section for section, specs in variants.SECTIONS if specs} == {
        spec.section for spec in REGISTRY
    }


@pytest.mark.parametrize("spec", REGISTRY, ids=by_key)
def test_every_variant_is_on_the_new_game_form(client: FlaskClient, spec: Spec) -> None:
    form = one(soup(client.get("/games/new")), "form.new-game")
    if spec.is_flag:
        label = one(form, f"input[type=checkbox][name={spec.key}]").find_parent("label")
        assert label is not None and label.get_text().count(spec.words.help)
    else:
        shown = [radio["value"] for radio in form.select(f"input[type=radio][name={spec.key}]")]
        assert shown == list(spec.options)
        fieldset = one(form, f"input[name={spec.key}]").find_parent("fieldset")
        assert fieldset is not None
        assert one(fieldset, "legend").get_text(strip=True) == spec.words.label


@pytest.mark.parametrize("spec", REGISTRY, ids=by_key)
def test_every_variant_goes_through_the_game_record(spec: Spec) -> None:
    for value in values(spec):
        chosen = playable(spec, value)
        if chosen is None:
            continue
        record = {"players": NAMES, "first_dealer": 0, "variants": {spec.key: value}}
        read = parse_game(record)
        assert read.settings == chosen
        written = to_record(sheet.build(read))
        assert written["variants"][spec.key] == value
        assert parse_game(written) == read


@pytest.mark.parametrize("spec", REGISTRY, ids=by_key)
def test_every_variant_is_in_the_api_docs(spec: Spec) -> None:
    rows = [line for line in DOCS.read_text().splitlines() if re.match(r"^\| `\w+`", line)]
    row = next((line for line in rows if f"`{spec.key}`" in line.split("|")[1]), None)
    assert row is not None, f"docs/api.md has no row for the variant {spec.key}"
    shown = re.findall(r"`([\w]+)`", row.split("|")[2])
    expected = ["false", "true"] if spec.is_flag else list(spec.options)
    assert shown == expected


@pytest.mark.parametrize("spec", REGISTRY, ids=by_key)
def test_every_variant_is_on_the_printed_sheet(app: Flask, client: FlaskClient, spec: Spec) -> None:
    value = next(v for v in reversed(values(spec)) if playable(spec, v) is not None)
    chosen = playable(spec, value)
    assert chosen is not None
    stored = pdfs.store(app, pdfs.play(tuple(NAMES), chosen, rounds=1))
    response = client.get(f"/games/{stored.id}/sheet.pdf")
    assert response.status_code == 200
    text = " ".join(pdfs.text(response.data).split())
    if spec.is_flag:
        assert spec.words.label in text
    else:
        assert f"{spec.words.label}: {spec.options[str(value)].label}" in text
