"""The refused combinations the new-game page greys out, worked out from what each rule reads.

Each rule of ``variants.REFUSED`` declares what it reads (``Refused.reads``) and is tried on the
tables of those values only. The exhaustive search it replaced, which tried every table (17,280
with nine variants, seconds, doubling with each on/off variant), is kept here as the oracle.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from math import prod
from typing import Any, cast

import pytest

from scorekeeper.core import rules, variants
from scorekeeper.core.variants import PLAYERS, REFUSED, REGISTRY, Refused, Variants

Spelt = tuple[tuple[Refused, tuple[variants.PlainChoice, ...]], ...]

RANGES = [
    *((players, players) for players in range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)),
    (rules.MIN_PLAYERS, rules.MAX_PLAYERS),
    (5, 4),
]


@cache
def exhaustive(min_players: int, max_players: int) -> Spelt:
    """The former search: every rule tried on every table of every variant (17,280), the
    refused ones spelt out by the same :func:`variants.spell_out`."""
    domains: dict[str, tuple[str | bool | int, ...]] = {
        "players": tuple(range(min_players, max_players + 1))
    }
    for declared in REGISTRY:
        domains[declared.key] = (False, True) if declared.is_flag else tuple(declared.options)
    keys = list(domains)
    tables = [dict(zip(keys, values, strict=True)) for values in product(*domains.values())]
    chosen = [
        (
            tuple(table.values()),
            int(table["players"]),
            variants.from_plain({k: v for k, v in table.items() if k != "players"}),  # type: ignore[misc]
        )
        for table in tables
    ]
    spelt = []
    for refused in REFUSED:
        results = {values: refused.applies(players, v) for values, players, v in chosen}
        spelt.append((refused, variants.spell_out(domains, results)))
    return tuple(spelt)


@pytest.mark.parametrize(("min_players", "max_players"), RANGES)
def test_the_same_as_trying_every_table(min_players: int, max_players: int) -> None:
    found = variants.refused_choices.__wrapped__(min_players, max_players)
    assert found == exhaustive(min_players, max_players)


class Reading:
    """Variants that note which of them a rule looks at."""

    def __init__(self, chosen: Variants) -> None:
        self.settings = chosen
        self.read: set[str] = set()

    def __getattr__(self, key: str) -> Any:
        self.read.add(key)
        return getattr(self.settings, key)


def tables(keys: tuple[str, ...]) -> list[dict[str, variants.Plain]]:
    """Every table of these values, the other variants standard."""
    domains = [variants.choices(key, rules.MIN_PLAYERS, rules.MAX_PLAYERS) for key in keys]
    return [dict(zip(keys, values, strict=True)) for values in product(*domains)]


@pytest.mark.parametrize("refused", REFUSED, ids=lambda refused: refused.code)
def test_a_rule_reads_only_what_it_declares(refused: Refused) -> None:
    read: set[str] = set()
    for table in tables(tuple(key for key in refused.reads if key != PLAYERS)):
        reading = Reading(variants.from_plain(table))  # type: ignore[arg-type]
        outcomes = {
            refused.applies(players, cast(Variants, reading))
            for players in range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)
        }
        if len(outcomes) > 1:
            read.add(PLAYERS)
        read |= reading.read
    assert read <= set(refused.reads), f"{refused.code} reads {read - set(refused.reads)}"


@pytest.mark.parametrize("refused", REFUSED, ids=lambda refused: refused.code)
def test_everything_a_rule_declares_changes_its_outcome(refused: Refused) -> None:
    # A value declared but never deciding would only multiply the tables tried.
    spelt = dict(variants.refused_choices(rules.MIN_PLAYERS, rules.MAX_PLAYERS))[refused]
    named = {key for combo in spelt for key in combo}
    assert named == set(refused.reads)


def test_each_rule_tries_only_the_tables_of_what_it_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tried = 0

    def counted(refused: Refused) -> Refused:
        def test(players: int, chosen: Variants) -> bool:
            nonlocal tried
            tried += 1
            return refused.applies(players, chosen)

        return Refused(refused.code, refused.setting, refused.reads, test)

    monkeypatch.setattr(variants, "REFUSED", tuple(counted(refused) for refused in REFUSED))
    variants.refused_choices.__wrapped__(rules.MIN_PLAYERS, rules.MAX_PLAYERS)
    assert tried == sum(
        prod(
            len(variants.choices(key, rules.MIN_PLAYERS, rules.MAX_PLAYERS))
            for key in refused.reads
        )
        for refused in REFUSED
    )
    assert tried < 100  # every variant, every rule: 17,280 tables each
