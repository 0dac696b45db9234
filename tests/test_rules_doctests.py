"""The examples in the docstrings of the pure modules are rules too: they must hold.

A module is pure when neither it nor anything of the pad it imports imports Flask or the
database (docs/code-layout.md: the rules engine is pure Python). The pure modules are found by
reading their imports, so a new one is checked without being listed here.
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
    "uvicorn",
    "weasyprint",
    "werkzeug",
    "wtforms",
}
# The rules engine (the code map, docs/code-layout.md): these must be found pure.
ENGINE = {
    f"scorekeeper.core.{name}"
    for name in ("rules", "game", "sheet", "variants", "refusals", "stats", "group_record")
} | {"scorekeeper.core.rulebook"}


def _path(module: str) -> Path | None:
    """The file of the pad's module ``module`` (a package's ``__init__.py``), if it is one."""
    base = PACKAGE.parent.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


@cache
def _imports(module: str) -> frozenset[str]:
    """The top-level packages and the pad's own modules that ``module`` imports."""
    path = _path(module)
    assert path is not None, module
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module.startswith("scorekeeper"):
                # ``from scorekeeper.core import rules`` names a module: that one counts too.
                names = (f"{node.module}.{alias.name}" for alias in node.names)
                found |= {name for name in names if _path(name) is not None}
    return frozenset(found)


def _pure(module: str) -> bool:
    """True when neither ``module`` nor any module of the pad it imports, however indirectly,
    imports a web or storage library."""
    # Each module of the pad is read once on the way: the whole walk takes milliseconds.
    seen, waiting = {module}, [module]
    while waiting:
        for imported in _imports(waiting.pop()):
            if imported.partition(".")[0] in NOT_PURE:
                return False
            if imported.startswith("scorekeeper") and imported not in seen:
                seen.add(imported)
                waiting.append(imported)
    return True


PURE = sorted(
    name
    for path in PACKAGE.rglob("*.py")
    if path.stem != "__init__"
    and _pure(name := ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
)


def test_the_rules_engine_is_found_pure() -> None:
    assert set(PURE) >= ENGINE


@pytest.mark.parametrize("name", PURE)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_rules_have_examples() -> None:
    modules = ("rules", "bidding", "scoring")
    results = [doctest.testmod(importlib.import_module(f"scorekeeper.core.{m}")) for m in modules]
    assert sum(result.attempted for result in results) >= 5
