"""Hypothesis profiles: ``ci`` (the default) runs every property with the examples it asks for;
``dev`` (``pytest --hypothesis-profile=dev``) runs a tenth of them, for a quick local run.

A property names its count through :func:`examples`, so that the profile scales it: hypothesis
lets a count written in ``@settings`` win over any profile's.
"""

from __future__ import annotations

from hypothesis import settings

# Hypothesis's own default count: under the ci profile ``examples(n)`` is ``n``.
CI_EXAMPLES = 100


def register() -> None:
    """Register the profiles; tests/conftest.py calls it before hypothesis's plugin loads the
    one ``--hypothesis-profile`` names."""
    settings.register_profile("ci", max_examples=CI_EXAMPLES)
    settings.register_profile("dev", max_examples=CI_EXAMPLES // 10)


def examples(count: int) -> int:
    """``count`` examples under the ci profile, scaled to the profile loaded (at least 1)."""
    return max(1, count * settings().max_examples // CI_EXAMPLES)
