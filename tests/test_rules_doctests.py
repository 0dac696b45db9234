"""The examples in the docstrings of the pure modules are rules too: they must hold.

A module is pure when neither it nor anything of the pad it imports imports Flask or the
database (README: the rules engine is pure Python). The pure modules are found by reading their
imports, so a new one is checked without being listed here.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from functools import cache
from pathlib import Path

import pytest

import scorekeeper

PACKAGE = Path(scorekeeper.__file__).parent
# What makes a module part of the web app or the storage rather than of the game.
NOT_PURE = {
    "flask",
    "flask_babel",
    "flask_wtf",
    "jinja2",
    "markupsafe",
    "sqlite3",
    "sqlite_utils",
    "waitress",
    "weasyprint",
    "werkzeug",
    "wtforms",
}
# The rules engine (README's code map): these must be found pure.
ENGINE = {"rules", "game", "sheet", "variants", "refusals", "stats", "group_record", "rulebook"}


def _imports(name: str) -> set[str]:
    """The top-level packages and the pad's own modules that module ``name`` imports."""
    path = PACKAGE / ("__init__.py" if name == "__init__" else f"{name}.py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "scorekeeper":
                # ``from scorekeeper import rules`` names a module; anything else is __init__'s.
                for alias in node.names:
                    own = (PACKAGE / f"{alias.name}.py").exists()
                    found.add(f"scorekeeper.{alias.name if own else '__init__'}")
            else:
                found.add(node.module)
    return found


@cache
def _pure(name: str) -> bool:
    for imported in _imports(name):
        top, _dot, rest = imported.partition(".")
        if top in NOT_PURE:
            return False
        if top == "scorekeeper" and not _pure(rest.partition(".")[0] or "__init__"):
            return False
    return True


PURE = sorted(
    path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__" and _pure(path.stem)
)


def test_the_rules_engine_is_found_pure() -> None:
    assert set(PURE) >= ENGINE


@pytest.mark.parametrize("name", PURE)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    module = importlib.import_module(f"scorekeeper.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_rules_have_examples() -> None:
    result = doctest.testmod(importlib.import_module("scorekeeper.rules"))
    assert result.attempted >= 5
