"""The examples in the rules' docstrings are rules too: they must hold."""

from __future__ import annotations

import doctest

from scorekeeper import rules


def test_the_examples_in_the_rules_docstrings_hold() -> None:
    result = doctest.testmod(rules, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0
