"""The refused combinations the new-game page greys out, worked out from what each rule reads.

Each refusal of a game's declaration says what it reads (``Refusal.reads``) and is tried on the
tables of those values only (``refused_tables``, one function for every game). For Wizard's
rules (``variants.REFUSED``), the exhaustive search it replaced, which tried every table (17,280
with nine variants, seconds, doubling with each on/off variant), is kept here as the oracle.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from itertools import product
from math import prod
from typing import Any, cast

import pytest

from scorekeeper.core import rules, variants
from scorekeeper.core.family import OH_HELL, SKULL_KING, WIZARD
from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import Refusal
from scorekeeper.core.family.game_settings import PlainChoice, refused_tables, spell_out
from scorekeeper.core.variants import PLAYERS, REFUSED, REGISTRY, Refused, Variants

Spelt = tuple[tuple[str, tuple[PlainChoice, ...]], ...]

RANGES = [
    *((players, players) for players in range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)),
    (rules.MIN_PLAYERS, rules.MAX_PLAYERS),
]


def wizard_at(min_players: int, max_players: int) -> Declaration[Any, Any]:
    """Wizard's declaration for tables of ``min_players`` to ``max_players``."""
    return dataclasses.replace(WIZARD, min_players=min_players, max_players=max_players)


@cache
def exhaustive(min_players: int, max_players: int) -> Spelt:
    """The former search: every rule tried on every table of every variant (17,280), the
    refused ones spelt out by the same :func:`spell_out`."""
    domains: dict[str, tuple[str | bool | int, ...]] = {
        "players": tuple(range(min_players, max_players + 1))
    }
    for declared in REGISTRY:
        domains[declared.key] = variants.choices(declared.key)
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
        spelt.append((refused.code, spell_out(domains, results)))
    return tuple(spelt)


@pytest.mark.parametrize(("min_players", "max_players"), RANGES)
def test_the_same_as_trying_every_table(min_players: int, max_players: int) -> None:
    found = refused_tables(wizard_at(min_players, max_players))
    assert tuple((refusal.code, spelt) for refusal, spelt in found) == exhaustive(
        min_players, max_players
    )


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
    domains = [variants.choices(key) for key in keys]
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
    spelt = {refusal.code: combos for refusal, combos in refused_tables(WIZARD)}[refused.code]
    named = {key for combo in spelt for key in combo}
    assert named == set(refused.reads)


def test_wizard_declares_what_its_rules_read() -> None:
    assert [(r.code, r.setting, r.reads) for r in WIZARD.refusals] == [
        (refused.code, refused.setting, refused.reads) for refused in REFUSED
    ]


def test_each_rule_tries_only_the_tables_of_what_it_reads() -> None:
    tried = 0

    def counted(refusal: Refusal[Any]) -> Refusal[Any]:
        def test(players: int, chosen: Variants) -> bool:
            nonlocal tried
            tried += 1
            return refusal.applies(players, chosen)

        return dataclasses.replace(refusal, applies=test)

    refused_tables(dataclasses.replace(WIZARD, refusals=tuple(counted(r) for r in WIZARD.refusals)))
    players = len(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))
    assert tried == sum(
        prod(players if key == PLAYERS else len(variants.choices(key)) for key in refused.reads)
        for refused in REFUSED
    )
    assert tried < 100  # every variant, every rule: 17,280 tables each


@pytest.mark.parametrize("declared", [SKULL_KING, OH_HELL], ids=lambda declared: declared.key)
def test_another_game_is_tried_at_every_table_size(declared: Declaration[Any, Any]) -> None:
    # A refusal that declares nothing reads the table size: tried at each, on every choice of
    # its setting, the others at their defaults.
    for refusal, combos in refused_tables(declared):
        for combo in combos:
            players = int(combo.get(PLAYERS, declared.min_players))
            plain = {key: value for key, value in combo.items() if key != PLAYERS}
            assert refusal.applies(players, declared.from_plain(plain))
